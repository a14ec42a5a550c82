/**
 * The clinician's notes and interpretation of a visit, in Chromium with the built app
 * (docs/record.md, "Notes and interpretation"): typed in the assessment card into a visit
 * of a record patient (one view, Spanish, A4), saved with the visit, there again after a
 * reload; printed under "Notas e interpretación del profesional" in the print route with
 * its line breaks (Chromium's print to PDF: a one-view report's page is full, so the notes take one
 * more page, the longest at most two more), and in
 * both PDFs (the clinical report and the patient summary), read
 * back with pdftotext: a short note on page 1 of a one-view report that keeps to its one
 * page; a note of the maximum 4,000 characters (Spanish prose with accents and line
 * breaks) on a page of its own after the view, 2 pages in all; every page with the
 * patient, the date and "Página n de m", no word clipped or overlapping another. No
 * notes: no heading. At 390 px wide the field takes the card's width and says, near the
 * limit, how many characters are left.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Page } from 'playwright-core'
import { type Harness, OUTPUT, startHarness } from '../support/browser.js'
import { assertLegible, pagesOf } from '../support/pdf-words.js'
import { openVisit, pdfPageText, savedDownload } from '../support/report-visit.js'

const DATE = '14 de abril de 2026'
const PATIENT = 'PAC-0042 (José Núñez)'
const HEADING = 'Notas e interpretación del profesional'
const MAX = 4000

const SHORT = 'Báscula pélvica derecha leve; hombro izquierdo más alto.\nRevisión en tres meses.'

/** A note of exactly MAX characters: Spanish prose with accents, paragraphs and line breaks. */
function longestNote(): string {
  const paragraph =
    'La paciente refiere dolor lumbar de predominio matutino, sin irradiación. En la vista anterior se aprecia una báscula pélvica derecha leve y el hombro izquierdo algo más alto; la cabeza está adelantada respecto a la línea de plomada.\nSe recomienda reeducación postural, ejercicios de fortalecimiento del core y revisión en seis meses con las mismas condiciones de la foto.\n\n'
  let text = ''
  while ([...text].length + [...paragraph].length <= MAX) text += paragraph
  // The rest in words (a word longer than a line would be cut wherever the line ends), dots to the exact length.
  let close = 'Conclusión: evolución favorable'
  const words = ['del', 'año', 'señal', 'pingüino', 'acción', 'ñandú']
  for (let i = 0; [...text].length + [...close].length + 1 + [...words[i % 6]!].length < MAX; i++)
    close += ` ${words[i % 6]}`
  return text + close + '.'.repeat(MAX - [...text].length - [...close].length)
}

let h: Harness

before(async () => {
  h = await startHarness()
})

after(async () => {
  await h?.close()
})

/** The app in Spanish (A4), a visit of record patient PAC-0042 (José Núñez) with the anterior view marked. */
function prepare(viewport?: { width: number; height: number }): Promise<Page> {
  return openVisit(
    h,
    { views: ['anterior'], locale: 'es-ES', patient: { id: 'PAC-0042', name: 'José Núñez' } },
    viewport ? { viewport } : {},
  )
}

/** The visit's notes typed in the card, then written to the record (the status line says so). */
async function typeNotes(page: Page, notes: string): Promise<void> {
  // The input event marks the change pending at once (the status line's data-pending), then the autosave writes it.
  await page.locator('#visit-notes').fill(notes)
  await page.locator('#record-status[data-pending="false"]', { hasText: 'PAC-0042' }).waitFor()
}

async function savedPdf(page: Page, button: string, name: string): Promise<string> {
  return (await savedDownload(page, button, `visit-notes-${name}.pdf`)).path
}

/** Page `n`'s text in reading order, white space made single spaces. */
const pageText = (path: string, n: number): string => pdfPageText(path, n, true)

/** The PDF's pages checked as the report tests check them; returns each page's text. */
function checkedPages(path: string, name: string, pages: number): string[] {
  const found = pagesOf(path)
  assert.equal(found.length, pages, `${name}: ${found.length} pages`)
  return found.map((pg, i) => {
    const where = `${name} page ${i + 1}`
    const text = pageText(path, i + 1)
    assert.ok(text.includes(PATIENT), `${where}: the patient`)
    assert.ok(text.includes(DATE), `${where}: the date`)
    assert.ok(text.includes(`Página ${i + 1} de ${pages}`), `${where}: "Página n de m"`)
    assertLegible(pg, where, 12, 0.8)
    return text
  })
}

/** The print route as Chromium prints it on A4 (print media), at most `maxPages`: each page checked for the date and "Página n de m". */
async function printedPages(page: Page, name: string, maxPages: number): Promise<string[]> {
  const path = `${OUTPUT}visit-notes-print-${name}.pdf`
  await page.pdf({ path, format: 'A4' })
  const found = pagesOf(path)
  const pages = found.length
  assert.ok(pages >= 1 && pages <= maxPages, `print ${name}: ${pages} pages`)
  return found.map((_, i) => {
    const text = pageText(path, i + 1)
    assert.ok(text.includes(DATE), `print ${name} page ${i + 1}: the date`)
    assert.ok(text.includes(`Página ${i + 1} de ${pages}`), `print ${name} page ${i + 1}: "Página n de m"`)
    return text
  })
}

