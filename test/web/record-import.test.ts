/**
 * Importing a backup in Chromium says exactly what it will do (issue 26, point 5): a
 * patient of the file whose identifier matches one here ("hc-0042 " / "HC-0042") but
 * whose name differs is shown as that patient, with both names, and the clinician must
 * choose before importing; a visit whose date was edited in the file is listed as
 * differing (not "nothing new"), and "keep both" leaves two visits. In Spanish the same
 * dialog speaks Spanish; Cancel writes nothing.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Page } from 'playwright-core'
import { type Harness, OUTPUT, openApp, startHarness } from '../support/browser.js'

let h: Harness

before(async () => {
  h = await startHarness()
})

after(async () => {
  await h?.close()
})

const CREATED = '2026-03-10T09:00:00.000Z'
const UPDATED = '2026-03-10T09:30:00.000Z'

/** An assessment file of one anterior view (two markers), as a backup's visit holds it. */
function assessment(identifier: string, date: string) {
  return {
    format: 'posture-metrics-session',
    version: 1,
    saved_at: UPDATED,
    view: 'anterior',
    patient_id: identifier,
    assessment_date: date,
    views: {
      anterior: {
        image: { name: 'anterior.png', width: 600, height: 1000 },
        calibration: { lrv_x: 300 },
        markers: { tragus_der: [280, 120], tragus_izq: [320, 121] },
        results: null,
      },
    },
  }
}

interface Patient {
  id: string
  identifier: string
  name: string
}

function visit(id: string, patient: Patient, date: string, updated = UPDATED) {
  return {
    id,
    patient_id: patient.id,
    date,
    created: CREATED,
    updated,
    assessment: assessment(patient.identifier, date),
    photos: {},
  }
}

function backup(patients: Patient[], visits: ReturnType<typeof visit>[]): Buffer {
  return Buffer.from(
    JSON.stringify({
      format: 'posture-metrics-record',
      version: 1,
      exported_at: '2026-05-01T10:00:00.000Z',
      scope: 'record',
      patients: patients.map((p) => ({ ...p, notes: '', created: CREATED })),
      visits,
    }),
  )
}

const MARIA: Patient = { id: 'maria', identifier: 'HC-0042', name: 'María López' }
/** Another clinic's patient under the same identifier, typed differently, with another name. */
const OTRA: Patient = { id: 'theirs', identifier: 'hc-0042 ', name: 'Otra María' }

const FIRST = backup([MARIA], [visit('v1', MARIA, '2026-03-10'), visit('v2', MARIA, '2026-04-14')])
/** v1 with its date edited by hand (same update time), v2 as it is, w3 new. */
const SECOND = backup(
  [OTRA],
  [
    { ...visit('v1', OTRA, '2026-03-11'), assessment: assessment('HC-0042', '2026-03-11') },
    { ...visit('v2', OTRA, '2026-04-14'), assessment: assessment('HC-0042', '2026-04-14') },
    visit('w3', OTRA, '2026-05-02'),
  ],
)

/** Patients (identifier, name) and visits (id, patient identifier, date) as IndexedDB holds them. */
async function stored(page: Page): Promise<{ patients: string[][]; visits: string[][] }> {
  const raw = (await page.evaluate(`new Promise((resolve, reject) => {
    const r = indexedDB.open('posture-metrics-record')
    r.onerror = () => reject(r.error)
    r.onsuccess = () => {
      const tx = r.result.transaction(['patients', 'visits'])
      const out = {}
      for (const name of ['patients', 'visits']) {
        const q = tx.objectStore(name).getAll()
        q.onsuccess = () => { out[name] = q.result }
      }
      tx.oncomplete = () => { r.result.close(); resolve(out) }
      tx.onerror = () => reject(tx.error)
    }
  })`)) as {
    patients: { id: string; identifier: string; name: string }[]
    visits: { id: string; patientId: string; date: string }[]
  }
  const identifier = new Map(raw.patients.map((p) => [p.id, p.identifier]))
  return {
    patients: raw.patients.map((p) => [p.identifier, p.name]).sort(),
    visits: raw.visits
      .map((v) => [v.id, identifier.get(v.patientId) ?? `? ${v.patientId}`, v.date])
      .sort((a, b) => `${a[1]} ${a[2]}`.localeCompare(`${b[1]} ${b[2]}`)),
  }
}

async function importFile(page: Page, name: string, buffer: Buffer): Promise<void> {
  await page.locator('#record-import-input').setInputFiles({ name, mimeType: 'application/json', buffer })
}

