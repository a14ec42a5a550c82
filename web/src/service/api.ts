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

/** How long analyze() waits: for the answer to begin, then for its body to be read in full (ms; none when absent). */
export interface AnalyzeLimits {
  /** For the service's answer to begin (its status and headers): past it, the service is taken as not reachable. */
  readonly answerWithinMs?: number
  /** For the body of an answer that has begun: a slow network may take long; past it, as not reachable. */
  readonly readWithinMs?: number
}

/** The answer when the service could not be reached, or its answer not read in full: the app words status 0 itself. */
function unreachable(why: string): Analysis {
  // This text is for logs (api-errors.ts words status 0 for people).
  const msg = `Could not reach the service (${why}). Is it running?` // i18n-exempt
  return { ok: false, status: 0, problems: [{ loc: [], msg, status: 0 }] }
}

/**
 * POSTs the request body to the view's analysis endpoint (relative URL: works wherever the
 * app is served). Throws only when `signal` aborts. An answer that does not begin within
 * `answerWithinMs`, a body that cannot be read in full (the connection cut, `readWithinMs`
 * passed), and a 2xx whose body is not a JSON object (a captive portal's page) are all
 * status 0, "not reachable": the service's answer was not had, which is never an error of
 * the service's (issue 38: a body 2.5 s late was taken for one, "HTTP 200", and no values).
 */
export async function analyze(
  view: View,
  body: unknown,
  signal?: AbortSignal,
  limits: AnalyzeLimits = {},
): Promise<Analysis> {
  const controller = new AbortController()
  const abort = () => controller.abort()
  signal?.addEventListener('abort', abort)
  let late = false
  const after = (ms: number | undefined) =>
    ms === undefined
      ? undefined
      : setTimeout(() => {
          late = true
          controller.abort()
        }, ms)
  let timer = after(limits.answerWithinMs)
  try {
    if (signal?.aborted) controller.abort()
    let response: Response
    try {
      response = await fetch(`api/analyze/${view}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: controller.signal,
      })
    } catch (error) {
      if (signal?.aborted) throw error
      return unreachable(late ? `no answer within ${limits.answerWithinMs} ms` : (error as Error).message) // i18n-exempt
    }
    // The answer has begun: the body is read however slowly the network brings it (up to readWithinMs).
    clearTimeout(timer)
    timer = after(limits.readWithinMs)
    let text: string
    try {
      text = await response.text()
    } catch (error) {
      if (signal?.aborted) throw error
      const why = late ? `not read within ${limits.readWithinMs} ms` : (error as Error).message // i18n-exempt
      return unreachable(`the answer, HTTP ${response.status}, could not be read in full: ${why}`) // i18n-exempt
    }
    let payload: unknown
    try {
      payload = JSON.parse(text)
    } catch {
      payload = undefined
    }
    if (response.ok) {
      if (isRecord(payload)) return { ok: true, values: payload }
      return unreachable(`HTTP ${response.status} without the service's answer`) // i18n-exempt
    }
    return { ok: false, status: response.status, problems: problemsOf(response.status, payload) }
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', abort)
  }
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
