/**
 * The clinic's repeatability study in the record (web/src/record/study.ts, backup.ts,
 * controller.ts pairsToImport): repeat pairs of visits become per-metric statistics
 * equal to those of metrics/agreement.ts on the pairs' values; a pair whose visit is
 * gone is left out; the figures a verdict needs; pairs written to a backup and read
 * back, a pair naming no visit of the file refused; what an import adds; the study's
 * CSV safe in a spreadsheet.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { agreementOf } from '../../../../web/src/metrics/agreement.js'
import { BackupError, backupFileOf, parseBackup } from '../../../../web/src/record/backup.js'
import { pairsToImport } from '../../../../web/src/record/controller.js'
import { newPatient, type RepeatPair, type VisitRecord } from '../../../../web/src/record/model.js'
import { figuresOf, studyCsv, studyJson, studyOf } from '../../../../web/src/record/study.js'
import { visitValues } from '../../../../web/src/record/trend.js'
import { assessmentFileOf } from '../../../../web/src/state/assessment-file.js'
import * as commands from '../../../../web/src/state/commands.js'
import { initialState } from '../../../../web/src/state/state.js'
import { markedDoc } from '../fixtures.js'

const NOW = '2026-05-01T10:00:00.000Z'

/** A visit of the anterior figure with the right tragus moved down by `dy` px. */
function visit(id: string, dy: number): VisitRecord {
  const doc = markedDoc('anterior')
  const tragus = doc.markers.tragus_der!
  const moved = { ...doc, markers: { ...doc.markers, tragus_der: [tragus[0], tragus[1] + dy] as const } }
  const state = commands.setMeta(commands.commit(initialState(), moved), { patientId: 'PAC-1', date: '2026-03-10' })
  return {
    id,
    patientId: 'p1',
    date: '2026-03-10',
    created: NOW,
    updated: NOW,
    file: assessmentFileOf(state, new Date(NOW))!,
    rev: 1,
    photos: {},
  }
}

const pair = (id: string, first: string, second: string): RepeatPair => ({
  id,
  view: 'anterior',
  first,
  second,
  design: 'same_photo_other_rater',
  created: NOW,
})

// Five pairs: each visit marked again with the tragus a few px off.
const OFFSETS = [0, 20, 40, 60, 80]
const REPEATS = [3, -2, 4, 1, -3]
const VISITS = OFFSETS.flatMap((dy, i) => [visit(`a${i}`, dy), visit(`b${i}`, dy + REPEATS[i]!)])
const PAIRS = OFFSETS.map((_, i) => pair(`pair${i}`, `a${i}`, `b${i}`))

