/**
 * Synthetic pose-model output for the unit tests of the mapping and the facing check:
 * the 33 landmarks of a person standing in a 600 x 1000 px photo, seen from the front,
 * from behind (the front mirrored) or from the side, all fully visible unless changed.
 */
import { LANDMARKS, type Landmark, type LandmarkName } from '../../../../web/src/pose/landmarks.js'

export const PHOTO = { width: 600, height: 1000 } as const

/** Facing the camera: the subject's right is on the image's left. */
const FRONT: Record<LandmarkName, readonly [number, number]> = {
  NOSE: [300, 130],
  LEFT_EYE_INNER: [308, 118],
  LEFT_EYE: [314, 118],
  LEFT_EYE_OUTER: [320, 118],
  RIGHT_EYE_INNER: [292, 118],
  RIGHT_EYE: [286, 118],
  RIGHT_EYE_OUTER: [280, 118],
  LEFT_EAR: [330, 124],
  RIGHT_EAR: [270, 124],
  LEFT_RIGHT: [310, 150],
  RIGHT_LEFT: [290, 150],
  LEFT_SHOULDER: [370, 240],
  RIGHT_SHOULDER: [230, 240],
  LEFT_ELBOW: [390, 400],
  RIGHT_ELBOW: [210, 400],
  LEFT_WRIST: [395, 530],
  RIGHT_WRIST: [205, 530],
  LEFT_PINKY: [400, 560],
  RIGHT_PINKY: [200, 560],
  LEFT_INDEX: [392, 566],
  RIGHT_INDEX: [208, 566],
  LEFT_THUMB: [388, 550],
  RIGHT_THUMB: [212, 550],
  LEFT_HIP: [340, 520],
  RIGHT_HIP: [260, 520],
  LEFT_KNEE: [345, 700],
  RIGHT_KNEE: [255, 700],
  LEFT_ANKLE: [345, 900],
  RIGHT_ANKLE: [255, 900],
  LEFT_HEEL: [345, 920],
  RIGHT_HEEL: [255, 920],
  LEFT_FOOT_INDEX: [355, 945],
  RIGHT_FOOT_INDEX: [245, 945],
}

/** Left side to the camera, facing the image's left: both sides nearly overlap. */
const LEFT_SIDE: Record<LandmarkName, readonly [number, number]> = {
  ...Object.fromEntries(Object.entries(FRONT).map(([k, [x, y]]) => [k, [300 + (x - 300) * 0.08, y]])),
  NOSE: [258, 132],
  LEFT_EYE_INNER: [266, 118],
  LEFT_EYE: [270, 118],
  LEFT_EYE_OUTER: [274, 118],
  RIGHT_EYE_INNER: [264, 118],
  RIGHT_EYE: [268, 118],
  RIGHT_EYE_OUTER: [272, 118],
  LEFT_EAR: [300, 124],
  RIGHT_EAR: [304, 124],
  LEFT_RIGHT: [266, 150],
  RIGHT_LEFT: [264, 150],
  LEFT_HEEL: [322, 920],
  RIGHT_HEEL: [318, 920],
  LEFT_FOOT_INDEX: [262, 945],
  RIGHT_FOOT_INDEX: [258, 945],
} as unknown as Record<LandmarkName, readonly [number, number]>

function build(table: Record<LandmarkName, readonly [number, number]>, mirror: boolean, visibility = 0.99): Landmark[] {
  const out: Landmark[] = []
  for (const [name, index] of Object.entries(LANDMARKS) as [LandmarkName, number][]) {
    const [x, y] = table[name]
    out[index] = { x: mirror ? PHOTO.width - x : x, y, visibility }
  }
  return out
}

/** The same landmark on the subject's other side (MediaPipe's mouth corners are LEFT_RIGHT and RIGHT_LEFT). */
function otherSide(name: string): string {
  if (name.startsWith('LEFT_')) return `RIGHT_${name.slice(5)}`.replace(/^RIGHT_RIGHT$/, 'RIGHT_LEFT')
  if (name.startsWith('RIGHT_')) return `LEFT_${name.slice(6)}`.replace(/^LEFT_LEFT$/, 'LEFT_RIGHT')
  return name
}

export type Pose = 'front' | 'back' | 'left' | 'right'

/** The landmarks of the standing person seen as `pose`. */
export function standing(pose: Pose): Landmark[] {
  if (pose === 'front') return build(FRONT, false)
  if (pose === 'back') return build(FRONT, true)
  if (pose === 'left') return build(LEFT_SIDE, false)
  // Right side to the camera: the left-side view mirrored, with the subject's sides swapped.
  const swapped = Object.fromEntries(Object.entries(LEFT_SIDE).map(([name, p]) => [otherSide(name), p])) as Record<
    LandmarkName,
    readonly [number, number]
  >
  return build(swapped, true)
}

/** A copy of `landmarks` with some landmarks changed. */
export function withLandmarks(
  landmarks: readonly Landmark[],
  changes: Partial<Record<LandmarkName, Partial<Landmark>>>,
): Landmark[] {
  const out = landmarks.slice()
  for (const [name, change] of Object.entries(changes) as [LandmarkName, Partial<Landmark>][]) {
    out[LANDMARKS[name]] = { ...out[LANDMARKS[name]]!, ...change }
  }
  return out
}

export function point(landmarks: readonly Landmark[], name: LandmarkName): Landmark {
  return landmarks[LANDMARKS[name]]!
}
