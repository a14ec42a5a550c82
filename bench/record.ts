/**
 * Benchmark of the patient record (not a test): in headless Chromium with a
 * persistent profile, against the real service serving the built app, with 200
 * visits of 20 patients stored, each with a ~300 KB JPEG photo:
 *  - save a visit: the autosave's write after a marker moved (data-write-ms of the
 *    record status line: the time inside the page, without the 300 ms autosave delay);
 *  - open the patient list: click on "Patients" until the list of 20 patients is shown
 *    (measured from node, so it includes Playwright's round trip);
 *  - draw the trends of a patient with 50 visits: click on the patient until the visit list
 *    and every trend chart (8 metrics x 50 visits) are built (measured from node).
 * Median of ROUNDS. The seeded visits carry no stored metric values (as imported or
 * older visits: trends compute them from the markers); with --values each visit is
 * seeded with them, as the app keeps them when it saves a visit.
 *
 *     npm run bench:record [-- --rounds 15] [-- --values]
 */

import { mkdtempSync, rmSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { buildApp } from '../src/app.js'
import { CHROMIUM_ARGS } from '../test/support/browser.js'
import { FIGURES, figureSvg } from '../test/web/fixtures/figure.js'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const WEB_ROOT = fileURLToPath(new URL('../web/', import.meta.url))
const ROUNDS = Number(process.argv[process.argv.indexOf('--rounds') + 1]) || 15
const WITH_VALUES = process.argv.includes('--values')
/** The app's trend module as built for node (web/tsconfig.node.json), for the values a visit keeps. */
const TREND_MODULE = new URL('../web-unit/web/src/record/trend.js', import.meta.url).href
const PATIENTS = 20
/** BENCH-000 has 50 visits (the trend), the others 8 each: 202 visits. */
const visitsOf = (p: number) => (p === 0 ? 50 : 8)
const VISITS = Array.from({ length: PATIENTS }, (_, p) => visitsOf(p)).reduce((a, b) => a + b, 0)

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/** The values the app keeps with a seeded visit, per marker variant (markers moved by v % 5 px), at 2 px. */
function variantValues(): unknown[] {
  const spec = FIGURES.anterior
  return Array.from({ length: 5 }, (_, dx) => {
    const markers = Object.fromEntries(Object.entries(spec.markers).map(([n, q]) => [n, [q[0] + dx, q[1]]]))
    const anterior = {
      image: { name: 'bench.jpg', width: spec.width, height: spec.height },
      calibration: { lrv_x: spec.lrvX, fc: null, grid_size_cm: spec.scaleCm, scale_points: spec.scale },
      markers,
      results: null,
    }
    return valuesOf(
      {
        format: 'posture-metrics-session',
        version: 1,
        saved_at: '',
        view: 'anterior',
        patient_id: 'BENCH',
        assessment_date: '',
        placement_error_px: 2,
        views: { anterior },
      },
      2,
    )
  })
}

let valuesOf: (file: unknown, sd: number) => unknown

async function main(): Promise<void> {
  const app = await buildApp({ logger: false, overload: { maxQueueMs: 0 }, webRoot: WEB_ROOT })
  const base = `${await app.listen({ port: 0, host: '127.0.0.1' })}/`
  const profile = mkdtempSync(join(tmpdir(), 'posture-bench-record-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    viewport: { width: 1400, height: 900 },
  })
  ;({ valuesOf } = (await import(TREND_MODULE)) as { valuesOf: typeof valuesOf })
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    // The photo: the anterior figure, rasterised and encoded as a noisy JPEG of about 300 KB.
    await page.setContent(`<!doctype html><body style="margin:0">${figureSvg('anterior')}</body>`)
    const png = await page.locator('svg').screenshot({ type: 'png' })
    await page.goto(base)
    await page.locator('#record-status').waitFor({ state: 'attached' })
    const seeded = await page.evaluate(
      `(async ({ png, patients, perPatient, spec, values }) => {
        const img = await createImageBitmap(new Blob([Uint8Array.from(atob(png), (c) => c.charCodeAt(0))], { type: 'image/png' }))
        const canvas = document.createElement('canvas')
        canvas.width = img.width
        canvas.height = img.height
        const g = canvas.getContext('2d')
        g.drawImage(img, 0, 0)
        const noise = g.getImageData(0, 0, img.width, img.height)
        for (let i = 0; i < noise.data.length; i++) if (i % 4 !== 3) noise.data[i] = (noise.data[i] + Math.random() * 40) | 0
        g.putImageData(noise, 0, 0)
        const blob = await new Promise((r) => canvas.toBlob(r, 'image/jpeg', 0.97))
        const db = await new Promise((resolve, reject) => { const r = indexedDB.open('posture-metrics-record'); r.onsuccess = () => resolve(r.result); r.onerror = () => reject(r.error) })
        const tx = db.transaction(['patients', 'visits', 'photos'], 'readwrite')
        const now = new Date().toISOString()
        for (let p = 0; p < patients; p++) {
          const identifier = 'BENCH-' + String(p).padStart(3, '0')
          tx.objectStore('patients').put({ id: 'p' + p, identifier, key: identifier.toLowerCase(), name: '', notes: '', created: now, origin: 'added' })
          for (let v = 0; v < (p === 0 ? 50 : perPatient); v++) {
            const id = 'v' + p + '-' + v
            const date = String(2020 + Math.floor(v / 12)) + '-' + String(1 + (v % 12)).padStart(2, '0') + '-' + String(1 + p).padStart(2, '0')
            const markers = Object.fromEntries(Object.entries(spec.markers).map(([n, q]) => [n, [q[0] + (v % 5), q[1]]]))
            const file = { format: 'posture-metrics-session', version: 1, saved_at: now, view: 'anterior', patient_id: identifier, assessment_date: date, placement_error_px: 2,
              views: { anterior: { image: { name: 'bench.jpg', width: spec.width, height: spec.height }, calibration: { lrv_x: spec.lrvX, fc: null, grid_size_cm: spec.scaleCm, scale_points: spec.scale }, markers, results: null } } }
            tx.objectStore('photos').put({ key: 'k' + id, type: 'image/jpeg', width: img.width, height: img.height, blob })
            const visit = { id, patientId: 'p' + p, date, created: now, updated: now, file, photos: { anterior: { key: 'k' + id, type: 'image/jpeg', width: img.width, height: img.height } } }
            if (values) visit.values = values[v % 5]
            tx.objectStore('visits').put(visit)
          }
        }
        await new Promise((resolve, reject) => { tx.oncomplete = resolve; tx.onerror = () => reject(tx.error) })
        db.close()
        return blob.size
      })(${JSON.stringify({ png: png.toString('base64'), patients: PATIENTS, perPatient: visitsOf(1), spec: FIGURES.anterior, values: WITH_VALUES ? variantValues() : null })})`,
    )
    await page.reload()
    await page.locator('#record-status').waitFor({ state: 'attached' })

    const listMs: number[] = []
    for (let i = 0; i < ROUNDS; i++) {
      const t0 = performance.now()
      await page.locator('#record-button').click()
      await page.locator(`#record-patients li:nth-child(${PATIENTS})`).waitFor()
      listMs.push(performance.now() - t0)
      await page.locator('#record-close').click()
    }

    const trendMs: number[] = []
    for (let i = 0; i < ROUNDS; i++) {
      await page.locator('#record-button').click()
      await page.locator(`#record-patients li:nth-child(${PATIENTS})`).waitFor()
      const other = `BENCH-${String(1 + (i % (PATIENTS - 1))).padStart(3, '0')}`
      await page.locator(`#record-patients li[data-patient="${other}"] button`).click()
      await page.locator(`.record-patient-visits[data-patient="${other}"]`).waitFor()
      const t0 = performance.now()
      await page.locator('#record-patients li[data-patient="BENCH-000"] button').click()
      await page
        .locator(
          '.record-patient-visits[data-patient="BENCH-000"] #record-trends svg.trend-chart[data-metric="trunk_angle"]',
        )
        .waitFor({ state: 'attached' })
      trendMs.push(performance.now() - t0)
      if ((await page.locator('.record-patient-visits[data-patient="BENCH-000"] #record-visits li').count()) !== 50)
        throw new Error('BENCH-000 should list 50 visits')
      await page.locator('#record-close').click()
    }

    // Open a stored visit (its photo is in the record), then move a marker and time each save.
    await page.locator('#record-button').click()
    await page.locator('#record-patients li[data-patient="BENCH-000"] button').click()
    await page
      .locator('.record-patient-visits[data-patient="BENCH-000"] #record-visits li')
      .first()
      .locator('button.open')
      .click()
    await page.locator('.stage.has-photo image.photo').waitFor()
    await page.locator('#record-status[data-pending="false"]').waitFor({ state: 'attached' })
    const saveMs: number[] = []
    for (let i = 0; i < ROUNDS; i++) {
      await page.locator('#marker-list li').first().locator('.target-main').click()
      await page.locator('#stage').press(i % 2 ? 'ArrowLeft' : 'ArrowRight')
      await page.locator('#record-status[data-pending="true"]').waitFor({ state: 'attached' })
      await page.locator('#record-status[data-pending="false"]').waitFor({ state: 'attached' })
      saveMs.push(Number(await page.locator('#record-status').getAttribute('data-write-ms')))
    }
    const out = {
      date: new Date().toISOString(),
      node: process.version,
      cores: availableParallelism(),
      visits: VISITS,
      photoBytes: seeded,
      rounds: ROUNDS,
      storedValues: WITH_VALUES,
      saveVisitMedianMs: Number(median(saveMs).toFixed(1)),
      saveVisitMaxMs: Number(Math.max(...saveMs).toFixed(1)),
      patientListMedianMs: Number(median(listMs).toFixed(1)),
      patientListMaxMs: Number(Math.max(...listMs).toFixed(1)),
      trend50MedianMs: Number(median(trendMs).toFixed(1)),
      trend50MaxMs: Number(Math.max(...trendMs).toFixed(1)),
    }
    console.log(JSON.stringify(out, null, 2))
  } finally {
    await context.close()
    await app.close()
    rmSync(profile, { recursive: true, force: true })
  }
}

await main()
