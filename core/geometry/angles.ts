/**
 * Plane geometry in body components (docs/metrics.md, "Body directions").
 *
 * Every function here is pure and scalar (gl-matrix style): it reads coordinates
 * and returns one number, allocation-free except for the rare exact path of turn
 * (nearly parallel or opposite vectors). An angle that is undefined because a
 * vector has zero length comes back as NaN; the metric layer turns NaN into a
 * validation error that names the markers, so no NaN ever reaches a response.
 */

/** A marker position `[x, y]` in image pixels; y grows downward. */
export type Point = readonly [number, number]

/**
 * Which image direction points toward a body direction: +1 image right, -1 image
 * left. The "across" body component of an image vector `(dx, dy)` is `h * dx`; its
 * "up" component is `-dy`.
 */
export type Direction = 1 | -1

/** Radians to degrees, written as docs/metrics.md writes it: `r * 180 / PI`. */
export function deg(radians: number): number {
  return (radians * 180) / Math.PI
}

/**
 * `deg(atan2(y, x))` in (-180, 180]. IEEE atan2 gives -PI for a negative zero y
 * with negative x; docs/metrics.md reports that direction as +180. NaN when both are
 * zero: the direction of a zero vector is undefined.
 */
export function direction(y: number, x: number): number {
  if (y === 0 && x === 0) return NaN
  const a = deg(Math.atan2(y, x))
  if (a > -180) {
    // y < 0 with an angle too small for a double (atan2 underflowed to -0): keep
    // the sign, which fullTurn needs (the exact value is just below 0, not 0).
    if (a === 0 && y < 0) return -Number.MIN_VALUE
    return a + 0 // + 0 turns -0 into 0
  }
  // y = -0: the direction is exactly 180. y < 0: the exact angle lies just above
  // -180 and only rounded to it; the double next above -180 keeps the stated range
  // and is within 3e-14 of the exact value (180 would be 360 away).
  return y === 0 ? 180 : ABOVE_MINUS_180
}

// The double next above -180.
const ABOVE_MINUS_180 = -180 + 2 ** -45

// Below this product of component magnitudes, cross and dot products may lose
// bits to subnormals or underflow to zero; 2^-900 leaves a wide margin.
const TINY_PRODUCT = 2 ** -900

/** Scales v by 2^k, k chosen so `m * 2^k` is near 1. Powers of two scale exactly. */
function normalizeBy(v: number, m: number): number {
  const k = -Math.floor(Math.log2(m))
  const half = Math.floor(k / 2)
  // Two steps: 2^k alone overflows for subnormal m (k up to 1074).
  return v * 2 ** half * 2 ** (k - half)
}

/**
 * turn(a, b): the signed angle from vector a to vector b, counterclockwise in the
 * (across, up) frame, in (-180, 180]: `deg(atan2(cross, dot))`. atan2 of the cross
 * and dot products keeps full precision near 0 and 180 degrees, where acos does not.
 */
export function turn(a1: number, a2: number, b1: number, b2: number): number {
  if ((a1 === 0 && a2 === 0) || (b1 === 0 && b2 === 0)) return NaN
  const t = roundedTurn(a1, a2, b1, b2)
  if (t !== UNDECIDED) return t
  const e = Math.min(lowBit(a1), lowBit(a2), lowBit(b1), lowBit(b2))
  return exactTurn(integerAt(a1, e), integerAt(a2, e), integerAt(b1, e), integerAt(b2, e))
}

/** roundedTurn's answer when the sign of the cross product is uncertain. */
const UNDECIDED = Infinity

/**
 * turn in double arithmetic, or UNDECIDED when the rounded cross product is too
 * small for its sign to be trusted. The components may themselves be rounded
 * differences of coordinates (relative error 2^-53 each): the bound allows for it.
 */
