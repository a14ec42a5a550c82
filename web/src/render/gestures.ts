/**
 * The photo viewer's pointer gestures as decisions: what a press starts (a click or
 * a drag of a target, a pan, a two-finger pinch), what each move and release of a
 * pointer then means, and how far a wheel turn zooms. The stage (render/stage.ts)
 * feeds pointer positions in, keeps the returned state and carries out the returned
 * actions. Screen points are in the stage's coordinates. Pure: no DOM.
 */
import type { Pt } from '../state/model.js'
import { toImage } from './camera.js'
import type { Transform } from './scene.js'

export type Gesture =
  /** Pressed, not moved yet: a click (on `hit`) when released here, a drag (of `grab`) or a pan once it moves. */
  | {
      readonly kind: 'press'
      readonly pointer: number
      readonly start: Pt
      /** The photo point under the pointer at the press (null: taken from the camera when the drag starts). */
      readonly startImage: Pt | null
      readonly hit: string | null
      readonly grab: string | null
      readonly touch: boolean
    }
  /**
   * Moving target `id`, held `grab` photo px from the photo point under the pointer: each move puts it
   * there from the photo point under the pointer then (the camera and the stage's place as they are
   * at that move), so the stage moving or the photo refitted under a held pointer does not carry it off.
   */
  | { readonly kind: 'drag'; readonly pointer: number; readonly id: string; readonly grab: Pt }
  | { readonly kind: 'pan'; readonly pointer: number; readonly last: Pt }
  /** Two pointers: the distance between them and their midpoint at the last move. */
  | { readonly kind: 'pinch'; readonly distance: number; readonly center: Pt }

export interface Gestures {
  readonly gesture: Gesture | null
  /** Every pointer down on the stage, at its last screen point. */
  readonly pointers: ReadonlyMap<number, Pt>
}

export const NO_GESTURES: Gestures = { gesture: null, pointers: new Map() }

/** What the stage does: move the camera (screen px), or report to the app (photo points). */
export type Action =
  | { readonly kind: 'pan'; readonly dx: number; readonly dy: number }
  | { readonly kind: 'zoom'; readonly factor: number; readonly center: Pt }
  | { readonly kind: 'click'; readonly at: Pt; readonly hit: string | null }
  | { readonly kind: 'dragStart'; readonly id: string }
  | { readonly kind: 'dragMove'; readonly id: string; readonly to: Pt }
  | { readonly kind: 'dragEnd'; readonly id: string }

export interface Step {
  readonly next: Gestures
  readonly actions: readonly Action[]
  /** The press is the stage's own: the page must not scroll or select because of it. */
  readonly claimed: boolean
}

export interface Press {
  readonly pointer: number
  readonly at: Pt
  /** The photo point under the pointer (the camera at the press); without it the drag takes it when it starts. */
  readonly atImage?: Pt
  /** 0 primary, 1 middle (pans), others ignored. */
  readonly button: number
  /** A finger or a pen: it trembles more than a mouse. */
  readonly touch: boolean
  /** The target a click here is on (a marker, a scale point, the reference line), if any. */
  readonly hit: string | null
  /** The target a drag from here moves, when it differs from `hit` (hit.ts: a drag reaches farther than a click). */
  readonly grab?: string | null
  /** Space is held: a primary press pans. */
  readonly spaceHeld: boolean
}

/** What a move needs to know: the camera, and where a target is now (to start a drag). */
export interface MoveContext {
  readonly transform: Transform
  positionOf(id: string): Pt | null
}

/** How far a pointer moves, px, before a press becomes a drag or a pan. */
export const MOVE_THRESHOLD = { mouse: 4, touch: 8 } as const

/** The zoom of one wheel step: each pixel of deltaY scales by e^-0.0015 (lines count 40 px, pages 800). */
export function wheelFactor(deltaY: number, deltaMode: number): number {
  const unit = deltaMode === 1 ? 40 : deltaMode === 2 ? 800 : 1
  return Math.exp(-deltaY * unit * 0.0015)
}

function withPointer(pointers: ReadonlyMap<number, Pt>, id: number, p: Pt | null): Map<number, Pt> {
  const next = new Map(pointers)
  if (p) next.set(id, p)
  else next.delete(id)
  return next
}

function pinchOf(pointers: ReadonlyMap<number, Pt>): { distance: number; center: Pt } {
  const [a, b] = [...pointers.values()] as [Pt, Pt]
  return { distance: Math.hypot(a[0] - b[0], a[1] - b[1]), center: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] }
}

