/**
 * The repeatability statistics (web/src/metrics/agreement.ts) and the distributions
 * behind their intervals (distributions.ts): Shrout & Fleiss' worked example (1979,
 * Table 2: 6 targets by 4 judges) to the precision the paper prints, quantiles against
 * printed statistical tables, and generated data of known variance components whose
 * true values the intervals hold (property test).
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import fc from 'fast-check'
import { agreementOf, meanSquares } from '../../../../web/src/metrics/agreement.js'
import {
  chiSquareQuantile,
  fQuantile,
  incompleteBeta,
  logGamma,
  tQuantile,
} from '../../../../web/src/metrics/distributions.js'

/** Shrout PE, Fleiss JL. Psychol Bull 1979;86(2):420-8, Table 2: ratings of 6 targets by 4 judges. */
const SHROUT_FLEISS = [
  [9, 2, 5, 8],
  [6, 1, 3, 2],
  [8, 4, 6, 8],
  [7, 1, 2, 6],
  [10, 5, 6, 9],
  [6, 2, 4, 7],
]

const round = (x: number, digits: number) => Number(x.toFixed(digits))

describe('distributions', () => {
  test('log-gamma of whole and half numbers', () => {
    assert.ok(Math.abs(logGamma(5) - Math.log(24)) < 1e-13)
    assert.ok(Math.abs(logGamma(0.5) - Math.log(Math.sqrt(Math.PI))) < 1e-13)
    assert.ok(Math.abs(logGamma(101) - 363.73937555556347) < 1e-10)
  })

  test('the incomplete beta is the binomial tail it equals for whole parameters', () => {
    // I_x(a, n - a + 1) = P(Binomial(n, x) >= a).
    const tail = (n: number, a: number, x: number) => {
      let sum = 0
      for (let j = a; j <= n; j++) {
        let c = 1
        for (let i = 0; i < j; i++) c = (c * (n - i)) / (i + 1)
        sum += c * x ** j * (1 - x) ** (n - j)
      }
      return sum
    }
    for (const [n, a, x] of [
      [10, 3, 0.2],
      [10, 7, 0.6],
      [25, 12, 0.45],
      [40, 1, 0.01],
    ] as const)
      assert.ok(Math.abs(incompleteBeta(x, a, n - a + 1) - tail(n, a, x)) < 1e-12, `${n} ${a} ${x}`)
  })

  test('quantiles agree with printed tables', () => {
    // Upper 2.5 % points of F, t and chi-square as statistical tables print them.
    assert.equal(round(fQuantile(0.975, 5, 15), 3), 3.576)
    assert.equal(round(fQuantile(0.975, 15, 5), 3), 6.428)
    assert.equal(round(fQuantile(0.95, 1, 10), 2), 4.96)
    assert.equal(round(tQuantile(0.975, 10), 3), 2.228)
    assert.equal(round(tQuantile(0.025, 29), 3), -2.045)
    assert.equal(round(tQuantile(0.975, 1), 3), 12.706)
    assert.equal(round(chiSquareQuantile(0.975, 10), 3), 20.483)
    assert.equal(round(chiSquareQuantile(0.025, 10), 3), 3.247)
    assert.equal(round(chiSquareQuantile(0.95, 1), 3), 3.841)
  })

  test('a quantile is where its distribution function reaches the probability', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.001, max: 0.999, noNaN: true }),
        fc.double({ min: 1, max: 500, noNaN: true }),
        fc.double({ min: 1, max: 500, noNaN: true }),
        (p, d1, d2) => {
          const f = fQuantile(p, d1, d2)
          const x = (d1 * f) / (d1 * f + d2)
          assert.ok(Math.abs(incompleteBeta(x, d1 / 2, d2 / 2) - p) < 1e-9)
        },
      ),
    )
  })
})

