/**
 * Unit tests of the store (state/store.ts) and the commands (state/commands.ts) on the
 * state (state/state.ts). The analysis against the real service: test/web/integration/analysis.test.ts.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { markerNames } from '#core/markers.js'
import { ASSESSMENT_FILE_FORMAT, parseAssessmentFile, savedView } from '../../../../web/src/state/assessment-file.js'
import * as commands from '../../../../web/src/state/commands.js'
import { type Photo, type Pt, positionOf, requestOf } from '../../../../web/src/state/model.js'
import { type AppState, canUndo, current, initialState, promptOf } from '../../../../web/src/state/state.js'
import { createStore } from '../../../../web/src/state/store.js'
import { FIGURES, markedDoc } from '../fixtures.js'

const spec = FIGURES.anterior
const photo: Photo = { name: 'a.png', width: spec.width, height: spec.height, url: 'data:image/png;base64,' }

function pixelOf(id: string): Pt {
  if (id === 'scale-a') return spec.scale[0]
  if (id === 'scale-b') return spec.scale[1]
  if (id === 'lrv') return [spec.lrvX, 300]
  return spec.markers[id]!
}

/** Clicks every target the state asks for, as the guided marking does. */
function placeGuided(state: AppState): { state: AppState; asked: string[] } {
  const asked: string[] = []
  for (let s = state; ; ) {
    const id = promptOf(s)
    if (id === null) return { state: s, asked }
    asked.push(id)
    s = commands.clickAt(s, pixelOf(id), null)
    state = s
    if (asked.length > 40) throw new Error('still asking')
  }
}

describe('store', () => {
  test('subscribers hear each change with the previous state; unchanged sets are silent', () => {
    const store = createStore({ n: 0 })
    const heard: [number, number][] = []
    const stop = store.subscribe((s, p) => heard.push([s.n, p.n]))
    store.set({ n: 1 })
    store.set((s) => s)
    store.set((s) => ({ n: s.n + 1 }))
    stop()
    store.set({ n: 9 })
    assert.deepEqual(heard, [
      [1, 0],
      [2, 1],
    ])
  })

  test('a listener that sets the state: every listener hears every state, in order', () => {
    const store = createStore({ n: 0 })
    const a: number[] = []
    const b: number[] = []
    store.subscribe((s) => {
      a.push(s.n)
      if (s.n === 1) store.set({ n: 2 })
    })
    store.subscribe((s) => b.push(s.n))
    store.set({ n: 1 })
    assert.deepEqual(a, [1, 2])
    assert.deepEqual(b, [1, 2])
    assert.equal(store.get().n, 2)
  })

  test('a derivation completes each new state before any listener hears it; stopped, it no longer does', () => {
    const store = createStore({ n: 0, twice: 0 })
    const stopDeriving = store.derive((s, p) => (s.n === p.n ? s : { ...s, twice: s.n * 2 }))
    const heard: [number, number][] = []
    store.subscribe((s) => heard.push([s.n, s.twice]))
    store.set((s) => ({ ...s, n: 1 }))
    assert.deepEqual(heard, [[1, 2]], 'one change heard, with what follows from it')
    stopDeriving()
    store.set((s) => ({ ...s, n: 5 }))
    assert.deepEqual(heard.at(-1), [5, 2])
  })
})

