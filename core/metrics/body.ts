/**
 * Body directions per view (docs/metrics.md, "Body directions"): which image direction
 * (+1 image right, -1 image left) points toward the subject's right, left or front.
 */
import type { Direction } from '../geometry/angles.js'
import type { Side } from '../markers.js'

/** Subject faces the camera: their right is on the image's left. */
export const ANTERIOR_VIEW = { right: -1, left: 1 } as const satisfies Record<string, Direction>

/** Subject's back to the camera: their right is on the image's right. */
export const POSTERIOR_VIEW = { right: 1, left: -1 } as const satisfies Record<string, Direction>

/** Lateral view: the subject faces image right when their right side is toward the camera. */
export function forward(side: Side): Direction {
  return side === 'right' ? 1 : -1
}
