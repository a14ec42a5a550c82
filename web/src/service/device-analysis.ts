/**
 * The analysis answer computed on this device, for when the service cannot be reached:
 * core's analysis of the view (core/metrics/analysis.ts), the very function the
 * service's routes answer with, so the values and the answer's fields are the service's
 * own; its undefined geometry becomes the same 422 entries the service would send.
 * Takes a complete request body as state/model.ts requestOf builds it. Pure: no DOM.
 */
import type { View } from '#core/markers.js'
import {
  type AnalysisResult,
  type AnteriorBody,
  analyzeAnterior,
  analyzeLateral,
  analyzePosterior,
  geometryDetail,
  type LateralBody,
  type PosteriorBody,
} from '#core/metrics/analysis.js'
import type { Analysis } from './api.js'

function resultOf(view: View, body: unknown): AnalysisResult {
  if (view === 'anterior') return analyzeAnterior(body as AnteriorBody)
  if (view === 'posterior') return analyzePosterior(body as PosteriorBody)
  return analyzeLateral(body as LateralBody)
}

/** The view's answer to `body`, as analyze() (api.ts) gives the service's, marked as computed here. */
export function analyzeOnDevice(view: View, body: unknown): Analysis {
  const result = resultOf(view, body)
  if (result.ok) return { ok: true, values: result.answer, onDevice: true }
  const problems = geometryDetail(result.problems).map((entry) => ({ ...entry, status: 422 }))
  return { ok: false, status: 422, problems, onDevice: true }
}
