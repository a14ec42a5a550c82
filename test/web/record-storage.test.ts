/**
 * Storage the clinic can count on (issue 39; docs/record.md, "What is stored where"): in a
 * real Chromium on a persistent profile, with navigator.storage's persist() and persisted()
 * answered by an init script (the browser's own answer cannot be chosen in a test):
 * - persistent storage is asked for at the record's first patient, once, never at page load;
 * - the Patients dialog says how much the record uses ("… usados") and whether the browser
 *   may clear it, and, when it may and no clinic server holds a copy, reminds the clinician
 *   to back up or sync with the date of the last backup of the whole record ("nunca", then
 *   the export's date in Spanish);
 * - with persistent storage granted, no reminder.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { BrowserContext, Page } from 'playwright-core'
import { RecordBrowsers } from '../support/record.js'

/** A browser of its own for each test (a fresh profile), in Spanish. */
const browsers = new RecordBrowsers({ locale: 'es-ES' })

before(async () => {
  await browsers.start()
})

after(() => browsers.close())

/**
 * navigator.storage not persistent until persist() is called, which answers `granted` (and
 * persisted() from then on); persist() calls counted in window.persistCalls.
 */
function storageAnswering(granted: boolean): string {
  return `(() => {
    window.persistCalls = 0
    let persisted = false
    Object.defineProperty(StorageManager.prototype, 'persisted', { configurable: true, value: async () => persisted })
    Object.defineProperty(StorageManager.prototype, 'persist', {
      configurable: true,
      value: async () => {
        window.persistCalls++
        persisted = ${granted}
        return persisted
      },
    })
  })()`
}

/** The app reloaded in `page` with navigator.storage answering `granted`; resolves once the record is mounted. */
async function withStorage(context: BrowserContext, page: Page, granted: boolean): Promise<void> {
  await context.addInitScript(storageAnswering(granted))
  await page.reload()
  await page.locator('#record-status').waitFor({ state: 'attached' })
}

async function persistCalls(page: Page): Promise<number> {
  return (await page.evaluate('window.persistCalls')) as number
}

/** Opens the Patients dialog once the app has started (its record read). */
async function openPatients(page: Page): Promise<void> {
  await page.locator('#record-button').click()
  await page.locator('#record-dialog[open]:not([aria-busy]) #record-search').waitFor()
}

/** Adds a patient in the open Patients dialog; resolves once it is listed. */
async function addPatient(page: Page, identifier: string): Promise<void> {
  await page.locator('#record-new-id').fill(identifier)
  await page.locator('#record-add').click()
  await page.locator(`#record-patients li[data-patient="${identifier}"]`).waitFor()
}

describe('the record asks for persistent storage and says what it has', () => {
  test('not granted: asked once at the first patient (not at load), the use and the state shown, a backup reminder with its date', async () => {
    const { page, errors, context } = await browsers.create().launch()
    await withStorage(context, page, false)
    await openPatients(page)
    assert.equal(await persistCalls(page), 0, 'not asked at page load')
    const storage = page.locator('#record-storage[data-persisted="false"]')
    assert.match(await storage.innerText(), /usados/)
    assert.match(await storage.innerText(), /el navegador puede borrarlo/)
    const reminder = page.locator('#record-backup-reminder')
    assert.match(await reminder.innerText(), /no se sincroniza con un servidor de la clínica.*Última copia: nunca\./s)

    await addPatient(page, 'PAC-0039-A')
    await page.waitForFunction('window.persistCalls === 1')
    await addPatient(page, 'PAC-0039-B')
    assert.equal(await persistCalls(page), 1, 'asked once')

    const download = page.waitForEvent('download')
    await page.locator('#record-export-all').click()
    await download
    const today = (await page.evaluate(
      `new Intl.DateTimeFormat('es', { dateStyle: 'medium' }).format(new Date())`,
    )) as string
    await reminder.filter({ hasNotText: 'nunca' }).waitFor()
    assert.match(await reminder.innerText(), new RegExp(`Última copia: ${today}`))

    // Once for the record: a later page adding a patient does not ask again.
    await page.reload()
    await page.locator('#record-status').waitFor({ state: 'attached' })
    await openPatients(page)
    await addPatient(page, 'PAC-0039-C')
    assert.equal(await persistCalls(page), 0, 'not asked again')
    assert.match(await reminder.innerText(), new RegExp(`Última copia: ${today}`))
    assert.deepEqual(errors, [])
  })

  test('granted: the dialog says the storage is persistent, and no reminder', async () => {
    const { page, errors, context } = await browsers.create().launch()
    await withStorage(context, page, true)
    await openPatients(page)
    await addPatient(page, 'PAC-0039-D')
    await page.waitForFunction('window.persistCalls === 1')
    const storage = page.locator('#record-storage[data-persisted="true"]')
    await storage.waitFor()
    assert.match(await storage.innerText(), /Almacenamiento persistente/)
    assert.equal(await page.locator('#record-backup-reminder').isHidden(), true, 'no reminder')
    assert.deepEqual(errors, [])
  })
})
