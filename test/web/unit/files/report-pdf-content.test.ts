/** What the PDF report says (web/src/files/report-pdf-content.ts): the metrics by their labels in the language, never their field names; the patient summary's sentences; patient with the record's name; the file name; the trends page from two visits. */
import assert from 'node:assert/strict'
import { afterEach, describe, test } from 'node:test'
import { reportContentOf, reportPdfFileName } from '../../../../web/src/files/report-pdf-content.js'
import { whatKey } from '../../../../web/src/files/summary-findings.js'
import { es } from '../../../../web/src/i18n/es.js'
import { setLocale } from '../../../../web/src/i18n/index.js'
import { ES_TERMS } from '../../../../web/src/i18n/terms.js'
import { metricsOf } from '../../../../web/src/metrics/metric-info.js'
import type { VisitRecord } from '../../../../web/src/record/model.js'
import { assessmentFileOf, parseAssessmentFile } from '../../../../web/src/state/assessment-file.js'
import * as commands from '../../../../web/src/state/commands.js'
import { requestOf } from '../../../../web/src/state/model.js'
import { type AppState, initialState } from '../../../../web/src/state/state.js'
import { markedDoc } from '../fixtures.js'

const NOW = new Date('2026-04-14T10:00:00Z')

/** The anterior view marked and answered, the sternal notch a suggestion not confirmed; patient and date typed. */
function answered(): AppState {
  const doc = markedDoc('anterior')
  let s = commands.commit(initialState(), { ...doc, markerStatus: { escotadura_esternal: 'suggested' } })
  s = commands.setMeta(s, { patientId: ' PAC-0042 ', date: '2026-04-14' })
  const request = requestOf('anterior', s.views.anterior.doc)
  assert.ok(request.ready)
  const values = Object.fromEntries(metricsOf('anterior').map((m, i) => [m.name, i % 2 ? -i - 0.04 : i + 0.26]))
  return commands.setOutcome(s, 'anterior', { key: request.key, values, problems: [], pending: false, fromFile: false })
}

afterEach(() => setLocale('en'))

/** A record visit of the anterior figure on `date`, the right tragus moved down by `dy` px. */
function visit(id: string, date: string, dy: number): VisitRecord {
  const doc = markedDoc('anterior')
  const tragus = doc.markers.tragus_der!
  const moved = { ...doc, markers: { ...doc.markers, tragus_der: [tragus[0], tragus[1] + dy] as const } }
  const state = commands.setMeta(commands.commit(initialState(), moved), { patientId: 'PAC-0042', date })
  const created = `${date}T09:00:00.000Z`
  return {
    id,
    patientId: 'p',
    date,
    created,
    updated: created,
    file: assessmentFileOf(state, NOW)!,
    rev: 1,
    photos: {},
  }
}

