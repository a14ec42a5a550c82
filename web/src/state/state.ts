/**
 * The marking app's state: the view shown, and per view the document, its undo
 * history, the target the clinician chose and the service's last answer; plus the
 * app-wide notice, progress, service status and settings. Types, the initial state and
 * read-only selectors, among them the prompt's target (promptOf, derived from the
 * document and the choice). Pure: no DOM.
 */

import type { ClinicFigures } from '../compare/evidence.js'
import type { Locale } from '../i18n/format.js'
import { t, terms } from '../i18n/index.js'
import { DEFAULT_PLACEMENT_SD_PX } from '../metrics/uncertainty.js'
import type { Facing } from '../pose/facing.js'
import type { ApiProblem } from '../service/api.js'
import { renderProblem } from '../service/api-errors.js'
import { type Doc, EMPTY_DOC, isPlaced, type Pt, type Target, targetsOf, VIEW_NAMES, type View } from './model.js'

/** The patient, date and notes the clinician typed (saved in the file only, never sent to the service). */
export interface AssessmentMeta {
  readonly patientId: string
  /** YYYY-MM-DD, or '' when not given. */
  readonly date: string
  /** The clinician's notes and interpretation of the visit, as kept (state/visit-notes.ts); '' when none. */
  readonly notes: string
}

/** One view as read from an assessment file (state/assessment-file.ts parses it). */
export interface LoadedView {
  doc: Doc
  results: Record<string, unknown> | null
  /** Marker names in the file that this view does not have (ignored). */
  unknown: string[]
}

/** An assessment file as read, what the load commands take. */
export interface LoadedAssessment {
  /** The view that was shown when the file was saved. */
  view: View
  /** Patient, date and notes as saved ('' when absent). */
  meta: AssessmentMeta
  /** The placement error saved with the file, or null. */
  placementSd: number | null
  views: Partial<Record<View, LoadedView>>
}

export const EMPTY_META: AssessmentMeta = { patientId: '', date: '', notes: '' }

/** What the service said about one view's document. */
export interface Outcome {
  /** The request the values or problems answer (null: nothing asked). */
  readonly key: string | null
  readonly values: Readonly<Record<string, unknown>> | null
  readonly problems: readonly ApiProblem[]
  /** A request is on its way. */
  readonly pending: boolean
  /** Values read from an assessment file, shown until the service has answered. */
  readonly fromFile: boolean
  /** The values or problems were computed on this device: at once after a change, or because the service is unreachable (analysis.ts). */
  readonly onDevice?: boolean
  /** Computed on this device at once, and the service's answer to the same request is on its way to confirm it (analysis.ts). */
  readonly confirming?: boolean
}

export const NO_OUTCOME: Outcome = { key: null, values: null, problems: [], pending: false, fromFile: false }

/** The marking of one view: its document with history, and what the app derived from it. */
export interface ViewState {
  readonly doc: Doc
  /** Earlier documents (undo), most recent last; later ones (redo), most recent last. */
  readonly past: readonly Doc[]
  readonly future: readonly Doc[]
  /**
   * The target the clinician chose to go to (the prompt's arrows, the list, a click on its handle), with the
   * document it was chosen on. It holds while the document is that one: a command that moves the chosen target
   * itself (the arrows, a drag) carries it on, and any other change (a placement, a removal, undo, a file loaded)
   * ends it. The prompt is promptOf: this choice while it holds, else the first step still missing.
   */
  readonly selection: Selection | null
  /** The document as it was when a drag began (drag frames are not history); null when not dragging. */
  readonly dragFrom: Doc | null
  readonly outcome: Outcome
  /** Per target, a note the prompt shows (e.g. why a tool left a marker unplaced). */
  readonly targetNotes: Readonly<Record<string, string>>
  /**
   * Suggested markers the pose model was sure of and that passed its plausibility checks
   * (pose/suggestion-commands.ts sureOfSuggestion), as its last run on this photo found:
   * the ones "Confirm all" confirms. Any other suggestion is checked one by one.
   */
  readonly sureSuggestions: readonly string[]
  /** Warnings about the view as a whole, shown in the prompt. */
  readonly warnings: readonly string[]
  /**
   * The view check of the last suggestion run on this photo, when the photo looks like
   * another view (pose/facing.ts): asked in the prompt as a question until the clinician
   * dismisses it for the view (doc.viewCheckDismissed). null: no run, or it matched or could not tell.
   */
  readonly facingMismatch: { readonly seen: Facing; readonly expected: Facing } | null
}

