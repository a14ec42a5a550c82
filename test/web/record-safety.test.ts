/**
 * The record never loses, moves or overwrites a patient's work silently (issue 26), in
 * a real Chromium in Spanish, as the clinicians use it. In one tab: "Nueva visita"
 * asks before it discards work that is in no patient's record, and Cancelar keeps it
 * exactly; typing another identifier never moves a visit, only "Pasar a otro
 * paciente…" does, after asking; a visit started by typing the identifier is dated
 * today; the undo of a delete survives a reload. With several tabs of one browser: two
 * tabs on one visit never overwrite each other (the stale tab's work is kept as a
 * visit of its own; a tab whose visit changed elsewhere says so and shows the newest
 * version on request), and work in no patient's record left in a closed tab comes
 * back in a new tab, the other closed tabs' work listed in the Patients dialog to open
 * or discard. Each test names what the app did before the fix, and fails on it.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { type Harness, loadPhoto, OUTPUT, placeNext } from '../support/browser.js'
import {
  analysedAndSaved,
  clickAndAnswer,
  markersOnScreen,
  nudgeMarker,
  openRecord,
  patientLines,
  RecordBrowsers,
  readRecord,
  savedToRecord,
  storedMarkers,
  storedRecord,
  tabIdOf,
  todayIn,
  visitFromCard,
  visitsOf,
} from '../support/record.js'
import { FIGURES } from './fixtures/figure.js'

let h: Harness
/** A browser of its own for each test (a fresh profile), in Spanish. */
const browsers = new RecordBrowsers({ locale: 'es-ES' })

before(async () => {
  h = await browsers.start()
})

after(() => browsers.close())

const CALIBRATION = ['scale-a', 'scale-b', 'lrv']

