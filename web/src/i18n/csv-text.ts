/**
 * The app's CSV: RFC 4180 with cells made safe to open in a spreadsheet. It lives in
 * core (core/files/csv.ts), shared with the record server's audit export.
 */
export { csvCell, csvText, isFormulaLike } from '#core/files/csv.js'
