/**
 * Unit tests of the capture conditions (made by web/src/capture/conditions.ts, judged
 * and worded by state/capture-conditions.ts, the question by capture/wording.ts): made
 * at the shutter from the level reading, judged against the limit they were taken
 * with, kept in the document with their photo (undo, redo, another photo, an
 * assessment file's photo attached), and said in both languages: the question before
 * keeping a tilted shot, the line beside the results, the warning.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { photoCaptured } from '../../../../web/src/capture/commands.js'
import { captureConditionsOf } from '../../../../web/src/capture/conditions.js'
import { levelOf } from '../../../../web/src/capture/level.js'
import { keepTiltedQuestion } from '../../../../web/src/capture/wording.js'
import { setLocale } from '../../../../web/src/i18n/index.js'
import {
  ASSESSMENT_FILE_FORMAT,
  ASSESSMENT_FILE_VERSION,
  parseAssessmentFile,
  savedView,
} from '../../../../web/src/state/assessment-file.js'
import {
  conditionsText,
  isTilted,
  levelExcessOf,
  scaleMethodText,
  tiltWarningText,
} from '../../../../web/src/state/capture-conditions.js'
import { assessmentLoaded, photoOpened, redo, undo } from '../../../../web/src/state/commands.js'
import { type CaptureConditions, type Doc, EMPTY_DOC } from '../../../../web/src/state/model.js'
import { current, initialState } from '../../../../web/src/state/state.js'
import { markedDoc } from '../fixtures.js'

function inSpanish<T>(f: () => T): T {
  setLocale('es')
  try {
    return f()
  } finally {
    setLocale('en')
  }
}

const STILL = { width: 720, height: 1280 } as const
const AT = new Date('2026-04-14T10:30:00.000Z')
/** Upright, turned 4 deg in the screen's plane (level.test.ts); looking 4 deg down; within the limit; no sensor. */
const rolled = captureConditionsOf(levelOf(86, -90), STILL, AT)
const pitched = captureConditionsOf(levelOf(86, 0), STILL, AT)
const level = captureConditionsOf(levelOf(89.5, 0), STILL, AT)
const noSensor = captureConditionsOf({ kind: 'no-sensor' }, STILL, AT)

const close = (a: number | null, b: number, what: string) =>
  assert.ok(a !== null && Math.abs(a - b) < 1e-9, `${what}: ${a} vs ${b}`)

describe('capture conditions', () => {
  test('made at the shutter: the still, the time, the roll and pitch read then and the limit', () => {
    assert.equal(rolled.source, 'camera')
    assert.deepEqual([rolled.width, rolled.height], [720, 1280])
    assert.equal(rolled.takenAt, '2026-04-14T10:30:00.000Z')
    close(rolled.rollDeg, 4, 'roll')
    close(rolled.pitchDeg, 0, 'pitch')
    assert.equal(rolled.levelToleranceDeg, 1.5)
    assert.equal(rolled.keptTilted, false)
  })

  test('no orientation reading (no sensor, or none yet): roll and pitch are null', () => {
    assert.deepEqual([noSensor.rollDeg, noSensor.pitchDeg], [null, null])
    const waiting = captureConditionsOf({ kind: 'waiting' }, STILL, AT)
    assert.deepEqual([waiting.rollDeg, waiting.pitchDeg], [null, null])
  })

  test('tilted when the roll or the pitch is beyond the limit the shot was taken with', () => {
    assert.deepEqual(levelExcessOf(rolled), { roll: true, pitch: false })
    assert.deepEqual(levelExcessOf(pitched), { roll: false, pitch: true })
    assert.equal(isTilted(rolled), true)
    assert.equal(isTilted(pitched), true)
    assert.equal(isTilted(level), false)
    assert.equal(isTilted(noSensor), false, 'no reading: nothing to judge')
    assert.equal(isTilted({ ...rolled, levelToleranceDeg: 5 }), false, 'the limit of the shot, not of today')
  })
})

