/**
 * Commands: every change the user can make, as a pure function from the state (and
 * the command's arguments) to the next state. Panels, the keyboard table, the pointer
 * and file handling call these through the store; they never call each other.
 * Messages for the user go into `notice`. Pure: no DOM.
 */
import { metricTable } from '#core/metrics/index.js'
import type { Locale } from '../i18n/format.js'
import { t } from '../i18n/index.js'
import { PLACEMENT_SD_LIMITS, parsePlacementSd } from '../metrics/uncertainty.js'
import type { Analysis } from '../service/api.js'
import {
  type Doc,
  hasContent,
  isPlaced,
  type Photo,
  type Pt,
  positionOf,
  requestOf,
  type ScaleBy,
  type Side,
  statusOf,
  VIEW_NAMES,
  type View,
  withTarget,
} from './model.js'
import { readNumberField, valueOfReading } from './number-field.js'
import {
  type AppState,
  type AssessmentMeta,
  committed,
  current,
  firstMissing,
  type LoadedAssessment,
  NO_OUTCOME,
  type Notice,
  type NoticeKind,
  type Outcome,
  promptOf,
  type ServiceStatus,
  targetsIn,
  type ViewState,
  withView,
} from './state.js'
import { keptNotes, VISIT_NOTES_MAX } from './visit-notes.js'

const DEFAULT_NOTICE_MS = 4000
/** The least time a warning stays, and an error: long enough to read at leisure. */
export const WARNING_MIN_MS = 8000
export const ERROR_MIN_MS = 10_000
/** A slow reader's pace (about 12 characters a second, in a second language): a warning's or error's time grows with its text. */
export const READING_MS_PER_CHAR = 80
/** At most this many warnings and errors wait behind the one shown; beyond it the one that has waited longest is left out. */
export const NOTICES_WAITING_MAX = 5

/** How long a notice of `kind` with `text` stays: `ms` asked, and for a warning or error at least its time to read. */
export function noticeMs(kind: NoticeKind, text: string, ms = DEFAULT_NOTICE_MS): number {
  if (kind === 'info') return ms
  return Math.max(ms, kind === 'error' ? ERROR_MIN_MS : WARNING_MIN_MS, text.length * READING_MS_PER_CHAR)
}

/**
 * Shows a notice, by the one rule of notices (docs/app.md, "Notices"):
 * - a routine notice ('info') replaces a routine one, and is dropped while a warning or error is
 *   shown: it confirms what the screen already shows, and shown late it would be stale;
 * - a warning or error is shown at once (it answers what was just done, or what just happened);
 *   a warning or error it replaces waits at the head of the queue and is shown again after it,
 *   for its full time, so every one is seen; one with the same text as the one shown changes
 *   nothing, one with the text of a waiting one is shown now and leaves the queue, and beyond
 *   NOTICES_WAITING_MAX waiting the one that has waited longest is left out;
 * - a notice stays until its time is up or the user dismisses it (`dismissNotice`), then the
 *   next waiting one is shown.
 */
export function showNotice(state: AppState, notice: Notice): AppState {
  const shown = state.notice
  const serious = (n: Notice) => n.kind !== 'info'
  if (!serious(notice)) return shown && serious(shown) ? state : { ...state, notice }
  if (shown?.text === notice.text) return state
  const others = state.noticesWaiting.filter((n) => n.text !== notice.text)
  const waiting = shown && serious(shown) ? [shown, ...others] : others
  return { ...state, notice, noticesWaiting: waiting.slice(0, NOTICES_WAITING_MAX) }
}

function noticeOf(kind: NoticeKind, text: string, ms: number | undefined, details: string | undefined): Notice {
  const base = { kind, text, ms: noticeMs(kind, text, ms) }
  return details ? { ...base, details } : base
}

/** Shows a routine message (a confirmation) for `ms` milliseconds. */
export function notify(state: AppState, text: string, ms?: number, details?: string): AppState {
  return showNotice(state, noticeOf('info', text, ms, details))
}

/** Shows a warning (something not done as asked, or lost) for `ms` ms, at least its time to read. */
export function notifyWarning(state: AppState, text: string, ms?: number, details?: string): AppState {
  return showNotice(state, noticeOf('warning', text, ms, details))
}

/** Shows an error (something failed) for `ms` ms, at least its time to read. */
export function notifyError(state: AppState, text: string, ms?: number, details?: string): AppState {
  return showNotice(state, noticeOf('error', text, ms, details))
}

/** Shows a notice of `kind` (for the callers that hold the kind as data). */
export function notifyAs(state: AppState, kind: NoticeKind, text: string, ms?: number, details?: string): AppState {
  return showNotice(state, noticeOf(kind, text, ms, details))
}

