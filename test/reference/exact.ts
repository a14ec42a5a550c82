/**
 * Independent high-precision evaluation of every metric in docs/metrics.md, used as the
 * reference ("exact" value) the production doubles are compared against.
 *
 * Written from docs/metrics.md alone: nothing here comes from core/geometry or
 * core/metrics. Inputs are the same doubles the service receives; each input double
 * is converted to its exact decimal value. Differences of coordinates and cross
 * and dot products are computed exactly (a wide decimal.js clone); everything after
 * that (quotients, arctangents, degrees, offsets, the popliteal estimate) with a
 * private decimal.js clone at PRECISION significant digits. The conventions, from
 * docs/metrics.md:
 *
 * - atan2 is in (-180, 180] degrees. In exact arithmetic there is no negative zero:
 *   y = 0 with x < 0 is exactly 180, and y < 0 (however small) gives a value above
 *   -180.
 * - deg(r) = r * 180 / pi with the true pi (to PRECISION digits).
 * - elbow, knee and hip angles are in [0, 360): 360 is added to a negative turn.
 * - a zero-length vector (atan2(0, 0)) makes the metric undefined: null here.
 */
import { Decimal } from 'decimal.js'
import type { AnteriorMarker, LateralMarker, PosteriorMarker, Side } from '#core/markers.js'

/** Significant decimal digits of every reference computation. */
export const PRECISION = 60

/** The private decimal.js constructor of the reference (never the global one). */
export const Exact = Decimal.clone({ precision: PRECISION, rounding: Decimal.ROUND_HALF_EVEN })
export type Exact = Decimal

/**
 * Enough digits for the sums and products of coordinate differences to be exact:
 * a double has at most 767 significant decimal digits, the difference of two
 * doubles up to 1e9 apart at most 1084, a cross or dot product at most 2170. The
 * cancellation in a cross product of nearly parallel vectors is then harmless.
 */
const Wide = Decimal.clone({ precision: 2500, rounding: Decimal.ROUND_HALF_EVEN })

export type XY = readonly [number, number]

export interface Calibration {
  readonly lrv_x: number
  readonly fc: number
}

/** A metric value, or null when docs/metrics.md calls it undefined (zero-length vector). */
export type ExactValue = Exact | null
export type ExactMetrics = Record<string, ExactValue>

const ZERO = new Exact(0)
const ONE = new Exact(1)
/** pi to PRECISION digits (decimal.js stores pi to over 1000 digits). */
const PI = Exact.acos(-1)
const HALF_PI = PI.div(2)

const float = new Float64Array(1)
const bits = new BigUint64Array(float.buffer)

/** The exact value of a finite double, as a Decimal (not rounded: every double has a finite decimal expansion). */
export function exact(x: number): Exact {
  if (!Number.isFinite(x)) throw new RangeError(`not a finite double: ${x}`)
  if (x === 0) return ZERO
  float[0] = x
  const b = bits[0]!
  const negative = b >> 63n === 1n
  const biased = Number((b >> 52n) & 0x7ffn)
  const fraction = b & 0xfffffffffffffn
  // value = mantissa * 2^exponent
  const mantissa = biased === 0 ? fraction : fraction | (1n << 52n)
  const exponent = (biased === 0 ? 1 : biased) - 1075
  let text: string
  if (exponent >= 0) text = (mantissa << BigInt(exponent)).toString()
  else {
    // m / 2^k = m * 5^k / 10^k
    const k = -exponent
    text = `${mantissa * 5n ** BigInt(k)}e-${k}`
  }
  return new Exact(negative ? `-${text}` : text)
}

/** The exact value of a finite double in the wide (exact) constructor. */
function wide(x: number): Decimal {
  return new Wide(exact(x))
}

/** A wide exact value rounded to PRECISION + 5 digits, as an Exact. */
function narrow(v: Decimal): Exact {
  return new Exact(v.toSignificantDigits(PRECISION + 5))
}