describe('capture conditions in the document', () => {
  const photo = { name: 'camera-anterior.jpg', ...STILL, url: 'data:image/jpeg;base64,AA' }
  const kept: CaptureConditions = { ...rolled, keptTilted: true }

  test('kept with the photo: one undo step takes both away, redo brings both back', () => {
    const s = photoCaptured(initialState(), photo, 360, kept)
    assert.deepEqual(current(s).doc.capture, kept)
    const undone = undo(s)
    assert.equal(current(undone).doc.photo, null)
    assert.equal(current(undone).doc.capture, null)
    assert.deepEqual(current(redo(undone)).doc.capture, kept)
  })

  test('a photo opened from a file has none; undo brings back the captured one with its conditions', () => {
    const s = photoCaptured(initialState(), photo, 360, kept)
    const opened = photoOpened(s, { name: 'from-disk.jpg', width: 600, height: 1000, url: 'data:image/jpeg;base64,BB' })
    assert.equal(current(opened).doc.capture, null)
    const back = current(undo(opened)).doc
    assert.equal(back.photo?.name, 'camera-anterior.jpg')
    assert.deepEqual(back.capture, kept)
  })

  test('an assessment file restores them, and its photo attached from disk keeps them', () => {
    const doc: Doc = { ...markedDoc('anterior'), capture: kept }
    const text = JSON.stringify({
      format: ASSESSMENT_FILE_FORMAT,
      version: ASSESSMENT_FILE_VERSION,
      saved_at: '2026-04-14T11:00:00.000Z',
      view: 'anterior',
      views: { anterior: savedView('anterior', doc, null) },
    })
    const loaded = assessmentLoaded(initialState(), parseAssessmentFile(text))
    assert.deepEqual(current(loaded).doc.capture, kept)
    const p = doc.photo!
    const attached = photoOpened(loaded, { ...p, url: 'data:image/png;base64,CC' })
    assert.equal(current(attached).doc.photo?.url, 'data:image/png;base64,CC')
    assert.deepEqual(current(attached).doc.capture, kept, 'the same shot: its conditions stay')
  })
})

describe('capture conditions, worded', () => {
  test('the question at the shutter names the roll and the limit, in Spanish with a decimal comma', () => {
    assert.equal(
      inSpanish(() => keepTiltedQuestion(rolled)),
      'El dispositivo estaba girado 4,0° (límite 1,5°): los ángulos frontales pueden desviarse otro tanto. ¿Conservar la foto o repetirla?',
    )
    assert.equal(
      keepTiltedQuestion(rolled),
      'The device was rolled 4.0° (limit 1.5°): frontal angles may be off by as much. Keep the photo or retake it?',
    )
    assert.match(
      inSpanish(() => keepTiltedQuestion(pitched)),
      /^La cámara apuntaba 4,0° hacia abajo \(límite 1,5°\): .*¿Conservar la foto o repetirla\?$/,
    )
  })

  test('the line beside the results: camera, resolution, roll and pitch, scale method', () => {
    const doc: Doc = { ...markedDoc('anterior'), capture: rolled }
    assert.equal(
      conditionsText(doc),
      'Photo taken with the camera, 720 × 1280 px · roll 4.0°, pitch 0.0° (limit 1.5°) · scale: a known length (40 cm)',
    )
    assert.equal(
      inSpanish(() => conditionsText({ ...doc, scaleBy: 'stature', gridCm: 172.5 })),
      'Foto hecha con la cámara, 720 × 1280 px · giro 4,0°, cabeceo 0,0° (límite 1,5°) · escala: la estatura del sujeto (172,5 cm)',
    )
    assert.equal(
      inSpanish(() => conditionsText({ ...doc, capture: noSensor })),
      'Foto hecha con la cámara, 720 × 1280 px · sin sensor de nivel · escala: una longitud conocida (40 cm)',
    )
    assert.equal(
      inSpanish(() => conditionsText({ ...doc, capture: null })),
      'Foto abierta desde un archivo · escala: una longitud conocida (40 cm)',
    )
    assert.equal(conditionsText(EMPTY_DOC), '', 'no photo, no line')
  })

  test('the scale method: known length, stature, fc typed in, none yet', () => {
    const doc = markedDoc('anterior')
    assert.equal(scaleMethodText(doc), 'scale: a known length (40 cm)')
    assert.equal(scaleMethodText({ ...doc, scaleBy: 'stature', gridCm: null }), "scale: the subject's height")
    assert.equal(scaleMethodText({ ...doc, scale: [null, null], fcTyped: 0.27 }), 'scale: fc typed in')
    assert.equal(
      inSpanish(() => scaleMethodText({ ...doc, scale: [null, null] })),
      'sin escala todavía',
    )
  })

  test('the warning: only beyond the limit, saying the shot was kept', () => {
    assert.equal(
      tiltWarningText({ ...rolled, keptTilted: true }),
      'The device was rolled 4.0° (limit 1.5°): frontal angles may be off by as much. Kept anyway.',
    )
    assert.equal(
      inSpanish(() => tiltWarningText(rolled)),
      'El dispositivo estaba girado 4,0° (límite 1,5°): los ángulos frontales pueden desviarse otro tanto.',
    )
    assert.equal(tiltWarningText(level), '')
    assert.equal(tiltWarningText(noSensor), '')
    assert.equal(tiltWarningText(null), '')
  })
})
