/**
 * Whether the pose model's landmarks are credible where they are, beyond their visibility
 * scores. The model always returns 33 points and can score a point it guesses as well seen:
 * on a photo cut above the knees it squeezes the knee onto the clothing at the bottom edge;
 * on a stylised face it puts the ears on the eyes. Three kinds of check find such points:
 *  - the border: a landmark within EDGE_MARGIN of the photo's edge, where the body may be
 *    cut off and the model cannot tell inside from outside;
 *  - body proportions no standing adult has: a thigh or lower leg far shorter or longer
 *    than the trunk makes plausible (measured along the body's axis, so a knee above the
 *    hip fails too), or much shorter than the other side's;
 *  - face points against each other: ears inside the eyes' span (or, seen from the side,
 *    not behind the eyes), the line between the ears not parallel to the eyes' line, the
 *    mouth not below the eyes (the chin is computed below the mouth along that line), the
 *    chin at an implausible distance from the nose for the body's size.
 * Each finding names the check and the landmarks it makes suspect; mapping.ts declines every
 * marker computed from a suspect landmark, with the check as its reason. Proportions are
 * standing-adult heights as fractions of stature H (Drillis and Contini), as in mapping.ts.
 * Pure functions, no DOM: unit-tested in Node.
 */
import type { View } from '#core/markers.js'
import { LANDMARKS, type Landmark, type LandmarkName } from './landmarks.js'

export type PlausibilityCheck =
  /** The landmark lies within EDGE_MARGIN of the photo's border. */
  | 'at-edge'
  /** Hip to knee, along the body's axis, outside LEG_SEGMENT_RANGE of the trunk's length. */
  | 'thigh-length'
  /** Knee to ankle, along the body's axis, outside LEG_SEGMENT_RANGE of the trunk's length. */
  | 'shank-length'
  /** One thigh shorter than MIN_SIDE_RATIO of the other. */
  | 'thighs-unequal'
  /** One lower leg shorter than MIN_SIDE_RATIO of the other. */
  | 'shanks-unequal'
  /** Front view: an ear between the outer corners of the eyes. */
  | 'ear-inside-eyes'
  /** Front view: the ear-to-ear line more than MAX_EAR_LINE_ANGLE_DEG off the eye-to-eye line. */
  | 'ear-line-tilted'
  /** Side view: the ear not behind the eyes by EAR_BEHIND_EYES of the eye-to-nose distance. */
  | 'ear-not-behind-eyes'
  /** The eyes-to-mouth line more than MAX_FACE_AXIS_ANGLE_DEG off the body's downward axis: the chin would not be below the mouth. */
  | 'chin-not-below-mouth'
  /** The chin (as mapping.ts computes it) outside CHIN_NOSE_RANGE of the trunk's length from the nose. */
  | 'chin-distance'

/** Which kind of check a finding comes from (the reason mapping.ts gives). */
export type PlausibilityKind = 'at-edge' | 'implausible-proportions' | 'implausible-face'

export function kindOf(check: PlausibilityCheck): PlausibilityKind {
  if (check === 'at-edge') return 'at-edge'
  if (check === 'thigh-length' || check === 'shank-length' || check === 'thighs-unequal' || check === 'shanks-unequal')
    return 'implausible-proportions'
  return 'implausible-face'
}

export interface Finding {
  readonly check: PlausibilityCheck
  /** The landmarks the check makes suspect. */
  readonly landmarks: readonly LandmarkName[]
}

/**
 * The border band, as a fraction of the trunk's length (mid-shoulders to mid-hips, about
 * 0.275 H): 0.11 of it is 3 % of stature, about the model's distance to hand-marked
 * references on the real photos (bench/README.md). A point closer to the edge than its own
 * error cannot be told inside from outside.
 */
export const EDGE_MARGIN = 0.11
/** When the trunk cannot be measured: the band as a fraction of the photo's longer side. */
export const EDGE_MARGIN_OF_PHOTO = 0.02

/**
 * Thigh (hip to knee joint, 0.245 H) and lower leg (knee to ankle, 0.246 H) are each
 * about 0.9 of the trunk by the tables (0.275 H), less on real photos, where the model's
 * hip points sit lower than the joint centres (docs/suggestions.md): a wide range, which
 * allows for individual proportions and a leg set forward, and excludes a knee squeezed
 * into the frame or above the hip.
 */
export const LEG_SEGMENT_RANGE = [0.4, 1.4] as const
/** Left and right segments of a standing person differ by a few per cent; under 0.75 one is misplaced. */
export const MIN_SIDE_RATIO = 0.75

