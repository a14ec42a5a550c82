/**
 * Unit tests of the capture guides and the framing check (web/src/capture/framing.ts)
 * on synthetic pose-model output: a well-framed person passes every check; feet cut
 * off, the wrong facing, too far, too close and off centre each fail their own check;
 * the plumb line keeps its share of the width on the full-resolution still.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  checkFraming,
  DISTANCE_RANGE,
  type FramingCheck,
  framingHolds,
  guidesFor,
  isSteady,
  plumbOnStill,
} from '../../../../web/src/capture/framing.js'
import type { Landmark } from '../../../../web/src/pose/landmarks.js'
import { PHOTO, standing, withLandmarks } from '../pose/standing.js'

const byType = (checks: readonly FramingCheck[]) => Object.fromEntries(checks.map((c) => [c.type, c]))

/** The landmarks moved by (dx, dy) and scaled by k about the photo's centre. */
function moved(landmarks: readonly Landmark[], k: number, dx = 0, dy = 0): Landmark[] {
  return landmarks.map((l) => ({
    ...l,
    x: PHOTO.width / 2 + (l.x - PHOTO.width / 2) * k + dx,
    y: PHOTO.height / 2 + (l.y - PHOTO.height / 2) * k + dy,
  }))
}

describe('guides', () => {
  test('plumb line at the centre, grid on it, silhouette between the head and floor lines, narrower from the side', () => {
    const g = guidesFor('anterior', { width: 1080, height: 1920 })
    assert.equal(g.plumbX, 540)
    assert.ok(g.gridX.every((x) => x > 0 && x < 1080 && x !== 540))
    assert.equal(g.silhouette.top, 1920 * 0.08)
    assert.equal(g.silhouette.bottom, 1920 * 0.92)
    assert.equal((g.silhouette.left + g.silhouette.right) / 2, 540)
    const side = guidesFor('lateral', { width: 1080, height: 1920 })
    assert.ok(side.silhouette.right - side.silhouette.left < g.silhouette.right - g.silhouette.left)
  })

  test('the plumb line lands on the still at the same share of the width', () => {
    const g = guidesFor('anterior', { width: 640, height: 480 })
    assert.equal(plumbOnStill(g, { width: 640, height: 480 }, { width: 3840, height: 2880 }), 1920)
  })
})

