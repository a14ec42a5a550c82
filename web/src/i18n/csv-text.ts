/**
 * The app's CSV: RFC 4180 with cells made safe to open in a spreadsheet, in two
 * dialects (core/files/csv.ts, shared with the record server's audit export), and the
 * spreadsheet dialect of each language.
 */
import { type CsvDialect, MACHINE_CSV } from '#core/files/csv.js'
import { decimalComma, type Locale } from './format.js'

export { type CsvDialect, type CsvValue, csvCell, csvText, isFormulaLike, MACHINE_CSV } from '#core/files/csv.js'

/**
 * For a spreadsheet in the clinician's language: in Spanish and Portuguese ';' between fields and the
 * decimal comma, as Excel and LibreOffice expect in a Spanish or Brazilian locale; in English ',' and
 * '.'; both with the UTF-8 byte-order mark.
 */
export function spreadsheetCsv(locale: Locale): CsvDialect {
  return decimalComma(locale) ? { separator: ';', decimal: ',', bom: true } : { ...MACHINE_CSV, bom: true }
}
