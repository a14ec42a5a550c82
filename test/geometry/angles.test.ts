import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import {
  bend,
  bendFromVertical,
  deg,
  direction,
  fullTurn,
  lean,
  offset,
  type Point,
  tilt,
  turn,
  vertexTurn,
  wrapDegrees,
} from '#core/geometry/angles.js'
import {
  absDiff,
  atan2Degrees,
  exact,
  exactBend,
  exactFullTurn,
  exactFullVertexTurn,
  exactTurn,
} from '../reference/exact.js'

/** Exactly +0 (assert.equal already tells 0 from -0; this says so in the message). */
function assertPositiveZero(x: number, what: string): void {
  assert.equal(Object.is(x, 0), true, `${what}: expected +0, got ${Object.is(x, -0) ? '-0' : x}`)
}

function assertNaN(x: number, what: string): void {
  assert.equal(Number.isNaN(x), true, `${what}: expected NaN, got ${x}`)
}

function assertClose(actual: number, expected: ReturnType<typeof exactTurn>, what: string, tolerance = 1e-12): void {
  assert.ok(expected !== null, `${what}: reference undefined`)
  const d = absDiff(actual, expected)
  assert.ok(d <= tolerance, `${what}: ${actual} differs from exact ${expected.toString()} by ${d}`)
}

/** The double nearest below 360, the top of fullTurn's range. */
const BELOW_360 = 360 - 2 ** -44
/** The double next above -180. */
const ABOVE_MINUS_180 = -180 + 2 ** -45

describe('deg', () => {
  it('converts exact multiples of PI to exact degrees', () => {
    assert.equal(deg(Math.PI), 180)
    assert.equal(deg(-Math.PI), -180)
    assert.equal(deg(Math.PI / 2), 90)
    assert.equal(deg(Math.PI / 4), 45)
    assertPositiveZero(deg(0), 'deg(0)')
  })
  it('is r * 180 / PI', () => {
    for (const r of [1, -2.5, 1e-300, 5e-324, 3.1]) assert.equal(deg(r), (r * 180) / Math.PI)
  })
})

describe('direction', () => {
  it('gives +0 for a level direction, also from negative zeros', () => {
    assertPositiveZero(direction(0, 1), 'direction(0, 1)')
    assertPositiveZero(direction(-0, 1), 'direction(-0, 1)')
    assertPositiveZero(direction(-0, 5e-324), 'direction(-0, 5e-324)')
  })
  it('gives exactly 180, never -180, for the opposite direction', () => {
    assert.equal(direction(0, -1), 180)
    assert.equal(direction(-0, -1), 180)
    assert.equal(direction(-0, -5e-324), 180)
    assert.equal(direction(-0, -1e300), 180)
  })
  it('is NaN for a zero vector, whatever the zero signs', () => {
    for (const [y, x] of [
      [0, 0],
      [-0, 0],
      [0, -0],
      [-0, -0],
    ] as const)
      assertNaN(direction(y, x), `direction(${Object.is(y, -0) ? '-0' : y}, ${Object.is(x, -0) ? '-0' : x})`)
  })
  it('gives the quadrant angles', () => {
    assert.equal(direction(1, 0), 90)
    assert.equal(direction(1, -0), 90)
    assert.equal(direction(-1, 0), -90)
    assert.equal(direction(1, 1), 45)
    assert.equal(direction(-1, -1), -135)
  })
  it('keeps exact angles for tiny and subnormal vectors', () => {
    assert.equal(direction(5e-324, 5e-324), 45)
    assert.equal(direction(1e-300, 1e-300), 45)
    assert.equal(direction(5e-324, -5e-324), 135)
    assert.equal(direction(-1e-310, 0), -90)
  })
  it('stays above -180 and within 1e-12 of exact when y is a tiny negative number and x < 0', () => {
    // Exact value: -180 + (a tiny angle). IEEE atan2 rounds it to -PI; the
    // reported value must stay in (-180, 180] and close to the exact value.
    for (const [y, x] of [
      [-1e-17, -1],
      [-1e-300, -1],
      [-5e-324, -1],
      [-1e-13, -1000],
      [-5e-324, -1e300],
    ] as const) {
      const a = direction(y, x)
      assert.ok(a > -180 && a <= 180, `direction(${y}, ${x}) = ${a} outside (-180, 180]`)
      assertClose(a, atan2Degrees(exact(y), exact(x)), `direction(${y}, ${x})`)
    }
    assert.equal(direction(-1e-17, -1), ABOVE_MINUS_180)
  })
})

