/**
 * WebKit's private mode (Safari's Private Browsing; issue 39, item 1): MiniBrowser's
 * automation profile lives in memory only, where WebKit refuses a Blob in IndexedDB
 * ("Error preparing Blob/File data to be stored in object store") and takes bytes. In it,
 * a patient's visit (a photo opened, the scale and the markers placed by clicking) must
 * reach the record (IndexedDB) with its markers, come back after a reload, and no
 * sentence on screen may carry the engine's English. Before photos were stored as bytes
 * nothing reached the record: 0 patients, 0 visits, and the notice said "No se pudo guardar
 * en este navegador: Error preparing Blob/File data…".
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Harness } from '../support/browser.js'
import { startHarness } from '../support/browser.js'
import { markersOf, placeAskedTargets, storedVisitsOf } from '../support/engine-app.js'
import { type EnginePage, forEngines, launch } from '../support/engines.js'
import { ENGLISH_FUNCTION_WORDS, englishWordsIn } from '../support/english-words.js'
import { FIGURES } from './fixtures/figure.js'

const PATIENT = 'PAC-0039-P'
const spec = FIGURES.anterior
/** English words that are never Spanish ("no" is both). */
const ENGLISH = new Set(ENGLISH_FUNCTION_WORDS.filter((w) => w !== 'no'))

let h: Harness

before(async () => {
  h = await startHarness()
})

after(() => h?.close())

forEngines(
  ['webkit'],
  (engine, skip) => {
    describe(`${engine} in private mode (an in-memory profile)`, { skip }, () => {
      let page: EnginePage

      before(async () => {
        page = await launch(engine, { profile: 'private', locale: 'es-ES', viewport: { width: 1400, height: 900 } })
        await page.goto(h.base)
        await page.waitFor('#view-tabs button')
        await page.waitFor('#record-status', { state: 'attached' })
      })

      after(() => page?.close())

      test("a visit with its photo reaches the record and is kept after a reload; no sentence carries the engine's English", async () => {
        // MiniBrowser cannot set the page's language: Spanish chosen in the app, as a clinician does.
        await page.select('#language', 'es')
        await page.waitUntil("document.documentElement.lang === 'es'", 'the app in Spanish')
        await page.fill('#patient-id', PATIENT)
        await page.press('Tab')
        await page.upload('#photo-input', {
          name: 'anterior-figure.png',
          mimeType: 'image/png',
          buffer: h.photos.anterior,
        })
        await page.waitFor('.stage.has-photo image.photo')
        await placeAskedTargets(page, spec)
        await page.fill('#grid-cm', String(spec.scaleCm))
        await page.press('Enter')
        await page.waitFor('#results[data-state="ready"]', { state: 'attached' })
        await page.waitFor('#record-status[data-pending="false"]', { state: 'attached' })

        const notice = await page.text('#toast')
        const visits = await storedVisitsOf(page, PATIENT)
        assert.equal(visits.length, 1, `the visit reached the record (IndexedDB); the notice said: "${notice}"`)
        const markers = visits[0]!.file.views.anterior.markers
        assert.deepEqual(Object.keys(markers).sort(), Object.keys(spec.markers).sort(), 'every marker stored')

        const words = englishWordsIn(`${notice} ${await page.text('#record-status')}`, ENGLISH)
        assert.deepEqual(words, [], `no English in the app's sentences: "${notice}"`)
        assert.doesNotMatch(await page.evaluate<string>('document.body.innerText'), /Error preparing|object store/)

        await page.reload()
        await page.waitFor('#record-status', { state: 'attached' })
        await page.waitFor('.stage.has-photo image.photo')
        assert.deepEqual(
          await markersOf(page),
          Object.keys(spec.markers).sort(),
          'after the reload, the markers on the photo',
        )
        assert.deepEqual(
          (await storedVisitsOf(page, PATIENT)).map((v) => v.file.views.anterior.markers),
          [markers],
          'after the reload, the visit in the record',
        )
      })
    })
  },
  'private',
)
