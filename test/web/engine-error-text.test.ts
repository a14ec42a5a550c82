/**
 * An engine's own error text never stands inside the app's sentences (issue 39), in
 * Chromium and WebKit on a persistent profile in Spanish (test/support/engines.ts), against
 * the service serving the built app. A backup chosen in the Patients dialog that the browser
 * then cannot read (a file moved or changed on disk after it was picked: `Blob.text()`
 * rejects with the NotReadableError an engine gives, made to by a script run at document
 * start, as the engine's own failure cannot be chosen in a test): the notice says in Spanish
 * that nothing was imported and that something failed in this browser, and the engine's
 * English stands only under "Detalles técnicos". Before the fix the notice read "No se importó
 * copia.json (no se ha cambiado nada): NotReadableError: The requested file could not be read…".
 * The scan of the whole app for such sentences is test/web/unit/i18n/engine-text.test.ts.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { buildApp } from '../../src/app.js'
import { type EngineName, type EnginePage, forEngines, launch } from '../support/engines.js'
import { WEB_BUILD } from '../support/paths.js'

/** Chromium's words for a file that can no longer be read. */
const ENGINE_TEXT =
  'The requested file could not be read, typically due to permission problems that have occurred after a reference to a file was acquired.'

/** Blob.text() rejects once, as the engine does for a file gone since it was picked, after window.failNextRead is set. */
const INIT_SCRIPT = `(() => {
  const text = Blob.prototype.text
  Blob.prototype.text = function () {
    if (!window.failNextRead) return text.call(this)
    window.failNextRead = false
    return Promise.reject(new DOMException(${JSON.stringify(ENGINE_TEXT)}, 'NotReadableError'))
  }
})()`

const NEEDS: readonly EngineName[] = ['chromium', 'webkit']

let app: Awaited<ReturnType<typeof buildApp>>
let base: string

before(async () => {
  app = await buildApp({ logger: false, webRoot: WEB_BUILD })
  base = `${await app.listen({ port: 0, host: '127.0.0.1' })}/`
})

after(() => app?.close())

forEngines(NEEDS, (engine, skip) => {
  describe(`an engine's error text in ${engine}`, { skip }, () => {
    let page: EnginePage

    before(async () => {
      page = await launch(engine, { locale: 'es-ES', viewport: { width: 1400, height: 900 }, initScript: INIT_SCRIPT })
      await page.goto(base)
      await page.waitFor('#view-tabs button')
      // The record opened (its status line drawn): the Patients button works from then on.
      await page.waitFor('#record-status', { state: 'attached' })
    })

    after(() => page?.close())

    test("a backup the browser cannot read: our sentence in Spanish, the engine's English only under the details", async () => {
      await page.click('#record-button')
      await page.waitFor('#record-dialog[open]:not([aria-busy]) #record-search')
      await page.evaluate('window.failNextRead = true')
      await page.upload('#record-import-input', {
        name: 'copia.json',
        mimeType: 'application/json',
        buffer: Buffer.from('{"format":"posture-metrics-record"}'),
      })
      await page.waitUntil(
        "document.querySelector('#toast.show')?.textContent.includes('copia.json')",
        'the notice about copia.json',
      )
      // The sentence: the notice's own text, its details element left out.
      const sentence = await page.evaluate<string>(
        "[...document.querySelector('#toast').childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join('')",
      )
      assert.equal(sentence, 'No se importó copia.json (no se ha cambiado nada): algo falló en este navegador')
      assert.equal(await page.text('#toast .notice-details summary'), 'Detalles técnicos')
      assert.equal(await page.text('#toast .notice-details pre'), `NotReadableError: ${ENGINE_TEXT}`)
      assert.equal(await page.evaluate<boolean>('window.failNextRead'), false, 'the read was tried (and refused)')
    })
  })
})
