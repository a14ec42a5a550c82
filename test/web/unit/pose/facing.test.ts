/**
 * The facing check (web/src/pose/facing.ts), pure, in Node: front, back and either side
 * from the landmarks of a standing person, against the chosen view.
 */

import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { checkFacing, estimateFacing, expectedFacing, SIDE_WIDTH_RATIO } from '../../../../web/src/pose/facing.js'
import { standing, withLandmarks } from './standing.js'

describe('estimateFacing', () => {
  it('tells front, back, left and right apart', () => {
    assert.equal(estimateFacing(standing('front')).facing, 'front')
    assert.equal(estimateFacing(standing('back')).facing, 'back')
    assert.equal(estimateFacing(standing('left')).facing, 'left')
    assert.equal(estimateFacing(standing('right')).facing, 'right')
  })

  it('signs the width ratio: positive facing the camera, negative from behind, small from the side', () => {
    assert.ok(estimateFacing(standing('front')).widthRatio > SIDE_WIDTH_RATIO)
    assert.ok(estimateFacing(standing('back')).widthRatio < -SIDE_WIDTH_RATIO)
    assert.ok(Math.abs(estimateFacing(standing('left')).widthRatio) < SIDE_WIDTH_RATIO)
  })

  it('reads a side view from the feet when the face is hidden', () => {
    const lm = withLandmarks(standing('left'), { NOSE: { visibility: 0.05 } })
    assert.equal(estimateFacing(lm).facing, 'left')
  })

  it('gives no answer when the shoulders and hips are barely visible', () => {
    const lm = withLandmarks(standing('front'), {
      LEFT_SHOULDER: { visibility: 0.1 },
      RIGHT_SHOULDER: { visibility: 0.1 },
      LEFT_HIP: { visibility: 0.1 },
    })
    assert.equal(estimateFacing(lm).facing, null)
  })

  it('gives no answer from the side when neither the face nor the feet are visible', () => {
    const lm = withLandmarks(standing('right'), {
      NOSE: { visibility: 0 },
      LEFT_HEEL: { visibility: 0 },
      RIGHT_HEEL: { visibility: 0 },
      LEFT_FOOT_INDEX: { visibility: 0 },
      RIGHT_FOOT_INDEX: { visibility: 0 },
    })
    assert.equal(estimateFacing(lm).facing, null)
  })
})

describe('checkFacing', () => {
  it('expects front for anterior, back for posterior and the chosen side for lateral', () => {
    assert.equal(expectedFacing('anterior', 'left'), 'front')
    assert.equal(expectedFacing('posterior', 'right'), 'back')
    assert.equal(expectedFacing('lateral', 'left'), 'left')
    assert.equal(expectedFacing('lateral', 'right'), 'right')
  })

  it('matches when the photo shows what the view expects', () => {
    assert.deepEqual(checkFacing('anterior', 'left', standing('front')), {
      type: 'facing-match',
      ctx: { expected: 'front' },
    })
    assert.deepEqual(checkFacing('lateral', 'right', standing('right')), {
      type: 'facing-match',
      ctx: { expected: 'right' },
    })
  })

  it('reports a back view chosen as anterior, and the wrong side', () => {
    assert.deepEqual(checkFacing('anterior', 'left', standing('back')), {
      type: 'facing-mismatch',
      ctx: { expected: 'front', seen: 'back' },
    })
    assert.deepEqual(checkFacing('posterior', 'left', standing('front')), {
      type: 'facing-mismatch',
      ctx: { expected: 'back', seen: 'front' },
    })
    assert.deepEqual(checkFacing('lateral', 'left', standing('right')), {
      type: 'facing-mismatch',
      ctx: { expected: 'left', seen: 'right' },
    })
    assert.deepEqual(checkFacing('lateral', 'right', standing('front')), {
      type: 'facing-mismatch',
      ctx: { expected: 'right', seen: 'front' },
    })
  })

  it('says when it cannot tell', () => {
    const lm = withLandmarks(standing('front'), {
      LEFT_SHOULDER: { visibility: 0 },
      RIGHT_SHOULDER: { visibility: 0 },
      LEFT_HIP: { visibility: 0 },
    })
    assert.deepEqual(checkFacing('anterior', 'left', lm), { type: 'facing-unknown', ctx: { expected: 'front' } })
  })
})
