/**
 * Property-based precision test: every metric evaluate() returns must be within
 * 1e-12 (absolute) of the independent decimal.js evaluation of docs/metrics.md, or
 * within 1e-14 relative where |exact| >= 1000 (large offsets in cm). Generated
 * marker sets mix ordinary, integer, huge (up to the 1e9 limit) and tiny pixel
 * coordinates with near-degenerate shapes: nearly level or vertical pairs, nearly
 * straight or folded-back joints, nearly coincident markers, markers nearly on
 * the reference line. Runs are reproducible (fixed seeds).
 */
import assert from 'node:assert/strict'
import { after, describe, it } from 'node:test'
import fc from 'fast-check'
import type { Point } from '#core/geometry/angles.js'
import {
  type AnteriorMarker,
  type LateralMarker,
  markerNames,
  POPLITEAL_MARKERS,
  type PosteriorMarker,
  type Side,
  type View,
} from '#core/markers.js'
import {
  ANTERIOR_METRICS,
  type Calibration,
  type Evaluation,
  evaluate,
  forward,
  LATERAL_METRICS,
  POSTERIOR_METRICS,
  POSTERIOR_METRICS_ESTIMATED,
} from '#core/metrics/index.js'
import { COORDINATE_LIMIT } from '../../src/limits.js'
import { type ExactMetrics, exact, exactAnterior, exactLateral, exactPosterior } from '../reference/exact.js'

const RUNS_PER_VIEW = 3000
const ABSOLUTE = 1e-12
const RELATIVE = 1e-14
const LARGE = 1000

// ---------------------------------------------------------------------------
// statistics

interface Stats {
  /** metric values with |exact| < LARGE: largest |value - exact| */
  maxAbs: number
  maxAbsAt: string
  small: number
  /** angles only: largest |value - exact| */
  maxAngle: number
  angles: number
  /** angles whose exact value is within 1e-9 degrees of 0, 180, -180 or 360 */
  nearBoundary: number
  /** metric values with |exact| >= LARGE: largest |value - exact| / |exact| */
  maxRel: number
  large: number
  /** generated sets where two markers of a segment coincide (422 case) */
  undefinedSets: number
  /** metrics reported as undefined in those sets */
  undefinedMetrics: number
}

function newStats(): Stats {
  return {
    maxAbs: 0,
    maxAbsAt: '',
    small: 0,
    maxAngle: 0,
    angles: 0,
    nearBoundary: 0,
    maxRel: 0,
    large: 0,
    undefinedSets: 0,
    undefinedMetrics: 0,
  }
}

const statsByView = new Map<string, Stats>()

// ---------------------------------------------------------------------------
// ulp steps

const f64 = new Float64Array(1)
const i64 = new BigInt64Array(f64.buffer)

function nextUp(x: number): number {
  if (x === 0) return Number.MIN_VALUE
  f64[0] = x
  i64[0] = i64[0]! + (x > 0 ? 1n : -1n)
  return f64[0]!
}

/** x moved by n ulps (n < 0: down). */
function nudge(x: number, n: number): number {
  for (; n > 0; n--) x = nextUp(x)
  for (; n < 0; n++) x = -nextUp(-x)
  return x
}

// ---------------------------------------------------------------------------
// generators

/** How the coordinates of one marker set are drawn. */
type Kind = 'pixel' | 'integer' | 'huge' | 'spread' | 'tiny' | 'tinyCluster' | 'mixed'
const KINDS: readonly Kind[] = ['pixel', 'integer', 'huge', 'spread', 'tiny', 'tinyCluster', 'mixed']

/** An ordinary photo coordinate with a fractional part, e.g. 1234.5678. */
const pixel = fc
  .tuple(fc.integer({ min: -500, max: 5999 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }))
  .map(([i, f]) => i + f)
const integerPixel = fc.integer({ min: -500, max: 6000 })
/** Anything up to the limit: fast-check spreads doubles over all exponents, subnormals included. */
const spread = fc.double({ min: -COORDINATE_LIMIT, max: COORDINATE_LIMIT, noNaN: true })
const tiny = fc.double({ min: -1e-5, max: 1e-5, noNaN: true })
const tinyCluster = pixel.map((x) => x * 1e-9)

function coordinate(kind: Kind, center: number): fc.Arbitrary<number> {
  switch (kind) {
    case 'pixel':
      return pixel
    case 'integer':
      return integerPixel
    case 'huge':
      // a photo around 1e8..1e9 px: large coordinates, ordinary differences
      return fc.oneof(pixel, integerPixel, fc.double({ min: -1e6, max: 1e6, noNaN: true })).map((d) => center + d)
    case 'spread':
      return spread
    case 'tiny':
      return tiny
    case 'tinyCluster':
      return tinyCluster
    case 'mixed':
      return fc.oneof(pixel, integerPixel, spread, tiny, tinyCluster, fc.constant(center))
  }
}

