/** Unit tests of the CSV export and the result entries it is built from (web/src/files/results-csv.ts). */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { csvOf, resultEntries } from '../../../../web/src/files/results-csv.js'
import { spreadsheetCsv } from '../../../../web/src/i18n/csv-text.js'
import { setLocale } from '../../../../web/src/i18n/index.js'
import { metricsOf } from '../../../../web/src/metrics/metric-info.js'
import * as commands from '../../../../web/src/state/commands.js'
import { fcOf, requestOf, type View } from '../../../../web/src/state/model.js'
import { type AppState, initialState } from '../../../../web/src/state/state.js'
import { markedDoc } from '../fixtures.js'

/** A state whose view is marked and answered with `values` (as the analysis would record them). */
function answered(view: View, values: Record<string, unknown>, state: AppState = initialState()): AppState {
  let s = commands.commit(commands.setView(state, view), markedDoc(view))
  const request = requestOf(view, s.views[view].doc)
  assert.ok(request.ready)
  s = commands.setOutcome(s, view, { key: request.key, values, problems: [], pending: false, fromFile: false })
  return s
}

describe('csv', () => {
  test('header, one row per numeric metric, full precision, RFC 4180 line ends', () => {
    const metrics = metricsOf('anterior')
    const values = Object.fromEntries(metrics.map((m, i) => [m.name, i + 0.123456789012345]))
    const s = answered('anterior', { ...values, unit_angles: 'degrees' })
    const text = csvOf(resultEntries(s))
    assert.ok(text.endsWith('\r\n'))
    const lines = text.trimEnd().split('\r\n')
    assert.equal(
      lines[0],
      'patient,date,view,side,metric,value,uncertainty,unit,meaning,photo,fc_cm_per_px,lrv_x_px,placement_error_px,status',
    )
    assert.equal(lines.length, 1 + metrics.length)
    const doc = markedDoc('anterior')
    const first = lines[1]!
    assert.ok(first.startsWith(`,,anterior,,${metrics[0]!.name},0.123456789012345,`), first)
    assert.ok(first.endsWith(`,anterior.png,${fcOf(doc)},${doc.lrvX},2,confirmed`), first)
    const u = Number(first.split(',')[6])
    assert.ok(u > 0 && Number.isFinite(u), `uncertainty column: ${first}`)
  })

  test("the spreadsheet CSV in Spanish: byte-order mark, ';', decimal comma, every digit, Spanish words, typed text untouched", () => {
    const metrics = metricsOf('anterior')
    const values = Object.fromEntries(metrics.map((m, i) => [m.name, -(i + 0.123456789012345)]))
    setLocale('es')
    try {
      let s = answered('anterior', values)
      s = commands.setMeta(s, { patientId: '1.5 José', date: '2026-03-20' })
      const text = csvOf(resultEntries(s), 2, s.meta, spreadsheetCsv('es'))
      assert.ok(
        text.startsWith('\ufeffpaciente;fecha;vista;lado;medida;valor;incertidumbre;unidad;'),
        text.slice(0, 80),
      )
      const line = text.split('\r\n')[1]!
      const first = line.split(';')
      assert.equal(first[0], '1.5 José', 'a typed identifier is text, written as typed')
      assert.equal(first[5], '-0,123456789012345')
      assert.match(first[6]!, /^\d+,\d+$/)
      assert.equal(first[7], 'grados')
      // The metric in words in the spreadsheet CSV, its code in the column added last.
      assert.equal(first[4], metricsOf('anterior')[0]!.label)
      assert.ok(line.endsWith(`;2;confirmado;${metrics[0]!.name}`), line)
      // The machine CSV of the same state: ',' and '.', no mark.
      const data = csvOf(resultEntries(s), 2, s.meta)
      assert.ok(data.startsWith('paciente,fecha,'))
      assert.ok(data.split('\r\n')[1]!.includes(',-0.123456789012345,'))
    } finally {
      setLocale('en')
    }
  })

  test('fields with commas or quotes are quoted', () => {
    const s = answered('lateral', { [metricsOf('lateral')[0]!.name]: 1 })
    const photoName = 'a "b", c.png'
    const withName = commands.commit(s, {
      ...s.views.lateral.doc,
      photo: { ...s.views.lateral.doc.photo!, name: photoName },
    })
    const request = requestOf('lateral', withName.views.lateral.doc)
    assert.ok(request.ready)
    const again = commands.setOutcome(withName, 'lateral', { ...withName.views.lateral.outcome, key: request.key })
    const line = csvOf(resultEntries(again)).split('\r\n')[1]!
    assert.ok(line.startsWith(',,lateral,left,'), line)
    assert.ok(line.includes(',"a ""b"", c.png",'), line)
  })

  test('marks the values that use unconfirmed suggested markers as provisional', () => {
    const metrics = metricsOf('anterior')
    const values = Object.fromEntries(metrics.map((m, i) => [m.name, i]))
    let s = answered('anterior', values)
    const doc = s.views.anterior.doc
    // The sternal notch as a suggestion, at the same place (the service's answer still applies).
    s = commands.commit(s, { ...doc, markerStatus: { escotadura_esternal: 'suggested' } })
    const request = requestOf('anterior', s.views.anterior.doc)
    assert.ok(request.ready)
    s = commands.setOutcome(s, 'anterior', { ...s.views.anterior.outcome, key: request.key })
    const rows = csvOf(resultEntries(s)).trimEnd().split('\r\n').slice(1)
    const status = Object.fromEntries(rows.map((r) => [r.split(',')[4], r.split(',').at(-1)]))
    const usesNotch = metrics.filter((m) => m.markers.includes('escotadura_esternal')).map((m) => m.name)
    assert.ok(usesNotch.length > 0)
    for (const m of metrics)
      assert.equal(status[m.name], usesNotch.includes(m.name) ? 'provisional' : 'confirmed', m.name)
  })

  test('every row carries the patient as typed and the assessment date', () => {
    const s = answered('anterior', { head_angle: 1.5 })
    const lines = csvOf(resultEntries(s), 2, { patientId: ' PAC-0042 ', date: '2026-03-10', notes: '' })
      .trimEnd()
      .split('\r\n')
    assert.ok(lines[0]!.startsWith('patient,date,view,'), lines[0])
    assert.ok(lines[1]!.startsWith('PAC-0042,2026-03-10,anterior,,head_angle,1.5,'), lines[1])
  })

  test('only values that answer the document as it is now', () => {
    const s = answered('anterior', { head_angle: 1 })
    const moved = commands.moveTarget(s, 'ombligo', [10, 10])
    assert.equal(resultEntries(moved)[0]!.values, null)
    assert.equal(csvOf(resultEntries(moved)).trimEnd().split('\r\n').length, 1, 'header only')
    assert.deepEqual(resultEntries(initialState()), [], 'views with nothing marked are left out')
  })
})
