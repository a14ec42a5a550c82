/**
 * The record server's retention arithmetic (src/record-server/retention.ts;
 * docs/record-server.md, "Retention"): a period's end from a care date (29 February
 * included), a patient's last care date, which patients the list holds, and the photos
 * a visit names (photo-collection.ts). Pure functions: the routes over both stores are
 * test/record-server/retention.test.ts.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { namedPhotos } from '../../src/record-server/photo-collection.js'
import {
  careDateOfVisit,
  lastCareDate,
  retentionEnd,
  retentionList,
  retentionPassed,
} from '../../src/record-server/retention.js'
import type { PatientRow } from '../../src/record-server/store.js'

const patient = (id: string, created: string): PatientRow => ({
  id,
  identifier: id.toUpperCase(),
  key: id,
  name: '',
  notes: '',
  created,
  updated: created,
  rev: 1,
  seq: 1,
})

describe('retention', () => {
  it('ends a period the same day `years` later, and 29 February on 28 February of a common year', () => {
    assert.equal(retentionEnd('2020-03-15', 5), '2025-03-15')
    assert.equal(retentionEnd('2024-02-29', 5), '2029-02-28')
    assert.equal(retentionEnd('2024-02-29', 4), '2028-02-29')
    assert.equal(retentionEnd('2020-12-31', 0), '2020-12-31')
  })

  it('counts the end day itself as within the period', () => {
    assert.equal(retentionPassed('2025-03-15', '2025-03-15'), false)
    assert.equal(retentionPassed('2025-03-15', '2025-03-16'), true)
  })

  it("takes a visit's date, or its creation day without one, and a patient's latest care day", () => {
    assert.equal(careDateOfVisit({ date: '2021-05-04', created: '2022-01-01T10:00:00.000Z' }), '2021-05-04')
    assert.equal(careDateOfVisit({ date: '', created: '2022-01-01T10:00:00.000Z' }), '2022-01-01')
    assert.equal(lastCareDate({ created: '2019-01-01T00:00:00.000Z' }, ['2020-02-02', '2021-03-03']), '2021-03-03')
    assert.equal(lastCareDate({ created: '2022-01-01T00:00:00.000Z' }, ['2020-02-02']), '2022-01-01')
  })

  it('lists only the patients whose period has passed, the longest past first', () => {
    const list = retentionList(
      [
        patient('recent', '2015-01-01T00:00:00.000Z'),
        patient('old', '2015-01-01T00:00:00.000Z'),
        patient('none', '2016-06-01T00:00:00.000Z'),
      ],
      [
        { patientId: 'recent', date: '2015-01-01', created: '2015-01-01T00:00:00.000Z' },
        { patientId: 'recent', date: '2024-01-01', created: '2024-01-01T00:00:00.000Z' },
        { patientId: 'old', date: '2018-07-01', created: '2018-07-01T00:00:00.000Z' },
      ],
      5,
      '2026-01-01',
    )
    assert.deepEqual(
      list.map((e) => [e.patient.id, e.visits, e.lastCareDate, e.retentionEnds]),
      [
        ['none', 0, '2016-06-01', '2021-06-01'],
        ['old', 1, '2018-07-01', '2023-07-01'],
      ],
    )
  })
})

describe('photos a visit names', () => {
  it("reads each view's SHA-256 from the visits' photos JSON", () => {
    const a = 'a'.repeat(64)
    const b = 'b'.repeat(64)
    const named = namedPhotos([
      JSON.stringify({ lateral: { sha256: a } }),
      JSON.stringify({ frontal: { sha256: b }, back: null }),
      '{}',
    ])
    assert.deepEqual([...named].sort(), [a, b])
  })
})
