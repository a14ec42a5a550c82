/**
 * Marking and removing repeat pairs (web/src/record/study-actions.ts) against the real
 * RecordController and IdbStorage on fake-indexeddb: two visits that cannot be a pair
 * are refused with the reason (the same visit, a missing one, no markers of the view, a
 * pair already made); a pair made is stored and, from two pairs on, the study's figures
 * are in the app state; a removal is asked first and Cancel keeps the pair.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import 'fake-indexeddb/auto'
import { RecordController } from '../../../../web/src/record/controller.js'
import { IdbStorage } from '../../../../web/src/record/idb-storage.js'
import { newPatient, type VisitRecord } from '../../../../web/src/record/model.js'
import { StudyActions } from '../../../../web/src/record/study-actions.js'
import { assessmentFileOf } from '../../../../web/src/state/assessment-file.js'
import * as commands from '../../../../web/src/state/commands.js'
import { type AppState, initialState } from '../../../../web/src/state/state.js'
import { createStore } from '../../../../web/src/state/store.js'
import { markedDoc } from '../fixtures.js'

const NOW = '2026-05-01T10:00:00.000Z'

function visit(id: string, dy: number): VisitRecord {
  const doc = markedDoc('anterior')
  const tragus = doc.markers.tragus_der!
  const moved = { ...doc, markers: { ...doc.markers, tragus_der: [tragus[0], tragus[1] + dy] as const } }
  const state = commands.setMeta(commands.commit(initialState(), moved), { patientId: 'PAC-1', date: '2026-03-10' })
  const file = assessmentFileOf(state, new Date(NOW))!
  return { id, patientId: 'p1', date: '2026-03-10', created: NOW, updated: NOW, file, rev: 0, photos: {} }
}

describe('repeat pairs marked and removed', () => {
  test('refusals with their reason; pairs made, their figures in the state; removal asked first', async () => {
    const storage = await IdbStorage.open('study-actions-test')
    await storage.restore(
      [newPatient('p1', 'PAC-1', NOW, 'added')],
      ['a', 'b', 'c', 'd'].map((id, i) => visit(id, i * 7)),
      [],
    )
    const store = createStore<AppState>(initialState())
    const answers: boolean[] = []
    let ids = 0
    const record = new RecordController(store, storage, async () => undefined, {
      ask: { confirm: async () => answers.shift() ?? false, importPlan: async () => null },
      tab: 'tab',
      channel: null,
      storablePhoto: async () => {
        throw new Error('no photos here')
      },
      urlOf: async () => null,
      verifyPhoto: async (blob) => blob,
      download: () => undefined,
      onHide: () => undefined,
      liveTabs: async () => new Set(['tab']),
      now: () => new Date(NOW),
      newId: () => `pair-${++ids}`,
    })
    await record.start()
    const study = new StudyActions(record)

    assert.equal(await study.mark('anterior', 'a', 'a', 'same_photo_same_rater'), 'study.refused.same')
    assert.equal(await study.mark('anterior', 'a', 'gone', 'same_photo_same_rater'), 'study.refused.missing')
    assert.equal(await study.mark('lateral', 'a', 'b', 'same_photo_same_rater'), 'study.refused.view')
    assert.deepEqual(await storage.pairs(), [])

    assert.equal(await study.mark('anterior', 'a', 'b', 'same_photo_other_rater'), null)
    assert.equal(await study.mark('anterior', 'b', 'a', 'repositioned'), 'study.refused.known', 'the same two visits')
    assert.deepEqual(store.get().clinicFigures, {}, 'one pair: no figures yet')
    assert.equal(await study.mark('anterior', 'c', 'd', 'same_photo_other_rater'), null)
    assert.equal(store.get().clinicFigures.anterior?.head_angle?.pairs, 2)

    const [first] = (await storage.pairs()).sort((x, y) => x.id.localeCompare(y.id))
    answers.push(false)
    assert.equal(await study.remove(first!.id), false)
    assert.equal((await storage.pairs()).length, 2, 'Cancel keeps the pair')
    answers.push(true)
    assert.equal(await study.remove(first!.id), true)
    assert.equal((await storage.pairs()).length, 1)
    assert.equal(store.get().clinicFigures.anterior, undefined, 'one pair left: no figures')

    await record.stop()
    storage.close()
  })
})
