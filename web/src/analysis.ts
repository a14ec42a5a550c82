/**
 * Keeps every view's results in step with its markers. When a view's document amounts
 * to a new API request, the device's answer is part of the very state change (a store
 * derivation, computed with the service's own functions: service/device-analysis.ts), so
 * the new values are drawn with the marker that moved, marked as confirming; then the
 * service is asked (debounced, abortable, one request per view in flight, answers
 * cached) and its answer replaces the device's. Only the answer to the document as it is
 * now counts. When the service cannot be reached (no network, no answer begun within a
 * short time, its answer not read in full, or it answers that it is unavailable: 429,
 * 5xx), the device's answer stands, and for a while after that the device answers alone
 * (docs/offline.md). Pure of DOM: runs against a store in node tests too.
 */
import { type Analysis, analyze } from './service/api.js'
import { analyzeOnDevice } from './service/device-analysis.js'
import { answered, setOutcome } from './state/commands.js'
import { requestOf, VIEW_NAMES, type View } from './state/model.js'
import { type AppState, NO_OUTCOME } from './state/state.js'
import type { Store } from './state/store.js'

export interface AnalysisOptions {
  /** Wait this long after the last change before asking (coalesces bursts of changes). */
  readonly debounceMs?: number
  /** Answers kept, by request. */
  readonly cacheSize?: number
  /** How long the service has for its answer to begin (status and headers) before the device's answer stands. */
  readonly serviceTimeoutMs?: number
  /** How long the body of an answer that has begun may take to be read in full before the device's answer stands. */
  readonly bodyTimeoutMs?: number
  /** After the service could not be reached, the device answers alone for this long, then the service is asked again. */
  readonly deviceForMs?: number
}

/** The service's defaults: a request of a few hundred bytes answered in milliseconds, so 2 s means it is not reachable. */
export const SERVICE_TIMEOUT_MS = 2000
/** A body of a few hundred bytes still coming after this long: the network is as good as gone. */
export const BODY_TIMEOUT_MS = 30_000
export const DEVICE_FOR_MS = 30_000

/** An answer that says the service is not available now (unreachable, rate-limited, draining, failing): the device computes. */
function unavailable(result: Analysis): boolean {
  return !result.ok && (result.status === 0 || result.status === 429 || result.status >= 500)
}

export interface AnalysisHandle {
  /** Stops listening and aborts requests in flight. */
  stop(): void
  /** Resolves when no request is waiting or in flight. */
  idle(): Promise<void>
}

function isEmpty(o: AppState['views'][View]['outcome']): boolean {
  return o.key === null && o.values === null && o.problems.length === 0 && !o.pending && !o.fromFile
}

