/**
 * The assessment file: the photo-free JSON the app saves and loads, with, per view, the
 * photo's name and size, how it was taken with the app's camera (capture conditions),
 * the calibration, the markers (with their status and how each was placed), the options
 * and the last results.
 * Loading checks every field and says what is wrong in a sentence. Pure: no DOM.
 */
import { SIDES, type Side, VIEWS, type View } from '#core/markers.js'
import { t } from '../i18n/index.js'
import { PLACEMENT_SD_LIMITS } from '../metrics/uncertainty.js'
import {
  type CaptureConditions,
  type Doc,
  EMPTY_DOC,
  fcOf,
  hasContent,
  type MarkerOrigin,
  type MarkerStatus,
  type Pt,
  statusOf,
  VIEW_NAMES,
} from './model.js'
import { shownValues } from './partial.js'
import { provisionalMetrics } from './provisional.js'
import type { AppState, AssessmentMeta, LoadedAssessment, LoadedView } from './state.js'
import { keptNotes, VISIT_NOTES_MAX } from './visit-notes.js'

/**
 * The file's "format" value. It keeps the word "session" from the app's first version
 * so that files saved then still load; in the code and the UI it is an "assessment file".
 */
export const ASSESSMENT_FILE_FORMAT = 'posture-metrics-session'
export const ASSESSMENT_FILE_VERSION = 1

/**
 * How the view's photo was taken with the app's camera (absent: opened from a file).
 * roll_deg and pitch_deg are null when the device gave no orientation reading.
 */
export interface SavedCapture {
  source: 'camera'
  /** The still's size, px. */
  width: number
  height: number
  /** ISO time of the shutter. */
  taken_at: string
  roll_deg: number | null
  pitch_deg: number | null
  /** The level limit the shot was judged against, degrees. */
  level_tolerance_deg: number
  /** True when the clinician chose to keep a shot beyond the limit (absent otherwise). */
  kept_tilted?: boolean
}

export interface SavedView {
  image: { name: string; width: number; height: number } | null
  capture?: SavedCapture
  calibration: {
    lrv_x: number | null
    fc: number | null
    grid_size_cm: number | null
    scale_points: [Pt | null, Pt | null]
    /** What the scale points span (absent: a known length). */
    scale_by?: 'stature'
  }
  markers: Record<string, Pt>
  /** Markers suggested by the pose model and not confirmed by the clinician (absent: all confirmed). */
  marker_status?: Record<string, MarkerStatus>
  /**
   * How each marker was placed: 'hand' (placed or moved by the clinician) or 'suggestion'
   * (proposed by the pose model and not moved since; marker_status says whether it is
   * confirmed). Absent, or a marker without an entry: not recorded (a file saved before
   * the app recorded it). Written only when some marker's origin is known.
   */
  marker_origin?: Record<string, MarkerOrigin>
  /** Metrics of `results` computed from unconfirmed suggestions (absent: none). */
  provisional_metrics?: string[]
  side?: Side
  estimate_popliteal?: boolean
  /**
   * True when the clinician answered the view check's question (the photo looks like
   * another view) that this is the right view: not asked again for this view (absent: not answered).
   */
  view_check_dismissed?: true
  /**
   * The values: the service's answer to the markers as saved, or, while the view lacks
   * markers, the partial results (state/partial.ts: each metric whose markers are all
   * placed, computed with the service's metric functions); null when there are none.
   */
  results: Record<string, unknown> | null
}

export interface AssessmentFile {
  format: typeof ASSESSMENT_FILE_FORMAT
  version: typeof ASSESSMENT_FILE_VERSION
  saved_at: string
  view: View
  /** As the clinician typed it; only in this file, never sent to the service. */
  patient_id?: string
  /** YYYY-MM-DD; only in this file, never sent to the service. */
  assessment_date?: string
  /** The placement error the uncertainties were shown with, px. */
  placement_error_px?: number
  /**
   * The clinician's notes and interpretation of the visit (state/visit-notes.ts: line ends
   * \n, no other control character, at most 4,000 characters); absent when there are none.
   */
  notes?: string
  views: Partial<Record<View, SavedView>>
}

/** The capture conditions as the file writes them. */
export function savedCapture(c: CaptureConditions): SavedCapture {
  return {
    source: c.source,
    width: c.width,
    height: c.height,
    taken_at: c.takenAt,
    roll_deg: c.rollDeg,
    pitch_deg: c.pitchDeg,
    level_tolerance_deg: c.levelToleranceDeg,
    ...(c.keptTilted ? { kept_tilted: true } : {}),
  }
}

