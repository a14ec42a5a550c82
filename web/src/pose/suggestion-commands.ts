/**
 * The marker-suggestion commands, pure functions of the app state like state/commands.ts:
 * applying a model's suggestions to a view (as 'suggested' markers, never over a marker
 * the clinician placed), the notes saying why a marker was left unplaced, the facing
 * warning, confirming one or all suggestions, progress and failures. "Confirm all"
 * confirms only the suggestions the model is sure of (sureOfSuggestion); the others stay
 * to be checked and confirmed one by one. Pure: no DOM.
 */

import { type MessageKey, t } from '../i18n/index.js'
import { notify, notifyError, notifyWarning } from '../state/commands.js'
import { type Doc, statusOf, type View, withTarget } from '../state/model.js'
import { type AppState, committed, type ViewState, withView } from '../state/state.js'
import type { DetectorFailure, DetectorPhase } from './detection.js'
import type { Facing, FacingCheck } from './facing.js'
import type { LandmarkName } from './landmarks.js'
import type { MarkerSuggestion, NotSuggestedReason } from './mapping.js'
import type { PlausibilityCheck, PlausibilityKind } from './plausibility.js'

/**
 * The lowest visibility score (of the landmarks a marker is computed from) at which
 * "Confirm all" may confirm a suggestion. MediaPipe scores the points it sees clearly
 * near 1: on the real photos recorded in test/web/unit/pose/recorded.ts the landmarks
 * above the suggestion threshold (0.5) fall in two groups, 0.91 to 1 and 0.55 to 0.85
 * (points turned away or half hidden). Below 0.9 the model is unsure; such a suggestion
 * is still made, to be checked and confirmed one by one.
 */
export const SURE_VISIBILITY = 0.9

/**
 * Whether "Confirm all" may confirm a suggestion without the clinician looking at it
 * alone: it was made (so it passed every plausibility check, plausibility.ts, which
 * declines the markers a suspect landmark gives), and the model is sure of every
 * landmark it comes from (SURE_VISIBILITY).
 */
export function sureOfSuggestion(s: MarkerSuggestion): boolean {
  return s.status === 'suggested' && s.confidence >= SURE_VISIBILITY
}

/** What the app needs of a suggestion run (suggest.ts's outcome, without the timings). */
export type SuggestionResult =
  | {
      readonly kind: 'suggestions'
      readonly suggestions: readonly MarkerSuggestion[]
      readonly facing: FacingCheck | null
    }
  | { readonly kind: 'failure'; readonly failure: DetectorFailure }

/** The reasons that carry no plausibility check (those that do are worded by their check). */
const REASON_KEYS: Record<Exclude<NotSuggestedReason, PlausibilityKind>, MessageKey> = {
  'low-visibility': 'suggest.reason.lowVisibility',
  'inputs-not-visible': 'suggest.reason.inputsNotVisible',
  'out-of-frame': 'suggest.reason.outOfFrame',
  'no-pose': 'suggest.reason.noPose',
}

/** The reasons for the plausibility checks (plausibility.ts), each worded on its own. */
const CHECK_KEYS: Record<PlausibilityCheck, MessageKey> = {
  'at-edge': 'suggest.reason.atEdge',
  'thigh-length': 'suggest.reason.check.thighLength',
  'shank-length': 'suggest.reason.check.shankLength',
  'thighs-unequal': 'suggest.reason.check.thighsUnequal',
  'shanks-unequal': 'suggest.reason.check.shanksUnequal',
  'ear-inside-eyes': 'suggest.reason.check.earInsideEyes',
  'ear-line-tilted': 'suggest.reason.check.earLineTilted',
  'ear-not-behind-eyes': 'suggest.reason.check.earNotBehindEyes',
  'chin-not-below-mouth': 'suggest.reason.check.chinNotBelowMouth',
  'chin-distance': 'suggest.reason.check.chinDistance',
}

const FACING_KEYS: Record<Facing, MessageKey> = {
  front: 'suggest.facing.front',
  back: 'suggest.facing.back',
  left: 'suggest.facing.left',
  right: 'suggest.facing.right',
}

const FAILURE_KEYS: Record<DetectorFailure['type'], MessageKey> = {
  'no-wasm': 'suggest.failed.noWasm',
  'no-webgl': 'suggest.failed.noWebgl',
  'out-of-memory': 'suggest.failed.outOfMemory',
  'load-error': 'suggest.failed.loadError',
  timeout: 'suggest.failed.timeout',
}

/** Landmark names as people read them: LEFT_HIP -> left hip. */
function landmarkWords(names: readonly LandmarkName[]): string {
  return names.map((name) => t(`landmark.${name}`)).join(', ')
}

