/**
 * The marker-suggestion commands (web/src/pose/suggestion-commands.ts) and what follows from
 * suggested markers (web/src/state/provisional.ts, the assessment file), pure, in Node:
 * suggestions go in as 'suggested' and never over the clinician's markers, notes say why
 * a marker was left, the view check's question and its dismissal, confirming by click and all at once, undo,
 * provisional metrics, and marker_status in the saved file.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { markerNames } from '#core/markers.js'
import { checkFacing } from '../../../../web/src/pose/facing.js'
import { suggestMarkers } from '../../../../web/src/pose/mapping.js'
import {
  applySuggestions,
  clearSuggestionNotes,
  confirmAllSuggestions,
  confirmSuggestion,
  dismissViewCheck,
  facingQuestion,
  failureDetails,
  SURE_VISIBILITY,
  type SuggestionResult,
  suggestionProgress,
  suggestionsToConfirm,
  sureOfSuggestion,
  unconfirmedCount,
} from '../../../../web/src/pose/suggestion-commands.js'
import {
  ASSESSMENT_FILE_FORMAT,
  ASSESSMENT_FILE_VERSION,
  parseAssessmentFile,
  savedView,
} from '../../../../web/src/state/assessment-file.js'
import * as commands from '../../../../web/src/state/commands.js'
import { EMPTY_DOC, type Photo, positionOf, statusOf } from '../../../../web/src/state/model.js'
import { provisionalMetrics, unconfirmedMarkers } from '../../../../web/src/state/provisional.js'
import { type AppState, current, initialState, promptOf } from '../../../../web/src/state/state.js'
import { PHOTO, standing, withLandmarks } from './standing.js'

const URL_A = 'data:image/png;base64,AAAA'
const photo: Photo = { name: 'front.png', width: PHOTO.width, height: PHOTO.height, url: URL_A }

function opened(view: 'anterior' | 'posterior' = 'anterior'): AppState {
  return commands.photoOpened(commands.setView(initialState(), view), photo)
}

function result(view: 'anterior' | 'posterior', pose: 'front' | 'back', change = {}): SuggestionResult {
  const lm = withLandmarks(standing(pose), change)
  return {
    kind: 'suggestions',
    suggestions: suggestMarkers(view, 'right', lm, PHOTO),
    facing: checkFacing(view, 'right', lm),
  }
}

describe('applySuggestions', () => {
  test('places every suggested marker as suggested, in one undo step, and asks for the calibration next', () => {
    const s = applySuggestions(opened(), 'anterior', URL_A, result('anterior', 'front'))
    const doc = current(s).doc
    for (const name of markerNames('anterior')) assert.equal(statusOf(doc, name), 'suggested', name)
    assert.equal(unconfirmedCount(s), markerNames('anterior').length)
    assert.equal(promptOf(s), 'scale-a')
    assert.deepEqual(current(s).warnings, [])
    assert.equal(current(s).facingMismatch, null)
    assert.match(s.notice!.text, /17 markers suggested/)
    const undone = commands.undo(s)
    assert.deepEqual(current(undone).doc.markers, {})
  })

  test("keeps the clinician's markers and leaves a note for what the model could not place", () => {
    let s = opened()
    s = commands.moveTarget(s, 'ombligo', [111, 222])
    s = applySuggestions(s, 'anterior', URL_A, result('anterior', 'front', { LEFT_KNEE: { visibility: 0.1 } }))
    const vs = current(s)
    assert.deepEqual(positionOf(vs.doc, 'ombligo'), [111, 222])
    assert.equal(statusOf(vs.doc, 'ombligo'), 'confirmed')
    assert.equal(positionOf(vs.doc, 'centro_rotula_izq'), null)
    assert.match(vs.targetNotes.centro_rotula_izq!, /^Not suggested: the model barely sees this point \(left knee\)/)
    assert.match(vs.targetNotes.tat_izq!, /derived from points the model barely sees \(left knee\)/)
    assert.match(s.notice!.text, /2 left for you to place/)
  })

  test('asks, as a question, when the photo looks like another view', () => {
    const s = applySuggestions(opened(), 'anterior', URL_A, result('anterior', 'back'))
    assert.deepEqual(current(s).facingMismatch, { seen: 'back', expected: 'front' })
    assert.deepEqual(facingQuestion(current(s).facingMismatch), {
      question: 'Is this a back view?',
      why: 'The photo looks like a back view (subject with their back to the camera), but the view chosen expects a front view (subject facing the camera). Check the view (and the side) before relying on the markers.',
    })
    assert.equal(clearSuggestionNotes(s, 'anterior').views.anterior.facingMismatch, null)
  })

  test('the question dismissed stays dismissed for the view: in the saved file, after loading it, and over new runs', () => {
    let s = applySuggestions(opened(), 'anterior', URL_A, result('anterior', 'back'))
    s = dismissViewCheck(s, 'anterior')
    assert.equal(current(s).doc.viewCheckDismissed, true)
    // One undo step: undone, the question is asked again.
    assert.equal(current(commands.undo(s)).doc.viewCheckDismissed, false)
    // Another run of the model on the photo: the check still finds the mismatch; the view keeps the answer.
    s = applySuggestions(s, 'anterior', URL_A, result('anterior', 'back'))
    assert.notEqual(current(s).facingMismatch, null)
    assert.equal(current(s).doc.viewCheckDismissed, true)
    const saved = savedView('anterior', current(s).doc, null)
    assert.equal(saved.view_check_dismissed, true)
    const file = {
      format: ASSESSMENT_FILE_FORMAT,
      version: ASSESSMENT_FILE_VERSION,
      saved_at: new Date(0).toISOString(),
      view: 'anterior',
      views: { anterior: saved },
    }
    assert.equal(parseAssessmentFile(JSON.stringify(file)).views.anterior!.doc.viewCheckDismissed, true)
    // Not answered: not written.
    assert.equal('view_check_dismissed' in savedView('anterior', EMPTY_DOC, null), false)
    // Another photo opened in the view asks again.
    const other = commands.photoOpened(s, { ...photo, url: 'data:image/png;base64,BBBB' })
    assert.equal(current(other).doc.viewCheckDismissed, false)
  })

  test('a new run replaces unconfirmed suggestions and withdraws those the model no longer makes', () => {
    let s = applySuggestions(opened(), 'anterior', URL_A, result('anterior', 'front'))
    s = applySuggestions(s, 'anterior', URL_A, result('anterior', 'front', { RIGHT_EAR: { visibility: 0.2 } }))
    assert.equal(positionOf(current(s).doc, 'tragus_der'), null)
    assert.ok(current(s).targetNotes.tragus_der)
  })

  test('ignores a result for a photo that is no longer open, and clears the progress', () => {
    const s = suggestionProgress(opened(), 'running')
    assert.equal(s.progress?.label, 'Finding the markers on the photo...')
    const after = applySuggestions(s, 'anterior', 'data:image/png;base64,OTHER', result('anterior', 'front'))
    assert.deepEqual(current(after).doc.markers, {})
    assert.equal(after.progress, null)
  })

  test('a failure is a notice; nothing else changes', () => {
    const s = opened()
    const failed = applySuggestions(s, 'anterior', URL_A, {
      kind: 'failure',
      failure: { type: 'load-error', ctx: { file: 'pose_landmark_full.tflite', status: 404, message: 'HTTP 404' } },
    })
    assert.equal(current(failed).doc, current(s).doc)
    assert.match(
      failed.notice!.text,
      /not available: the pose model could not be loaded from the service \(pose_landmark_full\.tflite\).* Manual marking works as before\./,
    )
    const oom = applySuggestions(s, 'anterior', URL_A, {
      kind: 'failure',
      failure: { type: 'out-of-memory', ctx: { message: 'RangeError: Array buffer allocation failed' } },
    })
    assert.match(oom.notice!.text, /ran out of memory/)
    assert.equal(oom.notice!.kind, 'error')
  })

  test("a failure's engine words are the notice's technical details, never in its sentence", () => {
    const s = opened()
    const details = (failure: Parameters<typeof failureDetails>[0]) => {
      const failed = applySuggestions(s, 'anterior', URL_A, { kind: 'failure', failure })
      assert.equal(failed.notice!.details, failureDetails(failure))
      if (failed.notice!.details) assert.ok(!failed.notice!.text.includes(failed.notice!.details), failed.notice!.text)
      return failed.notice!.details
    }
    assert.equal(
      details({
        type: 'load-error',
        ctx: { file: 'pose_landmark_full.tflite', status: 404, message: 'Failed to fetch' },
      }),
      'Failed to fetch (pose_landmark_full.tflite, HTTP 404)',
    )
    assert.equal(
      details({ type: 'load-error', ctx: { file: null, status: null, message: 'TypeError: x is null' } }),
      'TypeError: x is null',
    )
    assert.equal(
      details({ type: 'no-wasm', ctx: { message: 'CompileError: WebAssembly.instantiate(): bad magic' } }),
      'CompileError: WebAssembly.instantiate(): bad magic',
    )
    assert.equal(
      details({ type: 'out-of-memory', ctx: { message: 'RangeError: Out of memory' } }),
      'RangeError: Out of memory',
    )
    assert.equal(details({ type: 'no-webgl', ctx: {} }), undefined)
    assert.equal(details({ type: 'timeout', ctx: { phase: 'running', ms: 60000 } }), undefined)
  })

  test('no person: nothing placed, every marker noted', () => {
    const none = applySuggestions(opened(), 'anterior', URL_A, {
      kind: 'suggestions',
      suggestions: suggestMarkers('anterior', 'right', null, PHOTO),
      facing: null,
    })
    assert.deepEqual(current(none).doc.markers, {})
    assert.match(none.notice!.text, /No person found/)
    assert.equal(Object.keys(current(none).targetNotes).length, markerNames('anterior').length)
  })
})

describe('the rule of "Confirm all"', () => {
  test('a suggestion made (so past the plausibility checks) from landmarks all seen at SURE_VISIBILITY or more', () => {
    const base = { marker: 'ombligo', status: 'suggested', x: 1, y: 2, basis: 'derived' } as const
    assert.equal(sureOfSuggestion({ ...base, confidence: SURE_VISIBILITY }), true)
    assert.equal(sureOfSuggestion({ ...base, confidence: 1 }), true)
    assert.equal(sureOfSuggestion({ ...base, confidence: SURE_VISIBILITY - 0.01 }), false)
    assert.equal(sureOfSuggestion({ ...base, confidence: 0.5 }), false)
    // Declined by a plausibility check: never confirmed at once (it is not even placed).
    assert.equal(
      sureOfSuggestion({
        marker: 'punto_mentoniano',
        status: 'not-suggested',
        reason: 'implausible-face',
        basis: 'derived',
        ctx: { landmarks: ['NOSE'], check: 'chin-distance' },
      }),
      false,
    )
  })
})

describe('confirming', () => {
  test('one (a click selects it, confirmSuggestion confirms it), or all at once', () => {
    let s = applySuggestions(opened(), 'anterior', URL_A, result('anterior', 'front'))
    const p = positionOf(current(s).doc, 'ombligo')!
    s = commands.clickAt(s, p, 'ombligo')
    assert.equal(statusOf(current(s).doc, 'ombligo'), 'suggested', 'a click on a suggestion does not confirm it')
    assert.equal(promptOf(s), 'ombligo', 'it selects it')
    s = confirmSuggestion(s, 'ombligo')
    assert.equal(statusOf(current(s).doc, 'ombligo'), 'confirmed')
    assert.deepEqual(positionOf(current(s).doc, 'ombligo'), p, 'confirmed where it is')
    s = confirmSuggestion(s, 'tat_der')
    assert.equal(unconfirmedCount(s), 15)
    s = confirmAllSuggestions(s)
    assert.equal(unconfirmedCount(s), 0)
    assert.match(s.notice!.text, /15 suggested markers of the Anterior view confirmed/)
    assert.equal(unconfirmedCount(commands.undo(s)), 15, 'one undo step')
    assert.match(confirmAllSuggestions(s).notice!.text, /No suggested markers/)
  })

  test('"Confirm all" confirms only what the model was sure of; the rest stays, noted, to be checked one by one', () => {
    // The left knee seen at 0.7: the patella and tibial tuberosity computed from it are suggested, but not sure.
    let s = applySuggestions(
      opened(),
      'anterior',
      URL_A,
      result('anterior', 'front', { LEFT_KNEE: { visibility: 0.7 } }),
    )
    const unsure = ['centro_rotula_izq', 'tat_izq']
    assert.deepEqual(suggestionsToConfirm(s).toCheck, unsure)
    assert.equal(suggestionsToConfirm(s).sure.length, markerNames('anterior').length - 2)
    for (const name of unsure) assert.match(current(s).targetNotes[name]!, /the model is unsure of this point/)
    s = confirmAllSuggestions(s)
    assert.match(
      s.notice!.text,
      /^15 suggested markers of the Anterior view confirmed\. 2 suggestions the model was unsure of stay/,
    )
    assert.deepEqual(unconfirmedMarkers(current(s).doc), unsure, 'the unsure ones are still suggestions')
    const again = confirmAllSuggestions(s)
    assert.equal(current(again).doc, current(s).doc, 'nothing more is confirmed at once')
    assert.match(again.notice!.text, /not sure of any of the 2 suggestions left/)
    // One by one they are confirmed as usual.
    s = confirmSuggestion(confirmSuggestion(s, 'tat_izq'), 'centro_rotula_izq')
    assert.equal(unconfirmedCount(s), 0)
  })

  test('suggestions read from a file, whose run is not known, are all to be checked one by one', () => {
    const s = applySuggestions(opened(), 'anterior', URL_A, result('anterior', 'front'))
    const saved = savedView('anterior', current(s).doc, null)
    const file = {
      format: ASSESSMENT_FILE_FORMAT,
      version: ASSESSMENT_FILE_VERSION,
      saved_at: '2026-01-01T00:00:00Z',
      view: 'anterior',
      views: { anterior: saved },
    }
    const loaded = commands.assessmentLoaded(initialState(), parseAssessmentFile(JSON.stringify(file)))
    assert.deepEqual(suggestionsToConfirm(loaded).sure, [])
    assert.equal(suggestionsToConfirm(loaded).toCheck.length, markerNames('anterior').length)
  })

  test('dragging a suggestion confirms it', () => {
    let s = applySuggestions(opened(), 'anterior', URL_A, result('anterior', 'front'))
    s = commands.dragEnd(commands.dragMove(commands.dragStart(s), 'ombligo', [300, 470]))
    assert.equal(statusOf(current(s).doc, 'ombligo'), 'confirmed')
  })
})

describe('provisional results', () => {
  test('exactly the metrics that depend on an unconfirmed suggestion', () => {
    const doc = {
      ...EMPTY_DOC,
      markers: { escotadura_esternal: [1, 2] as const, ombligo: [3, 4] as const },
      markerStatus: { escotadura_esternal: 'suggested' as const },
    }
    assert.deepEqual(unconfirmedMarkers(doc), ['escotadura_esternal'])
    const provisional = provisionalMetrics('anterior', doc)
    assert.ok(provisional.length > 0)
    assert.deepEqual(provisionalMetrics('anterior', { ...doc, markerStatus: {} }), [])
  })

  test('the assessment file keeps marker_status and lists the provisional metrics; loading restores the status', () => {
    let s = applySuggestions(opened(), 'anterior', URL_A, result('anterior', 'front'))
    s = confirmSuggestion(s, 'ombligo')
    const doc = current(s).doc
    const values = Object.fromEntries(provisionalMetrics('anterior', doc).map((m) => [m, 1]))
    const saved = savedView('anterior', doc, values)
    assert.equal(saved.marker_status?.ombligo, undefined)
    assert.equal(saved.marker_status?.tragus_der, 'suggested')
    assert.deepEqual(saved.provisional_metrics, Object.keys(values))
    const file = {
      format: ASSESSMENT_FILE_FORMAT,
      version: ASSESSMENT_FILE_VERSION,
      saved_at: '',
      view: 'anterior',
      views: { anterior: saved },
    }
    const loaded = parseAssessmentFile(JSON.stringify(file)).views.anterior!
    assert.equal(statusOf(loaded.doc, 'tragus_der'), 'suggested')
    assert.equal(statusOf(loaded.doc, 'ombligo'), 'confirmed')
    const bad = { ...file, views: { anterior: { ...saved, marker_status: { tragus_der: 'maybe' } } } }
    assert.throws(
      () => parseAssessmentFile(JSON.stringify(bad)),
      /views\.anterior\.marker_status\.tragus_der must be "suggested" or "confirmed"; got "maybe"/,
    )
  })
})
