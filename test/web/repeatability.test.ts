/**
 * The clinic's repeatability study in Chromium (issue 28): a change of the trunk angle
 * between two visits is "real" when judged by marker placement alone; a study of 30
 * repeat pairs (29 imported with a backup, the 30th marked in the study dialog) shows
 * its figures (pairs, MDC95 with its interval), and once it has enough pairs the same
 * change is "within measurement error", judged by the clinic's study. The comparison
 * CSV, the clinical PDF report (its "Judged by" column), the patient summary PDF (in
 * plain words) and the printed report say which evidence judged each change, before and
 * after (PDF text by poppler's pdftotext).
 */
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { after, before, describe, test } from 'node:test'
import type { Page } from 'playwright-core'
import { type Harness, OUTPUT, openApp, startHarness } from '../support/browser.js'
import { assertLegible, pagesOf } from '../support/pdf-words.js'
import { studyBackup, VISITS } from './fixtures/study-record.js'

let h: Harness

before(async () => {
  h = await startHarness()
})

after(async () => {
  await h?.close()
})

/** 29 pairs in the file, the 30th (a29, b29) left to mark in the app. */
const STUDY = studyBackup(29)

async function importFile(page: Page, name: string, buffer: Buffer): Promise<void> {
  await page.locator('#record-button').click()
  await page.locator('#record-import-input').setInputFiles({ name, mimeType: 'application/json', buffer })
  const dialog = page.locator('dialog[data-question="import"][open]')
  await dialog.waitFor()
  await dialog.locator('button[data-answer="yes"]').click()
  await page
    .locator('#toast.show')
    .filter({ hasText: `Imported from ${name}` })
    .waitFor()
}

/** The trunk angle's row of the comparison on screen, once it shows the evidence `kind`. */
async function trunkRow(page: Page, kind: string) {
  const row = page.locator('#comparison table.comparison-table tr[data-metric="trunk_angle_vertical"]')
  await row.locator(`td.evidence[data-evidence="${kind}"]`).waitFor()
  return row
}

/** The comparison CSV's cells of the trunk angle, by header. */
async function trunkCsv(page: Page, name: string): Promise<Record<string, string>> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#compare-csv').click()])
  const path = `${OUTPUT}${name}`
  await download.saveAs(path)
  const lines = readFileSync(path, 'utf8').trimEnd().split('\r\n')
  const headers = lines[0]!.split(',')
  const row = lines.find((l) => l.includes(',trunk_angle_vertical,'))!.split(',')
  return Object.fromEntries(headers.map((k, i) => [k, row[i] ?? '']))
}

/** The pages' text of a PDF saved by `button`, in the order it was drawn (pdftotext -raw), spaces and line breaks as one space. */
async function pdfPages(page: Page, button: string, name: string): Promise<string[]> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator(button).click()])
  const path = `${OUTPUT}${name}`
  await download.saveAs(path)
  const text = execFileSync('pdftotext', ['-raw', path, '-'], { encoding: 'utf8' })
  return text
    .split('\f')
    .filter((p) => p.trim())
    .map((p) => p.replace(/\s+/gu, ' '))
}

/** The text of a PDF saved by `button`, its pages one after the other. */
async function pdfText(page: Page, button: string, name: string): Promise<string> {
  return (await pdfPages(page, button, name)).join(' ')
}

/** The printed report's trunk angle row, once it shows the evidence `kind`: its evidence cell's text. */
async function printedTrunk(page: Page, kind: string): Promise<string> {
  // The print route is built as printing starts (its beforeprint event), as when the clinician prints.
  await page.evaluate("window.dispatchEvent(new Event('beforeprint'))")
  const cell = page.locator(
    `#report table.comparison-table tr[data-metric="trunk_angle_vertical"] td.evidence[data-evidence="${kind}"]`,
  )
  await cell.waitFor({ state: 'attached' })
  return (await cell.textContent()) ?? ''
}

