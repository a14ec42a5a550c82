/**
 * The shipped pose model's own output (the 33 landmarks: x, y in photo pixels, visibility)
 * on three photos, recorded once so the plausibility checks' thresholds are tested on real
 * model output and not only on the synthetic standing person (standing.ts). Recorded on
 * 2026-11-23 with @mediapipe/pose 0.5.1675469404, model full, CPU, headless Chromium 156,
 * from the photos in test/web/fixtures/photos/ (see its README): basketball1-front.jpg,
 * person-back.jpg, and basketball1-cut-knees (derived: its top 322 px).
 */
import type { Landmark } from '../../../../web/src/pose/landmarks.js'

type Recorded = readonly (readonly [x: number, y: number, visibility: number])[]

function landmarks(recorded: Recorded): Landmark[] {
  return recorded.map(([x, y, visibility]) => ({ x, y, visibility }))
}

/** basketball1-front.jpg, 220 x 440, anterior: the left ear is hidden by the head's turn (the reference lists it as not seen). */
export const FRONT = {
  photo: { width: 220, height: 440 },
  landmarks: landmarks([
    [95.1, 74.7, 1],
    [95.5, 66.9, 1],
    [97, 66.9, 1],
    [98.4, 67, 1],
    [89.4, 66.9, 1],
    [86.1, 66.9, 1],
    [82.2, 67, 1],
    [96, 70.3, 1],
    [71.6, 71.9, 1],
    [97, 83.2, 1],
    [89.1, 83.4, 1],
    [112.9, 120.6, 1],
    [50.3, 118.6, 1],
    [143.6, 171, 0.94],
    [87, 164.7, 0.99],
    [154.4, 129.3, 0.96],
    [130, 123.9, 0.99],
    [158.8, 114.2, 0.92],
    [140.3, 116.4, 0.98],
    [158.1, 108.2, 0.92],
    [138.6, 110.2, 0.97],
    [152.4, 113.6, 0.91],
    [135.5, 112.4, 0.96],
    [110.6, 242.2, 1],
    [69.7, 244.7, 1],
    [118, 329.6, 0.97],
    [70.6, 332.9, 0.99],
    [119.8, 396.1, 0.96],
    [62.4, 407, 0.98],
    [112.3, 405.9, 0.92],
    [58.5, 414, 0.8],
    [143.3, 423.6, 0.94],
    [71.8, 432.7, 0.96],
  ]),
}

/** person-back.jpg, 160 x 320, posterior. */
export const BACK = {
  photo: { width: 160, height: 320 },
  landmarks: landmarks([
    [88.7, 48.2, 1],
    [86.3, 42.4, 1],
    [85, 42.3, 1],
    [83.8, 42.3, 1],
    [89, 42.8, 1],
    [89.7, 42.8, 1],
    [90.4, 42.8, 1],
    [79.1, 44.3, 1],
    [88.4, 44.9, 1],
    [86.1, 51.8, 1],
    [88.8, 52.2, 1],
    [50.5, 77.3, 1],
    [96.4, 76.7, 1],
    [49, 115.4, 0.77],
    [104.4, 123.2, 0.99],
    [64, 122.8, 0.11],
    [115.1, 158, 0.97],
    [67.9, 124.3, 0.09],
    [117.4, 166.4, 0.95],
    [71.8, 122.1, 0.09],
    [115.9, 165.6, 0.94],
    [71.7, 122.1, 0.1],
    [114.5, 162.4, 0.92],
    [65.4, 154.2, 1],
    [90, 154.1, 1],
    [68.3, 212.2, 0.75],
    [87.6, 214, 0.72],
    [70.7, 270.8, 0.58],
    [82.7, 273.6, 0.76],
    [69.5, 279.1, 0.68],
    [78.8, 282.1, 0.72],
    [78.1, 271.7, 0.55],
    [96.4, 276.6, 0.66],
  ]),
}

/** basketball1-cut-knees, 220 x 322 (cut 10 px above the knees): the model puts both knees on the jeans at the bottom edge. */
export const CUT_KNEES = {
  photo: { width: 220, height: 322 },
  landmarks: landmarks([
    [96.3, 75.4, 1],
    [95.8, 68.1, 1],
    [97.2, 68, 1],
    [98.6, 67.9, 1],
    [89.6, 68.8, 1],
    [86.1, 69.4, 1],
    [82.2, 70, 1],
    [96, 71, 1],
    [72.9, 75.2, 1],
    [99, 82.8, 1],
    [91.8, 84.1, 1],
    [113.8, 121.2, 1],
    [52.7, 120.2, 1],
    [140.8, 172.4, 0.97],
    [86.7, 164.8, 1],
    [151.3, 131, 0.99],
    [129.1, 124.4, 1],
    [154, 119.5, 0.97],
    [140.6, 116.7, 0.99],
    [152.8, 113.4, 0.97],
    [140, 110.5, 0.99],
    [149, 117.4, 0.97],
    [136.3, 112.5, 0.99],
    [109.4, 229.9, 1],
    [69.2, 230.9, 1],
    [115.3, 311.6, 0.83],
    [65.8, 317.2, 0.85],
    [114.8, 373.7, 0.04],
    [67.6, 370.1, 0.05],
    [112.4, 383, 0.04],
    [69.2, 378.4, 0.02],
    [121.4, 399.3, 0.02],
    [67.9, 393.8, 0.03],
  ]),
}