/** The notice shown goes (its time up, or the user dismissed it): the next one waiting, if any, is shown. */
export function dismissNotice(state: AppState): AppState {
  if (state.notice === null) return state
  const [next = null, ...rest] = state.noticesWaiting
  return { ...state, notice: next, noticesWaiting: rest }
}

export function setView(state: AppState, view: View): AppState {
  return view === state.view ? state : { ...state, view, highlight: null }
}

export function setHighlight(state: AppState, metric: string | null): AppState {
  return state.highlight === metric ? state : { ...state, highlight: metric }
}

export function setService(state: AppState, service: ServiceStatus): AppState {
  return { ...state, service }
}

/** Records the service's answer (or a request on its way) for a view. */
export function setOutcome(state: AppState, view: View, outcome: Outcome): AppState {
  return withView(state, (vs) => ({ ...vs, outcome }), view)
}

/** Replaces the current view's document, recording the old one for undo. */
export function commit(state: AppState, doc: Doc): AppState {
  return withView(state, (vs) => committed(vs, doc))
}

/** The view with `id` chosen (null: no choice, the prompt asks for the first step missing). */
function withSelection(state: AppState, id: string | null): AppState {
  return withView(state, (vs) => {
    const selection = id === null ? null : { id, doc: vs.doc }
    const same = vs.selection?.id === selection?.id && vs.selection?.doc === selection?.doc
    return same ? vs : { ...vs, selection }
  })
}

/** The view's state with `doc` committed, and `id` chosen on it (null: no choice). */
function committedKeeping(vs: ViewState, doc: Doc, id: string | null): ViewState {
  const c = committed(vs, doc)
  return { ...c, selection: id === null ? null : { id, doc: c.doc } }
}

/** The choice that holds on `vs`, carried on to `doc` while its target is placed there (undo and redo). */
function carried(vs: ViewState, doc: Doc): ViewState['selection'] {
  const chosen = vs.selection
  return chosen && chosen.doc === vs.doc && isPlaced(doc, chosen.id) ? { id: chosen.id, doc } : null
}

/** One step back; a chosen target stays chosen while it is placed, else the prompt asks for the first step missing. */
export function undo(state: AppState): AppState {
  const vs = current(state)
  const doc = vs.past.at(-1)
  if (!doc) return notify(state, t('history.nothingToUndo'))
  return withView(state, () => ({
    ...vs,
    doc,
    past: vs.past.slice(0, -1),
    future: [...vs.future, vs.doc],
    selection: carried(vs, doc),
  }))
}

export function redo(state: AppState): AppState {
  const vs = current(state)
  const doc = vs.future.at(-1)
  if (!doc) return notify(state, t('history.nothingToRedo'))
  return withView(state, () => ({
    ...vs,
    doc,
    future: vs.future.slice(0, -1),
    past: [...vs.past, vs.doc],
    selection: carried(vs, doc),
  }))
}

/** Chooses `id` as the target to place or correct (null: none), bringing it into view when it is placed. */
export function select(state: AppState, id: string | null): AppState {
  const next = withSelection(state, id)
  const p = id ? positionOf(current(next).doc, id) : null
  return p ? { ...next, reveal: [p[0], p[1]] } : next
}

/** Chooses the next (+1) or previous (-1) target in guided order, from the one the prompt asks for. */
export function step(state: AppState, dir: 1 | -1): AppState {
  const asked = promptOf(state)
  const targets = targetsIn(state)
  const i = asked === null ? (dir === 1 ? -1 : 0) : targets.findIndex((x) => x.id === asked)
  const next = targets[(i + dir + targets.length) % targets.length]
  return next ? select(state, next.id) : state
}

/**
 * A click on the photo at p. `hit`: the placed target whose handle the click is on (hit.ts, in screen
 * px), if any. On a handle, the click chooses that target (a suggestion among them: it is not confirmed,
 * confirming is its own act, confirmSuggestion). Anywhere else it places the target the prompt asks for
 * there; the prompt then asks for the first step still missing (the target just placed stays chosen when
 * nothing is missing, so further clicks correct it).
 */
export function clickAt(state: AppState, p: Pt, hit: string | null): AppState {
  const vs = current(state)
  const photo = vs.doc.photo
  if (!photo) return state
  if (hit && isPlaced(vs.doc, hit)) return select(state, hit)
  if (p[0] < 0 || p[1] < 0 || p[0] > photo.width || p[1] > photo.height) return notify(state, t('stage.outsidePhoto'))
  const id = promptOf(state)
  if (!id) return state
  return withView(state, (v) => {
    const placed = committed(v, withTarget(v.doc, id, p))
    const keep = firstMissing(state.view, placed.doc) === null && isPlaced(v.doc, id)
    return { ...placed, selection: keep ? { id, doc: placed.doc } : null }
  })
}