/** Ears and eyes are both left-right lines of the head: their images stay parallel however it turns. */
export const MAX_EAR_LINE_ANGLE_DEG = 20
/** A head tilted this far from the body's axis is not a standing posture photo. */
export const MAX_FACE_AXIS_ANGLE_DEG = 45
/**
 * Seen from the side the ear canal is 7-8 cm behind the eye, the nose tip 3-5 cm in front
 * of it: an ear not behind the eye by half the eye-to-nose distance is not an ear.
 */
export const EAR_BEHIND_EYES = 0.5
/**
 * Nose tip to chin (menton) is about 7 cm, 0.15 of the trunk's length: half to twice that.
 */
export const CHIN_NOSE_RANGE = [0.07, 0.3] as const

type Point = { readonly x: number; readonly y: number }

const sub = (a: Point, b: Point): Point => ({ x: a.x - b.x, y: a.y - b.y })
const dot = (a: Point, b: Point) => a.x * b.x + a.y * b.y
const norm = (a: Point) => Math.hypot(a.x, a.y)
const midpoint = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 })
const angleDeg = (a: Point, b: Point) =>
  (Math.acos(Math.max(-1, Math.min(1, dot(a, b) / (norm(a) * norm(b))))) * 180) / Math.PI

export interface PhotoSize {
  readonly width: number
  readonly height: number
}

export interface PlausibilityInput {
  readonly view: View
  readonly landmarks: readonly Landmark[]
  readonly photo: PhotoSize
  /** Below this visibility a landmark is not used (mapping.ts's VISIBILITY_THRESHOLD). */
  readonly threshold: number
  /** The chin marker where mapping.ts computes it (front view), or null. */
  readonly chin: Point | null
}

/** The trunk's length and the body's downward unit axis, from the shoulders and hips that are seen. */
function bodyAxis(seen: (n: LandmarkName) => Landmark | null): { trunk: number; down: Point } | null {
  const pairs = (['LEFT', 'RIGHT'] as const)
    .map((s) => [seen(`${s}_SHOULDER`), seen(`${s}_HIP`)] as const)
    .filter((p): p is readonly [Landmark, Landmark] => p[0] !== null && p[1] !== null)
  const [first, second] = pairs
  if (!first) return null
  const shoulders = second ? midpoint(first[0], second[0]) : first[0]
  const hips = second ? midpoint(first[1], second[1]) : first[1]
  const axis = sub(hips, shoulders)
  const trunk = norm(axis)
  if (!(trunk > 0)) return null
  return { trunk, down: { x: axis.x / trunk, y: axis.y / trunk } }
}

/** Every implausible landmark the checks find, in the order: border, proportions, face. */
export function findImplausible(input: PlausibilityInput): Finding[] {
  const { view, landmarks, photo, threshold, chin } = input
  const get = (n: LandmarkName): Landmark | null => landmarks[LANDMARKS[n]] ?? null
  const inside = (l: Landmark) => l.x >= 0 && l.x <= photo.width && l.y >= 0 && l.y <= photo.height
  /** A landmark the mapping would use: seen and inside the photo. */
  const seen = (n: LandmarkName): Landmark | null => {
    const l = get(n)
    return l && l.visibility >= threshold && inside(l) ? l : null
  }
  const findings: Finding[] = []
  const suspect = new Set<LandmarkName>()
  const add = (check: PlausibilityCheck, names: readonly LandmarkName[]) => {
    findings.push({ check, landmarks: names })
    for (const n of names) suspect.add(n)
  }
  const body = bodyAxis(seen)

  // The border.
  const margin = body ? EDGE_MARGIN * body.trunk : EDGE_MARGIN_OF_PHOTO * Math.max(photo.width, photo.height)
  const atEdge = (Object.keys(LANDMARKS) as LandmarkName[]).filter((n) => {
    const l = seen(n)
    return l !== null && Math.min(l.x, l.y, photo.width - l.x, photo.height - l.y) < margin
  })
  if (atEdge.length > 0) add('at-edge', atEdge)

  // Leg proportions, along the body's axis, from landmarks not already suspect.
  if (body) {
    const usable = (n: LandmarkName) => (suspect.has(n) ? null : seen(n))
    const along = (from: Landmark, to: Landmark) => dot(sub(to, from), body.down) / body.trunk
    const [low, high] = LEG_SEGMENT_RANGE
    const segment = (upper: 'HIP' | 'KNEE', lower: 'KNEE' | 'ANKLE', check: PlausibilityCheck) => {
      const lengths: { side: 'LEFT' | 'RIGHT'; length: number }[] = []
      for (const side of ['LEFT', 'RIGHT'] as const) {
        const a = usable(`${side}_${upper}`)
        const b = usable(`${side}_${lower}`)
        if (!a || !b) continue
        const length = along(a, b)
        if (length < low || length > high) add(check, [`${side}_${lower}`])
        else lengths.push({ side, length })
      }
      return lengths
    }
    const unequal = (
      lengths: { side: 'LEFT' | 'RIGHT'; length: number }[],
      lower: 'KNEE' | 'ANKLE',
      check: PlausibilityCheck,
    ) => {
      const [a, b] = lengths
      if (!a || !b) return
      const shorter = a.length < b.length ? a : b
      if (Math.min(a.length, b.length) / Math.max(a.length, b.length) < MIN_SIDE_RATIO)
        add(check, [`${shorter.side}_${lower}`])
    }
    unequal(segment('HIP', 'KNEE', 'thigh-length'), 'KNEE', 'thighs-unequal')
    unequal(segment('KNEE', 'ANKLE', 'shank-length'), 'ANKLE', 'shanks-unequal')
  }

  // The face, where the view uses it: seen from behind, the eyes and mouth are not visible.
  if (view !== 'posterior') findings.push(...faceFindings(view, seen, body, chin))
  return findings
}