describe('turn', () => {
  it('gives +0 for equal directions', () => {
    assertPositiveZero(turn(1, 0, 2, 0), 'turn((1,0),(2,0))')
    assertPositiveZero(turn(-0, 1, 0, 3), 'turn((-0,1),(0,3))')
    assertPositiveZero(turn(-1, -0, -3, 0), 'turn((-1,-0),(-3,0))')
    assertPositiveZero(turn(3, 4, 6, 8), 'turn((3,4),(6,8))')
  })
  it('gives exactly 180 for opposite directions, including negative-zero cross products', () => {
    assert.equal(turn(1, 0, -1, 0), 180)
    assert.equal(turn(0, 1, 0, -1), 180)
    assert.equal(turn(3, 4, -6, -8), 180)
    // cross = (1)(-0) - (-0)(-1) = -0 - 0 = -0: atan2(-0, -1) is -PI in IEEE.
    assert.equal(Object.is(1 * -0 - -0 * -1, -0), true)
    assert.equal(turn(1, -0, -1, -0), 180)
    assert.equal(turn(-0, 1, -0, -1), 180)
    assert.equal(turn(-1, -0, 1, -0), 180)
  })
  it('is NaN when either vector has zero length', () => {
    assertNaN(turn(0, 0, 1, 0), 'a = 0')
    assertNaN(turn(1, 0, -0, 0), 'b = -0,0')
    assertNaN(turn(-0, -0, -0, -0), 'both zero')
  })
  it('is signed counterclockwise', () => {
    assert.equal(turn(1, 0, 0, 1), 90)
    assert.equal(turn(0, 1, 1, 0), -90)
    assert.equal(turn(1, 1, -1, 1), 90)
    assert.equal(turn(1, 0, 1, 1), 45)
    assert.equal(turn(1, 0, 1, -1), -45)
  })
  it('gives correct angles for tiny and subnormal vectors', () => {
    assert.equal(turn(1e-300, 0, 0, 1e-300), 90)
    assert.equal(turn(5e-324, 0, 5e-324, 5e-324), 45)
    assert.equal(turn(5e-324, 0, -5e-324, 0), 180)
    assertPositiveZero(turn(5e-324, 5e-324, 1e-323, 1e-323), 'turn of parallel subnormal vectors')
    assert.equal(turn(5e-324, 0, 0, -5e-324), -90)
    assert.equal(turn(1e-200, 0, 1, 1), 45) // product of the lengths 1e-200 is fine too
    assert.equal(turn(5e-324, 0, 1e300, 1e300), 45)
    assertClose(turn(5e-324, 0, 5e-324, -1e-323), exactTurn(5e-324, 0, 5e-324, -1e-323), 'turn((1,0),(1,-2)) subnormal')
    assertClose(turn(3e-310, 7e-311, -2e-309, 1e-309), exactTurn(3e-310, 7e-311, -2e-309, 1e-309), 'subnormal general')
  })
  it('matches the exact value for nearly parallel and nearly opposite vectors (the sign of a tiny cross product)', () => {
    // b is a rounded multiple of a: the exact cross product is tiny and its sign
    // decides between 0 and -0 (fullTurn: 0 or 360) or between 180 and -180.
    fc.assert(
      fc.property(
        fc.double({ min: -1e4, max: 1e4, noNaN: true }),
        fc.double({ min: -1e4, max: 1e4, noNaN: true }),
        fc.double({ min: -1e3, max: 1e3, noNaN: true }),
        (a1, a2, k) => {
          fc.pre(a1 !== 0 || a2 !== 0)
          const b1 = a1 * k
          const b2 = a2 * k
          fc.pre(b1 !== 0 || b2 !== 0)
          assertClose(turn(a1, a2, b1, b2), exactTurn(a1, a2, b1, b2), `turn((${a1},${a2}),(${b1},${b2}))`)
          assertClose(
            fullTurn(turn(a1, a2, b1, b2)),
            exactFullTurn(a1, a2, b1, b2),
            `fullTurn(turn((${a1},${a2}),(${b1},${b2})))`,
          )
        },
      ),
      { numRuns: 2000, seed: 20240611 },
    )
  })
  it('decides near-180 turns by the exact sign of the cross product (regressions)', () => {
    // Rounded cross product 0, exact cross product negative: -180 + 2.8e-16.
    const a = [76.66104540635956, 5.779830851920664, -60.24483455655538, -4.54213677354769] as const
    assert.equal(a[0] * a[3] - a[1] * a[2], 0)
    assert.equal(turn(...a), ABOVE_MINUS_180)
    assertClose(turn(...a), exactTurn(...a), 'rounded cross 0')
    // Rounded cross product negative and tiny: atan2 rounds to -PI.
    const b = [25.54037171889685, 35.67964839500741, -24.491911979625602, -34.2149604388082] as const
    assert.equal(turn(...b), ABOVE_MINUS_180)
    // Exact opposite vectors: still exactly 180.
    assert.equal(turn(-1, 0, 1, 5e-324), ABOVE_MINUS_180)
    assert.equal(turn(-1, 0, 1, -0), 180)
  })
  it('decides near-0 turns by the exact sign of the cross product, so fullTurn is 0 or just below 360 (regressions)', () => {
    // Rounded cross product 0, exact turn -4.8e-16: fullTurn is 360 - 4.8e-16.
    const a = [39.76995441094067, 93.08514965717538, 29.831551746236006, 69.82342574776085] as const
    assert.equal(a[0] * a[3] - a[1] * a[2], 0)
    assert.ok(turn(...a) < 0)
    assert.equal(fullTurn(turn(...a)), BELOW_360)
    // Exact turn +4e-16: fullTurn stays near 0.
    const b = [24.489318178472132, 19.574030528950036, 37.51800361502657, 29.987709040889484] as const
    assert.ok(turn(...b) >= 0 && turn(...b) < 1e-12)
    // Subnormal components: the tiny up component of a must not be flushed by rescaling.
    assert.equal(fullTurn(turn(-5e-324, 2, -0, 1e-323)), BELOW_360)
    assert.equal(fullTurn(turn(27.083333333333336, 6.4e-323, 8.05e-322, 0)), BELOW_360)
    assert.ok(fullTurn(turn(27.083333333333336, -6.4e-323, 8.05e-322, 0)) < 1e-300)
  })
  it('stays in (-180, 180] and within 1e-12 of exact for arbitrary vectors', () => {
    const component = fc.oneof(
      fc.double({ min: -1e9, max: 1e9, noNaN: true }),
      fc.integer({ min: -5, max: 5 }),
      fc.double({ min: -1e-300, max: 1e-300, noNaN: true }),
    )
    fc.assert(
      fc.property(component, component, component, component, (a1, a2, b1, b2) => {
        const t = turn(a1, a2, b1, b2)
        if ((a1 === 0 && a2 === 0) || (b1 === 0 && b2 === 0)) {
          assertNaN(t, 'zero vector')
          return
        }
        assert.ok(t > -180 && t <= 180, `turn = ${t}`)
        assertClose(t, exactTurn(a1, a2, b1, b2), `turn((${a1},${a2}),(${b1},${b2}))`)
      }),
      { numRuns: 2000, seed: 7 },
    )
  })
})

