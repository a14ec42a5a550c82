/**
 * The results as data for the outputs: per view with content, its document, metrics
 * and its values (the service's when they answer the document as it is; while the view
 * is incomplete, the partial results of state/partial.ts), and the CSV
 * export built from them (RFC 4180, one row per metric, values at full precision).
 * Pure: no DOM.
 */
import { placementOf } from '../compare/from-state.js'
import { type CsvDialect, type CsvValue, csvText, MACHINE_CSV } from '../i18n/csv-text.js'
import { type MessageKey, t } from '../i18n/index.js'
import { type MetricInfo, metricsOf, unitText } from '../metrics/metric-info.js'
import { DEFAULT_PLACEMENT_SD_PX, uncertaintiesOf } from '../metrics/uncertainty.js'
import { type Doc, fcOf, hasContent, VIEW_NAMES, type View } from '../state/model.js'
import { shownValues } from '../state/partial.js'
import { provisionalMetrics } from '../state/provisional.js'
import { type AppState, type AssessmentMeta, EMPTY_META } from '../state/state.js'

export interface ResultEntry {
  readonly view: View
  readonly doc: Doc
  readonly metrics: readonly MetricInfo[]
  /** The service's answer for the document as it is, or the partial results of an incomplete view, or null. */
  readonly values: Readonly<Record<string, unknown>> | null
}

/** The views with anything marked, in view order. */
export function resultEntries(state: AppState): ResultEntry[] {
  const entries: ResultEntry[] = []
  for (const view of VIEW_NAMES) {
    const { doc, outcome } = state.views[view]
    if (!hasContent(doc)) continue
    const { values } = shownValues(view, doc, outcome)
    entries.push({ view, doc, metrics: metricsOf(view, doc.estimatePopliteal), values })
  }
  return entries
}

const COLUMNS: readonly MessageKey[] = [
  'csv.column.patient',
  'csv.column.date',
  'csv.column.view',
  'csv.column.side',
  'csv.column.metric',
  'csv.column.value',
  'csv.column.u',
  'csv.column.unit',
  'csv.column.meaning',
  'csv.column.photo',
  'csv.column.fc',
  'csv.column.lrv',
  'csv.column.sd',
  'csv.column.status',
]

/**
 * RFC 4180 CSV through csv-text.ts (so a text cell a spreadsheet would run as a
 * formula is neutralised), one row per metric with a value, values and their standard
 * uncertainty (from the placement error `sd`, px) at full precision; headers,
 * side, unit, meaning and status in the current language; the status column says
 * whether the value is provisional (it uses unconfirmed suggested markers). In
 * `dialect` (csv-text.ts): the machine CSV by default (',' and '.', for scripts), or
 * the spreadsheet CSV of the clinician's language (Spanish: ';' and the decimal
 * comma, with the byte-order mark); every digit in both. Every row starts with the patient (as typed) and the assessment
 * date, so rows of several files can be put together.
 */
export function csvOf(
  entries: readonly ResultEntry[],
  sd: number = DEFAULT_PLACEMENT_SD_PX,
  meta: AssessmentMeta = EMPTY_META,
  dialect: CsvDialect = MACHINE_CSV,
): string {
  // The spreadsheet CSV is for people: the metric column holds its name in the language, and its code (what the
  // CSV data for programs keeps in that column) follows last, an added column (docs/record.md, "Spreadsheet files").
  const forPeople = dialect !== MACHINE_CSV && dialect.bom === true
  const rows: CsvValue[][] = [[...COLUMNS.map((key) => t(key)), ...(forPeople ? [t('csv.column.code')] : [])]]
  for (const e of entries) {
    if (!e.values) continue
    const u = uncertaintiesOf(placementOf(e.view, e.doc), { sd })
    const provisional = new Set(provisionalMetrics(e.view, e.doc))
    for (const m of e.metrics) {
      const v = e.values[m.name]
      if (typeof v !== 'number') continue
      rows.push([
        meta.patientId.trim(),
        meta.date,
        e.view,
        e.view === 'lateral' ? t(`side.short.${e.doc.side}`) : '',
        forPeople ? m.label : m.name,
        v,
        u[m.name],
        unitText(m),
        m.meaning,
        e.doc.photo?.name ?? '',
        fcOf(e.doc),
        e.doc.lrvX,
        sd,
        // Words for people, like the side, unit and meaning columns (the view column is a code).
        t(provisional.has(m.name) ? 'csv.status.provisional' : 'csv.status.confirmed'),
        ...(forPeople ? [m.name] : []),
      ])
    }
  }
  return csvText(rows, dialect)
}
