/**
 * A trend drawn by hand as SVG, to be read at a glance and printed: a time axis with
 * the visits' dates (a visit lies where its date is, so 97 days take more room than 70),
 * a value axis with its unit, the value at each visit joined by a line, its ±u as a band,
 * the change-threshold band (values within measurement error of the first visit:
 * trend.ts changeBand, from the comparison's own smallestRealDifference), and a red ring
 * where the change from the previous visit exceeds it. A tap, a click, the pointer or
 * the keyboard on a visit writes its value (and its change) in the readout under the
 * chart: nothing is read on hover only. And the same numbers as a table, a column per
 * visit (two visits of one date are two columns, headed by date and start time).
 *
 * SVG rather than a chart library: axes, two bands, a line and a few circles need no
 * dependency, and SVG prints as vectors (canvas charts print at screen resolution).
 */

import {
  formatValue as formatNumberValue,
  formatShortDate,
  formatWithUncertainty,
  type Locale,
} from '../i18n/format.js'
import { t } from '../i18n/index.js'
import { difference } from '../metrics/uncertainty.js'
import { evidenceText } from '../render/comparison-table.js'
import { h, s } from '../render/dom.js'
import { changeBand, type TrendPoint, type TrendSeries, trendColumns, valueTicks, visitTime } from './trend.js'

export { valueTicks }

import { visitLabels, visitLabelText } from './visit-labels.js'

/** The chart's drawing box (SVG user units; it scales to its container). */
export const CHART = { width: 320, height: 184, left: 58, right: 12, top: 10, bottom: 30, inset: 10 } as const
/** Room a date label takes on the time axis, user units: closer labels are left out (the points stay). */
const DATE_LABEL_WIDTH = 66
/** Least room between two date labels, user units. */
const DATE_LABEL_GAP = 8

/** The texts of a chart in the current language. */
function axisUnit(series: TrendSeries): string {
  return t(series.unit === 'degrees' ? 'csv.unit.degrees' : 'csv.unit.cm')
}

/** What the readout says of a visit: its date, value ± u, and the change from the previous one. */
export function readoutText(series: TrendSeries, index: number, label: string, locale: Locale): string {
  const p = series.points[index]!
  const value = formatWithUncertainty(p.value, p.u, series.unit, locale, { signed: series.signed })
  const previous = series.points[index - 1]
  if (!previous) return t('record.trends.readout', { date: label, value })
  const change = formatNumberValue(difference(series.unit, p.value, previous.value), series.unit, locale, {
    signed: true,
  })
  return t('record.trends.readout.change', {
    date: label,
    value,
    change,
    verdict: t(p.real ? 'record.trends.verdict.real' : 'record.trends.verdict.within'),
  })
}

/**
 * One metric's trend as a figure: its name, the chart and the readout. `label` names
 * the metric; the figure is the same on screen and in the printed trends page.
 */
