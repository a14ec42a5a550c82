/**
 * The smaller findings of issue 27 in the commands (state/commands.ts, record/commands.ts):
 * Enter places the active target at the centre and goes on to the next one, and on a target
 * already placed (just nudged) goes on without moving it back; in the lateral view, where the
 * scale is optional, placing scale point A asks for B next; a change of side drops the facing
 * warning judged against the old side; a new visit starts on the first view; the capture's
 * level message says which way to turn the device (capture/wording.ts).
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { levelHints, levelText } from '../../../../web/src/capture/wording.js'
import { setLocale } from '../../../../web/src/i18n/index.js'
import { newVisit } from '../../../../web/src/record/commands.js'
import { newPatient } from '../../../../web/src/record/model.js'
import * as commands from '../../../../web/src/state/commands.js'
import { isPlaced, type Photo, positionOf } from '../../../../web/src/state/model.js'
import { type AppState, current, initialState, promptOf, withView } from '../../../../web/src/state/state.js'
import { FIGURES } from '../fixtures.js'

const photoOf = (view: 'anterior' | 'lateral'): Photo => ({
  name: `${view}.png`,
  width: FIGURES[view].width,
  height: FIGURES[view].height,
  url: 'data:image/png;base64,',
})

/** The app on `view` with its photo open and the scale and reference line placed (markers next). */
function readyForMarkers(): AppState {
  const spec = FIGURES.anterior
  let s = commands.photoOpened(initialState(), photoOf('anterior'))
  s = commands.clickAt(s, spec.scale[0], null)
  s = commands.clickAt(s, spec.scale[1], null)
  return commands.clickAt(s, [spec.lrvX, 300], null)
}

describe('the keyboard: Enter places at the centre and goes on', () => {
  test('Enter places the active marker at the given centre and makes the next marker active', () => {
    const s = readyForMarkers()
    const first = promptOf(s)!
    const after = commands.placeActiveAt(s, [200, 300])
    assert.deepEqual(positionOf(current(after).doc, first), [200, 300])
    assert.notEqual(promptOf(after), first, 'Enter went on to the next marker')
    assert.equal(isPlaced(current(after).doc, promptOf(after)!), false, 'the next one is still to place')
  })

  test('a second Enter on a nudged marker keeps it where the arrows left it', () => {
    let s = readyForMarkers()
    const first = promptOf(s)!
    s = commands.placeActiveAt(s, [200, 300])
    s = commands.select(s, first)
    s = commands.nudge(s, 1, -10)!
    const steps = current(s).past.length
    s = commands.placeActiveAt(s, [200, 300])
    assert.deepEqual(positionOf(current(s).doc, first), [201, 290], 'not snapped back to the centre')
    assert.notEqual(promptOf(s), first, 'Enter went on')
    assert.equal(current(s).past.length, steps, 'Enter on a placed marker adds no step to undo')
  })
})

describe('lateral calibration', () => {
  test('after scale point A the app asks for scale point B, not a marker', () => {
    let s = commands.setView(initialState(), 'lateral')
    s = commands.photoOpened(s, photoOf('lateral'))
    s = commands.select(s, 'scale-a')
    s = commands.clickAt(s, FIGURES.lateral.scale[0], null)
    assert.equal(promptOf(s), 'scale-b')
    s = commands.clickAt(s, FIGURES.lateral.scale[1], null)
    assert.notEqual(promptOf(s), 'scale-a')
    assert.notEqual(promptOf(s), 'scale-b')
  })
})

describe('a change of side', () => {
  test('drops the facing warning judged against the old side', () => {
    let s = commands.setView(initialState(), 'lateral')
    s = commands.photoOpened(s, photoOf('lateral'))
    s = withView(s, (vs) => ({ ...vs, facingMismatch: { seen: 'left', expected: 'right' } }))
    const other = current(s).doc.side === 'right' ? 'left' : 'right'
    const changed = commands.setSide(s, other)
    assert.equal(current(changed).facingMismatch, null)
    assert.equal(current(changed).doc.side, other)
  })
})

describe('a new visit', () => {
  test('starts on the first view, whatever view the last one ended on', () => {
    const onLateral = commands.setView(initialState(), 'lateral')
    const s = newVisit(
      onLateral,
      newPatient('p1', 'PAC-1', '2026-05-01T09:00:00.000Z', 'added'),
      'v1',
      '2026-05-01',
      '2026-05-01T09:00:00.000Z',
    )
    assert.equal(s.view, 'anterior')
  })
})

describe('the level says which way to turn', () => {
  test('each angle beyond the tolerance gets its direction; a level one none', () => {
    setLocale('en')
    assert.deepEqual(levelHints({ roll: 4, pitch: 0 }), ['Turn the device clockwise.'])
    assert.deepEqual(levelHints({ roll: -4, pitch: 0 }), ['Turn the device anticlockwise.'])
    assert.deepEqual(levelHints({ roll: 0, pitch: 3 }), ['Aim the camera lower.'])
    assert.deepEqual(levelHints({ roll: 0.5, pitch: -4 }), ['Aim the camera higher.'])
    assert.deepEqual(levelHints({ roll: 1, pitch: -1 }), [])
    assert.match(
      levelText({ kind: 'tilt', tilt: { roll: -3, pitch: 2 }, level: false }),
      /^Not level: roll −3\.0°, pitch 2\.0°\. .* Turn the device anticlockwise\. Aim the camera lower\.$/,
    )
    setLocale('es')
    assert.match(levelText({ kind: 'tilt', tilt: { roll: 3, pitch: 0 }, level: false }), /agujas del reloj\.$/)
    setLocale('en')
  })
})
