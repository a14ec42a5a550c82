/**
 * The analysis answer of each view, from a request body the API's schema accepts: the
 * view's metric table evaluated on its markers and calibration, with the answer's
 * unit fields, or the geometry problems and their 422 entries. The service's routes
 * answer with exactly this, and the marking app computes the same answer on the
 * device when the service cannot be reached (web/src/service/device-analysis.ts):
 * one code path for the maths and for the answer's shape. Pure: no HTTP, no DOM.
 */
import type { UndefinedGeometryError } from '../error-types.js'
import type { Point } from '../geometry/angles.js'
import type { AnteriorMarker, LateralMarker, PosteriorMarker, Side } from '../markers.js'
import { ANTERIOR_METRICS } from './anterior.js'
import { forward } from './body.js'
import { LATERAL_METRICS, type LateralContext } from './lateral.js'
import { type Calibration, type Evaluation, evaluate, type GeometryProblem } from './metric.js'
import { POSTERIOR_METRICS, POSTERIOR_METRICS_ESTIMATED } from './posterior.js'

/** The calibration as a request carries it (grid_size_cm, when sent, is the known length and computes nothing). */
export interface RequestCalibration extends Calibration {
  readonly grid_size_cm?: number
}

export interface AnteriorBody {
  readonly calibration: RequestCalibration
  readonly markers: Readonly<Record<AnteriorMarker, Point>>
}

export interface PosteriorBody {
  readonly calibration: RequestCalibration
  /** With estimate_popliteal true the popliteal markers may be absent: the estimated table never reads them. */
  readonly markers: Readonly<Record<PosteriorMarker, Point>>
  readonly estimate_popliteal?: boolean
}

export interface LateralBody {
  readonly calibration: RequestCalibration
  readonly markers: Readonly<Record<LateralMarker, Point>>
  readonly side: Side
}

/**
 * The unit fields of the anterior and posterior answers. Added to the fresh `values`
 * object with Object.assign instead of spreading it into a new literal: V8 copies a
 * spread object with number fields on a slow path that allocates in the old generation.
 */
const UNITS = { unit_angles: 'degrees', unit_distances: 'cm' } as const

/** The metrics by name, unrounded. */
type Values = Record<string, number>

/** The anterior and posterior answers: the metrics and the unit fields, as the service sends them. */
export type UnitAnswer = Values & typeof UNITS

/** The lateral answer: the metrics, the side echoed and the unit fields. */
export type LateralAnswer = Values & { readonly side: Side; readonly unit: 'degrees'; readonly unit_distances: 'cm' }

export type AnalysisResult<A = UnitAnswer | LateralAnswer> =
  | { readonly ok: true; readonly answer: A }
  | { readonly ok: false; readonly problems: readonly GeometryProblem[] }

function answerOf<F extends object>(result: Evaluation, fields: F): AnalysisResult<Values & F> {
  if (!result.ok) return result
  return { ok: true, answer: Object.assign(result.values, fields) }
}

/** POST /api/analyze/anterior's answer. */
export function analyzeAnterior(body: AnteriorBody): AnalysisResult<UnitAnswer> {
  return answerOf(evaluate(ANTERIOR_METRICS, body.markers, body.calibration), UNITS)
}

/** POST /api/analyze/posterior's answer: the rearfoot angles from the popliteal markers, or estimated. */
export function analyzePosterior(body: PosteriorBody): AnalysisResult<UnitAnswer> {
  const table = body.estimate_popliteal === true ? POSTERIOR_METRICS_ESTIMATED : POSTERIOR_METRICS
  return answerOf(evaluate(table, body.markers, body.calibration), UNITS)
}

/** POST /api/analyze/lateral's answer; `side` (the side of the subject facing the camera) is echoed. */
export function analyzeLateral(body: LateralBody): AnalysisResult<LateralAnswer> {
  const { calibration, side } = body
  const context: LateralContext = { forward: forward(side), lrv_x: calibration.lrv_x, fc: calibration.fc }
  return answerOf(evaluate(LATERAL_METRICS, body.markers, context), {
    side,
    unit: 'degrees',
    unit_distances: 'cm',
  } as const)
}

/** Metrics that coincident markers make undefined: the 422 entries, one per offending marker pair. */
export function geometryDetail(problems: readonly GeometryProblem[]): UndefinedGeometryError[] {
  return problems.map((p): UndefinedGeometryError => {
    const metrics = p.metrics.join(' and ')
    const names = p.markers.map((m) => `'${m}'`)
    if (p.at !== undefined) {
      return {
        loc: ['body', 'markers', p.markers[p.markers.length - 1] ?? 'markers'],
        msg: `Markers ${names.join(' and ')} are at the same point [${p.at[0]}, ${p.at[1]}], so ${metrics} cannot be computed (the direction between them is undefined). Place them at distinct points.`,
        type: 'undefined_geometry',
        ctx: { markers: [...p.markers], at: [p.at[0], p.at[1]], metrics: [...p.metrics] },
      }
    }
    return {
      loc: ['body', 'markers'],
      msg: `${metrics} cannot be computed from markers ${names.join(', ')}: the result is not a finite number. Check that these markers are placed correctly.`,
      type: 'undefined_geometry',
      ctx: { markers: [...p.markers], metrics: [...p.metrics] },
    }
  })
}
