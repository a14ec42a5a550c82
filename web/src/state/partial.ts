/**
 * Partial results: while a view still lacks some markers, each metric whose own
 * markers (and, for a distance, the reference line and the scale) are all placed is
 * computed here, in the browser, with the service's own metric functions (core/metrics
 * through uncertainty.ts metricValue: the same code the API runs), and every other
 * metric says which targets it waits for. The API is asked only once the view is
 * complete (its request carries every marker of the view); until then these are the
 * values shown and saved. Pure: no DOM.
 */
import type { View } from '#core/markers.js'
import { metricTable } from '#core/metrics/index.js'
import { metricsOf } from '../metrics/metric-info.js'
import { metricValue, type Placement } from '../metrics/uncertainty.js'
import { type Doc, fcOf, isPlaced, requestOf } from './model.js'

/**
 * What a waiting metric still needs: target ids of state/model.ts ('scale-a',
 * 'scale-b', 'lrv', a marker name), or 'distance' for the known distance between the
 * scale points (typed, not placed).
 */
export type Need = string

export interface WaitingMetric {
  readonly name: string
  /** In the view's guided order: calibration first, then the metric's markers as core/markers.ts lists them. */
  readonly needs: readonly Need[]
}

export interface PartialResults {
  /** The metrics that can be computed now, by name (full precision). */
  readonly values: Readonly<Record<string, number>>
  /** The metrics that wait, in response order, with what each needs. */
  readonly waiting: readonly WaitingMetric[]
}

/** What a distance needs besides its marker: the reference line, and an fc from the scale or typed. */
function calibrationNeeds(doc: Doc): Need[] {
  const needs: Need[] = []
  const typed = doc.scale.every((p) => p === null) && doc.fcTyped !== null
  if (fcOf(doc) === null && !typed) {
    if (!doc.scale[0]) needs.push('scale-a')
    if (!doc.scale[1]) needs.push('scale-b')
    if (doc.scale[0] && doc.scale[1]) needs.push('distance')
  }
  if (doc.lrvX === null) needs.push('lrv')
  return needs
}

const remembered = new WeakMap<Doc, Map<View, PartialResults>>()

/**
 * The view's metrics that the document's markers already give, and what the others
 * wait for. A metric whose markers are all placed but coincide (no value) is in
 * neither list: the service names the coincident markers once the view is complete.
 */
export function partialResults(view: View, doc: Doc): PartialResults {
  const known = remembered.get(doc)?.get(view)
  if (known) return known
  // The calibration as the request would carry it (fc from the scale points, else typed; the line's x).
  const placement: Placement = {
    view,
    markers: doc.markers,
    side: doc.side,
    estimatePopliteal: doc.estimatePopliteal,
    lrvX: doc.lrvX,
    fc: fcOf(doc),
    scale: null,
  }
  const table = metricTable(view, doc.estimatePopliteal)
  const values: Record<string, number> = {}
  const waiting: WaitingMetric[] = []
  for (const info of metricsOf(view, doc.estimatePopliteal)) {
    const needs = [
      ...(info.unit === 'cm' ? calibrationNeeds(doc) : []),
      ...info.markers.filter((name) => !isPlaced(doc, name)),
    ]
    if (needs.length > 0) {
      waiting.push({ name: info.name, needs })
      continue
    }
    const metric = table.find((m) => m.name === info.name)!
    const value = metricValue(metric, placement)
    if (!Number.isNaN(value)) values[info.name] = value
  }
  const result: PartialResults = { values, waiting }
  const byView = remembered.get(doc) ?? new Map<View, PartialResults>()
  byView.set(view, result)
  remembered.set(doc, byView)
  return result
}

/** The values to show and save for a view, and where they come from. */
export interface ShownValues {
  /** null: none yet (nothing computable, or the service not yet answered for the document as it is). */
  readonly values: Readonly<Record<string, unknown>> | null
  /**
   * The view is not complete: the values are the partial results computed here, and
   * `partial` says what the others wait for. null: the view is complete and the values
   * are the service's answer to the document as it is (or its file's saved results).
   */
  readonly partial: PartialResults | null
}

/**
 * The values of a view: the service's answer when the document is a complete request
 * and the answer is to it; partial results while the document is not complete.
 */
export function shownValues(
  view: View,
  doc: Doc,
  outcome: { readonly key: string | null; readonly values: Readonly<Record<string, unknown>> | null },
): ShownValues {
  const request = requestOf(view, doc)
  if (request.ready) return { values: request.key === outcome.key ? outcome.values : null, partial: null }
  const partial = partialResults(view, doc)
  return { values: Object.keys(partial.values).length > 0 ? partial.values : null, partial }
}
