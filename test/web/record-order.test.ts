/**
 * Two visits of one patient on one day (before and after a treatment), made through
 * the app as a clinician would: Patients → New visit, photo, markers placed by hand,
 * twice, the right tragus placed lower the second time. The trends show them as two
 * columns in the order they were started, told apart by their start times, and the
 * visit list keeps that order; comparing them gives the same change, sign included,
 * whichever of the two is open (issue 26).
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Page } from 'playwright-core'
import {
  type Harness,
  loadPhoto,
  OUTPUT,
  openApp,
  placeGuided,
  shownResults,
  startHarness,
} from '../support/browser.js'
import { FIGURES, type FigureSpec } from './fixtures/figure.js'

const PATIENT = 'PAC-ORD'
const DATE = '2026-05-01'

let h: Harness

before(async () => {
  h = await startHarness()
})

after(async () => {
  await h?.close()
})

async function openRecord(page: Page): Promise<void> {
  await page.locator('#record-button').click()
  await page.locator('#record-dialog[open] #record-search').waitFor()
}

/** The patient's visits section in the Patients dialog (opened, the patient picked). */
async function patientVisits(page: Page): Promise<void> {
  await openRecord(page)
  await page.locator(`#record-patients li[data-patient="${PATIENT}"] button`).click()
  await page.locator(`.record-patient-visits[data-patient="${PATIENT}"]`).waitFor()
}

/** A new visit of the patient on DATE: the anterior photo, every marker placed at `spec`'s pixels, the grid size typed. */
async function newVisit(page: Page, spec: FigureSpec): Promise<Record<string, number>> {
  await patientVisits(page)
  await page.locator(`.record-patient-visits[data-patient="${PATIENT}"] #record-new-visit`).click()
  await page.locator('#record-dialog').waitFor({ state: 'hidden' })
  await page.locator('#assessment-date').fill(DATE)
  await loadPhoto(page, h, 'anterior')
  await placeGuided(page, spec)
  await page.locator('#grid-cm').fill(String(spec.scaleCm))
  await page.locator('#grid-cm').press('Enter')
  const values = await shownResults(page)
  await page.locator('#record-status[data-saved="true"][data-pending="false"]').waitFor({ state: 'attached' })
  return values
}

/** The visits as IndexedDB holds them: id, date and start time. */
async function storedVisits(page: Page): Promise<{ id: string; date: string; created: string }[]> {
  return page.evaluate(`new Promise((resolve, reject) => {
    const r = indexedDB.open('posture-metrics-record')
    r.onerror = () => reject(r.error)
    r.onsuccess = () => {
      const all = r.result.transaction('visits').objectStore('visits').getAll()
      all.onerror = () => reject(all.error)
      all.onsuccess = () => {
        r.result.close()
        resolve(all.result.map((v) => ({ id: v.id, date: v.date, created: v.created })))
      }
    }
  })`)
}

/** Compares the visit on screen with visit `id` from the list; the comparison table's change column by metric. */
async function compareWith(page: Page, id: string): Promise<{ headers: string[]; change: Record<string, string> }> {
  await patientVisits(page)
  await page.locator(`#record-visits li[data-visit="${id}"] button.compare`).click()
  await page.locator('#comparison[data-state="ready"]').waitFor()
  const headers = await page.locator('#comparison thead th').allTextContents()
  const change: Record<string, string> = {}
  for (const row of await page.locator('#comparison tbody tr').all())
    change[(await row.getAttribute('data-metric'))!] = await row.locator('td.change').innerText()
  return { headers, change }
}

