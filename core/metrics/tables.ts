/**
 * Which metric table a view uses: the one place that choice is written, for the
 * service's OpenAPI text and the app alike (the routes pick their typed table
 * themselves, with its context).
 */
import type { View } from '../markers.js'
import { ANTERIOR_METRICS } from './anterior.js'
import { LATERAL_METRICS } from './lateral.js'
import type { Metric } from './metric.js'
import { POSTERIOR_METRICS, POSTERIOR_METRICS_ESTIMATED } from './posterior.js'

/**
 * A metric of any view, its markers and context left open: a caller that holds the
 * view's markers and context (`contextOf` in the app) computes it.
 */
// biome-ignore lint/suspicious/noExplicitAny: the context type differs per view and compute takes it as a parameter, so no other type admits every table
export type AnyMetric = Metric<string, any>

/** A view's metrics, in response order; the posterior view's rearfoot angles depend on estimate_popliteal. */
export function metricTable(view: View, estimatePopliteal = false): readonly AnyMetric[] {
  if (view === 'anterior') return ANTERIOR_METRICS
  if (view === 'lateral') return LATERAL_METRICS
  return estimatePopliteal ? POSTERIOR_METRICS_ESTIMATED : POSTERIOR_METRICS
}