export function trendFigure(series: TrendSeries, label: string, locale: Locale): HTMLElement {
  const { width: W, height: H, left, right, top, bottom, inset } = CHART
  const pts = series.points
  const band = changeBand(series)
  const lows = [...pts.map((p) => p.value - p.u), band.low]
  const highs = [...pts.map((p) => p.value + p.u), band.high]
  const ticks = valueTicks(Math.min(...lows), Math.max(...highs))
  const lo = Math.min(ticks[0]!, ...lows)
  const hi = Math.max(ticks.at(-1)!, ...highs)
  const y = (v: number) => top + ((hi - v) * (H - top - bottom)) / (hi - lo || 1)
  const times = pts.map(visitTime)
  const t0 = Math.min(...times)
  const t1 = Math.max(...times)
  const x0 = left + inset
  const x1 = W - right - inset
  const x = (time: number) => (t1 === t0 ? (x0 + x1) / 2 : x0 + ((time - t0) * (x1 - x0)) / (t1 - t0))
  const names = visitLabels(pts, locale, t('compare.undated')).map(visitLabelText)
  const svg = s('svg', {
    viewBox: `0 0 ${W} ${H}`,
    class: 'trend-chart',
    role: 'img',
    'aria-label': label,
    'data-metric': series.name,
  })

  // The value axis: a line, ticks with values and the unit's name.
  const yAxis = s('g', { class: 'trend-axis-y' }, s('line', { x1: left, y1: top, x2: left, y2: H - bottom }))
  for (const v of ticks) {
    yAxis.append(
      s(
        'g',
        { class: 'trend-tick-y', 'data-value': String(v) },
        s('line', { class: 'trend-grid', x1: left, x2: W - right, y1: y(v).toFixed(1), y2: y(v).toFixed(1) }),
        s(
          'text',
          { x: left - 4, y: (y(v) + 3.5).toFixed(1), 'text-anchor': 'end' },
          formatNumberValue(v, series.unit, locale, { signed: series.signed && v !== 0 }),
        ),
      ),
    )
  }
  const unitTitle = s(
    'text',
    {
      class: 'trend-axis-title',
      x: 0,
      y: 0,
      transform: `translate(10 ${((top + H - bottom) / 2).toFixed(1)}) rotate(-90)`,
      'text-anchor': 'middle',
    },
    axisUnit(series),
  )

  // The time axis: a line, and the dates of the visits where they do not crowd each other.
  const xAxis = s(
    'g',
    { class: 'trend-axis-x' },
    s('line', { x1: left, y1: H - bottom, x2: W - right, y2: H - bottom }),
  )
  // A label is centred under its visit, or starts (ends) there at the axis's left (right) end.
  const anchorAt = (at: number) =>
    at - DATE_LABEL_WIDTH / 2 < left ? 'start' : at + DATE_LABEL_WIDTH / 2 > W ? 'end' : 'middle'
  const extent = (at: number): [number, number] => {
    const a = anchorAt(at)
    return a === 'start'
      ? [at, at + DATE_LABEL_WIDTH]
      : a === 'end'
        ? [at - DATE_LABEL_WIDTH, at]
        : [at - DATE_LABEL_WIDTH / 2, at + DATE_LABEL_WIDTH / 2]
  }
  const dated = pts.map((p, i) => ({ p, i, at: x(times[i]!) }))
  const shown: typeof dated = []
  const crowds = (a: (typeof dated)[number], b: (typeof dated)[number]) =>
    a.p.date === b.p.date || extent(b.at)[0] < extent(a.at)[1] + DATE_LABEL_GAP
  for (const d of dated) {
    const last = shown.at(-1)
    if (last && crowds(last, d)) {
      // The latest visit's date is always shown: it takes the place of a crowded earlier one (never the first's).
      if (d.i !== pts.length - 1) continue
      while (shown.length > 1 && crowds(shown.at(-1)!, d)) shown.pop()
      if (crowds(shown.at(-1)!, d)) continue
    }
    shown.push(d)
  }
  for (const d of shown) {
    xAxis.append(
      s(
        'g',
        { class: 'trend-tick-x', 'data-time': String(times[d.i]), 'data-visit': d.p.visitId },
        s('line', { x1: d.at.toFixed(1), x2: d.at.toFixed(1), y1: H - bottom, y2: H - bottom + 4 }),
        s(
          'text',
          { x: d.at.toFixed(1), y: H - bottom + 15, 'text-anchor': anchorAt(d.at) },
          d.p.date ? formatShortDate(d.p.date, locale) : t('compare.undated'),
        ),
      ),
    )
  }

  // The change threshold around the first visit, the ±u band, the line and the points.
  const threshold = s('rect', {
    class: 'trend-threshold',
    x: left,
    width: W - right - left,
    y: y(band.high).toFixed(1),
    height: Math.max(0, y(band.low) - y(band.high)).toFixed(1),
  })
  threshold.append(
    s(
      'title',
      {},
      t('record.trends.band.threshold', {
        half: formatNumberValue(band.half, series.unit, locale),
        evidence: evidenceText(series.evidence, t),
      }),
    ),
  )
  const upper = pts.map((p, i) => `${x(times[i]!).toFixed(1)},${y(p.value + p.u).toFixed(1)}`)
  const lower = pts.map((p, i) => `${x(times[i]!).toFixed(1)},${y(p.value - p.u).toFixed(1)}`).reverse()
  svg.append(
    threshold,
    yAxis,
    unitTitle,
    xAxis,
    s('polygon', { class: 'trend-band', points: [...upper, ...lower].join(' ') }),
    s('polyline', {
      class: 'trend-line',
      points: pts.map((p, i) => `${x(times[i]!).toFixed(1)},${y(p.value).toFixed(1)}`).join(' '),
    }),
  )
  const readout = h(
    'p',
    { class: 'trend-readout', 'aria-live': 'polite', 'data-metric': series.name },
    t('record.trends.readout.hint'),
  )
  const dots = pts.map((p: TrendPoint, i) => {
    const dot = s('circle', {
      class: p.real ? 'trend-point real' : 'trend-point',
      cx: x(times[i]!).toFixed(1),
      cy: y(p.value).toFixed(1),
      r: p.real ? 5 : 3.5,
      tabindex: 0,
      'data-real': p.real ? 'true' : null,
      'data-visit': p.visitId,
      'data-time': String(times[i]),
    })
    dot.append(s('title', {}, readoutText(series, i, names[i]!, locale)))
    return dot
  })
  svg.append(...dots)

  const choose = (i: number) => {
    dots.forEach((d, k) => {
      d.classList.toggle('selected', k === i)
    })
    readout.textContent = readoutText(series, i, names[i]!, locale)
    readout.dataset.visit = pts[i]!.visitId
  }
  /** The visit nearest the pointer along the time axis (a finger need not hit the dot). */
  const nearest = (clientX: number) => {
    let best = 0
    let distance = Infinity
    dots.forEach((d, i) => {
      const box = d.getBoundingClientRect()
      const gap = Math.abs(box.left + box.width / 2 - clientX)
      if (gap < distance) {
        distance = gap
        best = i
      }
    })
    return best
  }
  svg.addEventListener('pointerdown', (e) => choose(nearest(e.clientX)))
  svg.addEventListener('pointermove', (e) => {
    if (e.pointerType === 'mouse') choose(nearest(e.clientX))
  })
  dots.forEach((d, i) => {
    d.addEventListener('focus', () => choose(i))
  })

  return h(
    'figure',
    { class: 'trend-figure', 'data-metric': series.name, 'data-evidence': series.evidence.kind },
    h('figcaption', {}, label, h('span', { class: 'trend-evidence' }, evidenceText(series.evidence, t))),
    svg,
    readout,
  )
}

/**
 * The series of a view as a table: a row per metric, a column per visit, oldest
 * first; a column is headed by the visit's date, and by its start time too where
 * another visit has the same date. Values with + or − as their metric shows them.
 */
export function trendTable(
  series: readonly TrendSeries[],
  labels: ReadonlyMap<string, string>,
  locale: Locale,
  metricHeader: string,
): HTMLTableElement {
  const visits = trendColumns(series)
  const names = visitLabels(visits, locale, t('compare.undated'))
  const head = h(
    'tr',
    {},
    h('th', { scope: 'col' }, metricHeader),
    ...visits.map((v, i) => {
      const { date, time } = names[i]!
      return h(
        'th',
        { scope: 'col', class: 'num visit-date', 'data-visit': v.id },
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
        p ? formatWithUncertainty(p.value, p.u, sr.unit, locale, { signed: sr.signed }) : '\u2014',
      )
    })
    body.append(
      h('tr', { 'data-metric': sr.name }, h('th', { scope: 'row' }, labels.get(sr.name) ?? sr.name), ...cells),
    )
  }
  return h('table', { class: 'metrics trend-table' }, h('thead', {}, head), body)
}
