/**
 * The clinical report and the patient summary as PDF files, made in the browser with
 * jsPDF (no print dialog; nothing is sent anywhere): the content of
 * report-pdf-content.ts laid out by report-pdf-layout.ts on A4 or US Letter, in
 * Helvetica (vector text, WinAnsi: pdf-text.ts), the clinic's name, clinician and logo
 * on the first page, each view's photo with its overlay as one JPEG (report-figure.ts;
 * the summary adds a grid over it), the comparison and the clinician's notes as blocks
 * kept whole (never a line left alone on a page), the clinical report's page of trends
 * when the patient has two or more visits (report-pdf-trends.ts), and on every page a running header
 * (patient, date, title) and footer ("Page n of m"). Loaded on first use
 * (file-actions.ts imports it dynamically), so jsPDF is not in the main bundle.
 */
import { jsPDF } from 'jspdf'
import { currentLocale, t } from '../i18n/index.js'
import type { VisitRecord } from '../record/model.js'
import type { AppState } from '../state/state.js'
import { winAnsiText } from './pdf-text.js'
import { canvasFigure, type FigureMaker, type ReportFigure } from './report-figure.js'
import {
  type ReportComparison,
  type ReportContent,
  type ReportKind,
  type ReportSettings,
  type ReportView,
  reportContentOf,
} from './report-pdf-content.js'
import {
  type BlockSize,
  bodyOf,
  LAYOUT,
  PAPER_SIZE,
  type Paper,
  paginate,
  paperFor,
  photoBox,
} from './report-pdf-layout.js'
import { drawTrendsPage } from './report-pdf-trends.js'

export { reportPdfFileName } from './report-pdf-content.js'
export type { Paper, ReportKind, ReportSettings }

import { ReportPdfError } from './report-pdf-error.js'

export { ReportPdfError }

export interface ReportPdfOptions {
  /** The patient's name from the record when the visit on screen is one of its visits; shown after the identifier. */
  readonly patientName?: string
  /** A4 or US Letter; by default from the browser's languages (report-pdf-layout.ts paperFor). */
  readonly paper?: Paper
  /** When the report is made (its intro says it); now by default. */
  readonly now?: Date
  /** Draws a view's photo with its overlay; the browser's canvas by default. */
  readonly figure?: FigureMaker
  /** The clinical report (by default) or the patient summary. */
  readonly kind?: ReportKind
  /** The clinic's name, clinician and logo (the record's report settings). */
  readonly settings?: ReportSettings
  /** The record's visits of the patient on screen: the clinical report's trends page when two or more have values. */
  readonly visits?: readonly VisitRecord[]
}

const GREY = 90
const RULE = 170
const WARNING_RGB = [160, 20, 20] as const

/** One view's block measured: its wrapped text and its size for the pagination. */
interface Measured {
  readonly view: ReportView
  readonly figure: ReportFigure | null
  readonly facts: string[]
  readonly tilt: string[]
  readonly notes: string[][]
  readonly rows: { label: string[]; value: string[] }[] | null
  /** The patient summary: each row a sentence, its numbers smaller and grey in a narrower column. */
  readonly summary: boolean
  readonly tableX: number
  readonly tableWidth: number
  readonly size: BlockSize
}

/**
 * The report of `state` as PDF bytes: what the "Save PDF" buttons download, and the
 * function another feature calls for the report as a file (e.g. a FHIR export that
 * attaches it as a DocumentReference, contentType application/pdf).
 *
 * Contract:
 * - Import this module dynamically (`await import('./files/report-pdf.js')`), so jsPDF
 *   stays out of the main bundle.
 * - In: the state as it is, read only (nothing in it changes). `options.patientName`: the
 *   record's name of the patient of the open visit, '' or absent for none (the app gets
 *   it from RecordController.patientNameOnScreen). `options.paper`: by default from the
 *   browser's languages (paperFor). `options.now`: the time the report says it was made.
 * - Language: i18n's current one (setLocale): the same state gives a Spanish or an English report.
 * - Content: the printed report's, without its comparison section: the views with anything
 *   marked; values only where the service's answer still fits the markers (resultEntries),
 *   each metric by its label with value ± u; the patient and date on every page. The
 *   clinical report: a page of trends at the end when `options.visits` has two or more
 *   visits with values of the views in this one.
 * - Out: a complete PDF (it starts with "%PDF-1.3"), A4 or Letter, Helvetica text
 *   (WinAnsi), one JPEG per photo. Its file name: reportPdfFileName(state).
 * - Nothing is sent anywhere. Needs a DOM (a canvas) unless `options.figure` is given.
 * - Rejects with ReportPdfError, its message worded in the current language, when a
 *   view's photo cannot be drawn; any other rejection is the browser's error.
 */