describe('verdicts judged by the clinic’s repeatability study', () => {
  test('a change that is real by placement error alone is within the error the study measured', async () => {
    const { page, errors } = await openApp(h)
    await importFile(page, 'visits.json', VISITS)

    // The later visit on screen, compared with the earlier one.
    await page.locator('#record-patients li[data-patient="PAC-0042"] button').click()
    await page.locator('#record-visits li[data-visit="later"] button.open').click()
    await page.locator('#record-dialog').waitFor({ state: 'hidden' })
    await page.locator('#record-button').click()
    await page.locator('#record-patients li[data-patient="PAC-0042"] button').click()
    await page.locator('#record-visits li[data-visit="earlier"] button.compare').click()

    // No study: placement error alone, a lower bound, calls the change real.
    let row = await trunkRow(page, 'placement')
    assert.equal(await row.getAttribute('data-verdict'), 'real')
    assert.match(await row.locator('td.evidence').innerText(), /Placement error only: a lower bound/)
    let csv = await trunkCsv(page, 'repeatability-before.csv')
    assert.equal(csv.beyond_error, 'yes')
    assert.equal(csv.judged_by, 'placement error only (lower bound)')
    assert.equal(csv.change_limit, csv.smallest_real_difference)
    const change = Math.abs(Number(csv.change))
    // The reports say it too: the clinical PDF per change, the patient summary in plain words, the printed report.
    const pages = await pdfPages(page, '#save-pdf-2', 'repeatability-before-report.pdf')
    let report = pages.join(' ')
    assert.match(report, /Judged by/)
    assert.match(report, /Placement error only: a lower bound/)
    assert.doesNotMatch(report, /This clinic's study/)
    // The patient has two visits with values: the clinical report ends with a page of their trends, a chart per
    // lateral metric with the evidence that judges it; within the limit of docs/record.md (2 pages, +1 of trends).
    assert.ok(pages.length <= 3, `${pages.length} pages`)
    const trends = pages.at(-1)!
    assert.match(trends, /Trends of PAC-0042 2 visits, from March 1, 2026 to April 1, 2026\./)
    assert.match(trends, /Lateral · [^·]*trunk/i)
    assert.match(trends, /Placement error only/)
    assert.doesNotMatch(pages.slice(0, -1).join(' '), /Trends of PAC-0042/)
    // Its charts' words (values, dates, names) neither clipped nor overlapping, as the reports test checks every page.
    const laidOut = pagesOf(`${OUTPUT}repeatability-before-report.pdf`)
    assertLegible(laidOut.at(-1)!, 'the trends page', 12, 0.8)
    // The patient summary has no trends page.
    let summary = await pdfText(page, '#save-summary-pdf', 'repeatability-before-summary.pdf')
    assert.doesNotMatch(summary, /Trends of PAC-0042/)
    assert.match(summary, /Changes were compared only with the error of placing the markers/)
    // The trunk's finding says its change is real, in one sentence.
    assert.match(
      summary,
      /Your trunk, seen from the side, leans \d+\.\d° (forward|back); since the earlier visit it moved \d+\.\d° (forward|back), a real change\./,
    )
    assert.match(await printedTrunk(page, 'placement'), /Placement error only/)

    // 29 pairs imported: not yet enough to judge.
    await importFile(page, 'study.json', STUDY)
    await page.locator('#record-close').click()
    await page.locator('#study-button').click()
    const results = page.locator(
      '#study-results .study-metric[data-view="lateral"][data-metric="trunk_angle_vertical"]',
    )
    await results.and(page.locator('[data-pairs="29"]')).waitFor()
    assert.match(await results.locator('.judges').innerText(), /Not yet \(needs 30 pairs\)/)
    row = await trunkRow(page, 'placement')
    assert.equal(await row.getAttribute('data-verdict'), 'real')

    // The 30th pair, marked in the dialog.
    await page.locator('#study-view').selectOption('lateral')
    await page.locator('#study-first').selectOption('a29')
    await page.locator('#study-second').selectOption('b29')
    await page.locator('#study-design').selectOption('same_photo_other_rater')
    await page.locator('#study-mark').click()
    await results.and(page.locator('[data-pairs="30"]')).waitFor()
    assert.equal(await results.locator('.judges').innerText(), 'Yes')
    const mdc = Number(await results.getAttribute('data-mdc'))
    assert.ok(mdc > change, `the study's MDC95 ${mdc} exceeds the change ${change}`)
    // The MDC with its 95 % interval: "value (lower to upper)".
    assert.match(await results.locator('.mdc').innerText(), /^\d+\.\d° \(\d+\.\d° to \d+\.\d°\)$/)
    assert.equal(await page.locator('#study-pairs li').count(), 30)
    await page.locator('#study-close').click()

    // The same change, now judged by the clinic's study: within measurement error.
    row = await trunkRow(page, 'clinic')
    assert.equal(await row.getAttribute('data-verdict'), 'within')
    assert.match(await row.locator('td.evidence').innerText(), /This clinic's study \(30 pairs\)/)
    csv = await trunkCsv(page, 'repeatability-after.csv')
    assert.equal(csv.beyond_error, 'no')
    assert.equal(csv.judged_by, 'clinic study')
    assert.equal(csv.study_pairs, '30')
    assert.ok(Math.abs(Number(csv.change_limit) - mdc) < 1e-9, 'the limit is the study’s MDC95')
    report = await pdfText(page, '#save-pdf-2', 'repeatability-after-report.pdf')
    assert.match(report, /This clinic's study \(30 pairs\)/)
    assert.doesNotMatch(report, /Placement error only/)
    summary = await pdfText(page, '#save-summary-pdf', 'repeatability-after-summary.pdf')
    assert.match(summary, /Changes were compared with how much this clinic.s own repeated measurements differ/)
    assert.doesNotMatch(summary, /compared only with the error of placing the markers/)
    assert.match(
      summary,
      /Your trunk, seen from the side, leans \d+\.\d° (forward|back), with no real change since the earlier visit\./,
    )
    assert.match(await printedTrunk(page, 'clinic'), /This clinic's study \(30 pairs\)/)
    // Every lateral measure has the study's 30 pairs: the craniovertebral angle too is judged by the clinic's study
    // rather than its published MDC95; it did not vary in the study, and its limit stays the placement one (the SRD).
    const head = page.locator('#comparison table.comparison-table tr[data-metric="head_angle_horizontal"]')
    assert.equal(await head.locator('td.evidence').getAttribute('data-evidence'), 'clinic')
    // The limit is the SRD itself: said so, not the same number twice.
    assert.equal(await head.locator('td.limit').innerText(), '= SRD')
    assert.deepEqual(errors, [])
  })
})
