/**
 * The marking of one view as data: the document the user edits (photo, calibration,
 * markers with their status, options), the guided list of things to place, and the
 * API request the document amounts to. Pure: no DOM (it runs in node tests).
 */
import { POPLITEAL_MARKERS, SIDES, type Side, VIEWS, type View } from '#core/markers.js'
import { markerText, t } from '../i18n/index.js'

export type { Side, View }
export const VIEW_NAMES = Object.keys(VIEWS) as View[]
export { SIDES }

/** A point in image pixels: x to the right, y downward. */
export type Pt = readonly [number, number]

/**
 * Where a marker's position came from: placed or confirmed by the clinician, or
 * proposed by a tool (e.g. a pose model) and not yet confirmed.
 */
export type MarkerStatus = 'confirmed' | 'suggested'

/**
 * How a marker came to be where it is: placed or moved by the clinician ('hand'), or
 * proposed by a tool such as the pose model and not moved since ('suggestion', whether
 * confirmed or not: markerStatus says which). A marker without an entry has an unknown
 * origin: it was loaded from a file that did not record it.
 */
export type MarkerOrigin = 'hand' | 'suggestion'

export interface Photo {
  readonly name: string
  readonly width: number
  readonly height: number
  /** data: URL of the picture; null when an assessment file was loaded without its photo. */
  readonly url: string | null
}

/**
 * How a photo taken with the app's camera was taken (capture/conditions.ts makes it at
 * the shutter): the still's size, when, and the level: roll and pitch in degrees, null
 * when the device gave no orientation reading (no sensor, or none yet).
 */
export interface CaptureConditions {
  readonly source: 'camera'
  /** The still's size, px. */
  readonly width: number
  readonly height: number
  /** ISO time of the shutter. */
  readonly takenAt: string
  readonly rollDeg: number | null
  readonly pitchDeg: number | null
  /** The level limit the shot was judged against, degrees (capture/level.ts LEVEL_TOLERANCE_DEG then). */
  readonly levelToleranceDeg: number
  /** The level was beyond the limit and the clinician chose to keep the shot. */
  readonly keptTilted: boolean
}

/** Everything the user sets for one view; undo/redo snapshots these. */
export interface Doc {
  readonly photo: Photo | null
  /** How the photo was taken with the app's camera; null for a photo opened from a file (or no photo). */
  readonly capture: CaptureConditions | null
  readonly markers: Readonly<Record<string, Pt>>
  /** Markers whose status is not 'confirmed' (absent means confirmed). */
  readonly markerStatus: Readonly<Record<string, MarkerStatus>>
  /** How each marker was placed (withTarget keeps it); a placed marker without an entry: not recorded. */
  readonly markerOrigin: Readonly<Record<string, MarkerOrigin>>
  /** The two ends of the known distance. */
  readonly scale: readonly [Pt | null, Pt | null]
  /** The known distance between the scale points, in cm (sent as grid_size_cm); with scaleBy 'stature', the subject's height. */
  readonly gridCm: number | null
  /**
   * What the two scale points span: an object of known length beside the subject
   * ('length'), or the subject from the top of the head to the floor under the heels
   * ('stature', less exact: uncertainty.ts STATURE_U_CM).
   */
  readonly scaleBy: ScaleBy
  /** fc typed in directly (cm per pixel); used when the scale points do not give one. */
  readonly fcTyped: number | null
  /** x of the vertical reference line, px. */
  readonly lrvX: number | null
  readonly side: Side
  readonly estimatePopliteal: boolean
  /**
   * The clinician answered the view check's question (the photo looks like another view,
   * pose/facing.ts) that this is the right view: not asked again for this view of this
   * visit. Another photo opened in the view clears it.
   */
  readonly viewCheckDismissed: boolean
}

export type ScaleBy = 'length' | 'stature'

/** How the document's scale is set: scale points over a known length or the stature, fc typed in, or not yet. */
export type ScaleMethod = ScaleBy | 'typed' | 'none'

export function scaleMethodOf(doc: Doc): ScaleMethod {
  if (doc.scale.some((p) => p !== null)) return doc.scaleBy
  return doc.fcTyped !== null ? 'typed' : 'none'
}

