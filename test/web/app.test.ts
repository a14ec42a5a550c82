/**
 * End-to-end tests of the marking app in headless Chromium against the real
 * service (buildApp serving dist/web). The photos are the generated test figures
 * (fixtures/figure.ts) with markers at known pixels. Screenshots go to test-output/.
 */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, describe, test } from 'node:test'
import type { Page } from 'playwright-core'
import { markerNames, type View } from '#core/markers.js'
import { ANTERIOR_METRICS, LATERAL_METRICS, POSTERIOR_METRICS } from '#core/metrics/index.js'
import {
  activeTarget,
  dropPhoto,
  type Harness,
  loadPhoto,
  OUTPUT,
  openApp,
  placeGuided,
  postJson,
  screenOf,
  shownResults,
  startHarness,
} from '../support/browser.js'
import { FIGURES, type FigureSpec } from './fixtures/figure.js'

type Session = {
  format: string
  view: View
  views: Record<
    string,
    {
      calibration: { lrv_x: number | null; fc: number | null; grid_size_cm: number | null }
      markers: Record<string, [number, number]>
      results: Record<string, number | string> | null
      side?: string
      estimate_popliteal?: boolean
    }
  >
}

let h: Harness

before(async () => {
  h = await startHarness()
})

after(async () => {
  await h?.close()
})

/** Clicks a button that triggers a download and returns the file's path and text. */
async function downloadOf(page: Page, selector: string, name: string): Promise<{ path: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator(selector).click()])
  const path = `${OUTPUT}${name}`
  await download.saveAs(path)
  return { path, text: readFileSync(path, 'utf8') }
}

async function saveSession(page: Page, name: string): Promise<{ path: string; session: Session }> {
  const { path, text } = await downloadOf(page, '#save-session', name)
  return { path, session: JSON.parse(text) as Session }
}

function assertNear(actual: readonly number[], expected: readonly number[], tolerance: number, what: string): void {
  for (let i = 0; i < expected.length; i++) {
    assert.ok(
      Math.abs(actual[i]! - expected[i]!) <= tolerance,
      `${what}: ${JSON.stringify(actual)} is not within ${tolerance} px of ${JSON.stringify(expected)}`,
    )
  }
}

/** Every marker the app recorded lies within 1 px of the figure's known pixel. */
function assertMarkersOnFigure(
  markers: Record<string, [number, number]>,
  spec: FigureSpec,
  skip: readonly string[] = [],
): void {
  for (const name of markerNames(spec.view)) {
    if (skip.includes(name)) continue
    const p = markers[name]
    assert.ok(p, `marker ${name} missing from the session`)
    assertNear(p, spec.markers[name]!, 1, name)
  }
}

/** The value and text shown for one metric. */
async function shownMetric(page: Page, name: string): Promise<{ value: number; text: string }> {
  const row = page.locator(`#metrics-table tr[data-metric="${name}"]`)
  return {
    value: Number(await row.getAttribute('data-value')),
    text: (await row.locator('td.value').innerText()).trim(),
  }
}

/** Waits until a metric shows a value different from `old`. */
async function metricChanges(page: Page, name: string, old: number): Promise<number> {
  await page
    .locator(`#results[data-state="ready"] #metrics-table tr[data-metric="${name}"]:not([data-value="${old}"])`)
    .waitFor()
  return (await shownMetric(page, name)).value
}

/**
 * Asserts the page shows exactly the API's metrics, value by value, and its text agrees with them;
 * `hidden`: metrics the page leaves out (a distance from calibration placeholders).
 */
async function assertShownEqualsApi(
  page: Page,
  view: View,
  body: unknown,
  hidden: readonly string[] = [],
): Promise<Record<string, number>> {
  const shown = await shownResults(page)
  const api = await postJson(h.base, `api/analyze/${view}`, body)
  assert.equal(api.status, 200, JSON.stringify(api.json))
  const metrics = Object.keys(api.json).filter((k) => typeof api.json[k] === 'number' && !hidden.includes(k))
  assert.deepEqual(Object.keys(shown).sort(), metrics.sort(), 'the app shows every metric of the response')
  for (const name of metrics) {
    assert.equal(shown[name], api.json[name], `${name} shown equals the API's answer`)
    const { text } = await shownMetric(page, name)
    const m = /^([+\u2212]?)(\d+\.\d)(°|\u00a0cm)$/.exec(text)
    assert.ok(m, `${name} is shown with its unit: ${text}`)
    const number = Number(m[2]) * (m[1] === '\u2212' ? -1 : 1)
    assert.ok(Math.abs(number - api.json[name]) <= 0.05 + 1e-9, `${name}: ${text} is ${api.json[name]} rounded`)
    assert.equal(m[3] === '°' ? 'degrees' : 'cm', /^(dist_|coronal_)/.test(name) ? 'cm' : 'degrees', `${name} unit`)
  }
  return shown
}

