/**
 * What the app knows about each metric, read from the service's own metric tables
 * (core/metrics): name, unit, formula and sign meaning, and the markers it is drawn
 * from. Nothing is retyped: the drawing of each metric is derived from the table's
 * `segments` and, for the distances, from the table's `plumbMarker`. Names and sign
 * meanings are read in the current language (i18n/terms.ts).
 */
import type { View } from '#core/markers.js'
import { type AnyMetric, metricTable, showsSign, type ValueRange } from '#core/metrics/index.js'
import { formatValue as formatMetric, formatWithUncertainty } from '../i18n/format.js'
import { currentLocale, metricText, t } from '../i18n/index.js'

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
  /** Two lines a -> b and c -> d that share no marker, measured as the turn from the first to the second. */
  | { readonly kind: 'lines'; readonly a: string; readonly b: string; readonly c: string; readonly d: string }
  /** Anything else: the segments are drawn without an angle. */
  | { readonly kind: 'segments'; readonly segments: readonly (readonly [string, string])[] }

export interface MetricInfo {
  readonly name: string
  readonly label: string
  readonly unit: 'degrees' | 'cm'
  /** The values it takes; full turns are shown without a sign (the table's display rule). */
  readonly range: ValueRange
  readonly formula: string
  readonly meaning: string
  /** Published reference values or reliability, in the current language (a quiet note, never a flag). */
  readonly note: string | undefined
  readonly shape: Shape
  /** The markers its value depends on (a value from a suggested marker is provisional). */
  readonly markers: readonly string[]
}

function shapeOf(metric: AnyMetric): Shape {
  const seg = metric.segments
  const [s0, s1] = seg
  if (metric.plumbMarker !== undefined) {
    return { kind: 'offset', marker: metric.plumbMarker }
  } else if (seg.length === 1 && s0) {
    return { kind: 'line', a: s0[0], b: s0[1] }
  } else if (seg.length === 2 && s0 && s1) {
    if (s0[1] === s1[0]) return { kind: 'chain', a: s0[0], b: s0[1], c: s1[1] }
    if (s0[0] === s1[0]) return { kind: 'vertex', v: s0[0], a: s0[1], b: s1[1] }
    if (!s1.includes(s0[0]) && !s1.includes(s0[1])) return { kind: 'lines', a: s0[0], b: s0[1], c: s1[0], d: s1[1] }
  }
  return { kind: 'segments', segments: seg }
}

function infos(metrics: readonly AnyMetric[], view: View): MetricInfo[] {
  return metrics.map((m) => {
    const shape = shapeOf(m)
    return {
      name: m.name,
      // Words in the current language, read when asked (the language can change).
      get label() {
        return metricText(view, m.name).label
      },
      unit: m.unit,
      range: m.range,
      formula: m.formula,
      get meaning() {
        return metricText(view, m.name).meaning
      },
      get note() {
        return metricText(view, m.name).note
      },
      shape,
      // The markers the value depends on: those of its segments, or the one a plumb-line distance is measured from.
      markers: [...new Set([...m.segments.flat(), ...(m.plumbMarker !== undefined ? [m.plumbMarker] : [])])],
    }
  })
}

/** The infos of each table, made once (a table belongs to one view). */
const INFOS = new Map<readonly AnyMetric[], readonly MetricInfo[]>()

/** The metrics of a view, in response order (the core's metricTable chooses the table). */
export function metricsOf(view: View, estimatePopliteal = false): readonly MetricInfo[] {
  const table = metricTable(view, estimatePopliteal)
  let list = INFOS.get(table)
  if (!list) {
    list = infos(table, view)
    INFOS.set(table, list)
  }
  return list
}

/** A value at display precision in the current language (i18n/format.ts). */
export function formatValue(info: MetricInfo, value: number): string {
  return formatMetric(value, info.unit, currentLocale(), { signed: showsSign(info) })
}

/** `value ± u` in the current language; just the value when u is unknown. */
export function formatValueWithU(info: MetricInfo, value: number, u: number | undefined): string {
  return formatWithUncertainty(value, u, info.unit, currentLocale(), { signed: showsSign(info) })
}

/** The unit's name in the current language (CSV). */
export function unitText(info: MetricInfo): string {
  return t(info.unit === 'degrees' ? 'csv.unit.degrees' : 'csv.unit.cm')
}