/** The prompt's note for a marker the model did not place. */
export function reasonText(s: Extract<MarkerSuggestion, { status: 'not-suggested' }>): string {
  if (s.reason === 'at-edge' || s.reason === 'implausible-proportions' || s.reason === 'implausible-face')
    return t(CHECK_KEYS[s.ctx.check])
  return t(REASON_KEYS[s.reason], { landmarks: landmarkWords(s.ctx.landmarks) })
}

const FACING_QUESTION_KEYS: Record<Facing, MessageKey> = {
  front: 'suggest.facing.ask.front',
  back: 'suggest.facing.ask.back',
  left: 'suggest.facing.ask.left',
  right: 'suggest.facing.ask.right',
}

/**
 * The view check's question for a photo that does not look like the chosen view: the
 * question (is this the view it looks like?) and why it is asked. null when the photo looks
 * like the view, or the check cannot tell (it says nothing rather than warn on weak evidence).
 */
export function facingQuestion(
  mismatch: { readonly seen: Facing; readonly expected: Facing } | null,
): { readonly question: string; readonly why: string } | null {
  if (mismatch === null) return null
  return {
    question: t(FACING_QUESTION_KEYS[mismatch.seen]),
    why: t('suggest.facing.mismatch', {
      seen: t(FACING_KEYS[mismatch.seen]),
      expected: t(FACING_KEYS[mismatch.expected]),
    }),
  }
}

/** The mismatch a view check found (null when it matched or could not tell). */
export function facingMismatchOf(check: FacingCheck | null): { seen: Facing; expected: Facing } | null {
  return check?.type === 'facing-mismatch' ? { seen: check.ctx.seen, expected: check.ctx.expected } : null
}

/**
 * The clinician answers the view check's question: it is the right view. Not asked again for
 * this view of this visit (kept in the document, so with the visit and after a reload; one undo step).
 */
export function dismissViewCheck(state: AppState, view: View): AppState {
  return withView(
    state,
    (vs) => (vs.doc.viewCheckDismissed ? vs : committed(vs, { ...vs.doc, viewCheckDismissed: true })),
    view,
  )
}

export function failureText(failure: DetectorFailure): string {
  return t(FAILURE_KEYS[failure.type], { file: failure.type === 'load-error' ? (failure.ctx.file ?? '') : '' })
}

/**
 * The engine's or the library's own words for a failure (often English), for the notice's
 * "Technical details": never inside the sentence, which says what happened in the clinician's
 * language. undefined when the failure has none (no WebGL, a timeout: the sentence says it all).
 */
export function failureDetails(failure: DetectorFailure): string | undefined {
  if (failure.type === 'no-webgl' || failure.type === 'timeout') return undefined
  if (failure.type === 'load-error') {
    const where = [failure.ctx.file, failure.ctx.status === null ? null : `HTTP ${failure.ctx.status}`]
      .filter((part) => part !== null && part !== '')
      .join(', ')
    return where === '' || failure.ctx.message.includes(where)
      ? failure.ctx.message
      : `${failure.ctx.message} (${where})`
  }
  return failure.ctx.message || undefined
}

/** The progress line while the model loads or runs. */
export function suggestionProgress(state: AppState, phase: DetectorPhase | null): AppState {
  const progress =
    phase === null
      ? null
      : { label: t(phase === 'loading' ? 'suggest.progress.loading' : 'suggest.progress.running'), fraction: null }
  return { ...state, progress }
}

/** The notes and warning this feature attached to a view, removed (e.g. when another photo is opened). */
export function clearSuggestionNotes(state: AppState, view: View): AppState {
  return withView(
    state,
    (vs) =>
      Object.keys(vs.targetNotes).length === 0 &&
      vs.warnings.length === 0 &&
      vs.sureSuggestions.length === 0 &&
      vs.facingMismatch === null
        ? vs
        : { ...vs, targetNotes: {}, warnings: [], sureSuggestions: [], facingMismatch: null },
    view,
  )
}

/**
 * A suggestion run's result for `view`, whose photo is `photoUrl` (ignored when another
 * photo has been opened since). Suggested positions go in as 'suggested' markers, except
 * where the clinician already placed one; earlier unconfirmed suggestions are replaced.
 * One undo step. The prompt then asks for the first marker still to place, with the note
 * saying why the model left it.
 */
