/**
 * The clinician's core path in the three engines (issue 39): Chromium, Firefox ESR and
 * WebKitGTK on a persistent profile (test/support/engines.ts), against the real service
 * serving the built app. A patient's visit: a photo opened, the scale calibrated, the
 * markers placed by clicking where the app asks, the values shown equal the service's for
 * the markers the visit holds, the visit kept after a reload and after the browser is closed
 * and started again on its profile (on screen and in IndexedDB); then the iPad in portrait (820 x 1180) shows the photo and the toolbar with nothing
 * reaching past the screen's sides. One browser per engine for the file; kept short, as
 * it runs three times in CI.
 */
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { Harness } from '../support/browser.js'
import { startHarness } from '../support/browser.js'
import { markersOf, placeAskedTargets, type StoredVisit, shownValues, storedVisitsOf } from '../support/engine-app.js'
import { ENGINES, type EnginePage, forEngines, launch } from '../support/engines.js'
import { FIGURES } from './fixtures/figure.js'

const PATIENT = 'PAC-0039'
const spec = FIGURES.anterior

let h: Harness

before(async () => {
  // The service serving the built app, and the figures rendered as PNG photos.
  h = await startHarness()
})

after(() => h?.close())

/** The service's answer for the visit's stored markers and calibration. */
async function serviceValues(visit: StoredVisit): Promise<Record<string, number>> {
  const view = visit.file.views.anterior
  const response = await fetch(new URL('api/analyze/anterior', h.base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      calibration: {
        lrv_x: view.calibration.lrv_x,
        fc: view.calibration.fc,
        grid_size_cm: view.calibration.grid_size_cm,
      },
      markers: view.markers,
    }),
  })
  const json = (await response.json()) as Record<string, unknown>
  assert.equal(response.status, 200, JSON.stringify(json))
  return Object.fromEntries(Object.entries(json).filter((e): e is [string, number] => typeof e[1] === 'number'))
}

