/**
 * What the app knows about each metric, read from the service's own metric tables
 * (src/metrics): name, unit, formula and sign meaning, and the markers it is drawn
 * from. Nothing is retyped: the drawing of each metric is derived from the table's
 * `segments` and, for the distances, from which marker the formula depends on.
 */
import {
  ANTERIOR_METRICS,
  LATERAL_METRICS,
  POSTERIOR_METRICS,
  POSTERIOR_METRICS_ESTIMATED,
  type Metric,
} from '../../src/metrics/index.js'
import { VIEWS, type View } from '../../src/markers.js'
import { fmt } from './format.js'

/** How a metric is drawn over the photo. */
export type Shape =
  /** Horizontal distance from a marker to the reference line. */
  | { readonly kind: 'offset'; readonly marker: string }
  /** One line between two markers, measured against the horizontal or the vertical at `a`. */
  | { readonly kind: 'line'; readonly a: string; readonly b: string }
  /** A chain a -> b -> c, measured as the bend at b. */
  | { readonly kind: 'chain'; readonly a: string; readonly b: string; readonly c: string }
  /** Two arms from the vertex v, measured from arm a to arm b. */
  | { readonly kind: 'vertex'; readonly v: string; readonly a: string; readonly b: string }
  /** Anything else: the segments are drawn without an angle. */
  | { readonly kind: 'segments'; readonly segments: readonly (readonly [string, string])[] }

export interface MetricInfo {
  readonly name: string
  readonly label: string
  readonly unit: 'degrees' | 'cm'
  readonly formula: string
  readonly meaning: string
  readonly shape: Shape
  /** The markers its value depends on (a value from a suggested marker is provisional). */
  readonly markers: readonly string[]
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyMetric = Metric<string, any>

/** The markers a metric's value depends on, found by moving each marker in turn. */
function dependencies(metric: AnyMetric, view: View): string[] {
  const names = VIEWS[view].map((m) => m.name)
  const base: Record<string, [number, number]> = {}
  names.forEach((n, i) => (base[n] = [100 + 37 * i, 50 + 61 * i]))
  const context = { lrv_x: 7, fc: 0.5, forward: 1 }
  const v0 = metric.compute(base, context)
  return names.filter((n) => {
    const [x, y] = base[n]!
    const moved: Record<string, [number, number]> = { ...base, [n]: [x + 11, y] }
    return metric.compute(moved, context) !== v0
  })
}

function shapeOf(metric: AnyMetric, view: View): Shape {
  const seg = metric.segments
  const [s0, s1] = seg
  if (seg.length === 0) {
    const deps = dependencies(metric, view)
    if (deps.length === 1 && deps[0] !== undefined) return { kind: 'offset', marker: deps[0] }
  } else if (seg.length === 1 && s0) {
    return { kind: 'line', a: s0[0], b: s0[1] }
  } else if (seg.length === 2 && s0 && s1) {
    if (s0[1] === s1[0]) return { kind: 'chain', a: s0[0], b: s0[1], c: s1[1] }
    if (s0[0] === s1[0]) return { kind: 'vertex', v: s0[0], a: s0[1], b: s1[1] }
  }
  return { kind: 'segments', segments: seg }
}

function labelOf(metric: AnyMetric, shape: Shape, view: View): string {
  if (shape.kind === 'offset') {
    const marker = VIEWS[view].find((m) => m.name === shape.marker)
    if (marker) return `${marker.label}: distance to line`
  }
  const words = metric.name.replace(/_/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

function infos(metrics: readonly AnyMetric[], view: View): MetricInfo[] {
  return metrics.map((m) => {
    const shape = shapeOf(m, view)
    return { name: m.name, label: labelOf(m, shape, view), unit: m.unit, formula: m.formula, meaning: m.meaning, shape, markers: dependencies(m, view) }
  })
}

const TABLES = {
  anterior: infos(ANTERIOR_METRICS as readonly AnyMetric[], 'anterior'),
  posterior: infos(POSTERIOR_METRICS as readonly AnyMetric[], 'posterior'),
  posteriorEstimated: infos(POSTERIOR_METRICS_ESTIMATED as readonly AnyMetric[], 'posterior'),
  lateral: infos(LATERAL_METRICS as readonly AnyMetric[], 'lateral'),
}

/** The metrics of a view, in response order. */
export function metricsOf(view: View, estimatePopliteal = false): readonly MetricInfo[] {
  if (view === 'posterior') return estimatePopliteal ? TABLES.posteriorEstimated : TABLES.posterior
  return TABLES[view]
}

/** Angles in [0, 360) (vertex shapes) are shown unsigned; the others with an explicit sign. */
export function formatValue(info: MetricInfo, value: number): string {
  const signed = info.shape.kind !== 'vertex'
  return info.unit === 'degrees' ? `${fmt(value, 1, signed)}\u00b0` : `${fmt(value, 1, signed)} cm`
}

export function unitText(info: MetricInfo): string {
  return info.unit === 'degrees' ? 'degrees' : 'cm'
}