export function savedView(view: View, doc: Doc, results: Record<string, unknown> | null): SavedView {
  const saved: SavedView = {
    image: doc.photo ? { name: doc.photo.name, width: doc.photo.width, height: doc.photo.height } : null,
    ...(doc.capture ? { capture: savedCapture(doc.capture) } : {}),
    calibration: {
      lrv_x: doc.lrvX,
      fc: fcOf(doc),
      grid_size_cm: doc.gridCm,
      scale_points: [doc.scale[0], doc.scale[1]],
      ...(doc.scaleBy === 'stature' ? { scale_by: 'stature' as const } : {}),
    },
    // In guided order, so the file reads like the marking did.
    markers: Object.fromEntries(
      VIEWS[view].flatMap((m) => (doc.markers[m.name] ? [[m.name, doc.markers[m.name]!]] : [])),
    ),
    results,
  }
  const suggested = Object.keys(saved.markers).filter((name) => statusOf(doc, name) === 'suggested')
  if (suggested.length > 0)
    saved.marker_status = Object.fromEntries(suggested.map((name) => [name, 'suggested' as const]))
  // Only when some origin is known: a file saved before origins were recorded saves back as it was.
  const origins = Object.keys(saved.markers).flatMap((name) => {
    const origin = doc.markerOrigin[name]
    return origin ? [[name, origin] as const] : []
  })
  if (origins.length > 0) saved.marker_origin = Object.fromEntries(origins)
  const provisional = results ? provisionalMetrics(view, doc).filter((name) => typeof results[name] === 'number') : []
  if (provisional.length > 0) saved.provisional_metrics = provisional
  if (view === 'lateral') saved.side = doc.side
  if (view === 'posterior') saved.estimate_popliteal = doc.estimatePopliteal
  if (doc.viewCheckDismissed) saved.view_check_dismissed = true
  return saved
}

/** The assessment file of the state (null when nothing is marked and no notes are written). */
export function assessmentFileOf(state: AppState, savedAt: Date): AssessmentFile | null {
  const views: AssessmentFile['views'] = {}
  for (const v of VIEW_NAMES) {
    const { doc, outcome } = state.views[v]
    if (!hasContent(doc)) continue
    // The service's answer, or while the view is incomplete the metrics its markers already give (state/partial.ts).
    const { values } = shownValues(v, doc, outcome)
    views[v] = savedView(v, doc, values ? { ...values } : null)
  }
  // Notes alone are work too: kept (in the workspace, and in the record once the visit has a patient).
  if (Object.keys(views).length === 0 && state.meta.notes === '') return null
  return {
    format: ASSESSMENT_FILE_FORMAT,
    version: ASSESSMENT_FILE_VERSION,
    saved_at: savedAt.toISOString(),
    view: state.view,
    ...(state.meta.patientId.trim() ? { patient_id: state.meta.patientId.trim() } : {}),
    ...(state.meta.date ? { assessment_date: state.meta.date } : {}),
    placement_error_px: state.settings.placementSd,
    // Only when written: a file without notes saves back as it was.
    ...(state.meta.notes ? { notes: state.meta.notes } : {}),
    views,
  }
}

/**
 * A file that cannot be loaded; the message says what is wrong and what is expected, in the
 * app's words; `details`, an engine's own text about it, for "Technical details".
 */
