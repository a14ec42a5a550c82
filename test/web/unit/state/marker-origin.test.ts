/**
 * How each marker was placed (Doc.markerOrigin, state/model.ts withTarget) through every
 * path that places, moves, confirms or removes a marker: the model, the commands
 * (click, typed coordinates, nudge, the keyboard's place, drag, remove, clear, a new
 * photo, undo and redo), the suggestion commands (apply, confirm one, confirm all); the
 * counts for the exports (state/placement.ts); and the assessment file's marker_origin:
 * written only when known, read back with each value checked, and a file saved before
 * origins were recorded loading with unknown origins and saving back byte for byte, also
 * when opened as a visit of the record.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { type MarkerName, markerNames } from '#core/markers.js'
import { setLocale } from '../../../../web/src/i18n/index.js'
import type { MarkerSuggestion } from '../../../../web/src/pose/mapping.js'
import {
  applySuggestions,
  confirmAllSuggestions,
  confirmSuggestion,
} from '../../../../web/src/pose/suggestion-commands.js'
import { visitOpened } from '../../../../web/src/record/commands.js'
import {
  ASSESSMENT_FILE_FORMAT,
  ASSESSMENT_FILE_VERSION,
  AssessmentFileError,
  assessmentFileOf,
  assessmentFromData,
  parseAssessmentFile,
  savedView,
} from '../../../../web/src/state/assessment-file.js'
import * as commands from '../../../../web/src/state/commands.js'
import { type Doc, EMPTY_DOC, type Photo, type Pt, withTarget } from '../../../../web/src/state/model.js'
import { markerPlacementOf, placementSummary } from '../../../../web/src/state/placement.js'
import { type AppState, current, initialState, promptOf } from '../../../../web/src/state/state.js'
import { FIGURES, markedDoc } from '../fixtures.js'

const spec = FIGURES.anterior
const photo: Photo = { name: 'a.png', width: spec.width, height: spec.height, url: 'data:image/png;base64,' }
const SAVED_AT = new Date('2026-03-10T09:00:00.000Z')

/** The anterior view with a photo open and these markers suggested by a tool (unconfirmed). */
function suggested(names: readonly string[] = ['ombligo', 'tragus_der', 'tragus_izq']): AppState {
  let doc: Doc = { ...EMPTY_DOC, photo }
  for (const name of names) doc = withTarget(doc, name, spec.markers[name]!, 'suggested')
  return commands.commit(commands.setView(initialState(), 'anterior'), doc)
}

const origin = (s: AppState, id: string) => current(s).doc.markerOrigin[id]
const shifted = (p: Pt, dx: number, dy = 0): Pt => [p[0] + dx, p[1] + dy]

