/**
 * Which way the subject on the photo faces, from the pose model's landmarks, and
 * whether that matches the view the clinician chose (anterior = facing the camera,
 * posterior = back to the camera, lateral = the chosen side towards the camera).
 *
 * Front or back: the model names the subject's own left and right, so when the
 * subject faces the camera their right shoulder and hip appear on the image's LEFT,
 * and from behind on the image's right. Side: the shoulders (and hips) then nearly
 * overlap across the image, and the nose points the way the subject faces; facing
 * the image's left means the left side is towards the camera.
 * Pure functions, no DOM: unit-tested in Node.
 */
import type { Side, View } from '#core/markers.js'
import { LANDMARKS, type Landmark } from './landmarks.js'

export type Facing = 'front' | 'back' | 'left' | 'right'

/**
 * Below this ratio of shoulder (and hip) width across the image to trunk length the
 * subject is seen from the side. A person facing the camera has shoulders about 0.75
 * of the trunk's length apart, a 45° turn about 0.5; a true profile under 0.15.
 */
export const SIDE_WIDTH_RATIO = 0.25

/** The landmarks the decision needs must score at least this visibility. */
export const FACING_VISIBILITY = 0.3

export interface FacingEstimate {
  /** null when the landmarks do not allow a decision (too few visible). */
  readonly facing: Facing | null
  /** Signed shoulder-and-hip width across the image over trunk length: > 0 facing the camera, < 0 from behind. */
  readonly widthRatio: number
}

const get = (landmarks: readonly Landmark[], index: number): Landmark => {
  const l = landmarks[index]
  if (!l) throw new RangeError(`landmark ${index} missing: the model returns 33`)
  return l
}

export function estimateFacing(landmarks: readonly Landmark[]): FacingEstimate {
  const L = (name: keyof typeof LANDMARKS) => get(landmarks, LANDMARKS[name])
  const ls = L('LEFT_SHOULDER')
  const rs = L('RIGHT_SHOULDER')
  const lh = L('LEFT_HIP')
  const rh = L('RIGHT_HIP')
  const trunk = Math.hypot((ls.x + rs.x - lh.x - rh.x) / 2, (ls.y + rs.y - lh.y - rh.y) / 2)
  // Left minus right across the image: positive when the subject's left is on the image's right (facing us).
  const width = (ls.x - rs.x + (lh.x - rh.x)) / 2
  const widthRatio = trunk > 0 ? width / trunk : 0
  // In a side view the far shoulder and hip are hidden: the near ones must be seen.
  const seen = [ls, rs, lh, rh].filter((l) => l.visibility >= FACING_VISIBILITY).length
  if (trunk === 0 || seen < 2) return { facing: null, widthRatio }
  if (Math.abs(widthRatio) >= SIDE_WIDTH_RATIO) return { facing: widthRatio > 0 ? 'front' : 'back', widthRatio }
  // Seen from the side: which way does the subject look, or point their feet?
  const nose = L('NOSE')
  const ears = { x: (L('LEFT_EAR').x + L('RIGHT_EAR').x) / 2 }
  const heels = { x: (L('LEFT_HEEL').x + L('RIGHT_HEEL').x) / 2 }
  const toes = { x: (L('LEFT_FOOT_INDEX').x + L('RIGHT_FOOT_INDEX').x) / 2 }
  let forward = 0
  if (nose.visibility >= FACING_VISIBILITY) forward += Math.sign(nose.x - ears.x)
  const feetVisible = [L('LEFT_HEEL'), L('RIGHT_HEEL'), L('LEFT_FOOT_INDEX'), L('RIGHT_FOOT_INDEX')].some(
    (l) => l.visibility >= FACING_VISIBILITY,
  )
  if (feetVisible) forward += Math.sign(toes.x - heels.x)
  if (forward === 0) return { facing: null, widthRatio }
  return { facing: forward < 0 ? 'left' : 'right', widthRatio }
}

/** What the chosen view expects to see. */
export function expectedFacing(view: View, side: Side): Facing {
  if (view === 'anterior') return 'front'
  if (view === 'posterior') return 'back'
  return side
}

export type FacingCheck =
  | { readonly type: 'facing-match'; readonly ctx: { readonly expected: Facing } }
  | { readonly type: 'facing-mismatch'; readonly ctx: { readonly expected: Facing; readonly seen: Facing } }
  | { readonly type: 'facing-unknown'; readonly ctx: { readonly expected: Facing } }

/** Compares the model's facing with the chosen view's. */
export function checkFacing(view: View, side: Side, landmarks: readonly Landmark[]): FacingCheck {
  const expected = expectedFacing(view, side)
  const { facing } = estimateFacing(landmarks)
  if (facing === null) return { type: 'facing-unknown', ctx: { expected } }
  if (facing === expected) return { type: 'facing-match', ctx: { expected } }
  return { type: 'facing-mismatch', ctx: { expected, seen: facing } }
}
