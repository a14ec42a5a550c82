/**
 * How numbers are shown to people: display precision from the clinical research
 * (angles to 0.1 degree, distances to 1 mm = 0.1 cm; docs/uncertainty.md), the
 * decimal separator of the chosen language (Spanish and Portuguese: comma), a true minus sign,
 * and `value ± u`. Display only: the API, the saved files and the CSV keep every
 * digit (see `exportNumber`).
 *
 * Pure: no DOM.
 */
import type { Unit } from '#core/metrics/index.js'

/** The languages the app speaks. */
export const LOCALES = ['en', 'es', 'pt-BR'] as const
export type Locale = (typeof LOCALES)[number]

/** Whether the language writes the decimal comma (Spanish, Portuguese). */
export function decimalComma(locale: Locale): boolean {
  return locale !== 'en'
}

/** Decimals shown per unit: 0.1 degree, 0.1 cm (1 mm). */
export const DISPLAY_DECIMALS: Readonly<Record<Unit, number>> = { degrees: 1, cm: 1 }

const MINUS = '\u2212'
const NBSP = '\u00a0'

const formatters = new Map<string, Intl.NumberFormat>()

function formatter(locale: Locale, decimals: number): Intl.NumberFormat {
  const key = `${locale}:${decimals}`
  let f = formatters.get(key)
  if (!f) {
    // No digit grouping: "1234,5" and "1234.5" read the same in both languages.
    f = new Intl.NumberFormat(locale, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: false,
    })
    formatters.set(key, f)
  }
  return f
}

export interface NumberOptions {
  /** Show + before positive values (signed metrics, changes). */
  readonly signed?: boolean
}

/**
 * A number with a fixed count of decimals in the locale's notation, a true minus
 * sign, and + when asked. A value that rounds to zero shows no sign.
 */
export function formatNumber(value: number, decimals: number, locale: Locale, options: NumberOptions = {}): string {
  if (!Number.isFinite(value)) return '\u2014'
  const text = formatter(locale, decimals).format(Math.abs(value))
  const zero = Number(Math.abs(value).toFixed(decimals)) === 0
  if (value < 0 && !zero) return `${MINUS}${text}`
  return options.signed && !zero ? `+${text}` : text
}

/** The unit written after a number: the degree sign sticks to it, cm after a no-break space. */
function withUnit(text: string, unit: Unit): string {
  return unit === 'degrees' ? `${text}\u00b0` : `${text}${NBSP}cm`
}

/** A metric value at display precision with its unit, e.g. "+2.3°", "−1,2 cm". */
export function formatValue(value: number, unit: Unit, locale: Locale, options: NumberOptions = {}): string {
  return withUnit(formatNumber(value, DISPLAY_DECIMALS[unit], locale, options), unit)
}

/**
 * An uncertainty rounded UP to the display step (an uncertainty is never shown
 * smaller than it is, and never as 0 unless it is 0).
 */
export function roundUncertainty(u: number, unit: Unit): number {
  const step = 10 ** -DISPLAY_DECIMALS[unit]
  // The small allowance keeps 0.3 (stored as 0.30000000000000004) at 0.3.
  return Math.ceil(u / step - 1e-9) * step
}

/** An uncertainty with its unit, rounded up to the display step, e.g. "0.6°". */
export function formatUncertainty(u: number, unit: Unit, locale: Locale): string {
  return withUnit(formatNumber(roundUncertainty(u, unit), DISPLAY_DECIMALS[unit], locale), unit)
}

/** `value ± u`, e.g. "+2.3° ± 0.6°", "−1,2 cm ± 0,3 cm"; just the value when u is unknown. */
export function formatWithUncertainty(
  value: number,
  u: number | null | undefined,
  unit: Unit,
  locale: Locale,
  options: NumberOptions = {},
): string {
  const v = formatValue(value, unit, locale, options)
  if (typeof u !== 'number' || !Number.isFinite(u)) return v
  return `${v}${NBSP}\u00b1${NBSP}${formatUncertainty(u, unit, locale)}`
}

/**
 * A number for a file (CSV, saved assessment): every digit, '.' as the decimal
 * separator whatever the language, so spreadsheets and scripts read it back
 * exactly. Empty for a missing value.
 */
export function exportNumber(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : ''
}

/**
 * A number with every digit in the locale's notation (Spanish: decimal comma) and a
 * true minus sign: what a person reads in a sentence or sees in a number field
 * (coordinates, fc, a typed distance). No digit grouping.
 */
export function plainNumber(value: number, locale: Locale): string {
  if (!Number.isFinite(value)) return '\u2014'
  const text = String(Math.abs(value))
  const local = decimalComma(locale) ? text.replace('.', ',') : text
  return value < 0 ? `${MINUS}${local}` : local
}

/** A number rounded to `digits` significant digits (e.g. fc), every remaining digit in the locale's notation. */
export function formatSignificant(value: number, digits: number, locale: Locale): string {
  return plainNumber(Number(value.toPrecision(digits)), locale)
}

/**
 * A decimal number typed by a person, with '.' or ',' as the separator (both
 * languages accepted, whichever is chosen; no digit grouping, so "1.605" is 1.605).
 * The one parser of every number field. null when it is not a finite number.
 */
export function parseDecimal(text: string): number | null {
  const t = text.trim().replace(/\s/g, '')
  if (!/^[+\-\u2212]?(\d+([.,]\d*)?|[.,]\d+)$/.test(t)) return null
  const v = Number(t.replace('\u2212', '-').replace(',', '.'))
  return Number.isFinite(v) ? v : null
}

/** An assessment date (YYYY-MM-DD, as typed in a date field) in the locale's long form; the text itself when it is not one. */
export function formatDate(isoDate: string, locale: Locale): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate)
  if (!m) return isoDate
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  if (Number.isNaN(date.getTime())) return isoDate
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    date,
  )
}

/** A YYYY-MM-DD date short, for an axis ("Jan 5, 2026", "5 ene 2026"); other text as given. */
export function formatShortDate(isoDate: string, locale: Locale): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate)
  if (!m) return isoDate
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  if (Number.isNaN(date.getTime())) return isoDate
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    date,
  )
}

/**
 * The time of day of an ISO time (e.g. a visit's start) in the locale's form, hour
 * and minute ("9:05 AM", "9:05"), with seconds when asked; in `timeZone`, by default
 * the device's, which is the clinician's. '' when the text is not a time.
 */
export function formatTime(
  isoTime: string,
  locale: Locale,
  options: { readonly seconds?: boolean; readonly timeZone?: string } = {},
): string {
  const time = Date.parse(isoTime)
  if (!isoTime || Number.isNaN(time)) return ''
  return new Intl.DateTimeFormat(locale, {
    hour: 'numeric',
    minute: '2-digit',
    ...(options.seconds ? { second: '2-digit' } : {}),
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
  }).format(time)
}

/** A moment (an ISO time, as the record stores when a thing was saved) in the browser's time zone: date and hour. */
export function formatDateTime(isoTime: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(isoTime))
}

/** Number with a fixed count of decimals, a true minus sign, and + when asked (locale-free: coordinates, px, fc). */
export function fmt(value: number, decimals: number, plus = false): string {
  const text = Math.abs(value).toFixed(decimals)
  const zero = Number(text) === 0
  if (value < 0 && !zero) return `\u2212${text}`
  return plus && !zero ? `+${text}` : text
}
