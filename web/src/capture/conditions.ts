/**
 * The capture conditions of a photo taken with the app's camera, made at the shutter
 * from the level reading and the still's size (state/capture-conditions.ts judges and
 * words them). The document keeps them with its photo (state/model.ts `Doc.capture`),
 * the assessment file saves them per view (state/assessment-file.ts). No DOM.
 */
import type { CaptureConditions } from '../state/model.js'
import { LEVEL_TOLERANCE_DEG, type LevelReading } from './level.js'

/** The conditions of a still of `size` taken at `takenAt` with the level reading `level`. */
export function captureConditionsOf(
  level: LevelReading,
  size: { readonly width: number; readonly height: number },
  takenAt: Date,
  tolerance = LEVEL_TOLERANCE_DEG,
): CaptureConditions {
  const tilt = level.kind === 'tilt' ? level.tilt : null
  return {
    source: 'camera',
    width: size.width,
    height: size.height,
    takenAt: takenAt.toISOString(),
    rollDeg: tilt ? tilt.roll : null,
    pitchDeg: tilt ? tilt.pitch : null,
    levelToleranceDeg: tolerance,
    keptTilted: false,
  }
}