describe('tilt', () => {
  const from: Point = [100, 210]
  it('computes the worked example', () => {
    assert.equal(tilt(from, [300, 200], 1), 2.8624052261117474)
    assert.equal(tilt(from, [300, 200], 1), deg(Math.atan2(10, 200)))
  })
  it('is +0 for a level pair pointing toward h', () => {
    assertPositiveZero(tilt([0, 5], [10, 5], 1), 'tilt h=+1')
    assertPositiveZero(tilt([10, 5], [0, 5], -1), 'tilt h=-1')
    assertPositiveZero(tilt([-0, 0], [1e-300, -0], 1), 'tilt tiny')
  })
  it('is exactly 180 for a level pair pointing away from h (negative zero up)', () => {
    assert.equal(tilt([10, 5], [0, 5], 1), 180)
    assert.equal(tilt([0, 5], [10, 5], -1), 180)
    assert.equal(tilt([5e-324, 0], [0, 0], 1), 180)
  })
  it('is NaN for coincident points', () => {
    assertNaN(tilt([3, 4], [3, 4], 1), 'coincident')
    assertNaN(tilt([0, -0], [-0, 0], -1), 'signed zeros')
  })
  it('changes sign with h and with a vertical flip', () => {
    assert.equal(tilt([0, 0], [10, -10], 1), 45)
    assert.equal(tilt([0, 0], [10, 10], 1), -45)
    assert.equal(tilt([0, 0], [-10, -10], -1), 45)
    assert.equal(tilt([0, 0], [10, -10], -1), 135)
  })
  it('handles tiny pixel offsets', () => {
    assert.equal(tilt([0, 0], [5e-324, -5e-324], 1), 45)
    assert.equal(tilt([1e-300, 1e-300], [2e-300, 0], 1), 45)
  })
})