/** |value - reference| as a double (rounded up to the nearest double is not needed for a tolerance check). */
export function absDiff(value: number, reference: Exact): number {
  return exact(value).minus(reference).abs().toNumber()
}

// ---------------------------------------------------------------------------
// arctangent

/** Table step: atan is tabulated at multiples of 1/STEPS on [0, 1]. */
const STEPS = 256
const atanTable = new Map<number, Exact>()

function tabulatedAtan(k: number): Exact {
  let v = atanTable.get(k)
  if (v === undefined) {
    v = Exact.atan(new Exact(k).div(STEPS))
    atanTable.set(k, v)
  }
  return v
}

const SERIES_EPS = new Exact(10).pow(-(PRECISION + 5))

/**
 * atan(t) for 0 <= t <= 1: atan(t) = atan(c) + atan(r), c = k / STEPS the nearest
 * table point and r = (t - c) / (1 + t c), |r| <= 1 / (2 STEPS); atan(r) by its
 * Taylor series r - r^3/3 + r^5/5 - ...
 */
function atanUnit(t: Exact): Exact {
  const k = Math.round(t.toNumber() * STEPS)
  const c = new Exact(k).div(STEPS)
  const r = t.minus(c).div(ONE.plus(t.times(c)))
  const r2 = r.times(r)
  let power = r
  let sum = r
  for (let n = 1; ; n++) {
    power = power.times(r2).neg()
    const term = power.div(2 * n + 1)
    sum = sum.plus(term)
    if (term.abs().lt(SERIES_EPS)) break
  }
  return k === 0 ? sum : tabulatedAtan(k).plus(sum)
}

/** atan2(y, x) in radians, in (-pi, pi]; null for (0, 0). */
export function atan2(y: Exact, x: Exact): Exact | null {
  if (y.isZero()) {
    if (x.isZero()) return null
    return x.gt(0) ? ZERO : PI
  }
  if (x.isZero()) return y.gt(0) ? HALF_PI : HALF_PI.neg()
  const ay = y.abs()
  const ax = x.abs()
  // angle of (|x|, |y|) in (0, pi/2)
  let a = ay.lte(ax) ? atanUnit(ay.div(ax)) : HALF_PI.minus(atanUnit(ax.div(ay)))
  if (x.lt(0)) a = PI.minus(a)
  return y.lt(0) ? a.neg() : a
}

/** deg(r) = r * 180 / pi. */
export function degrees(r: Exact): Exact {
  return r.times(180).div(PI)
}

/** deg(atan2(y, x)) in (-180, 180], null when undefined. */
export function atan2Degrees(y: Exact, x: Exact): ExactValue {
  const r = atan2(y, x)
  return r === null ? null : degrees(r)
}

// ---------------------------------------------------------------------------
// docs/metrics.md, "Body directions"

/** +1 image right, -1 image left. */
export type H = 1 | -1

/** Body components (across, up) of the image vector `to - from` for body direction h, exactly (wide). */
function body(from: XY, to: XY, h: H): [Decimal, Decimal] {
  const dx = wide(to[0]).minus(wide(from[0]))
  const dy = wide(to[1]).minus(wide(from[1]))
  return [h === 1 ? dx : dx.neg(), dy.neg()]
}

/** turn(a, b) = deg(atan2(cross(a, b), dot(a, b))) in (-180, 180], a and b exact (wide). */
function turn(a: readonly [Decimal, Decimal], b: readonly [Decimal, Decimal]): ExactValue {
  // Exact products: the sign of a tiny cross product is right. A zero vector
  // makes both products zero, hence atan2(0, 0): undefined.
  const cross = a[0].times(b[1]).minus(a[1].times(b[0]))
  const dot = a[0].times(b[0]).plus(a[1].times(b[1]))
  return atan2Degrees(narrow(cross), narrow(dot))
}

function tilt(from: XY, to: XY, h: H): ExactValue {
  const [across, up] = body(from, to, h)
  return atan2Degrees(narrow(up), narrow(across))
}

function lean(lower: XY, upper: XY, h: H): ExactValue {
  const [across, up] = body(lower, upper, h)
  return atan2Degrees(narrow(across), narrow(up))
}

