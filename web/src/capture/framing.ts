/**
 * The capture screen's guides and its framing check, as pure functions (no DOM).
 *
 * Guides, in preview pixels: the vertical plumb line through the frame's centre (its
 * x becomes the photo's reference line, lrv_x), a square grid on it, and for the
 * chosen view a silhouette frame where the body should stand: head to feet inside,
 * centred on the plumb line, feet on the floor line.
 *
 * Framing check, from the pose model's landmarks on a preview frame: a person found,
 * the whole body in the frame (head and both feet), facing the way the view needs
 * (facing.ts), at a good distance (body height as a share of the frame height), and
 * centred on the plumb line. Each check is data (`type`, `ok`, `ctx`); messages.ts
 * words them. Also whether the subject holds still between two checks.
 */
import type { Side, View } from '#core/markers.js'
import { checkFacing, type Facing, facingCheckOf } from '../pose/facing.js'
import { LANDMARKS, type Landmark, type LandmarkName } from '../pose/landmarks.js'

/** Where the head's top and the floor line sit, as shares of the frame's height from the top. */
export const HEAD_LINE = 0.08
export const FLOOR_LINE = 0.92

/**
 * The body's height as a share of the frame's height that counts as a good distance.
 * Below: too small (each marker covers few pixels, so placing it is coarser); above:
 * no margin left for the head and feet. The lower end leaves room to stand back: a
 * phone's main camera (about 69 deg across its long side) frames a 1.7 m person at 50 %
 * from about 2.5 m; at 3 m (docs/photo-protocol.md) a 2x camera is needed to reach it.
 */
export const DISTANCE_RANGE = { min: 0.5, max: 0.9 } as const

/** The body's centre may be this share of the frame's width off the plumb line. */
export const CENTRE_TOLERANCE = 0.08

/** A landmark counts as seen at this visibility (the model scores points outside the picture below 0.1). */
export const SEEN_VISIBILITY = 0.5

/** Body width over body height of the silhouette frame: shoulders and arms from the front, the trunk from the side. */
const FRAME_WIDTH_SHARE: Record<View, number> = { anterior: 0.32, posterior: 0.32, lateral: 0.22 }

export interface FrameSize {
  readonly width: number
  readonly height: number
}

export interface Guides {
  /** x of the plumb line. */
  readonly plumbX: number
  /** x of the grid's vertical lines and y of its horizontal ones. */
  readonly gridX: readonly number[]
  readonly gridY: readonly number[]
  /** Where the body should be: head line at top, floor line at bottom. */
  readonly silhouette: { readonly left: number; readonly top: number; readonly right: number; readonly bottom: number }
}

/** The guides over a frame of this size for this view. */
export function guidesFor(view: View, size: FrameSize): Guides {
  const { width, height } = size
  const plumbX = width / 2
  const cell = height / 10
  const gridX: number[] = []
  for (let k = -Math.floor(plumbX / cell); k <= Math.floor(plumbX / cell); k++)
    if (k !== 0) gridX.push(plumbX + k * cell)
  const gridY = Array.from({ length: 9 }, (_, i) => (i + 1) * cell)
  const top = height * HEAD_LINE
  const bottom = height * FLOOR_LINE
  const half = ((bottom - top) * FRAME_WIDTH_SHARE[view]) / 2
  return { plumbX, gridX, gridY, silhouette: { left: plumbX - half, top, right: plumbX + half, bottom } }
}

/**
 * The plumb line's x on the still, from the guide's: the same share of the width
 * (the still and the preview are the same picture, the still at full resolution).
 */
export function plumbOnStill(guides: Guides, preview: FrameSize, still: FrameSize): number {
  return Math.round((guides.plumbX / preview.width) * still.width * 10) / 10
}

export type FramingCheck =
  | { readonly type: 'person'; readonly ok: boolean; readonly ctx: Record<string, never> }
  | { readonly type: 'whole-body'; readonly ok: boolean; readonly ctx: { readonly missing: readonly BodyEnd[] } }
  | {
      readonly type: 'facing'
      readonly ok: boolean
      readonly ctx: { readonly expected: Facing; readonly seen: Facing | null }
    }
  | {
      readonly type: 'distance'
      readonly ok: boolean
      readonly ctx: { readonly share: number; readonly verdict: 'closer' | 'farther' | 'good' }
    }
  | { readonly type: 'centred'; readonly ok: boolean; readonly ctx: { readonly offset: number } }

/** The ends of the body that must be in the frame; from the side the far foot is hidden, so 'feet' is either foot. */
export type BodyEnd = 'head' | 'left-foot' | 'right-foot' | 'feet'

/** The landmarks of each end of the body that must be seen, inside the frame. */
const HEAD: readonly LandmarkName[] = ['NOSE', 'LEFT_EYE', 'RIGHT_EYE', 'LEFT_EAR', 'RIGHT_EAR']
const LEFT_FOOT: readonly LandmarkName[] = ['LEFT_ANKLE', 'LEFT_HEEL', 'LEFT_FOOT_INDEX']
const RIGHT_FOOT: readonly LandmarkName[] = ['RIGHT_ANKLE', 'RIGHT_HEEL', 'RIGHT_FOOT_INDEX']

