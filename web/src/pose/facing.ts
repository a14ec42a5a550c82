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

/**
 * Hysteresis around SIDE_WIDTH_RATIO, for a verdict held over frames (trackFacing): a subject
 * seen from the front or back is seen from the side once the ratio is below
 * SIDE_WIDTH_RATIO - SIDE_BAND, and one seen from the side is seen from the front or back once
 * it is at least SIDE_WIDTH_RATIO + SIDE_BAND. The model's ratio on one unchanging frame
 * varies by a few hundredths from run to run (it follows the person from the previous frame).
 */
export const SIDE_BAND = 0.05

/** A new verdict replaces the one shown only after this many frames in a row gave it. */
export const FACING_FRAMES = 3

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

/**
 * The facing on one photo or frame. `held`: the verdict shown until now (a live preview),
 * which moves the front-or-side threshold away from it by SIDE_BAND; null: no verdict yet.
 */
export function estimateFacing(landmarks: readonly Landmark[], held: Facing | null = null): FacingEstimate {
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
  const threshold =
    held === 'front' || held === 'back'
      ? SIDE_WIDTH_RATIO - SIDE_BAND
      : held === 'left' || held === 'right'
        ? SIDE_WIDTH_RATIO + SIDE_BAND
        : SIDE_WIDTH_RATIO
  if (Math.abs(widthRatio) >= threshold) return { facing: widthRatio > 0 ? 'front' : 'back', widthRatio }
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

/** Compares the model's facing on one photo with the chosen view's. */
export function checkFacing(view: View, side: Side, landmarks: readonly Landmark[]): FacingCheck {
  return facingCheckOf(view, side, estimateFacing(landmarks).facing)
}

/** Compares a facing (one photo's, or one held over frames: trackFacing) with the chosen view's. */
export function facingCheckOf(view: View, side: Side, facing: Facing | null): FacingCheck {
  const expected = expectedFacing(view, side)
  if (facing === null) return { type: 'facing-unknown', ctx: { expected } }
  if (facing === expected) return { type: 'facing-match', ctx: { expected } }
  return { type: 'facing-mismatch', ctx: { expected, seen: facing } }
}

/**
 * The facing of a live preview, held over frames: the verdict shown, and the different one
 * the last frames gave (with how many in a row), which replaces it after FACING_FRAMES.
 */
export interface FacingTrack {
  /** Whether a frame has been seen (the first frame's verdict is shown at once). */
  readonly started: boolean
  readonly shown: Facing | null
  readonly candidate: Facing | null
  readonly count: number
}

export const NO_FACING_TRACK: FacingTrack = { started: false, shown: null, candidate: null, count: 0 }

/**
 * The track after one more frame (`landmarks` null: no person found on it). The frame is
 * judged with the shown verdict's hysteresis (estimateFacing); a verdict other than the shown
 * one must come FACING_FRAMES frames in a row to replace it, so an unchanging scene keeps its
 * verdict and noise around a threshold changes nothing. Pure.
 */
export function trackFacing(track: FacingTrack, landmarks: readonly Landmark[] | null): FacingTrack {
  const seen = landmarks === null ? null : estimateFacing(landmarks, track.shown).facing
  if (!track.started) return { started: true, shown: seen, candidate: null, count: 0 }
  if (seen === track.shown) return { ...track, candidate: null, count: 0 }
  const count = seen === track.candidate ? track.count + 1 : 1
  if (count >= FACING_FRAMES) return { started: true, shown: seen, candidate: null, count: 0 }
  return { ...track, candidate: seen, count }
}
