/**
 * A trend drawn by hand as SVG: the value at each visit joined by a line, its ±u as
 * a band, and a red ring where the change from the previous visit exceeds the
 * smallest real difference; and the same numbers as a table, a column per visit
 * (two visits of one date are two columns, headed by date and start time). SVG
 * rather than a chart library: a line, a polygon and a few circles need no
 * dependency, and SVG prints as vectors (canvas charts print at screen resolution).
 */

import { isSigned } from '../compare/comparison-rows.js'
import { formatWithUncertainty, type Locale } from '../i18n/format.js'
import { h, s } from '../render/dom.js'
import { type TrendSeries, trendColumns } from './trend.js'
import { visitLabels, visitLabelText } from './visit-labels.js'

const W = 300
const H = 110
const PAD = { left: 8, right: 8, top: 8, bottom: 8 }

export function trendChart(series: TrendSeries, label: string, locale: Locale): SVGSVGElement {
  const pts = series.points
  const lo = Math.min(...pts.map((p) => p.value - p.u))
  const hi = Math.max(...pts.map((p) => p.value + p.u))
  const span = hi - lo || 1
  const x = (i: number) =>
    PAD.left + (pts.length === 1 ? (W - PAD.left - PAD.right) / 2 : (i * (W - PAD.left - PAD.right)) / (pts.length - 1))
  const y = (v: number) => PAD.top + ((hi - v) * (H - PAD.top - PAD.bottom)) / span
  const upper = pts.map((p, i) => `${x(i).toFixed(1)},${y(p.value + p.u).toFixed(1)}`)
  const lower = pts.map((p, i) => `${x(i).toFixed(1)},${y(p.value - p.u).toFixed(1)}`).reverse()
  const svg = s('svg', {
    viewBox: `0 0 ${W} ${H}`,
    class: 'trend-chart',
    role: 'img',
    'aria-label': label,
    'data-metric': series.name,
  })
  svg.append(
    s('polygon', { class: 'trend-band', points: [...upper, ...lower].join(' ') }),
    s('polyline', {
      class: 'trend-line',
      points: pts.map((p, i) => `${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(' '),
    }),
  )
  const names = visitLabels(pts, locale, '')
  pts.forEach((p, i) => {
    const dot = s('circle', {
      class: p.real ? 'trend-point real' : 'trend-point',
      cx: x(i).toFixed(1),
      cy: y(p.value).toFixed(1),
      r: p.real ? 5 : 3,
      'data-real': p.real ? 'true' : null,
    })
    dot.append(
      s(
        'title',
        {},
        `${visitLabelText(names[i]!)}: ${formatWithUncertainty(p.value, p.u, series.unit, locale, { signed: isSigned(series.view, series.name) })}`,
      ),
    )
    svg.append(dot)
  })
  return svg
}

/**
 * The series of a view as a table: a row per metric, a column per visit, oldest
 * first; a column is headed by the visit's date, and by its start time too where
 * another visit has the same date.
 */
export function trendTable(
  series: readonly TrendSeries[],
  labels: ReadonlyMap<string, string>,
  locale: Locale,
  metricHeader: string,
): HTMLTableElement {
  const visits = trendColumns(series)
  const names = visitLabels(visits, locale, '\u2014')
  const head = h(
    'tr',
    {},
    h('th', { scope: 'col' }, metricHeader),
    ...visits.map((v, i) => {
      const { date, time } = names[i]!
      return h(
        'th',
        { scope: 'col', class: 'num', 'data-visit': v.id },
        date,
        time ? h('br') : null,
        time ? h('span', { class: 'visit-time' }, time) : null,
      )
    }),
  )
  const body = h('tbody')
  for (const sr of series) {
    const cells = visits.map((v) => {
      const p = sr.points.find((q) => q.visitId === v.id)
      return h(
        'td',
        { class: p?.real ? 'num real' : 'num', 'data-visit': v.id },
        // Signed metrics with their '+' as everywhere else (the core's display rule).
        p ? formatWithUncertainty(p.value, p.u, sr.unit, locale, { signed: isSigned(sr.view, sr.name) }) : '\u2014',
      )
    })
    body.append(
      h('tr', { 'data-metric': sr.name }, h('th', { scope: 'row' }, labels.get(sr.name) ?? sr.name), ...cells),
    )
  }
  return h('table', { class: 'metrics trend-table' }, h('thead', {}, head), body)
}