export function applySuggestions(state: AppState, view: View, photoUrl: string, result: SuggestionResult): AppState {
  const ready = suggestionProgress(state, null)
  if (state.views[view].doc.photo?.url !== photoUrl) return ready
  if (result.kind === 'failure')
    return notifyError(
      ready,
      t('suggest.failed', { reason: failureText(result.failure) }),
      10000,
      failureDetails(result.failure),
    )
  const { suggestions, facing } = result
  let placed = 0
  let kept = 0
  const next = withView(
    ready,
    (vs): ViewState => {
      let doc: Doc = vs.doc
      const notes: Record<string, string> = {}
      const sure: string[] = []
      for (const s of suggestions) {
        const confirmedByHand = doc.markers[s.marker] !== undefined && statusOf(doc, s.marker) === 'confirmed'
        if (confirmedByHand) {
          kept++
          continue
        }
        if (s.status === 'suggested') {
          doc = withTarget(doc, s.marker, [s.x, s.y], 'suggested')
          placed++
          if (sureOfSuggestion(s)) sure.push(s.marker)
          else notes[s.marker] = t('suggest.reason.unsure')
        } else {
          // An earlier suggestion for this marker is withdrawn: the model no longer stands by it.
          if (doc.markers[s.marker] !== undefined) doc = withTarget(doc, s.marker, null)
          notes[s.marker] = reasonText(s)
        }
      }
      const c = committed(vs, doc)
      return {
        ...c,
        targetNotes: notes,
        sureSuggestions: sure,
        facingMismatch: facingMismatchOf(facing),
        selection: null,
      }
    },
    view,
  )
  const missing = suggestions.length - placed - kept
  if (placed === 0)
    return notifyWarning(
      next,
      t(
        suggestions.every((s) => s.status === 'not-suggested' && s.reason === 'no-pose')
          ? 'suggest.noPerson'
          : 'suggest.none',
      ),
      8000,
    )
  return notify(next, `${t('suggest.done', { count: placed })} ${t('suggest.done.left', { count: missing })}`, 6000)
}

/**
 * Confirms one suggested marker as it stands (the clinician accepts its position): the deliberate act of
 * the list's check button, the prompt's Confirm button or Enter (never a click on or near it). The prompt
 * then asks for the first step still missing.
 */
export function confirmSuggestion(state: AppState, id: string): AppState {
  return withView(state, (vs) => {
    const p = vs.doc.markers[id]
    if (!p || statusOf(vs.doc, id) !== 'suggested') return vs
    return { ...committed(vs, withTarget(vs.doc, id, p)), selection: null }
  })
}

/**
 * The view's unconfirmed suggestions, split: those "Confirm all" confirms (the model was
 * sure of them and they passed the plausibility checks: sureOfSuggestion, as the last run
 * found) and those left to be checked one by one (the model unsure, or where the run is
 * not known, e.g. read from an assessment file).
 */
export function suggestionsToConfirm(state: AppState, view: View = state.view): { sure: string[]; toCheck: string[] } {
  const vs = state.views[view]
  const sure: string[] = []
  const toCheck: string[] = []
  for (const id of Object.keys(vs.doc.markers)) {
    if (statusOf(vs.doc, id) !== 'suggested') continue
    if (vs.sureSuggestions.includes(id)) sure.push(id)
    else toCheck.push(id)
  }
  return { sure, toCheck }
}

/**
 * Confirms, in one undo step, the current view's suggestions the model was sure of and
 * that passed the plausibility checks; the others stay suggested, to be checked one by one.
 */
export function confirmAllSuggestions(state: AppState): AppState {
  const view = state.view
  const { sure, toCheck } = suggestionsToConfirm(state)
  if (sure.length === 0)
    return notify(
      state,
      toCheck.length ? t('suggest.nothingSure', { count: toCheck.length }) : t('suggest.nothingToConfirm'),
    )
  const next = withView(state, (vs) => {
    let doc = vs.doc
    for (const id of sure) doc = withTarget(doc, id, doc.markers[id]!)
    return committed(vs, doc)
  })
  const text = t('suggest.confirmedAll', { count: sure.length, view: t(`view.${view}.title`) })
  return notify(
    next,
    toCheck.length ? `${text} ${t('suggest.confirmedAll.remaining', { count: toCheck.length })}` : text,
  )
}

/** How many markers of the view await confirmation. */
export function unconfirmedCount(state: AppState, view: View = state.view): number {
  const doc = state.views[view].doc
  return Object.keys(doc.markers).filter((id) => statusOf(doc, id) === 'suggested').length
}

export function setSuggestOnLoad(state: AppState, on: boolean): AppState {
  return state.settings.suggestOnLoad === on ? state : { ...state, settings: { ...state.settings, suggestOnLoad: on } }
}