/** A pointer goes down on the stage. */
export function pointerDown(state: Gestures, press: Press): Step {
  const pointers = withPointer(state.pointers, press.pointer, press.at)
  const g = state.gesture
  if (pointers.size === 2) {
    // A second finger: pinch zoom, whatever the first one was doing.
    const actions: Action[] = g?.kind === 'drag' ? [{ kind: 'dragEnd', id: g.id }] : []
    return { next: { gesture: { kind: 'pinch', ...pinchOf(pointers) }, pointers }, actions, claimed: false }
  }
  if (pointers.size > 2) return { next: { gesture: g, pointers }, actions: [], claimed: false }
  let gesture: Gesture | null = g
  if (press.button === 1 || (press.button === 0 && press.spaceHeld))
    gesture = { kind: 'pan', pointer: press.pointer, last: press.at }
  else if (press.button === 0)
    gesture = {
      kind: 'press',
      pointer: press.pointer,
      start: press.at,
      startImage: press.atImage ?? null,
      hit: press.hit,
      grab: press.grab === undefined ? press.hit : press.grab,
      touch: press.touch,
    }
  return { next: { gesture, pointers }, actions: [], claimed: true }
}

/** A pointer moves to screen point p. */
export function pointerMove(state: Gestures, pointer: number, p: Pt, context: MoveContext): Step {
  if (!state.pointers.has(pointer)) return { next: state, actions: [], claimed: false }
  const pointers = withPointer(state.pointers, pointer, p)
  const g = state.gesture
  const unchanged: Step = { next: { gesture: g, pointers }, actions: [], claimed: false }
  if (!g) return unchanged
  if (g.kind === 'pinch') {
    if (pointers.size < 2) return unchanged
    const { distance, center } = pinchOf(pointers)
    const actions: Action[] = [{ kind: 'pan', dx: center[0] - g.center[0], dy: center[1] - g.center[1] }]
    if (g.distance > 0) actions.push({ kind: 'zoom', factor: distance / g.distance, center })
    return { next: { gesture: { kind: 'pinch', distance, center }, pointers }, actions, claimed: false }
  }
  if (pointer !== g.pointer) return unchanged
  if (g.kind === 'press') {
    const threshold = g.touch ? MOVE_THRESHOLD.touch : MOVE_THRESHOLD.mouse
    if (Math.hypot(p[0] - g.start[0], p[1] - g.start[1]) < threshold) return unchanged
    const origin = g.grab ? context.positionOf(g.grab) : null
    const under = g.startImage ?? toImage(context.transform, g.start)
    const started: Gesture =
      g.grab && origin
        ? { kind: 'drag', pointer: g.pointer, id: g.grab, grab: [origin[0] - under[0], origin[1] - under[1]] }
        : { kind: 'pan', pointer: g.pointer, last: g.start }
    // The move that started it also moves the target or the photo.
    const then = pointerMove({ gesture: started, pointers }, pointer, p, context)
    const actions: Action[] =
      started.kind === 'drag' ? [{ kind: 'dragStart', id: started.id }, ...then.actions] : [...then.actions]
    return { next: then.next, actions, claimed: false }
  }
  if (g.kind === 'drag') {
    const under = toImage(context.transform, p)
    const to: Pt = [under[0] + g.grab[0], under[1] + g.grab[1]]
    return { next: unchanged.next, actions: [{ kind: 'dragMove', id: g.id, to }], claimed: false }
  }
  return {
    next: { gesture: { ...g, last: p }, pointers },
    actions: [{ kind: 'pan', dx: p[0] - g.last[0], dy: p[1] - g.last[1] }],
    claimed: false,
  }
}

/** A pointer goes up (or the browser cancels it: no click then). */
export function pointerUp(state: Gestures, pointer: number, cancelled: boolean, transform: Transform): Step {
  if (!state.pointers.has(pointer)) return { next: state, actions: [], claimed: false }
  const pointers = withPointer(state.pointers, pointer, null)
  const g = state.gesture
  if (g?.kind === 'pinch')
    return { next: { gesture: pointers.size === 0 ? null : g, pointers }, actions: [], claimed: false }
  if (!g || g.pointer !== pointer) return { next: { gesture: g, pointers }, actions: [], claimed: false }
  const actions: Action[] = []
  if (g.kind === 'press' && !cancelled) actions.push({ kind: 'click', at: toImage(transform, g.start), hit: g.hit })
  if (g.kind === 'drag') actions.push({ kind: 'dragEnd', id: g.id })
  return { next: { gesture: null, pointers }, actions, claimed: false }
}
