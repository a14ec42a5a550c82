/**
 * Commands of the patient record, pure like commands.ts: opening a stored visit or
 * an assessment file as a visit of its own (never merged into the one on screen),
 * starting a new visit, and the check that tells a file of another patient apart.
 * Pure: no DOM.
 */

import { formatDate } from '../i18n/format.js'
import { t } from '../i18n/index.js'
import { assessmentLoaded, notify } from '../state/commands.js'
import { EMPTY_DOC, hasContent, VIEW_NAMES, type View } from '../state/model.js'
import type { LoadedAssessment } from '../state/state.js'
import { type AppState, initialState, type ViewState } from '../state/state.js'
import { identifierKey, type OpenVisit, type PatientRecord } from './model.js'

/** True when the screen holds work of its own: a view with anything marked or a photo, or notes. */
export function holdsWork(state: AppState): boolean {
  return state.meta.notes !== '' || VIEW_NAMES.some((v) => hasContent(state.views[v].doc))
}

/** True when the screen holds anything of an assessment (marks, a photo, a patient, notes or a record visit). */
export function hasAssessment(state: AppState): boolean {
  return (
    state.record !== null ||
    state.meta.patientId.trim() !== '' ||
    state.meta.notes !== '' ||
    VIEW_NAMES.some((v) => hasContent(state.views[v].doc))
  )
}

/**
 * The two identifiers when loading `loaded` would mix two patients: the screen holds
 * an assessment and the file's patient is another one (identifiers compared by key;
 * a file without an identifier is another patient than a named one, and the reverse).
 */
export function patientConflict(state: AppState, loaded: LoadedAssessment): { open: string; file: string } | null {
  if (!hasAssessment(state)) return null
  const open = state.meta.patientId.trim()
  const file = loaded.meta.patientId.trim()
  return identifierKey(open) === identifierKey(file) ? null : { open, file }
}

/** A clean screen that keeps what is not the assessment (language, settings, service status, view, the clinic's study figures). */
function cleared(state: AppState): AppState {
  return {
    ...initialState(state.view),
    settings: state.settings,
    service: state.service,
    notice: state.notice,
    noticesWaiting: state.noticesWaiting,
    progress: state.progress,
    clinicFigures: state.clinicFigures,
  }
}

/** An assessment file opened as a new visit of its own patient: the screen is cleared first, nothing merged. */
export function assessmentOpenedAs(state: AppState, loaded: LoadedAssessment): AppState {
  return assessmentLoaded(cleared(state), loaded)
}

/**
 * A visit opened (from the record, or the workspace after a reload): the screen is
 * cleared, then the visit's views are shown with their stored photos (`photoUrls`),
 * with no undo history.
 */
export function visitOpened(
  state: AppState,
  loaded: LoadedAssessment,
  photoUrls: Partial<Record<View, string>>,
  open: OpenVisit | null,
): AppState {
  let fresh = cleared(state)
  for (const v of VIEW_NAMES) {
    const url = photoUrls[v]
    const photo = loaded.views[v]?.doc.photo
    if (url && photo)
      fresh = {
        ...fresh,
        views: { ...fresh.views, [v]: { ...fresh.views[v], doc: { ...EMPTY_DOC, photo: { ...photo, url } } } },
      }
  }
  const shown = assessmentLoaded(fresh, loaded)
  const views = Object.fromEntries(
    VIEW_NAMES.map((v): [View, ViewState] => [v, { ...shown.views[v], past: [], future: [] }]),
  ) as Record<View, ViewState>
  return { ...shown, views, record: open, notice: state.notice, noticesWaiting: state.noticesWaiting }
}

/**
 * A new, empty visit of a patient, dated `today` (YYYY-MM-DD), started at `created` (ISO
 * time), on the first view: a visit starts with the anterior photo, whatever view the last
 * one ended on (the capture then opens for it).
 */
export function newVisit(
  state: AppState,
  patient: PatientRecord,
  visitId: string,
  today: string,
  created: string,
): AppState {
  const fresh = cleared(state)
  return notify(
    {
      ...fresh,
      view: VIEW_NAMES[0]!,
      meta: { patientId: patient.identifier, date: today, notes: '' },
      record: { visitId, patientId: patient.id, created },
    },
    t('record.newVisit.started', { patient: patient.identifier, date: formatDate(today, state.settings.locale) }),
  )
}

/**
 * Work on screen saved in the record for the first time, or kept as a visit of its own
 * after a conflict: the screen now shows that visit, dated `date` when no date was typed.
 */
export function visitSaved(state: AppState, open: OpenVisit, date: string): AppState {
  const meta = state.meta.date ? state.meta : { ...state.meta, date }
  return state.record?.visitId === open.visitId && state.record.patientId === open.patientId && meta === state.meta
    ? state
    : { ...state, record: open, meta }
}

/** The visit on screen moved to another patient (the explicit "Move to another patient…"). */
export function visitMoved(state: AppState, open: OpenVisit, identifier: string): AppState {
  return { ...state, record: open, meta: { ...state.meta, patientId: identifier } }
}

/** The screen cleared (e.g. the open visit was deleted). */
export function visitClosed(state: AppState): AppState {
  return cleared(state)
}
