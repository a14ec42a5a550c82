/**
 * Trends of a patient's visits (web/src/record/trend.ts): oldest first, with u, the
 * real-change mark, the CSV; two visits of one date are two points, two columns and
 * two groups of CSV rows, in the order they were started (issue 26).
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { MIN_STUDY_PAIRS } from '../../../../web/src/compare/evidence.js'
import type { VisitRecord } from '../../../../web/src/record/model.js'
import { trendColumns, trendCsv, trendsOf } from '../../../../web/src/record/trend.js'
import { assessmentFileOf } from '../../../../web/src/state/assessment-file.js'
import * as commands from '../../../../web/src/state/commands.js'
import { initialState } from '../../../../web/src/state/state.js'
import { markedDoc } from '../fixtures.js'

const NOW = '2026-05-01T10:00:00.000Z'

/** A visit of the anterior figure with the right tragus moved down by `dy` px (head tilt changes), started at `created`. */
function visit(id: string, date: string, dy: number, created = NOW): VisitRecord {
  const doc = markedDoc('anterior')
  const tragus = doc.markers.tragus_der!
  const moved = { ...doc, markers: { ...doc.markers, tragus_der: [tragus[0], tragus[1] + dy] as const } }
  const state = commands.setMeta(commands.commit(initialState(), moved), { patientId: 'PAC-1', date })
  return {
    id,
    patientId: 'p',
    date,
    created,
    updated: created,
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

  test('CSV rows carry patient and date, and the visit start time last', () => {
    const series = trendsOf([visit('a', '2026-01-01', 0), visit('b', '2026-02-01', 40)], 'anterior', 2)
    const lines = csvLines(series)
    assert.equal(lines[0], 'patient,date,view,metric,value,uncertainty,unit,beyond_error,visit_started')
    assert.ok(
      lines.some(
        (l) => l.startsWith('PAC-1,2026-02-01,anterior,head_angle,') && l.endsWith(`,degrees,yes,${NOW},placement`),
      ),
      lines.join('\n'),
    )
  })
})

describe('trend marks judged by the best evidence', () => {
  const visits = [visit('a', '2026-01-01', 0), visit('b', '2026-02-01', 40)]
  const real = (clinic?: Parameters<typeof trendsOf>[3]) =>
    trendsOf(visits, 'anterior', 2, clinic).find((s) => s.name === 'head_angle')!
  test('placement alone flags the change; a clinic study of enough pairs with a larger MDC does not', () => {
    const alone = real()
    assert.equal(alone.evidence.kind, 'placement')
    assert.equal(alone.points[1]!.real, true)
    const change = Math.abs(alone.points[1]!.value - alone.points[0]!.value)
    const study = real({ anterior: { head_angle: { pairs: MIN_STUDY_PAIRS, mdc: change + 1 } } })
    assert.deepEqual(study.evidence, { kind: 'clinic', mdc: change + 1, pairs: MIN_STUDY_PAIRS })
    assert.equal(study.points[1]!.real, false)
    const few = real({ anterior: { head_angle: { pairs: MIN_STUDY_PAIRS - 1, mdc: change + 1 } } })
    assert.equal(few.evidence.kind, 'placement', 'too few pairs: the study does not judge')
    assert.equal(few.points[1]!.real, true)
  })
})

function csvLines(series: ReturnType<typeof trendsOf>): string[] {
  return trendCsv(
    'PAC-1',
    series,
    ['patient', 'date', 'view', 'metric', 'value', 'uncertainty', 'unit', 'beyond_error', 'visit_started'],
    (r) => (r === null ? '' : r ? 'yes' : 'no'),
    (e) => e.kind,
  )
    .trimEnd()
    .split('\r\n')
}

describe('two visits of one date (before and after a treatment)', () => {
  // Started at 09:00 and 11:30; ids chosen so that ordering by id would put them the other way round.
  const before = visit('z-before', '2026-05-01', 0, '2026-05-01T09:00:00.000Z')
  const after = visit('a-after', '2026-05-01', 40, '2026-05-01T11:30:00.000Z')
  const month = visit('m-april', '2026-04-01', 0, '2026-04-01T16:00:00.000Z')
  const orders = [
    [before, after, month],
    [after, month, before],
  ]

  test('a point each, in the order they were started, whichever order they are given', () => {
    for (const given of orders) {
      const head = trendsOf(given, 'anterior', 2).find((s) => s.name === 'head_angle')!
      assert.deepEqual(
        head.points.map((p) => p.visitId),
        ['m-april', 'z-before', 'a-after'],
      )
      assert.deepEqual(
        head.points.map((p) => p.real),
        [null, false, true],
        'the change is judged from the visit before, not the visit of another day',
      )
    }
  })

  test('the trend table has a column each, oldest first', () => {
    for (const given of orders) {
      const columns = trendColumns(trendsOf(given, 'anterior', 2))
      assert.deepEqual(
        columns.map((c) => [c.id, c.date, c.created]),
        [
          ['m-april', '2026-04-01', '2026-04-01T16:00:00.000Z'],
          ['z-before', '2026-05-01', '2026-05-01T09:00:00.000Z'],
          ['a-after', '2026-05-01', '2026-05-01T11:30:00.000Z'],
        ],
      )
    }
  })

  test('the CSV has the rows of both, in the order they were started, told apart by the start time', () => {
    for (const given of orders) {
      const rows = csvLines(trendsOf(given, 'anterior', 2))
        .filter((l) => l.includes(',head_angle,'))
        .map((l) => l.split(','))
      assert.deepEqual(
        rows.map((r) => [r[1], r[8]]),
        [
          ['2026-04-01', '2026-04-01T16:00:00.000Z'],
          ['2026-05-01', '2026-05-01T09:00:00.000Z'],
          ['2026-05-01', '2026-05-01T11:30:00.000Z'],
        ],
      )
    }
  })
})