describe('commands', () => {
  test('guided marking: calibration first, then every marker in order, one undo step each', () => {
    const opened = commands.photoOpened(initialState(), photo)
    assert.equal(promptOf(opened), 'scale-a')
    const { state, asked } = placeGuided(opened)
    assert.deepEqual(asked, ['scale-a', 'scale-b', 'lrv', ...markerNames('anterior')])
    const doc = current(state).doc
    for (const name of markerNames('anterior')) assert.deepEqual(positionOf(doc, name), spec.markers[name])
    assert.equal(current(state).past.length, 1 + asked.length, 'the photo and each click')
    const undone = commands.undo(state)
    assert.equal(positionOf(current(undone).doc, markerNames('anterior').at(-1)!), null)
    assert.deepEqual(current(commands.redo(undone)).doc, doc)
  })

  test('nothing to undo or redo is said, not silent', () => {
    assert.equal(commands.undo(initialState()).notice?.text, 'Nothing to undo.')
    assert.equal(commands.redo(initialState()).notice?.text, 'Nothing to redo.')
  })

  test('a click outside the photo is refused with a notice', () => {
    const s = commands.clickAt(commands.photoOpened(initialState(), photo), [-1, 5], null)
    assert.equal(s.notice?.text, 'That click is outside the photo.')
    assert.equal(canUndo(current(s)), true, 'only the photo is in the history')
    assert.equal(current(s).past.length, 1)
  })

  test('a drag is one undo step, whatever its frames', () => {
    let s = commands.commit(initialState(), markedDoc('anterior'))
    const before = current(s).doc
    s = commands.dragStart(s)
    for (let y = 131; y <= 150; y++) s = commands.dragMove(s, 'tragus_izq', [346, y])
    s = commands.dragEnd(s)
    assert.deepEqual(positionOf(current(s).doc, 'tragus_izq'), [346, 150])
    assert.equal(current(s).past.length, 2)
    assert.equal(current(commands.undo(s)).doc, before)
  })

  test('step and select bring a placed target into view', () => {
    const s = commands.step(commands.commit(initialState(), markedDoc('anterior')), 1)
    assert.equal(promptOf(s), 'scale-a')
    assert.deepEqual(s.reveal, spec.scale[0])
    assert.equal(promptOf(commands.step(s, -1)), markerNames('anterior').at(-1))
  })

  test('nudge moves the active target; without one it is for the viewport', () => {
    const s = commands.select(commands.commit(initialState(), markedDoc('anterior')), 'ombligo')
    const moved = commands.nudge(s, 10, -1)!
    const [x, y] = spec.markers.ombligo!
    assert.deepEqual(positionOf(current(moved).doc, 'ombligo'), [x + 10, y - 1])
    assert.equal(commands.nudge(initialState(), 1, 0), null)
  })

  test('known distance and fc: invalid input is refused with what is expected', () => {
    const s = commands.commit(initialState(), markedDoc('anterior'))
    assert.match(commands.setKnownDistance(s, '-3').notice!.text, /greater than 0/)
    assert.equal(current(commands.setKnownDistance(s, '12.5')).doc.gridCm, 12.5)
    assert.equal(current(commands.setKnownDistance(s, '')).doc.gridCm, null)
    assert.match(commands.setTypedFc(s, 'abc').notice!.text, /fc must be/)
    const typed = current(commands.setTypedFc(s, '0.1')).doc
    assert.deepEqual(
      [typed.fcTyped, typed.scale, typed.gridCm],
      [0.1, [null, null], null],
      'typed fc replaces the scale points',
    )
  })

  test('a new photo clears the markers (undo brings them back); the photo of a loaded file keeps them', () => {
    const marked = commands.commit(initialState(), markedDoc('anterior'))
    const replaced = commands.photoOpened(marked, { ...photo, name: 'other.png' })
    assert.deepEqual(current(replaced).doc.markers, {})
    assert.match(replaced.notice!.text, /cleared/)
    assert.deepEqual(current(commands.undo(replaced)).doc, markedDoc('anterior'))

    const loaded = commands.assessmentLoaded(initialState(), {
      view: 'anterior',
      meta: { patientId: '', date: '', notes: '' },
      placementSd: null,
      views: { anterior: { doc: markedDoc('anterior', null), results: null, unknown: [] } },
    })
    const attached = commands.photoOpened(loaded, photo)
    assert.deepEqual(current(attached).doc.markers, spec.markers)
    assert.equal(current(attached).doc.photo?.url, photo.url)
    assert.match(attached.notice!.text, /attached/)
    const other = commands.photoOpened(loaded, { ...photo, width: 300 })
    assert.match(other.notice!.text, /300×1000 px but the assessment was marked on a 600×1000 px photo/)
  })

  test('a loaded assessment file shows its results until the service answers', () => {
    const doc = markedDoc('posterior')
    const text = JSON.stringify({
      format: ASSESSMENT_FILE_FORMAT,
      version: 1,
      saved_at: '',
      view: 'posterior',
      views: { posterior: savedView('posterior', doc, { coronal_balance_c7: 2 }) },
    })
    const s = commands.assessmentLoaded(initialState(), parseAssessmentFile(text))
    assert.equal(s.view, 'posterior')
    const outcome = current(s).outcome
    assert.equal(outcome.fromFile, true)
    assert.deepEqual(outcome.values, { coronal_balance_c7: 2 })
    assert.equal(outcome.key, (requestOf('posterior', current(s).doc) as { key: string }).key)
    assert.match(s.notice!.text, /open posterior\.png to see it under the posterior markers/)
  })

  test('clear markers, remove one, estimate popliteal guides to what is needed', () => {
    const s = commands.commit(initialState('posterior'), markedDoc('posterior'))
    const cleared = commands.clearMarkers(s)
    assert.deepEqual(current(cleared).doc.markers, {})
    assert.equal(promptOf(cleared), markerNames('posterior')[0])
    const removed = commands.removeTarget(s, 'popliteo_izq')
    assert.equal(promptOf(removed), 'popliteo_izq')
    const estimated = commands.setEstimatePopliteal(commands.setView(removed, 'anterior'), true)
    assert.equal(estimated.views.posterior, removed.views.posterior, 'commands act on the view shown')
    const onPosterior = commands.setEstimatePopliteal(
      commands.setEstimatePopliteal(commands.setView(removed, 'posterior'), true),
      false,
    )
    assert.equal(promptOf(onPosterior), 'popliteo_izq')
  })
})