describe('visits of one day keep their order', () => {
  test('two visits the same day: two trend columns in the order started, the same change whichever is open', async () => {
    const { page, errors } = await openApp(h)
    await openRecord(page)
    await page.locator('#record-new-id').fill(PATIENT)
    await page.locator('#record-add').click()
    await page.locator(`.record-patient-visits[data-patient="${PATIENT}"]`).waitFor()
    await page.locator('#record-close').click()

    // Before the treatment: the figure as it is; after: the right tragus 20 px lower (the head tilted to the right).
    const spec = FIGURES.anterior
    const tragus = spec.markers.tragus_der!
    const lower: FigureSpec = { ...spec, markers: { ...spec.markers, tragus_der: [tragus[0], tragus[1] + 20] } }
    const first = await newVisit(page, spec)
    const second = await newVisit(page, lower)
    assert.ok(second.head_angle! > first.head_angle!, 'the second visit measures more head tilt')

    const visits = await storedVisits(page)
    assert.equal(visits.length, 2)
    assert.ok(
      visits.every((v) => v.date === DATE),
      'both visits of one date',
    )
    const [earlier, later] = [...visits].sort((a, b) => a.created.localeCompare(b.created))
    assert.ok(earlier!.created < later!.created, 'started one after the other')

    // Opened again, the dialog holds the list as it was when it closed, one visit short, until the
    // record is read anew: none of it is shown meanwhile (a CI run read that list, and a clinician saw it).
    const rightAfterOpening = (await page.evaluate(`(() => {
      document.querySelector('#record-button').click()
      const items = [...document.querySelectorAll('#record-visits li')]
      return {
        busy: document.querySelector('#record-dialog').getAttribute('aria-busy'),
        held: items.length,
        shown: items.filter((li) => getComputedStyle(li).visibility !== 'hidden').length,
      }
    })()`)) as { busy: string | null; held: number; shown: number }
    assert.deepEqual(rightAfterOpening, { busy: 'true', held: 1, shown: 0 }, 'the last contents held, none shown')

    // The visit list, newest first, each named by date and start time.
    await page.locator('#record-dialog:not([aria-busy]) #record-search').waitFor()
    await page.locator(`#record-patients li[data-patient="${PATIENT}"] button`).click()
    await page.locator(`.record-patient-visits[data-patient="${PATIENT}"]`).waitFor()
    await page.waitForFunction("document.querySelectorAll('#record-visits li').length === 2")
    const listed = await page
      .locator('#record-visits li')
      .evaluateAll((items) => items.map((li) => li.getAttribute('data-visit')))
    assert.deepEqual(listed, [later!.id, earlier!.id], 'newest first')
    const names = await page.locator('#record-visits .record-visit-date').allTextContents()
    assert.notEqual(names[0], names[1], `the two visits are told apart: ${names.join(' | ')}`)
    assert.ok(names.every((n) => n.startsWith('May 1, 2026, ')))

    // Trends: a column per visit, oldest first, headed by the date and the start time.
    await page.locator(`#record-trends[data-patient="${PATIENT}"] summary`).click()
    const table = page.locator('#record-trends table.trend-table')
    await table.waitFor()
    const columns = await table
      .locator('thead th[data-visit]')
      .evaluateAll((cells) => cells.map((th) => [th.getAttribute('data-visit'), th.textContent]))
    assert.deepEqual(
      columns.map(([id]) => id),
      [earlier!.id, later!.id],
      'two columns, in the order the visits were started',
    )
    assert.notEqual(columns[0]![1], columns[1]![1], 'the two columns are told apart')
    assert.ok(columns.every(([, text]) => text!.startsWith('May 1, 2026')))
    assert.equal(
      await table.locator('tbody tr[data-metric="head_angle"] td').count(),
      2,
      'a value of each visit, none dropped',
    )
    assert.equal(await page.locator('#record-trends svg.trend-chart[data-metric="head_angle"] circle').count(), 2)
    await page.locator('#record-dialog').screenshot({ path: `${OUTPUT}record-order-trends.png` })
    await page.locator('#record-close').click()

    // The later visit is on screen: compare it with the earlier one.
    const fromLater = await compareWith(page, earlier!.id)
    assert.match(fromLater.change.head_angle!, /^\+/, 'the head tilted more after: a positive change')
    await page.locator('#comparison').screenshot({ path: `${OUTPUT}record-order-compare-later-open.png` })

    // Open the earlier visit and compare it with the later one: the same table.
    await patientVisits(page)
    await page.locator(`#record-visits li[data-visit="${earlier!.id}"] button.open`).click()
    await page.locator('#record-dialog').waitFor({ state: 'hidden' })
    await page.locator('#comparison').waitFor({ state: 'detached' })
    assert.deepEqual(await shownResults(page), first)
    const fromEarlier = await compareWith(page, later!.id)
    assert.deepEqual(fromEarlier.change, fromLater.change, 'the same changes, signs included, whichever is open')
    assert.match(fromLater.headers[1]!, /^Earlier visit \(May 1, 2026, \d/, 'with its start time')
    assert.match(fromLater.headers[2]!, /^Later visit \(May 1, 2026, \d/, 'with its start time')
    assert.deepEqual(
      fromEarlier.headers,
      fromLater.headers,
      'each visit is named by the same start time whichever is open',
    )
    await page.locator('#comparison').screenshot({ path: `${OUTPUT}record-order-compare-earlier-open.png` })
    assert.deepEqual(errors, [])
    await page.context().close()
  })
})
