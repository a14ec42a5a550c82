/**
 * What the PDF reports say, as data, in the current language. Two kinds from one
 * visit: the clinical report (title, clinic and clinician, patient with the record's
 * name and identifier, date, placement error; per view with content its facts (photo,
 * capture conditions, scale), the tilt warning, the metrics by their labels (never
 * their field names) with value ± u and the provisional mark, the notes after the
 * table; the comparison with the loaded visit, each change with the limit a real one
 * must exceed and the evidence that judged it (compare/evidence.ts); the clinician's
 * notes; a page of trends when the patient has two or more visits with values) and the
 * patient summary (the same frame; per metric one sentence in plain words, its numbers
 * apart (summary-findings.ts), the change since the earlier visit and whether it is real
 * in the same sentence when the view is compared; the photos with a grid; what the
 * changes were compared with said once; the clinician's notes). The comparison's verdicts are
 * read from compare/comparison-rows.ts, never recomputed here. report-pdf.ts lays it
 * out. Pure: no DOM.
 */
import type { View } from '#core/markers.js'
import { showsSign } from '#core/metrics/index.js'
import type { ComparisonRow } from '../compare/compare.js'
import { type DisplayRow, displayRows, type Verdict, verdictOf } from '../compare/comparison-rows.js'
import { type Evidence, type EvidenceKind, MIN_STUDY_PAIRS } from '../compare/evidence.js'
import { comparisonOf, placementOf } from '../compare/from-state.js'
import { formatDate, formatDateTime, formatNumber } from '../i18n/format.js'
import { currentLocale, type MessageKey, metricText, t, terms } from '../i18n/index.js'
import { formatValueWithU } from '../metrics/metric-info.js'
import { precisionWarning, precisionWarningText } from '../metrics/precision.js'
import { uncertaintiesOf } from '../metrics/uncertainty.js'
import { type VisitRecord, visitFileName } from '../record/model.js'
import { type TrendSeries, trendColumns, trendsOf } from '../record/trend.js'
import { visitLabels, visitLabelText } from '../record/visit-labels.js'
import { tiltWarningText } from '../state/capture-conditions.js'
import { provisionalMetrics } from '../state/provisional.js'
import type { AppState } from '../state/state.js'
import { notesLines } from '../state/visit-notes.js'
import { viewFacts } from './report-facts.js'
import { resultEntries } from './results-csv.js'
import { findingOf } from './summary-findings.js'

export interface ReportRow {
  /** The metric's field name (for programs: the printed report's data attribute, never printed). */
  readonly name: string
  /** The metric's label in the current language; in the patient summary, its finding's sentence. */
  readonly label: string
  /** value ± u with its unit in the app's number format, or the no-value sign; in the summary, the finding's numbers. */
  readonly value: string
  /** Computed from suggested markers the clinician has not confirmed. */
  readonly provisional: boolean
}

export interface ReportView {
  readonly view: View
  readonly heading: string
  /** The view's facts in one paragraph: photo, capture conditions, side, popliteal points, scale, reference line. */
  readonly facts: string
  /** The warning of a photo taken beyond the level limit ('' when it was not). */
  readonly tilt: string
  /** The photo's size in its own pixels (its markers' frame), or null without a photo. */
  readonly photo: { readonly width: number; readonly height: number } | null
  /** The metrics, or null when the view has no results. */
  readonly rows: readonly ReportRow[] | null
  /** Paragraphs after the table: provisional metrics, precision, no results. */
  readonly notes: readonly string[]
}

/** The two reports made from one visit. */
export type ReportKind = 'clinical' | 'summary'

/** The clinic's logo as the report draws it: a verified raster image (report-settings.ts). */
export interface ReportLogo {
  readonly bytes: Uint8Array<ArrayBuffer>
  readonly type: 'image/png' | 'image/jpeg'
  readonly width: number
  readonly height: number
}