function assertNoExternalRequests(requests: readonly string[]): void {
  const outside = requests.filter((u) => !u.startsWith(h.base) && !u.startsWith('data:') && !u.startsWith('blob:'))
  assert.deepEqual(outside, [], 'the app makes no request outside the service')
}

async function setDistance(page: Page, cm: number): Promise<void> {
  await page.locator('#grid-cm').fill(String(cm))
  await page.locator('#grid-cm').press('Enter')
}

describe('marking app in a browser', () => {
  test('anterior: guided marking, calibration, results, drag, undo, API error, CSV, session reload, report', async () => {
    const spec = FIGURES.anterior
    const { page, requests, errors } = await openApp(h)
    assert.match(await page.locator('#prompt').innerText(), /open a photo/i)
    assert.equal(await page.locator('#dropzone').isVisible(), true)

    await loadPhoto(page, h, 'anterior')
    const boxes: string[] = []
    const asked = await placeGuided(page, spec, boxes)
    assert.deepEqual(
      asked,
      ['scale-a', 'scale-b', 'lrv', ...markerNames('anterior')],
      'calibration first, then the markers in the shared order',
    )
    assert.equal(new Set(boxes).size, 1, 'the photo stays put while the markers are placed')
    assert.equal(await page.locator('#marker-count').innerText(), '17 / 17')

    // The distances wait for the known distance (the prompt asks for it); the angles show meanwhile (partial results).
    assert.match(await page.locator('#results-status').innerText(), /Known distance/)
    await page.locator('#prompt-grid-cm').fill(String(spec.scaleCm))
    await page.locator('#prompt-grid-cm').press('Enter')
    await shownResults(page)
    await page.screenshot({ path: `${OUTPUT}anterior.png` })

    const first = await saveSession(page, 'anterior-session.json')
    const saved = first.session.views.anterior!
    assert.equal(first.session.format, 'posture-metrics-session')
    assertMarkersOnFigure(saved.markers, spec)
    assert.ok(Math.abs(saved.calibration.lrv_x! - spec.lrvX) <= 1, `lrv_x ${saved.calibration.lrv_x}`)
    assert.equal(saved.calibration.grid_size_cm, spec.scaleCm)
    const rulerPx = spec.scale[1][0] - spec.scale[0][0]
    assert.ok(
      Math.abs(saved.calibration.fc! - spec.scaleCm / rulerPx) < 0.001,
      `fc ${saved.calibration.fc} is about ${spec.scaleCm / rulerPx} cm/px`,
    )
    const calibration = {
      lrv_x: saved.calibration.lrv_x,
      fc: saved.calibration.fc,
      grid_size_cm: saved.calibration.grid_size_cm,
    }
    const results = await assertShownEqualsApi(page, 'anterior', { calibration, markers: saved.markers })
    const savedNumbers = Object.fromEntries(
      Object.entries(saved.results ?? {}).filter(([, v]) => typeof v === 'number'),
    )
    assert.deepEqual(savedNumbers, results, 'the session holds the results shown')
    assert.equal(saved.results?.unit_angles, 'degrees')
    assert.equal(
      await page.locator('#stage .figures .figure').count(),
      ANTERIOR_METRICS.length,
      'every metric is drawn on the photo',
    )

    // Drag the left tragus down: the head angle changes, to the API's value for the new point.
    const before = results.head_angle!
    const handle = page.locator('#stage .markers [data-target="tragus_izq"] .ring')
    const box = (await handle.boundingBox())!
    const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2]
    await page.mouse.move(cx, cy)
    await page.mouse.down()
    await page.mouse.move(cx + 2, cy + 10, { steps: 3 })
    await page.mouse.move(cx + 4, cy + 24, { steps: 5 })
    await page.mouse.up()
    const dragged = await metricChanges(page, 'head_angle', before)
    assert.ok(dragged < before, `moving the left tragus down lowers the head angle (${before} -> ${dragged})`)
    const afterDrag = await saveSession(page, 'anterior-dragged.json')
    const moved = afterDrag.session.views.anterior!.markers
    assert.ok(moved.tragus_izq![1] > saved.markers.tragus_izq![1] + 10, 'the marker moved down')
    await assertShownEqualsApi(page, 'anterior', { calibration, markers: moved })

    // Keyboard undo puts it back.
    await page.locator('#stage').focus()
    await page.keyboard.press('Control+z')
    assert.equal(await metricChanges(page, 'head_angle', dragged), before)

    // Put the left tragus on the right one: the API's 422 is shown next to both markers.
    await page.locator('#marker-list li[data-target="tragus_izq"] .target-main').click()
    const [tx, ty] = saved.markers.tragus_der!
    await page.locator('#coord-x').fill(String(tx))
    await page.locator('#coord-x').press('Enter')
    await page.locator('#coord-y').fill(String(ty))
    await page.locator('#coord-y').press('Enter')
    await page.locator('#results[data-state="error"]').waitFor()
    const bad = await postJson(h.base, 'api/analyze/anterior', {
      calibration,
      markers: { ...saved.markers, tragus_izq: [tx, ty] },
    })
    assert.equal(bad.status, 422)
    assert.equal(bad.json.detail[0].type, 'undefined_geometry')
    assert.deepEqual([...bad.json.detail[0].ctx.markers].sort(), ['tragus_der', 'tragus_izq'])
    for (const marker of ['tragus_izq', 'tragus_der']) {
      // Worded by the app from the answer's type and ctx (web/src/service/api-errors.ts), in the chosen language.
      const shown = await page.locator(`#marker-list li[data-target="${marker}"] .problem`).allInnerTexts()
      assert.ok(
        shown.some((m) => /Right tragus and Left tragus are at the same point/.test(m)),
        `the API's problem is shown next to ${marker}: ${JSON.stringify(shown)}`,
      )
      assert.equal(
        await page.locator(`#stage .markers [data-target="${marker}"].flagged`).count(),
        1,
        `${marker} is flagged on the photo`,
      )
    }
    assert.equal(await page.locator('#metrics-table tr[data-value]').count(), 0, 'no stale metrics next to an error')
    await page.screenshot({ path: `${OUTPUT}anterior-error.png` })

    // Two undos (y, then x) and the results are back.
    await page.locator('#stage').focus()
    await page.keyboard.press('Control+z')
    await page.keyboard.press('Control+z')
    await page.locator('#results[data-state="ready"]').waitFor()
    assert.deepEqual(await shownResults(page), results)

    // The data CSV: one row per metric, at full precision.
    const csv = (await downloadOf(page, '#export-csv-data', 'anterior.csv')).text.trim().split('\r\n')
    assert.equal(
      csv[0],
      'patient,date,view,side,metric,value,uncertainty,unit,meaning,photo,fc_cm_per_px,lrv_x_px,placement_error_px,status',
    )
    assert.equal(csv.length, 1 + ANTERIOR_METRICS.length)
    for (const line of csv.slice(1)) {
      const [, , view, , metric, value, u, unit] = line.split(',')
      assert.ok(Number(u) > 0, `${metric}: uncertainty column`)
      assert.equal(view, 'anterior')
      assert.equal(Number(value), results[metric!], `${metric} in the CSV`)
      assert.ok(unit === 'degrees' || unit === 'cm')
    }

    // Printable report: only the report is printed, with the annotated photo and the table.
    await page.emulateMedia({ media: 'print' })
    assert.equal(await page.locator('#app').isVisible(), false)
    const report = page.locator('#report section[data-view="anterior"]')
    assert.equal(await report.locator('svg.report-photo image').count(), 1)
    assert.equal(await report.locator('svg.report-photo .figure').count(), ANTERIOR_METRICS.length)
    assert.equal(await report.locator('tr[data-metric]').count(), ANTERIOR_METRICS.length)
    await page.screenshot({ path: `${OUTPUT}anterior-report.png`, fullPage: true })
    await page.pdf({ path: `${OUTPUT}anterior-report.pdf`, format: 'A4' })
    await page.emulateMedia({ media: 'screen' })

    assert.deepEqual(errors, [], 'no errors in the page')
    assertNoExternalRequests(requests)
    await page.context().close()

    // A fresh page loads the session: the markers come back without the photo and the results are the API's again.
    const second = await openApp(h)
    await second.page.locator('#session-input').setInputFiles(first.path)
    await second.page.locator('#results[data-state="ready"]').waitFor()
    assert.deepEqual(await shownResults(second.page), results)
    assert.equal(await second.page.locator('#stage .markers .marker').count(), 17 + 2)
    assert.equal(await second.page.locator('.stage rect.photo-missing').count(), 1, 'the photo is not in the session')
    await loadPhoto(second.page, h, 'anterior')
    assert.equal(
      await second.page.locator('#marker-count').innerText(),
      '17 / 17',
      'opening the same-size photo keeps the markers',
    )
    assert.deepEqual(await shownResults(second.page), results)
    assert.deepEqual(second.errors, [])
    await second.page.context().close()
  })

  test('posterior: estimated popliteal points, then marked ones', async () => {
    const spec = FIGURES.posterior
    const { page, requests, errors } = await openApp(h)
    await page.locator('#tab-posterior').click()
    await page.locator('#estimate-popliteal').check()
    await loadPhoto(page, h, 'posterior')
    const asked = await placeGuided(page, spec)
    const popliteal = ['popliteo_izq', 'popliteo_der']
    assert.deepEqual(asked, [
      'scale-a',
      'scale-b',
      'lrv',
      ...markerNames('posterior').filter((n) => !popliteal.includes(n)),
    ])
    await setDistance(page, spec.scaleCm)
    await shownResults(page)
    const { session } = await saveSession(page, 'posterior-session.json')
    const saved = session.views.posterior!
    assert.equal(saved.estimate_popliteal, true)
    assertMarkersOnFigure(saved.markers, spec, popliteal)
    const calibration = {
      lrv_x: saved.calibration.lrv_x,
      fc: saved.calibration.fc,
      grid_size_cm: saved.calibration.grid_size_cm,
    }
    await assertShownEqualsApi(page, 'posterior', { calibration, markers: saved.markers, estimate_popliteal: true })
    assert.equal(await page.locator('#stage .figures .figure').count(), POSTERIOR_METRICS.length)
    await page.screenshot({ path: `${OUTPUT}posterior-estimated.png` })

    // Drag the reference line to the right: the coronal balances change accordingly.
    const c7 = (await shownMetric(page, 'coronal_balance_c7')).value
    const [lx, ly] = await screenOf(page, spec, [spec.lrvX, 640])
    await page.mouse.move(lx, ly)
    await page.mouse.down()
    await page.mouse.move(lx + 15, ly, { steps: 3 })
    await page.mouse.move(lx + 30, ly + 5, { steps: 3 })
    await page.mouse.up()
    const c7moved = await metricChanges(page, 'coronal_balance_c7', c7)
    // Posterior view: the image's right is the subject's right, so C7 is now to the left of the line.
    assert.ok(c7moved < c7 - 1, `C7 lies to the subject's left of a line moved to their right (${c7} -> ${c7moved})`)
    const shifted = (await saveSession(page, 'posterior-line-moved.json')).session.views.posterior!
    assert.ok(shifted.calibration.lrv_x! > saved.calibration.lrv_x! + 20, `lrv_x moved: ${shifted.calibration.lrv_x}`)
    await assertShownEqualsApi(page, 'posterior', {
      calibration: { ...calibration, lrv_x: shifted.calibration.lrv_x },
      markers: saved.markers,
      estimate_popliteal: true,
    })
    await page.locator('#stage').focus()
    await page.keyboard.press('Control+z')
    assert.equal(await metricChanges(page, 'coronal_balance_c7', c7moved), c7)

    // Without the estimate the app asks for the two knee-crease markers.
    await page.locator('#estimate-popliteal').uncheck()
    assert.equal(await activeTarget(page), 'popliteo_izq')
    assert.deepEqual(await placeGuided(page, spec), popliteal)
    const marked = (await saveSession(page, 'posterior-marked.json')).session.views.posterior!
    assertMarkersOnFigure(marked.markers, spec)
    await assertShownEqualsApi(page, 'posterior', { calibration, markers: marked.markers, estimate_popliteal: false })
    await page.screenshot({ path: `${OUTPUT}posterior.png` })
    assert.deepEqual(errors, [])
    assertNoExternalRequests(requests)
    await page.context().close()
  })

  test('lateral: photo dropped on the page, side choice, calibration optional', async () => {
    const spec = FIGURES.lateral
    const { page, requests, errors } = await openApp(h)
    await page.locator('#tab-lateral').click()
    await page.locator('#side-left').check()
    await dropPhoto(page, h, 'lateral')
    assert.deepEqual(
      await placeGuided(page, spec),
      markerNames('lateral'),
      'the lateral view asks only for its markers',
    )
    await shownResults(page)
    const { session } = await saveSession(page, 'lateral-session.json')
    const saved = session.views.lateral!
    assert.equal(saved.side, 'left')
    assertMarkersOnFigure(saved.markers, spec)
    // No calibration placed: the app sends placeholders the lateral angles do not use, and shows no distance from them.
    const calibration = { lrv_x: spec.width / 2, fc: 1 }
    const left = await assertShownEqualsApi(page, 'lateral', { calibration, markers: saved.markers, side: 'left' }, [
      'dist_apex_lumbar',
    ])
    assert.ok(left.knee_angle! > 170 && left.knee_angle! < 190, `an almost straight knee: ${left.knee_angle}`)
    assert.equal(await page.locator('#stage .figures .figure').count(), LATERAL_METRICS.length - 1)
    await page.screenshot({ path: `${OUTPUT}lateral.png` })

    // The other side flips the forward direction, so the angles change.
    await page.locator('#side-right').check()
    await metricChanges(page, 'elbow_angle', left.elbow_angle!)
    await assertShownEqualsApi(page, 'lateral', { calibration, markers: saved.markers, side: 'right' }, [
      'dist_apex_lumbar',
    ])
    assert.deepEqual(errors, [])
    assertNoExternalRequests(requests)
    await page.context().close()
  })

  test('phone width: touch placement, keyboard placement and navigation, no horizontal scroll', async () => {
    const spec = FIGURES.anterior
    const { page, errors } = await openApp(h, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    })
    assert.equal(
      await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth'),
      true,
      'no horizontal scroll',
    )
    await loadPhoto(page, h, 'anterior')
    // Tap the two scale points and the reference line.
    for (const id of ['scale-a', 'scale-b', 'lrv']) {
      assert.equal(await activeTarget(page), id)
      const box = (await page.locator('.stage image.photo').boundingBox())!
      const p = id === 'scale-a' ? spec.scale[0] : id === 'scale-b' ? spec.scale[1] : [spec.lrvX, 300]
      await page.touchscreen.tap(box.x + (p[0] * box.width) / spec.width, box.y + (p[1] * box.height) / spec.height)
      await page.locator(`#prompt:not([data-target="${id}"])`).waitFor()
    }
    assert.equal(await activeTarget(page), 'eminencia_frontal_media')

    // Keyboard: Enter places the current marker at the centre (a crosshair marks it) and goes on; back with P, the
    // arrows nudge it, and Enter goes on again without moving it back to the centre.
    await page.locator('#stage').focus()
    await page.keyboard.press('Enter')
    const crosshair = await page.evaluate(
      `getComputedStyle(document.getElementById('stage'), '::after').backgroundImage`,
    )
    assert.match(
      String(crosshair),
      /linear-gradient/,
      'a crosshair marks the centre while the photo area has the focus',
    )
    const row = page.locator('#marker-list li[data-target="eminencia_frontal_media"]')
    await row.locator('.target-pos:not(:text("not placed"))').waitFor()
    const [x0, y0] = (await row.locator('.target-pos').innerText()).split(',').map(Number) as [number, number]
    assert.equal(await activeTarget(page), 'espina_nasal', 'Enter went on to the next marker')
    await page.keyboard.press('p')
    assert.equal(await activeTarget(page), 'eminencia_frontal_media')
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('Shift+ArrowUp')
    await row.locator(`.target-pos:text("${x0 + 1}, ${y0 - 10}")`).waitFor()
    await page.keyboard.press('Enter')
    assert.equal(await activeTarget(page), 'espina_nasal')
    assert.equal(await row.locator('.target-pos').innerText(), `${x0 + 1}, ${y0 - 10}`, 'not snapped back')
    await page.keyboard.press('p')
    assert.equal(await activeTarget(page), 'eminencia_frontal_media')
    await page.keyboard.press('Delete')
    await row.locator('.target-pos:text("not placed")').waitFor()
    await page.keyboard.press('u')
    await row.locator(`.target-pos:text("${x0 + 1}, ${y0 - 10}")`).waitFor()
    await page.keyboard.press('?')
    assert.equal(await page.locator('#help-dialog').isVisible(), true)
    await page.keyboard.press('Escape')
    assert.equal(
      await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth'),
      true,
      'no horizontal scroll',
    )
    await page.screenshot({ path: `${OUTPUT}phone.png` })
    assert.deepEqual(errors, [])
    await page.context().close()
  })
})
