/** Trends of a patient's visits (web/src/record/trend.ts): oldest first, with u, the real-change mark, the CSV. */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { VisitRecord } from '../../../../web/src/record/model.js'
import { trendCsv, trendsOf } from '../../../../web/src/record/trend.js'
import { assessmentFileOf } from '../../../../web/src/state/assessment-file.js'
import * as commands from '../../../../web/src/state/commands.js'
import { initialState } from '../../../../web/src/state/state.js'
import { markedDoc } from '../fixtures.js'

const NOW = '2026-05-01T10:00:00.000Z'

/** A visit of the anterior figure with the right tragus moved down by `dy` px (head tilt changes). */
function visit(id: string, date: string, dy: number): VisitRecord {
  const doc = markedDoc('anterior')
  const tragus = doc.markers.tragus_der!
  const moved = { ...doc, markers: { ...doc.markers, tragus_der: [tragus[0], tragus[1] + dy] as const } }
  const state = commands.setMeta(commands.commit(initialState(), moved), { patientId: 'PAC-1', date })
  return {
    id,
    patientId: 'p',
    date,
    created: NOW,
    updated: NOW,
    file: assessmentFileOf(state, new Date(NOW))!,
    rev: 1,
    photos: {},
  }
}

describe('trends', () => {
  test('each metric over the visits, oldest first; a real change marked, a small one not', () => {
    const series = trendsOf(
      [visit('c', '2026-03-01', 40), visit('a', '2026-01-01', 0), visit('b', '2026-02-01', 1)],
      'anterior',
      2,
    )
    const head = series.find((s) => s.name === 'head_angle')!
    assert.deepEqual(
      head.points.map((p) => p.date),
      ['2026-01-01', '2026-02-01', '2026-03-01'],
    )
    assert.deepEqual(
      head.points.map((p) => p.real),
      [null, false, true],
    )
    assert.ok(head.points.every((p) => p.u > 0))
    assert.equal(trendsOf([visit('a', '2026-01-01', 0)], 'lateral', 2).length, 0, 'no lateral view: no lateral trend')
  })

  test('CSV rows carry patient and date', () => {
    const series = trendsOf([visit('a', '2026-01-01', 0), visit('b', '2026-02-01', 40)], 'anterior', 2)
    const lines = trendCsv(
      'PAC-1',
      series,
      ['patient', 'date', 'view', 'metric', 'value', 'uncertainty', 'unit', 'beyond_error'],
      (r) => (r === null ? '' : r ? 'yes' : 'no'),
    )
      .trimEnd()
      .split('\r\n')
    assert.equal(lines[0], 'patient,date,view,metric,value,uncertainty,unit,beyond_error')
    assert.ok(
      lines.some((l) => l.startsWith('PAC-1,2026-02-01,anterior,head_angle,') && l.endsWith(',degrees,yes')),
      lines.join('\n'),
    )
  })
})
