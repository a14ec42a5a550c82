/**
 * The progress of a long task (issue 38, a layout defect noticed): when "Sugerir marcadores" shows
 * its progress while the pose model loads, the photo does not move or shrink (no layout shift under
 * a pointer aiming at a marker), at 1440 x 900 and 390 x 844 (touch). The model's files are held
 * until the progress has been measured, so it is on screen for as long as the test needs.
 */
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { BrowserContextOptions, Route } from 'playwright-core'
import { type Harness, loadPhoto, openApp, startHarness } from '../support/browser.js'

let h: Harness

before(async () => {
  h = await startHarness()
})

after(async () => {
  await h?.close()
})

const SIZES: { name: string; options: BrowserContextOptions }[] = [
  { name: '1440 x 900', options: { locale: 'es-ES', viewport: { width: 1440, height: 900 } } },
  {
    name: '390 x 844 (touch)',
    options: { locale: 'es-ES', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  },
]

for (const size of SIZES) {
  test(`${size.name}: the progress shown does not move or resize the photo`, async () => {
    const { page, errors } = await openApp(h, size.options)
    await loadPhoto(page, h, 'anterior')
    const photo = page.locator('.stage image.photo')
    await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))')
    const before = await photo.boundingBox()
    const held: Route[] = []
    await page.route(
      (url) => /pose|tflite|wasm|binarypb/i.test(url.pathname),
      (route) => {
        held.push(route)
      },
    )
    await page.locator('#suggest-markers').dispatchEvent('click')
    await page.locator('#progress').waitFor({ state: 'visible' })
    await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))')
    assert.deepEqual(await photo.boundingBox(), before, 'the photo keeps its place and size')
    const progress = (await page.locator('#progress').boundingBox())!
    assert.ok(progress.width > 0 && progress.height > 0, 'the progress is on screen')
    await page.unrouteAll({ behavior: 'ignoreErrors' })
    for (const route of held) await route.continue().catch(() => {})
    assert.deepEqual(
      errors.filter((e) => !/pose|model/i.test(e)),
      [],
    )
    await page.context().close()
  })
}