/** A target chosen by the clinician, and the document it was chosen on. */
export interface Selection {
  readonly id: string
  readonly doc: Doc
}

/**
 * How much a notice matters: 'info' a routine confirmation (saved, exported, opened), which the
 * screen also shows; 'warning' something not done as asked, or lost, to read (kept 8 s or more);
 * 'error' something that failed. Warnings and errors are never replaced by a routine notice
 * (state/commands.ts `showNotice` states the rule).
 */
export type NoticeKind = 'info' | 'warning' | 'error'

/** A short message for the user (the toast); a new object each time, even for the same text. */
export interface Notice {
  readonly kind: NoticeKind
  readonly text: string
  readonly ms: number
  /** An engine's or library's own text (an error's), shown apart under "Technical details", never inside `text`. */
  readonly details?: string
}

/** A long task's progress (e.g. loading a model); fraction null when unknown. */
export interface Progress {
  readonly label: string
  readonly fraction: number | null
}

export type ServiceStatus =
  | { readonly kind: 'unknown' }
  | { readonly kind: 'unreachable' }
  | { readonly kind: 'up'; readonly version: string; readonly status: string }

/** User preferences that outlive one assessment; features add their settings here. */
export interface Settings {
  /** The language of the app (i18n/language.ts chooses the first one). */
  readonly locale: Locale
  /** Standard deviation of a hand-placed point, px per coordinate (metrics/uncertainty.ts). */
  readonly placementSd: number
  /** Run the pose model and suggest the view's markers as soon as a photo is opened. */
  readonly suggestOnLoad: boolean
}

/** An earlier assessment loaded to compare the current one with (compare/compare.ts). */
export interface ComparisonSource {
  /** The file it came from. */
  readonly name: string
  readonly meta: AssessmentMeta
  /** ISO time its visit was started, when it is a visit of the record (orders it against the visit on screen). */
  readonly created?: string
  /** Its documents, per view it has. */
  readonly views: Partial<Record<View, Doc>>
}

export const DEFAULT_SETTINGS: Settings = { locale: 'en', placementSd: DEFAULT_PLACEMENT_SD_PX, suggestOnLoad: false }

/** The visit open in the app, if it is in the patient record. */
export interface OpenVisit {
  readonly visitId: string
  readonly patientId: string
  /** ISO time the visit was started: orders it against another visit of the same date. */
  readonly created: string
}

export interface AppState {
  readonly view: View
  readonly views: Readonly<Record<View, ViewState>>
  /** The metric emphasised on the photo (hovered or focused in the results). */
  readonly highlight: string | null
  readonly notice: Notice | null
  /** Warnings and errors that came while another was shown: each shown in turn, oldest first, once the one shown is dismissed. */
  readonly noticesWaiting: readonly Notice[]
  readonly progress: Progress | null
  readonly service: ServiceStatus
  readonly settings: Settings
  /** A photo point the stage should bring into view (a new array each time it is asked). */
  readonly reveal: Pt | null
  /** The patient and date the clinician typed: saved in the assessment file, never sent to the service. */
  readonly meta: AssessmentMeta
  /** The assessment the current one is compared with, or null. */
  readonly comparison: ComparisonSource | null
  /** The visit of the patient record on screen (record/), or null until it is first saved there. */
  readonly record: OpenVisit | null
  /**
   * The figures of the clinic's own repeatability study per view and metric (record/study.ts),
   * read from the record; they judge changes when they rest on enough pairs (compare/evidence.ts).
   */
  readonly clinicFigures: ClinicFigures
}