forEngines(ENGINES, (engine, skip) => {
  describe(`the clinician's core path in ${engine}`, { skip }, () => {
    let page: EnginePage
    /** The browser's profile, kept across its restart. */
    let profileDir: string
    /** The visit as stored and the service's values for it, once the first test has made it. */
    let made: { visit: StoredVisit; service: Record<string, number> } | undefined

    /** Starts the browser on the profile with the app open. */
    async function start(): Promise<void> {
      page = await launch(engine, { locale: 'es-ES', viewport: { width: 1400, height: 900 }, profileDir })
      await page.goto(h.base)
      await page.waitFor('#view-tabs button')
      await page.waitFor('#record-status', { state: 'attached' })
    }

    before(async () => {
      profileDir = mkdtempSync(join(tmpdir(), `posture-engines-${engine}-`))
      await start()
    })

    after(async () => {
      await page?.close()
      if (profileDir) rmSync(profileDir, { recursive: true, force: true })
    })

    test("a photo, the scale and the markers by clicking: the values shown are the service's, and the visit is kept after a reload", async () => {
      await page.fill('#patient-id', PATIENT)
      await page.press('Tab')
      await page.upload('#photo-input', {
        name: 'anterior-figure.png',
        mimeType: 'image/png',
        buffer: h.photos.anterior,
      })
      await page.waitFor('.stage.has-photo image.photo')

      const asked = await placeAskedTargets(page, spec)
      assert.deepEqual(asked.slice(0, 3), ['scale-a', 'scale-b', 'lrv'], 'the scale first, then the vertical line')
      assert.equal(await page.text('#marker-count'), `${asked.length - 3} / ${asked.length - 3}`)
      await page.fill('#grid-cm', String(spec.scaleCm))
      await page.press('Enter')
      await page.waitFor('#results[data-state="ready"]', { state: 'attached' })
      await page.waitFor('#record-status[data-saved="true"][data-pending="false"]', { state: 'attached' })

      const visits = await storedVisitsOf(page, PATIENT)
      assert.equal(visits.length, 1, 'one visit of the patient in the record (IndexedDB)')
      const visit = visits[0]!
      const shown = await shownValues(page)
      const service = await serviceValues(visit)
      assert.ok(Object.keys(shown).length > 10, `the metrics are shown: ${Object.keys(shown)}`)
      assert.deepEqual(shown, service, "every value shown is the service's for the visit's markers")
      assert.equal(visit.file.views.anterior.calibration.grid_size_cm, spec.scaleCm)
      // Each marker where it was clicked: within a screen pixel (in image pixels) of the figure's.
      const imagePxPerScreenPx = await page.evaluate<number>(
        `${spec.width} / document.querySelector('.stage image.photo').getBoundingClientRect().width`,
      )
      for (const [name, p] of Object.entries(spec.markers)) {
        const stored = visit.file.views.anterior.markers[name]
        assert.ok(stored, `marker ${name} stored`)
        const off = Math.hypot(stored[0] - p[0], stored[1] - p[1])
        assert.ok(off <= imagePxPerScreenPx + 0.5, `${name} at ${stored}, clicked at ${p} (${off.toFixed(2)} px off)`)
      }

      await page.reload()
      await page.waitFor('.stage.has-photo image.photo')
      await page.waitFor('#results[data-state="ready"]', { state: 'attached' })
      assert.deepEqual(
        await markersOf(page),
        Object.keys(visit.file.views.anterior.markers).sort(),
        'the markers back on screen',
      )
      assert.deepEqual(await shownValues(page), service, 'after the reload, the same values')
      const again = await storedVisitsOf(page, PATIENT)
      assert.deepEqual(
        again.map((v) => v.file.views.anterior.markers),
        [visit.file.views.anterior.markers],
        'after the reload, the visit in the record as it was',
      )
      assert.equal(await page.evaluate<string>("document.querySelector('#patient-id').value"), PATIENT)
      assert.deepEqual(page.errors, [], `${engine}: no page or console error`)
      made = { visit, service }
    })

    test('the browser closed and started again on its profile: the visit on screen and in the record, the same values', async (t) => {
      if (!made) return t.skip('no visit made (the test before failed)')
      const markers = made.visit.file.views.anterior.markers
      await page.close()
      await start()
      await page.waitFor('.stage.has-photo image.photo')
      await page.waitFor('#results[data-state="ready"]', { state: 'attached' })
      assert.deepEqual(await markersOf(page), Object.keys(markers).sort(), 'the markers on screen')
      assert.deepEqual(await shownValues(page), made.service, 'the same values')
      assert.deepEqual(
        (await storedVisitsOf(page, PATIENT)).map((v) => v.file.views.anterior.markers),
        [markers],
        'the visit in the record as it was',
      )
      assert.deepEqual(page.errors, [], `${engine}: no page or console error`)
    })

    test('iPad portrait (820 x 1180): the photo and the toolbar are shown, nothing reaches past the sides', async () => {
      await page.setViewport(820, 1180)
      await page.waitUntil('window.innerWidth === 820', 'the viewport 820 px wide')
      const layout = await page.evaluate<{
        scroll: number
        inner: number
        photo: { left: number; right: number; width: number; height: number }
        toolbar: { left: number; right: number; width: number; height: number }
      }>(`new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => {
        const box = (s) => { const r = document.querySelector(s).getBoundingClientRect(); return { left: r.left, right: r.right, width: r.width, height: r.height } }
        resolve({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth, photo: box('.stage image.photo'), toolbar: box('#toolbar') })
      })))`)
      assert.equal(layout.inner, 820)
      assert.ok(layout.scroll <= layout.inner, `the page is ${layout.scroll} px wide in ${layout.inner}`)
      for (const [what, box] of Object.entries({ photo: layout.photo, toolbar: layout.toolbar })) {
        assert.ok(box.width > 100 && box.height > 20, `${what} shown: ${JSON.stringify(box)}`)
        assert.ok(box.left >= -0.5 && box.right <= 820.5, `${what} within the screen's sides: ${JSON.stringify(box)}`)
      }
      assert.deepEqual(page.errors, [], `${engine}: no page or console error`)
    })
  })
})
