/**
 * The record with several tabs of one browser (issue 26), in a real Chromium on a
 * persistent profile, in Spanish: two tabs on one visit never overwrite each other
 * (the stale tab's work is kept as a visit of its own; a tab whose visit changed
 * elsewhere says so and shows the newest version on request), and work in no
 * patient's record left in a closed tab comes back in a new tab, the other closed
 * tabs' work listed in the Patients dialog to open or discard. Each test names what
 * the app did before the fix: both failed on it.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { type Harness, loadPhoto, OUTPUT, placeNext, startHarness } from '../support/browser.js'
import {
  analysedAndSaved,
  clickAndAnswer,
  markersOnScreen,
  markWholeView,
  nudgeMarker,
  openRecord,
  PersistentBrowser,
  patientLines,
  readRecord,
  savedToRecord,
  tabIdOf,
  visitsOf,
} from '../support/record.js'
import { FIGURES } from './fixtures/figure.js'

let h: Harness
const browsers: PersistentBrowser[] = []

before(async () => {
  h = await startHarness()
})

after(async () => {
  for (const b of browsers) await b.close()
  await h?.close()
})

function spanishBrowser(): PersistentBrowser {
  const browser = PersistentBrowser.create(h, { locale: 'es-ES' })
  browsers.push(browser)
  return browser
}

type Markers = Record<string, [number, number]>
type StoredVisit = { id: string; rev: number; file: { views: { anterior: { markers: Markers } } } }

/** The anterior markers of every stored visit of a patient, by visit id. */
async function storedMarkers(page: Parameters<typeof readRecord>[0], patient: string): Promise<Map<string, Markers>> {
  const visits = visitsOf(await readRecord(page), patient) as unknown as StoredVisit[]
  return new Map(visits.map((v) => [v.id, v.file.views.anterior.markers]))
}

const RIGHT = 'punto_acromion_der'
const LEFT = 'punto_acromion_izq'

