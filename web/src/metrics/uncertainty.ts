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
import { PLACEMENT_SD_LIMITS } from '#core/files/input-limits.js'
import { wrapDegrees } from '#core/geometry/angles.js'
import type { Side, View } from '#core/markers.js'
import { type AnyMetric, forward, metricTable, type Unit } from '#core/metrics/index.js'
import { parseDecimal } from '../i18n/format.js'

/** A point in image pixels: x to the right, y downward. */
export type Point = readonly [number, number]

/**
 * Default standard deviation of a hand-placed point, px per image coordinate.
 * Clicking a clear target by hand is accurate to about 1-3 px (docs/uncertainty.md):
 * the middle of that range.
 */
export const DEFAULT_PLACEMENT_SD_PX = 2

/** The range the app accepts for the placement error, px (core/files/input-limits.ts). */
export { PLACEMENT_SD_LIMITS }

/** Central-difference step, px: far below any placement error, far above rounding of pixel coordinates. */
export const STEP_PX = 1e-3

/**
 * The first-order u is used alone when every segment a metric is drawn from (and the
 * scale, for distances) is at least this many `sd` long: the neglected second-order
 * part then adds under 0.3 % (about (sd / length)^2 of the SD; docs/uncertainty.md).
 */
export const LINEAR_MIN_SEGMENT_SDS = 20
/** Monte Carlo samples where it is not: the SD's relative standard error is 1/sqrt(2 * 4000), about 1.1 %. */
export const MONTE_CARLO_SAMPLES = 4000
/** Fixed seed: the same points always give the same u. */
export const MONTE_CARLO_SEED = 0x5eed

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
export function metricValue(metric: AnyMetric, p: Placement): number {
  return valueIn(metric, p, contextOf(p))
}

/** One metric's value on `p` with its context already built (contextOf(p)); NaN as metricValue. */
function valueIn(metric: AnyMetric, p: Placement, context: unknown): number {
  try {
    const v = metric.compute(p.markers, context)
    return typeof v === 'number' && Number.isFinite(v) ? v : NaN
  } catch {
    return NaN
  }
}

/**
 * Every metric of the placement's view with its standard uncertainty. A metric
 * that cannot be computed from these points (missing or coincident markers, no
 * calibration) is left out; the API explains why. Where a segment is too short for
 * the first-order u (LINEAR_MIN_SEGMENT_SDS), u is the larger of it and a seeded
 * Monte Carlo spread raised by two of its standard errors, so it is never optimistic.
 */
export function propagate(p: Placement, options: PropagationOptions): MetricUncertainty[] {
  const sd = options.sd
  if (!(Number.isFinite(sd) && sd >= 0))
    throw new RangeError(`The placement error must be a number of pixels >= 0; got ${sd}.`) // i18n-exempt: a programming error (the app parses the setting first)
  // Panels ask again on every render: the same points and sd give the same answer.
  const key = JSON.stringify([p, sd, options.plumbLine ?? true])
  const known = remembered.get(key)
  if (known) return known.slice()
  const result = propagateAnew(p, sd, options.plumbLine ?? true)
  remembered.set(key, result)
  if (remembered.size > 32) remembered.delete(remembered.keys().next().value!)
  return result.slice()
}

const remembered = new Map<string, MetricUncertainty[]>()

function propagateAnew(p: Placement, sd: number, plumbLine: boolean): MetricUncertainty[] {
  const coordinates = coordinatesOf(p, plumbLine)
  const linear = firstOrder(p, coordinates, sd)
  const short = linear.filter((m) => shortestSegment(m.metric, p) < LINEAR_MIN_SEGMENT_SDS * sd)
  if (short.length === 0) return linear.map((m) => m.result)
  const spread = monteCarlo(
    p,
    coordinates,
    sd,
    short.map((m) => m.metric),
  )
  const widen = 1 + 2 / Math.sqrt(2 * MONTE_CARLO_SAMPLES)
  return linear.map(({ metric, result }) => {
    const s = spread.get(metric.name)
    return s === undefined ? result : { ...result, u: Math.max(result.u, s * widen) }
  })
}

/** A placement with one coordinate moved, and the context its metrics take. */
interface Shifted {
  readonly q: Placement
  readonly context: unknown
}