export async function reportPdf(state: AppState, options: ReportPdfOptions = {}): Promise<Uint8Array<ArrayBuffer>> {
  const paper = options.paper ?? paperFor(typeof navigator === 'undefined' ? [] : navigator.languages)
  const content = reportContentOf(state, {
    patientName: options.patientName ?? '',
    now: options.now ?? new Date(),
    ...(options.kind ? { kind: options.kind } : {}),
    ...(options.settings ? { settings: options.settings } : {}),
    ...(options.visits ? { visits: options.visits } : {}),
  })
  const makeFigure = options.figure ?? canvasFigure
  const figures: (ReportFigure | null)[] = []
  for (const v of content.views) {
    try {
      figures.push(v.photo ? await makeFigure(state, v.view, LAYOUT.figurePx) : null)
    } catch {
      throw new ReportPdfError(t('pdf.photoFailed', { view: t(`view.${v.view}.title`) }))
    }
  }
  return reportPdfOf(content, figures, paper)
}

/** Text as the standard font can show it (pdf-text.ts). */
const pdfText = winAnsiText

/** Sets the font and returns `text` wrapped to `width`. */
function wrap(doc: jsPDF, text: string, width: number, size: number, style: 'normal' | 'bold' = 'normal'): string[] {
  if (!text) return []
  doc.setFont('helvetica', style)
  doc.setFontSize(size)
  return doc.splitTextToSize(pdfText(text), width) as string[]
}

/** Writes lines from `top` (the top of the first line box), `lineHeight` apart; returns the y below them. */
function writeLines(
  doc: jsPDF,
  lines: readonly string[],
  x: number,
  top: number,
  lineHeight: number,
  size: number,
  style: 'normal' | 'bold' | 'italic' = 'normal',
  align: 'left' | 'right' = 'left',
): number {
  doc.setFont('helvetica', style)
  doc.setFontSize(size)
  lines.forEach((line, i) => {
    // Each line centred in its line box: the baseline at the box's middle plus a third of the size.
    doc.text(line, x, top + i * lineHeight + lineHeight / 2 + size / 3, { align, baseline: 'alphabetic' })
  })
  return top + lines.length * lineHeight
}

function measure(doc: jsPDF, view: ReportView, figure: ReportFigure | null, paper: Paper, kind: ReportKind): Measured {
  const summary = kind === 'summary'
  const valueColumn = summary ? LAYOUT.numbersColumn : LAYOUT.valueColumn
  const valueSize = summary ? LAYOUT.numbersSize : LAYOUT.tableSize
  const body = bodyOf(paper)
  const photoColumn = figure ? body.width * LAYOUT.photoShare : 0
  const tableX = body.x + (figure ? photoColumn + LAYOUT.gutter : 0)
  const tableWidth = body.width - (figure ? photoColumn + LAYOUT.gutter : 0)
  const facts = wrap(doc, view.facts, body.width, LAYOUT.bodySize)
  const tilt = wrap(doc, view.tilt, body.width, LAYOUT.bodySize, 'bold')
  const notes = view.notes.map((n) => wrap(doc, n, body.width, LAYOUT.bodySize))
  const labelWidth = tableWidth - valueColumn - 6
  const rows =
    view.rows?.map((r) => ({
      label: wrap(doc, r.label, labelWidth, LAYOUT.tableSize),
      value: wrap(doc, r.value, valueColumn, valueSize),
    })) ?? null
  const rowHeight = (lines: number) => lines * LAYOUT.tableLine + 2 * LAYOUT.rowPadding
  const badgeLines = (i: number) => (view.rows?.[i]?.provisional ? 1 : 0)
  const table = rows
    ? rowHeight(1) +
      rows.reduce((sum, r, i) => sum + rowHeight(Math.max(r.label.length, r.value.length + badgeLines(i))), 0)
    : 0
  const noteLines = notes.reduce((sum, n) => sum + n.length, 0)
  const fixed =
    LAYOUT.headingLine +
    (facts.length + tilt.length) * LAYOUT.bodyLine +
    LAYOUT.factsGap +
    (noteLines > 0 ? LAYOUT.factsGap + noteLines * LAYOUT.bodyLine : 0) +
    LAYOUT.blockGap
  const photoMax = figure ? (photoColumn * figure.height) / figure.width : 0
  return { view, figure, facts, tilt, notes, rows, summary, tableX, tableWidth, size: { fixed, table, photoMax } }
}

