/**
 * Which way the subject on the photo faces, from the pose model's landmarks, and
 * whether that matches the view the clinician chose (anterior = facing the camera,
 * posterior = back to the camera, lateral = the chosen side towards the camera).
 *
 * The model names the subject's own left and right, so when the subject faces the camera
 * their right shoulder and hip appear on the image's LEFT, and from behind on the image's
 * right; its depth says which side is nearer. From both, the body's turn: front, back, a
 * side (whose direction the nose and the feet confirm), or, between those, no verdict
 * (a weak verdict would be a false warning). Facing the image's left means the left side
 * is towards the camera.
 * Pure functions, no DOM: unit-tested in Node.
 */
import type { Side, View } from '#core/markers.js'
import { LANDMARKS, type Landmark } from './landmarks.js'

export type Facing = 'front' | 'back' | 'left' | 'right'

/**
 * Each pair (shoulders, hips) counts only when both its points score at least this
 * visibility (the suggestions' own threshold, mapping.ts VISIBILITY_THRESHOLD): a point the
 * model guesses (the far shoulder in a side view) says nothing about the turn. The nose and
 * the feet likewise.
 */
export const FACING_VISIBILITY = 0.5

/**
 * The model's depth (z, scaled as x) exaggerates: on the drawn side figure, a true profile,
 * the shoulders' depth difference was 2.1 trunk lengths and the hips' 1.3, where a person
 * facing the camera measures 0.75 and 0.39 across the image (bench/README.md, "View check").
 * Depth is multiplied by this before it is compared with the width across the image.
 */
export const DEPTH_SCALE = 1 / 3

/**
 * The turn of the body (yaw, degrees from facing the camera: 0 facing it, ±180 the back to
 * it, -90 the left side to it, +90 the right side) in which each verdict is given. Between
 * the bands the evidence is weak (a three-quarter turn, a subject between two views) and
 * no verdict is given: the check says nothing rather than warn.
 */
export const FRONT_MAX_DEG = 50
export const SIDE_MIN_DEG = 65
export const SIDE_MAX_DEG = 115
export const BACK_MIN_DEG = 130

/**
 * Without the model's depth (landmarks recorded without z), the width across the image
 * alone, over trunk length: front or back at |ratio| >= FRONT_BACK_RATIO (facing the camera
 * about 0.6, a 45-degree turn about 0.4), a side at |ratio| < SIDE_RATIO (a true profile
 * under 0.1), no verdict between.
 */
export const FRONT_BACK_RATIO = 0.35
export const SIDE_RATIO = 0.15

/**
 * Below this size of the turn's vector (width and scaled depth, over trunk length) the
 * shoulders and hips are too close together in every direction to give a direction: no
 * verdict. Facing the camera it is about 0.6, in profile about 0.5 (bench/README.md).
 */
export const MIN_SPREAD = 0.3

/**
 * A front or back verdict also needs the width across the image to say so on its own: at
 * least this share of the trunk's length (the old single threshold), so the depth, which the
 * model guesses worst on unusual photos, never makes a front or back view alone. On a side
 * figure stretched to 2.2 times its width the depth alone turned a side view into a back one.
 */
export const FRONT_BACK_MIN_WIDTH = 0.25

/**
 * Hysteresis, for a verdict held over frames (trackFacing): the verdict shown keeps its band
 * widened by this many degrees (FACING_RATIO_BAND of the ratio without depth) into the gaps
 * around it. The model's landmarks on one unchanging frame vary from run to run (it follows
 * the person from the previous frame).
 */
export const FACING_BAND_DEG = 5
export const FACING_RATIO_BAND = 0.05

/** A new verdict replaces the one shown only after this many frames in a row gave it. */
export const FACING_FRAMES = 3

export interface FacingEstimate {
  /** null when the landmarks do not allow a sure decision (too few visible, or a turn between two views). */
  readonly facing: Facing | null
  /** Signed shoulder-and-hip width across the image over trunk length: > 0 facing the camera, < 0 from behind. */
  readonly widthRatio: number
  /** The body's turn in degrees (0 facing the camera, ±180 from behind, -90 left side to it); null without depth. */
  readonly yawDeg: number | null
}

const get = (landmarks: readonly Landmark[], index: number): Landmark => {
  const l = landmarks[index]
  if (!l) throw new RangeError(`landmark ${index} missing: the model returns 33`)
  return l
}

const seen = (l: Landmark) => l.visibility >= FACING_VISIBILITY

/**
 * Which way the nose and the feet point across the image: -1 towards the image's left,
 * +1 towards its right, 0 when neither is seen, null when they disagree.
 */
