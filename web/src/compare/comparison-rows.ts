/**
 * A comparison (compare.ts) as people read it: per metric its name, both values
 * with their uncertainty, the change, the smallest real difference, the limit a real
 * change must exceed with the evidence it comes from (evidence.ts), and the verdict,
 * in the chosen language at display precision; and as a CSV at full precision.
 * Used by the results panel, the print report and the CSV export alike.
 */
import type { View } from '#core/markers.js'
import { metricTable, showsSign } from '#core/metrics/index.js'
import { type CsvDialect, type CsvValue, csvText, MACHINE_CSV } from '../i18n/csv-text.js'
import { formatUncertainty, formatValue, formatWithUncertainty, type Locale } from '../i18n/format.js'
import type { Terms } from '../i18n/terms.js'
import type { Comparison, ComparisonRow } from './compare.js'
import type { Evidence, EvidenceKind } from './evidence.js'

export type ComparedComparison = Extract<Comparison, { ok: true }>

/** What a row concludes. */
export type Verdict = 'real' | 'within' | 'method_differs' | 'missing' | 'unknown'

export function verdictOf(row: ComparisonRow): Verdict {
  if (row.missing === 'method_differs') return 'method_differs'
  if (row.missing) return 'missing'
  if (row.exceeds === null) return 'unknown'
  return row.exceeds ? 'real' : 'within'
}

/** Whether a metric of the view is shown with a sign (the core's display rule); unknown names are. */
export function isSigned(view: View, name: string): boolean {
  const metric = metricTable(view).find((m) => m.name === name)
  return metric === undefined || showsSign(metric)
}

export interface DisplayRow {
  readonly name: string
  readonly label: string
  readonly earlier: string
  readonly later: string
  readonly change: string
  readonly srd: string
  /** The change a real one must exceed (± at display precision). */
  readonly limit: string
  /**
   * Whether that limit is the smallest real difference itself (judged by placement error alone, or an MDC below
   * it): the tables then say "= SRD" in the limit's cell rather than repeat the number beside it.
   */
  readonly limitIsSrd: boolean
  /** The evidence that judged it (evidence.ts). */
  readonly evidence: Evidence
  readonly verdict: Verdict
}

/** The rows at display precision, in the locale's notation. */
export function displayRows(c: ComparedComparison, locale: Locale, terms: Terms): DisplayRow[] {
  const view = c.later.view
  return c.rows.map((r) => {
    const signed = isSigned(view, r.name)
    const value = (v: number | null, u: number | undefined): string =>
      v === null ? '\u2014' : formatWithUncertainty(v, u, r.unit, locale, { signed })
    return {
      name: r.name,
      label: terms.metrics[view][r.name]?.label ?? r.name,
      earlier: value(r.earlier, c.earlier.u[r.name]),
      later: value(r.later, c.later.u[r.name]),
      change: r.change === null ? '\u2014' : formatValue(r.change, r.unit, locale, { signed: true }),
      // Rounded up like an uncertainty: a change is never shown as exceeding a limit it does not exceed.
      srd: r.srd === null ? '\u2014' : `\u00b1${formatUncertainty(r.srd, r.unit, locale)}`,
      limit: r.limit === null ? '\u2014' : `\u00b1${formatUncertainty(r.limit, r.unit, locale)}`,
      limitIsSrd: r.limit !== null && r.limit === r.srd,
      evidence: r.evidence,
      verdict: verdictOf(r),
    }
  })
}

/** The CSV column headers and the words the CSV needs, in the chosen language. */
export interface ComparisonCsvText {
  readonly headers: {
    readonly view: string
    readonly side: string
    readonly metric: string
    readonly label: string
    readonly unit: string
    readonly earlierDate: string
    readonly earlierValue: string
    readonly earlierU: string
    readonly laterDate: string
    readonly laterValue: string
    readonly laterU: string
    readonly change: string
    readonly uChange: string
    readonly srd: string
    readonly verdict: string
    readonly limit: string
    readonly evidence: string
    readonly evidencePairs: string
    readonly evidenceSource: string
  }
  /** What each kind of evidence is called (evidence.ts). */
  readonly evidence: Readonly<Record<EvidenceKind, string>>
  readonly units: Readonly<Record<'degrees' | 'cm', string>>
  readonly verdicts: Readonly<Record<Verdict, string>>
  readonly views: Readonly<Record<View, string>>
  readonly sides: Readonly<Record<'right' | 'left', string>>
}

/**
/**
 * The comparison as CSV: headers in the chosen language, numbers at full precision, in
 * `dialect` (csv-text.ts: the machine CSV by default, or a language's spreadsheet CSV).
 * The limit a real change must exceed and the evidence that judged it are the last
 * columns, after the earlier ones, so a reader of those by position reads them as before.
 */
export function comparisonCsv(
  c: ComparedComparison,
  terms: Terms,
  text: ComparisonCsvText,
  dialect: CsvDialect = MACHINE_CSV,
): string {
  const h = text.headers
  const view = c.later.view
  const rows: CsvValue[][] = [
    [
      h.view,
      h.side,
      h.metric,
      h.label,
      h.unit,
      h.earlierDate,
      h.earlierValue,
      h.earlierU,
      h.laterDate,
      h.laterValue,
      h.laterU,
      h.change,
      h.uChange,
      h.srd,
      h.verdict,
      h.limit,
      h.evidence,
      h.evidencePairs,
      h.evidenceSource,
    ],
  ]
  for (const r of c.rows) {
    rows.push([
      text.views[view],
      view === 'lateral' ? text.sides[c.later.side ?? 'right'] : '',
      r.name,
      terms.metrics[view][r.name]?.label ?? r.name,
      text.units[r.unit],
      c.earlier.date ?? '',
      r.earlier,
      c.earlier.u[r.name],
      c.later.date ?? '',
      r.later,
      c.later.u[r.name],
      r.change,
      r.uChange,
      r.srd,
      text.verdicts[verdictOf(r)],
      r.limit,
      text.evidence[r.evidence.kind],
      r.evidence.kind === 'clinic' ? r.evidence.pairs : '',
      r.evidence.kind === 'published' ? r.evidence.source : '',
    ])
  }
  return csvText(rows, dialect)
}
