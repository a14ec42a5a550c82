/**
 * What the PDF report says, as data, in the current language: the same content as the
 * printed report (report.ts) without its comparison section: title, patient (with the
 * record's name for a visit of the record) and date, placement error; per view with
 * content, its facts (photo, capture conditions, scale), the tilt warning, the metrics
 * by their labels (never their field names) with value ± u and the provisional mark,
 * and the notes after the table. report-pdf.ts lays it out. Pure: no DOM.
 */
import type { View } from '#core/markers.js'
import { placementOf } from '../compare/from-state.js'
import { formatDate, formatNumber } from '../i18n/format.js'
import { currentLocale, t } from '../i18n/index.js'
import { formatValueWithU } from '../metrics/metric-info.js'
import { precisionWarning, precisionWarningText } from '../metrics/precision.js'
import { uncertaintiesOf } from '../metrics/uncertainty.js'
import { visitFileName } from '../record/model.js'
import { tiltWarningText } from '../state/capture-conditions.js'
import { provisionalMetrics } from '../state/provisional.js'
import type { AppState } from '../state/state.js'
import { viewFacts } from './report-facts.js'
import { resultEntries } from './results-csv.js'

export interface ReportRow {
  /** The metric's label in the current language. */
  readonly label: string
  /** value ± u with its unit in the app's number format, or the no-value sign. */
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

export interface ReportContent {
  /** The BCP 47 language of the text. */
  readonly language: string
  readonly title: string
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
}

export interface ReportPeople {
  /** The patient's name from the record, for a visit of the record ('' or absent: none shown). */
  readonly patientName?: string
  /** When the report is made (its intro says it). */
  readonly now: Date
}

/** The patient identifier with the record's name, e.g. "PAC-0042 (José Núñez)"; '' when neither. */
function patientText(identifier: string, name: string): string {
  if (identifier && name) return `${identifier} (${name})`
  return identifier || name
}

export function reportContentOf(state: AppState, people: ReportPeople): ReportContent {
  const locale = currentLocale()
  const sd = state.settings.placementSd
  const identifier = state.meta.patientId.trim()
  const patient = patientText(identifier, people.patientName?.trim() ?? '')
  const date = state.meta.date ? formatDate(state.meta.date, locale) : ''
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
        return {
          label: m.label,
          value: typeof v === 'number' ? formatValueWithU(m, v, u[m.name]) : t('results.noValue'),
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
      if (warning && photo) notes.push(precisionWarningText(warning, photo))
    } else notes.push(t('report.noResults'))
    return {
      view: e.view,
      heading: t('report.viewTitle', { view: t(`view.${e.view}.title`) }),
      facts: facts.join(' \u00b7 '),
      tilt: photo ? tiltWarningText(capture) : '',
      photo: photo ? { width: photo.width, height: photo.height } : null,
      rows,
      notes,
    }
  })
  return {
    language: locale === 'es' ? 'es-ES' : 'en-US',
    title: t('report.title'),
    running: [patient, date].filter(Boolean).join(' \u00b7 '),
    patientLine: [
      patient ? `${t('assessment.patient')}: ${patient}` : '',
      date ? `${t('assessment.date')}: ${date}` : '',
    ]
      .filter(Boolean)
      .join(' \u00b7 '),
    intro: [
      t('report.intro', { date: people.now.toLocaleString(locale) }),
      t('uncertainty.report', { sd: formatNumber(sd, sd % 1 === 0 ? 0 : 1, locale) }),
    ],
    columns: { metric: t('pdf.column.metric'), value: t('results.column.value') },
    badge: t('results.provisional.badge'),
    views,
    empty: views.length === 0 ? t('report.empty') : '',
  }
}

/** The PDF report's file name, as the other files of the visit are named (record/model.ts visitFileName). */
export function reportPdfFileName(state: AppState): string {
  return visitFileName(state.meta.patientId, state.meta.date, 'report', 'pdf')
}