function offset(p: XY, h: H, c: Calibration): Exact {
  const d = exact(p[0]).minus(exact(c.lrv_x)).times(exact(c.fc))
  return h === 1 ? d : d.neg()
}

/** Plus 360 if negative: [0, 360). */
function fullTurn(a: ExactValue): ExactValue {
  return a === null ? null : a.lt(0) ? a.plus(360) : a
}

// View directions (docs/metrics.md table).
const ANTERIOR = { R: -1, L: 1 } as const
const POSTERIOR = { R: 1, L: -1 } as const
function anteriorOf(side: Side): H {
  return side === 'right' ? 1 : -1
}

/** turn of two image-free vectors given directly as doubles (for the geometry tests). */
export function exactTurn(a1: number, a2: number, b1: number, b2: number): ExactValue {
  return turn([wide(a1), wide(a2)], [wide(b1), wide(b2)])
}

/** fullTurn of a reference turn: [0, 360). */
export function exactFullTurn(a1: number, a2: number, b1: number, b2: number): ExactValue {
  return fullTurn(exactTurn(a1, a2, b1, b2))
}

/** turn(p1 - p0, p2 - p1) of a chain of image points, body direction h (for the geometry tests). */
export function exactBend(p0: XY, p1: XY, p2: XY, h: H): ExactValue {
  return turn(body(p0, p1, h), body(p1, p2, h))
}

/** fullTurn(turn(a - v, b - v)) at vertex v, body direction h (for the geometry tests). */
export function exactFullVertexTurn(a: XY, v: XY, b: XY, h: H): ExactValue {
  return fullTurn(turn(body(v, a, h), body(v, b, h)))
}

// ---------------------------------------------------------------------------
// Views

export type AnteriorInput = Readonly<Record<AnteriorMarker, XY>>
/** Popliteal markers may be absent when estimate_popliteal is true. */
export type PosteriorInput = Readonly<Record<Exclude<PosteriorMarker, 'popliteo_der' | 'popliteo_izq'>, XY>> &
  Partial<Readonly<Record<'popliteo_der' | 'popliteo_izq', XY>>>
export type LateralInput = Readonly<Record<LateralMarker, XY>>

/** Q angle of one leg: turn(t, s), t = rotula - asis, s = tat - rotula, h lateral. */
function qAngle(asis: XY, rotula: XY, tat: XY, h: H): ExactValue {
  return turn(body(asis, rotula, h), body(rotula, tat, h))
}

export function exactAnterior(m: AnteriorInput, c: Calibration): ExactMetrics {
  const { R, L } = ANTERIOR
  return {
    head_angle: tilt(m.tragus_der, m.tragus_izq, L),
    dist_eminencia_frontal: offset(m.eminencia_frontal_media, R, c),
    dist_espina_nasal: offset(m.espina_nasal, R, c),
    dist_punto_mentoniano: offset(m.punto_mentoniano, R, c),
    trunk_angle: lean(m.punto_sinfisis_pubiana, m.escotadura_esternal, R),
    pelvis_angle: tilt(m.espina_iliaca_anterosuperior_der, m.espina_iliaca_anterosuperior_izq, L),
    q_angle_right: qAngle(m.espina_iliaca_anterosuperior_der, m.centro_rotula_der, m.tat_der, R),
    q_angle_left: qAngle(m.espina_iliaca_anterosuperior_izq, m.centro_rotula_izq, m.tat_izq, L),
    shoulder_angle: tilt(m.punto_acromion_der, m.punto_acromion_izq, L),
    shoulder_pelvis_angle: turn(
      body(m.punto_acromion_der, m.punto_acromion_izq, L),
      body(m.espina_iliaca_anterosuperior_der, m.espina_iliaca_anterosuperior_izq, L),
    ),
    tibial_tuberosity_angle: tilt(m.tat_der, m.tat_izq, L),
    dist_apendice_xifoides: offset(m.apendice_xifoides, R, c),
    dist_ombligo: offset(m.ombligo, R, c),
  }
}