/** What the clinic sets once for its reports (kept in the record: report-settings.ts). */
export interface ReportSettings {
  readonly clinic: string
  readonly clinician: string
  readonly logo: ReportLogo | null
}

export const NO_REPORT_SETTINGS: ReportSettings = { clinic: '', clinician: '', logo: null }

/** The comparison with the loaded visit, as the report prints it. */
export interface ReportComparison {
  readonly heading: string
  /** The two visits named as a range: "{earlier} – {later}" (an en dash, in WinAnsi: no arrow the font lacks, written "->"). */
  readonly between: string
  /** How many metrics changed beyond measurement error. */
  readonly summary: string
  /** The table's column headers, in order (clinical: eight, with the limit and the evidence that judged each change; summary: none). */
  readonly columns: readonly string[]
  /**
   * A row per metric: its cells in the columns' order, its verdict (comparison-rows.ts), the metric's
   * field name and the kind of evidence that judged it (for programs: the printed report's data
   * attributes, never printed); none in the summary, whose findings say each change.
   */
  readonly rows: readonly {
    readonly cells: readonly string[]
    readonly verdict: Verdict
    readonly name: string
    readonly evidence: EvidenceKind
  }[]
  /** What the verdicts rest on, and what they leave out; each published figure that judged a change with its citation, once. */
  readonly evidence: readonly string[]
}

/** One metric's trend as the report's trends page draws it (record/trend.ts). */
export interface ReportTrendChart {
  /** The view and metric label, e.g. "Lateral · Trunk angle". */
  readonly label: string
  /** The evidence that judges its changes, in words (as under the charts on screen). */
  readonly evidence: string
  readonly series: TrendSeries
}

/** The trends page of the clinical report: the patient's visits with values, a small chart per metric of the views in the visit. */
export interface ReportTrends {
  readonly heading: string
  /** How many visits, from when to when. */
  readonly span: string
  /** How to read the charts. */
  readonly legend: string
  readonly charts: readonly ReportTrendChart[]
}

export interface ReportContent {
  /** The BCP 47 language of the text. */
  readonly language: string
  readonly kind: ReportKind
  readonly title: string
  /** The clinic's name and the clinician, as set ('' when not set). */
  readonly clinic: string
  readonly clinician: string
  readonly logo: ReportLogo | null
  /** The running header: patient identifier (and name) and the visit's date. */
  readonly running: string
  /** Under the title: the patient and the date, labelled ('' when neither is known). */
  readonly patientLine: string
  /** The report's date and reading, and the placement error. */
  readonly intro: readonly string[]
  readonly columns: { readonly metric: string; readonly value: string }
  readonly badge: string
  readonly views: readonly ReportView[]
  /** Said instead of the views when nothing is marked ('' otherwise). */
  readonly empty: string
  /** The comparison with the visit loaded to compare, when there is one. */
  readonly comparison: ReportComparison | null
  /** The clinical report's trends page, when the patient has at least two visits with values of the views in this one. */
  readonly trends: ReportTrends | null
  /**
   * The clinician's notes and interpretation of the visit (state.meta.notes), line by line
   * as written (notesLines: '' a blank line between paragraphs); [] for none, and then no heading is printed.
   */
  readonly notes: readonly string[]
  readonly notesHeading: string
}

export interface ReportPeople {
  /** The patient's name from the record, for a visit of the record ('' or absent: none shown). */
  readonly patientName?: string
  /** When the report is made (its intro says it). */
  readonly now: Date
  /** The clinical report (by default) or the patient summary. */
  readonly kind?: ReportKind
  /** Clinic, clinician and logo. */
  readonly settings?: ReportSettings
  /** The record's visits of the patient whose visit is on screen, for the clinical report's trends page ([] or absent: none). */
  readonly visits?: readonly VisitRecord[]
}

/** The least number of visits with values that makes a trends page. */
export const TRENDS_MIN_VISITS = 2