describe('withTarget keeps how each marker was placed', () => {
  const doc: Doc = { ...EMPTY_DOC, photo }
  const at: Pt = [100, 200]

  test('a suggestion is a suggestion; confirmed where it stands it stays one', () => {
    const s = withTarget(doc, 'ombligo', at, 'suggested')
    assert.equal(s.markerOrigin.ombligo, 'suggestion')
    const confirmed = withTarget(s, 'ombligo', at)
    assert.equal(confirmed.markerOrigin.ombligo, 'suggestion')
    assert.deepEqual(confirmed.markerStatus, {})
    // The same position once snapped to 0.1 px: not moved.
    assert.equal(withTarget(s, 'ombligo', [100.04, 199.96]).markerOrigin.ombligo, 'suggestion')
  })

  test('placed by hand, or a suggestion moved: hand', () => {
    assert.equal(withTarget(doc, 'ombligo', at).markerOrigin.ombligo, 'hand')
    const s = withTarget(doc, 'ombligo', at, 'suggested')
    assert.equal(withTarget(s, 'ombligo', [100.1, 200]).markerOrigin.ombligo, 'hand')
    const confirmed = withTarget(s, 'ombligo', at)
    assert.equal(withTarget(confirmed, 'ombligo', [101, 200]).markerOrigin.ombligo, 'hand', 'moved after confirming')
  })

  test('a hand marker placed again where it is stays hand; an unknown one stays unknown', () => {
    const hand = withTarget(doc, 'ombligo', at)
    assert.equal(withTarget(hand, 'ombligo', at).markerOrigin.ombligo, 'hand')
    const loaded: Doc = { ...doc, markers: { ombligo: at } }
    assert.equal(withTarget(loaded, 'ombligo', at).markerOrigin.ombligo, undefined)
    assert.equal(withTarget(loaded, 'ombligo', [120, 200]).markerOrigin.ombligo, 'hand')
  })

  test('an unconfirmed suggestion from an older file (no origin) confirmed where it stands: a suggestion', () => {
    const loaded: Doc = { ...doc, markers: { ombligo: at }, markerStatus: { ombligo: 'suggested' } }
    assert.equal(withTarget(loaded, 'ombligo', at).markerOrigin.ombligo, 'suggestion')
  })

  test('removing a marker removes its origin; calibration targets have none', () => {
    const s = withTarget(withTarget(doc, 'ombligo', at), 'tragus_der', at, 'suggested')
    const removed = withTarget(s, 'ombligo', null)
    assert.deepEqual(removed.markerOrigin, { tragus_der: 'suggestion' })
    assert.deepEqual(withTarget(removed, 'tragus_der', null).markerOrigin, {})
    assert.deepEqual(withTarget(withTarget(doc, 'scale-a', at), 'lrv', at).markerOrigin, {})
  })

  test('the empty document records none', () => {
    assert.deepEqual(EMPTY_DOC.markerOrigin, {})
  })
})

describe('the commands record the origin in every path', () => {
  test('a suggestion confirmed where it stands is a suggestion; a click elsewhere places by hand', () => {
    let s = suggested()
    s = commands.clickAt(s, spec.markers.ombligo!, 'ombligo')
    assert.equal(markerPlacementOf(current(s).doc, 'ombligo'), 'suggestion-unconfirmed', 'a click only selects it')
    s = confirmSuggestion(s, 'ombligo')
    assert.equal(origin(s, 'ombligo'), 'suggestion')
    assert.equal(markerPlacementOf(current(s).doc, 'ombligo'), 'suggestion-confirmed')
    // The active target placed where the click was: by hand (a suggestion under the click is not hit here).
    s = commands.select(s, 'tragus_der')
    s = commands.clickAt(s, shifted(spec.markers.tragus_der!, 5), null)
    assert.equal(origin(s, 'tragus_der'), 'hand')
    // Guided marking from nothing: every marker by hand.
    let guided = commands.photoOpened(commands.setView(initialState(), 'anterior'), photo)
    for (let i = 0; i < 40 && promptOf(guided) !== null; i++) {
      const id = promptOf(guided)!
      guided = commands.clickAt(guided, spec.markers[id] ?? [spec.lrvX, 300], null)
    }
    const doc = current(guided).doc
    assert.deepEqual(Object.keys(doc.markerOrigin).sort(), markerNames('anterior').slice().sort())
    assert.ok(Object.values(doc.markerOrigin).every((o) => o === 'hand'))
  })

  test('typed coordinates, a nudge and the keyboard place: hand', () => {
    const typed = commands.moveTarget(suggested(), 'ombligo', shifted(spec.markers.ombligo!, 0, 12))
    assert.equal(origin(typed, 'ombligo'), 'hand')
    const nudged = commands.nudge(commands.select(suggested(), 'tragus_izq'), 1, 0)
    assert.ok(nudged)
    assert.equal(origin(nudged, 'tragus_izq'), 'hand')
    const centre = commands.placeActiveAt(commands.select(suggested(), 'punto_mentoniano'), [300, 400])
    assert.equal(origin(centre, 'punto_mentoniano'), 'hand')
  })

  test('a suggestion dragged is hand, even dragged back to where it was suggested', () => {
    const from = spec.markers.tragus_izq!
    let s = commands.dragStart(suggested())
    s = commands.dragMove(s, 'tragus_izq', shifted(from, 3))
    s = commands.dragMove(s, 'tragus_izq', from)
    s = commands.dragEnd(s)
    assert.equal(origin(s, 'tragus_izq'), 'hand')
    assert.equal(markerPlacementOf(current(s).doc, 'tragus_izq'), 'hand')
  })

  test('removing one, clearing the view and a new photo leave no origin behind', () => {
    let s = commands.removeTarget(suggested(), 'ombligo')
    assert.equal(origin(s, 'ombligo'), undefined)
    s = commands.removeActive(commands.select(s, 'tragus_der'))
    assert.deepEqual(current(s).doc.markerOrigin, { tragus_izq: 'suggestion' })
    assert.deepEqual(current(commands.clearMarkers(suggested())).doc.markerOrigin, {})
    const other: Photo = { ...photo, url: 'data:image/png;base64,BBBB' }
    assert.deepEqual(current(commands.photoOpened(suggested(), other)).doc.markerOrigin, {})
  })

  test('undo and redo bring the origin back with the marker', () => {
    const s0 = confirmSuggestion(suggested(), 'ombligo')
    const s1 = commands.moveTarget(s0, 'ombligo', [50, 60])
    assert.equal(origin(s1, 'ombligo'), 'hand')
    const undone = commands.undo(s1)
    assert.equal(origin(undone, 'ombligo'), 'suggestion')
    assert.equal(markerPlacementOf(current(undone).doc, 'ombligo'), 'suggestion-confirmed')
    const twice = commands.undo(undone)
    assert.equal(markerPlacementOf(current(twice).doc, 'ombligo'), 'suggestion-unconfirmed')
    assert.equal(origin(commands.redo(undone), 'ombligo'), 'hand')
    const removed = commands.removeTarget(s1, 'ombligo')
    assert.equal(origin(commands.undo(removed), 'ombligo'), 'hand')
  })
})

