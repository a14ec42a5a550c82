/**
 * The uncertainty of every metric from the error of placing markers by hand.
 *
 * Each placed point (marker, scale point, and the x of the vertical reference line)
 * is taken to be off by an independent normal error of standard deviation `sd` px
 * in each image coordinate. The metrics are the service's own pure functions (the
 * tables in core/metrics), evaluated here on the user's points; their first-order
 * (linearised) standard uncertainty is
 *
 *   u(f) = sqrt( sum_i (df/dθ_i)^2 · sd^2 )
 *
 * over every coordinate θ_i the metric reads, with each derivative taken by a
 * central difference of step STEP_PX. Angle differences are wrapped into
 * (-180, 180], so a metric near the ±180 (or 0/360) seam gets the same u as
 * anywhere else. Distances are in cm: fc (cm per px) converts them, and when fc
 * comes from two scale points a known distance apart, the error of those two
 * points moves fc and is propagated too. The method, the default and its source
 * are in docs/uncertainty.md; a test checks it against a brute-force Monte Carlo
 * simulation.
 *
 * Pure: no DOM, no service call.
 */
import { wrapDegrees } from '#core/geometry/angles.js'
import { forward, metricTable, type AnyMetric, type Unit } from '#core/metrics/index.js'
import type { Side, View } from '#core/markers.js'
import { parseDecimal } from '../i18n/format.js'

/** A point in image pixels: x to the right, y downward. */
export type Point = readonly [number, number]

/**
 * Default standard deviation of a hand-placed point, px per image coordinate.
 * Clicking a clear target by hand is accurate to about 1-3 px (docs/uncertainty.md):
 * the middle of that range.
 */
export const DEFAULT_PLACEMENT_SD_PX = 2

/** The range the app accepts for the placement error, px. */
export const PLACEMENT_SD_LIMITS = { min: 0, max: 50, step: 0.5 } as const

/** Central-difference step, px: far below any placement error, far above rounding of pixel coordinates. */
export const STEP_PX = 1e-3

/**
 * Standard uncertainty of a stature used as the scale, cm: the span from the top of the
 * head to the floor on a photo of the subject standing relaxed is not the stature
 * measured stretched against a stadiometer, and stature itself falls by about 1 % from
 * morning to evening (docs/uncertainty.md, "The calibration (fc)"). A judgement, stated
 * as a standard uncertainty; the placement of the two points is propagated besides.
 */
export const STATURE_U_CM = 1.5

/** The two scale points and the known distance between them, when fc comes from them. */
export interface Scale {
  readonly a: Point
  readonly b: Point
  readonly gridCm: number
  /** Standard uncertainty of gridCm itself, cm (0 or absent: a known length, taken as exact; a stature: STATURE_U_CM). */
  readonly lengthU?: number
}

/** What the metrics of one assessment are computed from. */
export interface Placement {
  readonly view: View
  readonly markers: Readonly<Record<string, Point>>
  /** Lateral view: the side facing the camera. */
  readonly side?: Side
  /** Posterior view: rearfoot angles from the vertical instead of the popliteal markers. */
  readonly estimatePopliteal?: boolean
  /** x of the vertical reference line, px (in the lateral view, only the distance from it uses it). */
  readonly lrvX?: number | null
  /** cm per px, when typed in (ignored when `scale` is given: fc then comes from it). */
  readonly fc?: number | null
  readonly scale?: Scale | null
}

export interface PropagationOptions {
  /** Standard deviation of each placed point, px per coordinate. */
  readonly sd: number
  /**
   * Whether the vertical reference line's own placement counts (default true):
   * it is dragged into place by hand like a marker, so its x is as uncertain as a
   * marker's. Set false when the line is a physical plumb line found exactly.
   */
  readonly plumbLine?: boolean
}

export interface MetricUncertainty {
  readonly name: string
  readonly unit: Unit
  /** The metric's value from the service's function (the API returns the same number). */
  readonly value: number
  /** Standard uncertainty in the metric's unit (degrees or cm). */
  readonly u: number
}

/** One perturbable coordinate: where it is read from, and its current value. */
interface Coordinate {
  readonly key: string
  readonly value: number
}

/** The difference of two values of a metric: wrapped for angles, plain for distances. */
export function difference(unit: Unit, a: number, b: number): number {
  return unit === 'degrees' ? wrapDegrees(a - b) : a - b
}

function coordinatesOf(p: Placement, plumbLine: boolean): Coordinate[] {
  const list: Coordinate[] = []
  for (const [name, [x, y]] of Object.entries(p.markers)) {
    list.push({ key: `m:${name}:0`, value: x }, { key: `m:${name}:1`, value: y })
  }
  if (plumbLine && typeof p.lrvX === 'number') list.push({ key: 'lrv', value: p.lrvX })
  if (p.scale) {
    list.push(
      { key: 's:a:0', value: p.scale.a[0] },
      { key: 's:a:1', value: p.scale.a[1] },
      { key: 's:b:0', value: p.scale.b[0] },
      { key: 's:b:1', value: p.scale.b[1] },
    )
  }
  return list
}

