/**
 * Repeatability statistics of a measure taken more than once on the same targets
 * (a clinic's own study: the same photo marked twice, or the same patient
 * photographed again the same day): intraclass correlations, the standard error of
 * measurement, the minimal detectable change and Bland-Altman's limits of agreement,
 * each with its confidence interval.
 *
 * Data: n targets (rows), each measured by the same k raters or occasions (columns);
 * a repeat pair is k = 2. From the two-way analysis of variance (Shrout & Fleiss 1979):
 * MSR between targets, MSC between raters (columns), MSE residual, MSW within targets.
 *
 * - ICC(2,1) (McGraw & Wong's ICC(A,1)): two-way random effects, absolute agreement,
 *   single measures: (MSR - MSE) / (MSR + (k-1)·MSE + k·(MSC - MSE)/n). The form the
 *   verdicts use: a later visit may be marked by another clinician, so a systematic
 *   difference between raters counts as error.
 * - ICC(3,1) (ICC(C,1)): two-way, consistency, single measures: (MSR - MSE) / (MSR + (k-1)·MSE).
 * - ICC(1,1): one-way random, single measures: (MSR - MSW) / (MSR + (k-1)·MSW).
 *   Their 95 % intervals: the F-distribution method of McGraw & Wong 1996 (Table 7;
 *   for ICC(2,1) with Satterthwaite's degrees of freedom, as in Shrout & Fleiss 1979).
 * - SEM (agreement): sqrt(σ²_raters + σ²_error), estimated as sqrt((MSC - MSE)/n + MSE)
 *   (the raters' part taken as 0 when MSC < MSE); the error of one measurement in the
 *   units of the measure, consistent with ICC(2,1) (de Vet et al. 2006). Its interval:
 *   the chi-square interval of a variance with Satterthwaite's degrees of freedom.
 * - MDC95 = 1.96 · sqrt(2) · SEM (Weir 2005): the smallest change between two
 *   measurements that exceeds measurement error with 95 % confidence; interval from SEM's.
 * - Bland-Altman (k = 2 only): bias = mean of (second - first), 95 % limits of agreement
 *   bias ± 1.96·SD; the bias' interval by t, the limits' by Bland & Altman 1999
 *   (SE = SD·sqrt(1/n + 1.96² / (2(n-1)))).
 *
 * Pure: no DOM. Which statistics need how many targets is said where they are used
 * (compare/evidence.ts).
 */
import { chiSquareQuantile, fQuantile, tQuantile } from './distributions.js'

/** A value with its confidence interval; the bounds are null where the data give none (too few targets). */
export interface Estimate {
  readonly value: number
  readonly lower: number | null
  readonly upper: number | null
}

/** The two-way analysis of variance of n targets by k raters. */
export interface MeanSquares {
  readonly n: number
  readonly k: number
  /** Between targets (rows), n - 1 degrees of freedom. */
  readonly msr: number
  /** Between raters (columns), k - 1 degrees of freedom. */
  readonly msc: number
  /** Residual, (n - 1)(k - 1) degrees of freedom. */
  readonly mse: number
  /** Within targets (raters and residual together), n(k - 1) degrees of freedom. */
  readonly msw: number
}

export interface Agreement {
  readonly n: number
  readonly k: number
  /** The confidence level of every interval (0.95 unless asked otherwise). */
  readonly level: number
  readonly icc1: Estimate
  readonly icc2: Estimate
  readonly icc3: Estimate
  readonly sem: Estimate
  readonly mdc: Estimate
  /** Bland-Altman, for k = 2 only: mean of (second - first) and the 95 % limits of agreement. */
  readonly bias: Estimate | null
  readonly lowerLimit: Estimate | null
  readonly upperLimit: Estimate | null
}

/** The z of a two-sided 95 % interval, as the minimal detectable change and the limits of agreement use it. */
export const Z95 = 1.96

/** The two-way analysis of variance of a table of n rows (targets) by k columns (raters), n, k >= 2. */
export function meanSquares(table: readonly (readonly number[])[]): MeanSquares {
  const n = table.length
  const k = table[0]?.length ?? 0
  if (n < 2 || k < 2) throw new RangeError(`needs at least 2 targets and 2 raters, got ${n} by ${k}`)
  if (table.some((row) => row.length !== k || row.some((x) => !Number.isFinite(x))))
    throw new RangeError('every target needs a finite value from every rater')
  const grand = table.flat().reduce((s, x) => s + x, 0) / (n * k)
  const rowMeans = table.map((row) => row.reduce((s, x) => s + x, 0) / k)
  const colMeans = Array.from({ length: k }, (_, j) => table.reduce((s, row) => s + row[j]!, 0) / n)
  const ssr = k * rowMeans.reduce((s, m) => s + (m - grand) ** 2, 0)
  const ssc = n * colMeans.reduce((s, m) => s + (m - grand) ** 2, 0)
  const sst = table.flat().reduce((s, x) => s + (x - grand) ** 2, 0)
  const sse = Math.max(0, sst - ssr - ssc)
  const ssw = Math.max(0, sst - ssr)
  return {
    n,
    k,
    msr: ssr / (n - 1),
    msc: ssc / (k - 1),
    mse: sse / ((n - 1) * (k - 1)),
    msw: ssw / (n * (k - 1)),
  }
}

