/**
 * Marker suggestions for one photo: runs the pose detector, maps its landmarks to the
 * chosen view's markers (mapping.ts) and checks which way the subject faces against
 * the view (facing.ts). What the app's "Suggest markers" action calls.
 */
import type { Side, View } from '#core/markers.js'
import { parseRetries } from './detection.js'
import { type Attempt, type DetectorFailure, type DetectorPhase, type PhotoSource, PoseDetector } from './detector.js'
import { checkFacing, type FacingCheck } from './facing.js'
import { type MarkerSuggestion, suggestMarkers } from './mapping.js'

export type SuggestionOutcome =
  | {
      readonly kind: 'suggestions'
      readonly view: View
      readonly suggestions: readonly MarkerSuggestion[]
      /** null when the model found no person. */
      readonly facing: FacingCheck | null
      /** Time spent loading the model (0 once loaded) and running it on this photo, ms. */
      readonly loadMs: number
      readonly runMs: number
      /** The model's runs on this photo: as it is, then each retry tried while no person was found. */
      readonly attempts: readonly Attempt[]
    }
  | { readonly kind: 'failure'; readonly failure: DetectorFailure }

let shared: PoseDetector | null = null

/** The page's one detector, created on first use (`?pose-retries=a,b` in the page's address limits its retries, for the bench). */
export function detector(): PoseDetector {
  shared ??= new PoseDetector({ retries: parseRetries(new URLSearchParams(location.search).get('pose-retries')) })
  return shared
}

export async function suggestFor(
  view: View,
  side: Side,
  photo: PhotoSource,
  onProgress: (phase: DetectorPhase) => void = () => {},
  poseDetector: PoseDetector = detector(),
): Promise<SuggestionOutcome> {
  const detection = await poseDetector.detect(photo, onProgress)
  if (detection.kind === 'failure') return detection
  const landmarks = detection.kind === 'pose' ? detection.landmarks : null
  return {
    kind: 'suggestions',
    view,
    suggestions: suggestMarkers(view, side, landmarks, detection),
    facing: landmarks ? checkFacing(view, side, landmarks) : null,
    loadMs: detection.loadMs,
    runMs: detection.runMs,
    attempts: detection.attempts,
  }
}
