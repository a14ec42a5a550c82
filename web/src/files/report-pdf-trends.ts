/**
 * The clinical PDF report's trends page (report-pdf-content.ts ReportTrends), drawn
 * with jsPDF's vector primitives from the same series as the screen's charts
 * (record/trend-chart.ts): a heading, the visits' span and how to read the charts,
 * then a small chart per metric in a grid that fits one page: the metric's name and
 * the evidence that judges its changes, the value axis with ticks, the band within
 * measurement error of the first visit (record/trend.ts changeBand), the ± u band, the
 * line and a dot per visit placed by its date (a red ring where the change from the
 * previous visit is beyond measurement error), and the visits' dates on the time axis
 * where they do not crowd each other. Nothing is rasterised.
 */
import type { jsPDF } from 'jspdf'
import { formatValue as formatNumberValue, formatShortDate, type Locale } from '../i18n/format.js'
import { t } from '../i18n/index.js'
import { changeBand, valueTicks, visitTime } from '../record/trend.js'
import { winAnsiText } from './pdf-text.js'
import type { ReportTrendChart, ReportTrends } from './report-pdf-content.js'

/** The page's box (pt): where the body of the page lies. */
export interface TrendsBox {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

const SIZE = {
  heading: 12,
  headingLine: 16,
  body: 8.5,
  bodyLine: 10.5,
  label: 7.5,
  labelLine: 9,
  note: 6.5,
  noteLine: 7.8,
}
/** Between charts, across and down (pt). */
const GAP = { x: 14, y: 10 }
/** The plot inside a chart: room for the value labels on the left and the dates below (pt). */
const PLOT = { left: 30, right: 4, bottom: 12, inset: 6 }
const GREY = 90
const THRESHOLD_RGB = [226, 236, 246] as const
const BAND_RGB = [176, 198, 224] as const
const LINE_RGB = [31, 78, 128] as const
const REAL_RGB = [190, 30, 30] as const

function lines(doc: jsPDF, text: string, width: number, size: number, style: 'normal' | 'bold' = 'normal'): string[] {
  if (!text) return []
  doc.setFont('helvetica', style)
  doc.setFontSize(size)
  return doc.splitTextToSize(winAnsiText(text), width) as string[]
}

function write(doc: jsPDF, text: readonly string[], x: number, top: number, line: number, size: number): number {
  doc.setFontSize(size)
  text.forEach((l, i) => {
    doc.text(l, x, top + i * line + line / 2 + size / 3)
  })
  return top + text.length * line
}

/** Columns of the grid for `n` charts: as wide as the page allows a readable chart. */
function columnsFor(n: number): number {
  if (n <= 2) return n
  if (n <= 6) return 2
  if (n <= 15) return 3
  return 4
}

/** One chart in the box (x, y, width, height). */
function drawChart(
  doc: jsPDF,
  chart: ReportTrendChart,
  x: number,
  y: number,
  width: number,
  height: number,
  locale: Locale,
): void {
  const series = chart.series
  const pts = series.points
  doc.setTextColor(0)
  doc.setFont('helvetica', 'bold')
  doc.setFontSize(SIZE.label)
  // The whole title, wrapped: never cut short.
  let top = write(doc, lines(doc, chart.label, width, SIZE.label, 'bold'), x, y, SIZE.labelLine, SIZE.label)
  doc.setFont('helvetica', 'normal')
  doc.setTextColor(GREY)
  const evidence = lines(doc, chart.evidence, width, SIZE.note).slice(0, 2)
  top = write(doc, evidence, x, top, SIZE.noteLine, SIZE.note) + 2
  const bottom = y + height - PLOT.bottom
  if (pts.length === 0 || bottom - top < 20) return

  // The value scale: the values with their ±u and the band, rounded out to ticks.
  const band = changeBand(series)
  const lows = [...pts.map((p) => p.value - p.u), band.low]
  const highs = [...pts.map((p) => p.value + p.u), band.high]
  const ticks = valueTicks(Math.min(...lows), Math.max(...highs), 3)
  const lo = Math.min(ticks[0]!, ...lows)
  const hi = Math.max(ticks.at(-1)!, ...highs)
  const left = x + PLOT.left
  const right = x + width - PLOT.right
  const yOf = (v: number) => top + ((hi - v) * (bottom - top)) / (hi - lo || 1)
  const times = pts.map(visitTime)
  const t0 = Math.min(...times)
  const t1 = Math.max(...times)
  const x0 = left + PLOT.inset
  const x1 = right - PLOT.inset
  const xOf = (time: number) => (t1 === t0 ? (x0 + x1) / 2 : x0 + ((time - t0) * (x1 - x0)) / (t1 - t0))

  // Within measurement error of the first visit.
  doc.setFillColor(...THRESHOLD_RGB)
  doc.rect(left, yOf(band.high), right - left, Math.max(0, yOf(band.low) - yOf(band.high)), 'F')
  // Grid lines and value labels.
  doc.setDrawColor(215)
  doc.setLineWidth(0.3)
  doc.setFontSize(SIZE.note)
  doc.setTextColor(GREY)
  for (const v of ticks) {
    const ty = yOf(v)
    doc.line(left, ty, right, ty)
    const text = winAnsiText(formatNumberValue(v, series.unit, locale, { signed: series.signed && v !== 0 }))
    doc.text(text, left - 2, ty + SIZE.note / 3, { align: 'right' })
  }
  // The ±u band as one filled polygon: along the upper edge, back along the lower.
  const outline = [
    ...pts.map((p, i) => [xOf(times[i]!), yOf(p.value + p.u)] as const),
    ...pts.map((p, i) => [xOf(times[i]!), yOf(p.value - p.u)] as const).reverse(),
  ]
  if (pts.length > 1) {
    const [sx, sy] = outline[0]!
    const steps = outline.slice(1).map(([px, py], i) => [px - outline[i]![0], py - outline[i]![1]])
    doc.setFillColor(...BAND_RGB)
    doc.lines(steps, sx, sy, [1, 1], 'F', true)
  }
  // The axes.
  doc.setDrawColor(120)
  doc.setLineWidth(0.5)
  doc.line(left, top, left, bottom)
  doc.line(left, bottom, right, bottom)
  // The line and the dots.
  doc.setDrawColor(...LINE_RGB)
  doc.setLineWidth(1)
  for (let i = 1; i < pts.length; i++)
    doc.line(xOf(times[i - 1]!), yOf(pts[i - 1]!.value), xOf(times[i]!), yOf(pts[i]!.value))
  pts.forEach((p, i) => {
    doc.setFillColor(...LINE_RGB)
    doc.circle(xOf(times[i]!), yOf(p.value), 1.8, 'F')
    if (p.real) {
      doc.setDrawColor(...REAL_RGB)
      doc.setLineWidth(1)
      doc.circle(xOf(times[i]!), yOf(p.value), 3.6, 'S')
    }
  })
  // The dates under their visits, left to right, where they do not crowd the last one shown (the latest always).
  doc.setFontSize(SIZE.note)
  doc.setTextColor(GREY)
  const labels = pts.map((p, i) => {
    const text = winAnsiText(p.date ? formatShortDate(p.date, locale) : t('compare.undated'))
    const w = doc.getTextWidth(text)
    const at = xOf(times[i]!)
    const start = Math.min(Math.max(at - w / 2, x), x + width - w)
    return { text, start, end: start + w }
  })
  const shown: typeof labels = []
  labels.forEach((l, i) => {
    const last = shown.at(-1)
    if (last && l.start < last.end + 4) {
      if (i !== labels.length - 1) return
      while (shown.length > 1 && l.start < shown.at(-1)!.end + 4) shown.pop()
      if (l.start < shown.at(-1)!.end + 4) shown.pop()
    }
    shown.push(l)
  })
  for (const l of shown) doc.text(l.text, l.start, bottom + 2 + SIZE.noteLine / 2 + SIZE.note / 3)
  doc.setTextColor(0)
}

/** Draws the trends page on the current page of `doc`, inside `box`. */
export function drawTrendsPage(doc: jsPDF, trends: ReportTrends, box: TrendsBox, locale: Locale): void {
  doc.setTextColor(0)
  doc.setFont('helvetica', 'bold')
  let y = write(
    doc,
    lines(doc, trends.heading, box.width, SIZE.heading, 'bold'),
    box.x,
    box.y,
    SIZE.headingLine,
    SIZE.heading,
  )
  doc.setFont('helvetica', 'normal')
  y = write(doc, lines(doc, trends.span, box.width, SIZE.body), box.x, y, SIZE.bodyLine, SIZE.body)
  doc.setTextColor(GREY)
  const legend = lines(doc, trends.legend, box.width, SIZE.note)
  y = write(doc, legend, box.x, y + 2, SIZE.noteLine, SIZE.note) + 8
  const n = trends.charts.length
  const cols = columnsFor(n)
  const rows = Math.ceil(n / cols)
  const width = (box.width - (cols - 1) * GAP.x) / cols
  const height = Math.min(190, (box.y + box.height - y - (rows - 1) * GAP.y) / rows)
  trends.charts.forEach((chart, i) => {
    const cx = box.x + (i % cols) * (width + GAP.x)
    const cy = y + Math.floor(i / cols) * (height + GAP.y)
    drawChart(doc, chart, cx, cy, width, height, locale)
  })
}