describe('agreement: Shrout & Fleiss 1979, Table 2', () => {
  const a = agreementOf(SHROUT_FLEISS)

  test('the analysis of variance the paper prints (Table 3)', () => {
    const s = meanSquares(SHROUT_FLEISS)
    // Between targets 11.24, within targets 6.26, between judges 32.49, residual 1.02.
    assert.equal(round(s.msr, 2), 11.24)
    assert.equal(round(s.msw, 2), 6.26)
    assert.equal(round(s.msc, 2), 32.49)
    assert.equal(round(s.mse, 2), 1.02)
  })

  test('ICC(1,1) = .17, ICC(2,1) = .29, ICC(3,1) = .71', () => {
    assert.equal(round(a.icc1.value, 2), 0.17)
    assert.equal(round(a.icc2.value, 2), 0.29)
    assert.equal(round(a.icc3.value, 2), 0.71)
  })

  test('the 95 % intervals agree with another implementation to the 2 decimals it prints', () => {
    // R's psych package, ICC() on this table (its documented example): ICC1 -0.13 to 0.72,
    // ICC2 0.02 to 0.76, ICC3 0.34 to 0.95.
    const two = (e: { lower: number | null; upper: number | null }) => [round(e.lower!, 2), round(e.upper!, 2)]
    assert.deepEqual(two(a.icc1), [-0.13, 0.72])
    assert.deepEqual(two(a.icc2), [0.02, 0.76])
    assert.deepEqual(two(a.icc3), [0.34, 0.95])
  })

  test('each interval holds its estimate, and k = 4 has no limits of agreement', () => {
    for (const e of [a.icc1, a.icc2, a.icc3, a.sem, a.mdc]) {
      assert.ok(e.lower !== null && e.upper !== null)
      assert.ok(e.lower < e.value && e.value < e.upper, JSON.stringify(e))
    }
    assert.equal(a.bias, null)
  })

  test('SEM (agreement) is the square root of the raters’ and the residual variance; MDC95 = 1.96·√2·SEM', () => {
    const s = meanSquares(SHROUT_FLEISS)
    assert.equal(a.sem.value, Math.sqrt((s.msc - s.mse) / s.n + s.mse))
    assert.equal(a.mdc.value, 1.96 * Math.SQRT2 * a.sem.value)
  })
})

describe('agreement: pairs', () => {
  test('Bland-Altman bias and limits of a pair table', () => {
    const pairs = [
      [10, 11],
      [12, 12.5],
      [9, 10.5],
      [14, 14],
      [11, 12],
    ]
    const a = agreementOf(pairs)
    const d = [1, 0.5, 1.5, 0, 1]
    const mean = 0.8
    const sd = Math.sqrt(d.reduce((s, x) => s + (x - mean) ** 2, 0) / 4)
    assert.ok(Math.abs(a.bias!.value - mean) < 1e-12)
    assert.ok(Math.abs(a.lowerLimit!.value - (mean - 1.96 * sd)) < 1e-12)
    assert.ok(Math.abs(a.upperLimit!.value - (mean + 1.96 * sd)) < 1e-12)
    const t = tQuantile(0.975, 4)
    assert.ok(Math.abs(a.bias!.upper! - (mean + (t * sd) / Math.sqrt(5))) < 1e-12)
  })

  test('too few targets are refused', () => {
    assert.throws(() => agreementOf([[1, 2]]), RangeError)
    assert.throws(() => agreementOf([[1], [2]]), RangeError)
  })
})

/** A seeded normal generator (mulberry32 and Box-Muller): the same seed, the same data. */
function normals(seed: number): () => number {
  let s = seed >>> 0
  const uniform = () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform())
}

describe('agreement: generated data with known variance components', () => {
  test('the true ICCs and SEM lie in the intervals (at a level that makes a false alarm negligible)', () => {
    // Targets ~ N(0, target^2), fixed rater offsets, error ~ N(0, error^2). The intervals are
    // taken at 1 - 1e-6 so that a run of the property fails by chance about once in 10^4 runs.
    const level = 1 - 1e-6
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.integer({ min: 40, max: 200 }),
        fc.integer({ min: 2, max: 4 }),
        fc.double({ min: 0.5, max: 10, noNaN: true }),
        fc.double({ min: 0.2, max: 5, noNaN: true }),
        fc.array(fc.double({ min: -3, max: 3, noNaN: true }), { minLength: 4, maxLength: 4 }),
        (seed, n, k, target, error, offsets) => {
          const normal = normals(seed)
          const raters = offsets.slice(0, k)
          const table = Array.from({ length: n }, () => {
            const t = target * normal()
            return raters.map((o) => t + o + error * normal())
          })
          const a = agreementOf(table, level)
          const mean = raters.reduce((s, o) => s + o, 0) / k
          // What ICC(2,1) estimates with these raters: their offsets' variance (k - 1 in the denominator).
          const raterVariance = raters.reduce((s, o) => s + (o - mean) ** 2, 0) / (k - 1)
          const within = (e: { lower: number | null; upper: number | null }, truth: number, what: string) =>
            assert.ok(e.lower! <= truth && truth <= e.upper!, `${what}: ${truth} not in [${e.lower}, ${e.upper}]`)
          within(a.icc3, target ** 2 / (target ** 2 + error ** 2), 'ICC(3,1)')
          within(a.icc2, target ** 2 / (target ** 2 + raterVariance + error ** 2), 'ICC(2,1)')
          within(a.sem, Math.sqrt(raterVariance + error ** 2), 'SEM')
          if (k === 2) within(a.bias!, raters[1]! - raters[0]!, 'bias')
        },
      ),
      { numRuns: 40 },
    )
  })
})
