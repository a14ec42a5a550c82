/**
 * One patient per identifier when two tabs or windows commit it at once (docs/record.md, "What the
 * record guarantees"), on IdbStorage over fake-indexeddb with one connection per tab: each tab read
 * the record before the other wrote, so each brings a new patient of that identifier; the second
 * write finds the first one's patient in its own transaction and its visit goes to that patient.
 * The record's backup then restores into an empty record as it was (model-based.test.ts found the
 * defect: the two patients' backup was refused by the app's own import, an empty record after it).
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import 'fake-indexeddb/auto'
import { backupFileOf, parseBackup } from '../../../../web/src/record/backup.js'
import { IdbStorage } from '../../../../web/src/record/idb-storage.js'
import { applyImport, planImport, proposedDecisions } from '../../../../web/src/record/import-plan.js'
import { newPatient, type PatientRecord, type VisitRecord } from '../../../../web/src/record/model.js'
import { assessmentFileOf } from '../../../../web/src/state/assessment-file.js'
import * as commands from '../../../../web/src/state/commands.js'
import { initialState } from '../../../../web/src/state/state.js'
import { markedDoc } from '../fixtures.js'

const NOW = '2026-11-29T10:00:00.000Z'
let n = 0

/** A marked visit of `patient`, its assessment file as the app writes it. */
function visitOf(id: string, patient: PatientRecord): VisitRecord {
  const state = commands.setMeta(commands.commit(initialState(), markedDoc('anterior')), {
    patientId: patient.identifier,
    date: '2026-11-29',
  })
  return {
    id,
    patientId: patient.id,
    date: '2026-11-29',
    created: NOW,
    updated: NOW,
    file: assessmentFileOf(state, new Date(NOW))!,
    photos: {},
    rev: 0,
  }
}

describe('one patient per identifier across tabs', () => {
  test('two tabs write a visit with a new patient of one identifier at once: one patient, both visits its', async () => {
    const name = `one-identifier-${++n}`
    const tabA = await IdbStorage.open(name)
    const tabB = await IdbStorage.open(name)
    try {
      const mine = newPatient('pat-a', 'HC-0107', NOW, 'typed')
      const theirs = newPatient('pat-b', ' hc - 0107', NOW, 'typed')
      const [a, b] = await Promise.all([
        tabA.saveVisit(visitOf('v-a', mine), null, mine, []),
        tabB.saveVisit(visitOf('v-b', theirs), null, theirs, []),
      ])
      assert.ok(a.ok && b.ok)
      const patients = await tabA.patients()
      assert.deepEqual(
        patients.map((p) => [p.id, p.identifier]),
        [['pat-a', 'HC-0107']],
        'the second tab made no second patient of the identifier',
      )
      assert.equal(a.patient?.id, 'pat-a')
      assert.equal(b.patient?.id, 'pat-a', 'the second write answers the patient its visit went to')
      assert.equal(b.visit.patientId, 'pat-a')
      assert.equal(b.visit.file.patient_id, 'HC-0107', "the visit's file names that patient as it is typed")
      const visits = (await tabB.visits()).map((v) => [v.id, v.patientId]).sort()
      assert.deepEqual(visits, [
        ['v-a', 'pat-a'],
        ['v-b', 'pat-a'],
      ])

      // The record's backup imported into an empty record: the same patients and visits.
      const file = backupFileOf('record', patients, await tabA.visits(), new Map(), NOW)
      const plan = planImport(
        { patients: [], visits: [] },
        parseBackup(JSON.stringify(file), NOW, () => 'unused'),
      )
      const write = applyImport(plan, proposedDecisions(plan), () => 'unused')
      assert.deepEqual(
        write.patients.map((p) => p.id),
        ['pat-a'],
      )
      assert.deepEqual(write.visits.map((v) => [v.id, v.patientId]).sort(), visits)
    } finally {
      tabA.close()
      tabB.close()
    }
  })

  test('a patient given again under its own id is written as before (no other patient is looked for)', async () => {
    const name = `one-identifier-${++n}`
    const storage = await IdbStorage.open(name)
    try {
      const patient = newPatient('pat-1', 'PAC-1', NOW, 'typed')
      assert.ok((await storage.saveVisit(visitOf('v1', patient), null, patient, [])).ok)
      const renamed = { ...patient, name: 'Ana' }
      const written = await storage.saveVisit(visitOf('v2', renamed), null, renamed, [])
      assert.ok(written.ok)
      assert.equal(written.patient?.id, 'pat-1')
      assert.deepEqual(
        (await storage.patients()).map((p) => [p.id, p.name]),
        [['pat-1', 'Ana']],
      )
    } finally {
      storage.close()
    }
  })
})
