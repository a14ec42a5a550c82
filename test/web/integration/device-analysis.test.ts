/**
 * One code path for the maths: the answer the app computes on the device
 * (web/src/service/device-analysis.ts) is the real service's answer over HTTP, field by
 * field and value by value, for the API's examples and for random markers of every view
 * (coincident markers included, whose 422 entries are the service's); and the analysis
 * (web/src/analysis.ts) takes the device's path when the service cannot be reached,
 * showing the values the service gave, marked as computed on the device.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import fc from 'fast-check'
import { markerNames, SIDES, type View } from '#core/markers.js'
import { metricTable } from '#core/metrics/index.js'
import { EXAMPLES } from '../../../src/api/examples.js'
import { startAnalysis } from '../../../web/src/analysis.js'
import { analyze } from '../../../web/src/service/api.js'
import { analyzeOnDevice } from '../../../web/src/service/device-analysis.js'
import * as commands from '../../../web/src/state/commands.js'
import { type AppState, initialState } from '../../../web/src/state/state.js'
import { createStore, type Store } from '../../../web/src/state/store.js'
import { type Service, startService } from '../../support/service-for-fetch.js'
import { markedDoc } from '../unit/fixtures.js'

/** A request body of `view` with markers on a small grid of an 800 x 1800 photo (small, so that some may coincide). */
function bodies(view: View): fc.Arbitrary<Record<string, unknown>> {
  const point = fc
    .tuple(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 30 }))
    .map(([i, j]) => [i * 60.5, j * 60.25])
  const markers = fc.record(Object.fromEntries(markerNames(view).map((name) => [name, point])))
  const calibration = fc.record({
    lrv_x: fc.double({ min: 0, max: 800, noNaN: true }),
    fc: fc.double({ min: 0.01, max: 1, noNaN: true }),
  })
  if (view === 'lateral') return fc.record({ calibration, markers, side: fc.constantFrom(...SIDES) })
  if (view === 'posterior') return fc.record({ calibration, markers, estimate_popliteal: fc.boolean() })
  return fc.record({ calibration, markers })
}

/** The device's answer without its mark, to compare with the service's. */
function unmarked(result: ReturnType<typeof analyzeOnDevice>): unknown {
  const { onDevice: _onDevice, ...rest } = result
  return rest
}

describe('analysis on the device against the service', () => {
  let service: Service | undefined
  before(async () => {
    service = await startService()
  })
  after(async () => {
    await service?.close()
  })

  for (const view of ['anterior', 'posterior', 'lateral'] as const) {
    test(`${view}: the example and random markers give the service's answer`, async () => {
      const answer = await analyze(view, EXAMPLES[view])
      assert.ok(answer.ok)
      assert.equal(
        JSON.stringify(analyzeOnDevice(view, structuredClone(EXAMPLES[view]))),
        JSON.stringify({ ...answer, onDevice: true }),
      )
      await fc.assert(
        fc.asyncProperty(bodies(view), async (body) => {
          assert.deepEqual(unmarked(analyzeOnDevice(view, body)), await analyze(view, body))
        }),
        { numRuns: 60 },
      )
      // Coincident markers for certain (random ones only sometimes): the first metric's first pair at one point.
      const [a, b] = metricTable(view)[0]!.segments[0]!
      const coincident = structuredClone(EXAMPLES[view]) as { markers: Record<string, unknown> }
      coincident.markers[b] = coincident.markers[a]
      const refused = await analyze(view, coincident)
      assert.equal(refused.ok ? 200 : refused.status, 422)
      assert.deepEqual(unmarked(analyzeOnDevice(view, coincident)), refused)
    })
  }

  /** Waits until no view's answer is on its way. */
  async function settled(store: Store<AppState>, handle: { idle(): Promise<void> }): Promise<AppState> {
    for (;;) {
      await handle.idle()
      if (!Object.values(store.get().views).some((v) => v.outcome.pending)) return store.get()
    }
  }

  test('the service unreachable: the device computes the values the service gave, and says so', async () => {
    const online = createStore(commands.commit(initialState('lateral'), markedDoc('lateral')))
    const first = startAnalysis(online)
    const fromService = (await settled(online, first)).views.lateral.outcome
    first.stop()
    assert.ok(fromService.values, JSON.stringify(fromService))
    assert.equal(fromService.onDevice, false)

    // The service stopped: its port closed, the app's relative URLs still resolved against it.
    const base = service!.base
    await service!.close()
    service = undefined
    const realFetch = globalThis.fetch
    globalThis.fetch = (input: string | URL | Request, init?: RequestInit) =>
      realFetch(typeof input === 'string' ? new URL(input, base) : input, init)
    const offline = createStore(commands.commit(initialState('lateral'), markedDoc('lateral')))
    const second = startAnalysis(offline)
    try {
      const fromDevice = (await settled(offline, second)).views.lateral.outcome
      assert.equal(fromDevice.onDevice, true)
      assert.equal(fromDevice.key, fromService.key)
      assert.deepEqual(fromDevice.values, fromService.values)
    } finally {
      second.stop()
      globalThis.fetch = realFetch
    }
  })
})