/** (F - 1) / (F + k - 1): the ICC that an F ratio of k measures implies. */
const fromRatio = (f: number, k: number): number => (f - 1) / (f + k - 1)

/** ICC from an F ratio with its degrees of freedom (one-way and consistency forms). */
function ratioIcc(numerator: number, denominator: number, df1: number, df2: number, k: number, level: number) {
  const value = (numerator - denominator) / (numerator + (k - 1) * denominator)
  if (!(denominator > 0)) return { value: numerator > 0 ? 1 : Number.NaN, lower: null, upper: null }
  const f = numerator / denominator
  const q = 1 - (1 - level) / 2
  const lower = fromRatio(f / fQuantile(q, df1, df2), k)
  const upper = fromRatio(f * fQuantile(q, df2, df1), k)
  return { value, lower, upper }
}

/** ICC(2,1) and its interval (McGraw & Wong 1996, Table 7, case 2A). */
function absoluteIcc(s: MeanSquares, level: number): Estimate {
  const { n, k, msr, msc, mse } = s
  const value = (msr - mse) / (msr + (k - 1) * mse + (k * (msc - mse)) / n)
  if (!Number.isFinite(value)) return { value: Number.NaN, lower: null, upper: null }
  if (!(mse > 0) || value >= 1) return { value, lower: null, upper: null }
  const q = 1 - (1 - level) / 2
  const a = (k * value) / (n * (1 - value))
  const b = 1 + (k * value * (n - 1)) / (n * (1 - value))
  const v = (a * msc + b * mse) ** 2 / ((a * msc) ** 2 / (k - 1) + (b * mse) ** 2 / ((n - 1) * (k - 1)))
  if (!(v > 0) || !Number.isFinite(v)) return { value, lower: null, upper: null }
  const fLow = fQuantile(q, n - 1, v)
  const fHigh = fQuantile(q, v, n - 1)
  const c = k * msc + (k * n - k - n) * mse
  const lower = (n * (msr - fLow * mse)) / (fLow * c + n * msr)
  const upper = (n * (fHigh * msr - mse)) / (c + n * fHigh * msr)
  return { value, lower, upper }
}

/** SEM (agreement) and its interval: a variance sum with Satterthwaite's degrees of freedom, by chi-square. */
function agreementSem(s: MeanSquares, level: number): Estimate {
  const { n, k, msc, mse } = s
  const raters = Math.max(0, (msc - mse) / n)
  const variance = raters + mse
  const value = Math.sqrt(variance)
  // The parts of the variance as mean squares: MSC/n + (1 - 1/n)·MSE, or MSE alone when the raters' part is 0.
  const parts: [number, number][] =
    raters > 0
      ? [
          [msc / n, k - 1],
          [(1 - 1 / n) * mse, (n - 1) * (k - 1)],
        ]
      : [[mse, (n - 1) * (k - 1)]]
  const df = variance ** 2 / parts.reduce((sum, [part, d]) => sum + part ** 2 / d, 0)
  if (!(variance > 0) || !Number.isFinite(df)) return { value, lower: null, upper: null }
  const tail = (1 - level) / 2
  return {
    value,
    lower: Math.sqrt((df * variance) / chiSquareQuantile(1 - tail, df)),
    upper: Math.sqrt((df * variance) / chiSquareQuantile(tail, df)),
  }
}

const scaled = (e: Estimate, by: number): Estimate => ({
  value: e.value * by,
  lower: e.lower === null ? null : e.lower * by,
  upper: e.upper === null ? null : e.upper * by,
})

/** Bland-Altman bias and limits of agreement of the second column minus the first, with intervals. */
function blandAltman(table: readonly (readonly number[])[], level: number) {
  const d = table.map((row) => row[1]! - row[0]!)
  const n = d.length
  const bias = d.reduce((s, x) => s + x, 0) / n
  const sd = Math.sqrt(d.reduce((s, x) => s + (x - bias) ** 2, 0) / (n - 1))
  const t = tQuantile(1 - (1 - level) / 2, n - 1)
  const seBias = sd / Math.sqrt(n)
  const seLimit = sd * Math.sqrt(1 / n + Z95 ** 2 / (2 * (n - 1)))
  const around = (value: number, se: number): Estimate => ({ value, lower: value - t * se, upper: value + t * se })
  return {
    bias: around(bias, seBias),
    lowerLimit: around(bias - Z95 * sd, seLimit),
    upperLimit: around(bias + Z95 * sd, seLimit),
  }
}

/**
 * Every statistic of a table of n targets (rows) by k raters or occasions (columns),
 * n >= 2, k >= 2, with `level` confidence intervals (95 % by default).
 */
export function agreementOf(table: readonly (readonly number[])[], level = 0.95): Agreement {
  const s = meanSquares(table)
  const { n, k } = s
  const sem = agreementSem(s, level)
  return {
    n,
    k,
    level,
    icc1: ratioIcc(s.msr, s.msw, n - 1, n * (k - 1), k, level),
    icc2: absoluteIcc(s, level),
    icc3: ratioIcc(s.msr, s.mse, n - 1, (n - 1) * (k - 1), k, level),
    sem,
    mdc: scaled(sem, Z95 * Math.SQRT2),
    ...(k === 2 ? blandAltman(table, level) : { bias: null, lowerLimit: null, upperLimit: null }),
  }
}
