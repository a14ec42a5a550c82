/**
 * Names for people in what the app hands out (issue 41, item 3): downloaded files named
 * in the app's language with safe names (record/model.ts visitFileName), the Spanish
 * spreadsheet CSV's metric column in words with the code in a column added last
 * (files/results-csv.ts), the report's FHIR DocumentReference described in words
 * (fhir/bundle.ts), the PDF's comparison dates as a range with an en dash
 * (files/report-pdf-content.ts), and the trends page's chart titles whole, wrapped
 * rather than cut with "…" (files/report-pdf-trends.ts, drawn into a real jsPDF).
 */
import assert from 'node:assert/strict'
import { afterEach, describe, test } from 'node:test'
import { jsPDF } from 'jspdf'
import { reportContentOf, reportPdfFileName } from '../../../../web/src/files/report-pdf-content.js'
import { drawTrendsPage } from '../../../../web/src/files/report-pdf-trends.js'
import { csvOf, resultEntries } from '../../../../web/src/files/results-csv.js'
import { spreadsheetCsv } from '../../../../web/src/i18n/csv-text.js'
import { setLocale } from '../../../../web/src/i18n/index.js'
import { ES_TERMS } from '../../../../web/src/i18n/terms.js'
import { metricsOf } from '../../../../web/src/metrics/metric-info.js'
import { type VisitRecord, visitFileName } from '../../../../web/src/record/model.js'
import { assessmentFileOf, parseAssessmentFile } from '../../../../web/src/state/assessment-file.js'
import * as commands from '../../../../web/src/state/commands.js'
import { requestOf } from '../../../../web/src/state/model.js'
import { type AppState, initialState } from '../../../../web/src/state/state.js'
import { markedDoc } from '../fixtures.js'

const NOW = new Date('2026-11-28T10:00:00Z')

/** The anterior view marked and answered, patient and date typed. */
function answered(date = '2026-11-28', dy = 0): AppState {
  const doc = markedDoc('anterior')
  const tragus = doc.markers.tragus_der!
  const moved = { ...doc, markers: { ...doc.markers, tragus_der: [tragus[0], tragus[1] + dy] as const } }
  let s = commands.commit(initialState(), moved)
  s = commands.setMeta(s, { patientId: 'HC-0042', date })
  const request = requestOf('anterior', s.views.anterior.doc)
  assert.ok(request.ready)
  const values = Object.fromEntries(metricsOf('anterior').map((m, i) => [m.name, i + 0.25 + dy / 100]))
  return commands.setOutcome(s, 'anterior', { key: request.key, values, problems: [], pending: false, fromFile: false })
}

afterEach(() => setLocale('en'))

