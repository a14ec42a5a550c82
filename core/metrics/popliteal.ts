/** Popliteal point estimate (docs/metrics.md, "Popliteal estimate"). */

export interface PlanePoint {
  readonly x: number
  readonly y: number
}

/**
 * Places the popliteal point straight above the Achilles marker (request field
 * `aquiles`; leg assumed vertical), `factor` times the distance from it to the
 * calcaneus marker (`calcaneo`, the heel) away. y grows
 * downward, so "above" is a smaller y.
 */
export function estimatePopliteal(achilles: PlanePoint, heel: PlanePoint, factor: number): PlanePoint {
  return {
    x: achilles.x,
    y: achilles.y - factor * Math.hypot(achilles.x - heel.x, achilles.y - heel.y),
  }
}