describe('importing a backup', () => {
  test('a matching identifier with another name is named and asked about; an edited date differs; keep both gives two visits', async () => {
    const { page, errors } = await openApp(h)
    await page.locator('#record-button').click()
    await page.locator('#record-dialog[open] #record-search').waitFor()

    // The record to import onto: María López with two visits, through a first import.
    await importFile(page, 'first.json', FIRST)
    const dialog = page.locator('dialog[data-question="import"][open]')
    await dialog.waitFor()
    assert.match(
      await dialog.locator('.import-summary').innerText(),
      /1 new patient: HC-0042\.\s+Visits in the file: 2 new\./,
    )
    await dialog.locator('button[data-answer="yes"]').click()
    await page
      .locator('#toast.show')
      .filter({ hasText: 'Imported from first.json: 1 new patient and 2 new visits.' })
      .waitFor()
    await page.locator('#record-patients li[data-patient="HC-0042"]').waitFor()
    const before = await stored(page)
    assert.deepEqual(before, {
      patients: [['HC-0042', 'María López']],
      visits: [
        ['v1', 'HC-0042', '2026-03-10'],
        ['v2', 'HC-0042', '2026-04-14'],
      ],
    })

    // "hc-0042 " named "Otra María": shown as María López's record, both names, a choice to make.
    await importFile(page, 'second.json', SECOND)
    await dialog.waitFor()
    const patient = dialog.locator('section.import-patient[data-patient="hc-0042 "]')
    assert.equal(await patient.getAttribute('data-status'), 'same')
    assert.equal(await patient.getAttribute('data-here'), 'HC-0042')
    assert.match(
      await patient.locator('.import-patient-status').innerText(),
      /The same patient as "HC-0042" \(María López\) in this record .*its visits go to "HC-0042" \(María López\)\./,
    )
    assert.equal(
      await patient.locator('.import-differences li[data-field="name"]').innerText(),
      'Name: here "María López", in the file "Otra María". A different name may mean another person.',
    )
    assert.equal(
      await patient.locator('input[name="patient-0"]').count(),
      3,
      'keep here, take the file, another person',
    )
    assert.equal(
      await patient.locator('input[name="patient-0"]:checked').count(),
      0,
      'nothing chosen for the clinician',
    )
    assert.equal(await dialog.locator('button[data-answer="yes"]').isDisabled(), true)
    assert.match(
      await dialog.locator('.import-will').innerText(),
      /Choose what to do with 1 patient whose name differs/,
    )

    // The edited date: differing, both dates shown, "keep both" proposed; v2 the same; w3 new.
    const edited = patient.locator('li[data-visit="v1"]')
    assert.equal(await edited.getAttribute('data-status'), 'differs')
    assert.match(
      await edited.innerText(),
      /same time.*What differs: the date \(here March 10, 2026, in the file March 11, 2026\)\./s,
    )
    assert.equal(await edited.locator('input[value="keep-both"]').isChecked(), true)
    assert.equal(await patient.locator('li[data-visit="v2"]').getAttribute('data-status'), 'same')
    assert.equal(await patient.locator('li[data-visit="w3"]').getAttribute('data-status'), 'new')
    assert.doesNotMatch(await dialog.innerText(), /Nothing new/)

    // Choosing: the same patient, keep her details; then keep both copies of v1.
    await patient.locator('input[name="patient-0"][value="keep-here"]').check()
    await edited.locator('input[value="take-file"]').check()
    assert.match(await dialog.locator('.import-will').innerText(), /1 visit replaced by the file's copy/)
    await edited.locator('input[value="keep-both"]').check()
    assert.equal(
      await dialog.locator('.import-will').innerText(),
      'The import will write: 1 new visit and 1 copy from the file kept as another visit. Not written: 1 visit left as it is here.',
    )
    await dialog.screenshot({ path: `${OUTPUT}record-import-plan.png` })
    await dialog.locator('button[data-answer="yes"]').click()
    await page
      .locator('#toast.show')
      .filter({ hasText: 'Imported from second.json: 1 new visit and 1 copy from the file kept as another visit.' })
      .waitFor()
    const after = await stored(page)
    assert.deepEqual(after.patients, [['HC-0042', 'María López']], 'her name and identifier stay')
    assert.deepEqual(
      after.visits.map(([id, who, date]) => [id === 'v1' || id === 'v2' || id === 'w3' ? id : 'copy', who, date]),
      [
        ['v1', 'HC-0042', '2026-03-10'],
        ['copy', 'HC-0042', '2026-03-11'],
        ['v2', 'HC-0042', '2026-04-14'],
        ['w3', 'HC-0042', '2026-05-02'],
      ],
      "two visits where there was one: v1 as it was and the file's copy",
    )

    // In Spanish: the same questions in Spanish; Cancel writes nothing.
    await page.locator('#record-close').click()
    await page.locator('#language').selectOption('es')
    await page.locator('#record-button').click()
    await page.locator('#record-dialog[open] #record-search').waitFor()
    await importFile(page, 'segunda.json', SECOND)
    await dialog.waitFor()
    const text = await dialog.innerText()
    assert.match(text, /Es el mismo paciente que «HC-0042» \(María López\) de este registro/)
    assert.match(
      text,
      /Nombre: aquí «María López», en el archivo «Otra María»\. Un nombre distinto puede indicar otra persona\./,
    )
    assert.match(text, /la fecha \(aquí 10 de marzo de 2026, en el archivo 11 de marzo de 2026\)/)
    assert.match(text, /Antes de importar, elija qué hacer con 1 paciente cuyo nombre no coincide\./)
    await dialog.locator('button[data-answer="no"]').click()
    await dialog.waitFor({ state: 'detached' })
    assert.deepEqual(await stored(page), after, 'Cancel: nothing written')
    assert.deepEqual(errors, [])
    await page.context().close()
  })
})
