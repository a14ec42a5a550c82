/** Unit tests of the keyboard command table (web/src/input/keymap.ts): which key does what, and where. */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { commandFor, KEYMAP, type KeyPress, nudgeOf, runCommand } from '../../../../web/src/input/keymap.js'
import type { Viewport } from '../../../../web/src/render/viewport.js'
import * as commands from '../../../../web/src/state/commands.js'
import { type Pt, positionOf } from '../../../../web/src/state/model.js'
import { current, initialState, promptOf } from '../../../../web/src/state/state.js'
import { createStore } from '../../../../web/src/state/store.js'
import { markedDoc } from '../fixtures.js'

const press = (key: string, mods: Partial<Omit<KeyPress, 'key'>> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
})
const onStage = { onControl: false, inTabList: false }

describe('key table', () => {
  const cases: [KeyPress, string | null][] = [
    [press('z', { ctrlKey: true }), 'undo'],
    [press('z', { metaKey: true }), 'undo'],
    [press('Z', { ctrlKey: true, shiftKey: true }), 'redo'],
    [press('y', { ctrlKey: true }), 'redo'],
    [press('s', { ctrlKey: true }), 'saveAssessment'],
    [press('u'), 'undo'],
    [press('U', { shiftKey: true }), 'undo'],
    [press('n'), 'next'],
    [press(']'), 'next'],
    [press('P', { shiftKey: true }), 'previous'],
    [press('['), 'previous'],
    [press('Delete'), 'removeActive'],
    [press('Backspace'), 'removeActive'],
    [press('+', { shiftKey: true }), 'zoomIn'],
    [press('='), 'zoomIn'],
    [press('-'), 'zoomOut'],
    [press('0'), 'zoomFit'],
    [press('1'), 'zoomActual'],
    [press('?', { shiftKey: true }), 'help'],
    [press('o'), 'openPhoto'],
    [press(' '), 'panMode'],
    [press('Enter'), 'placeAtCentre'],
    [press('ArrowLeft'), 'nudge'],
    [press('ArrowDown', { shiftKey: true }), 'nudge'],
    // Not the app's: the browser's own shortcuts and other keys.
    [press('n', { ctrlKey: true }), null],
    [press('u', { altKey: true }), null],
    [press('s'), null],
    [press('x'), null],
  ]
  for (const [p, want] of cases) {
    const mods = ['ctrlKey', 'metaKey', 'shiftKey', 'altKey'].filter((m) => p[m as keyof KeyPress]).join('+')
    test(`${mods ? `${mods}+` : ''}${JSON.stringify(p.key)} -> ${want}`, () => {
      assert.equal(commandFor(p, onStage), want)
    })
  }

  test('Space, Enter and the arrows belong to a focused control; the arrows to a tab list', () => {
    const onControl = { onControl: true, inTabList: false }
    assert.equal(commandFor(press(' '), onControl), null)
    assert.equal(commandFor(press('Enter'), onControl), null)
    assert.equal(commandFor(press('ArrowUp'), onControl), null)
    assert.equal(commandFor(press('ArrowUp'), { onControl: false, inTabList: true }), null)
    assert.equal(commandFor(press('n'), onControl), 'next', 'letters work from anywhere but fields')
  })

  test('every key appears once per modifier combination', () => {
    const seen = new Set<string>()
    for (const b of KEYMAP) {
      for (const k of b.keys) {
        const id = `${b.mod ? 'mod' : ''}${b.shift === undefined ? '*' : b.shift}:${k}`
        assert.ok(!seen.has(id), `${id} bound twice`)
        seen.add(id)
      }
    }
  })

  test('arrows step 1 px, 10 with Shift', () => {
    assert.deepEqual(nudgeOf(press('ArrowLeft')), [-1, 0])
    assert.deepEqual(nudgeOf(press('ArrowUp', { shiftKey: true })), [0, -10])
  })
})

describe('running commands', () => {
  function setup() {
    const store = createStore(commands.select(commands.commit(initialState(), markedDoc('anterior')), 'ombligo'))
    const calls: string[] = []
    const viewport: Viewport = {
      zoomBy: (f) => void calls.push(`zoom ${f}`),
      fit: () => void calls.push('fit'),
      actualSize: () => void calls.push('1:1'),
      panBy: (dx, dy) => void calls.push(`pan ${dx},${dy}`),
      center: (): Pt => [123, 456],
      spaceHeld: false,
    }
    const ui = {
      openPhotoPicker: () => void calls.push('open'),
      showHelp: () => void calls.push('help'),
      saveAssessment: () => void calls.push('save'),
    }
    const run = (p: KeyPress) => runCommand(commandFor(p, onStage)!, p, { store, viewport, ui })
    return { store, calls, viewport, run }
  }

  test('keys change the state through commands', () => {
    const { store, run } = setup()
    const [x, y] = positionOf(current(store.get()).doc, 'ombligo')!
    run(press('ArrowRight', { shiftKey: true }))
    assert.deepEqual(positionOf(current(store.get()).doc, 'ombligo'), [x + 10, y])
    run(press('z', { ctrlKey: true }))
    assert.deepEqual(positionOf(current(store.get()).doc, 'ombligo'), [x, y])
    run(press('Delete'))
    assert.equal(positionOf(current(store.get()).doc, 'ombligo'), null)
    run(press('Enter'))
    assert.deepEqual(positionOf(current(store.get()).doc, 'ombligo'), [123, 456], 'placed at the centre of the view')
    run(press('n'))
    assert.notEqual(promptOf(store.get()), 'ombligo')
  })

  test('keys for the viewer and the UI', () => {
    const { store, calls, viewport, run } = setup()
    for (const k of ['+', '-', '0', '1', '?', 'o']) run(press(k))
    run(press('s', { ctrlKey: true }))
    run(press(' '))
    assert.equal(viewport.spaceHeld, true)
    store.set((s) => commands.select(s, null))
    run(press('ArrowDown'))
    assert.deepEqual(calls, ['zoom 1.25', 'zoom 0.8', 'fit', '1:1', 'help', 'open', 'save', 'pan 0,-5'])
  })
})
