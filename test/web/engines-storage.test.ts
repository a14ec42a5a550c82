/**
 * Storage the clinic can count on, in the three engines (issue 39, defect 2: Safari may clear a
 * site's storage after days without use). On a persistent profile in Spanish, with
 * navigator.storage's persist() and persisted() answered by a script run at document start in
 * every page (the engine's own answer cannot be chosen in a test; `initScript` in
 * test/support/engines.ts), through the Patients dialog as a clinician uses it:
 * - persistent storage is not asked for at page load, and asked exactly once when the first
 *   patient is added (not again at the second);
 * - the dialog says the record's use ("… usados") and that the browser may clear it
 *   (#record-storage data-persisted="false"), in Spanish with no engine English;
 * - with no clinic server, the reminder says "Última copia: nunca", and after "Exportar todo"
 *   (a download: the GTK shell and Firefox save it in the profile's folder) the export's date.
 * Before the fix persist() was asked at every page load and the dialog had no reminder.
 * One browser per engine; the Chromium-only test of the same, with the granted case, is
 * record-storage.test.ts.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Harness } from '../support/browser.js'
import { startHarness } from '../support/browser.js'
import { ENGINES, type EnginePage, forEngines, launch } from '../support/engines.js'
import { ENGLISH_FUNCTION_WORDS, englishWordsIn } from '../support/english-words.js'

/** English words that are never Spanish ("no" is both). */
const ENGLISH = new Set(ENGLISH_FUNCTION_WORDS.filter((w) => w !== 'no'))

/**
 * navigator.storage not persistent until persist() is called, which answers false (the browser
 * declined, as Safari may); persist() calls counted in window.persistCalls from document start.
 */
const NOT_GRANTED = `(() => {
  window.persistCalls = 0
  // Not in a page that is no secure context (Firefox runs it in the new tab's about:blank too).
  if (typeof StorageManager === 'undefined') return
  let persisted = false
  Object.defineProperty(StorageManager.prototype, 'persisted', { configurable: true, value: async () => persisted })
  Object.defineProperty(StorageManager.prototype, 'persist', {
    configurable: true,
    value: async () => {
      window.persistCalls++
      persisted = false
      return persisted
    },
  })
})()`

let h: Harness

before(async () => {
  h = await startHarness()
})

after(() => h?.close())

/** Adds a patient in the open Patients dialog; resolves once it is listed. */
async function addPatient(page: EnginePage, identifier: string): Promise<void> {
  await page.fill('#record-new-id', identifier)
  await page.click('#record-add')
  await page.waitFor(`#record-patients li[data-patient="${identifier}"]`, { state: 'attached' })
}

forEngines(ENGINES, (engine, skip) => {
  describe(`the record's storage in ${engine}`, { skip }, () => {
    let page: EnginePage

    before(async () => {
      page = await launch(engine, { locale: 'es-ES', viewport: { width: 1400, height: 900 }, initScript: NOT_GRANTED })
      await page.goto(h.base)
      await page.waitFor('#view-tabs button')
      await page.waitFor('#record-status', { state: 'attached' })
    })

    after(() => page?.close())

    test('persist() asked once at the first patient, not at load; the state, the use and a backup reminder with its date', async () => {
      assert.equal(await page.evaluate<string>('typeof window.persistCalls'), 'number', 'the instrument ran')
      await page.waitUntil("document.documentElement.lang === 'es'", 'the app in Spanish')
      await page.click('#record-button')
      // The storage line is drawn with the dialog's list (one render).
      await page.waitFor('#record-dialog[open]:not([aria-busy]) #record-search')
      assert.equal(await page.evaluate<number>('window.persistCalls'), 0, 'not asked at page load')

      assert.equal(await page.attribute('#record-storage', 'data-persisted'), 'false')
      const storage = await page.text('#record-storage')
      assert.match(storage, /usados/, 'the use, in Spanish')
      assert.match(storage, /el navegador puede borrarlo/, 'the state, in Spanish')
      const reminder = await page.text('#record-backup-reminder')
      assert.match(reminder, /no se sincroniza con un servidor de la clínica.*Última copia: nunca\./s)
      assert.deepEqual(englishWordsIn(`${storage} ${reminder}`, ENGLISH), [], `no English: "${storage} ${reminder}"`)

      await addPatient(page, 'PAC-0039-S1')
      await page.waitUntil('window.persistCalls >= 1', 'persist() asked at the first patient')
      await addPatient(page, 'PAC-0039-S2')
      assert.equal(await page.evaluate<number>('window.persistCalls'), 1, 'asked exactly once')
      await page.waitFor('#record-storage[data-persisted="false"]', { state: 'attached' })

      await page.click('#record-export-all')
      await page.waitUntil(
        `(() => { const r = document.querySelector('#record-backup-reminder'); return r && /Última copia: /.test(r.textContent) && !/nunca/.test(r.textContent) })()`,
        'the reminder with the export date',
      )
      const today = await page.evaluate<string>(
        `new Intl.DateTimeFormat('es', { dateStyle: 'medium' }).format(new Date())`,
      )
      assert.match(await page.text('#record-backup-reminder'), new RegExp(`Última copia: ${today}`))
      assert.deepEqual(page.errors, [])
    })
  })
})
