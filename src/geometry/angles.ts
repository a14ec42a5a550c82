/**
 * Plane geometry in body components (METRICS.md, "Body directions").
 *
 * Every function here is pure, scalar and allocation-free (gl-matrix style): it
 * reads coordinates and returns one number. An angle that is undefined because a
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

/** Radians to degrees, written as METRICS.md writes it: `r * 180 / PI`. */
export function deg(radians: number): number {
  return (radians * 180) / Math.PI
}

/**
 * `deg(atan2(y, x))` in (-180, 180]. IEEE atan2 gives -PI for a negative zero y
 * with negative x; METRICS.md reports that direction as +180. NaN when both are
 * zero: the direction of a zero vector is undefined.
 */
export function direction(y: number, x: number): number {
  if (y === 0 && x === 0) return NaN
  const a = deg(Math.atan2(y, x))
  return a <= -180 ? 180 : a + 0 // + 0 turns -0 into 0
}

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
  const ma = Math.max(Math.abs(a1), Math.abs(a2))
  const mb = Math.max(Math.abs(b1), Math.abs(b2))
  if (ma * mb < TINY_PRODUCT) {
    // The angle does not depend on the vectors' lengths: rescale exactly.
    a1 = normalizeBy(a1, ma)
    a2 = normalizeBy(a2, ma)
    b1 = normalizeBy(b1, mb)
    b2 = normalizeBy(b2, mb)
  }
  return direction(a1 * b2 - a2 * b1, a1 * b1 + a2 * b2)
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
  return turn(h * (p1[0] - p0[0]), -(p1[1] - p0[1]), h * (p2[0] - p1[0]), -(p2[1] - p1[1]))
}

/** The turn from the straight-down vertical to segment p1->p2. */
export function bendFromVertical(p1: Point, p2: Point, h: Direction): number {
  return turn(0, -1, h * (p2[0] - p1[0]), -(p2[1] - p1[1]))
}

/** The turn, at vertex v, from the arm v->a to the arm v->b. */
export function vertexTurn(a: Point, v: Point, b: Point, h: Direction): number {
  return turn(h * (a[0] - v[0]), -(a[1] - v[1]), h * (b[0] - v[0]), -(b[1] - v[1]))
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