describe('lean', () => {
  it('is +0 for a vertical line, for both h', () => {
    assertPositiveZero(lean([0, 10], [0, 0], 1), 'lean h=+1')
    assertPositiveZero(lean([0, 10], [0, 0], -1), 'lean h=-1 (across = -0)')
  })
  it('is 180 when the upper point is straight below', () => {
    assert.equal(lean([0, 0], [0, 10], 1), 180)
    assert.equal(lean([0, 0], [0, 10], -1), 180)
  })
  it('is positive when the upper point lies toward h', () => {
    assert.equal(lean([0, 10], [5, 5], 1), 45)
    assert.equal(lean([0, 10], [5, 5], -1), -45)
    assert.equal(lean([0, 10], [-5, 5], -1), 45)
    assert.equal(lean([0, 10], [10, 10], 1), 90)
  })
  it('is NaN for coincident points', () => {
    assertNaN(lean([1, 1], [1, 1], -1), 'coincident')
  })
  it('handles subnormal offsets', () => {
    assert.equal(lean([0, 5e-324], [5e-324, 0], 1), 45)
  })
})

describe('offset', () => {
  it('computes the worked example: -1 * (480 - 500) * 0.1 = 2', () => {
    assert.equal(offset([480, 300], -1, 500, 0.1), 2)
    assert.equal(offset([480, 300], 1, 500, 0.1), -2)
  })
  it('is +0 on the reference line, for both h', () => {
    assertPositiveZero(offset([500, 1], 1, 500, 0.1), 'h=+1')
    assertPositiveZero(offset([500, 1], -1, 500, 0.1), 'h=-1')
    assertPositiveZero(offset([-0, 1], -1, 0, 3), 'signed zeros')
  })
  it('is h * (x - lrv_x) * fc', () => {
    assert.equal(offset([1e9, 0], 1, -1e9, 1e3), 2e12)
    assert.equal(offset([1.5, 0], -1, 0.5, 0.25), -0.25)
  })
})

describe('bend', () => {
  it('computes the worked Q angle example', () => {
    assert.equal(bend([100, 0], [130, 400], [125, 480], -1), 7.8654877038163695)
    assert.equal(bend([100, 0], [130, 400], [125, 480], 1), -7.8654877038163695)
  })
  it('is +0 for a straight chain and 180 for a chain folded back on itself', () => {
    assertPositiveZero(bend([0, 0], [0, 100], [0, 200], -1), 'straight vertical, h=-1')
    assertPositiveZero(bend([0, 0], [30, 40], [60, 80], 1), 'straight oblique')
    assert.equal(bend([0, 0], [0, 100], [0, 50], 1), 180)
    assert.equal(bend([0, 0], [0, 100], [0, 50], -1), 180)
    assert.equal(bend([0, 0], [100, 0], [50, 0], -1), 180)
  })
  it('is NaN when two consecutive points coincide', () => {
    assertNaN(bend([0, 0], [0, 0], [1, 1], 1), 'p0 = p1')
    assertNaN(bend([0, 0], [1, 1], [1, 1], 1), 'p1 = p2')
  })
})

