import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { geometryDetail, similarKey } from '../../src/api/errors.js'

describe('similarKey', () => {
  const known = new Set(['tragus_izq', 'tragus_der', 'tat_der'])

  it('finds the same name in another case first', () => {
    assert.equal(similarKey('tragus_izq', ['TRAGUS_IZQ', 'tragus_iz'], known), 'TRAGUS_IZQ')
  })

  it('finds a name at most two edits away', () => {
    assert.equal(similarKey('tat_der', ['tat_dr'], known), 'tat_dr')
    assert.equal(similarKey('tat_der', ['tat-der'], known), 'tat-der')
    assert.equal(similarKey('tat_der', ['tad_dr'], known), 'tad_dr')
  })

  it('ignores names that are far off or already known markers', () => {
    assert.equal(similarKey('tat_der', ['tibial_tuberosity'], known), undefined)
    assert.equal(similarKey('tragus_izq', ['tragus_der'], known), undefined)
    assert.equal(similarKey('tat_der', [], known), undefined)
  })
})

describe('geometryDetail', () => {
  it('names the coincident markers, where they are, and every metric they make undefined', () => {
    const [entry] = geometryDetail([
      { markers: ['trocanter_mayor', 'punto_acromion'], at: [3, 4], metrics: ['trunk_angle_vertical'] },
    ])
    assert.deepEqual(entry, {
      loc: ['body', 'markers', 'punto_acromion'],
      msg: "Markers 'trocanter_mayor' and 'punto_acromion' are at the same point [3, 4], so trunk_angle_vertical cannot be computed (the direction between them is undefined). Place them at distinct points.",
      type: 'undefined_geometry',
      ctx: { markers: ['trocanter_mayor', 'punto_acromion'], at: [3, 4], metrics: ['trunk_angle_vertical'] },
    })
  })

  it('falls back to naming every marker the metric uses when no pair coincides', () => {
    const [entry] = geometryDetail([{ markers: ['a', 'b', 'c'], metrics: ['elbow_angle'] }])
    assert.deepEqual(entry?.loc, ['body', 'markers'])
    assert.match(entry?.msg ?? '', /elbow_angle cannot be computed from markers 'a', 'b', 'c'/)
    assert.deepEqual(entry?.ctx, { markers: ['a', 'b', 'c'], metrics: ['elbow_angle'] })
  })
})
