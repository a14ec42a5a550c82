/**
 * What the conflict dialog lists as differing between this device's copy and the server's
 * (web/src/record/sync/differences.ts): the notes' lines only one side has (in order, by a
 * longest common subsequence), a marker's distance in px and in cm with a scale, a view, a
 * scale or a photo on one side only or changed; nothing both sides hold alike.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  differingLines,
  patientDifferences,
  samePhotos,
  type VisitSide,
  visitDifferences,
} from '../../../../web/src/record/sync/differences.js'
import type { AssessmentFile } from '../../../../web/src/state/assessment-file.js'

function file(notes: string, nasal: [number, number], fc: number | null): AssessmentFile {
  return {
    format: 'posture-metrics-session',
    version: 1,
    saved_at: '2026-11-28T10:00:00.000Z',
    view: 'anterior',
    ...(notes ? { notes } : {}),
    views: {
      anterior: {
        image: null,
        calibration: { lrv_x: null, fc, grid_size_cm: null, scale_points: [null, null] },
        markers: { espina_nasal: nasal, menton: [100, 200] },
        results: null,
      },
    },
  } as unknown as AssessmentFile
}

const side = (f: AssessmentFile, photo = 'a'.repeat(64), date = '2026-11-28'): VisitSide => ({
  date,
  patient: 'PAC-1',
  file: f,
  photos: { anterior: photo },
})

describe('the differences of a sync conflict', () => {
  test('the lines only one side has, in order', () => {
    assert.deepEqual(differingLines('a\nb\nc', 'a\nb\nc'), { mine: [], theirs: [] })
    assert.deepEqual(differingLines('a\nmine\nc', 'a\ntheirs\nc\nd'), { mine: ['mine'], theirs: ['theirs', 'd'] })
    assert.deepEqual(differingLines('', 'x'), { mine: [], theirs: ['x'] })
  })

  test('identical copies: nothing listed; the same photos said as such', () => {
    const a = side(file('Nota.', [10, 20], 0.1))
    assert.deepEqual(visitDifferences(a, side(file('Nota.', [10, 20], 0.1))), [])
    assert.equal(samePhotos(a, side(file('Nota.', [10, 20], 0.1))), true)
  })

  test('notes, a moved marker (px and cm), the date and a photo, and nothing else', () => {
    const mine = side(file('Igual.\nSolo aquí.', [10, 20], 0.1))
    const theirs = side(file('Igual.\nSolo allí.', [13, 24], 0.1), 'b'.repeat(64), '2026-11-29')
    assert.deepEqual(visitDifferences(mine, theirs), [
      { field: 'date', mine: '2026-11-28', theirs: '2026-11-29' },
      { field: 'notes', mine: ['Solo aquí.'], theirs: ['Solo allí.'] },
      { field: 'marker', view: 'anterior', marker: 'espina_nasal', mine: [10, 20], theirs: [13, 24], px: 5, cm: 0.5 },
      { field: 'photo', view: 'anterior', change: 'other' },
    ])
    assert.equal(samePhotos(mine, theirs), false)
  })

  test('without a scale, no cm; a changed scale is a difference of its own', () => {
    const d = visitDifferences(side(file('', [0, 0], null)), side(file('', [0, 1], 0.2)))
    assert.deepEqual(d, [
      { field: 'marker', view: 'anterior', marker: 'espina_nasal', mine: [0, 0], theirs: [0, 1], px: 1, cm: 0.2 },
      { field: 'scale', view: 'anterior', mine: null, theirs: 0.2 },
    ])
    const none = visitDifferences(side(file('', [0, 0], null)), side(file('', [0, 1], null)))
    assert.deepEqual(none[0], {
      field: 'marker',
      view: 'anterior',
      marker: 'espina_nasal',
      mine: [0, 0],
      theirs: [0, 1],
      px: 1,
      cm: null,
    })
  })

  test("a patient's fields", () => {
    assert.deepEqual(
      patientDifferences({ identifier: 'P', name: 'Ana', notes: 'x' }, { identifier: 'P', name: 'Ana', notes: 'x' }),
      [],
    )
    assert.deepEqual(
      patientDifferences(
        { identifier: 'P', name: 'Ana', notes: 'x' },
        { identifier: 'P', name: 'Ana M.', notes: 'x\ny' },
      ),
      [
        { field: 'name', mine: 'Ana', theirs: 'Ana M.' },
        { field: 'notes', mine: [], theirs: ['y'] },
      ],
    )
  })
})
