/**
 * Panels brought up to date in place (issue 38), in real Chromium, in Spanish at 1440 x 900: a
 * press and release on a control of the Patients dialog does its action although the dialog was
 * rendered again in between by something else (another tab of the app adding a patient), and a focused row of the results table keeps the focus (and its metric's highlight on
 * the photo) while its value changes under it (the prompted marker nudged with the arrow keys).
 */
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { BrowserContextOptions, Page } from 'playwright-core'
import { type Harness, loadPhoto, openApp, placeGuided, shownResults, startHarness } from '../support/browser.js'
import { FIGURES } from './fixtures/figure.js'

let h: Harness

before(async () => {
  h = await startHarness()
})

after(async () => {
  await h?.close()
})

const DESKTOP: BrowserContextOptions = { locale: 'es-ES', viewport: { width: 1440, height: 900 } }

/** Adds a patient through the Patients dialog; the dialog stays open on the new patient. */
async function addPatient(page: Page, id: string): Promise<void> {
  if (!(await page.locator('#record-dialog[open]').count())) {
    await page.locator('#record-button').click()
    await page.locator('#record-dialog[open] #record-search').waitFor()
  }
  await page.locator('#record-new-id').fill(id)
  await page.locator('#record-add').click()
  await page.locator(`#record-dialog .record-patient-visits[data-patient="${id}"] #record-new-visit`).waitFor()
}

test('Patients dialog: "Nueva visita" pressed, the dialog rendered again by another tab, released: the visit starts', async () => {
  const { page, errors } = await openApp(h, DESKTOP)
  // The same app in another tab (same origin, same record) has a patient of its own.
  const other = await page.context().newPage()
  await other.goto(h.base)
  await addPatient(other, 'PAC-ZETA')
  await addPatient(page, 'PAC-PULSA')
  await page.locator('#record-patients li[data-patient="PAC-ZETA"]').waitFor()
  const start = page.locator('#record-new-visit')
  await start.evaluate((el) => el.setAttribute('data-pressed-here', ''))
  const box = (await start.boundingBox())!
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await page.mouse.down()
  // The other tab adds a patient (after the pressed one in the list): this tab's dialog hears it and renders again,
  // its top edge staying where it is, so the button under the pointer does not move.
  await addPatient(other, 'PAC-ZETA-2')
  await page.locator('#record-patients li[data-patient="PAC-ZETA-2"]').waitFor()
  assert.deepEqual(await start.boundingBox(), box, 'the button pressed has not moved')
  assert.equal(
    await page.locator('#record-new-visit[data-pressed-here]').count(),
    1,
    'the button pressed is still there',
  )
  await page.mouse.up()
  // The click landed on the button pressed: the visit started, the dialog closed on the view tabs.
  await page.locator('#record-dialog').waitFor({ state: 'hidden' })
  assert.equal(await page.evaluate<string>("document.activeElement?.id ?? ''"), 'tab-anterior')
  assert.deepEqual(errors, [])
  await page.context().close()
})

test('results: a focused row keeps the focus and its highlight while its value changes under it', async () => {
  const spec = FIGURES.anterior
  const { page, errors } = await openApp(h, DESKTOP)
  await loadPhoto(page, h, 'anterior')
  await placeGuided(page, spec)
  await page.locator('#prompt-grid-cm').fill('40')
  await page.locator('#prompt-grid-cm').press('Enter')
  await shownResults(page)
  // The right tragus chosen: the arrow keys move it, and the head's tilt follows.
  await page.locator('#marker-list li[data-target="tragus_der"] .target-main').click()
  const row = page.locator('#metrics-table tr[data-metric="head_angle"]')
  const before = await row.getAttribute('data-value')
  await row.focus()
  await page.locator('#metrics-table tr[data-metric="head_angle"].highlight').waitFor()
  await page.keyboard.press('Shift+ArrowUp')
  await page.locator(`#metrics-table tr[data-metric="head_angle"]:not([data-value="${before}"])`).waitFor()
  assert.equal(
    await page.evaluate<string>(
      "document.activeElement?.getAttribute('data-metric') ?? document.activeElement?.tagName ?? ''",
    ),
    'head_angle',
    'the focus stays on the row',
  )
  assert.equal(await row.evaluate((el) => el.classList.contains('highlight')), true, 'its metric stays highlighted')
  // The row focused is the same element: the next arrow moves the marker again, from the row.
  await page.keyboard.press('Shift+ArrowUp')
  await page
    .locator('#marker-list li[data-target="tragus_der"] .target-pos')
    .filter({ hasText: String(spec.markers.tragus_der![1] - 20) })
    .waitFor()
  assert.deepEqual(errors, [])
  await page.context().close()
})
