/**
 * How each placed marker of a view came to be where it is, for the exports (the health
 * record's export, the report): placed by the clinician's hand, suggested by the pose
 * model and confirmed unmoved, suggested and not yet confirmed, or not recorded (a file
 * saved before the app recorded it). Reads the Doc's markerStatus and markerOrigin
 * (state/model.ts withTarget keeps them). Pure: no DOM.
 */
import { type Doc, statusOf } from './model.js'

/** How one placed marker was placed. */
export type MarkerPlacement = 'hand' | 'suggestion-confirmed' | 'suggestion-unconfirmed' | 'unknown'

/** How many of a view's placed markers were placed each way. */
export interface PlacementSummary {
  /** Placed or moved by the clinician. */
  readonly hand: number
  /** Suggested by the pose model, then confirmed where it was suggested. */
  readonly suggestionConfirmed: number
  /** Suggested by the pose model, not yet confirmed. */
  readonly suggestionUnconfirmed: number
  /** Placed, origin not recorded (loaded from a file saved before the app recorded it). */
  readonly unknown: number
}

/**
 * How marker `id` was placed; null when it is not placed. An unconfirmed suggestion
 * is one whatever its recorded origin (only a tool proposes unconfirmed markers).
 */
export function markerPlacementOf(doc: Doc, id: string): MarkerPlacement | null {
  if (doc.markers[id] === undefined) return null
  if (statusOf(doc, id) === 'suggested') return 'suggestion-unconfirmed'
  const origin = doc.markerOrigin[id]
  if (origin === 'hand') return 'hand'
  if (origin === 'suggestion') return 'suggestion-confirmed'
  return 'unknown'
}

/** The counts of the document's placed markers by how they were placed. */
export function placementSummary(doc: Doc): PlacementSummary {
  const counts = { hand: 0, suggestionConfirmed: 0, suggestionUnconfirmed: 0, unknown: 0 }
  const key = {
    hand: 'hand',
    'suggestion-confirmed': 'suggestionConfirmed',
    'suggestion-unconfirmed': 'suggestionUnconfirmed',
    unknown: 'unknown',
  } as const satisfies Record<MarkerPlacement, keyof PlacementSummary>
  for (const id of Object.keys(doc.markers)) {
    const placement = markerPlacementOf(doc, id)
    if (placement !== null) counts[key[placement]]++
  }
  return counts
}
