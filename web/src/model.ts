/**
 * The app's data: per view, the document the user edits (photo, calibration,
 * markers, options) with undo/redo, the guided list of things to place, and the
 * API request the document amounts to. No DOM here.
 */
import { POPLITEAL_MARKERS, SIDES, VIEWS, type Side, type View } from '../../src/markers.js'

export type { Side, View }
export const VIEW_NAMES = Object.keys(VIEWS) as View[]
export { SIDES }

/** A point in image pixels: x to the right, y downward. */
export type Pt = readonly [number, number]

export interface Photo {
  readonly name: string
  readonly width: number
  readonly height: number
  /** data: URL of the picture; null when a session was loaded without its photo. */
  readonly url: string | null
}

/** Everything the user sets for one view; undo/redo snapshots these. */
export interface Doc {
  readonly photo: Photo | null
  readonly markers: Readonly<Record<string, Pt>>
  /** The two ends of the known distance. */
  readonly scale: readonly [Pt | null, Pt | null]
  /** The known distance between the scale points, in cm (sent as grid_size_cm). */
  readonly gridCm: number | null
  /** fc typed in directly (cm per pixel); used when the scale points do not give one. */
  readonly fcTyped: number | null
  /** x of the vertical reference line, px. */
  readonly lrvX: number | null
  readonly side: Side
  readonly estimatePopliteal: boolean
}

export const EMPTY_DOC: Doc = {
  photo: null,
  markers: {},
  scale: [null, null],
  gridCm: null,
  fcTyped: null,
  lrvX: null,
  side: 'right',
  estimatePopliteal: false,
}

export type TargetKind = 'scale' | 'lrv' | 'marker'

/** One thing the user places on the photo. */
export interface Target {
  /** 'scale-a', 'scale-b', 'lrv' or a marker name. */
  readonly id: string
  readonly kind: TargetKind
  readonly label: string
  readonly hint: string
  /** False for calibration in the lateral view and popliteal markers when estimated. */
  readonly required: boolean
  /** Why it is optional, when it is. */
  readonly note?: string
}

const LATERAL_CALIBRATION_NOTE = 'Optional: the lateral angles do not use the calibration.'

/** The guided order: calibration first, then the view's markers as src/markers.ts orders them. */
export function targetsOf(view: View, doc: Doc): Target[] {
  const calibrationRequired = view !== 'lateral'
  const note = calibrationRequired ? undefined : LATERAL_CALIBRATION_NOTE
  const scaleRequired = calibrationRequired && (doc.fcTyped === null || doc.scale.some((p) => p !== null))
  const scaleNote = scaleRequired ? undefined : (note ?? 'Not needed: fc was typed in directly.')
  const calibration: Target[] = [
    {
      id: 'scale-a',
      kind: 'scale',
      label: 'Scale: first point',
      hint: 'Click one end of a distance you know on the photo (a grid square, a ruler, marks on the plumb line).',
      required: scaleRequired,
      ...(scaleNote ? { note: scaleNote } : {}),
    },
    {
      id: 'scale-b',
      kind: 'scale',
      label: 'Scale: second point',
      hint: 'Click the other end of the known distance, then type that distance in cm.',
      required: scaleRequired,
      ...(scaleNote ? { note: scaleNote } : {}),
    },
    {
      id: 'lrv',
      kind: 'lrv',
      label: 'Reference line',
      hint: 'Click on the vertical reference (plumb) line; horizontal distances are measured from it. Drag it to adjust.',
      required: calibrationRequired,
      ...(note ? { note } : {}),
    },
  ]
  const estimated = view === 'posterior' && doc.estimatePopliteal
  const markers: Target[] = VIEWS[view].map((m) => {
    const optional = estimated && (POPLITEAL_MARKERS as readonly string[]).includes(m.name)
    return {
      id: m.name,
      kind: 'marker',
      label: m.label,
      hint: m.hint,
      required: !optional,
      ...(optional ? { note: 'Not needed: estimate popliteal points is on (each leg axis is the vertical through the Achilles marker).' } : {}),
    }
  })
  return [...calibration, ...markers]
}

export function positionOf(doc: Doc, id: string): Pt | null {
  if (id === 'scale-a') return doc.scale[0]
  if (id === 'scale-b') return doc.scale[1]
  if (id === 'lrv') return doc.lrvX === null ? null : [doc.lrvX, (doc.photo?.height ?? 0) / 2]
  return doc.markers[id] ?? null
}

export function isPlaced(doc: Doc, id: string): boolean {
  return positionOf(doc, id) !== null
}

/** Rounds to 0.1 px and keeps the point on the photo. */
export function snap(doc: Doc, p: Pt): Pt {
  const w = doc.photo?.width ?? Infinity
  const h = doc.photo?.height ?? Infinity
  const r = (v: number, max: number) => Math.round(Math.min(Math.max(v, 0), max) * 10) / 10
  return [r(p[0], w), r(p[1], h)]
}

