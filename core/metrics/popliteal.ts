/** Popliteal point estimate (docs/metrics.md, "Popliteal estimate"). */

export interface PlanePoint {
  readonly x: number
  readonly y: number
}

/**
 * Places the popliteal point straight above the Achilles marker (leg assumed
 * vertical), `factor` times the Achilles-to-calcaneus distance away. y grows
 * downward, so "above" is a smaller y.
 */
export function estimatePopliteal(aquiles: PlanePoint, calcaneo: PlanePoint, factor: number): PlanePoint {
  return {
    x: aquiles.x,
    y: aquiles.y - factor * Math.hypot(aquiles.x - calcaneo.x, aquiles.y - calcaneo.y),
  }
}
