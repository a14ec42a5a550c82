/** Unit tests of web/src/state/assessment-file.ts: what is saved, what loads back, and the message for each bad file. */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  ASSESSMENT_FILE_FORMAT,
  ASSESSMENT_FILE_VERSION,
  AssessmentFileError,
  parseAssessmentFile,
  savedView,
} from '../../../../web/src/state/assessment-file.js'
import { fcOf } from '../../../../web/src/state/model.js'
import { markedDoc } from '../fixtures.js'

function fileOf(views: Record<string, unknown>, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    format: ASSESSMENT_FILE_FORMAT,
    version: ASSESSMENT_FILE_VERSION,
    saved_at: '2026-01-01T00:00:00Z',
    view: 'posterior',
    views,
    ...extra,
  })
}

describe('assessment file', () => {
  test('the format value of the first version still identifies it', () => {
    assert.equal(ASSESSMENT_FILE_FORMAT, 'posture-metrics-session')
  })

  test('a saved view loads back as the same document, without the photo', () => {
    const doc = { ...markedDoc('posterior'), estimatePopliteal: true }
    const results = { coronal_balance_c7: 1.5 }
    const loaded = parseAssessmentFile(fileOf({ posterior: savedView('posterior', doc, results) }))
    assert.equal(loaded.view, 'posterior')
    const view = loaded.views.posterior!
    // The file keeps the fc the calibration gave; it comes back as a typed fc beside the points that gave it.
    assert.deepEqual(view.doc, { ...doc, photo: { ...doc.photo!, url: null }, fcTyped: fcOf(doc) })
    assert.equal(fcOf(view.doc), fcOf(doc))
    assert.deepEqual(view.results, results)
    assert.deepEqual(view.unknown, [])
  })

  test('what is saved: no picture, calibration, options of the view only', () => {
    const saved = savedView('lateral', { ...markedDoc('lateral'), side: 'left' }, null)
    assert.deepEqual(saved.image, { name: 'lateral.png', width: 600, height: 1000 })
    assert.equal(saved.side, 'left')
    assert.equal(saved.estimate_popliteal, undefined)
    assert.equal(JSON.stringify(saved).includes('data:'), false, 'the photo never goes into the file')
  })

  test('unknown markers are reported and ignored', () => {
    const loaded = parseAssessmentFile(fileOf({ anterior: { markers: { ombligo: [1, 2], elbow: [3, 4] } } }))
    assert.deepEqual(loaded.views.anterior!.unknown, ['elbow'])
    assert.deepEqual(loaded.views.anterior!.doc.markers, { ombligo: [1, 2] })
  })

  const bad: [string, string, RegExp][] = [
    ['not JSON', '{', /not JSON/],
    ['another format', JSON.stringify({ format: 'x' }), /expected "format": "posture-metrics-session"/],
    [
      'another version',
      JSON.stringify({ format: ASSESSMENT_FILE_FORMAT, version: 9 }),
      /version 9; this app reads version 1/,
    ],
    ['no views', JSON.stringify({ format: ASSESSMENT_FILE_FORMAT, version: 1 }), /no "views" object/],
    ['unknown view', fileOf({ top: {} }), /Unknown view "top"; expected one of anterior, posterior, lateral/],
    [
      'bad point',
      fileOf({ anterior: { markers: { ombligo: [1] } } }),
      /views\.anterior\.markers\.ombligo must be a two-number array \[x, y\]; got \[1\]/,
    ],
    [
      'bad distance',
      fileOf({ anterior: { calibration: { grid_size_cm: 0 } } }),
      /grid_size_cm must be a number > 0; got 0/,
    ],
    [
      'bad size',
      fileOf({ anterior: { image: { width: 0, height: 5 } } }),
      /views\.anterior\.image must have a positive width and height/,
    ],
    ['bad side', fileOf({ lateral: { side: 'up' } }), /views\.lateral\.side must be "right" \| "left"/],
    ['bad option', fileOf({ posterior: { estimate_popliteal: 'yes' } }), /estimate_popliteal must be true or false/],
  ]
  for (const [what, text, message] of bad) {
    test(`a bad file says what is wrong: ${what}`, () => {
      assert.throws(
        () => parseAssessmentFile(text),
        (error: unknown) => error instanceof AssessmentFileError && message.test(error.message),
      )
    })
  }
})
