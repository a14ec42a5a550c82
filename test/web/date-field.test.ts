/**
 * The assessment date in the app's language, whatever the browser's (docs/app.md,
 * "Dates"): Chromium launched in US English (--lang=en-US, locale en-US), where a
 * native date input shows mm/dd/yyyy. In the Spanish app the field shows and takes
 * dd/mm/aaaa (typed digits only, as on a numeric keypad: the separators come by
 * themselves), refuses a date that is not one with what is wrong and what is
 * expected, and keeps the last good date meanwhile; in English it shows yyyy-mm-dd.
 * The saved assessment file holds the ISO date.
 */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, describe, test } from 'node:test'
import { type Browser, chromium, type Page } from 'playwright-core'
import { CHROMIUM, CHROMIUM_ARGS, type Harness, loadPhoto, OUTPUT, openApp, startHarness } from '../support/browser.js'

let h: Harness
let browser: Browser

before(async () => {
  h = await startHarness()
  browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, '--lang=en-US'] })
})
after(async () => {
  await browser?.close()
  await h?.close()
})

async function savedDate(page: Page): Promise<unknown> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#save-session').click()])
  const path = `${OUTPUT}date-field-assessment.json`
  await download.saveAs(path)
  return (JSON.parse(readFileSync(path, 'utf8')) as { assessment_date?: unknown }).assessment_date
}

/** Waits until the date field shows `text` (the language's switch re-renders the panels). */
async function shows(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    (want) =>
      (
        globalThis as unknown as { document: { getElementById(id: string): { value: string } | null } }
      ).document.getElementById('assessment-date')?.value === want,
    text,
  )
}

describe('the date field follows the app language, not the browser', () => {
  test('Spanish on an en-US browser: dd/mm/aaaa typed and shown, clear errors, ISO saved; English: yyyy-mm-dd', async () => {
    const { page, errors } = await openApp(h, { browser, locale: 'en-US' })
    try {
      assert.equal(await page.evaluate(() => navigator.language), 'en-US')
      await page.locator('#language').selectOption('es')
      const date = page.locator('#assessment-date')
      const error = page.locator('#assessment-date-error')
      assert.equal(await date.getAttribute('placeholder'), 'dd/mm/aaaa')
      assert.equal(await date.getAttribute('inputmode'), 'numeric')

      // Digits only, by keyboard: the separators come as they are typed.
      await date.click()
      await page.keyboard.type('28112026')
      assert.equal(await date.inputValue(), '28/11/2026')
      await page.keyboard.press('Tab')
      assert.equal(await date.inputValue(), '28/11/2026')
      assert.equal(await date.getAttribute('data-iso'), '2026-11-28')
      assert.equal(await error.isVisible(), false)

      // Not on the calendar: said under the field, the stored date kept.
      await date.fill('31/02/2026')
      await date.press('Enter')
      await error.waitFor()
      assert.match(await error.innerText(), /31\/02\/2026 no es un día del calendario.*dd\/mm\/aaaa/)
      assert.equal(await date.getAttribute('aria-invalid'), 'true')
      assert.equal(await date.getAttribute('data-iso'), '2026-11-28')
      // Not a date at all: what is expected, with an example in the same form.
      await date.fill('mañana')
      await date.press('Tab')
      assert.match(
        await error.innerText(),
        /«mañana» no es una fecha: escríbala como dd\/mm\/aaaa, por ejemplo 28\/11\/2026/,
      )
      assert.equal(await date.inputValue(), 'mañana', 'the refused text stays to be corrected')
      // Corrected: the error goes, the date is taken.
      await date.fill('5/3/2026')
      await date.press('Tab')
      await error.waitFor({ state: 'hidden' })
      assert.equal(await date.inputValue(), '05/03/2026')
      assert.equal(await date.getAttribute('aria-invalid'), 'false')

      await loadPhoto(page, h, 'anterior')
      assert.equal(await savedDate(page), '2026-03-05')

      // English: the ISO form, shown and typed.
      await page.locator('#language').selectOption('en')
      await shows(page, '2026-03-05')
      assert.equal(await date.getAttribute('placeholder'), 'yyyy-mm-dd')
      await date.click()
      await page.keyboard.press('ControlOrMeta+a')
      await page.keyboard.type('20260420')
      assert.equal(await date.inputValue(), '2026-04-20')
      await page.keyboard.press('Tab')
      assert.equal(await savedDate(page), '2026-04-20')
      // Back in Spanish: the same date, day first.
      await page.locator('#language').selectOption('es')
      await shows(page, '20/04/2026')
      assert.deepEqual(errors, [])
    } finally {
      await page.context().close()
    }
  })
})