describe('names for people', () => {
  test("downloads are named in the app's language, with safe names", () => {
    setLocale('es')
    assert.equal(reportPdfFileName(answered()), 'postura-HC-0042-2026-11-28-informe.pdf')
    assert.equal(reportPdfFileName(answered(), 'summary'), 'postura-HC-0042-2026-11-28-resumen.pdf')
    assert.equal(visitFileName('HC-0042', '2026-11-28', 'metrics', 'csv'), 'postura-HC-0042-2026-11-28-medidas.csv')
    assert.equal(
      visitFileName('José Núñez', '2026-11-28', 'assessment', 'json'),
      'postura-Jose_Nunez-2026-11-28-valoracion.json',
    )
    assert.equal(
      visitFileName('HC/1', '2026-01-10_2026-11-28', 'comparison', 'csv', 'anterior'),
      'postura-HC_1-2026-01-10_2026-11-28-comparacion-anterior.csv',
    )
    setLocale('en')
    assert.equal(reportPdfFileName(answered()), 'posture-HC-0042-2026-11-28-report.pdf')
    assert.equal(visitFileName('', '', 'repeatability', 'csv'), 'posture-repeatability.csv')
  })

  test('the Spanish spreadsheet CSV names each metric in words; its code follows in a column added last', () => {
    setLocale('es')
    const s = answered()
    const lines = csvOf(resultEntries(s), 2, s.meta, spreadsheetCsv('es'))
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n')
    const header = lines[0]!.split(';')
    assert.equal(header[4], 'medida')
    assert.equal(header.at(-1), 'codigo')
    const first = lines[1]!.split(';')
    const metric = metricsOf('anterior')[0]!
    assert.equal(first[4], ES_TERMS.metrics.anterior[metric.name]!.label)
    assert.notEqual(first[4], metric.name)
    assert.equal(first.at(-1), metric.name)
    // The CSV data for programs keeps the code where it was, and no added column.
    const data = csvOf(resultEntries(s), 2, s.meta).trimEnd().split('\r\n')
    assert.equal(data[0]!.split(',').length, 14)
    assert.equal(data[1]!.split(',')[4], metric.name)
  })

  test("the PDF's comparison names its two dates as a range with an en dash", () => {
    setLocale('es')
    const earlier = answered('2026-01-10', 12)
    const loaded = parseAssessmentFile(JSON.stringify(assessmentFileOf(earlier, NOW)))
    const s = commands.comparisonLoaded(answered(), 'anterior.json', loaded)
    for (const kind of ['clinical', 'summary'] as const) {
      const c = reportContentOf(s, { now: NOW, kind }).comparison
      assert.ok(c)
      assert.match(c.between, /^.*10 de enero de 2026.* \u2013 .*28 de noviembre de 2026.*$/, c.between)
      assert.doesNotMatch(c.between, /->|\u2192/)
    }
  })

  test('the comparison table does not repeat the SRD as the limit: "= DRM" where the limit is the SRD itself', () => {
    setLocale('es')
    const earlier = answered('2026-01-10', 12)
    const loaded = parseAssessmentFile(JSON.stringify(assessmentFileOf(earlier, NOW)))
    const c = reportContentOf(commands.comparisonLoaded(answered(), 'anterior.json', loaded), { now: NOW }).comparison
    assert.ok(c)
    assert.equal(c.columns[4], 'Diferencia real mínima')
    assert.equal(c.columns[5], 'Un cambio real supera')
    const srds = new Set<string>()
    for (const row of c.rows) {
      // Judged by placement error alone (no study, no published MDC of an anterior measure): the limit is the SRD.
      assert.match(row.cells[4]!, /^±\d+,\d(°|\s?cm)$/, row.cells[0])
      assert.equal(row.cells[5], '= DRM', row.cells[0])
      srds.add(row.cells[4]!)
    }
    assert.ok(srds.size > 3, `each metric its own SRD: ${[...srds].join(' ')}`)
  })

  test("the trends page's chart titles are whole: wrapped, never cut with …", () => {
    setLocale('es')
    const visit = (id: string, date: string, dy: number): VisitRecord => {
      const created = `${date}T09:00:00.000Z`
      const file = assessmentFileOf(answered(date, dy), NOW)!
      return { id, patientId: 'p', date, created, updated: created, file, rev: 1, photos: {} }
    }
    const visits = [visit('a', '2026-01-10', 0), visit('b', '2026-11-28', 12)]
    const trends = reportContentOf(answered(), { now: NOW, visits }).trends
    assert.ok(trends)
    const doc = new jsPDF({ unit: 'pt', format: 'a4', compress: false })
    drawTrendsPage(doc, trends, { x: 40, y: 40, width: 515, height: 760 }, 'es')
    const pdf = doc.output()
    assert.doesNotMatch(pdf, /\\205|\u2026/, 'no title cut with an ellipsis')
    // Every word of every title is on the page (a wrapped title is written a line at a time).
    const words = new Set(
      [...pdf.matchAll(/\((.*?)\) Tj/g)].flatMap((m) =>
        m[1]!.replace(/\\(\d{3})/g, (_, o: string) => String.fromCharCode(Number.parseInt(o, 8))).split(/\s+/),
      ),
    )
    const long = trends.charts.filter((c) => c.label.length > 40)
    assert.ok(long.length > 0, 'some titles are longer than a chart is wide')
    for (const c of trends.charts)
      for (const w of c.label.replace('\u00b7', ' ').split(/\s+/).filter(Boolean))
        assert.ok(words.has(w), `"${w}" of "${c.label}" is on the page`)
  })
})
