/**
 * Installable and offline (issue 27, docs/offline.md), in real Chromium against the
 * service as its own process. Online: the app loads, its service worker installs and
 * controls the page, a visit of a patient is marked whole and the service answers it.
 * Then the service process is stopped and the browser set offline: the app reloads from
 * its worker's cache, the visit is opened from the record and shows values computed on
 * this device, equal to the service's answer for the same markers within 1e-12; a marker
 * removed and placed again offline gives values equal, within 1e-12, to the answer of a
 * service started again afterwards for exactly the markers the app saved. The worker
 * keeps no API answer and nothing of another kind than the app's files. A new version
 * of the app is offered and never forced: it takes over only when the clinician presses
 * Update, not during a drag, and the work on screen, even its last unwritten change, is
 * there after the reload. The pose model, used once online, suggests the same markers
 * with the service stopped and the browser offline (its files cached on first use).
 */
import assert from 'node:assert/strict'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { type Browser, chromium, type Page } from 'playwright-core'
import { buildApp } from '../../src/app.js'
import { assertSameValues, bodyOf, numbersOf, savedAssessment } from '../support/analysis-answers.js'
import {
  activeTarget,
  CHROMIUM,
  CHROMIUM_ARGS,
  clickPixel,
  pixelOf,
  placeGuided,
  placeNext,
  postJson,
  shownResults,
} from '../support/browser.js'
import { ROOT, WEB_BUILD } from '../support/paths.js'
import { markersOnScreen, openRecord, savedToRecord } from '../support/record.js'
import { type ServerProcess, startServer } from '../support/server-process.js'
import { FIGURES, figureSvg } from './fixtures/figure.js'
import { suggestionPhotos } from './fixtures/photos.js'

const PATIENT = 'OFF-27'

let service: ServerProcess | undefined
let browser: Browser
let photo: Buffer

before(async () => {
  service = await startServer({ name: 'service', script: 'dist/src/main.js', env: { LOG_LEVEL: 'warn' } }, ROOT)
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
  const page = await browser.newPage({ viewport: { width: 800, height: 1200 }, deviceScaleFactor: 1 })
  await page.setContent(`<!doctype html><body style="margin:0">${figureSvg('anterior')}</body>`)
  photo = await page.locator('svg').screenshot({ type: 'png' })
  await page.close()
})

after(async () => {
  await browser?.close()
  await service?.stop()
})

/** Waits until the page is controlled by a service worker; returns its script URL. */
async function controlled(page: Page): Promise<string> {
  return (await page.evaluate(`(async () => {
    await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }))
    return navigator.serviceWorker.controller.scriptURL
  })()`)) as string
}

/** The URLs of everything in the page's caches (the worker's), by cache. */
async function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return (await page.evaluate(`(async () => {
    const out = {}
    for (const name of await caches.keys()) out[name] = (await (await caches.open(name)).keys()).map((r) => r.url)
    return out
  })()`)) as Record<string, string[]>
}