describe('bend and vertexTurn near the boundaries', () => {
  // tat - rotula = (4845.999999999999, 995.9999999999998...) is not a double: the
  // rounded difference has a cross product of the other sign than the exact one.
  const p0: Point = [2424, -2]
  const p1: Point = [1, -500]
  const p2: Point = [4846.999999999999, 495.99999999999983]
  it('decide the sign from the coordinates, not from rounded differences', () => {
    const rounded = turn(p1[0] - p0[0], -(p1[1] - p0[1]), p2[0] - p1[0], -(p2[1] - p1[1]))
    assert.equal(rounded, ABOVE_MINUS_180) // right for the rounded vectors
    // exact: +179.99999999999999981, whose nearest double is 180
    assert.equal(bend(p0, p1, p2, 1), 180)
    assert.equal(bend(p0, p1, p2, -1), ABOVE_MINUS_180)
    // the same two vectors at a vertex: a - v = p1 - p0 and b - v = p2 - p1
    const a: Point = [2 * p1[0] - p0[0], 2 * p1[1] - p0[1]]
    assert.equal(vertexTurn(a, p1, p2, 1), 180)
  })
  it('stay within 1e-12 of exact for chains a few ulps off straight or folded', () => {
    const ulp = (x: number, n: number): number => x + n * Math.abs(x) * 2 ** -52
    fc.assert(
      fc.property(
        fc.integer({ min: -5000, max: 5000 }),
        fc.integer({ min: -5000, max: 5000 }),
        fc.integer({ min: -5000, max: 5000 }),
        fc.integer({ min: -5000, max: 5000 }),
        fc.double({ min: -3, max: 3, noNaN: true }),
        fc.integer({ min: -2, max: 2 }),
        fc.integer({ min: -2, max: 2 }),
        fc.constantFrom<1 | -1>(1, -1),
        (x0, y0, x1, y1, t, i, j, h) => {
          fc.pre(x0 !== x1 || y0 !== y1)
          const q0: Point = [x0 + 0.1, y0 + 0.3]
          const q1: Point = [x1 + 0.7, y1 + 0.9]
          const q2: Point = [ulp(q1[0] + t * (q1[0] - q0[0]), i), ulp(q1[1] + t * (q1[1] - q0[1]), j)]
          fc.pre(q2[0] !== q1[0] || q2[1] !== q1[1])
          assertClose(bend(q0, q1, q2, h), exactBend(q0, q1, q2, h), `bend(${JSON.stringify([q0, q1, q2])}, ${h})`)
          assertClose(
            fullTurn(vertexTurn(q0, q1, q2, h)),
            exactFullVertexTurn(q0, q1, q2, h),
            `fullTurn(vertexTurn(${JSON.stringify([q0, q1, q2])}, ${h}))`,
          )
        },
      ),
      { numRuns: 2000, seed: 99 },
    )
  })
})

describe('bendFromVertical', () => {
  it('is +0 for a segment pointing straight down and 180 for one pointing up', () => {
    assertPositiveZero(bendFromVertical([0, 0], [0, 10], 1), 'down, h=+1')
    assertPositiveZero(bendFromVertical([0, 0], [0, 10], -1), 'down, h=-1')
    assert.equal(bendFromVertical([0, 10], [0, 0], 1), 180)
    assert.equal(bendFromVertical([0, 10], [0, 0], -1), 180)
  })
  it('is positive when the lower end lies toward h', () => {
    assert.equal(bendFromVertical([0, 0], [10, 10], 1), 45)
    assert.equal(bendFromVertical([0, 0], [10, 10], -1), -45)
    assert.equal(bendFromVertical([0, 0], [-10, 0], -1), 90)
  })
  it('equals bend with any point straight above p1', () => {
    assert.equal(bendFromVertical([5, 5], [8, 9], 1), bend([5, 1], [5, 5], [8, 9], 1))
    assert.equal(bendFromVertical([5, 5], [2, 9], -1), bend([5, 4], [5, 5], [2, 9], -1))
  })
  it('is NaN for coincident points', () => {
    assertNaN(bendFromVertical([2, 2], [2, 2], 1), 'coincident')
  })
})

