/**
 * An edit is durable when its gesture ends (issue 38, item 11; docs/record.md, "A reload,
 * a closed tab"): in a real Chromium on a persistent profile, a visit in the record has
 * its navel dragged down, and the page goes right after the release, before the
 * autosave's moment: reloaded, or closed and the app opened in a new tab of the same
 * browser. After it, the marker is where the drag left it, on screen and in the visit
 * stored in IndexedDB. Before the fix the marker was back where it was, on screen and
 * stored, and nothing said so: the `pagehide` save started an IndexedDB write that never
 * landed.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Page } from 'playwright-core'
import type { Harness } from '../support/browser.js'
import { markersOnScreen, RecordBrowsers, savedToRecord, storedMarkers, visitFromCard } from '../support/record.js'

let h: Harness
/** A browser of its own for each test (a fresh profile), in Spanish. */
const browsers = new RecordBrowsers({ locale: 'es-ES' })

before(async () => {
  h = await browsers.start()
})

after(() => browsers.close())

const PATIENT = 'PAC-0038'

/** How far a stored place may be from the tooltip's, which shows one decimal. */
const SHOWN_PRECISION = 0.051

/** The navel's place as its tooltip says it, in image pixels: [x, y]. */
async function navelShown(page: Page): Promise<[number, number]> {
  const line = (await markersOnScreen(page)).find((m) => m.startsWith('ombligo '))
  assert.ok(line, 'the navel is on screen')
  // In Spanish: "Ombligo (304; 458,1)", one decimal with a comma.
  const match = /\((-?[\d.,]+); (-?[\d.,]+)\)$/.exec(line)
  assert.ok(match, `the navel's tooltip gives its place: ${line}`)
  return [Number(match[1]!.replace(',', '.')), Number(match[2]!.replace(',', '.'))]
}

/** The navel of the patient's one visit as stored in IndexedDB. */
async function navelStored(page: Page): Promise<[number, number]> {
  const visits = [...(await storedMarkers(page, PATIENT)).values()]
  assert.equal(visits.length, 1, 'one visit of the patient')
  const navel = visits[0]!.ombligo
  assert.ok(navel, 'the stored visit has the navel')
  return navel
}

/**
 * Presses on the navel and moves it about 15 screen pixels down, leaving the button
 * down; returns where its tooltip then says it is (where the release leaves it).
 */
async function dragNavelDown(page: Page): Promise<[number, number]> {
  // The stage may be between two renders (its markers drawn anew): asked again after the next frames.
  const handle = page.locator('#stage .markers [data-target="ombligo"] .ring')
  let box = null
  for (let frame = 0; box === null && frame < 120; frame++) {
    await handle.waitFor()
    box = await handle.boundingBox()
    if (box === null) await page.evaluate('new Promise((resolve) => requestAnimationFrame(resolve))')
  }
  assert.ok(box, 'the navel is drawn')
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2]
  await page.mouse.move(x, y)
  await page.mouse.down()
  await page.mouse.move(x, y + 8, { steps: 3 })
  await page.mouse.move(x, y + 15, { steps: 3 })
  return navelShown(page)
}

/** A visit of PATIENT in the record, marked whole, answered and saved; returns the navel's place as stored. */
async function savedVisit(page: Page): Promise<[number, number]> {
  await visitFromCard(page, h, PATIENT)
  const stored = await navelStored(page)
  const shown = await navelShown(page)
  assert.ok(
    Math.abs(shown[0] - stored[0]) <= SHOWN_PRECISION && Math.abs(shown[1] - stored[1]) <= SHOWN_PRECISION,
    `the tooltip shows the stored place: ${shown} vs ${stored}`,
  )
  return stored
}

/** After the page came back: the navel where the drag left it, on screen and stored, and no error. */
async function assertKept(page: Page, dragged: [number, number], before: [number, number]): Promise<void> {
  await page.locator('#stage g.marker[data-target="ombligo"]').waitFor()
  await savedToRecord(page)
  assert.deepEqual(await navelShown(page), dragged, 'on screen, the navel where the drag left it')
  const stored = await navelStored(page)
  assert.ok(
    Math.abs(stored[0] - dragged[0]) <= SHOWN_PRECISION && Math.abs(stored[1] - dragged[1]) <= SHOWN_PRECISION,
    `in IndexedDB, the navel where the drag left it: ${stored} (dragged to ${dragged}, was ${before})`,
  )
  // Once written, the journal of the change (localStorage) is gone: it can never be brought back over later work.
  const journals = (await page.evaluate('Object.keys(localStorage)')) as string[]
  assert.deepEqual(
    journals.filter((k) => k.startsWith('posture-metrics.journal.')),
    [],
    'no journal left once the change is written',
  )
}

describe('a drag is kept when the page goes right after its release', () => {
  test('reloaded at once after the release: the marker where the drag left it, on screen and in IndexedDB', async () => {
    const { page, errors } = await browsers.create().launch()
    const before = await savedVisit(page)
    const dragged = await dragNavelDown(page)
    assert.ok(dragged[1] > before[1] + 5, `the drag moved the navel down: ${before} -> ${dragged}`)
    await page.mouse.up()
    await page.reload()
    await page.locator('#record-status').waitFor({ state: 'attached' })
    await assertKept(page, dragged, before)
    assert.deepEqual(errors, [])
  })

  test('the tab closed at once after the release, the app opened in a new tab: the marker where the drag left it', async () => {
    const browser = browsers.create()
    const { page, errors, context } = await browser.launch()
    const before = await savedVisit(page)
    const dragged = await dragNavelDown(page)
    assert.ok(dragged[1] > before[1] + 5, `the drag moved the navel down: ${before} -> ${dragged}`)
    const closed = new Promise<void>((resolve) => page.once('close', () => resolve()))
    await page.mouse.up()
    await page.close({ runBeforeUnload: true })
    await closed
    assert.deepEqual(errors, [])
    // A new tab of the same browser takes over the closed tab's work.
    const next = await browser.newTab(context)
    await assertKept(next.page, dragged, before)
    assert.deepEqual(next.errors, [])
  })
})
