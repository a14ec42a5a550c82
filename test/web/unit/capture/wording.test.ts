/**
 * Unit tests of the capture screen's sentences (web/src/capture/wording.ts) in both
 * languages, and of the command that opens a captured still (capture/commands.ts).
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { photoCaptured } from '../../../../web/src/capture/commands.js'
import { captureConditionsOf } from '../../../../web/src/capture/conditions.js'
import { checkFraming } from '../../../../web/src/capture/framing.js'
import { levelOf } from '../../../../web/src/capture/level.js'
import {
  checkText,
  framingUnavailableText,
  levelText,
  problemDetails,
  problemText,
} from '../../../../web/src/capture/wording.js'
import { setLocale } from '../../../../web/src/i18n/index.js'
import { current, initialState, promptOf } from '../../../../web/src/state/state.js'
import { PHOTO, standing, withLandmarks } from '../pose/standing.js'

function inSpanish<T>(f: () => T): T {
  setLocale('es')
  try {
    return f()
  } finally {
    setLocale('en')
  }
}

describe('capture sentences', () => {
  test('feet cut off and the wrong facing, in English and Spanish', () => {
    const cut = withLandmarks(standing('back'), {
      LEFT_HEEL: { visibility: 0 },
      LEFT_ANKLE: { visibility: 0 },
      LEFT_FOOT_INDEX: { visibility: 0 },
    })
    const checks = checkFraming('anterior', 'right', cut, PHOTO)
    const english = checks.map(checkText)
    assert.ok(
      english.includes(
        'Not all in the frame: the left foot cut off. Step back or aim the camera so the head and both feet are inside.',
      ),
      english.join('\n'),
    )
    assert.ok(
      english.some((s) => s.startsWith('Facing the wrong way: this looks like a back view')),
      english.join('\n'),
    )
    const spanish = inSpanish(() => checks.map(checkText))
    assert.ok(
      spanish.some((s) => s.startsWith('No cabe entero, queda fuera: el pie izquierdo.')),
      spanish.join('\n'),
    )
    assert.ok(
      spanish.some((s) => s.startsWith('Orientada al revés: parece una vista posterior')),
      spanish.join('\n'),
    )
  })

  test('the level with a decimal comma in Spanish, and the missing sensor', () => {
    assert.equal(
      levelText(levelOf(86, 0)),
      'Not level: roll 0.0°, pitch −4.0°. Keep both within 1.5°. Aim the camera higher.',
      'the camera leaning forward looks down: aim higher',
    )
    assert.match(
      inSpanish(() => levelText(levelOf(89.5, 0))),
      /^Nivelada: giro 0,0°, cabeceo −0,5° \(dentro de 1,5°\)\.$/,
    )
    assert.match(levelText({ kind: 'no-sensor' }), /no tilt/)
  })

  test('camera problems name what to do', () => {
    assert.match(
      problemText({ type: 'insecure-context', ctx: { origin: 'http://10.0.0.5:8000' } }),
      /HTTPS.*localhost.*docs\/deploy\.md.*http:\/\/10\.0\.0\.5:8000/,
    )
    assert.match(problemText({ type: 'permission-refused', ctx: { name: 'NotAllowedError' } }), /refused.*Open photo/)
    assert.match(
      inSpanish(() => problemText({ type: 'no-camera', ctx: { name: 'NotFoundError' } })),
      /No se encontró ninguna cámara/,
    )
  })

  test("a camera failing for a reason the app cannot name: the engine's words only in the details", () => {
    // Before the fix: "No se pudo encender la cámara (NotSupportedError)", the engine's name in the sentence.
    const failed = {
      type: 'camera-failed',
      ctx: { name: 'NotSupportedError', message: 'The operation is not supported.' },
    } as const
    assert.equal(
      inSpanish(() => problemText(failed)),
      'No se pudo encender la cámara. Use «Abrir foto».',
    )
    assert.equal(problemDetails(failed), 'NotSupportedError: The operation is not supported.')
    assert.equal(problemDetails({ type: 'no-camera', ctx: { name: 'NotFoundError' } }), undefined)
  })
})

describe('photo captured', () => {
  const photo = { name: 'camera-anterior.jpg', width: 1080, height: 1920, url: 'data:image/jpeg;base64,AA' }
  const at = new Date('2026-04-14T10:30:00.000Z')

  test('opens the still with the reference line at the plumb line, in one undo step', () => {
    const s = photoCaptured(initialState(), photo, 540, captureConditionsOf(levelOf(90, 0), photo, at))
    const vs = current(s)
    assert.equal(vs.doc.photo, photo)
    assert.equal(vs.doc.lrvX, 540)
    assert.equal(vs.past.length, 1)
    assert.notEqual(promptOf(s), 'lrv')
    assert.match(s.notice!.text, /1080 × 1920 px/)
  })

  test('a tilted camera adds a warning to the notice', () => {
    const s = photoCaptured(initialState(), photo, 540, captureConditionsOf(levelOf(86, 0), photo, at))
    assert.match(s.notice!.text, /tilted \(roll 0\.0°, pitch −4\.0°\)/)
  })
})

describe('the framing check when the pose model cannot run', () => {
  const FAILURES = [
    { type: 'no-wasm', ctx: { message: 'CompileError: WebAssembly.instantiate(): bad magic' } },
    { type: 'no-webgl', ctx: {} },
    { type: 'out-of-memory', ctx: { message: 'RangeError: Out of memory' } },
    { type: 'load-error', ctx: { file: 'pose_landmark_full.tflite', status: 404, message: 'Failed to fetch' } },
    { type: 'timeout', ctx: { phase: 'running', ms: 60000 } },
  ] as const

  test("a sentence with the suggestions' reason, in English and Spanish: never the failure's code or the engine's words", () => {
    for (const failure of FAILURES) {
      for (const [language, text] of [
        ['en', framingUnavailableText(failure)],
        ['es', inSpanish(() => framingUnavailableText(failure))],
      ] as const) {
        assert.ok(!text.includes(failure.type), `${language}: no code "${failure.type}" in "${text}"`)
        if ('message' in failure.ctx)
          assert.ok(!text.includes(failure.ctx.message), `${language}: no engine text in "${text}"`)
        assert.match(
          text,
          language === 'en'
            ? /^The framing check is not available: /
            : /^La comprobación del encuadre no está disponible: /,
        )
        assert.match(
          text,
          language === 'en' ? / Frame the body by the guides\.$/ : / Encuadre el cuerpo con las guías\.$/,
        )
      }
    }
    assert.match(
      inSpanish(() => framingUnavailableText(FAILURES[3])),
      /no se pudo cargar el modelo de pose desde el servicio \(pose_landmark_full\.tflite\)/,
    )
  })
})
