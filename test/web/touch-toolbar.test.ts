/**
 * The tablet's toolbar and the touch wording (issue 38, docs/app.md "Sizes"), in headless
 * Chromium against the real service and pose model: on a tablet in portrait (820 x 1180,
 * touch) in Spanish, the toolbar stays one row when the model's suggestions bring
 * "Confirmar N sugerencias…" (the button goes behind "Más" when the row has no room for
 * it, and works from there), and the button is gone, not left disabled, once no sure
 * suggestion is left to confirm. On a touch screen the prompt and the photo's label say
 * "Toque" (Spanish) and "Tap" (English), never "Haga clic" or "Click"; with a mouse
 * they still say click.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Page } from 'playwright-core'
import { type Harness, loadPhoto, OUTPUT, openApp, startHarness } from '../support/browser.js'
import { type SuggestionPhoto, suggestionPhotos } from './fixtures/photos.js'

/** The pose model loads in a few seconds on a loaded 2-core machine; leave room. */
const MODEL_WAIT_MS = 120_000

let h: Harness
let photo: SuggestionPhoto

before(async () => {
  h = await startHarness()
  // The back photo: the model is sure of some markers and unsure of others.
  photo = (await suggestionPhotos(h.browser)).posterior
})

after(async () => {
  await h?.close()
})

/**
 * The toolbar's rows: the distinct tops of the controls laid out in it (the closed menu's
 * items are not), with the controls on each.
 */
async function toolbarRows(page: Page): Promise<string[]> {
  return (await page.evaluate(`(() => {
    const toolbar = document.getElementById('toolbar')
    const menu = document.getElementById('toolbar-more')
    const rows = new Map()
    for (const el of toolbar.querySelectorAll('*')) {
      if (menu.contains(el) && !menu.classList.contains('open')) continue
      if (el.parentElement !== toolbar && el.parentElement.id !== 'toolbar-slot') continue
      const r = el.getBoundingClientRect()
      if (el.getClientRects().length === 0 || r.width <= 1 || r.height <= 1 || el === menu) continue
      const top = Math.round(r.top)
      const row = [...rows.keys()].find((t) => Math.abs(t - top) <= 2) ?? top
      rows.set(row, [...(rows.get(row) ?? []), el.id || el.tagName.toLowerCase()])
    }
    return [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([top, ids]) => top + ': ' + ids.join(' '))
  })()`)) as string[]
}

/** The text a person reads of the prompt and the photo's label. */
async function promptWords(page: Page): Promise<string> {
  return (await page.evaluate(
    `document.getElementById('prompt').innerText + '\\n' + document.getElementById('stage').getAttribute('aria-label') + '\\n' + document.querySelector('#markers-title + .card-note').innerText`,
  )) as string
}

describe('the tablet toolbar and the touch wording', () => {
  test('tablet 820x1180, touch, Spanish: one toolbar row with suggestions; "Toque", and "Tap" in English', async () => {
    const { page, errors } = await openApp(h, {
      viewport: { width: 820, height: 1180 },
      hasTouch: true,
      locale: 'es-ES',
    })
    await page.locator(`#view-tabs button[data-view="${photo.view}"]`).tap()
    await page
      .locator('#photo-input')
      .setInputFiles({ name: photo.name, mimeType: photo.mimeType, buffer: photo.buffer })
    await page.locator('.stage.has-photo image.photo').waitFor()
    assert.equal(await page.evaluate("matchMedia('(pointer: coarse)').matches"), true, 'the screen is a touch screen')

    // Touch wording: the prompt (the first scale point), the photo's label, the markers' note.
    let words = await promptWords(page)
    assert.match(words, /Toque/)
    assert.doesNotMatch(words, /[Hh]aga clic|\bclic\b/)

    assert.deepEqual(await toolbarRows(page), [(await toolbarRows(page))[0]], 'one toolbar row before suggestions')
    await page.locator('#suggest-markers').tap()
    await page.locator('#suggest-markers[data-completed="1"][data-busy="false"]').waitFor({ timeout: MODEL_WAIT_MS })
    const confirm = page.locator('#confirm-suggestions')
    await page.locator('#confirm-suggestions:not([hidden])').waitFor({ state: 'attached' })
    const sure = Number(await confirm.getAttribute('data-sure'))
    const toCheck = Number(await confirm.getAttribute('data-to-check'))
    assert.ok(sure > 0 && toCheck > 0, `some sure, some to check: ${sure} sure, ${toCheck} to check`)
    await page.screenshot({ path: `${OUTPUT}touch-toolbar-tablet.png` })
    const rows = await toolbarRows(page)
    assert.equal(rows.length, 1, `the toolbar is one row with "Confirmar ${sure} sugerencias": ${rows.join(' | ')}`)

    // Confirmed where it is: in the toolbar, or behind "Más" when the row has no room for it.
    if (!(await confirm.isVisible())) {
      await page.locator('#toolbar-more-button').tap()
      await page.locator('#toolbar-more.open #confirm-suggestions').waitFor()
    }
    assert.match(await confirm.innerText(), new RegExp(`^Confirmar ${sure} sugerencias`))
    await confirm.tap()
    await page.locator('#stage g.marker.suggested').nth(toCheck).waitFor({ state: 'detached' })
    // Only suggestions to check one by one are left: no "Confirmar 0 sugerencias", disabled, anywhere.
    await page.locator('#confirm-suggestions[data-sure="0"]').waitFor({ state: 'attached' })
    assert.equal(await confirm.isVisible(), false, 'a "Confirmar 0 sugerencias" is not shown')
    const more = page.locator('#toolbar-more-button')
    if ((await more.getAttribute('aria-expanded')) !== 'true') await more.tap()
    await page.locator('#toolbar-more.open').waitFor()
    assert.equal(await confirm.isVisible(), false, 'nor in the menu')
    assert.equal((await toolbarRows(page)).length, 1)

    // English, from the menu: "Tap", never "Click".
    await page.locator('#language').selectOption('en')
    await page.locator('html[lang="en"]').waitFor({ state: 'attached' })
    words = await promptWords(page)
    assert.match(words, /\bTap\b/)
    assert.doesNotMatch(words, /\b[Cc]lick/)
    assert.deepEqual(errors, [])
    await page.context().close()
  })

  test('desktop 1440x900 with a mouse: the prompt still says "Haga clic"', async () => {
    const { page, errors } = await openApp(h, { viewport: { width: 1440, height: 900 }, locale: 'es-ES' })
    await loadPhoto(page, h, 'anterior')
    assert.equal(await page.evaluate("matchMedia('(pointer: coarse)').matches"), false)
    const words = await promptWords(page)
    assert.match(words, /Haga clic/)
    assert.doesNotMatch(words, /Toque/)
    assert.deepEqual(errors, [])
    await page.context().close()
  })
})