describe('framing check', () => {
  test('the facing held over the frames of the preview, when given, is the one checked', () => {
    const frame = standing('front')
    assert.equal(byType(checkFraming('anterior', 'right', frame, PHOTO)).facing?.ok, true)
    const held = byType(checkFraming('anterior', 'right', frame, PHOTO, 'left')).facing
    assert.deepEqual(held, { type: 'facing', ok: false, ctx: { expected: 'front', seen: 'left' } })
    assert.deepEqual(byType(checkFraming('anterior', 'right', frame, PHOTO, null)).facing?.ctx, {
      expected: 'front',
      seen: null,
    })
  })

  test('a person standing inside the frame, facing as the view needs: every check holds', () => {
    const checks = checkFraming('anterior', 'right', standing('front'), PHOTO)
    assert.deepEqual(
      checks.map((c) => c.type),
      ['person', 'whole-body', 'facing', 'distance', 'centred'],
    )
    assert.ok(framingHolds(checks), JSON.stringify(checks))
    assert.ok(framingHolds(checkFraming('posterior', 'right', standing('back'), PHOTO)))
    assert.ok(framingHolds(checkFraming('lateral', 'left', standing('left'), PHOTO)))
  })

  test('no person: only that check, and it fails', () => {
    assert.deepEqual(checkFraming('anterior', 'right', null, PHOTO), [{ type: 'person', ok: false, ctx: {} }])
    const unseen = standing('front').map((l) => ({ ...l, visibility: 0.05 }))
    assert.equal(framingHolds(checkFraming('anterior', 'right', unseen, PHOTO)), false)
  })

  test('feet cut off: the whole-body check names them', () => {
    const cut = withLandmarks(standing('front'), {
      LEFT_ANKLE: { y: 1050, visibility: 0.05 },
      RIGHT_ANKLE: { y: 1050, visibility: 0.05 },
      LEFT_HEEL: { y: 1080, visibility: 0.04 },
      RIGHT_HEEL: { y: 1080, visibility: 0.04 },
      LEFT_FOOT_INDEX: { y: 1100, visibility: 0.03 },
      RIGHT_FOOT_INDEX: { y: 1100, visibility: 0.03 },
    })
    const c = byType(checkFraming('anterior', 'right', cut, PHOTO))
    assert.deepEqual(c['whole-body'], { type: 'whole-body', ok: false, ctx: { missing: ['left-foot', 'right-foot'] } })
  })

  test('from the side the far foot may be hidden; with neither foot seen, the feet are cut off', () => {
    const farHidden = withLandmarks(standing('left'), {
      RIGHT_ANKLE: { visibility: 0.1 },
      RIGHT_HEEL: { visibility: 0.1 },
      RIGHT_FOOT_INDEX: { visibility: 0.1 },
    })
    assert.equal(byType(checkFraming('lateral', 'left', farHidden, PHOTO))['whole-body']!.ok, true)
    const noFeet = withLandmarks(farHidden, {
      LEFT_ANKLE: { visibility: 0.1 },
      LEFT_HEEL: { visibility: 0.1 },
      LEFT_FOOT_INDEX: { visibility: 0.1 },
    })
    assert.deepEqual(byType(checkFraming('lateral', 'left', noFeet, PHOTO))['whole-body']!.ctx, { missing: ['feet'] })
  })

  test('the head above the frame is cut off too', () => {
    const c = byType(checkFraming('anterior', 'right', moved(standing('front'), 1, 0, -120), PHOTO))
    assert.equal(c['whole-body']!.ok, false)
    assert.deepEqual((c['whole-body'] as Extract<FramingCheck, { type: 'whole-body' }>).ctx.missing[0], 'head')
  })

  test('the wrong facing says what is seen and what the view needs', () => {
    const c = byType(checkFraming('anterior', 'right', standing('back'), PHOTO))
    assert.deepEqual(c.facing, { type: 'facing', ok: false, ctx: { expected: 'front', seen: 'back' } })
    const side = byType(checkFraming('lateral', 'right', standing('left'), PHOTO))
    assert.deepEqual(side.facing, { type: 'facing', ok: false, ctx: { expected: 'right', seen: 'left' } })
  })

  test('distance: too far below the range, too close above it', () => {
    const far = byType(checkFraming('anterior', 'right', moved(standing('front'), 0.5), PHOTO)).distance as Extract<
      FramingCheck,
      { type: 'distance' }
    >
    assert.equal(far.ok, false)
    assert.equal(far.ctx.verdict, 'closer')
    assert.ok(far.ctx.share < DISTANCE_RANGE.min)
    const near = byType(checkFraming('anterior', 'right', moved(standing('front'), 1.04, 0, 10), PHOTO))
      .distance as Extract<FramingCheck, { type: 'distance' }>
    assert.equal(near.ctx.verdict, 'farther', JSON.stringify(near))
  })

  test('off centre beyond the tolerance', () => {
    const c = byType(checkFraming('anterior', 'right', moved(standing('front'), 0.8, 120), PHOTO))
    assert.equal(c.centred!.ok, false)
    assert.equal(byType(checkFraming('anterior', 'right', moved(standing('front'), 0.8, 20), PHOTO)).centred!.ok, true)
  })

  test('steady: small moves between two checks are still, a step is not', () => {
    const a = standing('front')
    assert.equal(isSteady(a, moved(a, 1, 3, 2)), true)
    assert.equal(isSteady(a, moved(a, 1, 40, 0)), false)
    assert.equal(isSteady(null, a), false)
  })
})
