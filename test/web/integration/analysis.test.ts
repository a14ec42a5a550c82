/**
 * The analysis (web/src/analysis.ts) keeping a store's results in step with the
 * markers, against the real service (in this process).
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { markerNames } from '#core/markers.js'
import { startAnalysis } from '../../../web/src/analysis.js'
import * as commands from '../../../web/src/state/commands.js'
import { requestOf } from '../../../web/src/state/model.js'
import { type AppState, current, initialState } from '../../../web/src/state/state.js'
import { createStore, type Store } from '../../../web/src/state/store.js'
import { type Service, startService } from '../../support/service-for-fetch.js'
import { FIGURES, markedDoc } from '../unit/fixtures.js'

const spec = FIGURES.anterior

describe('analysis against the service', () => {
  let service: Service
  before(async () => {
    service = await startService()
  })
  after(async () => {
    await service?.close()
  })

  async function settled(store: Store<AppState>, handle: { idle(): Promise<void> }): Promise<AppState> {
    // Answers may set the state, which may ask again: wait until nothing is pending.
    for (let i = 0; i < 10; i++) {
      await handle.idle()
      if (!Object.values(store.get().views).some((v) => v.outcome.pending)) break
      await new Promise((r) => setTimeout(r, 10))
    }
    return store.get()
  }

  test('results follow the markers: values, a 422 placed on markers, undo back to the values', async () => {
    const store = createStore(initialState())
    const handle = startAnalysis(store)
    try {
      store.set((s) => commands.commit(s, markedDoc('anterior')))
      let s = await settled(store, handle)
      const values = current(s).outcome.values
      assert.ok(values && typeof values.head_angle === 'number', JSON.stringify(current(s).outcome))
      assert.equal(current(s).outcome.key, (requestOf('anterior', current(s).doc) as { key: string }).key)

      store.set((st) => commands.moveTarget(st, 'tragus_izq', spec.markers.tragus_der!))
      s = await settled(store, handle)
      assert.equal(current(s).outcome.values, null)
      assert.ok(current(s).outcome.problems.some((p) => p.msg.includes('tragus_izq')))

      store.set(commands.undo)
      s = await settled(store, handle)
      assert.deepEqual(current(s).outcome.values, values, 'the same values again (from the cache)')

      store.set((st) => commands.moveTarget(commands.setKnownDistance(st, ''), 'ombligo', [304, 431]))
      s = await settled(store, handle)
      assert.equal(current(s).outcome.values, null, 'no results while the known distance is missing')
      assert.equal(current(s).outcome.key, null)
    } finally {
      handle.stop()
    }
  })

  test('no request during a drag; one when it ends', async () => {
    const store = createStore(commands.commit(initialState('lateral'), markedDoc('lateral')))
    const handle = startAnalysis(store)
    try {
      let s = await settled(store, handle)
      const before = s.views.lateral.outcome
      assert.ok(before.values)
      store.set(commands.dragStart)
      store.set((st) => commands.dragMove(st, markerNames('lateral')[0]!, [10, 10]))
      s = await settled(store, handle)
      assert.equal(s.views.lateral.outcome, before, 'nothing asked while dragging')
      store.set(commands.dragEnd)
      s = await settled(store, handle)
      assert.notEqual(s.views.lateral.outcome.key, before.key)
      assert.equal(s.views.lateral.outcome.pending, false)
    } finally {
      handle.stop()
    }
  })
})
