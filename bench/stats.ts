/** Small statistics the benches share. */

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

/**
 * The q-quantile (0 <= q <= 1) by linear interpolation between the closest ranks (the
 * usual "type 7": q = 0.5 is the median, q = 0.9 the 90th percentile); NaN for none.
 */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const at = q * (sorted.length - 1)
  const lo = Math.floor(at)
  const hi = Math.ceil(at)
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (at - lo)
}
