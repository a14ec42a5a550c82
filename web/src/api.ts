/**
 * Talking to the service: one analysis call per view, and turning its error
 * answers into messages attached to the thing they are about (a marker, the
 * calibration, or the request as a whole). Messages are kept as the API words them.
 */
import { VIEWS, type View } from '../../src/markers.js'

export interface ApiProblem {
  readonly loc: readonly (string | number)[]
  readonly msg: string
  readonly type?: string
}

export type Analysis =
  | { readonly ok: true; readonly values: Readonly<Record<string, unknown>> }
  | { readonly ok: false; readonly status: number; readonly problems: readonly ApiProblem[] }

/** POSTs the request body to the view's analysis endpoint (relative URL: works wherever the app is served). */
export async function analyze(view: View, body: unknown, signal?: AbortSignal): Promise<Analysis> {
  let response: Response
  try {
    response = await fetch(`api/analyze/${view}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      ...(signal ? { signal } : {}),
    })
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error
    return { ok: false, status: 0, problems: [{ loc: [], msg: `Could not reach the service (${(error as Error).message}). Is it running?` }] }
  }
  let payload: unknown
  try {
    payload = await response.json()
  } catch {
    payload = undefined
  }
  if (response.ok && payload !== null && typeof payload === 'object') {
    return { ok: true, values: payload as Record<string, unknown> }
  }
  return { ok: false, status: response.status, problems: problemsOf(response.status, payload) }
}

function problemsOf(status: number, payload: unknown): ApiProblem[] {
  const detail = (payload as { detail?: unknown } | undefined)?.detail
  if (Array.isArray(detail)) {
    return detail.map((d: unknown) => {
      const e = d as { loc?: unknown; msg?: unknown; type?: unknown }
      return {
        loc: Array.isArray(e.loc) ? (e.loc as (string | number)[]) : [],
        msg: typeof e.msg === 'string' ? e.msg : JSON.stringify(d),
        ...(typeof e.type === 'string' ? { type: e.type } : {}),
      }
    })
  }
  if (typeof detail === 'string') return [{ loc: [], msg: detail }]
  return [{ loc: [], msg: `The service answered HTTP ${status} without an explanation.` }]
}

/** Where a problem is shown: a target id ('lrv', a marker name), 'distance' (fc / grid_size_cm) or 'general'. */
export function placesOf(view: View, problem: ApiProblem): string[] {
  const [, section, field] = problem.loc
  const names = new Set<string>(VIEWS[view].map((m) => m.name))
  const places = new Set<string>()
  if (section === 'markers') {
    if (typeof field === 'string' && names.has(field)) places.add(field)
    // Undefined geometry names both coincident markers in its message.
    for (const match of problem.msg.matchAll(/'([A-Za-z0-9_]+)'/g)) {
      const name = match[1]
      if (name !== undefined && names.has(name)) places.add(name)
    }
  } else if (section === 'calibration') {
    places.add(field === 'lrv_x' ? 'lrv' : 'distance')
  }
  if (places.size === 0) places.add('general')
  return [...places]
}

export interface Health {
  readonly status: string
  readonly version: string
}

export async function health(): Promise<Health | null> {
  try {
    const response = await fetch('health', { headers: { accept: 'application/json' } })
    return response.ok ? ((await response.json()) as Health) : null
  } catch {
    return null
  }
}