/**
 * Rearfoot angle: turn(g, c), c = calcaneo - aquiles; g = aquiles - popliteo, or
 * with estimate_popliteal the downward vertical (0, -1) in body components.
 */
function rearfoot(popliteo: XY | undefined, aquiles: XY, calcaneo: XY, h: H, estimate: boolean): ExactValue {
  let g: [Decimal, Decimal]
  if (estimate) g = [new Wide(0), new Wide(-1)]
  else {
    if (popliteo === undefined) throw new Error('popliteal marker required when estimate_popliteal is false')
    g = body(popliteo, aquiles, h)
  }
  return turn(g, body(aquiles, calcaneo, h))
}

export function exactPosterior(m: PosteriorInput, c: Calibration, estimatePopliteal: boolean): ExactMetrics {
  const { R, L } = POSTERIOR
  return {
    calcaneo_angle_left: rearfoot(m.popliteo_izq, m.aquiles_izq, m.calcaneo_izq, L, estimatePopliteal),
    calcaneo_angle_right: rearfoot(m.popliteo_der, m.aquiles_der, m.calcaneo_der, R, estimatePopliteal),
    coronal_balance_c7: offset(m.cervical_7, R, c),
    coronal_balance_t7: offset(m.toracica_7, R, c),
    coronal_balance_l5: offset(m.lumbar_5, R, c),
    pelvis_angle: tilt(m.espina_iliaca_posterosuperior_der, m.espina_iliaca_posterosuperior_izq, L),
    head_angle: tilt(m.lobulo_der, m.lobulo_izq, L),
    coronal_balance_t3: offset(m.toracica_3, R, c),
    coronal_balance_t12: offset(m.toracica_12, R, c),
  }
}

/** Only dist_apex_lumbar reads lrv_x and fc. */
export function exactLateral(m: LateralInput, c: Calibration, side: Side): ExactMetrics {
  const A = anteriorOf(side)
  const [across, up] = body(m.apex_cervical, m.tragus, A)
  const elbowU = body(m.punto_epicondilo, m.punto_acromion, A)
  const elbowV = body(m.punto_epicondilo, m.base_3er_metacarpiano, A)
  const kneeU = body(m.tuberculo_condilo_externo, m.trocanter_mayor, A)
  const kneeV = body(m.tuberculo_condilo_externo, m.borde_anterior_maleolo, A)
  const thigh = body(m.trocanter_mayor, m.tuberculo_condilo_externo, A)
  const trunk = body(m.trocanter_mayor, m.punto_acromion, A)
  return {
    head_angle_horizontal: atan2Degrees(narrow(up), narrow(across)),
    trunk_angle_vertical: lean(m.trocanter_mayor, m.punto_acromion, A),
    elbow_angle: fullTurn(turn(elbowV, elbowU)),
    knee_angle: fullTurn(turn(kneeU, kneeV)),
    head_angle_vertical: lean(m.punto_acromion, m.tragus, A),
    hip_angle: fullTurn(turn(thigh, trunk)),
    ankle_angle: tilt(m.borde_anterior_maleolo, m.tuberculo_condilo_externo, A),
    body_angle_vertical: lean(m.borde_anterior_maleolo, m.punto_acromion, A),
    dist_apex_lumbar: offset(m.apex_lumbar, A, c),
  }
}

/**
 * docs/metrics.md, "Popliteal estimate": popliteo = (aquiles.x, aquiles.y - factor *
 * hypot(aquiles - calcaneo)).
 */
export function exactPopliteal(aquiles: XY, calcaneo: XY, factor: number): { x: Exact; y: Exact } {
  const dx = exact(aquiles[0]).minus(exact(calcaneo[0]))
  const dy = exact(aquiles[1]).minus(exact(calcaneo[1]))
  const distance = dx.times(dx).plus(dy.times(dy)).sqrt()
  return { x: exact(aquiles[0]), y: exact(aquiles[1]).minus(exact(factor).times(distance)) }
}
