/**
 * A read of the record sees patients and visits of one moment (docs/record.md, "What the record
 * guarantees": a stored visit always has its stored patient), on the real RecordController and
 * IdbStorage over fake-indexeddb with one connection per tab. Another tab's write of a visit with
 * its new patient (its autosave) lands between the reads of a backup: read apart (patients, then
 * visits, as before), the backup held the visit without its patient, which no import takes.
 * The other tab's write is started exactly there: when the backup's first read-only transaction
 * over the patients is made (IndexedDB runs transactions of overlapping stores in the order made),
 * so the interleaving is the same on every run (the model-based test found it, timing-dependent).
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import 'fake-indexeddb/auto'
import { parseBackup } from '../../../../web/src/record/backup.js'
import { RecordController } from '../../../../web/src/record/controller.js'
import { IdbStorage } from '../../../../web/src/record/idb-storage.js'
import { newPatient, type VisitRecord } from '../../../../web/src/record/model.js'
import { assessmentFileOf } from '../../../../web/src/state/assessment-file.js'
import * as commands from '../../../../web/src/state/commands.js'
import { type AppState, initialState } from '../../../../web/src/state/state.js'
import { createStore } from '../../../../web/src/state/store.js'
import { markedDoc } from '../fixtures.js'

const NOW = '2026-11-29T10:00:00.000Z'
let n = 0
const newId = () => `id-${++n}`

describe('a read of the record is of one moment', () => {
  test("another tab's new patient and visit written during a backup: both in it, or neither", async () => {
    const name = `consistent-read-${++n}`
    const storage = await IdbStorage.open(name)
    const other = await IdbStorage.open(name)
    const record = new RecordController(createStore<AppState>(initialState()), storage, async () => undefined, {
      ask: { confirm: async () => false, importPlan: async () => null },
      tab: 'tab-a',
      channel: null,
      storablePhoto: async () => {
        throw new Error('no photos here')
      },
      urlOf: async () => null,
      verifyPhoto: async (blob) => blob,
      download: () => undefined,
      onHide: () => undefined,
      liveTabs: async () => new Set(['tab-a', 'tab-b']),
      now: () => new Date(NOW),
      newId,
    })
    await record.start()
    const patient = newPatient('pat-b', 'HC-0042', NOW, 'typed')
    const state = commands.setMeta(commands.commit(initialState(), markedDoc('anterior')), {
      patientId: patient.identifier,
      date: '2026-11-29',
    })
    const visit: VisitRecord = {
      id: 'visit-b',
      patientId: patient.id,
      date: '2026-11-29',
      created: NOW,
      updated: NOW,
      file: assessmentFileOf(state, new Date(NOW))!,
      photos: {},
      rev: 0,
    }
    // The other tab's autosave starts when the backup's first read-only transaction over the patients is made.
    const proto = globalThis.IDBDatabase.prototype
    const transaction = proto.transaction
    let write: Promise<unknown> | null = null
    proto.transaction = function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
      const tx = transaction.apply(this, args)
      const stores = typeof args[0] === 'string' ? [args[0]] : [...args[0]]
      if (!write && (args[1] ?? 'readonly') === 'readonly' && stores.includes('patients'))
        write = other.saveVisit(visit, null, patient, [])
      return tx
    }
    try {
      const { file } = await record.backupOf('record')
      proto.transaction = transaction
      assert.ok(write, "the other tab's write was started during the backup")
      assert.ok(((await write) as { ok: boolean }).ok)
      const patients = new Set(file.patients.map((p) => p.id))
      for (const v of file.visits)
        assert.ok(patients.has(v.patient_id), `visit ${v.id} is in the backup without its patient`)
      // The backup is one the app's own import reads.
      parseBackup(JSON.stringify(file), NOW, newId)
    } finally {
      proto.transaction = transaction
      await record.stop()
      storage.close()
      other.close()
    }
  })
})
