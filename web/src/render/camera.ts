/**
 * The photo viewer's camera: the transform from photo to screen (screen = photo * s
 * + t) and how zooming, panning, fitting and revealing change it. Screen points are
 * in the stage's own coordinates (px from its top left). Pure: no DOM (the stage,
 * render/stage.ts, holds one and applies these).
 */
import type { Pt } from '../state/model.js'
import type { Transform } from './scene.js'

/** The zoom range, screen px per photo px. */
export const MIN_ZOOM = 0.02
export const MAX_ZOOM = 32

/** Room left around a fitted photo, px. */
const FIT_MARGIN = 12
/** Room left below a fitted photo for the zoom buttons, px. */
const FIT_BOTTOM = 52
/** A point this close to the stage's edge, px, is brought to the centre by `revealed`. */
const REVEAL_MARGIN = 24

export interface Size {
  readonly w: number
  readonly h: number
}

export const IDENTITY: Transform = { s: 1, tx: 0, ty: 0 }

function clampZoom(s: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, s))
}

/** The photo point under screen point c. */
export function toImage(t: Transform, c: Pt): Pt {
  return [(c[0] - t.tx) / t.s, (c[1] - t.ty) / t.s]
}

/** The screen point of photo point p. */
export function toScreen(t: Transform, p: Pt): Pt {
  return [p[0] * t.s + t.tx, p[1] * t.s + t.ty]
}

/** The whole photo in view, centred, with room for the zoom buttons below; null when either size is empty. */
export function fitted(image: Size, stage: Size): Transform | null {
  if (!(image.w > 0 && image.h > 0 && stage.w > 0 && stage.h > 0)) return null
  const s = Math.max(
    MIN_ZOOM,
    Math.min((stage.w - 2 * FIT_MARGIN) / image.w, (stage.h - FIT_MARGIN - FIT_BOTTOM) / image.h),
  )
  return { s, tx: (stage.w - image.w * s) / 2, ty: FIT_MARGIN + (stage.h - FIT_MARGIN - FIT_BOTTOM - image.h * s) / 2 }
}

/** Zoomed by `factor` (clamped to the zoom range) with screen point c kept where it is. */
export function zoomedBy(t: Transform, factor: number, c: Pt): Transform {
  const s = clampZoom(t.s * factor)
  const k = s / t.s
  return { s, tx: c[0] - (c[0] - t.tx) * k, ty: c[1] - (c[1] - t.ty) * k }
}

/** Moved by (dx, dy) screen px. */
export function pannedBy(t: Transform, dx: number, dy: number): Transform {
  return { ...t, tx: t.tx + dx, ty: t.ty + dy }
}

/** Photo point p at the stage's centre when it is outside the view (or near its edge); else t itself. */
export function revealed(t: Transform, p: Pt, stage: Size): Transform {
  const [x, y] = toScreen(t, p)
  const m = REVEAL_MARGIN
  if (x >= m && x <= stage.w - m && y >= m && y <= stage.h - m) return t
  return { ...t, tx: stage.w / 2 - p[0] * t.s, ty: stage.h / 2 - p[1] * t.s }
}