/** Moves (or places) target `id` at p, e.g. from typed coordinates; the prompt stays on the target it asked for. */
export function moveTarget(state: AppState, id: string, p: Pt): AppState {
  const asked = promptOf(state)
  return withView(state, (v) => committedKeeping(v, withTarget(v.doc, id, p), asked))
}

/**
 * The keyboard's Enter on the target the prompt asks for: one not placed is placed at p (the centre of
 * the view); a suggestion is confirmed where it stands (the deliberate act of confirming it from the
 * keyboard); one the clinician has placed (just nudged with the arrows, say) stays where it is. The
 * prompt then goes on to the first step still missing.
 */
export function placeActiveAt(state: AppState, p: Pt): AppState {
  const vs = current(state)
  const id = promptOf(state)
  if (!vs.doc.photo || !id) return state
  const at = positionOf(vs.doc, id)
  if (at && statusOf(vs.doc, id) !== 'suggested') {
    // Nothing missing: the choice stays (there is no step to go on to).
    return firstMissing(state.view, vs.doc) === null ? state : withSelection(state, null)
  }
  return withView(state, (v) => ({ ...committed(v, withTarget(v.doc, id, at ?? p)), selection: null }))
}

/** Moves the prompted target by (dx, dy) px and brings its old place into view; null when it is not placed. */
export function nudge(state: AppState, dx: number, dy: number): AppState | null {
  const vs = current(state)
  const id = promptOf(state)
  const p = id ? positionOf(vs.doc, id) : null
  if (!id || !p) return null
  const next = withView(state, (v) => committedKeeping(v, withTarget(v.doc, id, [p[0] + dx, p[1] + dy]), id))
  return { ...next, reveal: [p[0], p[1]] }
}

/** Removes the prompted target; the prompt then asks for the first step missing. */
export function removeActive(state: AppState): AppState {
  const vs = current(state)
  const id = promptOf(state)
  if (!id || !isPlaced(vs.doc, id)) return state
  return withView(state, (v) => committedKeeping(v, withTarget(v.doc, id, null), null))
}

/** Removes target `id`; the prompt then asks for the first step missing. */
export function removeTarget(state: AppState, id: string): AppState {
  const vs = current(state)
  if (!isPlaced(vs.doc, id)) return state
  return withView(state, (v) => committedKeeping(v, withTarget(v.doc, id, null), null))
}

export function clearMarkers(state: AppState): AppState {
  const vs = current(state)
  if (Object.keys(vs.doc.markers).length === 0) return state
  const cleared = withView(state, (v) =>
    committedKeeping(v, { ...v.doc, markers: {}, markerStatus: {}, markerOrigin: {} }, null),
  )
  return notify(cleared, t('markers.cleared'))
}

/** Drag frames: the first records where the drag began; the frames are not history; the end is one undo step. */
export function dragStart(state: AppState): AppState {
  return withView(state, (vs) => ({ ...vs, dragFrom: vs.doc }))
}

/** Each frame moves the target; a choice that held before it holds after it (the drag is not another step). */
export function dragMove(state: AppState, id: string, p: Pt): AppState {
  return withView(state, (vs) => {
    const doc = withTarget(vs.doc, id, p)
    const holds = vs.selection !== null && vs.selection.doc === vs.doc
    return { ...vs, doc, selection: holds && vs.selection ? { id: vs.selection.id, doc } : null }
  })
}

export function dragEnd(state: AppState): AppState {
  return withView(state, (vs) => {
    const before = vs.dragFrom
    if (!before) return vs
    if (before === vs.doc) return { ...vs, dragFrom: null }
    const past = [...vs.past, before]
    return { ...vs, dragFrom: null, past, future: [] }
  })
}

/**
 * The known distance between the scale points, as typed ("160,5" or "160.5"; '' clears it).
 * A value outside the plausible range is set as typed: the field asks the person first.
 */
export function setKnownDistance(state: AppState, text: string): AppState {
  const v = valueOfReading(readNumberField('knownDistance', text))
  if (v === undefined)
    return notify(
      state,
      t(current(state).doc.scaleBy === 'stature' ? 'calibration.invalidStature' : 'calibration.invalidDistance'),
    )
  return dismissNotice(commit(state, { ...current(state).doc, gridCm: v }))
}

