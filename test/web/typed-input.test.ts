/**
 * Input on its way to the state (issue 38): in real Chromium, in Spanish, a marker's
 * coordinates typed in the marker list arrive whole. For a marker not placed, x, then Tab
 * (1440 x 900) or a tap on y (820 x 1180, touch), then y: the focus is on y after x, and
 * the marker is stored at exactly (x, y). Digits typed right after choosing a marker stay
 * in their order while the list is brought up to date under them (the service's answer
 * arriving between two keystrokes). And the Patients dialog keeps the focus: on its search
 * field when it opens, on "Nueva visita" after "Añadir paciente", never on the page.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { BrowserContextOptions, Page, Route } from 'playwright-core'
import { type Harness, loadPhoto, openApp, placeGuided, shownResults, startHarness } from '../support/browser.js'
import { FIGURES } from './fixtures/figure.js'

let h: Harness

before(async () => {
  h = await startHarness()
})

after(async () => {
  await h?.close()
})

const DESKTOP: BrowserContextOptions = { locale: 'es-ES', viewport: { width: 1440, height: 900 } }
const TABLET: BrowserContextOptions = {
  locale: 'es-ES',
  viewport: { width: 820, height: 1180 },
  hasTouch: true,
  isMobile: false,
}

/** The id of the focused element ('' for the page itself). */
function focusedId(page: Page): Promise<string> {
  return page.evaluate<string>("document.activeElement?.id ?? ''")
}

/** The markers of the anterior view as the app saves them (the assessment file, "Guardar evaluación"). */
async function savedMarkers(page: Page): Promise<Record<string, [number, number]>> {
  // The button is behind "Más" on a tablet: its click is dispatched, the menu left closed.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('#save-session').dispatchEvent('click'),
  ])
  const chunks: Buffer[] = []
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer)
  const file = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
    views: Record<string, { markers: Record<string, [number, number]> }>
  }
  return file.views.anterior!.markers
}

const row = (id: string) => `#marker-list li[data-target="${id}"]`

describe('typed coordinates of a marker not placed', () => {
  const spec = FIGURES.anterior
  const cases = [
    { name: '1440 x 900, Tab from x to y', options: DESKTOP, touch: false, marker: 'tragus_der' },
    { name: '820 x 1180 (touch), a tap on y', options: TABLET, touch: true, marker: 'tragus_izq' },
  ]
  for (const c of cases) {
    test(`${c.name}: the focus stays on y and the marker is stored at exactly (x, y)`, async () => {
      const { page, errors } = await openApp(h, c.options)
      await loadPhoto(page, h, 'anterior')
      const [x, y] = spec.markers[c.marker]!
      await page.locator(`${row(c.marker)} .target-main`).click()
      const xField = page.locator(`${row(c.marker)} #coord-x`)
      const yField = page.locator(`${row(c.marker)} #coord-y`)
      if (c.touch) await xField.tap()
      else await xField.click()
      await page.keyboard.type(String(x))
      if (c.touch) await yField.tap()
      else await page.keyboard.press('Tab')
      assert.equal(await focusedId(page), 'coord-y', 'the focus is on y after x')
      assert.equal(await xField.inputValue(), String(x), 'x is kept as typed')
      await page.keyboard.type(String(y))
      await page.keyboard.press('Enter')
      await page.locator(`${row(c.marker)}.placed`).waitFor()
      assert.equal(await focusedId(page), 'coord-y', 'the focus stays on y once the marker is placed')
      assert.deepEqual((await savedMarkers(page))[c.marker], [x, y])
      assert.deepEqual(errors, [])
      await page.context().close()
    })
  }
})

test('digits typed right after choosing a marker keep their order while the list is brought up to date', async () => {
  const spec = FIGURES.anterior
  const { page, errors } = await openApp(h, DESKTOP)
  await loadPhoto(page, h, 'anterior')
  await placeGuided(page, spec)
  await page.locator('#prompt-grid-cm').fill('40')
  await page.locator('#prompt-grid-cm').press('Enter')
  await shownResults(page)
  await page.locator('#results[data-computed-on="service"]').waitFor({ state: 'attached' })
  // The service's answers are held from here: one is let go between two keystrokes.
  const held: Route[] = []
  let heard: () => void = () => {}
  const asked = new Promise<void>((resolve) => {
    heard = resolve
  })
  let holding = true
  await page.route('**/api/analyze/**', (route) => {
    if (!holding) return route.continue()
    held.push(route)
    heard()
  })
  // A change of the right tragus asks the service; its answer is held.
  await page.locator(`${row('tragus_der')} .target-main`).click()
  await page.locator('#coord-x').fill(String(spec.markers.tragus_der![0] + 3))
  await page.locator('#coord-x').press('Enter')
  await asked
  await page.locator('#results[data-confirming="true"]').waitFor({ state: 'attached' })
  // Choose the left tragus and type its new x; the answer arrives after the first digit.
  await page.locator(`${row('tragus_izq')} .target-main`).click()
  const xField = page.locator(`${row('tragus_izq')} #coord-x`)
  await xField.click()
  await page.keyboard.press('Control+a')
  await page.keyboard.type('1')
  holding = false
  for (const route of held) await route.continue()
  await page.locator('#results[data-confirming="false"]').waitFor({ state: 'attached' })
  await page.keyboard.type('51')
  assert.equal(await xField.inputValue(), '151', 'the digits in the order typed')
  assert.equal(await focusedId(page), 'coord-x')
  await page.keyboard.press('Enter')
  await page
    .locator(`${row('tragus_izq')} .target-pos`)
    .filter({ hasText: '151' })
    .waitFor()
  assert.deepEqual((await savedMarkers(page)).tragus_izq, [151, spec.markers.tragus_izq![1]])
  assert.deepEqual(errors, [])
  await page.context().close()
})

test('"Añadir paciente" leaves the focus in the Patients dialog, on "Nueva visita"', async () => {
  const { page, errors } = await openApp(h, DESKTOP)
  await page.locator('#record-button').click()
  await page.locator('#record-dialog[open] #record-search').waitFor()
  assert.equal(await focusedId(page), 'record-search', 'the dialog opens on its search field')
  await page.locator('#record-new-id').fill('PAC-FOCO')
  await page.locator('#record-add').click()
  await page.locator('#record-new-visit').waitFor()
  assert.equal(
    await page.evaluate<boolean>("document.getElementById('record-dialog')?.contains(document.activeElement) ?? false"),
    true,
    `the focus is in the dialog, not on the page (${await focusedId(page)})`,
  )
  assert.equal(await focusedId(page), 'record-new-visit', 'on the next step of the visit')
  // Starting the visit closes the dialog: the focus goes on to the view tabs.
  await page.keyboard.press('Enter')
  await page.locator('#record-dialog').waitFor({ state: 'hidden' })
  assert.equal(await focusedId(page), 'tab-anterior')
  assert.deepEqual(errors, [])
  await page.context().close()
})
