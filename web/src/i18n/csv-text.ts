/** RFC 4180 CSV: quoting where needed, CRLF line ends. Numbers are written by the caller at full precision (format.ts exportNumber). */

function field(v: string): string {
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v
}

/** The rows as CSV text, one line per row, ending with CRLF. */
export function csvText(rows: readonly (readonly string[])[]): string {
  return `${rows.map((r) => r.map(field).join(',')).join('\r\n')}\r\n`
}