export class AssessmentFileError extends Error {
  constructor(
    message: string,
    readonly details?: string,
  ) {
    super(message)
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)

function point(v: unknown, where: string): Pt {
  if (Array.isArray(v) && v.length === 2 && isNum(v[0]) && isNum(v[1])) return [v[0], v[1]]
  throw new AssessmentFileError(t('file.point', { where, got: JSON.stringify(v) }))
}

function optionalPoint(v: unknown, where: string): Pt | null {
  return v === null || v === undefined ? null : point(v, where)
}

function optionalNumber(v: unknown, where: string, positive = false): number | null {
  if (v === null || v === undefined) return null
  if (!isNum(v) || (positive && v <= 0))
    throw new AssessmentFileError(
      t(positive ? 'file.positiveNumber' : 'file.number', { where, got: JSON.stringify(v) }),
    )
  return v
}

/** What was found, for a message: the JSON of a value (undefined is not JSON). */
const got = (v: unknown): string => (v === undefined ? 'undefined' : JSON.stringify(v))

/** The capture conditions at `where` (undefined: none, the photo was opened from a file), checked field by field. */
function captureOf(v: unknown, where: string): CaptureConditions | null {
  if (v === undefined) return null
  if (!isObject(v)) throw new AssessmentFileError(t('file.capture.notObject', { where }))
  const field = (name: string) => {
    if (!(name in v)) throw new AssessmentFileError(t('file.capture.missing', { where: `${where}.${name}` }))
    return v[name]
  }
  if (field('source') !== 'camera')
    throw new AssessmentFileError(t('file.capture.source', { where: `${where}.source`, got: got(v.source) }))
  const pixels = (name: string): number => {
    const n = field(name)
    if (!isNum(n) || !Number.isInteger(n) || n <= 0)
      throw new AssessmentFileError(t('file.capture.pixels', { where: `${where}.${name}`, got: got(n) }))
    return n
  }
  const width = pixels('width')
  const height = pixels('height')
  const takenAt = field('taken_at')
  if (
    typeof takenAt !== 'string' ||
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(takenAt) ||
    Number.isNaN(Date.parse(takenAt))
  )
    throw new AssessmentFileError(t('file.capture.time', { where: `${where}.taken_at`, got: got(takenAt) }))
  const angle = (name: string): number | null => {
    const a = field(name)
    if (a === null) return null
    if (!isNum(a) || Math.abs(a) > 180)
      throw new AssessmentFileError(t('file.capture.angle', { where: `${where}.${name}`, got: got(a) }))
    return a
  }
  const rollDeg = angle('roll_deg')
  const pitchDeg = angle('pitch_deg')
  const tolerance = field('level_tolerance_deg')
  if (!isNum(tolerance) || tolerance <= 0)
    throw new AssessmentFileError(
      t('file.positiveNumber', { where: `${where}.level_tolerance_deg`, got: got(tolerance) }),
    )
  if (v.kept_tilted !== undefined && typeof v.kept_tilted !== 'boolean')
    throw new AssessmentFileError(t('file.boolean', { where: `${where}.kept_tilted` }))
  return {
    source: 'camera',
    width,
    height,
    takenAt,
    rollDeg,
    pitchDeg,
    levelToleranceDeg: tolerance,
    keptTilted: v.kept_tilted === true,
  }
}

/**
 * Parses the text of an assessment file the app wrote itself (round trips, tests);
 * throws AssessmentFileError with a readable message. A file from outside is read
 * through the one file schema first (files/file-schema.ts, in Files.readAssessment),
 * never through this alone.
 */
export function parseAssessmentFile(text: string): LoadedAssessment {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    // Our own words, not the engine's English message.
    throw new AssessmentFileError(t('file.notJson'))
  }
  return assessmentFromData(data)
}

/**
 * An assessment file already parsed from JSON, checked field by field: a visit of the
 * patient record, or a file from outside once the one file schema (files/file-schema.ts)
 * has admitted it.
 */
