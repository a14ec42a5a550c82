/**
 * The photo viewer: zoom (wheel, pinch, buttons), pan (drag on the photo), the pointer
 * gestures on it (reported as StageEvents; input/pointer.ts turns them into commands),
 * and the drawing of the current view's scene whenever the store changes.
 * A click (press without moving) places the active target unless it is on a placed
 * marker itself; pressing near a marker or the reference line and moving drags it
 * (input/hit.ts decides, in screen px).
 */
import { pressTargets, type PlacedTarget } from './input/hit.js'
import { positionOf, type Pt } from './model.js'
import { drawOverlay } from './overlay.js'
import { sceneOf, type Scene, type Transform } from './scene.js'
import { current, type AppState } from './state.js'
import type { Store } from './store.js'
import type { Viewport } from './viewport.js'

export interface StageEvents {
  /** A click on the photo at image point p; `hit` is the target under the pointer, if any. */
  click(p: Pt, hit: string | null): void
  /** Dragging a target: start, each move (new image point), end. */
  dragStart(id: string): void
  dragMove(id: string, p: Pt): void
  dragEnd(id: string): void
  /** The zoom level changed (for the zoom read-out): screen px per image px. */
  zoomed(zoom: number): void
}

type Gesture =
  /** `grab`: the target a drag moves; `hit`: the target a click is on (input/hit.ts). */
  | { kind: 'press'; pointer: number; start: Pt; grab: string | null; hit: string | null; touch: boolean }
  | { kind: 'drag'; pointer: number; start: Pt; id: string; origin: Pt }
  | { kind: 'pan'; pointer: number; last: Pt }
  | { kind: 'pinch'; distance: number; center: Pt }

const MIN_ZOOM = 0.02
const MAX_ZOOM = 32

export class Stage implements Viewport {
  readonly svg: SVGSVGElement
  private t: Transform = { s: 1, tx: 0, ty: 0 }
  private fitted = true
  private size = { w: 0, h: 0, left: 0, top: 0 }
  private imageSize: { w: number; h: number } | null = null
  private scene: Scene | null = null
  private gesture: Gesture | null = null
  private pointers = new Map<number, Pt>()
  private positionOf: (id: string) => Pt | null = () => null
  spaceHeld = false

  constructor(
    readonly el: HTMLElement,
    private readonly events: StageEvents,
  ) {
    this.svg = el.querySelector('svg.canvas') as SVGSVGElement
    new ResizeObserver(() => this.measure()).observe(el)
    el.addEventListener('pointerdown', (e) => this.down(e))
    el.addEventListener('pointermove', (e) => this.move(e))
    el.addEventListener('pointerup', (e) => this.up(e, false))
    el.addEventListener('pointercancel', (e) => this.up(e, true))
    el.addEventListener('wheel', (e) => this.wheel(e), { passive: false })
    this.measure()
  }

  get transform(): Transform {
    return this.t
  }

  get zoom(): number {
    return this.t.s
  }

  /** Shows a scene; `positionOf` gives a target's current image position for drags. */
  show(scene: Scene, positionOf: (id: string) => Pt | null): void {
    this.scene = scene
    this.positionOf = positionOf
    const photo = scene.doc.photo
    const size = photo ? { w: photo.width, h: photo.height } : null
    if (size?.w !== this.imageSize?.w || size?.h !== this.imageSize?.h) {
      this.imageSize = size
      this.fitted = true
      this.fit(false)
    }
    this.draw()
  }

  private draw(): void {
    if (!this.scene) return
    drawOverlay(this.svg, this.scene, this.t, { interactive: true, width: this.size.w, height: this.size.h })
    this.el.dataset.zoom = this.t.s.toFixed(4)
  }

  private measure(): void {
    const r = this.el.getBoundingClientRect()
    this.size = { w: r.width, h: r.height, left: r.left, top: r.top }
    if (this.fitted) this.fit(false)
    this.draw()
  }

