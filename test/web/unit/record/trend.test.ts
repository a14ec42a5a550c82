/**
 * Trends of a patient's visits (web/src/record/trend.ts): oldest first, with u, the
 * real-change mark, the CSV; two visits of one date are two points, two columns and
 * two groups of CSV rows, in the order they were started (issue 26).
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { ANTERIOR_METRICS, showsSign } from '#core/metrics/index.js'
import { smallestRealDifference } from '../../../../web/src/compare/compare.js'
import { MIN_STUDY_PAIRS } from '../../../../web/src/compare/evidence.js'
import { spreadsheetCsv } from '../../../../web/src/i18n/csv-text.js'
import type { VisitRecord } from '../../../../web/src/record/model.js'
import { changeBand, trendColumns, trendCsv, trendsOf, visitTime } from '../../../../web/src/record/trend.js'
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

  test('each series carries its metric’s display rule: signed angles with + or −, full turns without', () => {
    const series = trendsOf([visit('a', '2026-01-01', 0)], 'anterior', 2)
    for (const sr of series) {
      const metric = ANTERIOR_METRICS.find((m) => m.name === sr.name)!
      assert.equal(sr.signed, showsSign(metric), sr.name)
    }
  })

  test('a visit lies on the time axis at its date plus its start time of day: spacing in days', () => {
    const day = 86_400_000
    const jan = visitTime({ date: '2026-01-05', created: '2026-01-05T09:00:00.000Z' })
    const apr = visitTime({ date: '2026-04-12', created: '2026-04-12T09:00:00.000Z' })
    const jun = visitTime({ date: '2026-06-21', created: '2026-06-21T09:00:00.000Z' })
    assert.equal((apr - jan) / day, 97)
    assert.equal((jun - apr) / day, 70)
    // Two visits of one date: apart by their start times, in the order started.
    const after = visitTime({ date: '2026-06-21', created: '2026-06-21T11:30:00.000Z' })
    assert.equal(after - jun, 2.5 * 3_600_000)
    // A visit whose date was set later than it was started lies at its date.
    assert.equal(visitTime({ date: '2026-06-22', created: '2026-06-21T09:00:00.000Z' }) - jun, day)
    assert.equal(visitTime({ date: '', created: '2026-06-21T09:00:00.000Z' }), Date.parse('2026-06-21T09:00:00.000Z'))
  })

  test('the change band is the first value ± the comparison’s smallest real difference to the latest', () => {
    const head = trendsOf(
      [visit('a', '2026-01-01', 0), visit('b', '2026-02-01', 1), visit('c', '2026-03-01', 40)],
      'anterior',
      2,
    ).find((s) => s.name === 'head_angle')!
    const [first, , last] = head.points
    const band = changeBand(head)
    assert.equal(band.half, smallestRealDifference(first!.u, last!.u))
    assert.equal(band.low, first!.value - band.half)
    assert.equal(band.high, first!.value + band.half)
    // The last change is real and lies outside the band; the small one inside.
    assert.ok(last!.value < band.low || last!.value > band.high)
    assert.ok(head.points[1]!.value > band.low && head.points[1]!.value < band.high)
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

  test("the spreadsheet CSV in Spanish: the unit in Spanish, ';' between fields, decimal comma, byte-order mark", () => {
    const series = trendsOf([visit('a', '2026-01-01', 0), visit('b', '2026-02-01', 40)], 'anterior', 2)
    const text = trendCsv(
      'PAC-1',
      series,
      ['paciente', 'fecha'],
      () => 'sí',
      { degrees: 'grados', cm: 'cm' },
      (e) => e.kind,
      spreadsheetCsv('es'),
    )
    assert.ok(text.startsWith('\ufeffpaciente;fecha\r\n'))
    const row = text.split('\r\n').find((l) => l.startsWith('PAC-1;2026-02-01;anterior;head_angle;'))!
    const [, , , , value, u, unit] = row.split(';')
    assert.equal(unit, 'grados')
    assert.match(value!, /^-?\d+(,\d+)?$/)
    assert.match(u!, /^\d+,\d+$/)
    assert.doesNotMatch(text, /degrees/)
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
    { degrees: 'degrees', cm: 'cm' },
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