/** Draws a measured view from `top` with its photo `photoHeight` tall at most; returns the y below it. */
function drawView(
  doc: jsPDF,
  m: Measured,
  top: number,
  photoHeight: number,
  paper: Paper,
  content: ReportContent,
): number {
  const body = bodyOf(paper)
  doc.setTextColor(0)
  let y = writeLines(
    doc,
    wrap(doc, m.view.heading, body.width, LAYOUT.headingSize, 'bold'),
    body.x,
    top,
    LAYOUT.headingLine,
    LAYOUT.headingSize,
    'bold',
  )
  doc.setTextColor(GREY)
  y = writeLines(doc, m.facts, body.x, y, LAYOUT.bodyLine, LAYOUT.bodySize)
  doc.setTextColor(...WARNING_RGB)
  y = writeLines(doc, m.tilt, body.x, y, LAYOUT.bodyLine, LAYOUT.bodySize, 'bold')
  doc.setTextColor(0)
  y += LAYOUT.factsGap
  const rowTop = y
  let photoBottom = rowTop
  if (m.figure && photoHeight > 0) {
    const column = body.width * LAYOUT.photoShare
    const box = photoBox(m.figure, column, photoHeight)
    const x = body.x + (column - box.width) / 2
    doc.addImage(m.figure.jpeg, 'JPEG', x, rowTop, box.width, box.height, `photo-${m.view.view}`, 'NONE')
    if (content.kind === 'summary') drawGrid(doc, x, rowTop, box.width, box.height)
    doc.setDrawColor(RULE)
    doc.setLineWidth(0.5)
    doc.rect(x, rowTop, box.width, box.height)
    photoBottom = rowTop + box.height
  }
  let tableBottom = rowTop
  if (m.rows && m.view.rows) {
    const valueRight = m.tableX + m.tableWidth
    const rowHeight = (lines: number) => lines * LAYOUT.tableLine + 2 * LAYOUT.rowPadding
    // The header row.
    doc.setFillColor(236, 236, 236)
    doc.rect(m.tableX, tableBottom, m.tableWidth, rowHeight(1), 'F')
    doc.setTextColor(0)
    writeLines(
      doc,
      [pdfText(content.columns.metric)],
      m.tableX + 2,
      tableBottom + LAYOUT.rowPadding,
      LAYOUT.tableLine,
      LAYOUT.tableSize,
      'bold',
    )
    writeLines(
      doc,
      [pdfText(content.columns.value)],
      valueRight - 2,
      tableBottom + LAYOUT.rowPadding,
      LAYOUT.tableLine,
      LAYOUT.tableSize,
      'bold',
      'right',
    )
    tableBottom += rowHeight(1)
    m.rows.forEach((r, i) => {
      const provisional = m.view.rows?.[i]?.provisional ?? false
      const lines = Math.max(r.label.length, r.value.length + (provisional ? 1 : 0))
      const cellTop = tableBottom + LAYOUT.rowPadding
      doc.setTextColor(0)
      writeLines(doc, r.label, m.tableX + 2, cellTop, LAYOUT.tableLine, LAYOUT.tableSize)
      if (m.summary) doc.setTextColor(GREY)
      const below = writeLines(
        doc,
        r.value,
        valueRight - 2,
        cellTop,
        LAYOUT.tableLine,
        m.summary ? LAYOUT.numbersSize : LAYOUT.tableSize,
        'normal',
        'right',
      )
      if (provisional) {
        doc.setTextColor(...WARNING_RGB)
        writeLines(
          doc,
          [pdfText(content.badge)],
          valueRight - 2,
          below,
          LAYOUT.tableLine,
          LAYOUT.tableSize - 0.5,
          'italic',
          'right',
        )
        doc.setTextColor(0)
      }
      tableBottom += rowHeight(lines)
      doc.setDrawColor(RULE)
      doc.setLineWidth(0.4)
      doc.line(m.tableX, tableBottom, valueRight, tableBottom)
    })
  }
  y = Math.max(photoBottom, tableBottom)
  const noteLines = m.notes.flat()
  if (noteLines.length > 0) {
    y += LAYOUT.factsGap
    doc.setTextColor(GREY)
    y = writeLines(doc, noteLines, body.x, y, LAYOUT.bodyLine, LAYOUT.bodySize)
    doc.setTextColor(0)
  }
  return y + LAYOUT.blockGap
}

