/**
 * How a date field shows and reads a date in the app's language, whatever the
 * browser's own locale (a native <input type=date> follows the browser, so a Spanish
 * app on an English browser showed mm/dd/yyyy). Spanish (and any day-first language
 * added to DAY_FIRST, such as pt-BR) writes dd/mm/aaaa; English the ISO form
 * yyyy-mm-dd, which no reader takes the wrong way round. The store keeps ISO
 * (YYYY-MM-DD) in every language. docs/app.md, "Dates".
 *
 * Read: day-first languages take d/m/yyyy with '/', '-' or '.' between the parts, or
 * eight digits ddmmyyyy (a phone's numeric keypad has no '/'); every language takes
 * yyyy-mm-dd (unambiguous), English also yyyy/mm/dd and eight digits yyyymmdd. A
 * date that is not on the calendar (31/02) or outside 1900-2100 is refused with what
 * is wrong and what is expected: errors as data (`type`, `ctx`), the words from t().
 *
 * Pure: no DOM.
 */

/** Languages that write the day first (dd/mm/yyyy). */
const DAY_FIRST: ReadonlySet<string> = new Set(['es', 'pt-BR', 'pt'])

/** The years a visit or birth date can have. */
export const DATE_YEARS = { min: 1900, max: 2100 } as const

export type DateFieldError =
  | { readonly type: 'date_form'; readonly ctx: { readonly text: string } }
  | { readonly type: 'date_not_on_calendar'; readonly ctx: { readonly text: string } }
  | {
      readonly type: 'date_year_range'
      readonly ctx: { readonly text: string; readonly min: number; readonly max: number }
    }

export type DateFieldRead =
  | { readonly ok: true; readonly iso: string }
  | { readonly ok: false; readonly error: DateFieldError }

export function dayFirst(locale: string): boolean {
  return DAY_FIRST.has(locale)
}

/** An ISO date (YYYY-MM-DD) as the field shows it in `locale`: "28/11/2026" or "2026-11-28"; other text as given. */
export function formatDateField(iso: string, locale: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso)
  if (!m) return iso
  return dayFirst(locale) ? `${m[3]}/${m[2]}/${m[1]}` : iso
}

/** The parts of the date typed, or null when the text has none of the accepted forms. */
function partsOf(text: string, locale: string): { y: number; m: number; d: number } | null {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text)
  if (iso) return { y: Number(iso[1]), m: Number(iso[2]), d: Number(iso[3]) }
  if (dayFirst(locale)) {
    const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text)
    if (dmy) return { y: Number(dmy[3]), m: Number(dmy[2]), d: Number(dmy[1]) }
    const digits = /^(\d{2})(\d{2})(\d{4})$/.exec(text)
    if (digits) return { y: Number(digits[3]), m: Number(digits[2]), d: Number(digits[1]) }
    return null
  }
  const ymd = /^(\d{4})[/.](\d{1,2})[/.](\d{1,2})$/.exec(text)
  if (ymd) return { y: Number(ymd[1]), m: Number(ymd[2]), d: Number(ymd[3]) }
  const digits = /^(\d{4})(\d{2})(\d{2})$/.exec(text)
  if (digits) return { y: Number(digits[1]), m: Number(digits[2]), d: Number(digits[3]) }
  return null
}

/** Reads a date as typed in `locale`'s field: '' (no date) reads as ''. */
export function parseDateField(typed: string, locale: string): DateFieldRead {
  const text = typed.trim().replace(/\s+/g, '')
  if (text === '') return { ok: true, iso: '' }
  const p = partsOf(text, locale)
  if (!p) return { ok: false, error: { type: 'date_form', ctx: { text: typed.trim() } } }
  const date = new Date(Date.UTC(p.y, p.m - 1, p.d))
  if (p.m < 1 || p.m > 12 || p.d < 1 || date.getUTCMonth() !== p.m - 1 || date.getUTCDate() !== p.d)
    return { ok: false, error: { type: 'date_not_on_calendar', ctx: { text: typed.trim() } } }
  if (p.y < DATE_YEARS.min || p.y > DATE_YEARS.max)
    return { ok: false, error: { type: 'date_year_range', ctx: { text: typed.trim(), ...DATE_YEARS } } }
  const two = (n: number) => String(n).padStart(2, '0')
  return { ok: true, iso: `${p.y}-${two(p.m)}-${two(p.d)}` }
}

/**
 * Whether the text is a whole date in one of the accepted forms (four-digit year and,
 * in the ISO forms, two-digit day and month): the field commits it as it is typed,
 * not halfway ("2026-01-1" on the way to "2026-01-10").
 */
export function completeDate(typed: string, locale: string): boolean {
  const text = typed.trim()
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return true
  return dayFirst(locale)
    ? /^\d{1,2}[/.-]\d{1,2}[/.-]\d{4}$/.test(text) || /^\d{8}$/.test(text)
    : /^\d{4}[/.]\d{2}[/.]\d{2}$/.test(text) || /^\d{8}$/.test(text)
}

/**
 * Separators as digits are typed at the end of the field ("28" → "28/", "2811" →
 * "28/11/"; English "2026" → "2026-"), so a numeric keypad without '/' still writes
 * the whole form. Only when the text so far is the form's own beginning.
 */
export function withSeparators(typed: string, locale: string): string {
  if (dayFirst(locale)) {
    if (/^\d{2}$/.test(typed)) return `${typed}/`
    if (/^\d{1,2}\/\d{2}$/.test(typed)) return `${typed}/`
    return typed
  }
  if (/^\d{4}$/.test(typed)) return `${typed}-`
  if (/^\d{4}-\d{2}$/.test(typed)) return `${typed}-`
  return typed
}
