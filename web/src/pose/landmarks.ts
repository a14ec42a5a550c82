/**
 * The 33 BlazePose landmarks as @mediapipe/pose numbers them: the names and indices
 * of its exported POSE_LANDMARKS (a unit test checks this table against the
 * package's own export). LEFT and RIGHT are the SUBJECT's: odd indices are the
 * subject's left (11 = left shoulder), whatever side of the image it appears on.
 * Pure data, no DOM: the mapping, the facing check and the tests read it.
 */

export const LANDMARKS = {
  NOSE: 0,
  LEFT_EYE_INNER: 1,
  LEFT_EYE: 2,
  LEFT_EYE_OUTER: 3,
  RIGHT_EYE_INNER: 4,
  RIGHT_EYE: 5,
  RIGHT_EYE_OUTER: 6,
  LEFT_EAR: 7,
  RIGHT_EAR: 8,
  // MediaPipe's names for the two mouth corners.
  LEFT_RIGHT: 9,
  RIGHT_LEFT: 10,
  LEFT_SHOULDER: 11,
  RIGHT_SHOULDER: 12,
  LEFT_ELBOW: 13,
  RIGHT_ELBOW: 14,
  LEFT_WRIST: 15,
  RIGHT_WRIST: 16,
  LEFT_PINKY: 17,
  RIGHT_PINKY: 18,
  LEFT_INDEX: 19,
  RIGHT_INDEX: 20,
  LEFT_THUMB: 21,
  RIGHT_THUMB: 22,
  LEFT_HIP: 23,
  RIGHT_HIP: 24,
  LEFT_KNEE: 25,
  RIGHT_KNEE: 26,
  LEFT_ANKLE: 27,
  RIGHT_ANKLE: 28,
  LEFT_HEEL: 29,
  RIGHT_HEEL: 30,
  LEFT_FOOT_INDEX: 31,
  RIGHT_FOOT_INDEX: 32,
} as const

export type LandmarkName = keyof typeof LANDMARKS

/** How many landmarks the model returns, always (it guesses those it cannot see). */
export const LANDMARK_COUNT = 33

/**
 * One landmark in image pixels (the model's normalised x, y times the photo's width
 * and height), with the model's visibility score in [0, 1] (how likely the point is
 * visible, neither hidden nor outside the photo), and the model's depth z on the scale
 * of x (smaller is nearer the camera; relative to the hips' middle). z is absent from
 * landmarks recorded before the app kept it.
 */
export interface Landmark {
  readonly x: number
  readonly y: number
  readonly z?: number
  readonly visibility: number
}