describe('reportContentOf', () => {
  test('in Spanish: the labels of the terms, each value with its u, provisional metrics marked and listed by label', () => {
    setLocale('es')
    const content = reportContentOf(answered(), { patientName: 'José Núñez', now: NOW })
    assert.equal(content.title, 'Análisis postural')
    assert.equal(content.language, 'es-ES')
    assert.equal(content.running, 'PAC-0042 (José Núñez) · 14 de abril de 2026')
    const [view] = content.views
    assert.ok(view?.rows)
    const metrics = metricsOf('anterior')
    assert.deepEqual(
      view.rows.map((r) => r.label),
      metrics.map((m) => ES_TERMS.metrics.anterior[m.name]!.label),
    )
    for (const r of view.rows)
      assert.match(r.value, /^[+\u2212]?\d+,\d(°|\u00a0cm)\u00a0±\u00a0\d+,\d(°|\u00a0cm)$/, r.value)
    const provisional = metrics.filter((m) => m.markers.includes('escotadura_esternal'))
    assert.ok(provisional.length > 0)
    assert.deepEqual(
      view.rows.filter((r) => r.provisional).map((r) => r.label),
      provisional.map((m) => ES_TERMS.metrics.anterior[m.name]!.label),
    )
    // A row's `name` is for programs (the printed report's data attribute); no printed text holds a field name.
    const text = JSON.stringify(content, (key, value) => (key === 'name' ? undefined : value))
    for (const m of metrics) assert.ok(!text.includes(m.name), `no field name: ${m.name}`)
    assert.deepEqual(
      view.rows.map((r) => r.name),
      metrics.map((m) => m.name),
    )
    assert.ok(view.notes.some((n) => n.startsWith('Provisional: ') && n.includes(provisional[0]!.label)))
  })

  test('without a record name: the identifier alone; without patient or date: no running text', () => {
    const content = reportContentOf(answered(), { now: NOW })
    assert.equal(content.running, 'PAC-0042 · April 14, 2026')
    assert.match(content.patientLine, /^Patient ID: PAC-0042 · Assessment date: April 14, 2026$/)
    const empty = reportContentOf(initialState(), { now: NOW })
    assert.equal(empty.running, '')
    assert.equal(empty.views.length, 0)
    assert.equal(empty.empty, 'Nothing marked yet.')
  })

  test("the file is named like the visit's other files", () => {
    assert.equal(reportPdfFileName(answered()), 'posture-PAC-0042-2026-04-14-report.pdf')
    assert.equal(reportPdfFileName(initialState()), 'posture-report.pdf')
  })

  test('the patient summary: its own title, values without the statistics, no capture facts; the clinic and the notes', () => {
    setLocale('es')
    // The visit's notes, as typed: line breaks kept, a run of blank lines one, blank ends and trailing spaces left out.
    const noted = commands.setNotes(
      answered(),
      '\n\nPrimera visita.  \nDolor lumbar.\n\n\n\nRevisar en tres meses.\n\n',
    )
    const content = reportContentOf(noted, {
      patientName: 'José Núñez',
      now: NOW,
      kind: 'summary',
      settings: { clinic: 'Clínica Núñez', clinician: 'Dra. Pérez', logo: null },
    })
    assert.equal(content.kind, 'summary')
    assert.equal(content.title, 'Su valoración postural')
    assert.equal(content.clinic, 'Clínica Núñez')
    assert.equal(content.clinician, 'Profesional: Dra. Pérez')
    assert.deepEqual(content.notes, ['Primera visita.', 'Dolor lumbar.', '', 'Revisar en tres meses.'])
    assert.equal(content.notesHeading, 'Notas e interpretación del profesional')
    const [view] = content.views
    assert.equal(view?.facts, '')
    for (const r of view?.rows ?? []) assert.doesNotMatch(r.value, /±/, r.value)
    assert.equal(content.comparison, null, 'no comparison loaded')
    assert.equal(reportPdfFileName(answered(), 'summary'), 'postura-PAC-0042-2026-04-14-resumen.pdf')
  })

  test('the patient summary in plain words: a sentence per metric with its change since the earlier visit, the numbers apart, what judged the changes said once', () => {
    setLocale('es')
    // An earlier visit of the same patient, its right tragus 12 px lower: the head's tilt changed, nothing else.
    const doc = markedDoc('anterior')
    const tragus = doc.markers.tragus_der!
    const lower = { ...doc, markers: { ...doc.markers, tragus_der: [tragus[0], tragus[1] + 12] as const } }
    const earlier = commands.setMeta(commands.commit(initialState(), lower), {
      patientId: 'PAC-0042',
      date: '2026-01-10',
    })
    const loaded = parseAssessmentFile(JSON.stringify(assessmentFileOf(earlier, NOW)))
    const s = commands.comparisonLoaded(answered(), 'enero.json', loaded)
    const content = reportContentOf(s, { now: NOW, kind: 'summary' })
    assert.equal(content.columns.metric, 'Lo que vimos')
    const rows = content.views[0]?.rows ?? []
    const metrics = metricsOf('anterior')
    assert.equal(rows.length, metrics.length)
    const sentences = rows.map((r) => r.label)
    assert.equal(new Set(sentences).size, sentences.length, 'no sentence repeated')
    rows.forEach((r, i) => {
      const m = metrics[i]!
      assert.ok(r.label.startsWith(es[whatKey('anterior', m.name)] as string), r.label)
      assert.match(r.label, /\.$/, 'one sentence')
      assert.doesNotMatch(r.label, /_|±/, r.label)
      assert.ok(!r.label.includes(ES_TERMS.metrics.anterior[m.name]!.label), `not the clinical label: ${r.label}`)
      assert.match(r.value, /\(antes .*; cambio .*\)$/, r.value)
    })
    const head = sentences[metrics.findIndex((m) => m.name === 'head_angle')]!
    assert.match(
      head,
      /desde la visita anterior se movió \d+,\d° hacia su (derecha|izquierda), un cambio real\.$/,
      head,
    )
    assert.ok(sentences.some((x) => x.endsWith(', sin un cambio real desde la visita anterior.')))
    const c = content.comparison
    assert.ok(c)
    assert.deepEqual(c.rows, [], 'the findings say each change: no table repeating them')
    const placement = c.evidence.filter((e) => e.startsWith('Los cambios se compararon solo con el error de colocar'))
    assert.equal(placement.length, 1, 'what judged the changes, once')
  })

  test('the clinical report: every value with its u, the capture facts, no clinic line when none is set', () => {
    const content = reportContentOf(answered(), { now: NOW })
    assert.equal(content.kind, 'clinical')
    assert.equal(content.clinic, '')
    assert.equal(content.clinician, '')
    assert.deepEqual(content.notes, [])
    assert.ok(content.views[0]?.rows?.every((r) => r.value.includes('±')))
  })

  test('the trends page: the clinical report with two visits of the patient, a chart per metric of the views in the visit', () => {
    setLocale('es')
    const one = reportContentOf(answered(), { now: NOW, visits: [visit('a', '2026-01-20', 0)] })
    assert.equal(one.trends, null, 'one visit: no trends page')
    const visits = [visit('a', '2026-01-20', 0), visit('b', '2026-04-14', 30)]
    const content = reportContentOf(answered(), { now: NOW, visits })
    const trends = content.trends
    assert.ok(trends)
    assert.equal(trends.heading, 'Evolución de PAC-0042')
    assert.equal(trends.span, '2 visitas, del 20 de enero de 2026 al 14 de abril de 2026.')
    const head = trends.charts.find((c) => c.series.name === 'head_angle')
    assert.ok(head)
    assert.equal(head.label, `Anterior \u00b7 ${ES_TERMS.metrics.anterior.head_angle!.label}`)
    assert.equal(
      head.evidence,
      'Solo el error de colocación: un límite inferior (no hay datos de repetibilidad de esta medida)',
    )
    assert.ok(trends.charts.every((c) => c.series.view === 'anterior' && c.series.points.length === 2))
    assert.equal(reportContentOf(answered(), { now: NOW, kind: 'summary', visits }).trends, null, 'not in the summary')
  })
})
