/**
 * Unit tests of the camera decisions (web/src/capture/camera-choice.ts): constraints
 * that never fail on a camera without a rear side or a 4K mode, which camera opens
 * first, and each getUserMedia failure as the problem the clinician is told about.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  cameraAvailability,
  cameraProblemOf,
  MAX_WIDTH,
  preferredCamera,
  videoConstraints,
} from '../../../../web/src/capture/camera-choice.js'

describe('camera choice', () => {
  test('constraints: rear camera and up to 4K, all ideal (never exact), only the long side asked for', () => {
    const c = videoConstraints(null)
    assert.deepEqual(c.facingMode, { ideal: 'environment' })
    assert.deepEqual(c.width, { ideal: MAX_WIDTH })
    assert.equal(MAX_WIDTH, 3840)
    assert.equal('height' in c, false, 'a landscape height would crop a portrait camera to a square')
    assert.equal(JSON.stringify(c).includes('exact'), false)
  })

  test('a chosen camera is opened by its id, exactly, with no facing mode', () => {
    const c = videoConstraints('cam-2')
    assert.deepEqual(c.deviceId, { exact: 'cam-2' })
    assert.equal(c.facingMode, undefined)
  })

  test("the camera opened first: the remembered one, else a rear one by its label, else the browser's choice", () => {
    const cameras = [
      { deviceId: 'front', label: 'Front Camera' },
      { deviceId: 'rear', label: 'Back Camera' },
    ]
    assert.equal(preferredCamera(cameras, 'front'), 'front')
    assert.equal(preferredCamera(cameras, 'gone'), 'rear')
    assert.equal(preferredCamera([{ deviceId: 'x', label: 'cámara trasera' }], null), 'x')
    assert.equal(preferredCamera([{ deviceId: 'a', label: '' }], null), null)
    assert.equal(preferredCamera([], null), null)
  })

  test('an insecure page or a browser without the API is told before asking', () => {
    assert.deepEqual(cameraAvailability(false, false, 'http://192.168.1.20:8000'), {
      type: 'insecure-context',
      ctx: { origin: 'http://192.168.1.20:8000' },
    })
    assert.deepEqual(cameraAvailability(true, false, 'https://x'), { type: 'no-camera-api', ctx: {} })
    assert.equal(cameraAvailability(true, true, 'https://x'), null)
  })

  test('getUserMedia failures by DOMException name', () => {
    assert.equal(cameraProblemOf('NotAllowedError', 'Permission denied').type, 'permission-refused')
    assert.equal(cameraProblemOf('SecurityError', '').type, 'permission-refused')
    assert.equal(cameraProblemOf('NotFoundError', 'Requested device not found').type, 'no-camera')
    assert.equal(cameraProblemOf('OverconstrainedError', '').type, 'no-camera')
    assert.equal(cameraProblemOf('NotReadableError', 'Could not start video source').type, 'camera-busy')
    assert.deepEqual(cameraProblemOf('TypeError', 'odd'), {
      type: 'camera-failed',
      ctx: { name: 'TypeError', message: 'odd' },
    })
  })
})
