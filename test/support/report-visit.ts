/**
 * What the report tests share: a visit set up in the built app as a clinician makes it
 * (a record patient with a name, a new visit, the assessment file of the test figures,
 * each view's photo, optionally an earlier visit to compare and the visit's notes), a
 * file the app downloads saved to test-output/, the print route printed to PDF by
 * Chromium, and a PDF read back with poppler (pdfinfo's page count, pdftotext's text
 * of each page with white space made single spaces).
 */
import { execFileSync } from 'node:child_process'
import type { BrowserContextOptions, Page } from 'playwright-core'
import type { View } from '#core/markers.js'
import { figureAssessmentFile } from '../web/fixtures/figure-assessment.js'
import { type Harness, loadPhoto, OUTPUT, openApp } from './browser.js'
import { openRecord } from './record.js'

export interface VisitSetup {
  /** The views marked (the assessment file has them all), in the order their photos are opened. */
  readonly views: readonly View[]
  /** The browser's language and region (its paper): 'es-ES' A4, 'es-US' Letter. */
  readonly locale?: string
  /** The visit of a record patient with this identifier and name; none: an unfiled visit. */
  readonly patient?: { readonly id: string; readonly name: string }
  /** The visit's date (ISO). */
  readonly date?: string
  /** An earlier visit of the anterior view to compare with: its date and how far (px) its markers are moved to the right. */
  readonly compare?: { readonly date: string; readonly shift: number }
  /** The visit's notes, typed in the notes card. */
  readonly notes?: string
}

/** A visit of `setup` on a fresh page of the harness's browser, its context with `context` (close it when done). */
export async function openVisit(h: Harness, setup: VisitSetup, context: BrowserContextOptions = {}): Promise<Page> {
  const { page } = await openApp(h, { ...context, ...(setup.locale ? { locale: setup.locale } : {}) })
  await fileVisit(page, h, setup)
  return page
}

/** The visit of `setup` made on `page`, an app already open. */
export async function fileVisit(page: Page, h: Harness, setup: VisitSetup): Promise<void> {
  const patient = setup.patient
  if (patient) {
    await openRecord(page)
    await page.locator('#record-new-id').fill(patient.id)
    await page.locator('#record-new-name').fill(patient.name)
    await page.locator('#record-add').click()
    await page.locator(`.record-patient-visits[data-patient="${patient.id}"] #record-new-visit`).click()
    await page.locator('#record-dialog').waitFor({ state: 'hidden' })
  }
  await page.locator('#session-input').setInputFiles({
    name: 'visit.json',
    mimeType: 'application/json',
    buffer: figureAssessmentFile(setup.views, setup.date ?? '2026-04-14'),
  })
  for (const v of setup.views) {
    await page.locator(`#tab-${v}`).click()
    await loadPhoto(page, h, v)
    await page.locator('#results[data-state="ready"]').waitFor()
  }
  if (setup.compare) {
    await page.locator('#tab-anterior').click()
    await page.locator('#results[data-state="ready"]').waitFor()
    await page.locator('#compare-input').setInputFiles({
      name: 'earlier.json',
      mimeType: 'application/json',
      buffer: figureAssessmentFile(['anterior'], setup.compare.date, setup.compare.shift),
    })
    await page.locator('#comparison[data-state="ready"]').waitFor()
  }
  if (setup.notes !== undefined) await page.locator('#visit-notes').fill(setup.notes)
  if (patient) await page.locator('#record-status[data-pending="false"]', { hasText: patient.id }).waitFor()
}

/** Clicks `button` and saves the file it downloads as test-output/`name`; returns its path and suggested name. */
export async function savedDownload(
  page: Page,
  button: string,
  name: string,
): Promise<{ path: string; suggested: string }> {
  const download = page.waitForEvent('download')
  await page.locator(button).click()
  const file = await download
  const path = `${OUTPUT}${name}`
  await file.saveAs(path)
  return { path, suggested: file.suggestedFilename() }
}

/** The print route ("Print report") as Chromium prints it on `format` (print media, the print stylesheet): test-output/`name`. */
export async function printedPdf(page: Page, format: 'A4' | 'Letter', name: string): Promise<string> {
  const path = `${OUTPUT}${name}`
  await page.pdf({ path, format })
  return path
}

/** The PDF's page count (pdfinfo). */
export function pdfPageCount(path: string): number {
  return Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [path], { encoding: 'utf8' }))![1])
}

/** Page `n`'s text (pdftotext; `-layout` when `layout`), white space made single spaces. */
export function pdfPageText(path: string, n: number, layout = false): string {
  return execFileSync('pdftotext', ['-f', String(n), '-l', String(n), ...(layout ? ['-layout'] : []), path, '-'], {
    encoding: 'utf8',
  })
    .replace(/\s+/gu, ' ')
    .trim()
}

/** Every page's text (pdfPageText), in order. */
export function pdfPageTexts(path: string, layout = false): string[] {
  return Array.from({ length: pdfPageCount(path) }, (_, i) => pdfPageText(path, i + 1, layout))
}

/** The whole PDF's text (pdftotext; `-raw`: in drawing order, as a table cell's lines follow one another). */
export function pdfText(path: string, mode: 'plain' | 'raw' | 'layout' = 'plain'): string {
  return execFileSync('pdftotext', [...(mode === 'plain' ? [] : [`-${mode}`]), path, '-'], { encoding: 'utf8' })
}
