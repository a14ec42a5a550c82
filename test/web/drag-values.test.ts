/**
 * A marker's drag and its values (issue 27, docs/offline.md "Which path computes the metrics
 * when"), in Chromium against the real service: the values for the marker's new place are in
 * the page in the same change as the drag's end, computed on the device and marked as being
 * confirmed, with the ± u of the new markers; then the service's answer confirms the same
 * values and the same u, and the page says so.
 */
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { type Harness, openApp, startHarness } from '../support/browser.js'
import { figureAssessmentFile } from './fixtures/figure-assessment.js'

let h: Harness

before(async () => {
  h = await startHarness()
})

after(async () => {
  await h?.close()
})

interface Shown {
  readonly state: string
  readonly value: string
  readonly u: string
  readonly computedOn: string
  readonly confirming: string
  readonly status: string
}

/** The head angle's row and where its values come from, as the page shows them now. */
const SHOWN = `(() => {
  const row = document.querySelector('#metrics-table tr[data-metric="head_angle"]')
  const results = document.querySelector('#results')
  return {
    state: results.dataset.state ?? '',
    value: row?.dataset.value ?? '',
    u: row?.querySelector('td.u')?.dataset.u ?? '',
    computedOn: results.dataset.computedOn ?? '',
    confirming: results.dataset.confirming ?? '',
    status: document.querySelector('#results-status').textContent,
  }
})()`

test("a drag's end shows the device's values with their ± u at once, then the service confirms the same", async () => {
  const { page, errors } = await openApp(h, { viewport: { width: 1024, height: 768 } })
  try {
    await page.locator('#session-input').setInputFiles({
      name: 'visit.json',
      mimeType: 'application/json',
      buffer: figureAssessmentFile(['anterior'], '2026-04-14'),
    })
    await page.locator('#tab-anterior').click()
    await page
      .locator('#photo-input')
      .setInputFiles({ name: 'anterior.png', mimeType: 'image/png', buffer: h.photos.anterior })
    await page.locator('#results[data-state="ready"][data-computed-on="service"][data-confirming="false"]').waitFor()
    const earlier = (await page.evaluate(SHOWN)) as Shown
    assert.notEqual(earlier.value, '')

    // The stage may be between two renders (its markers drawn anew): asked again after the next frames.
    const handle = page.locator('#stage .markers [data-target="tragus_izq"] .ring')
    let box = null
    for (let frame = 0; box === null && frame < 120; frame++) {
      await handle.waitFor()
      box = await handle.boundingBox()
      if (box === null) await page.evaluate('new Promise((resolve) => requestAnimationFrame(resolve))')
    }
    assert.ok(box, 'the left tragus is on screen')
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2]
    await page.mouse.move(x, y)
    await page.mouse.down()
    await page.mouse.move(x + 1, y + 8, { steps: 3 })
    await page.mouse.move(x + 2, y + 16, { steps: 3 })
    // What the page shows when it first has values again, for the marker's new place (while dragging it has none).
    // Installed without waiting for it (an evaluate that returned the promise would wait on it).
    await page.evaluate(`(() => {
      window.__firstShown = new Promise((resolve) => {
        const observer = new MutationObserver(() => {
          const shown = ${SHOWN}
          if (shown.state !== 'ready' || shown.value === ${JSON.stringify(earlier.value)}) return
          observer.disconnect()
          resolve(shown)
        })
        observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true })
      })
    })()`)
    await page.mouse.up()
    const first = (await page.evaluate('window.__firstShown')) as Shown
    assert.equal(first.computedOn, 'device', JSON.stringify(first))
    assert.equal(first.confirming, 'true')
    assert.match(first.status, /Computed on this device, with the same calculation as the service; the service is/)
    assert.notEqual(first.u, '', 'the ± u is shown with the value')
    assert.notEqual(first.u, earlier.u, 'the ± u of the new markers, not the old ones')

    await page.locator('#results[data-state="ready"][data-computed-on="service"][data-confirming="false"]').waitFor()
    const confirmed = (await page.evaluate(SHOWN)) as Shown
    assert.ok(Math.abs(Number(confirmed.value) - Number(first.value)) <= 1e-12, 'the service gave the same value')
    assert.equal(confirmed.u, first.u, 'the same markers, the same ± u')
    assert.match(confirmed.status, /^Computed by the service\./)
    assert.deepEqual(errors, [])
  } finally {
    await page.context().close()
  }
})
