/**
 * The printed report fits the page: Chromium renders it to PDF (page.pdf, print
 * media) on A4 and US Letter for one view, three views, and one view compared with
 * an earlier visit. Asserts the page count (pdfinfo), that every table's last column
 * ends inside the printable width, that the last column's words are in the PDF
 * (pdftotext), and that no table is split across pages leaving fewer than
 * MIN_ROWS_PER_PAGE of its rows on a page (each row found by its label in the text of
 * each page, in order). Each view's photo was taken rolled 4 deg and kept: its capture
 * conditions (with the view's facts) and the tilt warning are printed with it, and still fit. Every page
 * carries the patient, the date and "Page n of m" in its margins; no field name is printed. Each page is
 * also written as PNG (pdftoppm) to test-output/ to be looked at.
 */
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { after, before, describe, test } from 'node:test'
import type { Page } from 'playwright-core'
import type { View } from '#core/markers.js'
import { ANTERIOR_METRICS } from '#core/metrics/index.js'
import { type Harness, loadPhoto, OUTPUT, openApp, startHarness } from '../support/browser.js'
import { pdfPageCount } from '../support/report-visit.js'
import { figureAssessmentFile } from './fixtures/figure-assessment.js'

let h: Harness

before(async () => {
  h = await startHarness()
})

after(async () => {
  await h?.close()
})

const assessmentFile = figureAssessmentFile

/** Page size in CSS px (96 per inch) and the report's printable width (12 mm margins). */
const PAPER = {
  A4: { width: (210 / 25.4) * 96, height: (297 / 25.4) * 96 },
  Letter: { width: 8.5 * 96, height: 11 * 96 },
} as const
const MARGIN_PX = (12 / 25.4) * 96

/** The file with every view's scale ruler moved to the photo's bottom-left corner, where its label used to be cut. */
function withScaleAtCorner(file: Buffer): Buffer {
  const data = JSON.parse(file.toString('utf8'))
  for (const view of Object.values(data.views) as { calibration: { scale_points: number[][] } }[])
    view.calibration.scale_points = [
      [0, 998],
      [60, 998],
    ]
  return Buffer.from(JSON.stringify(data))
}

async function prepare(views: readonly View[], compare: boolean, scaleAtCorner = false): Promise<Page> {
  const { page } = await openApp(h)
  const file = assessmentFile(views, '2026-04-14')
  await page.locator('#session-input').setInputFiles({
    name: 'visit.json',
    mimeType: 'application/json',
    buffer: scaleAtCorner ? withScaleAtCorner(file) : file,
  })
  for (const v of views) {
    await page.locator(`#tab-${v}`).click()
    await loadPhoto(page, h, v)
    await page.locator('#results[data-state="ready"]').waitFor()
  }
  if (compare) {
    await page.locator('#compare-input').setInputFiles({
      name: 'earlier.json',
      mimeType: 'application/json',
      buffer: assessmentFile(views, '2026-03-10', 3),
    })
    await page.locator('#comparison[data-state="ready"]').waitFor()
  }
  return page
}

/** Per table in the printed report at the paper's width: its last column's right edge and the width available. */
async function tableFit(page: Page, paper: keyof typeof PAPER): Promise<{ right: number; available: number }[]> {
  // The page's printable width (print media on screen has no page margins).
  await page.setViewportSize({
    width: Math.floor(PAPER[paper].width - 2 * MARGIN_PX),
    height: Math.round(PAPER[paper].height),
  })
  await page.emulateMedia({ media: 'print' })
  const fit = await page.evaluate(`[...document.querySelectorAll('#report table')].map((t) => {
    const report = document.querySelector('#report').getBoundingClientRect()
    const cells = [...t.querySelectorAll('tr')].map((r) => r.lastElementChild.getBoundingClientRect().right)
    return { right: Math.max(...cells), available: Math.min(report.right, innerWidth) }
  })`)
  await page.emulateMedia({ media: null })
  return fit as { right: number; available: number }[]
}

/** The fewest rows of a table a page may hold when the table is split across pages. */
const MIN_ROWS_PER_PAGE = 3

/** Per table of the report, in document order: the label (first text of the first cell) of each body row. */
async function tableRows(page: Page): Promise<string[][]> {
  return page.evaluate(`[...document.querySelectorAll('#report table')].map((t) =>
    [...t.querySelectorAll('tbody tr')].map((r) => r.firstElementChild.firstChild.textContent))`) as Promise<string[][]>
}

/** Text without whitespace (a label wraps over lines in the PDF). */
const squeezed = (text: string) => text.replace(/\s+/gu, '')

/**
 * Per table, how many of its rows each page it is printed on holds: the rows' labels
 * are looked for in the text of the pages in order, each after the one before.
 */
function rowsPerPage(path: string, pages: number, tables: readonly (readonly string[])[]): number[][] {
  const texts = Array.from({ length: pages }, (_, i) =>
    squeezed(execFileSync('pdftotext', ['-f', String(i + 1), '-l', String(i + 1), path, '-'], { encoding: 'utf8' })),
  )
  let page = 0
  let at = 0
  return tables.map((rows) => {
    const counts = new Map<number, number>()
    for (const label of rows) {
      const needle = squeezed(label)
      while (page < pages && texts[page]!.indexOf(needle, at) < 0) {
        page++
        at = 0
      }
      assert.ok(page < pages, `the row "${label}" is not in the PDF's text`)
      at = texts[page]!.indexOf(needle, at) + needle.length
      counts.set(page, (counts.get(page) ?? 0) + 1)
    }
    return [...counts.values()]
  })
}