/** What the scale points span: a known length, or the subject's height (the typed distance is then the stature). */
export function setScaleBy(state: AppState, scaleBy: ScaleBy): AppState {
  const doc = current(state).doc
  return doc.scaleBy === scaleBy ? state : commit(state, { ...doc, scaleBy })
}

/** fc typed in directly ("0,27" or "0.27"; '' clears it); it replaces the scale points. */
export function setTypedFc(state: AppState, text: string): AppState {
  const v = valueOfReading(readNumberField('fc', text))
  if (v === undefined) return notify(state, t('calibration.invalidFc'))
  const doc = current(state).doc
  const next = commit(state, {
    ...doc,
    fcTyped: v,
    scale: v === null ? doc.scale : [null, null],
    gridCm: v === null ? doc.gridCm : null,
  })
  return next
}

export function setEstimatePopliteal(state: AppState, on: boolean): AppState {
  // The prompt then guides to the popliteal markers when they become needed (promptOf: the first step missing).
  return commit(state, { ...current(state).doc, estimatePopliteal: on })
}

/** The side of a lateral photo; a facing warning or question judged against the other side no longer holds and goes. */
export function setSide(state: AppState, side: Side): AppState {
  const sided = commit(state, { ...current(state).doc, side })
  return withView(sided, (vs) =>
    vs.warnings.length || vs.facingMismatch ? { ...vs, warnings: [], facingMismatch: null } : vs,
  )
}

/**
 * A photo opened in the current view. The photo of an assessment file loaded without
 * it keeps its markers and capture conditions (with a warning when the size differs);
 * another photo clears the markers, calibration points and capture conditions (undo
 * brings them back).
 */
export function photoOpened(state: AppState, photo: Photo): AppState {
  const old = current(state).doc
  let next: AppState
  if (old.photo && old.photo.url === null && old.photo.width === photo.width && old.photo.height === photo.height) {
    next = notify(commit(state, { ...old, photo }), t('photo.attached', { view: state.view }))
  } else if (old.photo && old.photo.url === null) {
    const text = t('photo.sizeMismatch', {
      width: photo.width,
      height: photo.height,
      savedWidth: old.photo.width,
      savedHeight: old.photo.height,
    })
    next = notifyWarning(commit(state, { ...old, photo }), text, 8000)
  } else {
    const hadMarks = hasContent({ ...old, photo: null })
    // A photo from a file: no capture conditions (photoCaptured sets the camera's, in the same undo step).
    next = commit(state, {
      ...old,
      photo,
      capture: null,
      markers: {},
      markerStatus: {},
      markerOrigin: {},
      scale: [null, null],
      lrvX: null,
      viewCheckDismissed: false,
    })
    if (hadMarks) next = notify(next, t('photo.replaced'), 6000)
  }
  return next
}

/** An assessment file loaded: each of its views replaces the app's (keeping a photo already open of the same size). */
export function assessmentLoaded(state: AppState, loaded: LoadedAssessment): AppState {
  const notes: string[] = []
  let next = state
  for (const v of VIEW_NAMES) {
    const view = loaded.views[v]
    if (!view) continue
    next = withView(
      next,
      (vs) => {
        const open = vs.doc.photo
        const photo = view.doc.photo
        const keep = open?.url && photo && open.width === photo.width && open.height === photo.height
        const c = committed(vs, keep ? { ...view.doc, photo: open } : view.doc)
        const request = requestOf(v, c.doc)
        // Without saved results the service is asked (an outcome keyed to the request would say it had answered).
        const outcome: Outcome =
          request.ready && view.results !== null
            ? { ...NO_OUTCOME, key: request.key, values: view.results, fromFile: true }
            : NO_OUTCOME
        if (view.unknown.length) notes.push(t('assessment.ignoredMarkers', { view: v, list: view.unknown.join(', ') }))
        if (photo && !keep)
          notes.push(t('assessment.openPhoto', { name: photo.name || t('assessment.thePhoto'), view: v }))
        return { ...c, selection: null, outcome }
      },
      v,
    )
  }
  next = { ...next, view: loaded.view, highlight: null, meta: loaded.meta }
  if (loaded.placementSd !== null) next = { ...next, settings: { ...next.settings, placementSd: loaded.placementSd } }
  // Markers it could not read are a warning; a photo to open, a routine note.
  const kind = Object.values(loaded.views).some((view) => view?.unknown.length) ? 'warning' : 'info'
  return notes.length
    ? notifyAs(next, kind, t('assessment.loadedWithNotes', { notes: notes.join('; ') }), 8000)
    : notify(next, t('assessment.loaded'), 3000)
}

