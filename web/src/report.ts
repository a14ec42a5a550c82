/**
 * The printable report (hidden on screen; the print stylesheet shows only it): per
 * view with content, the annotated photo and the metrics table.
 */
import { resultEntries } from './csv.js'
import { h, s, swatch } from './dom.js'
import { t } from './i18n/index.js'
import { formatValue } from './metrics.js'
import { fcOf } from './model.js'
import { drawOverlay } from './overlay.js'
import { colorOf, sceneOf } from './scene.js'
import { provisionalMetrics } from './provisional.js'
import type { AppState } from './state.js'

/** Longest side of the printed photo, in drawing units. */
const REPORT_SIZE = 640

export function renderReport(container: HTMLElement, state: AppState): void {
  const now = new Date()
  const entries = resultEntries(state)
  const parts: HTMLElement[] = [
    h('header', { class: 'report-header' }, h('h1', {}, t('report.title')), h('p', {}, t('report.intro', { date: now.toLocaleString() }))),
  ]
  if (entries.length === 0) parts.push(h('p', {}, t('report.empty')))
  for (const e of entries) {
    const title = t(`view.${e.view}.title`)
    const section = h('section', { class: 'report-view', 'data-view': e.view })
    const fc = fcOf(e.doc)
    const facts = [
      e.doc.photo?.name ? t('report.photo', { name: e.doc.photo.name, width: e.doc.photo.width, height: e.doc.photo.height }) : '',
      e.view === 'lateral' ? t('report.side', { side: e.doc.side }) : '',
      e.view === 'posterior' ? t(e.doc.estimatePopliteal ? 'report.popliteal.estimated' : 'report.popliteal.marked') : '',
      fc !== null
        ? e.doc.gridCm !== null
          ? t('report.fcReference', { fc: fc.toPrecision(4), cm: e.doc.gridCm })
          : t('report.fc', { fc: fc.toPrecision(4) })
        : '',
      e.doc.lrvX !== null ? t('report.lrv', { x: e.doc.lrvX }) : '',
    ].filter(Boolean)
    section.append(h('h2', {}, t('report.viewTitle', { view: title })), h('p', { class: 'report-facts' }, facts.join(' · ')))

    const photo = e.doc.photo
    if (photo) {
      const k = REPORT_SIZE / Math.max(photo.width, photo.height)
      const w = photo.width * k
      const hgt = photo.height * k
      const svg = s('svg', { viewBox: `0 0 ${w} ${hgt}`, class: 'report-photo', role: 'img', 'aria-label': t('report.photoLabel', { view: title }) })
      drawOverlay(svg, sceneOf(state, e.view, false), { s: k, tx: 0, ty: 0 }, { interactive: false, width: w, height: hgt })
      section.append(h('figure', {}, svg))
    }

    if (e.values) {
      const body = h('tbody')
      const provisional = new Set(provisionalMetrics(e.view, e.doc).filter((name) => typeof e.values?.[name] === 'number'))
      e.metrics.forEach((m, i) => {
        const v = e.values?.[m.name]
        const mark = provisional.has(m.name)
        body.append(
          h(
            'tr',
            { 'data-metric': m.name, 'data-provisional': mark ? 'true' : null, class: mark ? 'provisional' : null },
            h('th', { scope: 'row' }, swatch(colorOf(i)), `${m.label} `, h('code', {}, m.name), h('span', { class: 'meaning' }, m.meaning)),
            h(
              'td',
              { class: 'num', title: typeof v === 'number' ? String(v) : null },
              typeof v === 'number' ? formatValue(m, v) : t('results.noValue'),
              mark ? h('span', { class: 'provisional-badge' }, t('results.provisional.badge')) : null,
            ),
          ),
        )
      })
      if (provisional.size > 0) section.append(h('p', { class: 'report-provisional' }, t('report.provisional', { list: [...provisional].join(', ') })))
      section.append(
        h(
          'table',
          { class: 'metrics' },
          h('thead', {}, h('tr', {}, h('th', {}, t('results.column.metric')), h('th', { class: 'num' }, t('results.column.value')))),
          body,
        ),
      )
    } else {
      section.append(h('p', {}, t('report.noResults')))
    }
    parts.push(section)
  }
  container.replaceChildren(...parts)
}