/** The logo's drawn size: within LAYOUT.logoWidth × LAYOUT.logoHeight, aspect kept. */
function logoBox(content: ReportContent): { width: number; height: number } | null {
  const logo = content.logo
  if (!logo) return null
  const k = Math.min(LAYOUT.logoWidth / logo.width, LAYOUT.logoHeight / logo.height)
  return { width: logo.width * k, height: logo.height * k }
}

/**
 * The title block of the first page (clinic and clinician, the logo at the right,
 * title, patient, intro); returns the y below it. Measures only unless `draw`.
 */
function drawTitle(doc: jsPDF, content: ReportContent, paper: Paper, draw: boolean): number {
  const body = bodyOf(paper)
  const logo = logoBox(content)
  // The text beside the logo keeps clear of it.
  const beside = logo ? body.width - logo.width - LAYOUT.gutter : body.width
  const clinic = wrap(doc, content.clinic, beside, LAYOUT.patientSize, 'bold')
  const clinician = wrap(doc, content.clinician, beside, LAYOUT.bodySize)
  const title = wrap(doc, content.title, beside, LAYOUT.titleSize, 'bold')
  const patient = wrap(doc, content.patientLine, body.width, LAYOUT.patientSize)
  const intro = content.intro.flatMap((p) => wrap(doc, p, body.width, LAYOUT.bodySize))
  const empty = wrap(doc, content.empty, body.width, LAYOUT.bodySize + 1)
  const head = clinic.length * LAYOUT.patientLine + clinician.length * LAYOUT.bodyLine + title.length * LAYOUT.titleLine
  const top = body.y + Math.max(0, (logo?.height ?? 0) - head)
  if (!draw)
    return (
      top +
      head +
      patient.length * LAYOUT.patientLine +
      intro.length * LAYOUT.bodyLine +
      empty.length * LAYOUT.patientLine +
      LAYOUT.blockGap
    )
  if (logo && content.logo)
    doc.addImage(
      content.logo.bytes,
      content.logo.type === 'image/png' ? 'PNG' : 'JPEG',
      body.x + body.width - logo.width,
      body.y,
      logo.width,
      logo.height,
      'clinic-logo',
      'NONE',
    )
  let y = top
  doc.setTextColor(0)
  y = writeLines(doc, clinic, body.x, y, LAYOUT.patientLine, LAYOUT.patientSize, 'bold')
  doc.setTextColor(GREY)
  y = writeLines(doc, clinician, body.x, y, LAYOUT.bodyLine, LAYOUT.bodySize)
  doc.setTextColor(0)
  y = writeLines(doc, title, body.x, y, LAYOUT.titleLine, LAYOUT.titleSize, 'bold')
  y = writeLines(doc, patient, body.x, y, LAYOUT.patientLine, LAYOUT.patientSize)
  doc.setTextColor(GREY)
  y = writeLines(doc, intro, body.x, y, LAYOUT.bodyLine, LAYOUT.bodySize)
  doc.setTextColor(0)
  y = writeLines(doc, empty, body.x, y, LAYOUT.patientLine, LAYOUT.bodySize + 1)
  return y + LAYOUT.blockGap
}