describe('vertexTurn', () => {
  it('is exactly 180 for a straight joint, for both h and any orientation', () => {
    assert.equal(vertexTurn([0, 0], [0, 100], [0, 200], 1), 180)
    assert.equal(vertexTurn([0, 0], [0, 100], [0, 200], -1), 180)
    assert.equal(vertexTurn([0, 200], [0, 100], [0, 0], -1), 180)
    assert.equal(vertexTurn([0, 0], [30, 40], [60, 80], 1), 180)
    assert.equal(vertexTurn([0, 5], [10, 5], [20, 5], -1), 180)
  })
  it('is +0 when both arms point the same way', () => {
    assertPositiveZero(vertexTurn([0, 0], [0, 100], [0, 50], 1), 'folded, h=+1')
    assertPositiveZero(vertexTurn([0, 0], [0, 100], [0, 50], -1), 'folded, h=-1')
  })
  it('is the turn from arm v->a to arm v->b', () => {
    assert.equal(vertexTurn([10, 0], [0, 0], [0, -10], 1), 90)
    assert.equal(vertexTurn([10, 0], [0, 0], [0, -10], -1), -90)
  })
  it('is NaN when an arm has zero length', () => {
    assertNaN(vertexTurn([1, 1], [1, 1], [2, 2], 1), 'a = v')
    assertNaN(vertexTurn([0, 0], [1, 1], [1, 1], 1), 'b = v')
  })
})

describe('fullTurn', () => {
  it('maps (-180, 180] onto [0, 360)', () => {
    assertPositiveZero(fullTurn(0), 'fullTurn(0)')
    assertPositiveZero(fullTurn(-0), 'fullTurn(-0)')
    assert.equal(fullTurn(180), 180)
    assert.equal(fullTurn(90), 90)
    assert.equal(fullTurn(-90), 270)
    assert.equal(fullTurn(ABOVE_MINUS_180), 360 + ABOVE_MINUS_180)
    assert.ok(fullTurn(ABOVE_MINUS_180) > 180)
  })
  it('stays below 360 for tiny negative turns, within 6e-14 of the exact value', () => {
    for (const a of [-1e-20, -1e-14, -5e-324, -(2 ** -46), -(2 ** -45)]) {
      const f = fullTurn(a)
      assert.ok(f >= 0 && f < 360, `fullTurn(${a}) = ${f}`)
      assert.ok(absDiff(f, exact(a).plus(360)) < 6e-14, `fullTurn(${a}) = ${f}`)
    }
    assert.equal(fullTurn(-1e-20), BELOW_360)
  })
  it('keeps NaN', () => {
    assertNaN(fullTurn(NaN), 'fullTurn(NaN)')
  })
  it('is in [0, 360) for every turn', () => {
    fc.assert(
      fc.property(fc.double({ min: -180, max: 180, noNaN: true, minExcluded: true }), (a) => {
        const f = fullTurn(a)
        assert.ok(f >= 0 && f < 360 && !Object.is(f, -0), `fullTurn(${a}) = ${f}`)
      }),
      { numRuns: 1000, seed: 3 },
    )
  })
})

describe('wrapDegrees', () => {
  it('wraps into (-180, 180], -180 and every odd multiple of 180 to 180', () => {
    assert.equal(wrapDegrees(190), -170)
    assert.equal(wrapDegrees(-190), 170)
    assert.equal(wrapDegrees(359), -1)
    assert.equal(wrapDegrees(720), 0)
    for (const a of [180, -180, 540, -540]) assert.equal(wrapDegrees(a), 180, `wrapDegrees(${a})`)
    assertPositiveZero(wrapDegrees(-0), 'wrapDegrees(-0)')
    assertPositiveZero(wrapDegrees(-360), 'wrapDegrees(-360)')
    assertNaN(wrapDegrees(NaN), 'wrapDegrees(NaN)')
  })
  it('keeps an angle already in (-180, 180] as it is, and moves others by whole turns', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -180, max: 180, noNaN: true, minExcluded: true }),
        fc.integer({ min: -5, max: 5 }),
        (a, turns) => {
          assert.equal(wrapDegrees(a), a + 0)
          const w = wrapDegrees(a + 360 * turns)
          assert.ok(w > -180 && w <= 180, `wrapDegrees(${a} + 360 * ${turns}) = ${w}`)
          assert.ok(Math.abs(wrapDegrees(w - a)) < 1e-9, `wrapDegrees(${a} + 360 * ${turns}) = ${w}`)
        },
      ),
      { numRuns: 1000, seed: 4 },
    )
  })
  it('with fullTurn, gives any angle in [0, 360)', () => {
    assert.equal(fullTurn(wrapDegrees(-90)), 270)
    assert.equal(fullTurn(wrapDegrees(450)), 90)
    assertPositiveZero(fullTurn(wrapDegrees(-720)), 'fullTurn(wrapDegrees(-720))')
  })
})
