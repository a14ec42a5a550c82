/**
 * Where each marker's number (its tag) goes beside the marker on the photo, in screen
 * px: the first of a few places around it (up and to the right first) where the tag
 * covers neither another tag, nor a marker's ring, nor a metric's value, so "14" and
 * "15" of two markers side by side never read "1415". Sizes are estimated from the text (the overlay lays the
 * tags out before the browser does). Pure: no DOM.
 */

/** A marker's centre on screen and its tag's text. */
export interface Tag {
  readonly x: number
  readonly y: number
  readonly text: string
}

/** The tag's anchor point relative to the marker's centre, and which side of it the text extends to. */
export interface TagPlace {
  readonly dx: number
  readonly dy: number
  readonly anchor: 'start' | 'middle' | 'end'
}

/** Estimated size of a tag's text (12 px bold digits) and the half-size of a marker's ring (7 px radius and its stroke). */
const CHAR_PX = 8
const TAG_HEIGHT_PX = 16
const RING_PX = 9

/** The places tried, nearest first; the first is where tags always went. */
const PLACES: readonly TagPlace[] = [
  { dx: 10, dy: -10, anchor: 'start' },
  { dx: -10, dy: -10, anchor: 'end' },
  { dx: 10, dy: 10, anchor: 'start' },
  { dx: -10, dy: 10, anchor: 'end' },
  { dx: 12, dy: 0, anchor: 'start' },
  { dx: -12, dy: 0, anchor: 'end' },
  { dx: 0, dy: -19, anchor: 'middle' },
  { dx: 0, dy: 19, anchor: 'middle' },
  { dx: 20, dy: -20, anchor: 'start' },
  { dx: -20, dy: -20, anchor: 'end' },
  { dx: 20, dy: 20, anchor: 'start' },
  { dx: -20, dy: 20, anchor: 'end' },
]

/** A rectangle on screen, px. */
export interface ScreenBox {
  readonly x0: number
  readonly y0: number
  readonly x1: number
  readonly y1: number
}

const overlap = (a: ScreenBox, b: ScreenBox): boolean => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1

function boxOf(tag: Tag, place: TagPlace): ScreenBox {
  const w = tag.text.length * CHAR_PX
  const x = tag.x + place.dx
  const x0 = place.anchor === 'start' ? x : place.anchor === 'end' ? x - w : x - w / 2
  const y = tag.y + place.dy
  return { x0, y0: y - TAG_HEIGHT_PX / 2, x1: x0 + w, y1: y + TAG_HEIGHT_PX / 2 }
}

/**
 * Each tag's place, in the order given: the first free one, else the one covering the
 * fewest others. `obstacles`: other text to keep clear of (the metrics' values).
 */
export function placeTags(tags: readonly Tag[], obstacles: readonly ScreenBox[] = []): TagPlace[] {
  const rings = [
    ...tags.map((t) => ({ x0: t.x - RING_PX, y0: t.y - RING_PX, x1: t.x + RING_PX, y1: t.y + RING_PX })),
    ...obstacles,
  ]
  const placed: ScreenBox[] = []
  return tags.map((tag) => {
    let best = PLACES[0]!
    let fewest = Infinity
    for (const place of PLACES) {
      const box = boxOf(tag, place)
      const covered = placed.filter((b) => overlap(box, b)).length + rings.filter((r) => overlap(box, r)).length
      if (covered < fewest) {
        best = place
        fewest = covered
      }
      if (covered === 0) break
    }
    placed.push(boxOf(tag, best))
    return best
  })
}