export function assessmentFromData(data: unknown): LoadedAssessment {
  if (!isObject(data) || data.format !== ASSESSMENT_FILE_FORMAT) {
    throw new AssessmentFileError(t('file.notAssessment', { format: ASSESSMENT_FILE_FORMAT }))
  }
  if (data.version !== ASSESSMENT_FILE_VERSION) {
    throw new AssessmentFileError(
      t('file.version', { version: JSON.stringify(data.version), expected: ASSESSMENT_FILE_VERSION }),
    )
  }
  if (!isObject(data.views)) throw new AssessmentFileError(t('file.noViews'))
  const views: Partial<Record<View, LoadedView>> = {}
  for (const [name, raw] of Object.entries(data.views)) {
    if (!(VIEW_NAMES as string[]).includes(name))
      throw new AssessmentFileError(t('file.unknownView', { name, expected: VIEW_NAMES.join(', ') }))
    const view = name as View
    if (!isObject(raw)) throw new AssessmentFileError(t('file.viewNotObject', { where: `views.${view}` }))
    const image = raw.image
    let photo: Doc['photo'] = null
    if (image !== null && image !== undefined) {
      if (!isObject(image) || !isNum(image.width) || !isNum(image.height) || image.width <= 0 || image.height <= 0) {
        throw new AssessmentFileError(t('file.imageSize', { where: `views.${view}.image` }))
      }
      photo = {
        name: typeof image.name === 'string' ? image.name : '',
        width: image.width,
        height: image.height,
        url: null,
      }
    }
    const cal = isObject(raw.calibration) ? raw.calibration : {}
    const sp = Array.isArray(cal.scale_points) ? cal.scale_points : []
    const known = new Set<string>(VIEWS[view].map((m) => m.name))
    const markers: Record<string, Pt> = {}
    const unknown: string[] = []
    if (raw.markers !== undefined && !isObject(raw.markers))
      throw new AssessmentFileError(t('file.markersNotObject', { where: `views.${view}.markers` }))
    for (const [m, p] of Object.entries(raw.markers ?? {})) {
      if (!known.has(m)) unknown.push(m)
      else markers[m] = point(p, `views.${view}.markers.${m}`)
    }
    const markerStatus: Record<string, MarkerStatus> = {}
    if (raw.marker_status !== undefined && !isObject(raw.marker_status))
      throw new AssessmentFileError(t('file.markersNotObject', { where: `views.${view}.marker_status` }))
    for (const [m, status] of Object.entries(raw.marker_status ?? {})) {
      if (status !== 'suggested' && status !== 'confirmed') {
        throw new AssessmentFileError(
          t('file.markerStatus', { where: `views.${view}.marker_status.${m}`, got: JSON.stringify(status) }),
        )
      }
      if (status === 'suggested' && markers[m]) markerStatus[m] = status
    }
    const markerOrigin: Record<string, MarkerOrigin> = {}
    if (raw.marker_origin !== undefined && !isObject(raw.marker_origin))
      throw new AssessmentFileError(t('file.markersNotObject', { where: `views.${view}.marker_origin` }))
    for (const [m, origin] of Object.entries(raw.marker_origin ?? {})) {
      const where = `views.${view}.marker_origin.${m}`
      if (origin !== 'hand' && origin !== 'suggestion')
        throw new AssessmentFileError(t('file.markerOrigin', { where, got: JSON.stringify(origin) }))
      if (!markers[m]) continue
      // Only a tool proposes an unconfirmed marker: "hand" for one contradicts the file's own marker_status.
      if (origin === 'hand' && markerStatus[m] === 'suggested')
        throw new AssessmentFileError(t('file.markerOriginSuggested', { where }))
      markerOrigin[m] = origin
    }
    const side = raw.side === undefined ? 'right' : raw.side
    if (!(SIDES as readonly unknown[]).includes(side)) {
      throw new AssessmentFileError(
        t('file.side', { where: `views.${view}.side`, expected: SIDES.map((x) => `"${x}"`).join(' | ') }),
      )
    }
    if (raw.estimate_popliteal !== undefined && typeof raw.estimate_popliteal !== 'boolean') {
      throw new AssessmentFileError(t('file.boolean', { where: `views.${view}.estimate_popliteal` }))
    }
    if (raw.view_check_dismissed !== undefined && typeof raw.view_check_dismissed !== 'boolean') {
      throw new AssessmentFileError(t('file.boolean', { where: `views.${view}.view_check_dismissed` }))
    }
    const capture = captureOf(raw.capture, `views.${view}.capture`)
    const doc: Doc = {
      ...EMPTY_DOC,
      photo,
      capture,
      markers,
      markerStatus,
      markerOrigin,
      scale: [
        optionalPoint(sp[0], `views.${view}.calibration.scale_points[0]`),
        optionalPoint(sp[1], `views.${view}.calibration.scale_points[1]`),
      ],
      gridCm: optionalNumber(cal.grid_size_cm, `views.${view}.calibration.grid_size_cm`, true),
      scaleBy: cal.scale_by === 'stature' ? 'stature' : 'length',
      fcTyped: optionalNumber(cal.fc, `views.${view}.calibration.fc`, true),
      lrvX: optionalNumber(cal.lrv_x, `views.${view}.calibration.lrv_x`),
      side: side as Side,
      estimatePopliteal: raw.estimate_popliteal === true,
      viewCheckDismissed: raw.view_check_dismissed === true,
    }
    views[view] = { doc, results: isObject(raw.results) ? raw.results : null, unknown }
  }
  const view = (VIEW_NAMES as unknown[]).includes(data.view)
    ? (data.view as View)
    : ((Object.keys(views)[0] as View | undefined) ?? 'anterior')
  if (data.notes !== undefined) {
    // Read as kept, never changed: a file's notes that the app would not keep are refused, not altered.
    if (typeof data.notes !== 'string' || keptNotes(data.notes).text !== data.notes)
      throw new AssessmentFileError(t('file.notes', { where: 'notes', max: VISIT_NOTES_MAX }))
  }
  const meta: AssessmentMeta = {
    patientId: typeof data.patient_id === 'string' ? data.patient_id : '',
    date:
      typeof data.assessment_date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(data.assessment_date)
        ? data.assessment_date
        : '',
    notes: typeof data.notes === 'string' ? data.notes : '',
  }
  const sd = data.placement_error_px
  const placementSd = isNum(sd) && sd >= PLACEMENT_SD_LIMITS.min && sd <= PLACEMENT_SD_LIMITS.max ? sd : null
  return { view, meta, placementSd, views }
}