function roundedTurn(a1: number, a2: number, b1: number, b2: number): number {
  const ma = Math.max(Math.abs(a1), Math.abs(a2))
  const mb = Math.max(Math.abs(b1), Math.abs(b2))
  if (ma * mb < TINY_PRODUCT) {
    // The angle does not depend on the vectors' lengths: rescale exactly. Only
    // upward: scaling a long vector down could flush its small component to zero
    // (e.g. (5e-324, 2) / 2 = (0, 1)) and change the angle's sign.
    if (ma < 1) {
      a1 = normalizeBy(a1, ma)
      a2 = normalizeBy(a2, ma)
    }
    if (mb < 1) {
      b1 = normalizeBy(b1, mb)
      b2 = normalizeBy(b2, mb)
    }
  }
  const p = a1 * b2
  const q = a2 * b1
  const cross = p - q
  // Each rounded product is off by at most 3 * 2^-53 of itself (its own rounding
  // and that of two rounded differences), plus 2^-1075 if it underflows. Below
  // this bound the sign of the rounded cross product may be wrong, which moves a
  // turn near 0 or 180 to the other side of the boundary (0 vs 360 for fullTurn,
  // 180 vs -180 here): the caller decides it exactly instead. Also taken when a
  // product overflows (the comparison is false for NaN).
  if (!(Math.abs(cross) > (Math.abs(p) + Math.abs(q)) * 2 ** -51 + 2 ** -1070)) return UNDECIDED
  return direction(cross, a1 * b1 + a2 * b2)
}

/**
 * The turn from vector q0->q1 to vector r0->r1, in body components with h. Near 0
 * and 180 the rounded differences of the coordinates can flip the sign of the
 * cross product, so the exact path starts from the coordinates themselves.
 */
function turnBetween(q0: Point, q1: Point, r0: Point, r1: Point, h: Direction): number {
  const a1 = h * (q1[0] - q0[0])
  const a2 = -(q1[1] - q0[1])
  const b1 = h * (r1[0] - r0[0])
  const b2 = -(r1[1] - r0[1])
  if ((a1 === 0 && a2 === 0) || (b1 === 0 && b2 === 0)) return NaN
  const t = roundedTurn(a1, a2, b1, b2)
  if (t !== UNDECIDED) return t
  const e = Math.min(
    lowBit(q0[0]),
    lowBit(q0[1]),
    lowBit(q1[0]),
    lowBit(q1[1]),
    lowBit(r0[0]),
    lowBit(r0[1]),
    lowBit(r1[0]),
    lowBit(r1[1]),
  )
  const across = BigInt(h)
  return exactTurn(
    across * (integerAt(q1[0], e) - integerAt(q0[0], e)),
    integerAt(q0[1], e) - integerAt(q1[1], e),
    across * (integerAt(r1[0], e) - integerAt(r0[0], e)),
    integerAt(r0[1], e) - integerAt(r1[1], e),
  )
}

const float = new Float64Array(1)
const bits = new BigUint64Array(float.buffer)

/** The exponent of the last mantissa bit of a double: x is an integer multiple of 2^lowBit(x). */
function lowBit(x: number): number {
  if (x === 0) return Infinity // a multiple of any power of two
  float[0] = x
  const biased = Number((bits[0]! >> 52n) & 0x7ffn)
  return (biased === 0 ? 1 : biased) - 1075
}

/** x / 2^e as an exact BigInt, for e <= lowBit(x). */
function integerAt(x: number, e: number): bigint {
  float[0] = x
  const b = bits[0]!
  const biased = Number((b >> 52n) & 0x7ffn)
  const mantissa = biased === 0 ? b & 0xfffffffffffffn : (b & 0xfffffffffffffn) | (1n << 52n)
  const v = mantissa << BigInt((biased === 0 ? 1 : biased) - 1075 - e)
  return b >> 63n === 1n ? -v : v
}