function faceFindings(
  view: View,
  seen: (n: LandmarkName) => Landmark | null,
  body: { trunk: number; down: Point } | null,
  chin: Point | null,
): Finding[] {
  const findings: Finding[] = []
  const leftEye = seen('LEFT_EYE')
  const rightEye = seen('RIGHT_EYE')
  const nose = seen('NOSE')
  const leftEar = seen('LEFT_EAR')
  const rightEar = seen('RIGHT_EAR')
  const eyes = leftEye && rightEye ? midpoint(leftEye, rightEye) : (leftEye ?? rightEye)

  if (view === 'lateral') {
    // The nose points forward; each ear seen must lie behind the eyes.
    if (!eyes || !nose) return findings
    const forward = sub(nose, eyes)
    const reach = norm(forward)
    if (!(reach > 0)) return findings
    const ahead = Math.sign(forward.x) || 1
    for (const [name, ear] of [
      ['LEFT_EAR', leftEar],
      ['RIGHT_EAR', rightEar],
    ] as const) {
      if (ear && -ahead * (ear.x - eyes.x) < EAR_BEHIND_EYES * reach)
        findings.push({ check: 'ear-not-behind-eyes', landmarks: [name] })
    }
    return findings
  }

  // Front view. The ears lie outside the outer corners of the eyes, along the eyes' line.
  const leftOuter = seen('LEFT_EYE_OUTER')
  const rightOuter = seen('RIGHT_EYE_OUTER')
  if (leftEye && rightEye && leftOuter && rightOuter) {
    const eyeLine = sub(leftEye, rightEye)
    const across = (p: Point) => dot(sub(p, rightEye), eyeLine)
    const leftInside = leftEar !== null && across(leftEar) <= across(leftOuter)
    const rightInside = rightEar !== null && across(rightEar) >= across(rightOuter)
    if (leftInside) findings.push({ check: 'ear-inside-eyes', landmarks: ['LEFT_EAR'] })
    if (rightInside) findings.push({ check: 'ear-inside-eyes', landmarks: ['RIGHT_EAR'] })
    // The subject's left to right, as the eyes' line runs: both lines as vectors, so swapped ears fail too.
    if (
      leftEar &&
      rightEar &&
      !leftInside &&
      !rightInside &&
      angleDeg(sub(leftEar, rightEar), eyeLine) > MAX_EAR_LINE_ANGLE_DEG
    ) {
      findings.push({ check: 'ear-line-tilted', landmarks: ['LEFT_EAR', 'RIGHT_EAR'] })
    }
  }

  // The chin: below the mouth (the eyes-to-mouth line points down the body), at a plausible distance from the nose.
  const mouthLeft = seen('LEFT_RIGHT')
  const mouthRight = seen('RIGHT_LEFT')
  if (!leftEye || !rightEye || !mouthLeft || !mouthRight || !eyes) return findings
  const faceLandmarks: LandmarkName[] = ['LEFT_EYE', 'RIGHT_EYE', 'LEFT_RIGHT', 'RIGHT_LEFT']
  const down = body?.down ?? { x: 0, y: 1 }
  const faceAxis = sub(midpoint(mouthLeft, mouthRight), eyes)
  if (!(norm(faceAxis) > 0) || angleDeg(faceAxis, down) > MAX_FACE_AXIS_ANGLE_DEG) {
    findings.push({ check: 'chin-not-below-mouth', landmarks: faceLandmarks })
    return findings
  }
  if (chin && nose && body) {
    const distance = norm(sub(chin, nose)) / body.trunk
    if (distance < CHIN_NOSE_RANGE[0] || distance > CHIN_NOSE_RANGE[1])
      findings.push({ check: 'chin-distance', landmarks: faceLandmarks })
  }
  return findings
}