/** The first-order u of every metric that can be computed. */
function firstOrder(
  p: Placement,
  coordinates: readonly Coordinate[],
  sd: number,
): { metric: AnyMetric; result: MetricUncertainty }[] {
  const out: { metric: AnyMetric; result: MetricUncertainty }[] = []
  // Each coordinate moved both ways once, with its context, for every metric to read (not once per metric).
  const withContext = (q: Placement): Shifted => ({ q, context: contextOf(q) })
  const shifted = coordinates.map((c): readonly [Shifted, Shifted] => [
    withContext(moved(p, c.key, STEP_PX)),
    withContext(moved(p, c.key, -STEP_PX)),
  ])
  for (const metric of metricTable(p.view, p.estimatePopliteal)) {
    const value = metricValue(metric, p)
    if (Number.isNaN(value)) continue
    let variance = 0
    let defined = true
    for (const [up, down] of shifted) {
      const plus = valueIn(metric, up.q, up.context)
      const minus = valueIn(metric, down.q, down.context)
      if (Number.isNaN(plus) || Number.isNaN(minus)) {
        defined = false
        break
      }
      const slope = difference(metric.unit, plus, minus) / (2 * STEP_PX)
      variance += (slope * sd) ** 2
    }
    // Every view: the lateral view's distance from the line reads fc as the others do.
    const lengthU = p.scale?.lengthU ?? 0
    if (defined && lengthU > 0 && p.scale) {
      // The length the scale points span is itself uncertain (a stature): propagated like a coordinate, with its own u.
      const step = p.scale.gridCm * 1e-6
      const plus = metricValue(metric, { ...p, scale: { ...p.scale, gridCm: p.scale.gridCm + step } })
      const minus = metricValue(metric, { ...p, scale: { ...p.scale, gridCm: p.scale.gridCm - step } })
      if (Number.isNaN(plus) || Number.isNaN(minus)) defined = false
      else variance += ((difference(metric.unit, plus, minus) / (2 * step)) * lengthU) ** 2
    }
    if (defined) out.push({ metric, result: { name: metric.name, unit: metric.unit, value, u: Math.sqrt(variance) } })
  }
  return out
}

/** The shortest segment the metric is drawn from, px (and the scale, for a distance whose fc comes from it). */
function shortestSegment(metric: AnyMetric, p: Placement): number {
  let shortest = Infinity
  for (const [a, b] of metric.segments as readonly (readonly [string, string])[]) {
    const pa = p.markers[a]
    const pb = p.markers[b]
    if (pa && pb) shortest = Math.min(shortest, Math.hypot(pb[0] - pa[0], pb[1] - pa[1]))
  }
  if (metric.unit === 'cm' && p.scale)
    shortest = Math.min(shortest, Math.hypot(p.scale.b[0] - p.scale.a[0], p.scale.b[1] - p.scale.a[1]))
  return shortest
}

/** mulberry32: a small seeded generator of uniform numbers in [0, 1). */
function seeded(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * The standard deviation of each metric when every coordinate moves by N(0, sd):
 * MONTE_CARLO_SAMPLES draws from MONTE_CARLO_SEED, deviations from the unmoved value
 * (wrapped for angles); samples where a metric cannot be computed are skipped.
 */
function monteCarlo(
  p: Placement,
  coordinates: readonly Coordinate[],
  sd: number,
  metrics: readonly AnyMetric[],
): Map<string, number> {
  const uniform = seeded(MONTE_CARLO_SEED)
  const gauss = () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform())
  const base = metrics.map((m) => metricValue(m, p))
  const sumSq = metrics.map(() => 0)
  const count = metrics.map(() => 0)
  // Only the coordinates these metrics read move (the others change nothing): their markers, and for distances the line and the scale.
  const read = new Set(
    metrics.flatMap((m) => [
      ...(m.segments as readonly (readonly string[])[]).flat(),
      ...(m.plumbMarker !== undefined ? [m.plumbMarker as string] : []),
    ]),
  )
  const distances = metrics.some((m) => m.unit === 'cm')
  const where = coordinates
    .map((c) => c.key.split(':') as [string, string | undefined, string | undefined])
    .filter(([kind, name]) => (kind === 'm' ? name !== undefined && read.has(name) : distances))
  for (let k = 0; k < MONTE_CARLO_SAMPLES; k++) {
    // One placement with every coordinate moved (built at once: moved() copies it per coordinate).
    const markers: Record<string, [number, number]> = { ...(p.markers as Record<string, [number, number]>) }
    for (const [kind, name] of where)
      if (kind === 'm' && name !== undefined && markers[name]) markers[name] = [markers[name]![0], markers[name]![1]]
    const scale = p.scale
      ? { a: [p.scale.a[0], p.scale.a[1]] as [number, number], b: [p.scale.b[0], p.scale.b[1]] as [number, number] }
      : null
    let lrvX = p.lrvX
    // The stature, when it is the scale's length, moves with its own u (as in the first-order u).
    const gridCm =
      p.scale && distances && p.scale.lengthU ? p.scale.gridCm + p.scale.lengthU * gauss() : p.scale?.gridCm
    for (const [kind, name, axis] of where) {
      const d = sd * gauss()
      const i = axis === '1' ? 1 : 0
      if (kind === 'm' && name !== undefined && markers[name]) markers[name]![i] += d
      else if (kind === 'lrv') lrvX = (lrvX ?? 0) + d
      else if (kind === 's' && scale) scale[name === 'a' ? 'a' : 'b'][i] += d
    }
    const q: Placement = {
      ...p,
      markers,
      lrvX,
      scale: scale && p.scale ? { ...p.scale, a: scale.a, b: scale.b, gridCm: gridCm ?? p.scale.gridCm } : p.scale,
    }
    metrics.forEach((m, i) => {
      const v = metricValue(m, q)
      if (Number.isNaN(v)) return
      const d = difference(m.unit, v, base[i]!)
      sumSq[i]! += d * d
      count[i]! += 1
    })
  }
  // Spread about the unmoved value (the value shown), not about the samples' mean: a bias counts as error.
  return new Map(metrics.map((m, i) => [m.name, Math.sqrt(sumSq[i]! / Math.max(1, count[i]!))]))
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