describe('one tab: the record never discards or moves work silently', () => {
  test('"Nueva visita" with work in no record on screen asks, naming it; Cancelar keeps it exactly; Descartar starts the visit', async () => {
    // Before the fix: "Nueva visita" cleared the screen at once (no question; Ctrl+Z brought nothing back).
    const { page, errors } = await browsers.create().launch()
    await loadPhoto(page, h, 'anterior')
    const placed = await placeNext(page, FIGURES.anterior, 8)
    assert.equal(placed.filter((id) => !CALIBRATION.includes(id)).length, 5, 'five markers besides the calibration')
    await savedToRecord(page)
    const status = page.locator('#record-status')
    assert.equal(await status.getAttribute('data-saved'), 'false', 'no patient: in no record')
    assert.match(await status.innerText(), /Aún no está en el registro/)
    const markers = await markersOnScreen(page)
    assert.equal(markers.length, 7, 'five markers and two scale points on screen')
    const photo = await page.locator('.stage image.photo').getAttribute('href')

    await openRecord(page)
    await page.locator('#record-new-id').fill('HC-0777')
    await page.locator('#record-add').click()
    const newVisit = '.record-patient-visits[data-patient="HC-0777"] #record-new-visit'
    const question = await clickAndAnswer(page, newVisit, 'discard-unfiled', 'no')
    assert.match(question, /¿Descartar el trabajo en pantalla\?/)
    assert.match(question, /no está en el registro de ningún paciente: Anterior \(foto, 5 marcadores\)/)
    assert.match(question, /Cancelar/)

    // Cancelar: the visit is not started, the work on screen is exactly as it was.
    assert.ok(await page.locator('#record-dialog').isVisible(), 'the Patients dialog stays open')
    await page.locator('#record-close').click()
    await page.locator('#record-dialog').waitFor({ state: 'hidden' })
    assert.deepEqual(await markersOnScreen(page), markers, 'every marker where it was')
    assert.equal(await page.locator('.stage image.photo').getAttribute('href'), photo, 'the same photo')
    assert.equal(await page.locator('#patient-id').inputValue(), '')
    assert.equal(await status.getAttribute('data-saved'), 'false')
    await savedToRecord(page)
    const stored = await readRecord(page)
    assert.deepEqual(
      stored.patients.map((p) => p.identifier),
      ['HC-0777'],
    )
    assert.equal(stored.visits.length, 0, 'no visit started')

    // Descartar: the new visit of HC-0777, dated today, on a clean screen.
    await openRecord(page)
    await page.locator('#record-patients li[data-patient="HC-0777"] button').click()
    await clickAndAnswer(page, newVisit, 'discard-unfiled', 'yes')
    await page.locator('#record-dialog').waitFor({ state: 'hidden' })
    await page.locator('#record-status[data-saved="true"]').waitFor()
    assert.equal(await page.locator('.stage.has-photo').count(), 0, 'the photo is gone')
    assert.equal(await page.locator('#stage g.marker').count(), 0, 'the markers are gone')
    assert.equal(await page.locator('#patient-id').inputValue(), 'HC-0777')
    assert.equal(await page.locator('#assessment-date').getAttribute('data-iso'), await todayIn(page))
    assert.match(await status.innerText(), /^Visita de HC-0777, /)
    // The notice says so, with the date in words as everywhere in the app (not 2026-05-01).
    await page
      .locator('#toast.show')
      .filter({ hasText: /^Nueva visita de HC-0777, \d{1,2} de [a-z]+ de \d{4}\.$/ })
      .waitFor()
    assert.deepEqual(errors, [])
  })

  test('typing another identifier never moves a visit; "Pasar a otro paciente…" asks naming both, Cancelar changes nothing, confirmed it moves', async () => {
    // Before the fix: with HC-0042's visit on screen, typing HC-0107 in the identifier field and
    // Tab moved the visit to HC-0107 (HC-0042 lost a visit), with no question and no notice.
    const { page, errors } = await browsers.create().launch()
    const field = page.locator('#patient-id')
    // HC-0042: a visit of 15 January, then today's.
    await visitFromCard(page, h, 'HC-0042', '2026-01-15')
    await openRecord(page)
    await page.locator('#record-patients li[data-patient="HC-0042"] button').click()
    await page.locator('.record-patient-visits[data-patient="HC-0042"] #record-new-visit').click()
    await page.locator('#record-dialog').waitFor({ state: 'hidden' })
    await loadPhoto(page, h, 'anterior')
    await placeNext(page, FIGURES.anterior, 8)
    await savedToRecord(page)
    // HC-0107 is in the record too, with no visits.
    await openRecord(page)
    await page.locator('#record-new-id').fill('HC-0107')
    await page.locator('#record-add').click()
    await page.locator('#record-patients li[data-patient="HC-0107"]').waitFor()
    await page.locator('#record-close').click()
    await savedToRecord(page)
    const before = await storedRecord(page)
    const { visits } = await readRecord(page)
    assert.equal(visits.length, 2)
    const onScreen = visits.find((v) => v.date !== '2026-01-15')!
    const lines = await patientLines(page)
    assert.match(lines['HC-0042']!, /2 visitas/)
    assert.match(lines['HC-0107']!, /0 visitas/)

    // Typing another identifier over it and Tab: nothing moves; the field is read-only.
    await field.click()
    await page.keyboard.press('Control+A')
    await page.keyboard.type('HC-0107')
    await page.keyboard.press('Tab')
    await savedToRecord(page)
    assert.deepEqual(await storedRecord(page), before, 'typing HC-0107: no visit moved')
    assert.equal(await field.inputValue(), 'HC-0042')
    assert.equal(await field.isEditable(), false, 'read-only while the visit is in the record')
    // Even a change the field did not get from the keyboard (a script, an extension) moves nothing.
    await field.evaluate((input) => {
      input.value = 'HC-9999'
      input.dispatchEvent(new Event('change', { bubbles: true }))
    })
    await savedToRecord(page)
    assert.deepEqual(await storedRecord(page), before, 'HC-9999: no visit moved, no patient created')
    assert.deepEqual(await patientLines(page), lines)

    // The explicit action: asks, naming both patients; Cancelar changes nothing.
    await page.locator('#record-move summary').click()
    assert.match(await page.locator('#record-move summary').innerText(), /Pasar a otro paciente…/)
    await page.locator('#record-move-id').fill('HC-0107')
    const question = await clickAndAnswer(page, '#record-move-go', 'move-visit', 'no')
    assert.match(question, /de HC-0042 a HC-0107 \(—, 0 visitas\)/)
    assert.match(question, /Dejará de estar en el registro de HC-0042/)
    assert.equal(await field.inputValue(), 'HC-0042')
    await savedToRecord(page)
    assert.deepEqual(await storedRecord(page), before, 'Cancelar: the record as it was')
    assert.deepEqual(await patientLines(page), lines)

    // Confirmed: the visit is HC-0107's, in the Patients dialog and in IndexedDB, and the notice says so.
    await clickAndAnswer(page, '#record-move-go', 'move-visit', 'yes')
    await page.locator('#toast.show').filter({ hasText: 'pasada de HC-0042 a HC-0107' }).waitFor()
    assert.equal(await field.inputValue(), 'HC-0107')
    await savedToRecord(page)
    const after = await readRecord(page)
    assert.deepEqual(
      visitsOf(after, 'HC-0107').map((v) => v.id),
      [onScreen.id],
      "today's visit is HC-0107's",
    )
    assert.deepEqual(
      visitsOf(after, 'HC-0042').map((v) => v.date),
      ['2026-01-15'],
      'HC-0042 keeps the other one',
    )
    assert.equal(after.patients.length, 2, 'no patient created')
    const moved = await patientLines(page)
    assert.match(moved['HC-0042']!, /1 visita\b/)
    assert.match(moved['HC-0107']!, /1 visita\b/)
    await page.screenshot({ path: `${OUTPUT}record-safety-moved.png` })
    assert.deepEqual(errors, [])
  })

  test('a visit started by typing the identifier in the card is dated today (in the browser’s time zone), committed by Tab or Enter', async () => {
    // Before the fix: such a visit was saved "sin fecha" (date ''). The browser's time zone is put
    // where today's date differs from UTC's, so a date taken in UTC would not pass either.
    const timezoneId = new Date().getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago'
    const browser = browsers.create({ timezoneId })
    const { context, page, errors } = await browser.launch()
    const today = await todayIn(page)
    assert.notEqual(today, new Date().toISOString().slice(0, 10), `${timezoneId}: another date than UTC's`)
    const field = page.locator('#patient-id')

    // The work first, then the identifier, committed by Tab.
    await loadPhoto(page, h, 'anterior')
    await placeNext(page, FIGURES.anterior, 5)
    await savedToRecord(page)
    await field.fill('HC-0300')
    await field.press('Tab')
    await page.locator('#record-status[data-saved="true"]').waitFor()
    await savedToRecord(page)
    assert.deepEqual(
      visitsOf(await readRecord(page), 'HC-0300').map((v) => v.date),
      [today],
    )
    assert.doesNotMatch(await page.locator('#record-status').innerText(), /sin fecha/)
    await page.locator('#toast.show').filter({ hasText: 'Se ha creado el paciente HC-0300' }).waitFor()
    // Tab went on to the date field: once left, it shows the visit's date.
    await page.locator('#stage').focus()
    assert.equal(await page.locator('#assessment-date').getAttribute('data-iso'), today)

    // The identifier first, committed by Enter, then the work: on a clean screen of a new tab.
    const { page: second, errors: secondErrors } = await browser.newTab(context)
    const secondField = second.locator('#patient-id')
    await secondField.fill('HC-0301')
    await secondField.press('Enter')
    await loadPhoto(second, h, 'anterior')
    await placeNext(second, FIGURES.anterior, 4)
    await second.locator('#record-status[data-saved="true"]').waitFor()
    await savedToRecord(second)
    assert.equal(await second.locator('#assessment-date').getAttribute('data-iso'), today)
    assert.deepEqual(
      visitsOf(await readRecord(second), 'HC-0301').map((v) => v.date),
      [today],
    )
    assert.deepEqual([...errors, ...secondErrors], [])
  })

  test('the undo of a deleted visit is still offered after a reload, and puts it back', async () => {
    // Before the fix: the deletion was kept in the page's memory only: after a reload no undo was offered.
    const { page, errors } = await browsers.create().launch()
    await visitFromCard(page, h, 'HC-0500')
    const before = await storedRecord(page)
    const [visit] = (await readRecord(page)).visits
    assert.ok(visit)
    const item = `#record-visits li[data-visit="${visit.id}"]`

    await openRecord(page)
    await page.locator('#record-patients li[data-patient="HC-0500"] button').click()
    await clickAndAnswer(page, `${item} button.delete`, 'delete-visit', 'yes')
    await page.locator(item).waitFor({ state: 'detached' })
    await page.locator('#record-undo').waitFor()
    const deleted = await storedRecord(page)
    assert.equal(deleted.visits.length, 0, 'deleted')

    await page.reload()
    await page.locator('#record-status').waitFor({ state: 'attached' })
    await openRecord(page)
    const undo = page.locator('p.record-undo')
    await undo.locator('#record-undo').waitFor()
    assert.match(await undo.innerText(), /Visita del .* eliminada\./)
    await page.locator('#record-undo').click()
    await undo.waitFor({ state: 'hidden' })
    await page.locator('#record-patients li[data-patient="HC-0500"] button').click()
    await page.locator(item).waitFor()
    assert.deepEqual(await storedRecord(page), before, 'the visit and its photo, byte for byte')
    // The deleted visit was on screen: its photo went with it (it did not stay in IndexedDB, used by nothing).
    assert.deepEqual(deleted.photos, [], 'the photo deleted with the visit')
    assert.deepEqual(errors, [])
  })
})

