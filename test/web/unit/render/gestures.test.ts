/**
 * The viewer's gestures (web/src/render/gestures.ts): click, drag of a target, pan,
 * wheel and two-finger pinch, as the decisions the stage carries out; the camera
 * (camera.ts) applies the pans and zooms here as the stage does.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { pannedBy, toImage, zoomedBy } from '../../../../web/src/render/camera.js'
import {
  type Action,
  type Gestures,
  MOVE_THRESHOLD,
  NO_GESTURES,
  type Press,
  pointerDown,
  pointerMove,
  pointerUp,
  wheelFactor,
} from '../../../../web/src/render/gestures.js'
import type { Transform } from '../../../../web/src/render/scene.js'
import type { Pt } from '../../../../web/src/state/model.js'

const T: Transform = { s: 2, tx: 10, ty: 20 }
/** Target 'tragus' is at photo point (100, 50). */
const CONTEXT = { transform: T, positionOf: (id: string): Pt | null => (id === 'tragus' ? [100, 50] : null) }

function press(pointer: number, at: Pt, extra: Partial<Press> = {}): Press {
  return { pointer, at, button: 0, touch: false, hit: null, spaceHeld: false, ...extra }
}

/** Runs steps in order, collecting every action. */
class Session {
  state: Gestures = NO_GESTURES
  actions: Action[] = []
  down(p: Press) {
    const step = pointerDown(this.state, p)
    this.state = step.next
    this.actions.push(...step.actions)
    return step
  }
  move(pointer: number, at: Pt) {
    const step = pointerMove(this.state, pointer, at, CONTEXT)
    this.state = step.next
    this.actions.push(...step.actions)
    return step
  }
  up(pointer: number, cancelled = false) {
    const step = pointerUp(this.state, pointer, cancelled, T)
    this.state = step.next
    this.actions.push(...step.actions)
    return step
  }
}

/** The camera after the session's pans and zooms, as the stage applies them. */
function cameraAfter(actions: readonly Action[], t: Transform = T): Transform {
  return actions.reduce(
    (c, a) => (a.kind === 'pan' ? pannedBy(c, a.dx, a.dy) : a.kind === 'zoom' ? zoomedBy(c, a.factor, a.center) : c),
    t,
  )
}

describe('click', () => {
  test('a press released where it went down clicks the photo point under it, with the target hit', () => {
    const s = new Session()
    assert.equal(s.down(press(1, [50, 70], { hit: 'tragus' })).claimed, true, 'the page does not scroll or select')
    s.up(1)
    assert.deepEqual(s.actions, [{ kind: 'click', at: [20, 25], hit: 'tragus' }])
    assert.equal(s.state.gesture, null)
    assert.equal(s.state.pointers.size, 0)
  })

  test('a tremble under the threshold is still a click; a finger may tremble more than a mouse', () => {
    const mouse = new Session()
    mouse.down(press(1, [50, 70]))
    mouse.move(1, [50 + MOVE_THRESHOLD.mouse - 1, 70])
    mouse.up(1)
    assert.deepEqual(
      mouse.actions.map((a) => a.kind),
      ['click'],
    )
    const finger = new Session()
    finger.down(press(1, [50, 70], { touch: true }))
    finger.move(1, [50, 70 + MOVE_THRESHOLD.touch - 1])
    finger.up(1)
    assert.deepEqual(
      finger.actions.map((a) => a.kind),
      ['click'],
    )
  })

  test('a cancelled press does not click; a right-button press starts nothing', () => {
    const s = new Session()
    s.down(press(1, [50, 70]))
    s.up(1, true)
    s.down(press(2, [50, 70], { button: 2 }))
    s.move(2, [90, 90])
    s.up(2)
    assert.deepEqual(s.actions, [])
  })
})

describe('drag and pan', () => {
  test('pressing a target and moving drags it by the pointer movement in photo pixels', () => {
    const s = new Session()
    s.down(press(1, [50, 70], { hit: 'tragus' }))
    s.move(1, [60, 70])
    s.move(1, [70, 90])
    s.up(1)
    assert.deepEqual(s.actions, [
      { kind: 'dragStart', id: 'tragus' },
      { kind: 'dragMove', id: 'tragus', to: [105, 50] },
      { kind: 'dragMove', id: 'tragus', to: [110, 60] },
      { kind: 'dragEnd', id: 'tragus' },
    ])
  })

  test('pressing the empty photo and moving pans it, from where the press began', () => {
    const s = new Session()
    s.down(press(1, [50, 70]))
    s.move(1, [60, 75])
    assert.equal(s.state.gesture?.kind, 'pan')
    s.move(1, [65, 75])
    s.up(1)
    assert.deepEqual(s.actions, [
      { kind: 'pan', dx: 10, dy: 5 },
      { kind: 'pan', dx: 5, dy: 0 },
    ])
  })

  test('the middle button, or space held, pans at once, even over a target', () => {
    for (const extra of [{ button: 1 }, { spaceHeld: true, hit: 'tragus' }]) {
      const s = new Session()
      s.down(press(1, [50, 70], extra))
      assert.equal(s.state.gesture?.kind, 'pan')
      s.move(1, [51, 70])
      s.up(1)
      assert.deepEqual(s.actions, [{ kind: 'pan', dx: 1, dy: 0 }])
    }
  })

  test('moves of a pointer the stage does not know are ignored', () => {
    const s = new Session()
    assert.deepEqual(s.move(7, [1, 1]).next, NO_GESTURES)
    assert.deepEqual(s.up(7).actions, [])
  })
})

