/**
 * Unit tests of the level (web/src/capture/level.ts): roll and pitch from
 * DeviceOrientation's beta and gamma, in portrait and landscape, and the tolerance.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { LEVEL_TOLERANCE_DEG, levelOf, tiltOf } from '../../../../web/src/capture/level.js'

const close = (a: number, b: number, what: string) => assert.ok(Math.abs(a - b) < 1e-9, `${what}: ${a} vs ${b}`)

describe('level', () => {
  test('a phone held upright (beta 90) is level', () => {
    const t = tiltOf(90, 0)
    close(t.roll, 0, 'roll')
    close(t.pitch, 0, 'pitch')
  })

  test('pitch: beta below 90 looks down, above 90 looks up, by the difference', () => {
    close(tiltOf(86, 0).pitch, -4, 'down')
    close(tiltOf(94, 0).pitch, 4, 'up')
    close(tiltOf(0, 0).pitch, -90, 'flat on a table, camera down')
  })

  test('roll: the picture turned in its plane, in portrait and in landscape', () => {
    // Upright, turned 4 deg in the screen plane: Euler angles beta 86, gamma -90 (W3C Z-X\'-Y\'\').
    close(Math.abs(tiltOf(86, -90).roll), 4, 'portrait')
    close(tiltOf(86, -90).pitch, 0, 'portrait, no pitch')
    // Landscape (device on its side, beta 0, gamma -90): level; turned 3 deg: beta 3.
    close(tiltOf(0, -90).roll, 0, 'landscape')
    close(Math.abs(tiltOf(3, -90).roll), 3, 'landscape turned')
  })

  test('within the tolerance is level; beyond it, not; null angles mean no sensor', () => {
    assert.equal(LEVEL_TOLERANCE_DEG, 1.5)
    const green = levelOf(89.5, 0)
    assert.equal(green.kind === 'tilt' && green.level, true)
    const tilted = levelOf(86, 0)
    assert.equal(tilted.kind === 'tilt' && tilted.level, false)
    assert.deepEqual(levelOf(null, null), { kind: 'no-sensor' })
    assert.deepEqual(levelOf(90, null), { kind: 'no-sensor' })
  })
})