  /** Whole photo in view. */
  fit(redraw = true): void {
    this.fitted = true
    const img = this.imageSize
    if (img && this.size.w > 0 && this.size.h > 0) {
      // Room around the photo, and below it for the zoom buttons.
      const margin = 12
      const bottom = 52
      const s = Math.max(MIN_ZOOM, Math.min((this.size.w - 2 * margin) / img.w, (this.size.h - margin - bottom) / img.h))
      this.t = { s, tx: (this.size.w - img.w * s) / 2, ty: margin + (this.size.h - margin - bottom - img.h * s) / 2 }
    }
    if (redraw) this.draw()
    this.events.zoomed(this.t.s)
  }

  /** Zooms by `factor` keeping screen point c (stage coordinates; default the centre) fixed. */
  zoomBy(factor: number, c: Pt = [this.size.w / 2, this.size.h / 2]): void {
    const s = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, this.t.s * factor))
    const k = s / this.t.s
    this.t = { s, tx: c[0] - (c[0] - this.t.tx) * k, ty: c[1] - (c[1] - this.t.ty) * k }
    this.fitted = false
    this.draw()
    this.events.zoomed(this.t.s)
  }

  /** One image pixel per CSS pixel, around the centre. */
  actualSize(): void {
    this.zoomBy(1 / this.t.s)
  }

  panBy(dx: number, dy: number): void {
    this.t = { ...this.t, tx: this.t.tx + dx, ty: this.t.ty + dy }
    this.fitted = false
    this.draw()
  }

  /** Pans so image point p is at the centre of the stage when it is outside the view. */
  reveal(p: Pt): void {
    const x = p[0] * this.t.s + this.t.tx
    const y = p[1] * this.t.s + this.t.ty
    const m = 24
    if (x >= m && x <= this.size.w - m && y >= m && y <= this.size.h - m) return
    this.t = { ...this.t, tx: this.size.w / 2 - p[0] * this.t.s, ty: this.size.h / 2 - p[1] * this.t.s }
    this.fitted = false
    this.draw()
  }

  /** The image point at the centre of the stage. */
  center(): Pt {
    return this.toImage([this.size.w / 2, this.size.h / 2])
  }

  /** The targets placed in the scene shown, for the pointer. */
  private placedTargets(): PlacedTarget[] {
    const scene = this.scene
    if (!scene) return []
    const placed: PlacedTarget[] = []
    for (const target of scene.targets) {
      if (target.kind === 'lrv') {
        if (scene.doc.lrvX !== null) placed.push({ id: target.id, lineX: scene.doc.lrvX })
        continue
      }
      const at = positionOf(scene.doc, target.id)
      if (at) placed.push({ id: target.id, at })
    }
    return placed
  }

  private toImage(c: Pt): Pt {
    return [(c[0] - this.t.tx) / this.t.s, (c[1] - this.t.ty) / this.t.s]
  }

  private local(e: PointerEvent | WheelEvent): Pt {
    const r = this.el.getBoundingClientRect()
    return [e.clientX - r.left, e.clientY - r.top]
  }

  private down(e: PointerEvent): void {
    if (e.target instanceof Element && e.target.closest('.zoombar, .dropzone button, .dropzone label')) return
    this.el.focus({ preventScroll: true })
    const p = this.local(e)
    this.pointers.set(e.pointerId, p)
    this.el.setPointerCapture(e.pointerId)
    if (this.pointers.size === 2) {
      // A second finger: pinch zoom, whatever the first one was doing.
      if (this.gesture?.kind === 'drag') this.events.dragEnd(this.gesture.id)
      const [a, b] = [...this.pointers.values()] as [Pt, Pt]
      this.gesture = { kind: 'pinch', distance: Math.hypot(a[0] - b[0], a[1] - b[1]), center: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] }
      return
    }
    if (this.pointers.size > 2) return
    e.preventDefault()
    if (e.button === 1 || (e.button === 0 && this.spaceHeld)) {
      this.gesture = { kind: 'pan', pointer: e.pointerId, last: p }
      this.el.classList.add('panning')
      return
    }
    if (e.button !== 0) return
    // Decided by distance in screen px (input/hit.ts), not by the element under the pointer.
    const { grab, click } = pressTargets(this.placedTargets(), this.toImage(p), this.t.s)
    this.gesture = { kind: 'press', pointer: e.pointerId, start: p, grab, hit: click, touch: e.pointerType !== 'mouse' }
  }

  private move(e: PointerEvent): void {
    if (!this.pointers.has(e.pointerId)) return
    const p = this.local(e)
    this.pointers.set(e.pointerId, p)
    const g = this.gesture
    if (!g) return
    if (g.kind === 'pinch') {
      const pts = [...this.pointers.values()]
      if (pts.length < 2) return
      const [a, b] = pts as [Pt, Pt]
      const distance = Math.hypot(a[0] - b[0], a[1] - b[1])
      const center: Pt = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]
      this.t = { ...this.t, tx: this.t.tx + center[0] - g.center[0], ty: this.t.ty + center[1] - g.center[1] }
      if (g.distance > 0) this.zoomBy(distance / g.distance, center)
      else this.draw()
      this.gesture = { kind: 'pinch', distance, center }
      return
    }
    if (e.pointerId !== g.pointer) return
    if (g.kind === 'press') {
      const threshold = g.touch ? 8 : 4
      if (Math.hypot(p[0] - g.start[0], p[1] - g.start[1]) < threshold) return
      const origin = g.grab ? this.positionOf(g.grab) : null
      if (g.grab && origin) {
        this.gesture = { kind: 'drag', pointer: g.pointer, start: g.start, id: g.grab, origin }
        this.el.classList.add('dragging')
        this.events.dragStart(g.grab)
      } else {
        this.gesture = { kind: 'pan', pointer: g.pointer, last: g.start }
        this.el.classList.add('panning')
      }
      this.move(e)
      return
    }
    if (g.kind === 'drag') {
      const target: Pt = [g.origin[0] + (p[0] - g.start[0]) / this.t.s, g.origin[1] + (p[1] - g.start[1]) / this.t.s]
      this.events.dragMove(g.id, target)
      return
    }
    if (g.kind === 'pan') {
      this.panBy(p[0] - g.last[0], p[1] - g.last[1])
      this.gesture = { ...g, last: p }
    }
  }

  private up(e: PointerEvent, cancelled: boolean): void {
    if (!this.pointers.delete(e.pointerId)) return
    const g = this.gesture
    if (g?.kind === 'pinch') {
      if (this.pointers.size === 0) this.gesture = null
      return
    }
    if (!g || ('pointer' in g && g.pointer !== e.pointerId)) return
    this.gesture = null
    this.el.classList.remove('panning', 'dragging')
    if (g.kind === 'press' && !cancelled) this.events.click(this.toImage(g.start), g.hit)
    if (g.kind === 'drag') this.events.dragEnd(g.id)
  }

  private wheel(e: WheelEvent): void {
    if (!this.imageSize) return
    e.preventDefault()
    const unit = e.deltaMode === 1 ? 40 : e.deltaMode === 2 ? 800 : 1
    this.zoomBy(Math.exp(-e.deltaY * unit * 0.0015), this.local(e))
  }
}

/** Draws the current view on the stage after every change, and brings asked-for points into view. */
export function renderStage(store: Store<AppState>, stage: Stage): () => void {
  const dropzone = stage.el.querySelector<HTMLElement>('.dropzone')
  const draw = (state: AppState) => {
    const vs = current(state)
    stage.el.classList.toggle('has-photo', vs.doc.photo !== null)
    stage.el.classList.toggle('placing', vs.doc.photo !== null && vs.active !== null)
    if (dropzone) dropzone.hidden = vs.doc.photo !== null
    stage.show(sceneOf(state, state.view, true), (id) => positionOf(current(store.get()).doc, id))
  }
  draw(store.get())
  return store.subscribe((state, previous) => {
    draw(state)
    if (state.reveal && state.reveal !== previous.reveal) stage.reveal(state.reveal)
  })
}