export function startAnalysis(store: Store<AppState>, options: AnalysisOptions = {}): AnalysisHandle {
  const debounceMs = options.debounceMs ?? 0
  const cacheSize = options.cacheSize ?? 100
  const serviceTimeoutMs = options.serviceTimeoutMs ?? SERVICE_TIMEOUT_MS
  const bodyTimeoutMs = options.bodyTimeoutMs ?? BODY_TIMEOUT_MS
  const deviceForMs = options.deviceForMs ?? DEVICE_FOR_MS
  /** Until this time (ms since the epoch) the device answers without asking the service. */
  let deviceUntil = 0
  const cache = new Map<string, Analysis>()
  const controllers: Partial<Record<View, AbortController>> = {}
  const asked: Partial<Record<View, string>> = {}
  const inFlight = new Set<Promise<void>>()
  let timer: ReturnType<typeof setTimeout> | undefined
  let waiters: (() => void)[] = []

  const settle = () => {
    if (timer !== undefined || inFlight.size > 0) return
    const done = waiters
    waiters = []
    for (const w of done) w()
  }

  /**
   * The service's answer, or null when it is not available (unreachable, no answer begun
   * within the timeout, its body not read in full, 429, 5xx); throws only when `signal`
   * aborts. The timeout covers the wait for the answer to begin, not the reading of its body:
   * on a slow network the body may come seconds after the headers, and the device's values
   * stay shown, confirming, until it has been read (docs/offline.md).
   */
  async function askService(view: View, body: unknown, signal: AbortSignal): Promise<Analysis | null> {
    const result = await analyze(view, body, signal, { answerWithinMs: serviceTimeoutMs, readWithinMs: bodyTimeoutMs })
    return unavailable(result) ? null : result
  }

  /**
   * The state with the answer every changed, complete view can have at once: the service's
   * cached answer to the same request, else the device's (confirming while the service may be
   * asked). A file's saved values stay until the service has answered (run below).
   */
  function answeredAtOnce(state: AppState, previous: AppState): AppState {
    let next = state
    for (const view of VIEW_NAMES) {
      const vs = next.views[view]
      if (vs.dragFrom || (vs.doc === previous.views[view].doc && vs.dragFrom === previous.views[view].dragFrom))
        continue
      if (vs.outcome.fromFile) continue
      const request = requestOf(view, vs.doc)
      if (!request.ready || request.key === vs.outcome.key) continue
      const cached = cache.get(request.key)
      next = cached
        ? answered(next, view, request.key, cached)
        : answered(next, view, request.key, analyzeOnDevice(view, request.body), Date.now() >= deviceUntil)
    }
    return next
  }

  async function run(view: View): Promise<void> {
    const state = store.get()
    const vs = state.views[view]
    if (vs.dragFrom) return // the drag's end asks
    const outcome = vs.outcome
    const request = requestOf(view, vs.doc)
    if (!request.ready) {
      controllers[view]?.abort()
      if (!isEmpty(outcome)) store.set((s) => setOutcome(s, view, NO_OUTCOME))
      return
    }
    const waiting = outcome.pending || outcome.confirming === true
    if (request.key === outcome.key && !waiting && !outcome.fromFile) return
    if (waiting && asked[view] === request.key) return // already asked
    const cached = cache.get(request.key)
    if (cached) {
      store.set((s) => answered(s, view, request.key, cached))
      return
    }
    if (Date.now() < deviceUntil) {
      store.set((s) => answered(s, view, request.key, analyzeOnDevice(view, request.body)))
      return
    }
    controllers[view]?.abort()
    const controller = new AbortController()
    controllers[view] = controller
    asked[view] = request.key
    // A file's values (no device answer shown): the view says it is being analysed.
    if (!waiting) store.set((s) => setOutcome(s, view, { ...s.views[view].outcome, pending: true }))
    let result: Analysis | null
    try {
      result = await askService(view, request.body, controller.signal)
    } catch {
      return // aborted: a newer request is on its way
    } finally {
      if (controllers[view] === controller) {
        delete controllers[view]
        delete asked[view]
      }
    }
    if (result === null) {
      // The service is not available: the device's answer stands (no longer confirming), and answers alone for a while.
      deviceUntil = Date.now() + deviceForMs
      result = analyzeOnDevice(view, request.body)
    } else if (result.ok || result.status === 422) {
      // Only the service's answers are kept: the device's are computed again at once anyway.
      cache.set(request.key, result)
      if (cache.size > cacheSize) cache.delete(cache.keys().next().value as string)
    }
    const answer = result
    store.set((s) => answered(s, view, request.key, answer))
  }

  const schedule = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = setTimeout(() => {
      timer = undefined
      for (const view of VIEW_NAMES) {
        const p = run(view).finally(() => {
          inFlight.delete(p)
          settle()
        })
        inFlight.add(p)
      }
      settle()
    }, debounceMs)
  }

  const underive = store.derive(answeredAtOnce)
  /** A change that may need a request: a document, a finished drag, or an answer that left a view pending. */
  const unsubscribe = store.subscribe((state, previous) => {
    for (const view of VIEW_NAMES) {
      const now = state.views[view]
      const before = previous.views[view]
      if (
        now.doc !== before.doc ||
        now.dragFrom !== before.dragFrom ||
        (now.outcome !== before.outcome && now.outcome.fromFile)
      ) {
        schedule()
        return
      }
    }
  })
  schedule()

  return {
    stop() {
      underive()
      unsubscribe()
      if (timer !== undefined) clearTimeout(timer)
      timer = undefined
      for (const c of Object.values(controllers)) c?.abort()
      settle()
    },
    idle() {
      return new Promise<void>((resolve) => {
        waiters.push(resolve)
        settle()
      })
    },
  }
}
