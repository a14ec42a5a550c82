/**
 * Where the notice (the toast, panels/notice.ts) rests on the screen: at its own place
 * (sizes.css) when that covers nothing that must stay in sight (the prompt, the photo
 * area with its zoom bar, the bar of actions), else at the nearest height above it that
 * covers none of them; null when there is no such height (a phone's photo area fills the
 * screen), and the caller makes room. Screen px, y down. Pure: no DOM.
 */

/** The vertical extent of something that must stay in sight, among those across the notice's width. */
export interface Band {
  readonly top: number
  readonly bottom: number
}

/** Space kept between the notice and what it must not cover, and from the window's top. */
export const NOTICE_GAP_PX = 8

/**
 * The notice's top: `ownTop` when a notice `height` high there overlaps no band, else the
 * lowest top above it (between the window's top edge and `ownTop`) that overlaps none, with
 * a gap to the bands it rests beside; null when none.
 */
export function noticeTop(height: number, ownTop: number, keepClear: readonly Band[]): number | null {
  const clear = (top: number) => keepClear.every((b) => top + height <= b.top || top >= b.bottom)
  if (clear(ownTop)) return ownTop
  const candidates = [
    NOTICE_GAP_PX,
    ...keepClear.flatMap((b) => [b.top - NOTICE_GAP_PX - height, b.bottom + NOTICE_GAP_PX]),
  ]
  const fitting = candidates.filter((top) => top >= NOTICE_GAP_PX && top <= ownTop && clear(top))
  return fitting.length === 0 ? null : Math.max(...fitting)
}