describe('the suggestion commands record the origin', () => {
  const URL_A = photo.url!
  const suggestion = (marker: MarkerName<'anterior'>, p: Pt): MarkerSuggestion => ({
    marker,
    status: 'suggested',
    x: p[0],
    y: p[1],
    confidence: 0.9,
    basis: 'direct',
  })

  test('applied suggestions are suggestions; confirming one or all keeps them so', () => {
    let s = commands.photoOpened(commands.setView(initialState(), 'anterior'), photo)
    const names = ['ombligo', 'tragus_der', 'tragus_izq'] as const
    s = applySuggestions(s, 'anterior', URL_A, {
      kind: 'suggestions',
      suggestions: names.map((m) => suggestion(m, spec.markers[m]!)),
      facing: null,
    })
    assert.deepEqual(current(s).doc.markerOrigin, {
      ombligo: 'suggestion',
      tragus_der: 'suggestion',
      tragus_izq: 'suggestion',
    })
    s = confirmSuggestion(s, 'ombligo')
    assert.deepEqual(placementSummary(current(s).doc), {
      hand: 0,
      suggestionConfirmed: 1,
      suggestionUnconfirmed: 2,
      unknown: 0,
    })
    s = confirmAllSuggestions(s)
    assert.deepEqual(placementSummary(current(s).doc), {
      hand: 0,
      suggestionConfirmed: 3,
      suggestionUnconfirmed: 0,
      unknown: 0,
    })
    assert.deepEqual(current(s).doc.markerStatus, {})
  })

  test('a new run never touches a marker placed by hand; a withdrawn suggestion takes its origin with it', () => {
    let s = commands.moveTarget(suggested(), 'ombligo', [50, 60])
    s = applySuggestions(s, 'anterior', URL_A, {
      kind: 'suggestions',
      suggestions: [
        suggestion('ombligo', spec.markers.ombligo!),
        suggestion('tragus_der', shifted(spec.markers.tragus_der!, 2)),
        {
          status: 'not-suggested',
          marker: 'tragus_izq',
          reason: 'low-visibility',
          basis: 'direct',
          ctx: { landmarks: ['LEFT_EAR'] },
        },
      ],
      facing: null,
    })
    const doc = current(s).doc
    assert.deepEqual(doc.markers.ombligo, [50, 60])
    assert.deepEqual(doc.markerOrigin, { ombligo: 'hand', tragus_der: 'suggestion' })
    assert.equal(markerPlacementOf(doc, 'tragus_izq'), null)
  })
})