export const EMPTY_DOC: Doc = {
  photo: null,
  capture: null,
  markers: {},
  markerStatus: {},
  markerOrigin: {},
  scale: [null, null],
  gridCm: null,
  scaleBy: 'length',
  fcTyped: null,
  lrvX: null,
  side: 'right',
  estimatePopliteal: false,
  viewCheckDismissed: false,
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

/** The guided order: calibration first, then the view's markers as core/markers.ts orders them. */
export function targetsOf(view: View, doc: Doc): Target[] {
  const calibrationRequired = view !== 'lateral'
  const note = calibrationRequired ? undefined : t('target.note.lateralCalibration')
  const scaleRequired = calibrationRequired && (doc.fcTyped === null || doc.scale.some((p) => p !== null))
  const scaleNote = scaleRequired ? undefined : (note ?? t('target.note.fcTyped'))
  const byStature = doc.scaleBy === 'stature'
  const calibration: Target[] = [
    {
      id: 'scale-a',
      kind: 'scale',
      label: t(byStature ? 'target.vertex.label' : 'target.scaleA.label'),
      hint: t(byStature ? 'target.vertex.hint' : 'target.scaleA.hint'),
      required: scaleRequired,
      ...(scaleNote ? { note: scaleNote } : {}),
    },
    {
      id: 'scale-b',
      kind: 'scale',
      label: t(byStature ? 'target.floor.label' : 'target.scaleB.label'),
      hint: t(byStature ? 'target.floor.hint' : 'target.scaleB.hint'),
      required: scaleRequired,
      ...(scaleNote ? { note: scaleNote } : {}),
    },
    {
      id: 'lrv',
      kind: 'lrv',
      label: t('target.lrv.label'),
      hint: t('target.lrv.hint'),
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
      label: markerText(m.name).label,
      hint: markerText(m.name).hint,
      required: !optional,
      ...(optional ? { note: t('target.note.poplitealEstimated') } : {}),
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

/** A marker's status; calibration targets and unknown ids are 'confirmed'. */
export function statusOf(doc: Doc, id: string): MarkerStatus {
  return doc.markerStatus[id] ?? 'confirmed'
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

const samePoint = (a: Pt, b: Pt): boolean => a[0] === b[0] && a[1] === b[1]

/**
 * The document with target `id` at `p` (or removed when p is null). Placing by hand
 * confirms the marker; `status` is for tools that propose positions.
 *
 * The marker's origin follows: a suggestion is a 'suggestion'; confirming a marker
 * where it stands (the same position after snapping) keeps its origin, and makes a
 * suggestion a confirmed 'suggestion'; any other position (a click elsewhere, typed
 * coordinates, a nudge, a drag) is 'hand'; removing it removes its origin.
 */
export function withTarget(doc: Doc, id: string, p: Pt | null, status: MarkerStatus = 'confirmed'): Doc {
  const q = p === null ? null : snap(doc, p)
  if (id === 'scale-a') return { ...doc, scale: [q, doc.scale[1]] }
  if (id === 'scale-b') return { ...doc, scale: [doc.scale[0], q] }
  if (id === 'lrv') return { ...doc, lrvX: q === null ? null : q[0] }
  const markers = { ...doc.markers }
  const markerStatus = { ...doc.markerStatus }
  const markerOrigin = { ...doc.markerOrigin }
  delete markerStatus[id]
  if (q === null) {
    delete markers[id]
    delete markerOrigin[id]
  } else {
    const was = doc.markers[id]
    const stands = was !== undefined && samePoint(snap(doc, was), q)
    if (status === 'suggested' || (stands && statusOf(doc, id) === 'suggested')) markerOrigin[id] = 'suggestion'
    else if (!stands) markerOrigin[id] = 'hand'
    markers[id] = q
    if (status !== 'confirmed') markerStatus[id] = status
  }
  return { ...doc, markers, markerStatus, markerOrigin }
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
    if (t?.required && !isPlaced(doc, t.id)) return t.id
  }
  return null
}

export type Request =
  | {
      readonly ready: true
      readonly body: Record<string, unknown>
      readonly key: string
      readonly placeholders: boolean
    }
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
    if (doc.gridCm === null && (doc.fcTyped === null || doc.scale.some((p) => p !== null)))
      missing.push(t('target.missing.knownDistance'))
    else if (scaleLengthPx(doc) === 0) missing.push(t('target.missing.scaleApart'))
  }
  if (missing.length > 0 || fc === null || lrvX === null) return { ready: false, missing }

  const calibration: Record<string, number> = { lrv_x: lrvX, fc }
  // grid_size_cm is the known length of a grid or object; a stature is not one.
  if (doc.gridCm !== null && scaleFc(doc) !== null && doc.scaleBy === 'length') calibration.grid_size_cm = doc.gridCm
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

/** True when the document holds anything worth saving. */
export function hasContent(doc: Doc): boolean {
  return (
    doc.photo !== null || Object.keys(doc.markers).length > 0 || doc.lrvX !== null || doc.scale.some((p) => p !== null)
  )
}
