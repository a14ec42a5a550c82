/**
 * The printable report (hidden on screen; the print stylesheet shows only it): the
 * patient and date, the placement error; per view with content, the annotated photo
 * and the metrics table with value ± u, how the photo was taken and scaled (and a
 * warning when the camera was not level); and, when a comparison is loaded, the
 * comparison table (with the limit and the evidence that judged each change) with both visits' overlays side by side. Every printed page has
 * the patient (with the record's name) and the date in its top and bottom margins and
 * "Página n de m" in the bottom one (CSS @page margin boxes, written by runningStyle).
 */

import type { View } from '#core/markers.js'
import { comparisonOf, placementOf } from '../compare/from-state.js'
import { formatDate, formatDateTime, formatNumber, plainNumber } from '../i18n/format.js'
import { currentLocale, t, terms } from '../i18n/index.js'
import { formatValueWithU, metricsOf } from '../metrics/metric-info.js'
import { precisionWarning, precisionWarningText } from '../metrics/precision.js'
import { uncertaintiesOf } from '../metrics/uncertainty.js'
import { comparedNames, comparisonTable } from '../render/comparison-table.js'
import { h, s, swatch } from '../render/dom.js'
import { drawOverlay } from '../render/overlay.js'
import { colorOf, type Scene, sceneOf } from '../render/scene.js'
import { tiltWarningText } from '../state/capture-conditions.js'
import { type Doc, targetsOf } from '../state/model.js'
import { provisionalMetrics } from '../state/provisional.js'
import type { AppState } from '../state/state.js'
import { notesLines } from '../state/visit-notes.js'
import { viewFacts } from './report-facts.js'
import { resultEntries } from './results-csv.js'

/** Longest side of the printed photo, in drawing units. */
export const REPORT_SIZE = 640

/** A CSS string: quotes and backslashes escaped, a line break as one space. */
function cssString(text: string): string {
  return `"${text.replace(/[\\"]/g, '\\$&').replace(/[\r\n]+/g, ' ')}"`
}

/**
 * The print stylesheet's running header and footer for this report: the patient and
 * the date top left and bottom left, the page number as the language words it
 * ("Página {page} de {pages}" with the page counters) bottom right.
 */
export function runningStyle(running: string): string {
  const number = t('pdf.page', { page: '\u0000page\u0000', pages: '\u0000pages\u0000' })
    .split('\u0000')
    .map((part) =>
      part === 'page' ? 'counter(page)' : part === 'pages' ? 'counter(pages)' : part ? cssString(part) : '',
    )
    .filter(Boolean)
    .join(' ')
  const box = 'font: 8pt sans-serif; color: #555;'
  return `@media print { @page {
  @top-left { content: ${cssString(running)}; ${box} }
  @bottom-left { content: ${cssString(running)}; ${box} }
  @bottom-right { content: ${number}; ${box} }
} }`
}

/** Notes of more lines than this (as written, before wrapping) may break over a page in the printed report. */
const NOTES_WHOLE_LINES = 30

/** What the record adds to the printed report: the patient's name, the clinic's settings (logo as a URL). */
export interface PrintedExtras {
  readonly patientName: string
  readonly clinic: string
  readonly clinician: string
  /** An object URL of the admitted logo, or ''. */
  readonly logoUrl: string
}

export const NO_PRINTED_EXTRAS: PrintedExtras = { patientName: '', clinic: '', clinician: '', logoUrl: '' }