const VERDICT_KEYS: Readonly<Record<Verdict, MessageKey>> = {
  real: 'compare.verdict.real',
  within: 'compare.verdict.within',
  method_differs: 'compare.verdict.methodDiffers',
  missing: 'compare.verdict.missing',
  unknown: 'compare.verdict.unknown',
}

const PLAIN_EVIDENCE: Readonly<Record<EvidenceKind, MessageKey>> = {
  clinic: 'summary.judged.clinic',
  published: 'summary.judged.published',
  placement: 'summary.judged.placement',
}

/**
 * What the summary's changes were compared with, each kind of evidence said once in plain
 * words (the kinds that judged a change, in the order clinic, published, placement).
 */
function plainEvidence(rows: readonly DisplayRow[]): string[] {
  const judged = new Set(rows.filter((r) => r.verdict === 'real' || r.verdict === 'within').map((r) => r.evidence.kind))
  return (['clinic', 'published', 'placement'] as const).filter((k) => judged.has(k)).map((k) => t(PLAIN_EVIDENCE[k]))
}

/**
 * The comparison rows the summary's findings say, by metric name: the view on screen
 * compared with an earlier visit (the sentences say "since the earlier visit"); none when
 * there is no comparison or the visit on screen is the earlier of the two.
 */
function summaryChanges(state: AppState): { view: View; rows: ReadonlyMap<string, ComparisonRow> } | null {
  const c = comparisonOf(state)
  if (!c?.ok) return null
  // The later of the two is the visit on screen when it has the screen's date and start time (compare.ts orders them).
  const here = { date: state.meta.date ?? '', created: state.record?.created ?? '' }
  if ((c.later.date ?? '') !== here.date || (c.later.created ?? '') !== here.created) return null
  return { view: c.later.view, rows: new Map(c.rows.map((r) => [r.name, r])) }
}

/**
 * The evidence that judged a change, as the comparison table says it (render/comparison-table.ts
 * evidenceText, a DOM module); `short`: placement error alone without the reason (a table cell of
 * the PDF, whose notes say it once), so the comparison keeps to its pages.
 */
function evidenceText(e: Evidence, short = false): string {
  if (e.kind === 'clinic') return t('evidence.clinic', { pairs: e.pairs })
  if (e.kind === 'published') return t('evidence.published', { cite: e.cite })
  return t(short ? 'evidence.placement.short' : 'evidence.placement')
}

/** The published figures that judged a change, each with its full citation once ("cite: source"). */
function publishedSources(rows: readonly DisplayRow[]): string[] {
  const sources = new Map<string, string>()
  for (const r of rows) if (r.evidence.kind === 'published') sources.set(r.evidence.cite, r.evidence.source)
  return [...sources].map(([cite, source]) => t('pdf.evidence.source', { cite, source }))
}

