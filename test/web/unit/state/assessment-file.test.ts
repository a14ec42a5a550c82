/** Unit tests of web/src/state/assessment-file.ts: what is saved, what loads back, and the message for each bad file. */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { setLocale } from '../../../../web/src/i18n/index.js'
import {
  ASSESSMENT_FILE_FORMAT,
  ASSESSMENT_FILE_VERSION,
  AssessmentFileError,
  parseAssessmentFile,
  savedView,
} from '../../../../web/src/state/assessment-file.js'
import { type CaptureConditions, fcOf } from '../../../../web/src/state/model.js'
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

/** A saved capture with one field changed (undefined: removed). */
function captureWith(change: Record<string, unknown>): string {
  const capture: Record<string, unknown> = {
    source: 'camera',
    width: 720,
    height: 1280,
    taken_at: '2026-04-14T10:30:00.000Z',
    roll_deg: 4,
    pitch_deg: 0,
    level_tolerance_deg: 1.5,
    ...change,
  }
  for (const [k, v] of Object.entries(change)) if (v === undefined) delete capture[k]
  return fileOf({ anterior: { image: { name: 'a.jpg', width: 720, height: 1280 }, capture } })
}

function badCaptures(): [string, string, RegExp][] {
  return [
    [
      'capture not an object',
      fileOf({ anterior: { capture: 'camera' } }),
      /views\.anterior\.capture must be an object/,
    ],
    ['capture null', fileOf({ anterior: { capture: null } }), /views\.anterior\.capture must be an object/],
    ['capture from elsewhere', captureWith({ source: 'file' }), /capture\.source must be "camera"; got "file"/],
    [
      'capture width not whole pixels',
      captureWith({ width: 720.5 }),
      /capture\.width must be a whole number of pixels > 0; got 720\.5/,
    ],
    ['capture height missing', captureWith({ height: undefined }), /views\.anterior\.capture\.height is missing/],
    [
      'capture time not ISO',
      captureWith({ taken_at: '14/04/2026 10:30' }),
      /capture\.taken_at must be an ISO date and time .*; got "14\/04\/2026 10:30"/,
    ],
    [
      'capture roll not a number',
      captureWith({ roll_deg: '4' }),
      /capture\.roll_deg must be a number of degrees between −180 and 180, or null .*; got "4"/,
    ],
    ['capture pitch missing', captureWith({ pitch_deg: undefined }), /capture\.pitch_deg is missing/],
    ['capture pitch out of range', captureWith({ pitch_deg: 400 }), /capture\.pitch_deg must be a number of degrees/],
    [
      'capture tolerance not positive',
      captureWith({ level_tolerance_deg: 0 }),
      /capture\.level_tolerance_deg must be a number > 0; got 0/,
    ],
    ['capture kept_tilted not boolean', captureWith({ kept_tilted: 'yes' }), /kept_tilted must be true or false/],
  ]
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

  const rolled: CaptureConditions = {
    source: 'camera',
    width: 720,
    height: 1280,
    takenAt: '2026-04-14T10:30:00.000Z',
    rollDeg: 4.000000000000001,
    pitchDeg: -0.25,
    levelToleranceDeg: 1.5,
    keptTilted: true,
  }

  test('the capture conditions are saved per view in the agreed shape, and load back', () => {
    const doc = { ...markedDoc('anterior'), capture: rolled }
    const saved = savedView('anterior', doc, null)
    assert.deepEqual(JSON.parse(JSON.stringify(saved.capture)), {
      source: 'camera',
      width: 720,
      height: 1280,
      taken_at: '2026-04-14T10:30:00.000Z',
      roll_deg: 4.000000000000001,
      pitch_deg: -0.25,
      level_tolerance_deg: 1.5,
      kept_tilted: true,
    })
    const loaded = parseAssessmentFile(fileOf({ anterior: saved }))
    assert.deepEqual(loaded.views.anterior!.doc.capture, rolled)
  })

  test('kept_tilted only when a tilted shot was kept; null roll and pitch (no sensor) load back as null', () => {
    const noSensor = { ...rolled, rollDeg: null, pitchDeg: null, keptTilted: false }
    const saved = savedView('anterior', { ...markedDoc('anterior'), capture: noSensor }, null)
    assert.equal('kept_tilted' in saved.capture!, false)
    assert.deepEqual([saved.capture!.roll_deg, saved.capture!.pitch_deg], [null, null])
    assert.deepEqual(parseAssessmentFile(fileOf({ anterior: saved })).views.anterior!.doc.capture, noSensor)
  })

  test('a photo opened from a file: no "capture" in the file, and none when loaded', () => {
    const saved = savedView('anterior', markedDoc('anterior'), null)
    assert.equal('capture' in saved, false)
    assert.equal(parseAssessmentFile(fileOf({ anterior: saved })).views.anterior!.doc.capture, null)
  })

  test('unknown markers are reported and ignored', () => {
    const loaded = parseAssessmentFile(fileOf({ anterior: { markers: { ombligo: [1, 2], elbow: [3, 4] } } }))
    assert.deepEqual(loaded.views.anterior!.unknown, ['elbow'])
    assert.deepEqual(loaded.views.anterior!.doc.markers, { ombligo: [1, 2] })
  })

  const bad: [string, string, RegExp][] = [
    ['not JSON', '{', /not readable JSON/],
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
    ...badCaptures(),
  ]
  for (const [what, text, message] of bad) {
    test(`a bad file says what is wrong: ${what}`, () => {
      assert.throws(
        () => parseAssessmentFile(text),
        (error: unknown) => error instanceof AssessmentFileError && message.test(error.message),
      )
    })
  }

  test('a malformed capture is refused in Spanish too', () => {
    setLocale('es')
    try {
      assert.throws(
        () => parseAssessmentFile(captureWith({ roll_deg: '4' })),
        (error: unknown) =>
          error instanceof AssessmentFileError &&
          /^views\.anterior\.capture\.roll_deg debe ser un número de grados entre −180 y 180, o null si el dispositivo no dio lectura; se encontró "4"\.$/.test(
            error.message,
          ),
      )
    } finally {
      setLocale('en')
    }
  })
})