describe('installable and offline', () => {
  test('with the service stopped and the browser offline, the app reloads, opens the visit and computes the service values', async () => {
    const running = service!
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1 })
    try {
      const page = await context.newPage()
      const errors: string[] = []
      page.on('pageerror', (e) => errors.push(String(e)))
      page.on('console', (m) => {
        // Offline, the app's own look at the service (GET health, POST api/analyze) fails as it should.
        if (m.type() === 'error' && !/ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED/.test(m.text()))
          errors.push(m.text())
      })
      await page.addInitScript({
        content:
          "document.addEventListener('securitypolicyviolation', (e) => console.error('Content-Security-Policy violation: ' + e.violatedDirective + ' ' + e.blockedURI))",
      })
      const analyzed: string[] = []
      page.on('request', (r) => {
        if (r.url().includes('/api/analyze/')) analyzed.push(r.url())
      })

      // Online: the app loads, and its worker installs and takes control of the page.
      await page.goto(`${running.url}/`)
      await page.locator('#view-tabs button').first().waitFor()
      const worker = await controlled(page)
      assert.equal(worker, `${running.url}/sw.js`)
      const precached = await cachedUrls(page)
      const appCache = Object.keys(precached).find((name) => name.startsWith('app-'))
      assert.ok(appCache, `an app cache among ${Object.keys(precached).join(', ')}`)
      assert.ok(precached[appCache]!.includes(`${running.url}/`), 'the page is cached')
      assert.ok(
        precached[appCache]!.some((url) => /\/assets\/index-[^/]+\.js$/.test(url)),
        'the app script (its words in both languages) is cached',
      )
      assert.ok(precached[appCache]!.includes(`${running.url}/manifest.webmanifest`), 'the manifest is cached')

      // A visit of a patient, marked whole; the service answers it.
      const spec = FIGURES.anterior
      await page.locator('#patient-id').fill(PATIENT)
      await page.locator('#patient-id').press('Tab')
      await page.locator('#photo-input').setInputFiles({ name: 'anterior.png', mimeType: 'image/png', buffer: photo })
      await page.locator('.stage.has-photo image.photo').waitFor()
      await placeGuided(page, spec)
      await page.locator('#grid-cm').fill(String(spec.scaleCm))
      await page.locator('#grid-cm').press('Enter')
      await page.locator('#record-status[data-saved="true"]').waitFor()
      await page.locator('#results[data-state="ready"][data-computed-on="service"]').waitFor()
      await savedToRecord(page)
      assert.ok(analyzed.length > 0, 'the app asked the service')
      const online = await shownResults(page)
      const file = await savedAssessment(page, 'offline-online.json')
      const answer = await postJson(running.url, '/api/analyze/anterior', bodyOf(file, 'anterior'))
      assert.equal(answer.status, 200, JSON.stringify(answer.json))
      const serviceValues = numbersOf(answer.json)
      assertSameValues(online, serviceValues, 'online')

      // The service process stopped, the browser offline: the app reloads from its cache.
      await running.stop()
      await context.setOffline(true)
      analyzed.length = 0
      await page.reload()
      await page.locator('#view-tabs button').first().waitFor()
      assert.equal(await page.evaluate('navigator.serviceWorker.controller?.scriptURL'), worker)
      await page.locator('.stage.has-photo image.photo').waitFor()

      // The visit opened from the record: computed on this device, equal to the service's answer.
      await openRecord(page)
      await page.locator(`#record-patients li[data-patient="${PATIENT}"] button`).click()
      await page.locator(`.record-patient-visits[data-patient="${PATIENT}"]`).waitFor()
      assert.equal(await page.locator('#record-visits li').count(), 1)
      await page.locator('#record-visits li button.open').click()
      await page.locator('#record-dialog').waitFor({ state: 'hidden' })
      await page.locator('.stage.has-photo image.photo').waitFor()
      await page.locator('#results[data-state="ready"][data-computed-on="device"]').waitFor()
      assertSameValues(await shownResults(page), serviceValues, 'offline, the visit opened')
      assert.match(await page.locator('#results-status').innerText(), /on this device/)

      // A marker removed and placed again, lower, offline: values for the new markers, from this device.
      const moved = 'tragus_izq'
      await page.locator(`#marker-list li[data-target="${moved}"] .remove`).click()
      await page.locator('#results[data-state="partial"]').waitFor()
      if ((await activeTarget(page)) !== moved)
        await page.locator(`#marker-list [data-target="${moved}"] .target-main`).click()
      await page.locator(`#prompt[data-target="${moved}"]`).waitFor()
      const [x, y] = pixelOf(spec, moved)
      await clickPixel(page, spec, [x, y + 12])
      await page.locator('#results[data-state="ready"][data-computed-on="device"]').waitFor()
      const placedOffline = await shownResults(page)
      const offlineFile = await savedAssessment(page, 'offline-placed.json')
      assert.ok(offlineFile.views.anterior!.markers[moved]![1] > file.views.anterior!.markers[moved]![1] + 6)
      assert.notEqual(
        placedOffline.head_angle,
        serviceValues.head_angle,
        'the marker placed offline changed the head angle',
      )
      await savedToRecord(page)
      assert.ok(analyzed.length > 0, 'the app tried the service first')

      // Nothing cached but the app's and the pose model's files: no API answer, no health, no data.
      const cached = await cachedUrls(page)
      for (const [name, urls] of Object.entries(cached)) {
        assert.match(name, /^(app|pose)-/)
        for (const url of urls)
          assert.doesNotMatch(url, /\/(api|health|ready|metrics|docs|openapi)/, `${name} holds ${url}`)
      }
      assert.deepEqual(errors, [])

      // The service started again answers the markers placed offline with the values the device showed.
      service = await startServer({ name: 'service', script: 'dist/src/main.js', env: { LOG_LEVEL: 'warn' } }, ROOT)
      const again = await postJson(service.url, '/api/analyze/anterior', bodyOf(offlineFile, 'anterior'))
      assert.equal(again.status, 200, JSON.stringify(again.json))
      assertSameValues(placedOffline, numbersOf(again.json), 'placed offline')
    } finally {
      await context.close()
    }
  })

  test('a new version is offered, and applied only when the clinician presses Update, with the work kept', async () => {
    // The app served from a copy of the build, which the test then changes into a new version.
    const folder = mkdtempSync(join(tmpdir(), 'posture-app-'))
    cpSync(WEB_BUILD, folder, { recursive: true })
    const serve = async (port: number) => {
      const app = await buildApp({ logger: false, overload: false, webRoot: folder })
      await app.listen({ port, host: '127.0.0.1' })
      return app
    }
    let app = await serve(0)
    const port = (app.server.address() as { port: number }).port
    const base = `http://127.0.0.1:${port}/`
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: 'es-ES' })
    try {
      const page = await context.newPage()
      const errors: string[] = []
      page.on('pageerror', (e) => errors.push(String(e)))
      await page.goto(base)
      await page.locator('#view-tabs button').first().waitFor()
      const worker = await controlled(page)
      assert.equal(await page.locator('#update-banner').isHidden(), true, 'the first install is no update')
      const caches0 = Object.keys(await cachedUrls(page)).filter((name) => name.startsWith('app-'))
      assert.equal(caches0.length, 1)

      // Work on screen, in the record's workspace.
      const spec = FIGURES.anterior
      await page.locator('#photo-input').setInputFiles({ name: 'anterior.png', mimeType: 'image/png', buffer: photo })
      await page.locator('.stage.has-photo image.photo').waitFor()
      await placeNext(page, spec, 5)
      await savedToRecord(page)

      // A new version on the server: another build id in sw.js.
      await app.close()
      const sw = readFileSync(join(folder, 'sw.js'), 'utf8')
      const build = /"build":"([0-9a-f]+)"/.exec(sw)?.[1]
      assert.ok(build, 'sw.js names its build')
      writeFileSync(join(folder, 'sw.js'), sw.replace(`"build":"${build}"`, `"build":"${build}0"`))
      app = await serve(port)
      await page.evaluate('window.sameDocument = true')
      await page.evaluate('navigator.serviceWorker.getRegistration().then((r) => r.update())')

      // Offered, in the clinician's language; not applied: the same page, the old worker in control.
      await page.locator('#update-banner:not([hidden])').waitFor()
      assert.match(await page.locator('#update-banner').innerText(), /Hay una versión nueva/)
      assert.equal(await page.locator('#update-apply').innerText(), 'Actualizar')
      await page.evaluate(`(async () => {
        const r = await navigator.serviceWorker.getRegistration()
        if (r.waiting) return
        const w = r.installing
        await new Promise((resolve) => w.addEventListener('statechange', () => w.state === 'installed' && resolve()))
      })()`)
      assert.equal(await page.evaluate('window.sameDocument'), true)
      assert.equal(await page.evaluate('navigator.serviceWorker.controller.scriptURL'), worker)
      assert.deepEqual(
        Object.keys(await cachedUrls(page))
          .filter((n) => n.startsWith('app-'))
          .sort(),
        [`app-${build}`, `app-${build}0`],
      )

      // Not during a drag: Update is disabled while a marker moves.
      const ring = page.locator('#stage .markers g.marker .ring').first()
      const box = (await ring.boundingBox())!
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
      await page.mouse.down()
      await page.mouse.move(box.x + box.width / 2 + 3, box.y + box.height / 2 + 6, { steps: 3 })
      await page.locator('#update-apply[disabled]').waitFor()
      await page.mouse.up()
      await page.locator('#update-apply:not([disabled])').waitFor()

      // One more marker, and Update at once: the record writes it before the new version takes over.
      await placeNext(page, spec, 1)
      const onScreen = await markersOnScreen(page)
      await Promise.all([page.waitForEvent('load'), page.locator('#update-apply').click()])
      await page.locator('.stage.has-photo image.photo').waitFor()
      assert.equal(await page.evaluate('window.sameDocument'), undefined, 'reloaded')
      assert.deepEqual(await markersOnScreen(page), onScreen, 'the work on screen, its last change included')
      assert.equal(await page.locator('#update-banner').isHidden(), true)
      assert.deepEqual(
        Object.keys(await cachedUrls(page)).filter((n) => n.startsWith('app-')),
        [`app-${build}0`],
        'the new version in control; the old files removed',
      )
      assert.deepEqual(errors, [])
    } finally {
      await context.close()
      await app.close()
      rmSync(folder, { recursive: true, force: true })
    }
  })

  test('the pose model, used once online, suggests the same markers offline', async () => {
    const running = service!
    const photo = (await suggestionPhotos(browser)).anterior
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1 })
    /** Opens the photo in a fresh tab and asks for suggestions; returns the markers suggested, with their positions, and what is cached then. */
    const suggested = async (): Promise<{ marks: string[]; cached: Record<string, string[]> }> => {
      const page = await context.newPage()
      await page.goto(`${running.url}/`)
      await page.locator('#view-tabs button').first().waitFor()
      await controlled(page)
      await page
        .locator('#photo-input')
        .setInputFiles({ name: photo.name, mimeType: photo.mimeType, buffer: photo.buffer })
      await page.locator('.stage.has-photo image.photo').waitFor()
      const button = page.locator('#suggest-markers')
      const done = Number(await button.getAttribute('data-completed'))
      await button.click()
      await page
        .locator(`#suggest-markers[data-completed="${done + 1}"][data-busy="false"]`)
        .waitFor({ timeout: 120_000 })
      const marks = await page
        .locator('#stage g.marker.suggested')
        .evaluateAll((gs) => gs.map((g) => `${g.getAttribute('data-target')} ${g.querySelector('title')?.textContent}`))
      const cached = await cachedUrls(page)
      await page.close()
      return { marks: marks.sort(), cached }
    }
    try {
      const { marks: online, cached } = await suggested()
      assert.ok(online.length > 0, 'the model suggested markers online')
      const pose = Object.entries(cached).find(([name]) => name.startsWith('pose-'))
      assert.ok(pose, `a pose cache among ${Object.keys(cached).join(', ')}`)
      assert.ok(
        pose[1].some((url) => url.endsWith('/pose/pose_landmark_full.tflite')),
        'the landmark model is cached',
      )
      assert.ok(
        pose[1].some((url) => url.endsWith('.wasm')),
        'its WebAssembly is cached',
      )

      await running.stop()
      service = undefined
      await context.setOffline(true)
      assert.deepEqual((await suggested()).marks, online, 'the same suggestions, offline')
    } finally {
      await context.close()
    }
  })
})