/** The comparison of the view on screen with the loaded visit, or null when there is none that can be made. */
function comparisonContent(state: AppState, kind: ReportKind): ReportComparison | null {
  const c = comparisonOf(state)
  if (!c?.ok) return null
  const locale = currentLocale()
  // The verdicts as the comparison rows give them, each judged by the best evidence there is (compare/evidence.ts).
  const rows = displayRows(c, locale, terms())
  // The two visits named as the comparison table names them (render/comparison-table.ts comparedNames, which needs a DOM module).
  const [earlier, later] = visitLabels([c.earlier, c.later], locale, t('compare.undated')).map(visitLabelText)
  const names = { earlier: earlier!, later: later! }
  const real = rows.filter((r) => r.verdict === 'real').length
  const judged = rows.filter((r) => r.verdict === 'real' || r.verdict === 'within').length
  const view = t('report.viewTitle', { view: t(`view.${c.later.view}.title`) })
  if (kind === 'summary')
    return {
      heading: `${t('summary.changes')} \u00b7 ${view}`,
      between: t('compare.range', names),
      summary: t('summary.changes.count', { count: real }),
      columns: [],
      rows: [],
      evidence: [t('summary.changes.evidence'), ...plainEvidence(rows), ...publishedSources(rows)],
    }
  return {
    heading: `${t('compare.reportTitle')} \u00b7 ${view}`,
    between: t('compare.range', names),
    summary: t('compare.summary', { real, total: judged }),
    columns: [
      t('pdf.column.metric'),
      t('compare.column.earlier'),
      t('compare.column.later'),
      t('compare.column.change'),
      t('compare.column.srd'),
      t('compare.column.limit'),
      t('compare.column.evidence'),
      t('compare.column.verdict'),
    ],
    rows: rows.map((r) => ({
      cells: [
        r.label,
        r.earlier,
        r.later,
        r.change,
        r.srd,
        // The limit where it differs from the SRD (a study's or a published MDC above it); else "= SRD", not the same number twice.
        r.limitIsSrd ? t('compare.limit.isSrd') : r.limit,
        evidenceText(r.evidence, true),
        t(VERDICT_KEYS[r.verdict]),
      ],
      verdict: r.verdict,
      name: r.name,
      evidence: r.evidence.kind,
    })),
    evidence: [
      t('compare.note'),
      t('compare.evidenceNote', { min: MIN_STUDY_PAIRS }),
      ...(rows.some((r) => r.evidence.kind === 'placement') ? [t('evidence.placement')] : []),
      ...publishedSources(rows),
    ],
  }
}

/**
 * The clinical report's trends page: each metric of the views of this visit over the
 * patient's visits (record/trend.ts, judged by the same evidence as the screen's
 * charts), when at least TRENDS_MIN_VISITS visits have values; null otherwise.
 */
function trendsContent(
  state: AppState,
  views: readonly View[],
  visits: readonly VisitRecord[],
  patient: string,
): ReportTrends | null {
  const locale = currentLocale()
  const charts: ReportTrendChart[] = []
  for (const view of views)
    for (const series of trendsOf(visits, view, state.settings.placementSd, state.clinicFigures))
      charts.push({
        label: `${t(`view.${view}.title`)} \u00b7 ${metricText(view, series.name).label}`,
        evidence: evidenceText(series.evidence),
        series,
      })
  const columns = trendColumns(charts.map((c) => c.series))
  if (columns.length < TRENDS_MIN_VISITS) return null
  const dates = columns.map((c) => c.date).filter(Boolean)
  const name = (date: string | undefined) => (date ? formatDate(date, locale) : t('compare.undated'))
  return {
    heading: t('record.trends.print.title', { patient }),
    span: t('record.trends.print.span', { count: columns.length, first: name(dates[0]), last: name(dates.at(-1)) }),
    legend: t('record.trends.legend'),
    charts,
  }
}

/** The patient identifier with the record's name, e.g. "PAC-0042 (José Núñez)"; '' when neither. */
function patientText(identifier: string, name: string): string {
  if (identifier && name) return `${identifier} (${name})`
  return identifier || name
}