export function renderReport(container: HTMLElement, state: AppState, extras: PrintedExtras = NO_PRINTED_EXTRAS): void {
  const patientName = extras.patientName
  const now = new Date()
  const entries = resultEntries(state)
  const sd = state.settings.placementSd
  const identifier = state.meta.patientId.trim()
  const name = patientName.trim()
  const patient = identifier && name ? `${identifier} (${name})` : identifier || name
  const running = [patient, state.meta.date ? formatDate(state.meta.date, currentLocale()) : '']
    .filter(Boolean)
    .join(' · ')
  const parts: HTMLElement[] = [
    h('style', { id: 'report-running' }, runningStyle(running)),
    h(
      'header',
      { class: 'report-header' },
      extras.logoUrl ? h('img', { class: 'report-logo', src: extras.logoUrl, alt: '' }) : null,
      extras.clinic ? h('p', { class: 'report-clinic' }, extras.clinic) : null,
      extras.clinician ? h('p', { class: 'report-clinician' }, t('pdf.clinician', { name: extras.clinician })) : null,
      h('h1', {}, t('report.title')),
      patient || state.meta.date
        ? h(
            'p',
            { class: 'report-patient' },
            [
              patient ? `${t('assessment.patient')}: ${patient}` : '',
              state.meta.date ? `${t('assessment.date')}: ${formatDate(state.meta.date, currentLocale())}` : '',
            ]
              .filter(Boolean)
              .join(' · '),
          )
        : null,
      h('p', {}, t('report.intro', { date: formatDateTime(now.toISOString(), currentLocale()) })),
      h(
        'p',
        { class: 'report-uncertainty' },
        t('uncertainty.report', { sd: formatNumber(sd, sd % 1 === 0 ? 0 : 1, currentLocale()) }),
      ),
    ),
  ]
  if (entries.length === 0) parts.push(h('p', {}, t('report.empty')))
  for (const e of entries) {
    const title = t(`view.${e.view}.title`)
    const section = h('section', { class: 'report-view', 'data-view': e.view })
    const capture = e.doc.capture
    const facts = viewFacts(e.view, e.doc)
    const photo = e.doc.photo
    // A tilt beyond the level limit: a warning closing the facts, above the photo and the table it applies to (a
    // paragraph of its own would take a line more, and between them they would no longer stand side by side).
    const tilt = photo ? tiltWarningText(capture) : ''
    section.append(
      h('h2', {}, t('report.viewTitle', { view: title })),
      h(
        'p',
        { class: 'report-facts' },
        facts.join(' · '),
        tilt ? ' ' : null,
        tilt ? h('strong', { class: 'report-tilt' }, tilt) : null,
      ),
    )

    if (photo) {
      const k = REPORT_SIZE / Math.max(photo.width, photo.height)
      const w = photo.width * k
      const hgt = photo.height * k
      const svg = s('svg', {
        viewBox: `0 0 ${w} ${hgt}`,
        class: 'report-photo',
        role: 'img',
        'aria-label': t('report.photoLabel', { view: title }),
      })
      drawOverlay(
        svg,
        sceneOf(state, e.view, false),
        { s: k, tx: 0, ty: 0 },
        { interactive: false, width: w, height: hgt },
      )
      section.append(h('figure', {}, svg))
    }

    if (e.values) {
      const u = uncertaintiesOf(placementOf(e.view, e.doc), { sd })
      const body = h('tbody')
      const provisional = new Set(
        provisionalMetrics(e.view, e.doc).filter((name) => typeof e.values?.[name] === 'number'),
      )
      e.metrics.forEach((m, i) => {
        const v = e.values?.[m.name]
        const mark = provisional.has(m.name)
        body.append(
          h(
            'tr',
            { 'data-metric': m.name, 'data-provisional': mark ? 'true' : null, class: mark ? 'provisional' : null },
            h(
              'th',
              { scope: 'row' },
              swatch(colorOf(i)),
              // The label only: a field name ("head_angle") is no reading for a patient or a colleague.
              `${m.label} `,
              h('span', { class: 'meaning' }, m.meaning),
              m.note ? h('span', { class: 'published' }, m.note) : null,
            ),
            h(
              'td',
              { class: 'num', title: typeof v === 'number' ? plainNumber(v, currentLocale()) : null },
              typeof v === 'number' ? formatValueWithU(m, v, u[m.name]) : t('results.noValue'),
              mark ? h('span', { class: 'provisional-badge' }, t('results.provisional.badge')) : null,
            ),
          ),
        )
      })
      section.append(
        h(
          'table',
          { class: 'metrics' },
          h(
            'thead',
            {},
            h('tr', {}, h('th', {}, t('results.column.metric')), h('th', { class: 'num' }, t('results.column.value'))),
          ),
          body,
        ),
      )
      // The notes after the table: the photo and the table stay side by side on one row of the view.
      if (provisional.size > 0)
        section.append(
          h(
            'p',
            { class: 'report-provisional' },
            // By their labels, as the table names them (not their field names).
            t('report.provisional', {
              list: e.metrics
                .filter((m) => provisional.has(m.name))
                .map((m) => m.label)
                .join(', '),
            }),
          ),
        )
      const warning = photo ? precisionWarning(e.metrics, e.values, u, photo) : null
      if (warning && photo) section.append(h('p', { class: 'precision-warning' }, precisionWarningText(warning, photo)))
    } else {
      section.append(h('p', {}, t('report.noResults')))
    }
    parts.push(section)
  }
  const comparison = comparisonSection(state)
  if (comparison) parts.push(comparison)
  // The clinician's notes and interpretation of the visit, line breaks kept (pre-wrap): kept whole on a page
  // when they fit on one, else flowing on to the next page (docs/record.md); no heading without notes.
  const notes = notesLines(state.meta.notes)
  if (notes.length > 0)
    parts.push(
      h(
        'section',
        { class: notes.length > NOTES_WHOLE_LINES ? 'report-notes report-notes-long' : 'report-notes' },
        h('h2', {}, t('pdf.notes')),
        h('p', { class: 'report-notes-text' }, notes.join('\n')),
      ),
    )
  container.replaceChildren(...parts)
}