describe('placementSummary', () => {
  test('counts the placed markers by how they were placed; an unconfirmed one is a suggestion whatever its entry', () => {
    const doc: Doc = {
      ...EMPTY_DOC,
      markers: { a: [1, 1], b: [2, 2], c: [3, 3], d: [4, 4], e: [5, 5] },
      markerStatus: { d: 'suggested', e: 'suggested' },
      // An entry for a marker not placed is not counted.
      markerOrigin: { a: 'hand', b: 'suggestion', d: 'suggestion', z: 'hand' },
    }
    assert.deepEqual(placementSummary(doc), { hand: 1, suggestionConfirmed: 1, suggestionUnconfirmed: 2, unknown: 1 })
    assert.deepEqual(placementSummary(EMPTY_DOC), {
      hand: 0,
      suggestionConfirmed: 0,
      suggestionUnconfirmed: 0,
      unknown: 0,
    })
    assert.equal(markerPlacementOf(doc, 'c'), 'unknown')
    assert.equal(markerPlacementOf(doc, 'z'), null)
  })
})

describe('marker_origin in the assessment file', () => {
  function fileOf(view: Record<string, unknown>): string {
    return JSON.stringify({
      format: ASSESSMENT_FILE_FORMAT,
      version: ASSESSMENT_FILE_VERSION,
      saved_at: '2026-03-10T09:00:00.000Z',
      view: 'anterior',
      views: { anterior: view },
    })
  }

  test('written for the markers whose origin is known, in guided order, and read back', () => {
    let s = suggested(['tragus_izq', 'ombligo', 'tragus_der'])
    s = confirmSuggestion(s, 'ombligo')
    s = commands.moveTarget(s, 'tragus_der', [50, 60])
    const doc: Doc = { ...current(s).doc, markers: { ...current(s).doc.markers, punto_mentoniano: [300, 300] } }
    const saved = savedView('anterior', doc, null)
    assert.deepEqual(saved.marker_origin, { tragus_der: 'hand', tragus_izq: 'suggestion', ombligo: 'suggestion' })
    assert.deepEqual(Object.keys(saved.marker_origin!), ['tragus_der', 'tragus_izq', 'ombligo'])
    assert.deepEqual(saved.marker_status, { tragus_izq: 'suggested' })
    const loaded = parseAssessmentFile(fileOf(saved as never)).views.anterior!.doc
    assert.deepEqual(loaded.markerOrigin, doc.markerOrigin)
    assert.deepEqual(placementSummary(loaded), {
      hand: 1,
      suggestionConfirmed: 1,
      suggestionUnconfirmed: 1,
      unknown: 1,
    })
  })

  test('a file saved before origins were recorded loads with unknown origins and saves back byte for byte', () => {
    // markedDoc places markers as an older app's file would carry them: no origins.
    let before = commands.commit(commands.setView(initialState(), 'anterior'), markedDoc('anterior'))
    before = commands.setMeta(before, { patientId: 'PAC-0042', date: '2026-03-10' })
    const text = JSON.stringify(assessmentFileOf(before, SAVED_AT))
    assert.equal(text.includes('marker_origin'), false)
    const loaded = parseAssessmentFile(text)
    const doc = loaded.views.anterior!.doc
    assert.deepEqual(doc.markerOrigin, {})
    assert.equal(placementSummary(doc).unknown, Object.keys(spec.markers).length)
    const opened = commands.assessmentLoaded(initialState(), loaded)
    assert.equal(JSON.stringify(assessmentFileOf(opened, SAVED_AT)), text)
    // A marker confirmed where it stands (a click on it) stays unknown: the file is unchanged.
    const clicked = commands.clickAt(commands.select(opened, 'ombligo'), spec.markers.ombligo!, 'ombligo')
    assert.equal(JSON.stringify(assessmentFileOf(clicked, SAVED_AT)), text)
    // One moved by hand: now its origin is known, and only its.
    const moved = commands.moveTarget(opened, 'ombligo', [300, 500])
    assert.deepEqual(savedView('anterior', current(moved).doc, null).marker_origin, { ombligo: 'hand' })
  })

  test('an older visit opened from the record is written back as it was stored (the record sees no edit)', () => {
    let before = commands.commit(commands.setView(initialState(), 'anterior'), markedDoc('anterior'))
    before = commands.setMeta(before, { patientId: 'PAC-0042', date: '2026-03-10' })
    const stored = assessmentFileOf(before, SAVED_AT)
    assert.ok(stored)
    const open = { visitId: 'v-1', patientId: 'p-1', created: SAVED_AT.toISOString() }
    const opened = visitOpened(initialState(), assessmentFromData(stored), { anterior: 'blob:photo' }, open)
    // As the record compares a visit for "unchanged" (RecordController's contentOf): all but the save time.
    const later = assessmentFileOf(opened, new Date('2026-05-01T10:00:00.000Z'))
    assert.deepEqual({ ...later, saved_at: '' }, { ...stored, saved_at: '' })
    assert.equal(JSON.stringify({ ...later, saved_at: '' }), JSON.stringify({ ...stored, saved_at: '' }))
  })

  test('entries for markers not placed are ignored', () => {
    const view = {
      image: null,
      markers: { ombligo: [1, 2] },
      marker_origin: { ombligo: 'hand', tragus_der: 'suggestion' },
    }
    assert.deepEqual(parseAssessmentFile(fileOf(view)).views.anterior!.doc.markerOrigin, { ombligo: 'hand' })
  })

  for (const [what, origin, message] of [
    [
      'another word',
      'model',
      /^views\.anterior\.marker_origin\.ombligo must be "hand" \(placed by the clinician\) or "suggestion" \(suggested by the pose model\); got "model"\.$/,
    ],
    ['not a string', 1, /^views\.anterior\.marker_origin\.ombligo must be "hand" .*; got 1\.$/],
  ] as const)
    test(`a wrong value is refused, naming the field: ${what}`, () => {
      const view = { image: null, markers: { ombligo: [1, 2] }, marker_origin: { ombligo: origin } }
      assert.throws(
        () => parseAssessmentFile(fileOf(view)),
        (error: unknown) => error instanceof AssessmentFileError && message.test(error.message),
      )
    })

  test('not an object, or "hand" for an unconfirmed suggestion: refused, naming the field', () => {
    assert.throws(
      () => parseAssessmentFile(fileOf({ image: null, markers: {}, marker_origin: ['hand'] })),
      /views\.anterior\.marker_origin must be an object/,
    )
    const view = {
      image: null,
      markers: { ombligo: [1, 2] },
      marker_status: { ombligo: 'suggested' },
      marker_origin: { ombligo: 'hand' },
    }
    assert.throws(
      () => parseAssessmentFile(fileOf(view)),
      (error: unknown) =>
        error instanceof AssessmentFileError &&
        /^views\.anterior\.marker_origin\.ombligo is "hand", but marker_status says the marker is a suggestion not yet confirmed/.test(
          error.message,
        ),
    )
  })

  test('the messages in Spanish', () => {
    setLocale('es')
    try {
      assert.throws(
        () =>
          parseAssessmentFile(fileOf({ image: null, markers: { ombligo: [1, 2] }, marker_origin: { ombligo: 'x' } })),
        (error: unknown) =>
          error instanceof AssessmentFileError &&
          /^views\.anterior\.marker_origin\.ombligo debe ser "hand" \(colocado por el clínico\) o "suggestion" \(sugerido por el modelo de pose\); se recibió "x"\.$/.test(
            error.message,
          ),
      )
    } finally {
      setLocale('en')
    }
  })
})
