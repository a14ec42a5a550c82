/**
 * One view's marking as the uncertainty and comparison code sees it: the document
 * (state/model.ts) turned into a Placement (which points were placed by hand, how fc is
 * obtained), and into an Assessment (values, their u, patient, date and start time) for
 * compare.ts. Values come from the service's own metric functions, so they are the
 * numbers the API returns for the same request.
 */
import type { View } from '#core/markers.js'
import { type Placement, propagate, STATURE_U_CM } from '../metrics/uncertainty.js'
import { type Doc, scaleFc } from '../state/model.js'
import type { AppState, AssessmentMeta } from '../state/state.js'
import { type Assessment, type Comparison, compare } from './compare.js'

/** The document's placed points; fc from the scale points when they give one, else as typed. */
export function placementOf(view: View, doc: Doc): Placement {
  const [a, b] = doc.scale
  const fromScale = a && b && doc.gridCm !== null && scaleFc(doc) !== null
  return {
    view,
    markers: doc.markers,
    side: doc.side,
    estimatePopliteal: doc.estimatePopliteal,
    lrvX: doc.lrvX,
    fc: doc.fcTyped,
    scale: fromScale
      ? { a, b, gridCm: doc.gridCm!, ...(doc.scaleBy === 'stature' ? { lengthU: STATURE_U_CM } : {}) }
      : null,
  }
}

/**
 * Values and uncertainties of the document's metrics, with its patient and date, and
 * `created`, the ISO time its visit was started, when it is a visit of the record.
 */
export function assessmentOf(view: View, doc: Doc, sd: number, meta: AssessmentMeta, created?: string): Assessment {
  const list = propagate(placementOf(view, doc), { sd })
  return {
    view,
    ...(view === 'lateral' ? { side: doc.side } : {}),
    ...(view === 'posterior' ? { estimatePopliteal: doc.estimatePopliteal } : {}),
    ...(meta.patientId.trim() ? { patientId: meta.patientId.trim() } : {}),
    ...(meta.date ? { date: meta.date } : {}),
    ...(created ? { created } : {}),
    values: Object.fromEntries(list.map((m) => [m.name, m.value])),
    u: Object.fromEntries(list.map((m) => [m.name, m.u])),
  }
}

/**
 * The comparison of the current view with the loaded earlier assessment, or null
 * when none is loaded, the file has no markers of this view, or nothing can be
 * computed here yet. Both sides use the current placement error; each carries its
 * visit's start time when it is a visit of the record (the one on screen:
 * `state.record`), which orders two visits of one date. Changes are judged by the best
 * evidence (compare/evidence.ts), the clinic's study figures included.
 */
export function comparisonOf(state: AppState): Comparison | null {
  const source = state.comparison
  const other = source?.views[state.view]
  if (!source || !other) return null
  const sd = state.settings.placementSd
  const here = assessmentOf(state.view, state.views[state.view].doc, sd, state.meta, state.record?.created)
  if (Object.keys(here.values).length === 0) return null
  return compare(here, assessmentOf(state.view, other, sd, source.meta, source.created), state.clinicFigures)
}
