/**
 * What a visit is called where it is listed or headed (trend table columns, chart
 * points, the list of a patient's visits, the two sides of a comparison): its date
 * in the locale's long form and, where another visit of the same list has the same
 * date, also the time it was started, so that two visits of one day (before and
 * after a treatment) are told apart. Pure: no DOM.
 */
import { formatDate, formatTime, type Locale } from '../i18n/format.js'

/** What a visit's label is made of. */
export interface VisitLabelKey {
  /** YYYY-MM-DD; '' or absent when not given. */
  readonly date?: string
  /** ISO time the visit was started; '' or absent when not known. */
  readonly created?: string
}

export interface VisitLabel {
  /** The date in the locale's long form, or the `undated` text. */
  readonly date: string
  /**
   * The start time, hour and minute (with seconds where two visits of the date were
   * started in the same minute); '' when no other visit of the list has the date, or
   * the time is not known.
   */
  readonly time: string
}

/**
 * The labels of a list of visits, in the list's order. `undated` names a visit
 * without a date; `timeZone` is the device's unless given (tests give one).
 */
export function visitLabels(
  visits: readonly VisitLabelKey[],
  locale: Locale,
  undated: string,
  timeZone?: string,
): VisitLabel[] {
  const byDate = new Map<string, VisitLabelKey[]>()
  for (const v of visits) byDate.set(v.date ?? '', [...(byDate.get(v.date ?? '') ?? []), v])
  const options = timeZone ? { timeZone } : {}
  // Per date shared by several visits: whether hour and minute alone would name two of them alike.
  const seconds = new Map<string, boolean>()
  for (const [date, same] of byDate) {
    const minutes = same.map((v) => formatTime(v.created ?? '', locale, options)).filter(Boolean)
    seconds.set(date, new Set(minutes).size < minutes.length)
  }
  return visits.map((v) => {
    const date = v.date ?? ''
    const shared = (byDate.get(date)?.length ?? 0) > 1
    return {
      date: date ? formatDate(date, locale) : undated,
      time: shared ? formatTime(v.created ?? '', locale, { ...options, seconds: seconds.get(date) ?? false }) : '',
    }
  })
}

/** A label as one line of text: "March 5, 2026, 9:05 AM", or the date alone. */
export function visitLabelText(label: VisitLabel): string {
  return label.time ? `${label.date}, ${label.time}` : label.date
}
