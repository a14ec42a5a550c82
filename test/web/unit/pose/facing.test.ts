/**
 * The facing check (web/src/pose/facing.ts), pure, in Node: front, back and either side
 * from the landmarks of a standing person, against the chosen view; and the facing of a
 * live preview held over frames (trackFacing): identical frames keep their verdict, noise
 * around the front-or-side threshold changes nothing, a real turn changes it after
 * FACING_FRAMES frames.
 */

import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe, it } from 'node:test'
import {
  checkFacing,
  estimateFacing,
  expectedFacing,
  FACING_FRAMES,
  type FacingTrack,
  NO_FACING_TRACK,
  SIDE_BAND,
  SIDE_WIDTH_RATIO,
  trackFacing,
} from '../../../../web/src/pose/facing.js'
import type { Landmark } from '../../../../web/src/pose/landmarks.js'
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

/**
 * The subject turned from their left side towards the camera until shoulders and hips are
 * `ratio` of the trunk's length apart across the image (facing the image's left, the face
 * and feet say so): from the side below SIDE_WIDTH_RATIO, from the front at or above it.
 */
function turned(ratio: number): Landmark[] {
  const half = (ratio * 280) / 2
  return withLandmarks(standing('left'), {
    LEFT_SHOULDER: { x: 300 + half },
    RIGHT_SHOULDER: { x: 300 - half },
    LEFT_HIP: { x: 300 + half },
    RIGHT_HIP: { x: 300 - half },
  })
}

/** The verdicts shown after each frame of `frames`. */
function shownOver(frames: readonly (readonly Landmark[] | null)[]): (string | null)[] {
  let track: FacingTrack = NO_FACING_TRACK
  return frames.map((frame) => {
    track = trackFacing(track, frame)
    return track.shown
  })
}

/** A seeded generator, so the noise is the same on every run. */
function seeded(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 16807) % 2147483647
    return state / 2147483647
  }
}

describe('trackFacing: the facing of a live preview', () => {
  it('the turned subject is seen from the side below the threshold and from the front above it', () => {
    assert.ok(Math.abs(estimateFacing(turned(0.2)).widthRatio - 0.2) < 1e-12)
    assert.equal(estimateFacing(turned(SIDE_WIDTH_RATIO - 0.01)).facing, 'left')
    assert.equal(estimateFacing(turned(SIDE_WIDTH_RATIO + 0.01)).facing, 'front')
  })

  it('the same frame, again and again, gives the same verdict', () => {
    for (const frame of [
      standing('front'),
      standing('back'),
      standing('left'),
      standing('right'),
      turned(SIDE_WIDTH_RATIO),
      turned(SIDE_WIDTH_RATIO - 1e-9),
    ]) {
      const shown = shownOver(Array.from({ length: 30 }, () => frame))
      assert.deepEqual(new Set(shown), new Set([estimateFacing(frame).facing]))
    }
  })

  it('noise around the front-or-side threshold changes no verdict, though each frame alone flips', () => {
    const random = seeded(42)
    for (const start of [SIDE_WIDTH_RATIO + 0.02, SIDE_WIDTH_RATIO - 0.02]) {
      // An unchanging scene as the model sees it: the ratio within ±0.04 (less than SIDE_BAND) of the threshold.
      const frames = [
        turned(start),
        ...Array.from({ length: 200 }, () => turned(SIDE_WIDTH_RATIO + (random() - 0.5) * 0.08)),
      ]
      const alone = new Set(frames.map((f) => estimateFacing(f).facing))
      assert.deepEqual(alone, new Set(['front', 'left']), 'each frame judged alone flips: the defect')
      const shown = shownOver(frames)
      assert.deepEqual(new Set(shown), new Set([shown[0]]), `held: ${shown.join(' ')}`)
    }
  })

  it('an odd frame now and then (no person found, a frame misread) changes nothing', () => {
    const frames: (Landmark[] | null)[] = []
    for (let i = 0; i < 40; i++) frames.push(i % 5 === 3 ? null : i % 7 === 5 ? standing('back') : standing('front'))
    assert.deepEqual(new Set(shownOver(frames)), new Set(['front']))
    // Fewer than FACING_FRAMES in a row of another verdict, again and again, never replace it.
    const bursts: Landmark[][] = []
    for (let i = 0; i < 10; i++) {
      bursts.push(standing('front'))
      for (let k = 0; k < FACING_FRAMES - 1; k++) bursts.push(standing('right'))
    }
    assert.deepEqual(new Set(shownOver(bursts)), new Set(['front']))
  })

  it('a real turn changes the verdict after FACING_FRAMES frames in a row, and the way back too', () => {
    const frames = [
      ...Array.from({ length: 5 }, () => standing('front')),
      ...Array.from({ length: 5 }, () => standing('left')),
      ...Array.from({ length: 5 }, () => standing('front')),
    ]
    const shown = shownOver(frames)
    const expected = [
      ...Array.from({ length: 5 + FACING_FRAMES - 1 }, () => 'front'),
      ...Array.from({ length: 5 - FACING_FRAMES + 1 + FACING_FRAMES - 1 }, () => 'left'),
      ...Array.from({ length: 5 - FACING_FRAMES + 1 }, () => 'front'),
    ]
    assert.deepEqual(shown, expected)
  })

  it('the threshold moves away from the verdict held by SIDE_BAND', () => {
    const justBelow = turned(SIDE_WIDTH_RATIO - SIDE_BAND / 2)
    const justAbove = turned(SIDE_WIDTH_RATIO + SIDE_BAND / 2)
    assert.equal(estimateFacing(justBelow, 'front').facing, 'front')
    assert.equal(estimateFacing(justAbove, 'left').facing, 'left')
    assert.equal(estimateFacing(turned(SIDE_WIDTH_RATIO - SIDE_BAND - 0.01), 'front').facing, 'left')
    assert.equal(estimateFacing(turned(SIDE_WIDTH_RATIO + SIDE_BAND + 0.01), 'left').facing, 'front')
  })
})

it('docs/suggestions.md states the hysteresis and the frame count as the code has them', () => {
  const doc = readFileSync(new URL('../../../../../../docs/suggestions.md', import.meta.url), 'utf8').replace(
    /\s+/g,
    ' ',
  )
  assert.ok(doc.includes(`only below ${(SIDE_WIDTH_RATIO - SIDE_BAND).toFixed(2)} (\`SIDE_WIDTH_RATIO - SIDE_BAND\`)`))
  assert.ok(doc.includes(`at ${(SIDE_WIDTH_RATIO + SIDE_BAND).toFixed(2)} or more (\`SIDE_WIDTH_RATIO + SIDE_BAND\`)`))
  assert.ok(doc.includes(`only after ${FACING_FRAMES} frames in a row (\`FACING_FRAMES\``))
})