describe('several tabs of one browser', () => {
  test('two tabs on one visit: a change elsewhere is shown and reloaded on request; a stale tab’s edit is kept as a visit of its own; after a restart both edits are there', async () => {
    // Before the fix: the last save won. Tab A moved an acromion, tab B (holding the visit as it
    // was before) moved the other one and saved over A's version: after a restart A's edit was gone,
    // and neither tab said anything.
    const browser = spanishBrowser()
    let { context, page: a, errors: errorsA } = await browser.launch()
    const field = a.locator('#patient-id')
    await field.fill('HC-0900')
    await field.press('Tab')
    await markWholeView(a, h, 'anterior')
    await a.locator('#record-status[data-saved="true"]').waitFor()
    await analysedAndSaved(a)
    const [original] = (await readRecord(a)).visits as unknown as StoredVisit[]
    assert.ok(original)
    const start = original.file.views.anterior.markers

    // Tab B opens the same visit; opening writes nothing.
    const { page: b, errors: errorsB } = await browser.newTab(context)
    await openRecord(b)
    await b.locator('#record-patients li[data-patient="HC-0900"] button').click()
    await b.locator(`#record-visits li[data-visit="${original.id}"] button.open`).click()
    await b.locator('#record-dialog').waitFor({ state: 'hidden' })
    await analysedAndSaved(b)
    assert.deepEqual(await markersOnScreen(b), await markersOnScreen(a), 'the same visit in both tabs')
    const opened = (await readRecord(b)).visits as unknown as StoredVisit[]
    assert.equal(opened.length, 1)
    assert.equal(opened[0]!.rev, original.rev, 'opening the visit in tab B wrote nothing')
    assert.ok(await a.locator('#record-elsewhere').isHidden(), 'tab A is told of no change')

    // A moves the right acromion: B, with nothing unsaved, says the visit changed and shows the newest on request.
    await nudgeMarker(a, RIGHT, 'Shift+ArrowRight')
    await analysedAndSaved(a)
    let stored = await storedMarkers(a, 'HC-0900')
    assert.deepEqual(stored.get(original.id)![RIGHT], [start[RIGHT]![0] + 10, start[RIGHT]![1]])
    const elsewhere = b.locator('#record-elsewhere[data-state="changed"]')
    await elsewhere.waitFor()
    assert.match(await elsewhere.innerText(), /Esta visita se ha modificado en otra ventana o pestaña/)
    assert.notDeepEqual(await markersOnScreen(b), await markersOnScreen(a), 'B still shows what it read')
    await b.locator('#record-elsewhere-reload').click()
    await elsewhere.waitFor({ state: 'hidden' })
    assert.deepEqual(await markersOnScreen(b), await markersOnScreen(a), "B shows A's version")
    await analysedAndSaved(b)

    // A moves it again; B, holding the version before that, moves the left acromion: nothing is overwritten.
    await nudgeMarker(a, RIGHT, 'Shift+ArrowRight')
    await analysedAndSaved(a)
    await elsewhere.waitFor()
    await nudgeMarker(b, LEFT, 'Shift+ArrowDown')
    await b
      .locator('#toast.show')
      .filter({ hasText: 'No se ha sobrescrito nada: sus cambios de aquí se conservan como otra visita de HC-0900' })
      .waitFor()
    await analysedAndSaved(b)
    await analysedAndSaved(a)
    await b.screenshot({ path: `${OUTPUT}record-tabs-kept-as-copy.png` })
    assert.ok(await b.locator('#record-elsewhere').isHidden(), 'B now shows its own copy')
    stored = await storedMarkers(a, 'HC-0900')
    assert.equal(stored.size, 2, "A's visit and B's copy")
    const copyId = [...stored.keys()].find((id) => id !== original.id)!
    const expectedA = { ...start, [RIGHT]: [start[RIGHT]![0] + 20, start[RIGHT]![1]] }
    const expectedB = {
      ...start,
      [RIGHT]: [start[RIGHT]![0] + 10, start[RIGHT]![1]],
      [LEFT]: [start[LEFT]![0], start[LEFT]![1] + 10],
    }
    assert.deepEqual(stored.get(original.id), expectedA, "A's version under the original visit")
    assert.deepEqual(stored.get(copyId), expectedB, "B's version as a visit of its own")
    const screenA = await markersOnScreen(a)
    const screenB = await markersOnScreen(b)
    assert.deepEqual([errorsA, errorsB], [[], []])

    // Close the browser, open it again: both edits are in the record.
    await context.close()
    ;({ context, page: a, errors: errorsA } = await browser.launch())
    assert.deepEqual(await storedMarkers(a, 'HC-0900'), stored)
    assert.match((await patientLines(a))['HC-0900']!, /2 visitas/)
    for (const [id, screen] of [
      [original.id, screenA],
      [copyId, screenB],
    ] as const) {
      await openRecord(a)
      await a.locator('#record-patients li[data-patient="HC-0900"] button').click()
      await a.locator(`#record-visits li[data-visit="${id}"] button.open`).click()
      await a.locator('#record-dialog').waitFor({ state: 'hidden' })
      await a.locator('.stage.has-photo image.photo').waitFor()
      assert.deepEqual(await markersOnScreen(a), screen, `visit ${id === copyId ? 'of B' : 'of A'} as it was shown`)
    }
    assert.deepEqual(errorsA, [])
    await context.close()
  })

  test('work in no record left in a closed tab comes back in a new tab; other closed tabs’ work is listed to open or discard', async () => {
    // Before the fix: every tab wrote one shared workspace. A second tab opened while the first
    // was still open showed the first one's work, and when two tabs held unsaved work the last to
    // save replaced the other's: it was lost, and nothing listed it.
    const browser = spanishBrowser()
    const { context, page: first } = await browser.launch()
    await loadPhoto(first, h, 'anterior')
    await placeNext(first, FIGURES.anterior, 8)
    await savedToRecord(first)
    const work = await markersOnScreen(first)
    await first.close()

    // A new tab takes over the closed tab's work.
    const { page: c, errors: errorsC } = await browser.newTab(context)
    await c.locator('.stage.has-photo image.photo').waitFor()
    assert.deepEqual(await markersOnScreen(c), work, "the closed tab's photo and markers")
    assert.equal(await c.locator('#patient-id').inputValue(), '')
    assert.equal(await c.locator('#record-status').getAttribute('data-saved'), 'false')
    // C goes on with it (a sixth marker).
    await placeNext(c, FIGURES.anterior, 1)
    await savedToRecord(c)
    const cWork = await markersOnScreen(c)
    const cTab = await tabIdOf(c)

    // Tabs opened while C is open do not take C's work: they start empty. F: a posterior photo only;
    // D, the last to save: the lateral view marked in part.
    const { page: f, errors: errorsF } = await browser.newTab(context)
    const { page: d, errors: errorsD } = await browser.newTab(context)
    for (const fresh of [f, d]) {
      await savedToRecord(fresh)
      assert.equal(await fresh.locator('.stage.has-photo').count(), 0, "C's work stays C's")
    }
    await f.locator('#view-tabs button[data-view="posterior"]').click()
    await loadPhoto(f, h, 'posterior')
    await savedToRecord(f)
    const fTab = await tabIdOf(f)
    await d.locator('#view-tabs button[data-view="lateral"]').click()
    await loadPhoto(d, h, 'lateral')
    await placeNext(d, FIGURES.lateral, 5)
    await savedToRecord(d)
    const dWork = await markersOnScreen(d)
    assert.deepEqual([errorsC, errorsD, errorsF], [[], [], []])
    await d.close()
    await c.close()
    await f.close()

    // A new tab takes over the work saved last in a closed tab (D's); C's and F's are listed in the Patients dialog.
    const { page: e, errors: errorsE } = await browser.newTab(context)
    await e.locator('.stage.has-photo image.photo').waitFor()
    assert.equal(await e.locator('#view-tabs button[aria-selected="true"]').getAttribute('data-view'), 'lateral')
    assert.deepEqual(await markersOnScreen(e), dWork, "D's lateral work")
    await openRecord(e)
    const unfiled = e.locator('#record-unfiled')
    await unfiled.waitFor()
    assert.match(await e.locator('.record-unfiled-work h3').innerText(), /Trabajo sin guardar de ventanas cerradas/)
    assert.deepEqual(
      (await unfiled.locator('li').evaluateAll((items) => items.map((li) => li.getAttribute('data-tab')))).sort(),
      [cTab, fTab].sort(),
    )
    const itemC = unfiled.locator(`li[data-tab="${cTab}"]`)
    const itemF = unfiled.locator(`li[data-tab="${fTab}"]`)
    assert.match(await itemC.innerText(), /Anterior/)
    assert.match(await itemF.innerText(), /Posterior/)
    await e.screenshot({ path: `${OUTPUT}record-tabs-unfiled.png` })

    // Descartar asks; Cancelar keeps it listed and stored; confirmed, F's work is gone.
    const discardF = `#record-unfiled li[data-tab="${fTab}"] button.danger`
    await clickAndAnswer(e, discardF, 'discard-unfiled', 'no')
    assert.equal(await itemF.count(), 1)
    assert.ok(
      (await readRecord(e)).workspaces.some((w) => w.tab === fTab),
      "Cancelar: F's work still stored",
    )
    await clickAndAnswer(e, discardF, 'discard-unfiled', 'yes')
    await itemF.waitFor({ state: 'detached' })
    assert.ok(!(await readRecord(e)).workspaces.some((w) => w.tab === fTab), "F's work discarded")

    // Abrir with E's own work in no record asks first; Cancelar keeps E's work.
    await clickAndAnswer(e, `#record-unfiled li[data-tab="${cTab}"] button.open`, 'discard-unfiled', 'no')
    await e.locator('#record-dialog').waitFor({ state: 'hidden' })
    assert.deepEqual(await markersOnScreen(e), dWork, "E still shows D's work")
    // E files its work under a patient; then C's opens without a question.
    await e.locator('#patient-id').fill('HC-0600')
    await e.locator('#patient-id').press('Enter')
    await e.locator('#record-status[data-saved="true"]').waitFor()
    await savedToRecord(e)
    await openRecord(e)
    await e.locator(`#record-unfiled li[data-tab="${cTab}"] button.open`).click()
    await e.locator('#record-dialog').waitFor({ state: 'hidden' })
    await e.locator('#view-tabs button[data-view="anterior"][aria-selected="true"]').waitFor()
    assert.deepEqual(await markersOnScreen(e), cWork, "C's photo and six markers")
    assert.equal(await e.locator('#patient-id').inputValue(), '')
    await savedToRecord(e)
    const record = await readRecord(e)
    assert.deepEqual(
      record.workspaces.map((w) => w.tab),
      [await tabIdOf(e)],
      "C's work is E's now; no other workspace left",
    )
    assert.equal(visitsOf(record, 'HC-0600').length, 1, "D's work is a visit of HC-0600")
    await openRecord(e)
    assert.equal(await e.locator('#record-unfiled').count(), 0, 'nothing left to list')
    assert.deepEqual(errorsE, [])
  })
})