/** The placement with one coordinate moved by `delta`. */
function moved(p: Placement, key: string, delta: number): Placement {
  const [kind, name, axis] = key.split(':') as [string, string | undefined, string | undefined]
  const shift = (q: Point): Point => (axis === '0' ? [q[0] + delta, q[1]] : [q[0], q[1] + delta])
  if (kind === 'm' && name !== undefined) {
    const q = p.markers[name]
    return q ? { ...p, markers: { ...p.markers, [name]: shift(q) } } : p
  }
  if (kind === 'lrv') return { ...p, lrvX: (p.lrvX ?? 0) + delta }
  if (kind === 's' && p.scale) {
    return { ...p, scale: name === 'a' ? { ...p.scale, a: shift(p.scale.a) } : { ...p.scale, b: shift(p.scale.b) } }
  }
  return p
}

/** fc as the request uses it: from the scale points when given, else as typed. */
export function fcOfPlacement(p: Placement): number | null {
  if (p.scale) {
    const px = Math.hypot(p.scale.b[0] - p.scale.a[0], p.scale.b[1] - p.scale.a[1])
    return px > 0 ? p.scale.gridCm / px : null
  }
  return typeof p.fc === 'number' ? p.fc : null
}

/** The context a view's metric functions take. */
export function contextOf(p: Placement): unknown {
  const calibration = { lrv_x: p.lrvX ?? NaN, fc: fcOfPlacement(p) ?? NaN }
  // Lateral: the angles need only the forward direction; the distance from the line needs the calibration too.
  if (p.view === 'lateral') return { forward: forward(p.side ?? 'right'), ...calibration }
  return calibration
}

/** One metric's value, NaN when it cannot be computed (a marker missing, coincident markers). */
export function valueOf(metric: AnyMetric, p: Placement): number {
  try {
    const v = metric.compute(p.markers, contextOf(p))
    return typeof v === 'number' && Number.isFinite(v) ? v : NaN
  } catch {
    return NaN
  }
}

/**
 * Every metric of the placement's view with its standard uncertainty. A metric
 * that cannot be computed from these points (missing or coincident markers, no
 * calibration) is left out; the API explains why.
 */
export function propagate(p: Placement, options: PropagationOptions): MetricUncertainty[] {
  const sd = options.sd
  if (!(Number.isFinite(sd) && sd >= 0)) throw new RangeError(`The placement error must be a number of pixels >= 0; got ${sd}.`) // i18n-exempt: a programming error (the app parses the setting first)
  const coordinates = coordinatesOf(p, options.plumbLine ?? true)
  const out: MetricUncertainty[] = []
  for (const metric of metricTable(p.view, p.estimatePopliteal)) {
    const value = valueOf(metric, p)
    if (Number.isNaN(value)) continue
    let variance = 0
    let defined = true
    for (const c of coordinates) {
      const plus = valueOf(metric, moved(p, c.key, STEP_PX))
      const minus = valueOf(metric, moved(p, c.key, -STEP_PX))
      if (Number.isNaN(plus) || Number.isNaN(minus)) {
        defined = false
        break
      }
      const slope = difference(metric.unit, plus, minus) / (2 * STEP_PX)
      variance += (slope * sd) ** 2
    }
    const lengthU = p.view !== 'lateral' ? (p.scale?.lengthU ?? 0) : 0
    if (defined && lengthU > 0 && p.scale) {
      // The length the scale points span is itself uncertain (a stature): propagated like a coordinate, with its own u.
      const step = p.scale.gridCm * 1e-6
      const plus = valueOf(metric, { ...p, scale: { ...p.scale, gridCm: p.scale.gridCm + step } })
      const minus = valueOf(metric, { ...p, scale: { ...p.scale, gridCm: p.scale.gridCm - step } })
      if (Number.isNaN(plus) || Number.isNaN(minus)) defined = false
      else variance += ((difference(metric.unit, plus, minus) / (2 * step)) * lengthU) ** 2
    }
    if (defined) out.push({ name: metric.name, unit: metric.unit, value, u: Math.sqrt(variance) })
  }
  return out
}

/** The uncertainties by metric name (convenience for the app and the comparison). */
export function uncertaintiesOf(p: Placement, options: PropagationOptions): Record<string, number> {
  return Object.fromEntries(propagate(p, options).map((m) => [m.name, m.u]))
}

/** Parses a placement error typed by the user; null when it is not a usable number of px. */
export function parsePlacementSd(text: string): number | null {
  const v = parseDecimal(text)
  return v !== null && v >= PLACEMENT_SD_LIMITS.min && v <= PLACEMENT_SD_LIMITS.max ? v : null
}