type Mode = 'none' | 'level' | 'vertical' | 'close' | 'line' | 'exactLine'
interface Tweak {
  readonly mode: Mode
  /** position along the line through the previous two points (< 0: folded back) */
  readonly t: number
  /** small multiple of the segment length added across the line / to the level */
  readonly rel: number
  readonly ulpsX: number
  readonly ulpsY: number
}

const tweak: fc.Arbitrary<Tweak> = fc.record({
  mode: fc.constantFrom<Mode>('none', 'level', 'vertical', 'close', 'line', 'exactLine'),
  t: fc.oneof(fc.double({ min: -3, max: 3, noNaN: true }), fc.integer({ min: -3, max: 3 })),
  rel: fc.oneof(
    fc.constant(0),
    fc.double({ min: -1e-9, max: 1e-9, noNaN: true }),
    fc.constantFrom(1e-17, -1e-17, 1e-300, -1e-300),
  ),
  ulpsX: fc.integer({ min: -3, max: 3 }),
  ulpsY: fc.integer({ min: -3, max: 3 }),
})

/** Moves b (of the pair a, b) according to the tweak. */
function tweakPair(a: Point, b: Point, w: Tweak): Point {
  switch (w.mode) {
    case 'level':
    case 'line':
    case 'exactLine':
      return [b[0], nudge(a[1] + w.rel * (b[0] - a[0]), w.ulpsY)]
    case 'vertical':
      return [nudge(a[0] + w.rel * (b[1] - a[1]), w.ulpsX), b[1]]
    case 'close':
      return [nudge(a[0], w.ulpsX), nudge(a[1], w.ulpsY)]
    case 'none':
      return b
  }
}

/** Moves p2 of the chain p0, p1, p2 according to the tweak. */
function tweakTriple(p0: Point, p1: Point, p2: Point, w: Tweak): Point {
  const dx = p1[0] - p0[0]
  const dy = p1[1] - p0[1]
  switch (w.mode) {
    case 'line':
      // nearly on the line p0 p1: straight on (t > 0) or folded back (t < 0)
      return [nudge(p1[0] + w.t * dx - w.rel * dy, w.ulpsX), nudge(p1[1] + w.t * dy + w.rel * dx, w.ulpsY)]
    case 'exactLine': {
      // on the line when the arithmetic is exact (integer t and coordinates)
      const t = Math.trunc(w.t) === 0 ? 1 : Math.trunc(w.t)
      return [p1[0] + t * dx, p1[1] + t * dy]
    }
    default:
      return tweakPair(p1, p2, w)
  }
}

/**
 * Moves r1 of the line r0 -> r1 nearly or exactly parallel (t > 0) or opposite
 * (t < 0) to the line q0 -> q1, or onto r0.
 */
function tweakParallel(q0: Point, q1: Point, r0: Point, r1: Point, w: Tweak): Point {
  const dx = q1[0] - q0[0]
  const dy = q1[1] - q0[1]
  switch (w.mode) {
    case 'line':
      return [nudge(r0[0] + w.t * dx - w.rel * dy, w.ulpsX), nudge(r0[1] + w.t * dy + w.rel * dx, w.ulpsY)]
    case 'exactLine': {
      const t = Math.trunc(w.t) === 0 ? 1 : Math.trunc(w.t)
      return [r0[0] + t * dx, r0[1] + t * dy]
    }
    case 'close':
      return [nudge(r0[0], w.ulpsX), nudge(r0[1], w.ulpsY)]
    default:
      return r1
  }
}

interface ViewShape<M extends string> {
  readonly view: View
  /** pairs whose second marker the tweaks move */
  readonly pairs: readonly (readonly [M, M])[]
  /** two lines q0 -> q1, r0 -> r1 whose r1 the tweaks move (after the pairs) */
  readonly parallels?: readonly (readonly [M, M, M, M])[]
  /** chains whose third marker the tweaks move (after the pairs and parallels) */
  readonly triples: readonly (readonly [M, M, M])[]
  /** pairs moved last, after the triples */
  readonly lastPairs?: readonly (readonly [M, M])[]
  /** markers measured against the reference line */
  readonly onLine: readonly M[]
}

