/**
 * The scale from the subject's height (issue 15, calibration aid): the scale points
 * become the top of the head and the floor, fc is the typed stature over their span,
 * no grid_size_cm is sent, the stature's own uncertainty is propagated into the
 * distances (not the angles), and the assessment file keeps the choice.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { placementOf } from '../../../../web/src/compare/from-state.js'
import { propagate, STATURE_U_CM } from '../../../../web/src/metrics/uncertainty.js'
import { ASSESSMENT_FILE_FORMAT, parseAssessmentFile, savedView } from '../../../../web/src/state/assessment-file.js'
import { setKnownDistance, setScaleBy } from '../../../../web/src/state/commands.js'
import { requestOf, scaleLengthPx, targetsOf } from '../../../../web/src/state/model.js'
import { current, initialState } from '../../../../web/src/state/state.js'
import { markedDoc } from '../fixtures.js'

const byLength = markedDoc('anterior')
const byStature = { ...byLength, scaleBy: 'stature' as const }

describe("scale from the subject's height", () => {
  test('the scale points are the top of the head and the floor', () => {
    const [a, b] = targetsOf('anterior', byStature)
    assert.equal(a!.label, 'Top of the head')
    assert.equal(b!.label, 'Floor under the heels')
    assert.equal(targetsOf('anterior', byLength)[0]!.label !== 'Top of the head', true)
  })

  test('fc = stature / span, and no grid_size_cm in the request', () => {
    const r = requestOf('anterior', byStature)
    assert.ok(r.ready)
    const calibration = r.body.calibration as Record<string, number>
    assert.equal(calibration.fc, byStature.gridCm! / scaleLengthPx(byStature)!)
    assert.equal('grid_size_cm' in calibration, false)
    const known = requestOf('anterior', byLength)
    assert.ok(known.ready && 'grid_size_cm' in (known.body.calibration as object))
  })

  test("the stature's uncertainty widens the distances by d / L · u(L), and leaves the angles alone", () => {
    const sd = 2
    const withLength = Object.fromEntries(propagate(placementOf('anterior', byLength), { sd }).map((m) => [m.name, m]))
    const withStature = propagate(placementOf('anterior', byStature), { sd })
    let distances = 0
    for (const m of withStature) {
      const before = withLength[m.name]!
      if (m.unit === 'degrees') {
        assert.equal(m.u, before.u, m.name)
        continue
      }
      const extra = (m.value / byStature.gridCm!) * STATURE_U_CM
      assert.ok(
        Math.abs(m.u ** 2 - before.u ** 2 - extra ** 2) < 1e-6 * Math.max(1, m.u ** 2),
        `${m.name}: ${m.u} vs ${before.u} + ${extra}`,
      )
      distances++
    }
    assert.ok(distances > 0)
  })

  test('the command, its invalid-height notice, and the assessment file keep the choice', () => {
    const s = setScaleBy(initialState(), 'stature')
    assert.equal(current(s).doc.scaleBy, 'stature')
    assert.match(setKnownDistance(s, 'abc').notice!.text, /subject's height/)
    const saved = savedView('anterior', byStature, null)
    assert.equal(saved.calibration.scale_by, 'stature')
    const file = {
      format: ASSESSMENT_FILE_FORMAT,
      version: 1,
      saved_at: '2026-11-23T00:00:00Z',
      view: 'anterior',
      views: { anterior: saved },
    }
    assert.equal(parseAssessmentFile(JSON.stringify(file)).views.anterior!.doc.scaleBy, 'stature')
    assert.equal(savedView('anterior', byLength, null).calibration.scale_by, undefined)
  })
})
