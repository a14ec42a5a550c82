/**
 * Which results are provisional: a metric is provisional while any marker its value
 * depends on is a suggestion (a pose model's proposal) that the clinician has not yet
 * confirmed. The screen, the CSV, the report and the assessment file all ask here.
 * Pure: no DOM.
 */
import { metricsOf } from '../metrics/metric-info.js'
import { type Doc, statusOf, type View } from './model.js'

/** The markers of the document still awaiting the clinician's confirmation. */
export function unconfirmedMarkers(doc: Doc): string[] {
  return Object.keys(doc.markers).filter((name) => statusOf(doc, name) === 'suggested')
}

/** The names of the view's metrics that depend on an unconfirmed suggestion, in response order. */
export function provisionalMetrics(view: View, doc: Doc): string[] {
  const pending = new Set(unconfirmedMarkers(doc))
  if (pending.size === 0) return []
  return metricsOf(view, doc.estimatePopliteal)
    .filter((m) => m.markers.some((name) => pending.has(name)))
    .map((m) => m.name)
}
