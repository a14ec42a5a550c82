/**
 * The record's backup file (web/src/record/backup.ts): written and read back the
 * same; today's assessment files read as a visit; a truncated, corrupted or foreign
 * file, or one where two patients or visits share an id, is refused with a sentence
 * before anything would be written (two patients of one identifier read, both kept: a
 * record may hold them and its backup must restore); a kept copy's
 * label (model.ts VisitCopy) written and read back, bounded. What an
 * import does with it: import-plan.test.ts.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { BACKUP_FORMAT, BackupError, backupFileOf, parseBackup } from '../../../../web/src/record/backup.js'
import { newPatient, type VisitRecord } from '../../../../web/src/record/model.js'
import { assessmentFileOf } from '../../../../web/src/state/assessment-file.js'
import * as commands from '../../../../web/src/state/commands.js'
import { initialState } from '../../../../web/src/state/state.js'
import { markedDoc, PNG_BASE64 } from '../fixtures.js'

const NOW = '2026-05-01T10:00:00.000Z'
let n = 0
const newId = () => `id${++n}`

function record() {
  const state = commands.setMeta(commands.commit(initialState(), markedDoc('anterior')), {
    patientId: 'PAC-1',
    date: '2026-03-10',
  })
  const file = assessmentFileOf(state, new Date(NOW))!
  const patient = newPatient('p1', 'PAC-1', NOW, 'added', 'Ana')
  const visit: VisitRecord = {
    id: 'v1',
    patientId: 'p1',
    date: '2026-03-10',
    created: NOW,
    updated: NOW,
    file,
    photos: { anterior: { key: 'k1', type: 'image/jpeg', width: 600, height: 1000 } },
    rev: 0,
  }
  return { patient, visit, file }
}

describe('backup file', () => {
  test('written and read back: the same patients, visits and photo bytes', () => {
    const { patient, visit } = record()
    const text = JSON.stringify(backupFileOf('record', [patient], [visit], new Map([['k1', PNG_BASE64]]), NOW))
    const back = parseBackup(text, NOW, newId)
    assert.deepEqual(back.patients, [patient])
    assert.deepEqual(back.visits, [visit])
    assert.deepEqual(back.photos, [{ key: 'k1', type: 'image/jpeg', width: 600, height: 1000, data: PNG_BASE64 }])
  })

  test("a kept copy's label (where it came from) is written and read back; a longer name or another origin refused", () => {
    const { patient, visit } = record()
    const copy = { from: 'server' as const, name: 'record.clinic.example', at: NOW }
    const labelled = { ...visit, copy }
    const file = backupFileOf('record', [patient], [labelled], new Map([['k1', PNG_BASE64]]), NOW)
    assert.deepEqual(file.visits[0]!.copy, copy)
    assert.deepEqual(parseBackup(JSON.stringify(file), NOW, newId).visits, [labelled])
    const altered = (c: unknown) => JSON.stringify({ ...file, visits: [{ ...file.visits[0], copy: c }] })
    assert.throws(() => parseBackup(altered({ ...copy, name: 'x'.repeat(101) }), NOW, newId), BackupError)
    assert.throws(() => parseBackup(altered({ ...copy, from: 'elsewhere' }), NOW, newId), BackupError)
    assert.throws(() => parseBackup(altered({ ...copy, extra: 1 }), NOW, newId), BackupError)
    // A device's copy with the id of the device it was kept on (pulled from the server): kept too.
    const fromDevice = {
      ...visit,
      copy: { from: 'device' as const, name: 'Chrome · Linux', at: NOW, device: 'device-k9' },
    }
    const withDevice = backupFileOf('record', [patient], [fromDevice], new Map([['k1', PNG_BASE64]]), NOW)
    assert.deepEqual(parseBackup(JSON.stringify(withDevice), NOW, newId).visits, [fromDevice])
    assert.throws(() => parseBackup(altered({ ...fromDevice.copy, device: 'x'.repeat(101) }), NOW, newId), BackupError)
  })

  test('an assessment file of today reads as one visit of its patient, without photos', () => {
    const { file } = record()
    const back = parseBackup(JSON.stringify(file), NOW, newId)
    assert.equal(back.patients[0]!.identifier, 'PAC-1')
    assert.equal(back.visits[0]!.date, '2026-03-10')
    assert.deepEqual(back.visits[0]!.file, file)
    assert.throws(() => parseBackup(JSON.stringify({ ...file, patient_id: undefined }), NOW, newId), BackupError)
  })

  test('truncated, corrupted or foreign: a clear error', () => {
    const { patient, visit } = record()
    const text = JSON.stringify(backupFileOf('record', [patient], [visit], new Map([['k1', PNG_BASE64]]), NOW))
    assert.throws(
      () => parseBackup(text.slice(0, text.length / 2), NOW, newId),
      (e: Error) => e instanceof BackupError && /not readable JSON/.test(e.message),
    )
    assert.throws(
      () => parseBackup(text.replace(PNG_BASE64, `${PNG_BASE64.slice(0, 2)}*${PNG_BASE64.slice(3)}`), NOW, newId),
      (e: Error) => e instanceof BackupError && /photos\.anterior/.test(e.message),
    )
    assert.throws(
      () => parseBackup(text.replace('"patient_id":"p1"', '"patient_id":"p9"'), NOW, newId),
      (e: Error) => e instanceof BackupError && /patient_id/.test(e.message),
    )
    assert.throws(
      () => parseBackup(text.replace('"version":1', '"version":7'), NOW, newId),
      (e: Error) => e instanceof BackupError && /7/.test(e.message),
    )
    assert.throws(
      () => parseBackup('{"format":"something-else"}', NOW, newId),
      (e: Error) => e instanceof BackupError && new RegExp(BACKUP_FORMAT).test(e.message),
    )
    assert.throws(
      () => parseBackup(text.replace('"image":{', '"image":5,"was":{'), NOW, newId),
      (e: Error) => e instanceof BackupError && /visits\[0\]\.assessment/.test(e.message),
    )
  })

  test('two patients or visits under one id: refused, naming the entry; two patients of one identifier: read, both kept', () => {
    const { patient, visit } = record()
    const fileOf = (patients: (typeof patient)[], visits: VisitRecord[]) =>
      JSON.stringify(backupFileOf('record', patients, visits, new Map(), NOW))
    const other = newPatient('p2', 'PAC-2', NOW, 'added')
    assert.doesNotThrow(() => parseBackup(fileOf([patient, other], [visit, { ...visit, id: 'v2' }]), NOW, newId))
    assert.throws(
      () => parseBackup(fileOf([patient, { ...other, id: 'p1' }], [visit]), NOW, newId),
      (e: Error) => e instanceof BackupError && /patients\[1\]\.id/.test(e.message),
    )
    // A record holds two patients of one identifier while a sync conflict waits (and held them when two tabs
    // made one at once): its own backup is read, both patients kept apart, each with its visits.
    const twin = newPatient('p2', ' pac - 1', NOW, 'added')
    const read = parseBackup(fileOf([patient, twin], [visit, { ...visit, id: 'v2', patientId: 'p2' }]), NOW, newId)
    assert.deepEqual(
      read.patients.map((p) => [p.id, p.identifier, p.key]),
      [
        ['p1', patient.identifier, patient.key],
        ['p2', twin.identifier, patient.key],
      ],
    )
    assert.deepEqual(
      read.visits.map((v) => [v.id, v.patientId]),
      [
        ['v1', 'p1'],
        ['v2', 'p2'],
      ],
    )
    assert.throws(
      () => parseBackup(fileOf([patient], [visit, { ...visit, date: '2026-03-11' }]), NOW, newId),
      (e: Error) => e instanceof BackupError && /visits\[1\]\.id/.test(e.message),
    )
  })
})