const ANTERIOR_SHAPE: ViewShape<AnteriorMarker> = {
  view: 'anterior',
  pairs: [
    ['tragus_der', 'tragus_izq'],
    ['punto_sinfisis_pubiana', 'escotadura_esternal'],
    ['espina_iliaca_anterosuperior_der', 'espina_iliaca_anterosuperior_izq'],
    ['punto_acromion_der', 'punto_acromion_izq'],
  ],
  parallels: [
    [
      'punto_acromion_der',
      'punto_acromion_izq',
      'espina_iliaca_anterosuperior_der',
      'espina_iliaca_anterosuperior_izq',
    ],
  ],
  triples: [
    ['espina_iliaca_anterosuperior_der', 'centro_rotula_der', 'tat_der'],
    ['espina_iliaca_anterosuperior_izq', 'centro_rotula_izq', 'tat_izq'],
  ],
  lastPairs: [['tat_der', 'tat_izq']],
  onLine: ['eminencia_frontal_media', 'espina_nasal', 'punto_mentoniano', 'apendice_xifoides', 'ombligo'],
}

const POSTERIOR_SHAPE: ViewShape<PosteriorMarker> = {
  view: 'posterior',
  pairs: [
    ['lobulo_der', 'lobulo_izq'],
    ['espina_iliaca_posterosuperior_der', 'espina_iliaca_posterosuperior_izq'],
  ],
  triples: [
    ['popliteo_der', 'aquiles_der', 'calcaneo_der'],
    ['popliteo_izq', 'aquiles_izq', 'calcaneo_izq'],
  ],
  onLine: ['cervical_7', 'toracica_7', 'lumbar_5', 'toracica_3', 'toracica_12'],
}

const LATERAL_SHAPE: ViewShape<LateralMarker> = {
  view: 'lateral',
  pairs: [
    ['apex_cervical', 'tragus'],
    ['trocanter_mayor', 'punto_acromion'],
    ['punto_acromion', 'tragus'],
  ],
  triples: [
    ['punto_acromion', 'punto_epicondilo', 'base_3er_metacarpiano'],
    ['trocanter_mayor', 'tuberculo_condilo_externo', 'borde_anterior_maleolo'],
    ['tuberculo_condilo_externo', 'trocanter_mayor', 'punto_acromion'],
  ],
  lastPairs: [['borde_anterior_maleolo', 'punto_acromion']],
  onLine: ['apex_lumbar'],
}

interface Case<M extends string> {
  readonly kind: Kind
  readonly markers: Record<M, Point>
  readonly calibration: Calibration
  readonly side: Side
  readonly estimatePopliteal: boolean
  /** posterior with estimate_popliteal: leave the popliteal markers out */
  readonly dropPopliteal: boolean
}

const fcArb = fc.oneof(
  fc.double({ min: Number.MIN_VALUE, max: 1e3, noNaN: true }),
  fc.double({ min: 0.001, max: 1, noNaN: true }),
  fc.constantFrom(0.1, 1, 1e3, 0.0264583),
)

function caseOf<M extends string>(shape: ViewShape<M>): fc.Arbitrary<Case<M>> {
  const names = markerNames(shape.view) as readonly M[]
  const parallels = shape.parallels ?? []
  const lastPairs = shape.lastPairs ?? []
  return fc
    .record({
      kind: fc.constantFrom(...KINDS),
      center: fc.double({ min: 1e8, max: 9.99e8, noNaN: true }),
      negative: fc.boolean(),
    })
    .chain(({ kind, center, negative }) => {
      const c = negative ? -center : center
      const coord = coordinate(kind, c)
      return fc.record({
        kind: fc.constant(kind),
        points: fc.array(fc.tuple(coord, coord), { minLength: names.length, maxLength: names.length }),
        pairTweaks: fc.array(tweak, { minLength: shape.pairs.length, maxLength: shape.pairs.length }),
        parallelTweaks: fc.array(tweak, { minLength: parallels.length, maxLength: parallels.length }),
        tripleTweaks: fc.array(tweak, { minLength: shape.triples.length, maxLength: shape.triples.length }),
        lastPairTweaks: fc.array(tweak, { minLength: lastPairs.length, maxLength: lastPairs.length }),
        lrv: fc.oneof(
          coord,
          fc.record({ marker: fc.nat(Math.max(0, shape.onLine.length - 1)), ulps: fc.integer({ min: -2, max: 2 }) }),
        ),
        fc: fcArb,
        side: fc.constantFrom<Side>('right', 'left'),
        estimatePopliteal: fc.boolean(),
        dropPopliteal: fc.boolean(),
      })
    })
    .map(
      ({
        kind,
        points,
        pairTweaks,
        parallelTweaks,
        tripleTweaks,
        lastPairTweaks,
        lrv,
        fc: scale,
        side,
        estimatePopliteal,
        dropPopliteal,
      }) => {
        const markers = {} as Record<M, Point>
        for (const [i, name] of names.entries()) markers[name] = points[i]!
        for (const [i, [a, b]] of shape.pairs.entries()) markers[b] = tweakPair(markers[a], markers[b], pairTweaks[i]!)
        for (const [i, [q0, q1, r0, r1]] of parallels.entries()) {
          markers[r1] = tweakParallel(markers[q0], markers[q1], markers[r0], markers[r1], parallelTweaks[i]!)
        }
        for (const [i, [p0, p1, p2]] of shape.triples.entries()) {
          markers[p2] = tweakTriple(markers[p0], markers[p1], markers[p2], tripleTweaks[i]!)
        }
        for (const [i, [a, b]] of lastPairs.entries())
          markers[b] = tweakPair(markers[a], markers[b], lastPairTweaks[i]!)
        let lrvX: number
        if (typeof lrv === 'number') lrvX = lrv
        else {
          const on = shape.onLine[lrv.marker]
          lrvX = on === undefined ? 0 : nudge(markers[on][0], lrv.ulps)
        }
        return { kind, markers, calibration: { lrv_x: lrvX, fc: scale }, side, estimatePopliteal, dropPopliteal }
      },
    )
}

