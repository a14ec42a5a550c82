/**
 * The analysis (web/src/analysis.ts) keeping a store's results in step with the
 * markers, against the real service (in this process): the device's values in the very
 * change that completes a view (confirming), then the service's answer confirming them.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { markerNames } from '#core/markers.js'
import { startAnalysis } from '../../../web/src/analysis.js'
import { analyze } from '../../../web/src/service/api.js'
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

  test('a drag ends: its values from the device in the same change, then the service confirms the same values', async () => {
    const store = createStore(commands.commit(initialState('lateral'), markedDoc('lateral')))
    const handle = startAnalysis(store)
    try {
      await settled(store, handle)
      const moved = markerNames('lateral')[0]!
      store.set(commands.dragStart)
      store.set((st) => commands.dragMove(st, moved, [40, 40]))
      const heard: AppState[] = []
      const stop = store.subscribe((state) => heard.push(state))
      store.set(commands.dragEnd)
      stop()
      // Every listener hears the drag's end with its values: no state between them to render.
      assert.equal(heard.length, 1, 'one change for the drag and its values')
      const atOnce = heard[0]!.views.lateral.outcome
      const request = requestOf('lateral', heard[0]!.views.lateral.doc)
      assert.ok(request.ready)
      assert.equal(atOnce.key, request.key, 'the values answer the markers as they are now')
      assert.equal(atOnce.onDevice, true)
      assert.equal(atOnce.confirming, true, 'shown as computed here, the service asked to confirm')
      assert.equal(atOnce.pending, false)
      assert.ok(atOnce.values && typeof atOnce.values.trunk_angle_vertical === 'number', JSON.stringify(atOnce))

      const s = await settled(store, handle)
      const confirmed = s.views.lateral.outcome
      assert.equal(confirmed.key, request.key)
      assert.equal(confirmed.onDevice, false, 'the service answered')
      assert.equal(confirmed.confirming, false)
      const service = await analyze('lateral', request.body)
      assert.ok(service.ok)
      for (const [name, value] of Object.entries(atOnce.values)) {
        assert.equal(typeof value, typeof confirmed.values?.[name], name)
        if (typeof value === 'number') {
          assert.ok(Math.abs(value - (confirmed.values?.[name] as number)) <= 1e-12, `${name} confirmed`)
          assert.ok(Math.abs(value - (service.values[name] as number)) <= 1e-12, `${name}: the service's answer`)
        }
      }
    } finally {
      handle.stop()
    }
  })
})