/** A light grid over a photo (the patient summary): square cells, gridSquares across. */
function drawGrid(doc: jsPDF, x: number, y: number, width: number, height: number): void {
  const step = width / LAYOUT.gridSquares
  // Mid grey: seen on a light wall and on a dark one.
  doc.setDrawColor(150, 150, 150)
  doc.setLineWidth(0.3)
  for (let gx = x + step; gx < x + width - 0.5; gx += step) doc.line(gx, y, gx, y + height)
  for (let gy = y + step; gy < y + height - 0.5; gy += step) doc.line(x, gy, x + width, gy)
}

/** A table measured: its wrapped header and cells, column widths and height. */
interface MeasuredTable {
  readonly header: string[][]
  readonly rows: string[][][]
  readonly widths: readonly number[]
  readonly emphasis: readonly boolean[]
  readonly height: number
}

const CELL_PAD = 2

function tableRowHeight(cells: readonly string[][]): number {
  return Math.max(1, ...cells.map((c) => c.length)) * LAYOUT.tableLine + 2 * LAYOUT.rowPadding
}

/** A table of text cells in columns of the given shares of `width`; every cell wrapped to its column. */
function measureTable(
  doc: jsPDF,
  header: readonly string[],
  rows: readonly (readonly string[])[],
  emphasis: readonly boolean[],
  shares: readonly number[],
  width: number,
): MeasuredTable {
  const total = shares.reduce((a, b) => a + b, 0)
  const widths = shares.map((f) => (width * f) / total)
  const cell = (text: string, i: number, style: 'normal' | 'bold') =>
    wrap(doc, text, widths[i]! - 2 * CELL_PAD, LAYOUT.tableSize, style)
  const head = header.map((h, i) => cell(h, i, 'bold'))
  const body = rows.map((r, j) => r.map((c, i) => cell(c, i, emphasis[j] ? 'bold' : 'normal')))
  const height = tableRowHeight(head) + body.reduce((sum, r) => sum + tableRowHeight(r), 0)
  return { header: head, rows: body, widths, emphasis, height }
}

/** Draws a measured table from (x, top); returns the y below it. */
function drawTable(doc: jsPDF, table: MeasuredTable, x: number, top: number): number {
  const width = table.widths.reduce((a, b) => a + b, 0)
  let y = top
  const row = (cells: readonly string[][], style: 'normal' | 'bold') => {
    const height = tableRowHeight(cells)
    let cx = x
    cells.forEach((lines, i) => {
      writeLines(doc, lines, cx + CELL_PAD, y + LAYOUT.rowPadding, LAYOUT.tableLine, LAYOUT.tableSize, style)
      cx += table.widths[i]!
    })
    y += height
  }
  doc.setFillColor(236, 236, 236)
  doc.rect(x, y, width, tableRowHeight(table.header), 'F')
  doc.setTextColor(0)
  row(table.header, 'bold')
  table.rows.forEach((cells, j) => {
    doc.setTextColor(0)
    row(cells, table.emphasis[j] ? 'bold' : 'normal')
    doc.setDrawColor(RULE)
    doc.setLineWidth(0.4)
    doc.line(x, y, x + width, y)
  })
  return y
}

/** A block without a photo (the comparison, the notes), measured whole so that it is never split over pages. */
interface TextBlock {
  readonly heading: string[]
  readonly lines: string[]
  readonly table: MeasuredTable | null
  readonly after: string[]
  readonly height: number
}

function textBlock(
  doc: jsPDF,
  paper: Paper,
  heading: string,
  paragraphs: readonly string[],
  table: MeasuredTable | null,
  after: readonly string[],
): TextBlock {
  const body = bodyOf(paper)
  const head = wrap(doc, heading, body.width, LAYOUT.headingSize, 'bold')
  const lines = paragraphs.flatMap((p) => wrap(doc, p, body.width, LAYOUT.bodySize + 0.5))
  const below = after.flatMap((p) => wrap(doc, p, body.width, LAYOUT.bodySize))
  const height =
    head.length * LAYOUT.headingLine +
    lines.length * LAYOUT.bodyLine +
    (table ? LAYOUT.factsGap + table.height : 0) +
    (below.length ? LAYOUT.factsGap + below.length * LAYOUT.bodyLine : 0) +
    LAYOUT.blockGap
  return { heading: head, lines, table, after: below, height }
}

