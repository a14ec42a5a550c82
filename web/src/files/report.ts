/**
 * The printed report (hidden on screen; the print stylesheet shows only it): the DOM
 * renderer of the one description of the report (report-pdf-content.ts reportContentOf,
 * which the saved PDF's renderer, report-pdf.ts, lays out too), so the two cannot drift:
 * the title block (clinic, clinician, logo, title, patient, intro), per view its heading,
 * facts and tilt warning, the annotated photo beside the metrics table with value ± u and
 * the notes after it; the comparison with the loaded visit (its table with the limit and
 * the evidence that judged each change, then what the verdicts rest on); the clinician's
 * notes. Every printed page has the patient (with the record's name) and the date in its
 * top and bottom margins and "Página n de m" in the bottom one (CSS @page margin boxes,
 * written by runningStyle). The layout (report.css) fits one view on one page, three
 * views on two and a comparison on two, on A4 and US Letter (docs/record.md).
 */

import type { View } from '#core/markers.js'
import { currentLocale, t } from '../i18n/index.js'
import { h, s, swatch } from '../render/dom.js'
import { drawOverlay } from '../render/overlay.js'
import { colorOf, sceneOf } from '../render/scene.js'
import type { AppState } from '../state/state.js'
import { type ReportComparison, type ReportContent, type ReportView, reportContentOf } from './report-pdf-content.js'

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

/** The printed report of `state`: its content (reportContentOf, as the saved PDF's) rendered into `container`. */
export function renderReport(container: HTMLElement, state: AppState, extras: PrintedExtras = NO_PRINTED_EXTRAS): void {
  const content = reportContentOf(state, {
    patientName: extras.patientName,
    now: new Date(),
    settings: { clinic: extras.clinic, clinician: extras.clinician, logo: null },
  })
  renderContent(container, content, extras.logoUrl, (view) => photoFigure(state, view))
}

/** The annotated photo of a view at the report's scale (its labels laid out for paper), or null without a photo. */
function photoFigure(state: AppState, view: View): HTMLElement | null {
  const photo = state.views[view].doc.photo
  if (!photo) return null
  const k = REPORT_SIZE / Math.max(photo.width, photo.height)
  const w = photo.width * k
  const hgt = photo.height * k
  const svg = s('svg', {
    viewBox: `0 0 ${w} ${hgt}`,
    class: 'report-photo',
    role: 'img',
    'aria-label': t('report.photoLabel', { view: t(`view.${view}.title`) }),
  })
  drawOverlay(svg, sceneOf(state, view, false), { s: k, tx: 0, ty: 0 }, { interactive: false, width: w, height: hgt })
  return h('figure', {}, svg)
}

/** Renders `content` as the printed report; `figure` draws a view's photo. */
export function renderContent(
  container: HTMLElement,
  content: ReportContent,
  logoUrl: string,
  figure: (view: View) => HTMLElement | null,
): void {
  const parts: HTMLElement[] = [
    h('style', { id: 'report-running' }, runningStyle(content.running)),
    h(
      'header',
      { class: 'report-header' },
      logoUrl ? h('img', { class: 'report-logo', src: logoUrl, alt: '' }) : null,
      content.clinic ? h('p', { class: 'report-clinic' }, content.clinic) : null,
      content.clinician ? h('p', { class: 'report-clinician' }, content.clinician) : null,
      h('h1', {}, content.title),
      content.patientLine ? h('p', { class: 'report-patient' }, content.patientLine) : null,
      ...content.intro.map((p, i) => h('p', { class: i === 0 ? 'report-intro' : 'report-uncertainty' }, p)),
      content.empty ? h('p', {}, content.empty) : null,
    ),
  ]
  for (const v of content.views) parts.push(viewSection(v, content, figure(v.view)))
  if (content.comparison) parts.push(comparisonSection(content.comparison))
  // The clinician's notes, line breaks kept (pre-wrap): kept whole on a page when they fit on one, else flowing
  // on to the next page (docs/record.md); no heading without notes.
  if (content.notes.length > 0)
    parts.push(
      h(
        'section',
        { class: content.notes.length > NOTES_WHOLE_LINES ? 'report-notes report-notes-long' : 'report-notes' },
        h('h2', {}, content.notesHeading),
        h('p', { class: 'report-notes-text' }, content.notes.join('\n')),
      ),
    )
  container.dataset.views = String(content.views.length)
  container.dataset.comparison = content.comparison ? 'true' : 'false'
  container.replaceChildren(...parts)
}

