/**
 * The camera's level from the device's orientation (DeviceOrientation's beta and
 * gamma, degrees), as pure functions: its roll (the picture turned in its own plane,
 * which adds one for one to every angle measured against the vertical or horizontal)
 * and its pitch (the camera looking up or down, which foreshortens the body), and
 * whether both are within the tolerance. Works in portrait and landscape alike: the
 * roll is measured from whichever edge of the screen is nearest to vertical.
 * No DOM: orientation.ts feeds it the browser's events.
 */

/**
 * Roll and pitch within this many degrees count as level. A roll of r degrees moves a
 * frontal-plane angle by r degrees; 1.5 deg is the lower end of the 95 % limits of
 * agreement of one rater measuring standing hindfoot angles (docs/uncertainty.md,
 * "Where the error comes from"), so a level camera adds less than a rater's own spread.
 */
export const LEVEL_TOLERANCE_DEG = 1.5

export interface Tilt {
  /** The picture's rotation in its own plane, degrees from the nearest screen edge to the vertical (signed). */
  readonly roll: number
  /** The camera's look above (+) or below (-) the horizontal, degrees. */
  readonly pitch: number
}

export type LevelReading =
  | { readonly kind: 'no-sensor' }
  | { readonly kind: 'waiting' }
  | { readonly kind: 'tilt'; readonly tilt: Tilt; readonly level: boolean }

const RAD = Math.PI / 180

/**
 * The tilt of a device whose DeviceOrientation angles are beta and gamma (alpha, the
 * compass heading, does not matter). The world's up direction in the device's frame
 * is (-cos b sin g, sin b, cos b cos g) for the W3C's Z-X'-Y'' angles; the rear camera
 * looks along -z.
 */
export function tiltOf(beta: number, gamma: number): Tilt {
  const b = beta * RAD
  const g = gamma * RAD
  const up = { x: -Math.cos(b) * Math.sin(g), y: Math.sin(b), z: Math.cos(b) * Math.cos(g) }
  const pitch = Math.asin(Math.max(-1, Math.min(1, -up.z))) / RAD
  // Direction of "up" within the screen's plane, from the device's top edge, clockwise; then from the nearest edge.
  const screenAngle = Math.atan2(up.x, up.y) / RAD
  const roll = screenAngle - 90 * Math.round(screenAngle / 90)
  return { roll: roll === 0 ? 0 : roll, pitch }
}

/** A reading of the sensor: null angles mean the device has no orientation sensor. */
export function levelOf(beta: number | null, gamma: number | null, tolerance = LEVEL_TOLERANCE_DEG): LevelReading {
  if (beta === null || gamma === null || !Number.isFinite(beta) || !Number.isFinite(gamma)) return { kind: 'no-sensor' }
  const tilt = tiltOf(beta, gamma)
  return { kind: 'tilt', tilt, level: Math.abs(tilt.roll) <= tolerance && Math.abs(tilt.pitch) <= tolerance }
}
