/**
 * Photos stored as bytes, and a visit's markers never lost with its photo (issue 39;
 * docs/record.md, "Photos"). In a real Chromium on a persistent profile, with a real
 * IndexedDB whose `put` is wrapped in the page (an init script) to refuse what WebKit's
 * private mode refuses:
 * - every value holding a Blob, with WebKit's own error ("Error preparing Blob/File data
 *   to be stored in object store"): the visit, its markers and its photo are all kept
 *   (the photo as bytes), and after a reload the visit's markers and photo are in IndexedDB;
 * - every photo, whatever its form (a photo store that takes nothing, as a full quota):
 *   the visit's markers are kept, the card says in Spanish that the photo could not be
 *   kept and no longer that the work is kept, the engine's text stands only under
 *   "Detalles técnicos", and after a reload the markers are in IndexedDB.
 * Before the fix both lost the visit whole: the photo and the markers shared one write.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { BrowserContext, Page } from 'playwright-core'
import { type Harness, loadPhoto, placeGuided } from '../support/browser.js'
import { RecordBrowsers, readRecord, readStores, savedToRecord, storedMarkers } from '../support/record.js'
import { FIGURES } from './fixtures/figure.js'

let h: Harness
/** A browser of its own for each test (a fresh profile), in Spanish. */
const browsers = new RecordBrowsers({ locale: 'es-ES' })

before(async () => {
  h = await browsers.start()
})

after(() => browsers.close())

const PATIENT = 'PAC-0039'
const WEBKIT_ERROR = 'Error preparing Blob/File data to be stored in object store'

/**
 * IDBObjectStore.prototype.put (and add) wrapped to throw a DOMException, as WebKit's
 * private mode does: for any value holding a Blob ('blobs'), or for every value of the
 * photos store ('photos').
 */
function refusing(what: 'blobs' | 'photos'): string {
  return `(() => {
    const holdsBlob = (value, depth) => {
      if (value instanceof Blob) return true
      if (depth > 4 || value === null || typeof value !== 'object' || ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return false
      return Object.values(value).some((v) => holdsBlob(v, depth + 1))
    }
    for (const method of ['put', 'add']) {
      const original = IDBObjectStore.prototype[method]
      IDBObjectStore.prototype[method] = function (value, ...rest) {
        const refused = ${JSON.stringify(what)} === 'blobs' ? holdsBlob(value, 0) : this.name === 'photos'
        if (refused) throw new DOMException(${JSON.stringify(WEBKIT_ERROR)}, 'UnknownError')
        return original.call(this, value, ...rest)
      }
    }
  })()`
}

/** The app reloaded in `page` with IndexedDB refusing `what` from now on. */
async function refuse(context: BrowserContext, page: Page, what: 'blobs' | 'photos'): Promise<void> {
  await context.addInitScript(refusing(what))
  await page.reload()
  await page.locator('#record-status').waitFor({ state: 'attached' })
}

/** A visit of PATIENT from the card: the identifier committed, the anterior view marked whole; waits for the autosave. */
async function markVisit(page: Page): Promise<void> {
  await page.locator('#patient-id').fill(PATIENT)
  await page.locator('#patient-id').press('Tab')
  const spec = FIGURES.anterior
  await loadPhoto(page, h, 'anterior')
  await placeGuided(page, spec)
  await page.locator('#grid-cm').fill(String(spec.scaleCm))
  await page.locator('#grid-cm').press('Enter')
  await page.locator('#results[data-state="ready"]').waitFor()
  await savedToRecord(page)
}

/** The anterior markers of the patient's one visit in IndexedDB, and the photo it refers to as stored (or undefined). */
async function storedVisit(page: Page) {
  const record = await readRecord(page)
  const visits = [...(await storedMarkers(page, PATIENT)).values()]
  assert.equal(visits.length, 1, `one visit of ${PATIENT} in IndexedDB (patients: ${record.patients.length})`)
  const visit = record.visits.find((v) => (v as { photos?: unknown }).photos) as
    | { photos: Record<string, { key: string }> }
    | undefined
  const key = visit?.photos.anterior?.key
  return { markers: visits[0]!, photo: record.photos.find((p) => p.key === key) }
}

describe('a visit with a photo where IndexedDB refuses what WebKit refuses', () => {
  test('Blobs refused (WebKit private mode): the visit, its markers and its photo kept, as bytes, after a reload', async () => {
    const { page, errors, context } = await browsers.create().launch()
    await refuse(context, page, 'blobs')
    await markVisit(page)
    const before = await storedVisit(page)
    assert.equal(await page.locator('#record-status').getAttribute('data-unkept'), '', 'nothing left unkept')
    await page.reload()
    await page.locator('#record-status').waitFor({ state: 'attached' })
    await page.locator('.stage.has-photo image.photo').waitFor()
    const after = await storedVisit(page)
    assert.deepEqual(after.markers, before.markers, 'the markers as written')
    assert.ok(Object.keys(after.markers).length > 5, 'the markers are stored')
    assert.ok(after.photo, 'the photo is stored')
    const { photos } = await readStores(page, { photos: 'values' })
    const row = photos.values[0] as Record<string, unknown>
    assert.equal(typeof row.bytes, 'string', 'the photo is stored as bytes (an ArrayBuffer, read here as its hash)')
    assert.equal(row.blob, undefined, 'no Blob stored')
    assert.deepEqual(errors, [])
  })

  test('every photo refused: the markers kept, the card says the photo is not, the engine text only in the details', async () => {
    const { page, errors, context } = await browsers.create().launch()
    await refuse(context, page, 'photos')
    await markVisit(page)
    // The write has ended (kept or not): the markers are in IndexedDB, the photo is not.
    const before = await storedVisit(page)
    assert.equal(before.photo, undefined, 'the photo is not stored')
    const line = page.locator('#record-status[data-unkept="photo"]')
    await line.waitFor()
    const said = await line.innerText()
    assert.match(said, /La foto no se pudo guardar en este navegador; las marcas sí\. Exporte una copia/)
    assert.doesNotMatch(said, /se conserva|se guarda en este navegador/, 'the card no longer promises the work is kept')
    assert.doesNotMatch(said, /Error preparing/, 'no engine text in our sentence')
    const details = page.locator('#record-unkept-details')
    assert.equal(await details.locator('summary').innerText(), 'Detalles técnicos')
    assert.match((await details.locator('pre').textContent()) ?? '', /Error preparing Blob\/File data/)
    const notice = await page.locator('#toast').evaluate((el) => el.firstChild?.textContent ?? '')
    assert.doesNotMatch(notice, /Error preparing/, 'no engine text in the notice sentence')
    await page.reload()
    await page.locator('#record-status').waitFor({ state: 'attached' })
    const after = await storedVisit(page)
    assert.ok(Object.keys(after.markers).length > 5, 'the markers are stored')
    assert.deepEqual(after.markers, before.markers, 'the markers as written')
    assert.deepEqual(
      errors.filter((e) => !e.includes(WEBKIT_ERROR)),
      [],
    )
  })
})
