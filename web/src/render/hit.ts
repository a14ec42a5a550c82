/**
 * Which placed target a press on the photo is about, decided in screen pixels so it
 * is the same at every zoom. A press that then moves drags the nearest target within
 * GRAB_RADIUS_PX (a point, or the reference line); a click (a press that does not move)
 * is on a point's handle only within ON_TARGET_RADIUS_PX of its centre (the marker's ring
 * itself), so a click beside a marker, or on the reference line, places the target the
 * prompt asks for (docs/app.md, "The pointer and the prompt"). Pure: no DOM.
 */
import type { Pt } from '../state/model.js'

/** A click this close to a point's centre (screen px) is on its handle: the marker's ring is 7 px in radius. */
export const ON_TARGET_RADIUS_PX = 8
/** A press this close to a point's centre, or to the reference line (screen px), drags it when the pointer moves. */
export const GRAB_RADIUS_PX = 14

/** A placed target as the pointer sees it: a point, or the vertical reference line at x. */
export type PlacedTarget = { readonly id: string; readonly at: Pt } | { readonly id: string; readonly lineX: number }

/**
 * The placed target nearest to image point `p` within `radiusPx` screen pixels at
 * `zoom` (screen px per image px); null when none is that close. A point that close
 * wins over the line (a marker on the plumb line is grabbed, not the line: the
 * markers are drawn over it).
 */
export function targetNear(targets: readonly PlacedTarget[], p: Pt, zoom: number, radiusPx: number): string | null {
  const nearest = (distanceOf: (target: PlacedTarget) => number | null): string | null => {
    let best: string | null = null
    let bestDistance = Infinity
    for (const target of targets) {
      const distance = distanceOf(target)
      if (distance !== null && distance <= radiusPx && distance < bestDistance) {
        best = target.id
        bestDistance = distance
      }
    }
    return best
  }
  return (
    nearest((x) => ('at' in x ? Math.hypot(x.at[0] - p[0], x.at[1] - p[1]) * zoom : null)) ??
    nearest((x) => ('lineX' in x ? Math.abs(x.lineX - p[0]) * zoom : null))
  )
}

/** What a press is about: the target a drag would move, and the target a click is on (each null when none). */
export interface PressTargets {
  readonly grab: string | null
  readonly click: string | null
}

export function pressTargets(targets: readonly PlacedTarget[], p: Pt, zoom: number): PressTargets {
  return {
    grab: targetNear(targets, p, zoom, GRAB_RADIUS_PX),
    // The line has no handle: midline markers are placed on it.
    click: targetNear(
      targets.filter((x) => 'at' in x),
      p,
      zoom,
      ON_TARGET_RADIUS_PX,
    ),
  }
}