/** A visit as the two-tab test reads it: its revision and anterior markers. */
type StoredVisit = {
  id: string
  rev: number
  file: { views: { anterior: { markers: Record<string, [number, number]> } } }
}

const RIGHT = 'punto_acromion_der'
const LEFT = 'punto_acromion_izq'

describe('several tabs of one browser', () => {
  test('two tabs on one visit: a change elsewhere is shown and reloaded on request; a stale tab’s edit is kept as a visit of its own; after a restart both edits are there', async () => {
    // Before the fix: the last save won. Tab A moved an acromion, tab B (holding the visit as it
    // was before) moved the other one and saved over A's version: after a restart A's edit was gone,
    // and neither tab said anything.
    const browser = browsers.create()
    let { context, page: a, errors: errorsA } = await browser.launch()
    await visitFromCard(a, h, 'HC-0900')
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
    // In Madrid's time zone: the times of closed tabs' work are local times, never UTC's.
    const browser = browsers.create({ timezoneId: 'Europe/Madrid' })
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

    // Descartar asks, naming the time the list gives; Cancelar keeps it listed and stored; confirmed, F's work is gone.
    const discardF = `#record-unfiled li[data-tab="${fTab}"] button.danger`
    const listedAt = /\d{1,2}:\d{2}/.exec(await itemF.innerText())?.[0]
    assert.ok(listedAt, 'the list gives the time the work was left')
    assert.ok(
      (await clickAndAnswer(e, discardF, 'discard-unfiled', 'no')).includes(listedAt),
      `asked about ${listedAt}`,
    )
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