function drawTextBlock(doc: jsPDF, block: TextBlock, paper: Paper, top: number): number {
  const body = bodyOf(paper)
  doc.setTextColor(0)
  let y = writeLines(doc, block.heading, body.x, top, LAYOUT.headingLine, LAYOUT.headingSize, 'bold')
  y = writeLines(doc, block.lines, body.x, y, LAYOUT.bodyLine, LAYOUT.bodySize + 0.5)
  if (block.table) y = drawTable(doc, block.table, body.x, y + LAYOUT.factsGap)
  if (block.after.length) {
    doc.setTextColor(GREY)
    y = writeLines(doc, block.after, body.x, y + LAYOUT.factsGap, LAYOUT.bodyLine, LAYOUT.bodySize)
    doc.setTextColor(0)
  }
  return y + LAYOUT.blockGap
}

/**
 * The clinician's notes as text blocks: one when they fit on a page (the pagination puts it
 * on the last page when it fits there, else on the next); notes longer than a page as one
 * block a page, the heading repeated with "(continued)" on the next. Each line wrapped to
 * the body's width; a blank line kept as one empty line.
 */
function notesBlocks(
  doc: jsPDF,
  paper: Paper,
  heading: string,
  continued: string,
  notes: readonly string[],
): TextBlock[] {
  const body = bodyOf(paper)
  const size = LAYOUT.bodySize + 0.5
  const lines = notes.flatMap((line) => (line === '' ? [''] : wrap(doc, line, body.width, size)))
  const block = (title: string, part: string[]): TextBlock => {
    const head = wrap(doc, title, body.width, LAYOUT.headingSize, 'bold')
    const height = head.length * LAYOUT.headingLine + part.length * LAYOUT.bodyLine + LAYOUT.blockGap
    return { heading: head, lines: part, table: null, after: [], height }
  }
  const headLines = (title: string) => wrap(doc, title, body.width, LAYOUT.headingSize, 'bold').length
  const room = (title: string) =>
    Math.floor((body.height - headLines(title) * LAYOUT.headingLine - LAYOUT.blockGap) / LAYOUT.bodyLine)
  if (lines.length <= room(heading)) return [block(heading, lines)]
  const blocks: TextBlock[] = []
  let rest = lines
  while (rest.length > 0) {
    const title = blocks.length === 0 ? heading : continued
    let part = rest.slice(0, room(title))
    // A page never starts with a blank line.
    rest = rest.slice(part.length)
    while (rest[0] === '') rest = rest.slice(1)
    while (part.at(-1) === '') part = part.slice(0, -1)
    blocks.push(block(title, part))
  }
  return blocks
}

/**
 * The comparison block: the clinical report's eight columns (metric, the two values,
 * change, SRD, the limit a real change must exceed, the evidence that judged it,
 * verdict); the summary's has no table (its findings say each change): the two visits,
 * how many changes are real and what they were compared with, once.
 */
function comparisonBlock(doc: jsPDF, c: ReportComparison, paper: Paper): TextBlock {
  const table =
    c.rows.length === 0
      ? null
      : measureTable(
          doc,
          c.columns,
          c.rows.map((r) => r.cells),
          c.rows.map((r) => r.verdict === 'real'),
          [1.3, 1.2, 1.2, 0.65, 0.7, 0.7, 1.3, 0.95],
          bodyOf(paper).width,
        )
  return textBlock(doc, paper, c.heading, [c.between, c.summary], table, c.evidence)
}