describe('the prompt is the first step missing (issue 38)', () => {
  const opened = () => commands.photoOpened(initialState(), photo)
  test('both scale points removed, in either order: the prompt asks for A, and a click places A', () => {
    const { state: all } = placeGuided(opened())
    for (const order of [
      ['scale-a', 'scale-b'],
      ['scale-b', 'scale-a'],
    ]) {
      let s = all
      for (const id of order) s = commands.removeTarget(s, id)
      assert.equal(promptOf(s), 'scale-a', order.join(' then '))
      s = commands.clickAt(s, [120, 30], null)
      assert.deepEqual(current(s).doc.scale, [[120, 30], null])
      assert.equal(promptOf(s), 'scale-b')
    }
  })

  test('undoing everything brings the prompt back to the first step; a chosen target stays chosen while placed', () => {
    let s = opened()
    for (let i = 0; i < 4; i++) s = commands.clickAt(s, pixelOf(promptOf(s)!), null)
    assert.equal(promptOf(s), markerNames('anterior')[1], 'step 5')
    // Undone back to the photo alone (one more undo would take the photo away too).
    while (current(s).doc.scale[0] !== null) s = commands.undo(s)
    assert.equal(promptOf(s), 'scale-a')
    // A target chosen and nudged: undo keeps it chosen while it is placed.
    s = commands.select(placeGuided(opened()).state, 'ombligo')
    s = commands.nudge(s, 1, 0)!
    assert.equal(promptOf(commands.undo(s)), 'ombligo')
  })

  test('a click on a placed marker chooses it; a click on the line or beside a marker places the target asked for', () => {
    let s = opened()
    for (let i = 0; i < 4; i++) s = commands.clickAt(s, pixelOf(promptOf(s)!), null)
    const asked = promptOf(s)
    const chosen = commands.clickAt(s, pixelOf('scale-a'), 'scale-a')
    assert.equal(promptOf(chosen), 'scale-a')
    assert.equal(current(chosen).doc, current(s).doc, 'nothing moved')
    const placed = commands.clickAt(s, [spec.lrvX, 140], null)
    assert.deepEqual(positionOf(current(placed).doc, asked!), [spec.lrvX, 140])
  })
})

describe('lateral distances and calibration placeholders', () => {
  test('a distance from the line computed from placeholders is not shown; with the line and the scale it is', () => {
    const answer = { ok: true as const, values: { head_angle_horizontal: 50, dist_apex_lumbar: -4.5, side: 'right' } }
    const bare = { ...markedDoc('lateral'), scale: [null, null] as [null, null], gridCm: null, lrvX: null }
    const withoutLine = commands.commit(initialState('lateral'), bare)
    const bareRequest = requestOf('lateral', bare)
    assert.ok(bareRequest.ready && bareRequest.placeholders)
    const shown = commands.answered(withoutLine, 'lateral', bareRequest.key, answer).views.lateral.outcome.values
    assert.deepEqual(shown, { head_angle_horizontal: 50, side: 'right' })

    const calibrated = commands.commit(initialState('lateral'), markedDoc('lateral'))
    const request = requestOf('lateral', markedDoc('lateral'))
    assert.ok(request.ready && !request.placeholders)
    assert.deepEqual(
      commands.answered(calibrated, 'lateral', request.key, answer).views.lateral.outcome.values,
      answer.values,
    )
  })
})
