/**
 * What commands may ask of the photo viewer (zoom, pan, the centre point) without
 * knowing it: the stage implements it. Pure: an interface only.
 */
import type { Pt } from '../state/model.js'

export interface Viewport {
  zoomBy(factor: number): void
  fit(): void
  actualSize(): void
  panBy(dx: number, dy: number): void
  /** The photo point at the centre of the view. */
  center(): Pt
  /** Space is held: a drag on the photo pans. */
  spaceHeld: boolean
}
