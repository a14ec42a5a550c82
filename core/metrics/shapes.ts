/**
 * Metric shapes that more than one view uses: the tilt of a left-right marker pair
 * and the offset of a marker from the plumb line. Each view supplies its own body
 * directions, so the same posture gives the same sign in every view.
 */
import { type Direction, offset, tilt } from '../geometry/angles.js'
import type { Calibration, Metric } from './metric.js'

/** tilt(right, left, L): positive when the subject's right marker is lower. */
export function pairTilt<M extends string>(
  name: string,
  right: M,
  left: M,
  L: Direction,
  line: string,
  positive: string,
  source: string,
): Metric<M, unknown> {
  return {
    name,
    unit: 'degrees',
    range: 'signed_angle',
    formula: `tilt(${right}, ${left}, L): angle of the line from the ${line} above the horizontal.`,
    meaning: `Positive: ${positive}; 0: level.`,
    segments: [[right, left]],
    source,
    compute: (m) => tilt(m[right], m[left], L),
  }
}

/** The body direction a plumb-line offset counts as positive: the subject's right (R) or front (A). */
export type Toward = 'R' | 'A'

const TOWARD_WORDS: Record<Toward, { positive: string; negative: string }> = {
  R: { positive: "to the subject's right of", negative: 'to their left' },
  A: { positive: 'in front of', negative: 'behind it' },
}

/** offset(marker, h): distance from the plumb line x = lrv_x in cm, positive toward h (R or A). */
export function plumbOffset<M extends string>(
  name: string,
  marker: M,
  h: Direction,
  what: string,
  source: string,
  toward: Toward = 'R',
): Metric<M, Calibration> {
  const words = TOWARD_WORDS[toward]
  return {
    name,
    unit: 'cm',
    range: 'signed_distance',
    formula: `offset(${marker}, ${toward}): horizontal distance of the ${what} from the vertical reference line x = lrv_x, (x - lrv_x) * fc toward the subject's ${toward === 'R' ? 'right' : 'front'}.`,
    meaning: `Positive: the ${what} lies ${words.positive} the reference line; negative: ${words.negative}.`,
    segments: [],
    plumbMarker: marker,
    source,
    compute: (m, c) => offset(m[marker], h, c.lrv_x, c.fc),
  }
}