/** The document with target `id` at `p` (or removed when p is null). */
export function withTarget(doc: Doc, id: string, p: Pt | null): Doc {
  const q = p === null ? null : snap(doc, p)
  if (id === 'scale-a') return { ...doc, scale: [q, doc.scale[1]] }
  if (id === 'scale-b') return { ...doc, scale: [doc.scale[0], q] }
  if (id === 'lrv') return { ...doc, lrvX: q === null ? null : q[0] }
  const markers = { ...doc.markers }
  if (q === null) delete markers[id]
  else markers[id] = q
  return { ...doc, markers }
}

/** Length of the scale segment in px, or null. */
export function scaleLengthPx(doc: Doc): number | null {
  const [a, b] = doc.scale
  if (!a || !b) return null
  return Math.hypot(b[0] - a[0], b[1] - a[1])
}

/** fc in cm per pixel from the two scale points and the known distance, or null when not derivable. */
export function scaleFc(doc: Doc): number | null {
  const px = scaleLengthPx(doc)
  if (px === null || px === 0 || doc.gridCm === null) return null
  return doc.gridCm / px
}

/** The fc the request uses: from the scale, else as typed in. */
export function fcOf(doc: Doc): number | null {
  return scaleFc(doc) ?? (doc.scale.some((p) => p !== null) ? null : doc.fcTyped)
}

/** The first unplaced required target after `after` in guided order (wrapping), or null. */
export function nextUnplaced(targets: readonly Target[], doc: Doc, after: string | null): string | null {
  const start = after === null ? -1 : targets.findIndex((t) => t.id === after)
  for (let k = 1; k <= targets.length; k++) {
    const t = targets[(start + k + targets.length) % targets.length]
    if (t && t.required && !isPlaced(doc, t.id)) return t.id
  }
  return null
}

export type Request =
  | { readonly ready: true; readonly body: Record<string, unknown>; readonly key: string; readonly placeholders: boolean }
  | { readonly ready: false; readonly missing: readonly string[] }

/**
 * The API request body of the document, or what is still missing. In the lateral
 * view an absent calibration is sent as placeholders (line at the photo centre,
 * fc = 1), since the API requires both fields and no lateral metric uses them.
 */
export function requestOf(view: View, doc: Doc): Request {
  const missing: string[] = []
  for (const t of targetsOf(view, doc)) if (t.required && !isPlaced(doc, t.id)) missing.push(t.label)
  let fc = fcOf(doc)
  let lrvX = doc.lrvX
  let placeholders = false
  if (view === 'lateral') {
    if (fc === null) {
      fc = 1
      placeholders = true
    }
    if (lrvX === null) {
      lrvX = (doc.photo?.width ?? 0) / 2
      placeholders = true
    }
  } else if (fc === null) {
    if (doc.gridCm === null && (doc.fcTyped === null || doc.scale.some((p) => p !== null))) missing.push('Known distance (cm)')
    else if (scaleLengthPx(doc) === 0) missing.push('Scale points at two different places')
  }
  if (missing.length > 0 || fc === null || lrvX === null) return { ready: false, missing }

  const calibration: Record<string, number> = { lrv_x: lrvX, fc }
  if (doc.gridCm !== null && scaleFc(doc) !== null) calibration.grid_size_cm = doc.gridCm
  const markers: Record<string, Pt> = {}
  for (const t of targetsOf(view, doc)) {
    if (t.kind !== 'marker' || !t.required) continue
    const p = doc.markers[t.id]
    if (p) markers[t.id] = p
  }
  const body: Record<string, unknown> = { calibration, markers }
  if (view === 'posterior') body.estimate_popliteal = doc.estimatePopliteal
  if (view === 'lateral') body.side = doc.side
  return { ready: true, body, key: `${view}:${JSON.stringify(body)}`, placeholders }
}

/** One view's working state: the document, its history and the app's view of it. */
export class ViewSession {
  doc: Doc = EMPTY_DOC
  private undoStack: Doc[] = []
  private redoStack: Doc[] = []
  /** The target the next click places (or that arrows move). */
  active: string | null = null

  constructor(readonly view: View) {}

  targets(): Target[] {
    return targetsOf(this.view, this.doc)
  }

  /** Replaces the document, recording the old one for undo. */
  commit(doc: Doc): void {
    if (doc === this.doc) return
    this.undoStack.push(this.doc)
    if (this.undoStack.length > 200) this.undoStack.shift()
    this.redoStack = []
    this.doc = doc
  }

  /** Replaces the document without a history entry (live drag frames). */
  preview(doc: Doc): void {
    this.doc = doc
  }

  /** Records `before` as the undo point of a change already previewed (a finished drag). */
  commitFrom(before: Doc): void {
    if (before === this.doc) return
    this.undoStack.push(before)
    this.redoStack = []
  }

  canUndo(): boolean {
    return this.undoStack.length > 0
  }

  canRedo(): boolean {
    return this.redoStack.length > 0
  }

  undo(): boolean {
    const doc = this.undoStack.pop()
    if (!doc) return false
    this.redoStack.push(this.doc)
    this.doc = doc
    return true
  }

  redo(): boolean {
    const doc = this.redoStack.pop()
    if (!doc) return false
    this.undoStack.push(this.doc)
    this.doc = doc
    return true
  }
}
