/**
 * The record never loses or moves a patient's work silently (issue 26), in one tab of
 * a real Chromium in Spanish, as the clinicians use it: "Nueva visita" asks before it
 * discards work that is in no patient's record, and Cancelar keeps it exactly; typing
 * another identifier never moves a visit, only "Pasar a otro paciente…" does, after
 * asking; a visit started by typing the identifier is dated today; the undo of a
 * delete survives a reload. Each test names what the app did before the fix: every
 * one of them failed on it. Two tabs and closed tabs: record-tabs.test.ts.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { type Harness, loadPhoto, OUTPUT, placeNext, startHarness } from '../support/browser.js'
import {
  analysedAndSaved,
  clickAndAnswer,
  markersOnScreen,
  markWholeView,
  openRecord,
  PersistentBrowser,
  type ProfileOptions,
  patientLines,
  readRecord,
  savedToRecord,
  storedRecord,
  todayIn,
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

/** A browser of its own for each test (a fresh profile), in Spanish. */
function spanishBrowser(options: ProfileOptions = {}): PersistentBrowser {
  const browser = PersistentBrowser.create(h, { locale: 'es-ES', ...options })
  browsers.push(browser)
  return browser
}

const CALIBRATION = ['scale-a', 'scale-b', 'lrv']

describe('the record never discards or moves work silently', () => {
  test('"Nueva visita" with work in no record on screen asks, naming it; Cancelar keeps it exactly; Descartar starts the visit', async () => {
    // Before the fix: "Nueva visita" cleared the screen at once (no question; Ctrl+Z brought nothing back).
    const { page, errors } = await spanishBrowser().launch()
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
    assert.equal(await page.locator('#assessment-date').inputValue(), await todayIn(page))
    assert.match(await status.innerText(), /^Visita de HC-0777, /)
    assert.deepEqual(errors, [])
  })

  test('typing another identifier never moves a visit; "Pasar a otro paciente…" asks naming both, Cancelar changes nothing, confirmed it moves', async () => {
    // Before the fix: with HC-0042's visit on screen, typing HC-0107 in the identifier field and
    // Tab moved the visit to HC-0107 (HC-0042 lost a visit), with no question and no notice.
    const { page, errors } = await spanishBrowser().launch()
    const field = page.locator('#patient-id')
    // HC-0042: a visit of 15 January, then today's.
    await field.fill('HC-0042')
    await field.press('Tab')
    await page.locator('#assessment-date').fill('2026-01-15')
    await markWholeView(page, h, 'anterior')
    await page.locator('#record-status[data-saved="true"]').waitFor()
    await analysedAndSaved(page)
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
    const browser = spanishBrowser({ timezoneId })
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
    assert.equal(await page.locator('#assessment-date').inputValue(), today)

    // The identifier first, committed by Enter, then the work: on a clean screen of a new tab.
    const { page: second, errors: secondErrors } = await browser.newTab(context)
    const secondField = second.locator('#patient-id')
    await secondField.fill('HC-0301')
    await secondField.press('Enter')
    await loadPhoto(second, h, 'anterior')
    await placeNext(second, FIGURES.anterior, 4)
    await second.locator('#record-status[data-saved="true"]').waitFor()
    await savedToRecord(second)
    assert.equal(await second.locator('#assessment-date').inputValue(), today)
    assert.deepEqual(
      visitsOf(await readRecord(second), 'HC-0301').map((v) => v.date),
      [today],
    )
    assert.deepEqual([...errors, ...secondErrors], [])
  })

  test('the undo of a deleted visit is still offered after a reload, and puts it back', async () => {
    // Before the fix: the deletion was kept in the page's memory only: after a reload no undo was offered.
    const { page, errors } = await spanishBrowser().launch()
    const field = page.locator('#patient-id')
    await field.fill('HC-0500')
    await field.press('Tab')
    await markWholeView(page, h, 'anterior')
    await page.locator('#record-status[data-saved="true"]').waitFor()
    await analysedAndSaved(page)
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
