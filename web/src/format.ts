/** Number formatting shared by the screen, the overlay and the report. Pure: no DOM. */

/** Number with a fixed count of decimals, a true minus sign, and + when asked. */
export function fmt(value: number, decimals: number, plus = false): string {
  const text = Math.abs(value).toFixed(decimals)
  const zero = Number(text) === 0
  if (value < 0 && !zero) return `\u2212${text}`
  return plus && !zero ? `+${text}` : text
}
