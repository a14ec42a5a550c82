/**
 * Sessions on disk: a photo-free JSON file with, per view, the photo's name and size,
 * the calibration, the markers, the options and the last results. Loading checks
 * every field and says what is wrong in a sentence.
 */
import { SIDES, VIEWS, type Side, type View } from '../../src/markers.js'
import { EMPTY_DOC, VIEW_NAMES, fcOf, type Doc, type Pt } from './model.js'

export const SESSION_FORMAT = 'posture-metrics-session'
export const SESSION_VERSION = 1

export interface SavedView {
  image: { name: string; width: number; height: number } | null
  calibration: {
    lrv_x: number | null
    fc: number | null
    grid_size_cm: number | null
    scale_points: [Pt | null, Pt | null]
  }
  markers: Record<string, Pt>
  side?: Side
  estimate_popliteal?: boolean
  results: Record<string, unknown> | null
}

export interface SessionFile {
  format: typeof SESSION_FORMAT
  version: typeof SESSION_VERSION
  saved_at: string
  view: View
  views: Partial<Record<View, SavedView>>
}

/** True when the document holds anything worth saving. */
export function hasContent(doc: Doc): boolean {
  return doc.photo !== null || Object.keys(doc.markers).length > 0 || doc.lrvX !== null || doc.scale.some((p) => p !== null)
}

export function savedView(view: View, doc: Doc, results: Record<string, unknown> | null): SavedView {
  const saved: SavedView = {
    image: doc.photo ? { name: doc.photo.name, width: doc.photo.width, height: doc.photo.height } : null,
    calibration: { lrv_x: doc.lrvX, fc: fcOf(doc), grid_size_cm: doc.gridCm, scale_points: [doc.scale[0], doc.scale[1]] },
    // In guided order, so the file reads like the marking did.
    markers: Object.fromEntries(VIEWS[view].flatMap((m) => (doc.markers[m.name] ? [[m.name, doc.markers[m.name]!]] : []))),
    results,
  }
  if (view === 'lateral') saved.side = doc.side
  if (view === 'posterior') saved.estimate_popliteal = doc.estimatePopliteal
  return saved
}

export class SessionError extends Error {}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)

function point(v: unknown, where: string): Pt {
  if (Array.isArray(v) && v.length === 2 && isNum(v[0]) && isNum(v[1])) return [v[0], v[1]]
  throw new SessionError(`${where} must be a two-number array [x, y]; got ${JSON.stringify(v)}.`)
}

function optionalPoint(v: unknown, where: string): Pt | null {
  return v === null || v === undefined ? null : point(v, where)
}

function optionalNumber(v: unknown, where: string, positive = false): number | null {
  if (v === null || v === undefined) return null
  if (!isNum(v) || (positive && v <= 0)) throw new SessionError(`${where} must be ${positive ? 'a number > 0' : 'a number'}; got ${JSON.stringify(v)}.`)
  return v
}

export interface LoadedView {
  doc: Doc
  results: Record<string, unknown> | null
  /** Marker names in the file that this view does not have (ignored). */
  unknown: string[]
}

/** Parses a session file; throws SessionError with a readable message. */
export function parseSession(text: string): { view: View; views: Partial<Record<View, LoadedView>> } {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    throw new SessionError(`This file is not JSON (${(error as Error).message}).`)
  }
  if (!isObject(data) || data.format !== SESSION_FORMAT) {
    throw new SessionError(`This is not a session file of this app (expected "format": "${SESSION_FORMAT}").`)
  }
  if (data.version !== SESSION_VERSION) throw new SessionError(`Unsupported session version ${JSON.stringify(data.version)}; this app reads version ${SESSION_VERSION}.`)
  if (!isObject(data.views)) throw new SessionError('The session has no "views" object.')
  const views: Partial<Record<View, LoadedView>> = {}
  for (const [name, raw] of Object.entries(data.views)) {
    if (!(VIEW_NAMES as string[]).includes(name)) throw new SessionError(`Unknown view "${name}"; expected one of ${VIEW_NAMES.join(', ')}.`)
    const view = name as View
    if (!isObject(raw)) throw new SessionError(`views.${view} must be an object.`)
    const image = raw.image
    let photo: Doc['photo'] = null
    if (image !== null && image !== undefined) {
      if (!isObject(image) || !isNum(image.width) || !isNum(image.height) || image.width <= 0 || image.height <= 0) {
        throw new SessionError(`views.${view}.image must have a positive width and height.`)
      }
      photo = { name: typeof image.name === 'string' ? image.name : '', width: image.width, height: image.height, url: null }
    }
    const cal = isObject(raw.calibration) ? raw.calibration : {}
    const sp = Array.isArray(cal.scale_points) ? cal.scale_points : []
    const known = new Set<string>(VIEWS[view].map((m) => m.name))
    const markers: Record<string, Pt> = {}
    const unknown: string[] = []
    if (raw.markers !== undefined && !isObject(raw.markers)) throw new SessionError(`views.${view}.markers must be an object.`)
    for (const [m, p] of Object.entries(raw.markers ?? {})) {
      if (!known.has(m)) unknown.push(m)
      else markers[m] = point(p, `views.${view}.markers.${m}`)
    }
    const side = raw.side === undefined ? 'right' : raw.side
    if (!(SIDES as readonly unknown[]).includes(side)) throw new SessionError(`views.${view}.side must be ${SIDES.map((x) => `"${x}"`).join(' or ')}.`)
    if (raw.estimate_popliteal !== undefined && typeof raw.estimate_popliteal !== 'boolean') {
      throw new SessionError(`views.${view}.estimate_popliteal must be true or false.`)
    }
    const doc: Doc = {
      ...EMPTY_DOC,
      photo,
      markers,
      scale: [optionalPoint(sp[0], `views.${view}.calibration.scale_points[0]`), optionalPoint(sp[1], `views.${view}.calibration.scale_points[1]`)],
      gridCm: optionalNumber(cal.grid_size_cm, `views.${view}.calibration.grid_size_cm`, true),
      fcTyped: optionalNumber(cal.fc, `views.${view}.calibration.fc`, true),
      lrvX: optionalNumber(cal.lrv_x, `views.${view}.calibration.lrv_x`),
      side: side as Side,
      estimatePopliteal: raw.estimate_popliteal === true,
    }
    views[view] = { doc, results: isObject(raw.results) ? raw.results : null, unknown }
  }
  const view = (VIEW_NAMES as unknown[]).includes(data.view) ? (data.view as View) : (Object.keys(views)[0] as View | undefined) ?? 'anterior'
  return { view, views }
}