/** Each line of the notes as the PDF has it (white space single), in order, somewhere in `text`. */
function assertLinesIn(text: string, notes: string, where: string): void {
  let from = 0
  for (const line of notes.split('\n').filter((l) => l.trim() !== '')) {
    // A wrapped line breaks at spaces: its first and last words are found in order.
    const words = line.trim().split(/\s+/u)
    for (const word of [words[0]!, words.at(-1)!]) {
      const at = text.indexOf(word, from)
      assert.ok(at >= 0, `${where}: "${word}" of "${line.slice(0, 40)}…" after position ${from}`)
      from = at + word.length
    }
  }
}

describe("the clinician's notes and interpretation of a visit", () => {
  test('typed, kept through a reload, printed in both PDFs on the expected page and in the print route', async () => {
    const page = await prepare()
    assert.equal(await page.locator('label[for="visit-notes"]').textContent(), 'Notas e interpretación')
    // No notes: no heading, in the print route or a PDF.
    assert.equal(await page.locator('#report .report-notes').count(), 0)
    const none = await savedPdf(page, '#save-summary-pdf', 'none-summary')
    assert.ok(!checkedPages(none, 'no notes', 1)[0]!.includes('Notas e interpretación'), 'no heading without notes')

    // A short note: on page 1 of both reports, which keep to their one page.
    await typeNotes(page, SHORT)
    await page.reload()
    await page.locator('.stage.has-photo image.photo').waitFor()
    assert.equal(await page.locator('#visit-notes').inputValue(), SHORT, 'the notes are there after a reload')
    assert.equal(await page.locator('#visit-notes-count').textContent(), '', 'far from the limit: no count')
    assert.equal(await page.locator('#report .report-notes h2').textContent(), HEADING)
    assert.equal(await page.locator('#report .report-notes-text').textContent(), SHORT, 'line breaks kept')
    // The print route: as the saved PDF, a one-view report with a short note keeps to its one page.
    const printed = (await printedPages(page, 'short', 1)).join(' ')
    assertLinesIn(printed.slice(printed.indexOf(HEADING)), SHORT, 'print short')
    for (const [button, kind] of [
      ['#save-pdf-2', 'clinical'],
      ['#save-summary-pdf', 'summary'],
    ] as const) {
      const [first] = checkedPages(await savedPdf(page, button, `short-${kind}`), `short ${kind}`, 1)
      assert.ok(first!.includes(HEADING), `short ${kind}: the heading on page 1`)
      assertLinesIn(first!.slice(first!.indexOf(HEADING)), SHORT, `short ${kind}`)
    }

    // The longest note: the count near the limit; on a page of its own after the view, one more page in all.
    const longest = longestNote()
    assert.equal([...longest].length, MAX)
    await typeNotes(page, longest)
    assert.equal(await page.locator('#visit-notes-count').textContent(), 'No queda ningún carácter de 4000.')
    await page.reload()
    await page.locator('.stage.has-photo image.photo').waitFor()
    assert.equal(await page.locator('#visit-notes').inputValue(), longest, 'the longest note after a reload')
    assert.equal(await page.locator('#report .report-notes-text').textContent(), longest.trimEnd())
    // The print route: the view's page, then the notes (more than 30 lines: they may flow over the page).
    const print = (await printedPages(page, 'longest', 3)).join(' ')
    assertLinesIn(print.slice(print.indexOf(HEADING)), longest, 'print longest')
    for (const [button, kind] of [
      ['#save-pdf-2', 'clinical'],
      ['#save-summary-pdf', 'summary'],
    ] as const) {
      const texts = checkedPages(await savedPdf(page, button, `longest-${kind}`), `longest ${kind}`, 2)
      assert.ok(!texts[0]!.includes(HEADING), `longest ${kind}: not on the view's page`)
      assert.ok(texts[1]!.includes(HEADING), `longest ${kind}: the notes on page 2`)
      assertLinesIn(texts[1]!.slice(texts[1]!.indexOf(HEADING)), longest, `longest ${kind}`)
    }
    await page.context().close()
  })

  test('at 390 px wide: the field takes the card’s width, and typing past the limit is said, not silently cut', async () => {
    const page = await prepare({ width: 390, height: 844 })
    const field = page.locator('#visit-notes')
    await field.scrollIntoViewIfNeeded()
    const box = await field.boundingBox()
    const card = await page.locator('#assessment-card').boundingBox()
    assert.ok(box && card)
    assert.ok(box.x >= 0 && box.x + box.width <= 390, `inside the screen: ${JSON.stringify(box)}`)
    assert.ok(box.width >= card.width - 40, `the card's width: ${box.width} of ${card.width}`)
    assert.ok(box.height >= 60, `some lines tall: ${box.height}`)
    await field.fill(`${'a'.repeat(MAX - 10)}`)
    assert.equal(await page.locator('#visit-notes-count').textContent(), 'Quedan 10 caracteres de 4000.')
    await field.fill(`${'a'.repeat(MAX)}bcd`)
    assert.equal((await field.inputValue()).length, MAX)
    await page
      .locator('#toast', {
        hasText: 'no se han guardado 3 caracteres que pasaban de ese límite',
      })
      .waitFor()
    await page.context().close()
  })
})