describe('the study of repeat pairs', () => {
  const study = studyOf(PAIRS, VISITS, 2)
  const head = study.find((m) => m.name === 'head_angle')!

  test("each metric's statistics are those of its pairs' values", () => {
    assert.equal(head.pairs, 5)
    const table = OFFSETS.map((_, i) => [
      visitValues(VISITS[2 * i]!, 'anterior', 2)!.values.head_angle!,
      visitValues(VISITS[2 * i + 1]!, 'anterior', 2)!.values.head_angle!,
    ])
    assert.deepEqual(head.agreement, agreementOf(table))
    assert.ok(head.agreement!.mdc.value > 0)
    assert.ok(study.every((m) => m.view === 'anterior'))
  })

  test('a pair whose visit is missing is left out; one pair gives no statistics', () => {
    const fewer = studyOf(
      PAIRS,
      VISITS.filter((v) => v.id !== 'b0'),
      2,
    ).find((m) => m.name === 'head_angle')!
    assert.equal(fewer.pairs, 4)
    const one = studyOf(PAIRS.slice(0, 1), VISITS, 2).find((m) => m.name === 'head_angle')!
    assert.equal(one.pairs, 1)
    assert.equal(one.agreement, null)
    assert.equal(figuresOf([one]).anterior, undefined)
  })

  test('the figures a verdict needs: MDC95 and pairs per metric', () => {
    assert.deepEqual(figuresOf(study).anterior?.head_angle, { pairs: 5, mdc: head.agreement!.mdc.value })
  })

  test('CSV and JSON: a row per metric, every statistic with its interval (ICC(1,1) and ICC(3,1) last); text cells neutralised', () => {
    const headers = Array.from({ length: 29 }, (_, i) => `h${i}`)
    const lines = studyCsv(
      study,
      headers,
      () => '=label',
      () => 'anterior',
    )
      .trimEnd()
      .split('\r\n')
    assert.equal(lines.length, 1 + study.length)
    const row = lines.find((l) => l.includes(',head_angle,'))!.split(',')
    assert.equal(row.length, 29)
    assert.equal(row[2], "'=label")
    assert.equal(row[4], '5')
    assert.equal(Number(row[5]), head.agreement!.icc2.value)
    assert.equal(Number(row[11]), head.agreement!.mdc.value)
    // ICC(1,1) and ICC(3,1) with their intervals after the 23 columns there were.
    const a = head.agreement!
    assert.deepEqual(row.slice(23).map(Number), [
      a.icc1.value,
      a.icc1.lower,
      a.icc1.upper,
      a.icc3.value,
      a.icc3.lower,
      a.icc3.upper,
    ])
    type E = { value: number }
    const json = studyJson(study, PAIRS, NOW) as {
      metrics: { metric: string; pairs: number; icc_2_1: E; icc_1_1: E; icc_3_1: E; mdc: E }[]
    }
    const inJson = json.metrics.find((m) => m.metric === 'head_angle')!
    assert.equal(inJson.pairs, 5)
    assert.deepEqual([inJson.icc_2_1, inJson.icc_1_1, inJson.icc_3_1, inJson.mdc], [a.icc2, a.icc1, a.icc3, a.mdc])
  })
})

describe('repeat pairs in backups', () => {
  const patient = newPatient('p1', 'PAC-1', NOW, 'added')
  test('written with the visits they join and read back the same; absent when there are none', () => {
    const file = backupFileOf('record', [patient], VISITS, new Map(), NOW, PAIRS)
    assert.equal(file.pairs?.length, 5)
    const back = parseBackup(JSON.stringify(file), NOW, () => 'x')
    assert.deepEqual(back.pairs, PAIRS)
    // A backup of one visit holds no pair (the other visit is not in it).
    assert.equal(backupFileOf('visit', [patient], VISITS.slice(0, 1), new Map(), NOW, PAIRS).pairs, undefined)
  })

  test('a pair naming no visit of the file, or the same visit twice, is refused', () => {
    const file = backupFileOf('record', [patient], VISITS, new Map(), NOW, PAIRS)
    const unknown = { ...file, pairs: [{ ...file.pairs![0]!, second: 'nowhere' }] }
    assert.throws(() => parseBackup(JSON.stringify(unknown), NOW, () => 'x'), BackupError)
    const twice = { ...file, pairs: [{ ...file.pairs![0]!, second: file.pairs![0]!.first }] }
    assert.throws(() => parseBackup(JSON.stringify(twice), NOW, () => 'x'), BackupError)
  })

  test('an import adds the pairs the record lacks, between visits it holds, never overwriting one', () => {
    const holds = new Set(VISITS.map((v) => v.id))
    let n = 0
    const newId = () => `new${++n}`
    assert.deepEqual(pairsToImport(PAIRS, PAIRS, holds, newId), [], 'the same pairs: nothing')
    const clash = { ...pair('pair0', 'a1', 'b2') }
    assert.deepEqual(pairsToImport([clash], PAIRS, holds, newId), [{ ...clash, id: 'new1' }], 'an id taken: a new id')
    assert.deepEqual(pairsToImport([pair('x', 'a1', 'gone')], [], holds, newId), [], 'a visit not held: left out')
  })
})