/** The scene of a document with its metrics computed here (the earlier visit has no service answer). */
function sceneOfDoc(view: View, doc: Doc, values: Readonly<Record<string, number>>): Scene {
  const figures = metricsOf(view, doc.estimatePopliteal).flatMap((info, i) => {
    const value = values[info.name]
    return typeof value === 'number' ? [{ info, value, color: colorOf(i) }] : []
  })
  return {
    doc,
    targets: targetsOf(view, doc),
    active: null,
    flagged: new Set(),
    figures,
    highlight: null,
    stale: false,
  }
}

function overlayFigure(scene: Scene, caption: string): HTMLElement {
  const photo = scene.doc.photo
  const width = photo?.width ?? 600
  const height = photo?.height ?? 1000
  // The scale of the report's own photos, so marks and labels keep their size; CSS fits two side by side.
  const k = REPORT_SIZE / Math.max(width, height)
  const svg = s('svg', {
    viewBox: `0 0 ${width * k} ${height * k}`,
    class: 'report-photo',
    role: 'img',
    'aria-label': caption,
  })
  drawOverlay(svg, scene, { s: k, tx: 0, ty: 0 }, { interactive: false, width: width * k, height: height * k })
  return h('figure', {}, svg, h('figcaption', {}, caption))
}

/** The comparison with the earlier visit, when one is loaded and can be made. */
function comparisonSection(state: AppState): HTMLElement | null {
  const c = comparisonOf(state)
  const otherDoc = state.comparison?.views[state.view]
  if (!c?.ok || !otherDoc) return null
  const view = state.view
  const locale = currentLocale()
  // compare() says which side is the assessment on screen (by date, then the visits' start times).
  const currentIsLater = c.current === 'later'
  const laterDoc = currentIsLater ? state.views[view].doc : otherDoc
  const earlierDoc = currentIsLater ? otherDoc : state.views[view].doc
  const names = comparedNames(c, locale, t)
  return h(
    'section',
    { class: 'report-view report-comparison', 'data-view': view },
    h('h2', {}, `${t('compare.reportTitle')} · ${t('report.viewTitle', { view: t(`view.${view}.title`) })}`),
    h(
      'div',
      { class: 'report-pair' },
      overlayFigure(sceneOfDoc(view, earlierDoc, c.earlier.values), `${t('compare.column.earlier')}: ${names.earlier}`),
      overlayFigure(sceneOfDoc(view, laterDoc, c.later.values), `${t('compare.column.later')}: ${names.later}`),
    ),
    // With the limit a real change must exceed and the evidence that judged each change, as on screen
    // (placement error alone in short, its reason in the cell's title: the comparison keeps to two pages).
    comparisonTable(c, locale, t, terms(), { evidence: 'short' }),
  )
}
