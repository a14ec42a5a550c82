/**
 * Names for people in the Spanish app (issue 41, item 3), in Chromium with the built app:
 * the calibration's length field suggests a plausible stature ("p. ej. 170") when the
 * scale is the subject's height and a ruler's length ("p. ej. 10") otherwise, and a
 * download is named in Spanish ("…-valoracion.json"). The file names, the CSV, the FHIR
 * description, the PDF's date range and the trend titles are checked in
 * test/web/unit/files/names-for-people.test.ts.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { type Harness, loadPhoto, openApp, startHarness } from '../support/browser.js'

let h: Harness

before(async () => {
  h = await startHarness()
})
after(async () => {
  await h?.close()
})

describe('names for people in the Spanish app', () => {
  test('the stature field suggests a stature; a download is named in Spanish', async () => {
    const { page, errors } = await openApp(h, { locale: 'es-ES' })
    try {
      await page.locator('#patient-id').fill('HC-0042')
      await page.locator('#patient-id').press('Tab')
      await page.locator('#assessment-date').fill('2026-11-28')
      await loadPhoto(page, h, 'anterior')
      const length = page.locator('#grid-cm')
      assert.equal(await length.getAttribute('placeholder'), 'p. ej. 10')
      await page.locator('#scale-by-stature').check()
      await page.locator('label[for="grid-cm"]', { hasText: 'Estatura del sujeto' }).waitFor()
      assert.equal(await length.getAttribute('placeholder'), 'p. ej. 170')
      await page.locator('#scale-by-stature').uncheck()
      await page.locator('label[for="grid-cm"]', { hasText: 'Estatura del sujeto' }).waitFor({ state: 'detached' })
      assert.equal(await length.getAttribute('placeholder'), 'p. ej. 10')

      const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#save-session').click()])
      assert.equal(download.suggestedFilename(), 'postura-HC-0042-2026-11-28-valoracion.json')
      assert.deepEqual(errors, [])
    } finally {
      await page.context().close()
    }
  })
})