/**
 * The values a request with calibration placeholders (lateral view without a line or a
 * scale) can show: a distance from the reference line computed from a placeholder means
 * nothing, so it is left out until the line and the scale are placed.
 */
function withoutPlaceholderValues(
  view: View,
  values: Readonly<Record<string, unknown>>,
  placeholders: boolean,
): Record<string, unknown> {
  if (!placeholders) return { ...values }
  const fromCalibration = new Set(
    metricTable(view)
      .filter((m) => m.plumbMarker !== undefined)
      .map((m) => m.name),
  )
  return Object.fromEntries(Object.entries(values).filter(([name]) => !fromCalibration.has(name)))
}

/**
 * Records the answer `result` to request `key` (the service's, or the device's), when it still answers
 * the view's document as it is now; `confirming`: a device's answer shown while the service's is on its way.
 */
export function answered(state: AppState, view: View, key: string, result: Analysis, confirming = false): AppState {
  const now = requestOf(view, state.views[view].doc)
  if (!now.ready || now.key !== key) return state
  return setOutcome(state, view, {
    key,
    values: result.ok ? withoutPlaceholderValues(view, result.values, now.placeholders) : null,
    problems: result.ok ? [] : result.problems,
    pending: false,
    fromFile: false,
    onDevice: result.onDevice === true,
    confirming: confirming && result.onDevice === true,
  })
}

// --- Language, uncertainty, patient and date, comparison of visits ---------------

/** Switches the app's language (panels re-render from the new state). */
export function setLanguage(state: AppState, locale: Locale): AppState {
  return state.settings.locale === locale ? state : { ...state, settings: { ...state.settings, locale } }
}

/** The placement error typed by the user ("2,5" or "2.5" px); a notice when it is not usable. */
export function setPlacementSd(state: AppState, text: string): AppState {
  const sd = parsePlacementSd(text)
  if (sd === null)
    return notify(state, t('uncertainty.invalid', { min: PLACEMENT_SD_LIMITS.min, max: PLACEMENT_SD_LIMITS.max }))
  return sd === state.settings.placementSd ? state : { ...state, settings: { ...state.settings, placementSd: sd } }
}

/** The patient identifier, the assessment date or the notes as typed (kept for the assessment file only). */
export function setMeta(state: AppState, meta: Partial<AssessmentMeta>): AppState {
  const next = { ...state.meta, ...meta }
  return next.patientId === state.meta.patientId && next.date === state.meta.date && next.notes === state.meta.notes
    ? state
    : { ...state, meta: next }
}

/**
 * The clinician's notes and interpretation as typed or pasted (state/visit-notes.ts):
 * kept with line ends as \n and without other control characters, at most
 * VISIT_NOTES_MAX characters; text beyond the limit is not kept, and a notice says
 * how many characters were left out (never silently).
 */
export function setNotes(state: AppState, typed: string): AppState {
  const kept = keptNotes(typed)
  const next = setMeta(state, { notes: kept.text })
  return kept.cut > 0 ? notifyWarning(next, t('notes.cut', { count: kept.cut, max: VISIT_NOTES_MAX }), 10_000) : next
}

/**
 * The patient identifier committed in the assessment card (Enter, Tab, leaving the
 * field). Only work that is in no record takes it: a visit in the record keeps its
 * patient until it is explicitly moved (visitMoved), so typing never moves it.
 */
export function identifierCommitted(state: AppState, identifier: string): AppState {
  return state.record ? state : setMeta(state, { patientId: identifier })
}

/**
 * An assessment loaded to compare with: refused with a notice when it has no markers
 * of the current view. `created`: the ISO time its visit was started, when it is a
 * visit of the record (absent for a file opened from disk).
 */
export function comparisonLoaded(state: AppState, name: string, loaded: LoadedAssessment, created?: string): AppState {
  const views: Partial<Record<View, Doc>> = {}
  for (const v of VIEW_NAMES) {
    const lv = loaded.views[v]
    if (lv && Object.keys(lv.doc.markers).length > 0) views[v] = lv.doc
  }
  // The earlier comparison goes too: its table and "comparing with" message would describe a file no longer loaded.
  if (!views[state.view])
    return notifyWarning(
      { ...state, comparison: null },
      t('compare.noMarkers', { view: t(`view.${state.view}.title`) }),
      8000,
    )
  return { ...state, comparison: { name, meta: loaded.meta, ...(created ? { created } : {}), views } }
}

export function closeComparison(state: AppState): AppState {
  return state.comparison === null ? state : { ...state, comparison: null }
}
