/** Unit tests of the CSV export and the result entries it is built from (web/src/csv.ts). */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import * as commands from '../../../web/src/commands.js'
import { csvOf, resultEntries } from '../../../web/src/csv.js'
import { metricsOf } from '../../../web/src/metrics.js'
import { fcOf, requestOf, type View } from '../../../web/src/model.js'
import { initialState, type AppState } from '../../../web/src/state.js'
import { markedDoc } from './fixtures.js'

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
    assert.equal(lines[0], 'view,side,metric,value,unit,meaning,photo,fc_cm_per_px,lrv_x_px')
    assert.equal(lines.length, 1 + metrics.length)
    const doc = markedDoc('anterior')
    const first = lines[1]!
    assert.ok(first.startsWith(`anterior,,${metrics[0]!.name},0.123456789012345,`), first)
    assert.ok(first.endsWith(`,anterior.png,${fcOf(doc)},${doc.lrvX}`), first)
  })

  test('fields with commas or quotes are quoted', () => {
    const s = answered('lateral', { [metricsOf('lateral')[0]!.name]: 1 })
    const photoName = 'a "b", c.png'
    const withName = commands.commit(s, { ...s.views.lateral.doc, photo: { ...s.views.lateral.doc.photo!, name: photoName } })
    const request = requestOf('lateral', withName.views.lateral.doc)
    assert.ok(request.ready)
    const again = commands.setOutcome(withName, 'lateral', { ...withName.views.lateral.outcome, key: request.key })
    const line = csvOf(resultEntries(again)).split('\r\n')[1]!
    assert.ok(line.startsWith('lateral,left,'), line)
    assert.ok(line.includes(',"a ""b"", c.png",'), line)
  })

  test('only values that answer the document as it is now', () => {
    const s = answered('anterior', { head_angle: 1 })
    const moved = commands.moveTarget(s, 'ombligo', [10, 10])
    assert.equal(resultEntries(moved)[0]!.values, null)
    assert.equal(csvOf(resultEntries(moved)).trimEnd().split('\r\n').length, 1, 'header only')
    assert.deepEqual(resultEntries(initialState()), [], 'views with nothing marked are left out')
  })
})
