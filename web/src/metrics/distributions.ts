/**
 * The probability distributions the repeatability statistics (agreement.ts) need for
 * their confidence intervals: quantiles of Snedecor's F, Student's t and the
 * chi-square distribution, from the regularized incomplete beta and gamma functions.
 *
 * Written here rather than taken from a library: the few functions needed are short,
 * standard (Numerical Recipes, 3rd ed., §6.1-6.4: Lanczos' log-gamma, the incomplete
 * gamma by its series and continued fraction, the incomplete beta by its continued
 * fraction with the modified Lentz method), and a statistics package would bring far
 * more than this into the app. Quantiles are found by bisection on the distribution
 * function, which is monotone, so they converge whatever the degrees of freedom
 * (non-integer ones too: Satterthwaite's). The unit tests check them against printed
 * table values. Pure: no DOM.
 */

const LANCZOS = [
  57.15623566586292, -59.59796035547549, 14.136097974741746, -0.4919138160976202, 0.00003399464998481189,
  0.00004652362892704858, -0.00009837447530487956, 0.0001580887032249125, -0.00021026444172410488,
  0.00021743961811521265, -0.0001643181065367639, 0.00008441822398385275, -0.000026190838401581408,
  0.0000036899182659531625,
]

/** ln Γ(x) for x > 0 (Lanczos, g = 607/128, 14 terms: relative error below 1e-15). */
export function logGamma(x: number): number {
  let y = x
  const tmp = x + 5.2421875
  const t = (x + 0.5) * Math.log(tmp) - tmp
  let series = 0.9999999999999971
  for (const c of LANCZOS) series += c / ++y
  return t + Math.log((2.5066282746310007 * series) / x)
}

const EPSILON = 1e-15
const TINY = 1e-300
const MAX_ITERATIONS = 10_000

/** The continued fraction of the incomplete beta function (modified Lentz). */
function betaFraction(a: number, b: number, x: number): number {
  const qab = a + b
  const qap = a + 1
  const qam = a - 1
  let c = 1
  let d = 1 - (qab * x) / qap
  if (Math.abs(d) < TINY) d = TINY
  d = 1 / d
  let h = d
  for (let m = 1; m <= MAX_ITERATIONS; m++) {
    const m2 = 2 * m
    let aa = (m * (b - m) * x) / ((qam + m2) * (a + m2))
    d = 1 + aa * d
    if (Math.abs(d) < TINY) d = TINY
    c = 1 + aa / c
    if (Math.abs(c) < TINY) c = TINY
    d = 1 / d
    h *= d * c
    aa = (-(a + m) * (qab + m) * x) / ((a + m2) * (qap + m2))
    d = 1 + aa * d
    if (Math.abs(d) < TINY) d = TINY
    c = 1 + aa / c
    if (Math.abs(c) < TINY) c = TINY
    d = 1 / d
    const step = d * c
    h *= step
    if (Math.abs(step - 1) < EPSILON) return h
  }
  return h
}

/** The regularized incomplete beta function I_x(a, b), a, b > 0, x in [0, 1]. */
export function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0
  if (x >= 1) return 1
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log1p(-x))
  // The fraction converges fast below the mean of the distribution; above it, by symmetry.
  return x < (a + 1) / (a + b + 2) ? (front * betaFraction(a, b, x)) / a : 1 - (front * betaFraction(b, a, 1 - x)) / b
}

/** The regularized lower incomplete gamma function P(a, x), a > 0, x >= 0. */
export function incompleteGamma(a: number, x: number): number {
  if (x <= 0) return 0
  const front = Math.exp(-x + a * Math.log(x) - logGamma(a))
  if (x < a + 1) {
    let term = 1 / a
    let sum = term
    for (let n = 1; n <= MAX_ITERATIONS; n++) {
      term *= x / (a + n)
      sum += term
      if (Math.abs(term) < Math.abs(sum) * EPSILON) break
    }
    return sum * front
  }
  // Continued fraction of Q(a, x) = 1 - P(a, x), modified Lentz.
  let b = x + 1 - a
  let c = 1 / TINY
  let d = 1 / b
  let h = d
  for (let i = 1; i <= MAX_ITERATIONS; i++) {
    const an = -i * (i - a)
    b += 2
    d = an * d + b
    if (Math.abs(d) < TINY) d = TINY
    c = b + an / c
    if (Math.abs(c) < TINY) c = TINY
    d = 1 / d
    const step = d * c
    h *= step
    if (Math.abs(step - 1) < EPSILON) break
  }
  return 1 - front * h
}

/** The x in [lo, hi] at which the increasing function cdf reaches p, by bisection to the last bit. */
function invert(cdf: (x: number) => number, p: number, lo: number, hi: number): number {
  for (let i = 0; i < 2000; i++) {
    const mid = (lo + hi) / 2
    if (mid === lo || mid === hi) break
    if (cdf(mid) < p) lo = mid
    else hi = mid
  }
  return (lo + hi) / 2
}

function probability(p: number): void {
  if (!(p > 0 && p < 1)) throw new RangeError(`probability ${p} is not in (0, 1)`)
}

function degrees(df: number): void {
  if (!(df > 0) || !Number.isFinite(df)) throw new RangeError(`degrees of freedom ${df} are not a positive number`)
}

/** The p-quantile of the F distribution with d1 and d2 degrees of freedom. */
export function fQuantile(p: number, d1: number, d2: number): number {
  probability(p)
  degrees(d1)
  degrees(d2)
  // F = (d2 / d1) · x / (1 - x) where x follows Beta(d1 / 2, d2 / 2).
  const x = invert((y) => incompleteBeta(y, d1 / 2, d2 / 2), p, 0, 1)
  return (d2 * x) / (d1 * (1 - x))
}

/** The p-quantile of Student's t distribution with df degrees of freedom. */
export function tQuantile(p: number, df: number): number {
  probability(p)
  degrees(df)
  if (p === 0.5) return 0
  // t^2 follows F(1, df): the upper (1 - q) quantile of |t| is the root of F's (1 - 2q) quantile.
  const upper = p > 0.5 ? p : 1 - p
  const t = Math.sqrt(fQuantile(2 * upper - 1, 1, df))
  return p > 0.5 ? t : -t
}

/** The p-quantile of the chi-square distribution with df degrees of freedom. */
export function chiSquareQuantile(p: number, df: number): number {
  probability(p)
  degrees(df)
  // Bracket: the mean plus enough standard deviations for any p a caller uses.
  let hi = df + 10 * Math.sqrt(2 * df) + 10
  while (incompleteGamma(df / 2, hi / 2) < p) hi *= 2
  return invert((x) => incompleteGamma(df / 2, x / 2), p, 0, hi)
}