function withinLimits(c: Case<string>): boolean {
  const ok = (v: number) => Number.isFinite(v) && Math.abs(v) <= COORDINATE_LIMIT
  return Object.values<Point>(c.markers).every(([x, y]) => ok(x) && ok(y)) && ok(c.calibration.lrv_x)
}

// ---------------------------------------------------------------------------
// comparison

const FULL_TURN = new Set(['elbow_angle', 'knee_angle', 'hip_angle'])

function describeCase(c: Case<string>): string {
  return JSON.stringify({ ...c, markers: c.markers }, (_k, v: unknown) =>
    typeof v === 'number' && Object.is(v, -0) ? '-0' : v,
  )
}

function check(
  stats: Stats,
  result: Evaluation,
  ref: ExactMetrics,
  degrees: ReadonlySet<string>,
  c: Case<string>,
): void {
  const undefinedNames = Object.keys(ref).filter((k) => ref[k] === null)
  if (undefinedNames.length > 0) {
    // two markers of a segment coincide: a validation error naming exactly those metrics
    stats.undefinedSets++
    stats.undefinedMetrics += undefinedNames.length
    assert.equal(result.ok, false, `expected undefined ${undefinedNames.join(', ')}: ${describeCase(c)}`)
    if (result.ok) return
    // (a metric with two coincident pairs appears in two problems)
    const reported = [...new Set(result.problems.flatMap((p) => p.metrics))].sort()
    assert.deepEqual(reported, [...undefinedNames].sort(), describeCase(c))
    const markers = c.markers as Record<string, Point>
    for (const p of result.problems) {
      assert.ok(p.at !== undefined && p.markers.length === 2, `problem without a coincident pair: ${JSON.stringify(p)}`)
      for (const name of p.markers) assert.deepEqual(markers[name], p.at, `${name} is not at ${JSON.stringify(p.at)}`)
    }
    return
  }
  assert.equal(result.ok, true, `evaluation failed: ${JSON.stringify(result)} for ${describeCase(c)}`)
  if (!result.ok) return
  assert.deepEqual(Object.keys(result.values), Object.keys(ref))
  for (const [name, value] of Object.entries(result.values)) {
    const r = ref[name]!
    assert.equal(Number.isFinite(value), true, `${name} = ${value}`)
    assert.equal(Object.is(value, -0), false, `${name} is -0: ${describeCase(c)}`)
    if (degrees.has(name)) {
      if (FULL_TURN.has(name))
        assert.ok(value >= 0 && value < 360, `${name} = ${value} outside [0, 360): ${describeCase(c)}`)
      else assert.ok(value > -180 && value <= 180, `${name} = ${value} outside (-180, 180]: ${describeCase(c)}`)
    }
    const diff = exact(value).minus(r).abs()
    const magnitude = r.abs()
    if (degrees.has(name)) {
      stats.angles++
      stats.maxAngle = Math.max(stats.maxAngle, diff.toNumber())
      if ([0, 180, 360].some((b) => magnitude.minus(b).abs().lt(1e-9))) stats.nearBoundary++
    }
    if (magnitude.gte(LARGE)) {
      const rel = diff.div(magnitude).toNumber()
      stats.large++
      if (rel > stats.maxRel) stats.maxRel = rel
      assert.ok(rel <= RELATIVE, `${name} = ${value}, exact ${r.toString()}, relative diff ${rel}: ${describeCase(c)}`)
    } else {
      const d = diff.toNumber()
      stats.small++
      if (d > stats.maxAbs) {
        stats.maxAbs = d
        stats.maxAbsAt = `${name} = ${value} (${c.kind})`
      }
      assert.ok(d <= ABSOLUTE, `${name} = ${value}, exact ${r.toString()}, |diff| ${d}: ${describeCase(c)}`)
    }
  }
}