function endsOf(view: View): Partial<Record<BodyEnd, readonly LandmarkName[]>> {
  return view === 'lateral'
    ? { head: HEAD, feet: [...LEFT_FOOT, ...RIGHT_FOOT] }
    : { head: HEAD, 'left-foot': LEFT_FOOT, 'right-foot': RIGHT_FOOT }
}

const inside = (l: Landmark, size: FrameSize): boolean =>
  l.x >= 0 && l.y >= 0 && l.x <= size.width && l.y <= size.height
const point = (landmarks: readonly Landmark[], name: LandmarkName): Landmark =>
  landmarks[LANDMARKS[name]] ?? { x: 0, y: 0, visibility: 0 }

/**
 * The body's top (the head's top, estimated: the model has no point there) and bottom
 * (the lowest point of the feet), px. Standing adults' eyes are about 0.064 of the
 * stature below the vertex and 0.118 above the shoulders (Drillis & Contini), so the
 * vertex lies 0.54 of the eye-to-shoulder drop above the eyes.
 */
export function bodySpan(landmarks: readonly Landmark[]): { readonly top: number; readonly bottom: number } {
  const y = (name: LandmarkName) => point(landmarks, name).y
  const eyes = (y('LEFT_EYE') + y('RIGHT_EYE')) / 2
  const shoulders = (y('LEFT_SHOULDER') + y('RIGHT_SHOULDER')) / 2
  const top = eyes - 0.54 * (shoulders - eyes)
  const bottom = Math.max(...(['LEFT_HEEL', 'RIGHT_HEEL', 'LEFT_FOOT_INDEX', 'RIGHT_FOOT_INDEX'] as const).map(y))
  return { top, bottom }
}

/**
 * The framing checks of one preview frame, in the order they are shown. With no person
 * found, only that check (the others cannot be judged). `heldFacing`: the facing held over
 * the preview's last frames (trackFacing, facing.ts), which the facing check then uses
 * instead of this frame's alone.
 */
export function checkFraming(
  view: View,
  side: Side,
  landmarks: readonly Landmark[] | null,
  size: FrameSize,
  heldFacing?: Facing | null,
): FramingCheck[] {
  const seen = landmarks?.filter((l) => l.visibility >= SEEN_VISIBILITY).length ?? 0
  if (!landmarks || seen < 4) return [{ type: 'person', ok: false, ctx: {} }]
  const ends = endsOf(view)
  const missing = (Object.keys(ends) as BodyEnd[]).filter(
    (end) =>
      !ends[end]!.some((name) => {
        const l = point(landmarks, name)
        return l.visibility >= SEEN_VISIBILITY && inside(l, size)
      }),
  )
  const span = bodySpan(landmarks)
  if (span.top < 0 && !missing.includes('head')) missing.unshift('head')
  const facing = heldFacing === undefined ? checkFacing(view, side, landmarks) : facingCheckOf(view, side, heldFacing)
  const share = Math.round(((span.bottom - span.top) / size.height) * 100) / 100
  const verdict = share < DISTANCE_RANGE.min ? 'closer' : share > DISTANCE_RANGE.max ? 'farther' : 'good'
  const xs = (['LEFT_SHOULDER', 'RIGHT_SHOULDER', 'LEFT_HIP', 'RIGHT_HIP'] as const).map((n) => point(landmarks, n).x)
  const centre = xs.reduce((a, b) => a + b, 0) / xs.length
  const offset = Math.round(((centre - size.width / 2) / size.width) * 100) / 100
  return [
    { type: 'person', ok: true, ctx: {} },
    { type: 'whole-body', ok: missing.length === 0, ctx: { missing } },
    {
      type: 'facing',
      ok: facing.type === 'facing-match',
      ctx: {
        expected: facing.ctx.expected,
        seen:
          facing.type === 'facing-mismatch'
            ? facing.ctx.seen
            : facing.type === 'facing-match'
              ? facing.ctx.expected
              : null,
      },
    },
    // A body cut off cannot be measured: its distance is not judged then.
    {
      type: 'distance',
      ok: missing.length === 0 && verdict === 'good',
      ctx: { share, verdict: missing.length === 0 ? verdict : 'good' },
    },
    { type: 'centred', ok: Math.abs(offset) <= CENTRE_TOLERANCE, ctx: { offset } },
  ]
}

/** Whether every check holds. */
export function framingHolds(checks: readonly FramingCheck[]): boolean {
  return checks.length > 1 && checks.every((c) => c.ok)
}

/** The subject moved less than this share of the body's height between two checks: steady. */
export const STEADY_SHARE = 0.02

/** The landmarks that say whether the subject holds still. */
const STEADY_POINTS: readonly LandmarkName[] = [
  'NOSE',
  'LEFT_SHOULDER',
  'RIGHT_SHOULDER',
  'LEFT_HIP',
  'RIGHT_HIP',
  'LEFT_ANKLE',
  'RIGHT_ANKLE',
]

/** Whether the body moved less than STEADY_SHARE of its height between two frames' landmarks. */
export function isSteady(before: readonly Landmark[] | null, after: readonly Landmark[] | null): boolean {
  if (!before || !after) return false
  const span = bodySpan(after)
  const height = span.bottom - span.top
  if (!(height > 0)) return false
  const moves = STEADY_POINTS.map((n) =>
    Math.hypot(point(after, n).x - point(before, n).x, point(after, n).y - point(before, n).y),
  )
  return Math.max(...moves) / height < STEADY_SHARE
}
