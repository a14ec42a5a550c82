/**
 * Where each label drawn on a printed photo goes (marker numbers, metric values, the
 * reference line's and the scale's labels), so that no two labels overlap, none covers
 * a marker and every one lies wholly inside the photo's frame. Greedy, in the order of
 * priority given (lower first, then as listed): each label takes the first free place
 * of its own preferred box, then places around its anchor (right, left, above, below,
 * the diagonals), ring by ring further out; a place away from the anchor gets a thin
 * leader line back to it. When no ring has room, the nearest free spot anywhere in the
 * frame is taken (with a leader); only when the frame has no free spot at all is the
 * label kept where it covers least, and reported (`fallback`). Pure: no DOM; deterministic.
 */

/** A rectangle, in the frame's units (y down). */
export interface Box {
  readonly x0: number
  readonly y0: number
  readonly x1: number
  readonly y1: number
}

/** A label to place. */
export interface LabelSpec {
  /** The point it labels (a marker's centre, where a value was written). */
  readonly x: number
  readonly y: number
  /** Its text box's size. */
  readonly width: number
  readonly height: number
  /** Where it would go if free (tried first, without a leader); else only the places around the anchor. */
  readonly preferred?: Box
  /** Lower is placed first; equal priorities in the order given. */
  readonly priority: number
}

/** Where a label went. */
export interface PlacedLabel {
  readonly box: Box
  /** A thin line from the anchor to the box's nearest point, when the box is away from the anchor; else null. */
  readonly leader: { readonly x0: number; readonly y0: number; readonly x1: number; readonly y1: number } | null
  /** True when no free place existed: the box overlaps another label, a marker, or (a box larger than the frame) its edge. */
  readonly fallback: boolean
}

export interface LayoutOptions {
  /** The frame every box must lie in: [0, width] × [0, height]. */
  readonly width: number
  readonly height: number
  /** Areas no label may cover (the markers' rings). */
  readonly obstacles?: readonly Box[]
  /** Space between the anchor and a box of the first ring (default 4). */
  readonly gap?: number
  /** Rings tried around the anchor before the whole frame is searched (default 8). */
  readonly rings?: number
}

/** Boxes touching along an edge do not overlap. */
export const overlaps = (a: Box, b: Box): boolean => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1

const area = (a: Box, b: Box): number =>
  Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0)) * Math.max(0, Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0))

export const inside = (b: Box, width: number, height: number): boolean =>
  b.x0 >= 0 && b.y0 >= 0 && b.x1 <= width && b.y1 <= height

/** The box of size w × h with its top left at (x, y), shifted into the frame where it sticks out. */
function clamped(x: number, y: number, w: number, h: number, width: number, height: number): Box {
  const x0 = Math.max(0, Math.min(x, width - w))
  const y0 = Math.max(0, Math.min(y, height - h))
  return { x0, y0, x1: x0 + w, y1: y0 + h }
}

/** The point of `b` nearest to (x, y). */
function nearest(b: Box, x: number, y: number): [number, number] {
  return [Math.min(Math.max(x, b.x0), b.x1), Math.min(Math.max(y, b.y0), b.y1)]
}

/** The places around the anchor, nearest ring first: right, left, above, below, then the four diagonals. */
function* around(spec: LabelSpec, gap: number, rings: number): Generator<[number, number]> {
  const { x, y, width: w, height: h } = spec
  const step = h + gap
  for (let r = 0; r < rings; r++) {
    const d = gap + r * step
    yield [x + d, y - h / 2]
    yield [x - d - w, y - h / 2]
    yield [x - w / 2, y - d - h]
    yield [x - w / 2, y + d]
    yield [x + d, y - d - h]
    yield [x - d - w, y - d - h]
    yield [x + d, y + d]
    yield [x - d - w, y + d]
  }
}

/** Every position of a grid over the frame, nearest to the anchor first. */
function grid(spec: LabelSpec, width: number, height: number): [number, number][] {
  const { x, y, width: w, height: h } = spec
  const sx = Math.max(1, h / 2)
  const cells: [number, number][] = []
  for (let y0 = 0; y0 + h <= height; y0 += sx) for (let x0 = 0; x0 + w <= width; x0 += sx) cells.push([x0, y0])
  const dist = ([x0, y0]: [number, number]) => {
    const [nx, ny] = nearest({ x0, y0, x1: x0 + w, y1: y0 + h }, x, y)
    return Math.hypot(nx - x, ny - y)
  }
  return cells
    .map((c) => [c, dist(c)] as const)
    .sort((a, b) => a[1] - b[1] || a[0][1] - b[0][1] || a[0][0] - b[0][0])
    .map(([c]) => c)
}

/** Each label's place, in the order of `specs`. */
export function layoutLabels(specs: readonly LabelSpec[], options: LayoutOptions): PlacedLabel[] {
  const { width, height } = options
  const gap = options.gap ?? 4
  const rings = options.rings ?? 8
  const obstacles = options.obstacles ?? []
  const order = specs.map((_, i) => i).sort((a, b) => specs[a]!.priority - specs[b]!.priority || a - b)
  const placed: Box[] = []
  const result: PlacedLabel[] = new Array(specs.length)
  const free = (b: Box) =>
    inside(b, width, height) && !placed.some((p) => overlaps(b, p)) && !obstacles.some((o) => overlaps(b, o))
  const cost = (b: Box) => placed.reduce((s, p) => s + area(b, p), 0) + obstacles.reduce((s, o) => s + area(b, o), 0)
  for (const i of order) {
    const spec = specs[i]!
    const { width: w, height: h } = spec
    const leaderFor = (b: Box): PlacedLabel['leader'] => {
      const [nx, ny] = nearest(b, spec.x, spec.y)
      return Math.hypot(nx - spec.x, ny - spec.y) > gap + 2 ? { x0: spec.x, y0: spec.y, x1: nx, y1: ny } : null
    }
    let chosen: PlacedLabel | null = null
    const preferred = spec.preferred
    if (preferred && free(preferred)) chosen = { box: preferred, leader: null, fallback: false }
    if (!chosen)
      for (const [x0, y0] of around(spec, gap, rings)) {
        const b = clamped(x0, y0, w, h, width, height)
        if (free(b)) {
          chosen = { box: b, leader: leaderFor(b), fallback: false }
          break
        }
      }
    if (!chosen && w <= width && h <= height)
      for (const [x0, y0] of grid(spec, width, height)) {
        const b = { x0, y0, x1: x0 + w, y1: y0 + h }
        if (free(b)) {
          chosen = { box: b, leader: leaderFor(b), fallback: false }
          break
        }
      }
    if (!chosen) {
      // Nowhere free: the place covering least, inside the frame as far as the box fits.
      let best = clamped(spec.x + gap, spec.y - h / 2, w, h, width, height)
      let least = cost(best)
      for (const [x0, y0] of around(spec, gap, rings)) {
        const b = clamped(x0, y0, w, h, width, height)
        const c = cost(b)
        if (c < least) {
          best = b
          least = c
        }
      }
      chosen = { box: best, leader: leaderFor(best), fallback: true }
    }
    placed.push(chosen.box)
    result[i] = chosen
  }
  return result
}
