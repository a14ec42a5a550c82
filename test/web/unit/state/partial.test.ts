/**
 * Unit tests of web/src/state/partial.ts: an incomplete view shows each metric whose
 * markers are all placed, with the value the service's own evaluation gives (core
 * evaluate over the same markers), says what the others wait for, and is saved with the
 * assessment file.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { ANTERIOR_METRICS, evaluate, LATERAL_METRICS } from '#core/metrics/index.js'
import { assessmentFileOf } from '../../../../web/src/state/assessment-file.js'
import { type Doc, requestOf } from '../../../../web/src/state/model.js'
import { partialResults, shownValues } from '../../../../web/src/state/partial.js'
import { initialState, NO_OUTCOME, withView } from '../../../../web/src/state/state.js'
import { FIGURES, markedDoc } from '../fixtures.js'

/** The figure's document without some markers. */
function without(doc: Doc, ...names: string[]): Doc {
  const markers = { ...doc.markers }
  for (const name of names) delete markers[name]
  return { ...doc, markers }
}

/** What the service computes for the whole figure: the core's evaluation of the view's table. */
function serviceValues(): Record<string, number> {
  const spec = FIGURES.anterior
  const fc = spec.scaleCm / Math.hypot(spec.scale[1][0] - spec.scale[0][0], spec.scale[1][1] - spec.scale[0][1])
  const result = evaluate(ANTERIOR_METRICS, spec.markers as never, { lrv_x: spec.lrvX, fc })
  assert.ok(result.ok)
  return result.values
}

describe('partial results', () => {
  test('16 of 17 anterior markers: every metric but the head angle, with the service evaluation’s values', () => {
    const doc = without(markedDoc('anterior'), 'tragus_izq')
    assert.equal(requestOf('anterior', doc).ready, false)
    const partial = partialResults('anterior', doc)
    assert.deepEqual(partial.waiting, [{ name: 'head_angle', needs: ['tragus_izq'] }])
    const full = serviceValues()
    const expected = Object.fromEntries(Object.entries(full).filter(([name]) => name !== 'head_angle'))
    assert.deepEqual(Object.keys(partial.values).sort(), Object.keys(expected).sort())
    for (const [name, value] of Object.entries(expected)) assert.equal(partial.values[name], value, name)
  })

  test('a metric waits for every marker it lacks, in the table’s order', () => {
    const doc = without(markedDoc('anterior'), 'centro_rotula_der', 'tat_der', 'punto_acromion_izq')
    const waiting = new Map(partialResults('anterior', doc).waiting.map((w) => [w.name, w.needs]))
    assert.deepEqual(waiting.get('q_angle_right'), ['centro_rotula_der', 'tat_der'])
    assert.deepEqual(waiting.get('tibial_tuberosity_angle'), ['tat_der'])
    assert.deepEqual(waiting.get('shoulder_angle'), ['punto_acromion_izq'])
    assert.deepEqual(waiting.get('shoulder_pelvis_angle'), ['punto_acromion_izq'])
    assert.equal(typeof partialResults('anterior', doc).values.pelvis_angle, 'number')
    assert.equal(typeof partialResults('anterior', doc).values.q_angle_left, 'number')
  })

  test('distances wait for the scale and the reference line; angles do not', () => {
    const doc: Doc = { ...markedDoc('anterior'), scale: [null, null], gridCm: null, lrvX: null }
    const partial = partialResults('anterior', doc)
    const distances = ANTERIOR_METRICS.filter((m) => m.unit === 'cm').map((m) => m.name)
    assert.deepEqual(
      partial.waiting.map((w) => w.name),
      distances,
    )
    for (const w of partial.waiting) assert.deepEqual(w.needs, ['scale-a', 'scale-b', 'lrv'])
    assert.equal(Object.keys(partial.values).length, ANTERIOR_METRICS.length - distances.length)
    // Scale points placed but no distance typed: the distance is what is missing.
    const noDistance = partialResults('anterior', { ...markedDoc('anterior'), gridCm: null, lrvX: null })
    assert.deepEqual(noDistance.waiting[0]?.needs, ['distance', 'lrv'])
    // fc typed in: only the line.
    const typed = partialResults('anterior', { ...doc, fcTyped: 0.2 })
    assert.deepEqual(typed.waiting[0]?.needs, ['lrv'])
  })

  test('the lateral distance waits for the calibration the request would fill with placeholders', () => {
    const doc: Doc = { ...without(markedDoc('lateral'), 'tragus'), scale: [null, null], gridCm: null, lrvX: null }
    const waiting = new Map(partialResults('lateral', doc).waiting.map((w) => [w.name, w.needs]))
    assert.deepEqual(waiting.get('dist_apex_lumbar'), ['scale-a', 'scale-b', 'lrv'])
    assert.deepEqual(waiting.get('head_angle_horizontal'), ['tragus'])
    assert.equal(waiting.size, LATERAL_METRICS.filter((m) => m.name.includes('head') || m.unit === 'cm').length)
  })

  test('a complete view shows the service’s answer to it, and nothing before it answers', () => {
    const doc = markedDoc('anterior')
    const request = requestOf('anterior', doc)
    assert.ok(request.ready)
    assert.deepEqual(shownValues('anterior', doc, NO_OUTCOME), { values: null, partial: null })
    const answer = { pelvis_angle: 1.5 }
    assert.deepEqual(shownValues('anterior', doc, { key: request.key, values: answer }), {
      values: answer,
      partial: null,
    })
    assert.equal(shownValues('anterior', doc, { key: 'another request', values: answer }).values, null)
  })

  test('an incomplete view with nothing computable shows no values, and every metric waits', () => {
    const doc = without(markedDoc('anterior'), ...Object.keys(FIGURES.anterior.markers))
    const shown = shownValues('anterior', doc, NO_OUTCOME)
    assert.equal(shown.values, null)
    assert.equal(shown.partial?.waiting.length, ANTERIOR_METRICS.length)
  })

  test('the assessment file saves the partial results of an incomplete view', () => {
    const doc = without(markedDoc('anterior'), 'tragus_izq')
    const state = withView(initialState(), (vs) => ({ ...vs, doc }), 'anterior')
    const file = assessmentFileOf(state, new Date('2026-01-02T03:04:05Z'))
    const results = file?.views.anterior?.results
    assert.ok(results)
    assert.equal(results.pelvis_angle, serviceValues().pelvis_angle)
    assert.equal(results.head_angle, undefined)
  })
})
