/**
 * Outputs: the CSV export and the printable report (hidden on screen; the print
 * stylesheet shows only it: per view, the annotated photo and the metrics table).
 */
import type { View } from '../../src/markers.js'
import { h, s, swatch } from './dom.js'
import { formatValue, unitText, type MetricInfo } from './metrics.js'
import { fcOf, type Doc } from './model.js'
import { drawOverlay, PALETTE, type Scene } from './overlay.js'

export interface ReportEntry {
  readonly view: View
  readonly title: string
  readonly doc: Doc
  readonly metrics: readonly MetricInfo[]
  /** The service's answer for the document as it is, or null. */
  readonly values: Readonly<Record<string, unknown>> | null
  readonly scene: Scene
}

function csvField(v: string): string {
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v
}

/** RFC 4180 CSV, one row per metric, values at full precision. */
export function csvOf(entries: readonly ReportEntry[]): string {
  const rows: string[][] = [['view', 'side', 'metric', 'value', 'unit', 'meaning', 'photo', 'fc_cm_per_px', 'lrv_x_px']]
  for (const e of entries) {
    if (!e.values) continue
    for (const m of e.metrics) {
      const v = e.values[m.name]
      if (typeof v !== 'number') continue
      rows.push([
        e.view,
        e.view === 'lateral' ? e.doc.side : '',
        m.name,
        String(v),
        unitText(m),
        m.meaning,
        e.doc.photo?.name ?? '',
        String(fcOf(e.doc) ?? ''),
        String(e.doc.lrvX ?? ''),
      ])
    }
  }
  return rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n'
}

/** Longest side of the printed photo, in drawing units. */
const REPORT_SIZE = 640

export function renderReport(container: HTMLElement, entries: readonly ReportEntry[]): void {
  const now = new Date()
  const parts: HTMLElement[] = [
    h(
      'header',
      { class: 'report-header' },
      h('h1', {}, 'Posture analysis'),
      h('p', {}, `Report of ${now.toLocaleString()}. Angles in degrees, distances in cm; signs follow the subject's body.`),
    ),
  ]
  if (entries.length === 0) parts.push(h('p', {}, 'Nothing marked yet.'))
  for (const e of entries) {
    const section = h('section', { class: 'report-view', 'data-view': e.view })
    const fc = fcOf(e.doc)
    const facts = [
      e.doc.photo?.name ? `Photo: ${e.doc.photo.name} (${e.doc.photo.width}×${e.doc.photo.height} px)` : '',
      e.view === 'lateral' ? `Side toward the camera: ${e.doc.side}` : '',
      e.view === 'posterior' ? `Popliteal points: ${e.doc.estimatePopliteal ? 'estimated' : 'marked'}` : '',
      fc !== null ? `fc = ${fc.toPrecision(4)} cm/px${e.doc.gridCm !== null ? ` (${e.doc.gridCm} cm reference)` : ''}` : '',
      e.doc.lrvX !== null ? `Reference line x = ${e.doc.lrvX} px` : '',
    ].filter(Boolean)
    section.append(h('h2', {}, `${e.title} view`), h('p', { class: 'report-facts' }, facts.join(' · ')))

    const photo = e.doc.photo
    if (photo) {
      const k = REPORT_SIZE / Math.max(photo.width, photo.height)
      const w = photo.width * k
      const hgt = photo.height * k
      const svg = s('svg', { viewBox: `0 0 ${w} ${hgt}`, class: 'report-photo', role: 'img', 'aria-label': `${e.title} photo with markers and metrics` })
      drawOverlay(svg, e.scene, { s: k, tx: 0, ty: 0 }, { interactive: false, width: w, height: hgt })
      section.append(h('figure', {}, svg))
    }

    if (e.values) {
      const body = h('tbody')
      e.metrics.forEach((m, i) => {
        const v = e.values?.[m.name]
        body.append(
          h(
            'tr',
            { 'data-metric': m.name },
            h(
              'th',
              { scope: 'row' },
              swatch(PALETTE[i % PALETTE.length]!),
              `${m.label} `,
              h('code', {}, m.name),
              h('span', { class: 'meaning' }, m.meaning),
            ),
            h('td', { class: 'num', title: typeof v === 'number' ? String(v) : null }, typeof v === 'number' ? formatValue(m, v) : '\u2014'),
          ),
        )
      })
      section.append(
        h(
          'table',
          { class: 'metrics' },
          h('thead', {}, h('tr', {}, h('th', {}, 'Metric and what its sign means'), h('th', { class: 'num' }, 'Value'))),
          body,
        ),
      )
    } else {
      section.append(h('p', {}, 'No results: the marking of this view is not complete.'))
    }
    parts.push(section)
  }
  container.replaceChildren(...parts)
}