export const HISTORY_LIMIT = 200

export function emptyView(): ViewState {
  return {
    doc: EMPTY_DOC,
    past: [],
    future: [],
    selection: null,
    dragFrom: null,
    outcome: NO_OUTCOME,
    targetNotes: {},
    sureSuggestions: [],
    warnings: [],
    facingMismatch: null,
  }
}

export function initialState(view: View = 'anterior'): AppState {
  return {
    view,
    views: Object.fromEntries(VIEW_NAMES.map((v) => [v, emptyView()])) as Record<View, ViewState>,
    highlight: null,
    notice: null,
    noticesWaiting: [],
    progress: null,
    service: { kind: 'unknown' },
    settings: DEFAULT_SETTINGS,
    reveal: null,
    meta: EMPTY_META,
    comparison: null,
    record: null,
    clinicFigures: {},
  }
}

/** The view shown. */
export function current(state: AppState): ViewState {
  return state.views[state.view]
}

/**
 * The first step of the view still missing, in protocol order: a required target not placed, or a scale
 * point whose partner is placed (half a scale is no scale, also where the scale is optional). Null when
 * there is no photo or nothing is missing.
 */
export function firstMissing(view: View, doc: Doc): string | null {
  if (!doc.photo) return null
  for (const target of targetsOf(view, doc)) {
    if (isPlaced(doc, target.id)) continue
    const partner = target.id === 'scale-a' ? 'scale-b' : target.id === 'scale-b' ? 'scale-a' : null
    if (target.required || (partner !== null && isPlaced(doc, partner))) return target.id
  }
  return null
}

/**
 * The target the prompt asks for (the next click places it, the arrows move it): the clinician's
 * selection while it holds (ViewState.selection), else the first step still missing. Derived from the
 * state alone, so it cannot drift from the document.
 */
export function promptOf(state: AppState, view: View = state.view): string | null {
  const vs = state.views[view]
  if (!vs.doc.photo) return null
  const chosen = vs.selection
  if (chosen && chosen.doc === vs.doc && targetsOf(view, vs.doc).some((x) => x.id === chosen.id)) return chosen.id
  return firstMissing(view, vs.doc)
}

/** The guided list of things to place in a view. */
export function targetsIn(state: AppState, view: View = state.view): Target[] {
  return targetsOf(view, state.views[view].doc)
}

export function canUndo(vs: ViewState): boolean {
  return vs.past.length > 0
}

export function canRedo(vs: ViewState): boolean {
  return vs.future.length > 0
}

/** Replaces the current view's state. */
export function withView(state: AppState, f: (vs: ViewState) => ViewState, view: View = state.view): AppState {
  const before = state.views[view]
  const after = f(before)
  return after === before ? state : { ...state, views: { ...state.views, [view]: after } }
}

/** The view's state with `doc` as the new document, the old one recorded for undo. */
export function committed(vs: ViewState, doc: Doc): ViewState {
  if (doc === vs.doc) return vs
  const past = [...vs.past, vs.doc]
  if (past.length > HISTORY_LIMIT) past.shift()
  return { ...vs, doc, past, future: [] }
}

/** Problems of the view's last answer, by where they are shown (a target id, 'distance' or 'general'). */
export type ProblemsByPlace = ReadonlyMap<string, readonly string[]>

export function problemsByPlace(state: AppState, view: View = state.view): ProblemsByPlace {
  const map = new Map<string, string[]>()
  for (const p of state.views[view].outcome.problems) {
    // Worded from the answer's type and ctx in the current language (api-errors.ts).
    const { places, text } = renderProblem(view, p, t, terms())
    for (const place of places) map.set(place, [...(map.get(place) ?? []), text])
  }
  return map
}
