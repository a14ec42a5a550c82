/**
 * Talking to the service: one analysis call per view, and its error answers kept
 * as data (loc, type, ctx, input, HTTP status) for api-errors.ts, which words them
 * in the user's language and says where they belong.
 */
import type { View } from '#core/markers.js'
import type { ApiProblem } from './api-errors.js'

export { placesOf } from './api-errors.js'
export type { ApiProblem }

/** An analysis answer; `onDevice` when computed in the browser because the service could not be reached (device-analysis.ts). */
export type Analysis =
  | { readonly ok: true; readonly values: Readonly<Record<string, unknown>>; readonly onDevice?: true }
  | { readonly ok: false; readonly status: number; readonly problems: readonly ApiProblem[]; readonly onDevice?: true }

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
    // The app words status 0 itself (api-errors.ts); this text is for logs.
    const unreachable = `Could not reach the service (${(error as Error).message}). Is it running?` // i18n-exempt
    return { ok: false, status: 0, problems: [{ loc: [], msg: unreachable, status: 0 }] }
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

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)

/** The answer's problems as data; `msg` (English prose) is kept for types the app does not know. */
function problemsOf(status: number, payload: unknown): ApiProblem[] {
  const detail = (payload as { detail?: unknown } | undefined)?.detail
  if (status === 422 && Array.isArray(detail)) {
    return detail.map((d: unknown) => {
      const e = isRecord(d) ? d : {}
      return {
        loc: Array.isArray(e.loc) ? (e.loc as (string | number)[]) : [],
        msg: typeof e.msg === 'string' ? e.msg : JSON.stringify(d),
        ...(typeof e.type === 'string' ? { type: e.type } : {}),
        ...(isRecord(e.ctx) ? { ctx: e.ctx } : {}),
        ...('input' in e ? { input: e.input } : {}),
        status,
      }
    })
  }
  // The app words answers other than 422 by their status; this text is for logs.
  const unexplained = `The service answered HTTP ${status} without an explanation.` // i18n-exempt
  return [{ loc: [], msg: typeof detail === 'string' ? detail : unexplained, status }]
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