/** The running header and footer of page `page` of `pages`. */
function drawRunning(doc: jsPDF, content: ReportContent, paper: Paper, page: number, pages: number): void {
  const { width, height } = PAPER_SIZE[paper]
  const left = LAYOUT.marginX
  const right = width - LAYOUT.marginX
  doc.setTextColor(GREY)
  doc.setFont('helvetica', 'bold')
  doc.setFontSize(LAYOUT.runningSize)
  const title = pdfText(content.title)
  const titleWidth = doc.getTextWidth(title)
  doc.text(title, right, LAYOUT.headerBaseline, { align: 'right' })
  // The patient and date on the left, cut short (…) where they would reach the title.
  doc.setFont('helvetica', 'normal')
  const room = right - left - titleWidth - 16
  let running = pdfText(content.running)
  if (doc.getTextWidth(running) > room) {
    while (running.length > 1 && doc.getTextWidth(`${running}\u2026`) > room) running = running.slice(0, -1)
    running = `${running.trimEnd()}\u2026`
  }
  if (running) doc.text(running, left, LAYOUT.headerBaseline)
  doc.setDrawColor(RULE)
  doc.setLineWidth(0.5)
  doc.line(left, LAYOUT.headerBaseline + 5, right, LAYOUT.headerBaseline + 5)
  doc.line(left, height - LAYOUT.footerBaseline - 10, right, height - LAYOUT.footerBaseline - 10)
  doc.text(pdfText(t('pdf.page', { page, pages })), right, height - LAYOUT.footerBaseline, { align: 'right' })
  if (running) doc.text(running, left, height - LAYOUT.footerBaseline)
  doc.setTextColor(0)
}

/** Lays out `content` with its figures (one per view, null without a photo) on `paper`: the PDF's bytes. */
export function reportPdfOf(
  content: ReportContent,
  figures: readonly (ReportFigure | null)[],
  paper: Paper,
): Uint8Array<ArrayBuffer> {
  const doc = new jsPDF({ unit: 'pt', format: paper, orientation: 'portrait', compress: true, putOnlyUsedFonts: true })
  doc.setProperties({
    title: pdfText([content.title, content.running].filter(Boolean).join(' \u00b7 ')),
    creator: 'posture-metrics',
  })
  doc.setLanguage(content.language as Parameters<jsPDF['setLanguage']>[0])
  const body = bodyOf(paper)
  const measured = content.views.map((v, i) => measure(doc, v, figures[i] ?? null, paper, content.kind))
  // After the views: the comparison, then the clinician's notes; each kept whole on one page (notes longer than a page go on as many as they need).
  const extra: TextBlock[] = []
  if (content.comparison) extra.push(comparisonBlock(doc, content.comparison, paper))
  if (content.notes.length > 0)
    extra.push(
      ...notesBlocks(
        doc,
        paper,
        content.notesHeading,
        t('pdf.notes.continued', { heading: content.notesHeading }),
        content.notes,
      ),
    )
  const titleBottom = drawTitle(doc, content, paper, false)
  const { pages, photoHeights } = paginate(
    [...measured.map((m) => m.size), ...extra.map((b) => ({ fixed: b.height, table: 0, photoMax: 0, text: true }))],
    {
      bodyHeight: body.height,
      firstReserve: titleBottom - body.y,
      maxPerPage: LAYOUT.maxViewsPerPage,
      minPhoto: LAYOUT.minPhoto,
      minPhotoAlone: LAYOUT.minPhotoAlone,
    },
  )
  drawTitle(doc, content, paper, true)
  pages.forEach((members, pageIndex) => {
    if (pageIndex > 0) doc.addPage(paper, 'portrait')
    let y = pageIndex === 0 ? titleBottom : body.y
    for (const i of members)
      y =
        i < measured.length
          ? drawView(doc, measured[i]!, y, photoHeights[i]!, paper, content)
          : drawTextBlock(doc, extra[i - measured.length]!, paper, y)
  })
  // The trends over the patient's visits: one page of its own, at the end.
  if (content.trends) {
    doc.addPage(paper, 'portrait')
    drawTrendsPage(doc, content.trends, body, currentLocale())
  }
  const count = doc.getNumberOfPages()
  for (let page = 1; page <= count; page++) {
    doc.setPage(page)
    drawRunning(doc, content, paper, page, count)
  }
  return new Uint8Array(doc.output('arraybuffer'))
}

export type { FigureMaker, ReportFigure }
