/**
 * What a metric is (name, unit, value range and so how it is shown, formula in
 * words, sign meaning, the marker pairs it depends on, and the pure function that
 * computes it) and how a view's metrics are evaluated. No HTTP here: routes call
 * `evaluate` and shape its result.
 */
import type { Point } from '../geometry/angles.js'

export type Unit = 'degrees' | 'cm'

/**
 * The values a metric takes. A signed angle lies in (-180, 180] and its sign is a
 * direction (a tilt, lean or bend); a full turn lies in [0, 360) (a joint angle
 * measured round a vertex, 180 straight); a signed distance is any number of cm,
 * its sign a side.
 */
export type ValueRange = 'signed_angle' | 'full_turn' | 'signed_distance'

export interface RangeInfo {
  readonly unit: Unit
  /** Lowest value, included for a full turn, excluded for a signed angle (-180 is reported as 180). */
  readonly min: number
  /** Highest value, included for a signed angle, excluded for a full turn. */
  readonly max: number
  /** The display rule: shown with an explicit + or − (a sign that means something), or without a sign. */
  readonly signed: boolean
}

export const VALUE_RANGES: { readonly [R in ValueRange]: RangeInfo } = {
  signed_angle: { unit: 'degrees', min: -180, max: 180, signed: true },
  full_turn: { unit: 'degrees', min: 0, max: 360, signed: false },
  signed_distance: { unit: 'cm', min: -Infinity, max: Infinity, signed: true },
}

/** Whether a value lies in its range (NaN does not). */
export function inRange(range: ValueRange, value: number): boolean {
  if (range === 'signed_angle') return value > -180 && value <= 180
  if (range === 'full_turn') return value >= 0 && value < 360
  return Number.isFinite(value)
}

/** The display rule of a metric: + or − shown, except for full turns (read 0 to 360, no sign). */
export function showsSign(metric: { readonly range: ValueRange }): boolean {
  return VALUE_RANGES[metric.range].signed
}

export interface Metric<M extends string, C> {
  /** Response field name, as the spec spells it. */
  readonly name: string
  readonly unit: Unit
  /** The values it takes (VALUE_RANGES), which also says whether it is shown with a sign. */
  readonly range: ValueRange
  /** The formula in words (docs/metrics.md), shown in the API docs. */
  readonly formula: string
  /** What a positive value (or the range) means, shown in the API docs. */
  readonly meaning: string
  /**
   * The marker pairs whose difference vectors the metric needs. When the metric
   * is undefined, the coincident pairs among these are named in the error.
   */
  readonly segments: readonly (readonly [M, M])[]
  /**
   * Plumb-line offsets only: the marker whose horizontal distance from the vertical
   * reference line x = lrv_x the metric is (the marking app draws it from there).
   */
  readonly plumbMarker?: M
  /**
   * Where the measure comes from: author, title, journal, year and DOI of the
   * published protocol, or "our derivation" (docs/metrics.md, "Sources").
   */
  readonly source: string
  /** Where our marker differs from the source's landmark, and what that does to the value. */
  readonly landmarks?: string
  /**
   * Published reference values or reliability, with the source (docs/metrics.md,
   * "Normal values and reliability"): a quiet note for people, never a flag.
   */
  readonly published?: string
  readonly compute: (markers: Readonly<Record<M, Point>>, context: C) => number
}

/** Metrics that could not be computed because two markers coincide (or, defensively, any non-finite result). */
export interface GeometryProblem {
  /** The marker pair at the same pixel, or every marker the metrics use when no pair coincides. */
  readonly markers: readonly string[]
  /** Where the coincident markers are; absent when no pair coincides. */
  readonly at?: Point
  /** The metrics that this makes undefined, in response order. */
  readonly metrics: readonly string[]
}

export type Evaluation =
  | { readonly ok: true; readonly values: Record<string, number> }
  | { readonly ok: false; readonly problems: readonly GeometryProblem[] }

/** Computes every metric of a table; any non-finite value becomes a GeometryProblem. */
export function evaluate<M extends string, C>(
  metrics: readonly Metric<M, C>[],
  markers: Readonly<Record<M, Point>>,
  context: C,
): Evaluation {
  const values: Record<string, number> = {}
  let failed: Metric<M, C>[] | undefined
  for (const metric of metrics) {
    const value = metric.compute(markers, context)
    if (Number.isFinite(value)) {
      values[metric.name] = value
    } else {
      failed ??= []
      failed.push(metric)
    }
  }
  return failed === undefined ? { ok: true, values } : { ok: false, problems: undefinedGeometry(failed, markers) }
}

function undefinedGeometry<M extends string, C>(
  failed: readonly Metric<M, C>[],
  markers: Readonly<Record<M, Point>>,
): GeometryProblem[] {
  const byPair = new Map<string, { markers: readonly string[]; at?: Point; metrics: string[] }>()
  for (const metric of failed) {
    let named = false
    for (const [a, b] of metric.segments) {
      const p = markers[a]
      const q = markers[b]
      if (p[0] !== q[0] || p[1] !== q[1]) continue
      named = true
      // One problem per pair of markers, whichever way round a metric lists them.
      const key = a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`
      const problem = byPair.get(key)
      if (problem) problem.metrics.push(metric.name)
      else byPair.set(key, { markers: [a, b], at: p, metrics: [metric.name] })
    }
    if (!named) {
      const used = [...new Set(metric.segments.flat())]
      byPair.set(`\u0001${metric.name}`, { markers: used, metrics: [metric.name] })
    }
  }
  return [...byPair.values()]
}

/** The calibration fields the distance metrics use (fc is centimetres per pixel). */
export interface Calibration {
  readonly lrv_x: number
  readonly fc: number
}