function degreeNames(table: readonly { name: string; unit: string }[]): ReadonlySet<string> {
  return new Set(table.filter((m) => m.unit === 'degrees').map((m) => m.name))
}

function run<M extends string>(
  label: string,
  shape: ViewShape<M>,
  seed: number,
  body: (c: Case<M>, stats: Stats) => void,
): void {
  const stats = newStats()
  statsByView.set(label, stats)
  fc.assert(
    fc.property(caseOf(shape), (c) => {
      fc.pre(withinLimits(c))
      body(c, stats)
    }),
    { numRuns: RUNS_PER_VIEW, seed, endOnFailure: true },
  )
  console.log(
    `${label}: max |metric - exact| = ${stats.maxAbs.toExponential(2)} over ${stats.small} metrics with |exact| < ${LARGE}` +
      ` (at ${stats.maxAbsAt || '-'}); angles only: ${stats.maxAngle.toExponential(2)} over ${stats.angles} (${stats.nearBoundary} within 1e-9 of 0, ±180 or 360)` +
      `; max relative = ${stats.maxRel.toExponential(2)} over ${stats.large} metrics with |exact| >= ${LARGE}` +
      `; ${stats.undefinedSets} sets with coincident markers (${stats.undefinedMetrics} undefined metrics, all reported)`,
  )
}

// ---------------------------------------------------------------------------

describe('precision against the decimal.js reference (fast-check)', () => {
  after(() => {
    let maxAbs = 0
    let small = 0
    let maxRel = 0
    let large = 0
    let maxAngle = 0
    let angles = 0
    for (const s of statsByView.values()) {
      maxAngle = Math.max(maxAngle, s.maxAngle)
      angles += s.angles
      maxAbs = Math.max(maxAbs, s.maxAbs)
      maxRel = Math.max(maxRel, s.maxRel)
      small += s.small
      large += s.large
    }
    console.log(
      `all views: max |metric - exact| = ${maxAbs.toExponential(2)} over ${small} metrics (|exact| < ${LARGE}; angles only ${maxAngle.toExponential(2)} over ${angles}); ` +
        `max relative = ${maxRel.toExponential(2)} over ${large} metrics (|exact| >= ${LARGE})`,
    )
  })

  it(`anterior: ${RUNS_PER_VIEW} marker sets`, () => {
    const degrees = degreeNames(ANTERIOR_METRICS)
    run('anterior', ANTERIOR_SHAPE, 0xa17e, (c, stats) => {
      const result = evaluate(ANTERIOR_METRICS, c.markers, c.calibration)
      check(stats, result, exactAnterior(c.markers, c.calibration), degrees, c)
    })
  })

  it(`posterior: ${RUNS_PER_VIEW} marker sets, estimate_popliteal false and true`, () => {
    const degrees = degreeNames(POSTERIOR_METRICS)
    run('posterior', POSTERIOR_SHAPE, 0xb0d1, (c, stats) => {
      let markers: Record<PosteriorMarker, Point> = c.markers
      if (c.estimatePopliteal && c.dropPopliteal) {
        markers = { ...c.markers }
        for (const name of POPLITEAL_MARKERS) delete (markers as Partial<Record<PosteriorMarker, Point>>)[name]
      }
      const table = c.estimatePopliteal ? POSTERIOR_METRICS_ESTIMATED : POSTERIOR_METRICS
      const result = evaluate(table, markers, c.calibration)
      check(stats, result, exactPosterior(markers, c.calibration, c.estimatePopliteal), degrees, c)
    })
  })

  it(`lateral: ${RUNS_PER_VIEW} marker sets, side right and left`, () => {
    const degrees = degreeNames(LATERAL_METRICS)
    run('lateral', LATERAL_SHAPE, 0x1a7e, (c, stats) => {
      const result = evaluate(LATERAL_METRICS, c.markers, { forward: forward(c.side), ...c.calibration })
      check(stats, result, exactLateral(c.markers, c.calibration, c.side), degrees, c)
    })
  })
})