function viewSection(v: ReportView, content: ReportContent, photo: HTMLElement | null): HTMLElement {
  const section = h(
    'section',
    { class: 'report-view', 'data-view': v.view },
    h('h2', {}, v.heading),
    v.facts || v.tilt
      ? h(
          'p',
          { class: 'report-facts' },
          v.facts,
          // A tilt beyond the level limit: a warning closing the facts, above the photo and the table it applies to.
          v.tilt && v.facts ? ' ' : null,
          v.tilt ? h('strong', { class: 'report-tilt' }, v.tilt) : null,
        )
      : null,
  )
  const row = h('div', { class: photo ? 'report-row' : 'report-row no-photo' }, photo)
  if (v.rows) {
    const body = h(
      'tbody',
      {},
      ...v.rows.map((r, i) =>
        h(
          'tr',
          {
            'data-metric': r.name,
            'data-provisional': r.provisional ? 'true' : null,
            class: r.provisional ? 'provisional' : null,
          },
          h('th', { scope: 'row' }, swatch(colorOf(i)), r.label),
          h(
            'td',
            { class: 'num' },
            r.value,
            r.provisional ? h('span', { class: 'provisional-badge' }, content.badge) : null,
          ),
        ),
      ),
    )
    row.append(
      h(
        'table',
        { class: 'metrics' },
        h(
          'thead',
          {},
          h('tr', {}, h('th', {}, content.columns.metric), h('th', { class: 'num' }, content.columns.value)),
        ),
        body,
      ),
    )
  }
  section.append(row)
  // The notes after the table (provisional metrics, precision, no results), each a paragraph of its own class.
  const provisional = v.rows?.some((r) => r.provisional) ?? false
  for (const [i, note] of v.notes.entries()) {
    const kind = !v.rows ? 'report-no-results' : provisional && i === 0 ? 'report-provisional' : 'precision-warning'
    section.append(h('p', { class: kind }, note))
  }
  return section
}

/**
 * A value ± u that may wrap before its ±: "−1,1 cm ± 0,3 cm" is one unbreakable run (no-break spaces),
 * wider than a narrow column at the comparison's size, where it would run into the next cell's value.
 */
function breakableValue(text: string): string {
  return text.replace(/\u00a0\u00b1/gu, ' \u00b1')
}

/** The comparison with the loaded visit: the two visits, how many changes are real, the table, what the verdicts rest on. */
function comparisonSection(c: ReportComparison): HTMLElement {
  const [metric, ...rest] = c.columns
  return h(
    'section',
    { class: 'report-comparison' },
    h('h2', {}, c.heading),
    h('p', { class: 'comparison-dates' }, c.between),
    h('p', { class: 'comparison-summary' }, c.summary),
    c.rows.length
      ? h(
          'table',
          { class: 'metrics comparison-table', lang: currentLocale() },
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              h('th', { scope: 'col' }, metric ?? ''),
              ...rest.map((col, i) => h('th', { scope: 'col', class: i < 5 ? 'num' : null }, col)),
            ),
          ),
          h(
            'tbody',
            {},
            ...c.rows.map((r) =>
              h(
                'tr',
                {
                  'data-metric': r.name,
                  'data-verdict': r.verdict,
                  'data-evidence': r.evidence,
                  class: r.verdict === 'real' ? 'real' : null,
                },
                h('th', { scope: 'row' }, r.cells[0] ?? ''),
                ...r.cells
                  .slice(1)
                  .map((cell, i) =>
                    h(
                      'td',
                      i === 5
                        ? { class: 'evidence', 'data-evidence': r.evidence }
                        : { class: i < 5 ? 'num' : 'verdict' },
                      i < 2 ? breakableValue(cell) : cell,
                    ),
                  ),
              ),
            ),
          ),
        )
      : null,
    ...c.evidence.map((p) => h('p', { class: 'comparison-note' }, p)),
  )
}
