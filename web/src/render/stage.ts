/**
 * The photo viewer, its DOM side only: it listens to the pointer and the wheel on the
 * stage element, passes them to the gesture decisions (gestures.ts), moves its
 * camera (camera.ts) as they say, reports clicks and drags as StageEvents
 * (input/pointer.ts turns them into commands), and draws the current view's scene
 * whenever the scene changes (overlay.ts updates each marker's element in place). A
 * click (press without moving) places the prompted target unless it is on a placed
 * point's handle, which it chooses; pressing near a marker or the reference line and
 * moving drags it (hit.ts decides, in screen px; docs/app.md, "The pointer and the prompt").
 */
import { type Pt, positionOf } from '../state/model.js'
import { type AppState, current, promptOf } from '../state/state.js'
import type { Store } from '../state/store.js'
import { fitted, IDENTITY, pannedBy, revealed, type Size, toImage, zoomedBy } from './camera.js'
import { NO_GESTURES, pointerDown, pointerMove, pointerUp, type Step, wheelFactor } from './gestures.js'
import { type PlacedTarget, pressTargets } from './hit.js'
import { drawOverlay } from './overlay.js'
import { type Scene, sameScene, sceneOf, type Transform } from './scene.js'
import type { Viewport } from './viewport.js'

export interface StageEvents {
  /** A click on the photo at image point p; `hit` is the placed point whose handle it is on, if any. */
  click(p: Pt, hit: string | null): void
  /** Dragging a target: start, each move (new image point), end. */
  dragStart(id: string): void
  dragMove(id: string, p: Pt): void
  dragEnd(id: string): void
  /** The zoom level changed (for the zoom read-out): screen px per image px. */
  zoomed(zoom: number): void
}

export class Stage implements Viewport {
  readonly svg: SVGSVGElement
  private t: Transform = IDENTITY
  /** The photo is shown whole (refitted when the stage is resized) until the user zooms or pans. */
  private fitted = true
  private size = { w: 0, h: 0 }
  private imageSize: Size | null = null
  private scene: Scene | null = null
  private gestures = NO_GESTURES
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
    const same = this.scene !== null && sameScene(this.scene, scene)
    this.scene = scene
    this.positionOf = positionOf
    // Nothing on the photo changed (a notice, a panel's own state): nothing is drawn.
    if (same) return
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
    this.size = { w: r.width, h: r.height }
    if (this.fitted) this.fit(false)
    this.draw()
  }

  /** The camera moved by the user: drawn, and no longer refitted on resize. */
  private moved(t: Transform): void {
    this.t = t
    this.fitted = false
    this.draw()
  }

  /** Whole photo in view. */
  fit(redraw = true): void {
    this.fitted = true
    if (this.imageSize) this.t = fitted(this.imageSize, this.size) ?? this.t
    if (redraw) this.draw()
    this.events.zoomed(this.t.s)
  }

  /** Zooms by `factor` keeping screen point c (stage coordinates; default the centre) fixed. */
  zoomBy(factor: number, c: Pt = [this.size.w / 2, this.size.h / 2]): void {
    this.moved(zoomedBy(this.t, factor, c))
    this.events.zoomed(this.t.s)
  }

  /** One image pixel per CSS pixel, around the centre. */
  actualSize(): void {
    this.zoomBy(1 / this.t.s)
  }

  panBy(dx: number, dy: number): void {
    this.moved(pannedBy(this.t, dx, dy))
  }

  /** Pans so image point p is at the centre of the stage when it is outside the view. */
  reveal(p: Pt): void {
    const t = revealed(this.t, p, this.size)
    if (t !== this.t) this.moved(t)
  }

  /** The image point at the centre of the stage. */
  center(): Pt {
    return toImage(this.t, [this.size.w / 2, this.size.h / 2])
  }

  private local(e: PointerEvent | WheelEvent): Pt {
    const r = this.el.getBoundingClientRect()
    return [e.clientX - r.left, e.clientY - r.top]
  }

  /** Keeps the gestures' new state, shows it as a cursor class, and does what they decided. */
  private apply(step: Step): void {
    this.gestures = step.next
    const kind = step.next.gesture?.kind
    this.el.classList.toggle('panning', kind === 'pan')
    this.el.classList.toggle('dragging', kind === 'drag')
    let t = this.t
    let zoomed = false
    for (const action of step.actions) {
      if (action.kind === 'pan') t = pannedBy(t, action.dx, action.dy)
      else if (action.kind === 'zoom') {
        t = zoomedBy(t, action.factor, action.center)
        zoomed = true
      } else if (action.kind === 'click') this.events.click(action.at, action.hit)
      else if (action.kind === 'dragStart') this.events.dragStart(action.id)
      else if (action.kind === 'dragMove') this.events.dragMove(action.id, action.to)
      else this.events.dragEnd(action.id)
    }
    if (t !== this.t) this.moved(t)
    if (zoomed) this.events.zoomed(this.t.s)
  }

  private down(e: PointerEvent): void {
    if (e.target instanceof Element && e.target.closest('.zoombar, .dropzone button, .dropzone label')) return
    this.el.focus({ preventScroll: true })
    this.el.setPointerCapture(e.pointerId)
    const at = this.local(e)
    // Decided by distance in screen px (hit.ts), not by the element under the pointer.
    const { grab, click } = pressTargets(this.placedTargets(), toImage(this.t, at), this.t.s)
    const step = pointerDown(this.gestures, {
      pointer: e.pointerId,
      at,
      atImage: toImage(this.t, at),
      button: e.button,
      touch: e.pointerType !== 'mouse',
      hit: click,
      grab,
      spaceHeld: this.spaceHeld,
    })
    if (step.claimed) e.preventDefault()
    this.apply(step)
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

  private move(e: PointerEvent): void {
    this.apply(
      pointerMove(this.gestures, e.pointerId, this.local(e), { transform: this.t, positionOf: this.positionOf }),
    )
  }

  private up(e: PointerEvent, cancelled: boolean): void {
    this.apply(pointerUp(this.gestures, e.pointerId, cancelled, this.t))
  }

  private wheel(e: WheelEvent): void {
    if (!this.imageSize) return
    e.preventDefault()
    this.zoomBy(wheelFactor(e.deltaY, e.deltaMode), this.local(e))
  }
}

/** Draws the current view on the stage after every change, and brings asked-for points into view. */
export function renderStage(store: Store<AppState>, stage: Stage): () => void {
  const dropzone = stage.el.querySelector<HTMLElement>('.dropzone')
  const draw = (state: AppState) => {
    const vs = current(state)
    stage.el.classList.toggle('has-photo', vs.doc.photo !== null)
    stage.el.classList.toggle('placing', vs.doc.photo !== null && promptOf(state) !== null)
    if (dropzone) dropzone.hidden = vs.doc.photo !== null
    stage.show(sceneOf(state, state.view, true), (id) => positionOf(current(store.get()).doc, id))
  }
  draw(store.get())
  return store.subscribe((state, previous) => {
    draw(state)
    if (state.reveal && state.reveal !== previous.reveal) stage.reveal(state.reveal)
  })
}
