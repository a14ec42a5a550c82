/**
 * Click versus grab on the photo (web/src/input/hit.ts), decided in screen pixels: at
 * every zoom a click beside a placed marker places the target being placed, a click on
 * the marker itself is on it, and a press near it drags it; and the posterior case met
 * in use, through the real command: placing the plumb line beside a suggested marker.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { NO_GESTURES, pointerDown, pointerMove, pointerUp } from '../../../../web/src/render/gestures.js'
import {
  GRAB_RADIUS_PX,
  ON_TARGET_RADIUS_PX,
  type PlacedTarget,
  pressTargets,
  targetNear,
} from '../../../../web/src/render/hit.js'
import * as commands from '../../../../web/src/state/commands.js'
import { type Pt, statusOf } from '../../../../web/src/state/model.js'
import { current, initialState, promptOf } from '../../../../web/src/state/state.js'
import { FIGURES, markedDoc } from '../fixtures.js'

const ZOOMS = [0.1, 0.25, 0.6, 1, 2.5, 8]
const marker: PlacedTarget = { id: 'cervical_7', at: [300, 218] }
/** The image point `screenPx` screen pixels to the right of the marker at `zoom`. */
const beside = (zoom: number, screenPx: number): Pt => [300 + screenPx / zoom, 218]

describe('which target a press is about, in screen pixels', () => {
  test('the radii: a click is on a marker within its ring (8 px), a press grabs it within 14 px', () => {
    assert.equal(ON_TARGET_RADIUS_PX, 8)
    assert.equal(GRAB_RADIUS_PX, 14)
  })
  for (const zoom of ZOOMS) {
    test(`zoom ${zoom}: on the ring a click is on the marker; beside it only a drag takes it; farther, neither`, () => {
      assert.deepEqual(pressTargets([marker], beside(zoom, 0), zoom), { grab: 'cervical_7', click: 'cervical_7' })
      assert.deepEqual(pressTargets([marker], beside(zoom, 7.5), zoom), { grab: 'cervical_7', click: 'cervical_7' })
      assert.deepEqual(pressTargets([marker], beside(zoom, 8.5), zoom), { grab: 'cervical_7', click: null })
      assert.deepEqual(pressTargets([marker], beside(zoom, 13.5), zoom), { grab: 'cervical_7', click: null })
      assert.deepEqual(pressTargets([marker], beside(zoom, 14.5), zoom), { grab: null, click: null })
      const line: PlacedTarget = { id: 'lrv', lineX: 300 }
      assert.deepEqual(pressTargets([line], beside(zoom, 10), zoom), { grab: 'lrv', click: null })
    })
  }
  test('the nearest target wins; a marker near the line wins over the line', () => {
    const targets: PlacedTarget[] = [
      { id: 'lrv', lineX: 300 },
      { id: 'a', at: [303, 100] },
      { id: 'b', at: [310, 100] },
    ]
    assert.equal(targetNear(targets, [300, 100], 1, GRAB_RADIUS_PX), 'a')
    assert.equal(targetNear(targets, [309, 100], 1, GRAB_RADIUS_PX), 'b')
    assert.equal(targetNear(targets, [300, 140], 1, GRAB_RADIUS_PX), 'lrv')
    assert.equal(targetNear([], [300, 140], 1, GRAB_RADIUS_PX), null)
  })
})

describe('a click beside a suggested marker places the plumb line (posterior view)', () => {
  const spec = FIGURES.posterior
  const doc = markedDoc('posterior')
  const suggested = {
    ...doc,
    lrvX: null,
    markerStatus: Object.fromEntries(Object.keys(doc.markers).map((m) => [m, 'suggested' as const])),
  }
  const state = commands.select(commands.commit(initialState('posterior'), suggested), 'lrv')
  const targets: PlacedTarget[] = Object.entries(suggested.markers).map(([id, at]) => ({ id, at }))
  const c7 = spec.markers.cervical_7!

  for (const zoom of [0.25, 0.75, 2]) {
    test(`zoom ${zoom}: 10 screen px beside C7 places the line there; on C7 itself the click selects C7 and does not confirm it`, () => {
      const p: Pt = [c7[0] + 10 / zoom, c7[1]]
      const after = commands.clickAt(state, p, pressTargets(targets, p, zoom).click)
      assert.equal(current(after).doc.lrvX, Math.round(p[0] * 10) / 10, 'the line is placed where clicked')
      assert.equal(statusOf(current(after).doc, 'cervical_7'), 'suggested', 'C7 is left as it was')
      const on = commands.clickAt(state, c7, pressTargets(targets, c7, zoom).click)
      assert.equal(current(on).doc.lrvX, null)
      assert.equal(statusOf(current(on).doc, 'cervical_7'), 'suggested', 'a click never confirms a suggestion')
      assert.equal(promptOf(on), 'cervical_7', 'the prompt asks for C7')
      // 4 screen px beside the line: the line has no handle, the click places the line (midline markers lie on it).
      const nearLine: Pt = [spec.lrvX + 4 / zoom, 10]
      const targetsWithLine: PlacedTarget[] = [...targets, { id: 'lrv', lineX: spec.lrvX }]
      assert.equal(pressTargets(targetsWithLine, nearLine, zoom).click, null)
      assert.equal(pressTargets(targetsWithLine, nearLine, zoom).grab, 'lrv', 'the line is still dragged from there')
    })
  }
})

describe('the gestures carry both decisions', () => {
  const transform = { s: 0.5, tx: 0, ty: 0 }
  const context = { transform, positionOf: (id: string): Pt | null => (id === 'cervical_7' ? [300, 218] : null) }
  // 10 screen px right of C7 at zoom 0.5.
  const at: Pt = [300 * 0.5 + 10, 218 * 0.5]
  const { grab, click } = pressTargets([marker], [300 + 20, 218], 0.5)
  const press = { pointer: 1, at, button: 0, touch: false, spaceHeld: false, hit: click, grab }

  test('released where pressed: a click on nothing (the active target is placed there)', () => {
    const down = pointerDown(NO_GESTURES, press)
    assert.deepEqual(pointerUp(down.next, 1, false, transform).actions, [{ kind: 'click', at: [320, 218], hit: null }])
  })
  test('moved: the marker beside it is dragged', () => {
    const down = pointerDown(NO_GESTURES, press)
    const moved = pointerMove(down.next, 1, [at[0], at[1] + 10], context)
    assert.deepEqual(moved.actions[0], { kind: 'dragStart', id: 'cervical_7' })
    assert.deepEqual(moved.actions[1], { kind: 'dragMove', id: 'cervical_7', to: [300, 238] })
  })
})