const CASES: readonly {
  name: string
  views: readonly View[]
  compare: boolean
  maxPages: number
  scaleAtCorner?: boolean
}[] = [
  { name: 'one-view', views: ['anterior'], compare: false, maxPages: 1, scaleAtCorner: true },
  { name: 'three-views', views: ['anterior', 'posterior', 'lateral'], compare: false, maxPages: 2 },
  { name: 'comparison', views: ['anterior'], compare: true, maxPages: 2 },
]

describe('printed report fits the page', () => {
  for (const c of CASES) {
    test(`${c.name}: A4 and Letter, at most ${c.maxPages} page(s), every column inside the page`, async () => {
      const page = await prepare(c.views, c.compare, c.scaleAtCorner)
      for (const paper of ['A4', 'Letter'] as const) {
        for (const t of await tableFit(page, paper)) {
          assert.ok(
            t.right <= t.available + 0.5,
            `${c.name} ${paper}: a table ends at ${t.right.toFixed(0)} px, the page's printable width ends at ${t.available.toFixed(0)} px`,
          )
        }
        const path = `${OUTPUT}report-${c.name}-${paper}.pdf`
        await page.pdf({ path, format: paper })
        const pages = pdfPageCount(path)
        assert.ok(pages <= c.maxPages, `${c.name} ${paper}: ${pages} pages`)
        const tables = await tableRows(page)
        assert.ok(tables.length > 0 && tables.every((rows) => rows.length > 0), 'the report has tables with rows')
        for (const [i, counts] of rowsPerPage(path, pages, tables).entries()) {
          assert.ok(
            counts.length === 1 || Math.min(...counts) >= MIN_ROWS_PER_PAGE,
            `${c.name} ${paper}: table ${i + 1} (${tables[i]!.length} rows) is split over pages as ${counts.join(' + ')} rows`,
          )
        }
        execFileSync('pdftoppm', ['-png', '-r', '60', path, `${OUTPUT}report-${c.name}-${paper}`])
        const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' })
        assert.match(text, /PAC-0042/, 'the patient is on the report')
        // Every page: the patient and the date in its margins, and "Page n of m" (CSS @page margin boxes).
        for (let n = 1; n <= pages; n++) {
          const one = execFileSync('pdftotext', ['-f', String(n), '-l', String(n), path, '-'], { encoding: 'utf8' })
          const line = one.replace(/\s+/gu, ' ')
          assert.ok(
            line.includes('PAC-0042 · April 14, 2026'),
            `${c.name} ${paper} page ${n}: the patient and the date`,
          )
          assert.ok(line.includes(`Page ${n} of ${pages}`), `${c.name} ${paper} page ${n}: "Page ${n} of ${pages}"`)
        }
        assert.doesNotMatch(text, /\b[a-z]+_[a-z_]+\b/, 'no field name')
        // The scale's label inside its photo (along the bottom edge it was cut: "= 1428,0 px"), laid out for print.
        await page.emulateMedia({ media: 'print' })
        const labels =
          (await page.evaluate(`[...document.querySelectorAll('#report svg.report-photo')].flatMap((svg) => {
          const box = svg.viewBox.baseVal
          return [...svg.querySelectorAll('.scale-label')].map((t) => {
            const b = t.getBBox()
            return { x0: b.x, y0: b.y, x1: b.x + b.width, y1: b.y + b.height, w: box.width, h: box.height }
          })
        })`)) as { x0: number; y0: number; x1: number; y1: number; w: number; h: number }[]
        await page.emulateMedia({ media: 'screen' })
        assert.ok(
          labels.length >= c.views.length && labels.every((l) => l.x1 > l.x0),
          'a scale label per photo, laid out',
        )
        for (const l of labels)
          assert.ok(
            l.x0 >= 0 && l.y0 >= 0 && l.x1 <= l.w && l.y1 <= l.h,
            `the scale label inside its photo: ${JSON.stringify(l)}`,
          )
        const flat = text.replace(/\s+/gu, ' ')
        assert.equal(
          flat.match(/Photo taken with the camera, \d+ × \d+ px · roll 4\.0°, pitch −0\.5° \(limit 1\.5°\)/g)?.length,
          c.views.length,
          'the capture conditions of every view',
        )
        assert.equal(
          flat.match(
            /The device was rolled 4\.0° \(limit 1\.5°\): frontal angles may be off by as much\. Kept anyway\./g,
          )?.length,
          c.views.length,
          'the tilt warning of every view',
        )
        if (c.compare) {
          // The two last columns' headers (they wrap over lines) and a verdict of every row.
          for (const word of [/Beyond/i, /measurement/i, /error\?/i, /Smallest/i, /difference/i])
            assert.match(text, word, 'the last columns are printed')
          assert.equal(
            text.match(/No: within|Yes: real change/g)?.length,
            ANTERIOR_METRICS.length,
            'a verdict per metric',
          )
        }
      }
      await page.context().close()
    })
  }
})