describe('wheel', () => {
  test('scrolling up zooms in, down zooms out, by the same factor each way', () => {
    assert.ok(wheelFactor(-100, 0) > 1)
    assert.ok(wheelFactor(100, 0) < 1)
    assert.ok(Math.abs(wheelFactor(100, 0) * wheelFactor(-100, 0) - 1) < 1e-12)
    assert.equal(wheelFactor(0, 0), 1)
  })

  test('a line counts 40 pixels and a page 800', () => {
    assert.equal(wheelFactor(3, 1), wheelFactor(120, 0))
    assert.equal(wheelFactor(1, 2), wheelFactor(800, 0))
  })

  test('zooming at the pointer keeps the photo point under it', () => {
    const at: Pt = [300, 200]
    const after = zoomedBy(T, wheelFactor(-240, 0), at)
    assert.ok(after.s > T.s)
    const [a, b] = [toImage(T, at), toImage(after, at)]
    assert.ok(Math.hypot(a[0] - b[0], a[1] - b[1]) < 1e-9)
  })
})

describe('pinch', () => {
  test('spreading two fingers zooms by the ratio of their distances about their midpoint', () => {
    const s = new Session()
    s.down(press(1, [100, 100], { touch: true }))
    s.down(press(2, [200, 100], { touch: true }))
    assert.deepEqual(s.state.gesture, { kind: 'pinch', distance: 100, center: [150, 100] })
    s.move(1, [50, 100])
    s.move(2, [250, 100])
    // The first move: distance 150 (1.5x), midpoint 25 px left; the second: 200 (4/3), midpoint back.
    assert.deepEqual(s.actions, [
      { kind: 'pan', dx: -25, dy: 0 },
      { kind: 'zoom', factor: 1.5, center: [125, 100] },
      { kind: 'pan', dx: 25, dy: 0 },
      { kind: 'zoom', factor: 200 / 150, center: [150, 100] },
    ])
    const after = cameraAfter(s.actions)
    assert.ok(Math.abs(after.s - 2 * T.s) < 1e-12, 'twice the zoom')
    const [a, b] = [toImage(T, [150, 100]), toImage(after, [150, 100])]
    assert.ok(Math.hypot(a[0] - b[0], a[1] - b[1]) < 1e-9, 'the photo point between the fingers stays between them')
  })

  test('moving both fingers together pans the photo with them', () => {
    const s = new Session()
    s.down(press(1, [100, 100], { touch: true }))
    s.down(press(2, [200, 100], { touch: true }))
    s.move(1, [110, 130])
    s.move(2, [210, 130])
    const after = cameraAfter(s.actions)
    assert.ok(Math.abs(after.s - T.s) < 1e-12)
    assert.ok(Math.abs(after.tx - (T.tx + 10)) < 1e-9 && Math.abs(after.ty - (T.ty + 30)) < 1e-9)
  })

  test('a second finger during a drag ends the drag and pinches; no click when the fingers lift', () => {
    const s = new Session()
    s.down(press(1, [50, 70], { touch: true, hit: 'tragus' }))
    s.move(1, [70, 70])
    s.down(press(2, [150, 70], { touch: true }))
    assert.equal(s.state.gesture?.kind, 'pinch')
    s.up(2)
    assert.equal(s.state.gesture?.kind, 'pinch', 'still pinching while one finger stays')
    s.move(1, [90, 90])
    s.up(1)
    assert.equal(s.state.gesture, null)
    assert.deepEqual(
      s.actions.map((a) => a.kind),
      ['dragStart', 'dragMove', 'dragEnd'],
    )
  })

  test('a third finger changes nothing', () => {
    const s = new Session()
    s.down(press(1, [100, 100], { touch: true }))
    s.down(press(2, [200, 100], { touch: true }))
    const before = s.state.gesture
    assert.equal(s.down(press(3, [300, 300], { touch: true })).claimed, false)
    assert.equal(s.state.gesture, before)
  })
})