function pointing(landmarks: readonly Landmark[]): -1 | 0 | 1 | null {
  const L = (name: keyof typeof LANDMARKS) => get(landmarks, LANDMARKS[name])
  const votes: number[] = []
  const nose = L('NOSE')
  const ears = [L('LEFT_EAR'), L('RIGHT_EAR')].filter(seen)
  if (seen(nose) && ears.length > 0) {
    const earX = ears.reduce((sum, e) => sum + e.x, 0) / ears.length
    if (nose.x !== earX) votes.push(Math.sign(nose.x - earX))
  }
  for (const [heel, toe] of [
    [L('LEFT_HEEL'), L('LEFT_FOOT_INDEX')],
    [L('RIGHT_HEEL'), L('RIGHT_FOOT_INDEX')],
  ] as const) {
    if (seen(heel) && seen(toe) && toe.x !== heel.x) votes.push(Math.sign(toe.x - heel.x))
  }
  if (votes.length === 0) return 0
  if (votes.some((v) => v !== votes[0])) return null
  return votes[0] as -1 | 1
}

/**
 * The facing on one photo or frame. `held`: the verdict shown until now (a live preview),
 * whose band is widened by FACING_BAND_DEG (FACING_RATIO_BAND); null: no verdict yet.
 *
 * The turn is measured on the shoulders and hips whose two points are both seen: their width
 * across the image (left minus right: positive when the subject's left is on the image's
 * right, facing the camera) and, when the model gave it, their depth (left minus right:
 * negative when the left side is nearer the camera), each over the trunk's length. The two
 * together give the angle of the body's turn, so a side view is not decided from a narrow
 * width alone (a front view turned three-quarters is narrow too) and a back view not from a
 * negative width alone (the model's guess of a hidden far shoulder in a side view). A side
 * view's direction must also agree with the nose and the feet where they are seen.
 */
export function estimateFacing(landmarks: readonly Landmark[], held: Facing | null = null): FacingEstimate {
  const L = (name: keyof typeof LANDMARKS) => get(landmarks, LANDMARKS[name])
  const ls = L('LEFT_SHOULDER')
  const rs = L('RIGHT_SHOULDER')
  const lh = L('LEFT_HIP')
  const rh = L('RIGHT_HIP')
  const trunk = Math.hypot((ls.x + rs.x - lh.x - rh.x) / 2, (ls.y + rs.y - lh.y - rh.y) / 2)
  const pairs = [
    [ls, rs],
    [lh, rh],
  ].filter(([l, r]) => seen(l!) && seen(r!)) as [Landmark, Landmark][]
  const none = { facing: null, widthRatio: 0, yawDeg: null }
  // The trunk's length needs a shoulder and a hip on one side at least.
  if (trunk === 0 || pairs.length === 0 || !((seen(ls) && seen(lh)) || (seen(rs) && seen(rh)))) return none
  const widthRatio = pairs.reduce((sum, [l, r]) => sum + (l.x - r.x), 0) / pairs.length / trunk
  const withDepth = pairs.every(([l, r]) => typeof l.z === 'number' && typeof r.z === 'number')
  const depthRatio = withDepth
    ? (pairs.reduce((sum, [l, r]) => sum + ((l.z ?? 0) - (r.z ?? 0)), 0) / pairs.length / trunk) * DEPTH_SCALE
    : null
  const yawDeg = depthRatio === null ? null : (Math.atan2(depthRatio, widthRatio) * 180) / Math.PI
  const band = (facing: Facing | 'side', deg: number, ratio: number) =>
    (held === facing || (facing === 'side' && (held === 'left' || held === 'right')) ? 1 : 0) *
    (yawDeg === null ? ratio : deg)
  let kind: 'front' | 'back' | 'side' | null
  if (yawDeg === null) {
    const w = Math.abs(widthRatio)
    const side = w < SIDE_RATIO + band('side', 0, FACING_RATIO_BAND)
    const frontBack = w >= FRONT_BACK_RATIO - band(widthRatio > 0 ? 'front' : 'back', 0, FACING_RATIO_BAND)
    kind = frontBack ? (widthRatio > 0 ? 'front' : 'back') : side ? 'side' : null
  } else {
    const a = Math.abs(yawDeg)
    const spread = Math.hypot(widthRatio, depthRatio ?? 0)
    const wide = Math.abs(widthRatio) >= FRONT_BACK_MIN_WIDTH
    if (spread < MIN_SPREAD) kind = null
    else if (a <= FRONT_MAX_DEG + band('front', FACING_BAND_DEG, 0)) kind = wide ? 'front' : null
    else if (a >= BACK_MIN_DEG - band('back', FACING_BAND_DEG, 0)) kind = wide ? 'back' : null
    else if (
      a >= SIDE_MIN_DEG - band('side', FACING_BAND_DEG, 0) &&
      a <= SIDE_MAX_DEG + band('side', FACING_BAND_DEG, 0)
    )
      kind = 'side'
    else kind = null
  }
  if (kind === null) return { facing: null, widthRatio, yawDeg }
  if (kind !== 'side') return { facing: kind, widthRatio, yawDeg }
  // Seen from the side: which way do the face and the feet point (towards the image's left: the left side is seen)?
  const towards = pointing(landmarks)
  const byDepth = yawDeg === null ? 0 : yawDeg < 0 ? -1 : 1
  if (towards === null || (towards === 0 && byDepth === 0) || (towards !== 0 && byDepth !== 0 && towards !== byDepth))
    return { facing: null, widthRatio, yawDeg }
  return { facing: (towards || byDepth) < 0 ? 'left' : 'right', widthRatio, yawDeg }
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
