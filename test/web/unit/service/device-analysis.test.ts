/**
 * The analysis the app computes on the device when the service cannot be reached
 * (web/src/service/device-analysis.ts) gives the service's exact answers to the API's
 * examples (src/api/examples.ts: each answer is the service handler's own, which
 * test/openapi/examples.test.ts holds true): every value bit for bit, the unit fields,
 * and for coincident markers the same 422 entries. Against the service over HTTP, on
 * random markers too: test/web/integration/device-analysis.test.ts.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { ANSWERS, COINCIDENT_LATERAL, EXAMPLES, VALIDATION_ERROR_EXAMPLES } from '../../../../src/api/examples.js'
import { analyzeOnDevice } from '../../../../web/src/service/device-analysis.js'

describe('analysis on the device', () => {
  for (const view of ['anterior', 'posterior', 'lateral'] as const) {
    test(`${view}: the example's answer is the service's, every field and value`, () => {
      const result = analyzeOnDevice(view, structuredClone(EXAMPLES[view]))
      assert.ok(result.ok, JSON.stringify(result))
      assert.equal(result.onDevice, true)
      // The answer as the service sends it: the same fields in the same order, each value the same double.
      assert.equal(JSON.stringify(result.values), JSON.stringify(ANSWERS[view]))
      assert.deepEqual(result.values, ANSWERS[view])
    })
  }

  test('posterior with estimate_popliteal: the popliteal markers are not needed, the rearfoot angles change', () => {
    const { popliteo_izq: _l, popliteo_der: _r, ...markers } = EXAMPLES.posterior.markers
    const estimated = analyzeOnDevice('posterior', { ...EXAMPLES.posterior, markers, estimate_popliteal: true })
    assert.ok(estimated.ok, JSON.stringify(estimated))
    assert.notEqual(estimated.values.calcaneo_angle_left, ANSWERS.posterior.calcaneo_angle_left)
    assert.equal(estimated.values.head_angle, ANSWERS.posterior.head_angle)
  })

  test("coincident markers: the service's 422 entries, as the app reads them", () => {
    const result = analyzeOnDevice('lateral', structuredClone(COINCIDENT_LATERAL))
    assert.ok(!result.ok)
    assert.equal(result.status, 422)
    const expected = VALIDATION_ERROR_EXAMPLES[1].detail.map((entry) => ({ ...entry, status: 422 }))
    assert.deepEqual(result.problems, expected)
  })
})
