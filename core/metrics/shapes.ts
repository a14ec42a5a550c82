/**
 * Metric shapes that more than one view uses: the tilt of a left-right marker pair
 * and the offset of a marker from the plumb line. Each view supplies its own body
 * directions, so the same posture gives the same sign in every view.
 */
import { offset, tilt, type Direction } from '../geometry/angles.js'
import type { Calibration, Metric } from './metric.js'

/** tilt(right, left, L): positive when the subject's right marker is lower. */
export function pairTilt<M extends string>(
  name: string,
  right: M,
  left: M,
  L: Direction,
  line: string,
  positive: string,
): Metric<M, unknown> {
  return {
    name,
    unit: 'degrees',
    range: 'signed_angle',
    formula: `tilt(${right}, ${left}, L): angle of the line from the ${line} above the horizontal.`,
    meaning: `Positive: ${positive}; 0: level.`,
    segments: [[right, left]],
    compute: (m) => tilt(m[right], m[left], L),
  }
}

/** offset(marker, R): distance from the plumb line x = lrv_x in cm, positive to the subject's right. */
export function plumbOffset<M extends string>(name: string, marker: M, R: Direction, what: string): Metric<M, Calibration> {
  return {
    name,
    unit: 'cm',
    range: 'signed_distance',
    formula: `offset(${marker}, R): horizontal distance of the ${what} from the vertical reference line x = lrv_x, (x - lrv_x) * fc toward the subject's right.`,
    meaning: `Positive: the ${what} lies to the subject's right of the reference line; negative: to their left.`,
    segments: [],
    plumbMarker: marker,
    compute: (m, c) => offset(m[marker], R, c.lrv_x, c.fc),
  }
}