export function reportContentOf(state: AppState, people: ReportPeople): ReportContent {
  const kind = people.kind ?? 'clinical'
  const settings = people.settings ?? NO_REPORT_SETTINGS
  const locale = currentLocale()
  const sd = state.settings.placementSd
  const identifier = state.meta.patientId.trim()
  const patient = patientText(identifier, people.patientName?.trim() ?? '')
  const date = state.meta.date ? formatDate(state.meta.date, locale) : ''
  const changes = kind === 'summary' ? summaryChanges(state) : null
  const views = resultEntries(state).map((e): ReportView => {
    const photo = e.doc.photo
    const capture = e.doc.capture
    const facts = viewFacts(e.view, e.doc)
    const notes: string[] = []
    let rows: ReportRow[] | null = null
    if (e.values) {
      const values = e.values
      const u = uncertaintiesOf(placementOf(e.view, e.doc), { sd })
      const provisional = new Set(provisionalMetrics(e.view, e.doc).filter((name) => typeof values[name] === 'number'))
      rows = e.metrics.map((m) => {
        const v = values[m.name]
        if (kind === 'summary') {
          // The patient summary: a sentence per metric and its numbers (its ± is the clinician's reading).
          const row = changes?.view === e.view ? changes.rows.get(m.name) : undefined
          const finding = findingOf({
            view: e.view,
            name: m.name,
            unit: m.unit,
            signed: showsSign(m),
            value: typeof v === 'number' ? v : null,
            ...(row ? { change: { earlier: row.earlier, change: row.change, verdict: verdictOf(row) } } : {}),
          })
          return {
            name: m.name,
            label: finding.sentence,
            value: finding.numbers,
            provisional: provisional.has(m.name),
          }
        }
        return {
          name: m.name,
          label: m.label,
          value: typeof v !== 'number' ? t('results.noValue') : formatValueWithU(m, v, u[m.name]),
          provisional: provisional.has(m.name),
        }
      })
      // By their labels: the printed report's list of field names is no reading for a clinician.
      if (provisional.size > 0)
        notes.push(
          t('report.provisional', {
            list: e.metrics
              .filter((m) => provisional.has(m.name))
              .map((m) => m.label)
              .join(', '),
          }),
        )
      const warning = photo ? precisionWarning(e.metrics, values, u, photo) : null
      if (warning && photo && kind === 'clinical') notes.push(precisionWarningText(warning, photo))
    } else notes.push(t('report.noResults'))
    return {
      view: e.view,
      heading: t('report.viewTitle', { view: t(`view.${e.view}.title`) }),
      // The summary for the patient leaves the capture's technical facts to the clinical report.
      facts: kind === 'summary' ? '' : facts.join(' \u00b7 '),
      tilt: photo && kind === 'clinical' ? tiltWarningText(capture) : '',
      photo: photo ? { width: photo.width, height: photo.height } : null,
      rows,
      notes,
    }
  })
  const notes = notesLines(state.meta.notes)
  return {
    language: locale === 'en' ? 'en-US' : locale === 'es' ? 'es-ES' : 'pt-BR',
    kind,
    title: t(kind === 'summary' ? 'summary.title' : 'report.title'),
    clinic: settings.clinic.trim(),
    clinician: settings.clinician.trim() ? t('pdf.clinician', { name: settings.clinician.trim() }) : '',
    logo: settings.logo,
    running: [patient, date].filter(Boolean).join(' \u00b7 '),
    patientLine: [
      patient ? `${t('assessment.patient')}: ${patient}` : '',
      date ? `${t('assessment.date')}: ${date}` : '',
    ]
      .filter(Boolean)
      .join(' \u00b7 '),
    intro:
      kind === 'summary'
        ? [t('summary.intro')]
        : [
            t('report.intro', { date: formatDateTime(people.now.toISOString(), locale) }),
            t('uncertainty.report', { sd: formatNumber(sd, sd % 1 === 0 ? 0 : 1, locale) }),
          ],
    columns: {
      metric: t(kind === 'summary' ? 'summary.column.finding' : 'pdf.column.metric'),
      value: t('results.column.value'),
    },
    badge: t('results.provisional.badge'),
    views,
    empty: views.length === 0 ? t('report.empty') : '',
    comparison: comparisonContent(state, kind),
    trends:
      kind === 'clinical'
        ? trendsContent(
            state,
            views.map((v) => v.view),
            people.visits ?? [],
            patient,
          )
        : null,
    notes,
    notesHeading: t('pdf.notes'),
  }
}

/** The PDF report's file name, as the other files of the visit are named (record/model.ts visitFileName): patient and date. */
export function reportPdfFileName(state: AppState, kind: ReportKind = 'clinical'): string {
  return visitFileName(state.meta.patientId, state.meta.date, kind === 'summary' ? 'summary' : 'report', 'pdf')
}