/**
 * turn(a, b) from exact integer components (all scaled by the same power of two,
 * which cancels in atan2), with BigInt arithmetic; only for nearly parallel or
 * opposite vectors. The common right shift that keeps 64 bits of the larger of
 * cross and dot also cancels; it rounds toward minus infinity, so a negative cross
 * product never becomes zero and keeps its sign.
 */
function exactTurn(x1: bigint, x2: bigint, y1: bigint, y2: bigint): number {
  let cross = x1 * y2 - x2 * y1
  let dot = x1 * y1 + x2 * y2
  if (cross === 0n) return dot > 0n ? 0 : 180 // parallel or opposite
  const digits = Math.max(
    (cross < 0n ? -cross : cross).toString(16).length,
    (dot < 0n ? -dot : dot).toString(16).length,
  )
  if (digits > 16) {
    const shift = BigInt(4 * (digits - 16))
    cross >>= shift
    dot >>= shift
  }
  return direction(Number(cross), Number(dot))
}

/**
 * tilt(from, to, h) of a left-right line: the angle of `to - from` above the
 * body direction h, in (-180, 180].
 */
export function tilt(from: Point, to: Point, h: Direction): number {
  return direction(-(to[1] - from[1]), h * (to[0] - from[0]))
}

/**
 * lean(lower, upper, h) of a line against the vertical: positive when `upper` lies
 * toward body direction h from the vertical through `lower`.
 */
export function lean(lower: Point, upper: Point, h: Direction): number {
  return direction(h * (upper[0] - lower[0]), -(upper[1] - lower[1]))
}

/**
 * offset(p, h) from the vertical reference line at x = lrvX, in centimetres (fc is
 * cm per pixel): positive when p lies toward body direction h.
 */
export function offset(p: Point, h: Direction, lrvX: number, fc: number): number {
  return h * (p[0] - lrvX) * fc + 0 // + 0 turns -0 into 0
}

/**
 * The turn from segment p0->p1 to segment p1->p2 of a chain of three markers (how
 * much the chain bends at p1).
 */
export function bend(p0: Point, p1: Point, p2: Point, h: Direction): number {
  return turnBetween(p0, p1, p1, p2, h)
}

/**
 * The turn from the line q0->q1 to the line r0->r1 (two lines that need not share
 * a point, e.g. the shoulder line and the pelvis line).
 */
export function lineTurn(q0: Point, q1: Point, r0: Point, r1: Point, h: Direction): number {
  return turnBetween(q0, q1, r0, r1, h)
}

/** The turn from the straight-down vertical to segment p1->p2. */
export function bendFromVertical(p1: Point, p2: Point, h: Direction): number {
  return turn(0, -1, h * (p2[0] - p1[0]), -(p2[1] - p1[1]))
}

/** The turn, at vertex v, from the arm v->a to the arm v->b. */
export function vertexTurn(a: Point, v: Point, b: Point, h: Direction): number {
  return turnBetween(v, a, v, b, h)
}

// The largest double below 360.
const BELOW_360 = 360 - 2 ** -44

/**
 * A turn in (-180, 180] mapped to [0, 360): negative turns get 360 added. A turn
 * so slightly negative that `a + 360` rounds to 360 is reported as the largest
 * double below 360, which keeps the stated range and is within 6e-14 of the exact
 * value.
 */
export function fullTurn(a: number): number {
  if (!(a < 0)) return a + 0 // + 0 turns -0 into 0; NaN stays NaN
  const b = a + 360
  return b < 360 ? b : BELOW_360
}

/**
 * An angle or a difference of angles, in degrees, wrapped into (-180, 180]: the
 * one wrap the service and the app use (a change of an angle across the 0/360 or
 * ±180 seam, an arc drawn between two directions). `fullTurn(wrapDegrees(a))` is
 * any angle in [0, 360).
 */
export function wrapDegrees(a: number): number {
  const w = a - 360 * Math.round(a / 360)
  return w === -180 ? 180 : w + 0 // + 0 turns -0 into 0
}
