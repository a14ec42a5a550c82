/**
 * Partial results in real Chromium against the real service (issue 28): with 16 of the
 * 17 anterior markers placed (the left tragus left out, as an ear under hair), the
 * metrics that do not use it are shown with the values the service gives once the view
 * is complete, the head angle says it waits for the left tragus, and no incomplete
 * request goes to the service (its rule that a request carries every marker is kept).
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { markerNames, VIEWS } from '#core/markers.js'
import {
  activeTarget,
  clickPixel,
  type Harness,
  loadPhoto,
  OUTPUT,
  openApp,
  pixelOf,
  shownResults,
  startHarness,
} from '../support/browser.js'
import { FIGURES } from './fixtures/figure.js'

let h: Harness
before(async () => {
  h = await startHarness()
})
after(async () => {
  await h?.close()
})

const LEFT_OUT = 'tragus_izq'

describe('partial results', () => {
  test('16 of 17 anterior markers: pelvis and Q angles shown, the head angle names the missing tragus', async () => {
    const spec = FIGURES.anterior
    const { page, requests, errors } = await openApp(h)
    await loadPhoto(page, h, 'anterior')
    await page.locator('#grid-cm').fill(String(spec.scaleCm))
    await page.locator('#grid-cm').press('Enter')
    // Guided order up to the left tragus, then each later marker, chosen in the list where the app asks for another.
    for (;;) {
      const id = await activeTarget(page)
      if (id === LEFT_OUT) break
      await clickPixel(page, spec, pixelOf(spec, id))
      await page.locator(`#prompt:not([data-target="${id}"])`).waitFor()
    }
    const names = markerNames('anterior')
    for (const id of names.slice(names.indexOf(LEFT_OUT) + 1)) {
      // After a marker the app asks for the next one still to place (choosing it again would deselect it).
      if ((await activeTarget(page)) !== id)
        await page.locator(`#marker-list [data-target="${id}"] .target-main`).click()
      await page.locator(`#prompt[data-target="${id}"]`).waitFor()
      await clickPixel(page, spec, pixelOf(spec, id))
      await page.locator(`#stage [data-target="${id}"]`).first().waitFor()
    }
    assert.equal(await page.locator('#marker-count').innerText(), `16 / ${VIEWS.anterior.length}`)

    await page.locator('#results[data-state="partial"]').waitFor()
    const partial: Record<string, number> = {}
    for (const name of ['pelvis_angle', 'q_angle_right', 'q_angle_left', 'shoulder_angle', 'dist_ombligo']) {
      const value = await page.locator(`#metrics-table tr[data-metric="${name}"]`).getAttribute('data-value')
      assert.ok(value !== null, `${name} is shown while the tragus waits`)
      partial[name] = Number(value)
      assert.equal(await page.locator(`#stage .figures .figure[data-metric="${name}"]`).count(), 1, `${name} drawn`)
    }
    const head = page.locator('#metrics-table tr[data-metric="head_angle"]')
    assert.equal(await head.getAttribute('data-value'), null)
    assert.equal(await head.getAttribute('data-waiting'), LEFT_OUT)
    const label = VIEWS.anterior.find((m) => m.name === LEFT_OUT)!.label
    assert.equal((await head.locator('.waiting').innerText()).trim(), `Waits for: ${label}.`)
    assert.match(await page.locator('#results-status').innerText(), /^Partial results: 12 metrics/)
    assert.ok(
      !requests.some((u) => u.includes('/api/analyze/')),
      'no request with a missing marker goes to the service',
    )
    await page.screenshot({ path: `${OUTPUT}partial-results.png` })

    // In Spanish, what the head angle waits for is said in Spanish.
    await page.locator('#language').selectOption('es')
    await page.locator('html[lang="es"]').waitFor()
    assert.match(await head.locator('.waiting').innerText(), /^Falta: /)
    await page.locator('#language').selectOption('en')
    await page.locator('html[lang="en"]').waitFor()

    // The left tragus placed: the service answers, with the same numbers.
    // The app asks for it: it is the one still to place.
    await page.locator(`#prompt[data-target="${LEFT_OUT}"]`).waitFor()
    await clickPixel(page, spec, pixelOf(spec, LEFT_OUT))
    const full = await shownResults(page)
    assert.ok(requests.some((u) => u.endsWith('/api/analyze/anterior')))
    assert.equal(typeof full.head_angle, 'number')
    // The same functions, run by Chromium's engine and by Node's: equal to the last bits or so (Math.atan2 may differ by an ulp).
    for (const [name, value] of Object.entries(partial))
      assert.ok(
        Math.abs(full[name]! - value) <= 1e-9 * Math.max(1, Math.abs(value)),
        `${name}: ${value} vs the service's ${full[name]}`,
      )
    assert.deepEqual(errors, [])
    await page.context().close()
  })
})
