/**
 * Two assessments of the same view compared metric by metric: both values, the
 * change (later minus earlier), its uncertainty, the smallest real difference and
 * whether the change exceeds it.
 *
 * The two placements are independent, so the change has the standard uncertainty
 * u_change = sqrt(u1^2 + u2^2), and a change is called real when it exceeds the
 * smallest real difference SRD = 1.96 * u_change: the half-width of the 95 %
 * interval of a change that is only measurement error (with equal u it is the
 * familiar 1.96 * sqrt(2) * u). docs/uncertainty.md explains the choice.
 *
 * That SRD is a lower bound: it holds marker placement only. Each row also carries the
 * best evidence of the metric's repeatability (evidence.ts: the clinic's own study,
 * else a published MDC, else placement alone) and is judged against the larger of the
 * SRD and that evidence's MDC, so every consumer (table, trend marks, CSV, report)
 * says which evidence judged the change.
 *
 * A comparison that would mislead is refused as data (`type`, `ctx`) that the app
 * words in the chosen language: different views, a different side toward the
 * camera, or two different patients (identifiers compared case- and space-insensitively). Pure: no DOM.
 */
import type { Side, View } from '#core/markers.js'
import { metricTable, type Unit } from '#core/metrics/index.js'
import { difference } from '../metrics/uncertainty.js'
import { visitOrder } from '../record/model.js'
import { identifierKey } from '../state/patient-identifier.js'
import { type ClinicFigures, changeLimit, type Evidence, evidenceFor } from './evidence.js'

/** The coverage factor of a two-sided 95 % interval of a normal error. */
export const COVERAGE_FACTOR = 1.96

/** What a comparison needs from one assessment. */
export interface Assessment {
  readonly view: View
  /** Lateral view: the side toward the camera. */
  readonly side?: Side
  /** Posterior view: whether the popliteal points were estimated. */
  readonly estimatePopliteal?: boolean
  /** As the clinician typed it; kept in the saved file only. */
  readonly patientId?: string
  /** Assessment date, YYYY-MM-DD. */
  readonly date?: string
  /** ISO time the visit was started, when it is a visit of the patient record: orders two visits of one date. */
  readonly created?: string
  /** Metric values (full precision). */
  readonly values: Readonly<Record<string, number>>
  /** Standard uncertainty of each value. */
  readonly u: Readonly<Record<string, number>>
}

export interface ComparisonRow {
  readonly name: string
  readonly unit: Unit
  readonly earlier: number | null
  readonly later: number | null
  /** later - earlier (angles wrapped into (-180, 180]); null when either is missing or the method differs. */
  readonly change: number | null
  /** Standard uncertainty of the change. */
  readonly uChange: number | null
  /** Smallest real difference from placement alone, 1.96 * uChange. */
  readonly srd: number | null
  /** The evidence that judges a change of this metric (evidence.ts). */
  readonly evidence: Evidence
  /** The change a real one must exceed: srd, or the evidence's MDC when larger (evidence.ts changeLimit). */
  readonly limit: number | null
  /** |change| > limit; null when there is no change to judge. */
  readonly exceeds: boolean | null
  /** Why there is no change, when there is none. */
  readonly missing?: 'earlier' | 'later' | 'both' | 'method_differs'
}

/** Why two assessments are not compared. Worded by the app's message catalogue. */
export type Refusal =
  | { readonly type: 'compare.view_differs'; readonly ctx: { readonly earlier: View; readonly later: View } }
  | { readonly type: 'compare.side_differs'; readonly ctx: { readonly earlier: Side; readonly later: Side } }
  | { readonly type: 'compare.patient_differs'; readonly ctx: { readonly earlier: string; readonly later: string } }

export type Comparison =
  | {
      readonly ok: true
      readonly earlier: Assessment
      readonly later: Assessment
      /** Which of the two is the assessment on screen (`current` of compare()). */
      readonly current: 'earlier' | 'later'
      readonly rows: readonly ComparisonRow[]
    }
  | { readonly ok: false; readonly refusal: Refusal }

/** The smallest real difference between two values with standard uncertainties u1 and u2. */
export function smallestRealDifference(u1: number, u2: number): number {
  return COVERAGE_FACTOR * Math.hypot(u1, u2)
}

/**
 * Whether `current` is the earlier of the two, in the order the record lists visits
 * (record/model.ts visitOrder): by date, then by the time the visit was started, so
 * that of two visits of one day the one started first is the earlier whichever is on
 * screen. A missing date or start time counts as the oldest, as in that order (an
 * undated assessment is earlier than a dated one; of two of one date, one without a
 * start time, such as an assessment file opened from disk or work not yet in the
 * record, is earlier than one with). When nothing tells them apart (same date and
 * neither has a start time, or both the same), the one on screen is the later.
 */
function currentIsEarlier(current: Assessment, other: Assessment): boolean {
  const key = (a: Assessment) => ({ date: a.date ?? '', created: a.created ?? '' })
  return visitOrder(key(current), key(other)) < 0
}

/**
 * Compares the assessment on screen with another one (usually an earlier visit).
 * The rows run earlier -> later: by assessment date, then by the visit's start time.
 * `clinic`: the figures of the clinic's own repeatability study, when it has one.
 */
export function compare(current: Assessment, other: Assessment, clinic?: ClinicFigures): Comparison {
  const first = currentIsEarlier(current, other)
  const [earlier, later] = first ? [current, other] : [other, current]
  if (earlier.view !== later.view)
    return { ok: false, refusal: { type: 'compare.view_differs', ctx: { earlier: earlier.view, later: later.view } } }
  if (earlier.view === 'lateral' && (earlier.side ?? 'right') !== (later.side ?? 'right')) {
    return {
      ok: false,
      refusal: {
        type: 'compare.side_differs',
        ctx: { earlier: earlier.side ?? 'right', later: later.side ?? 'right' },
      },
    }
  }
  const p1 = earlier.patientId?.trim()
  const p2 = later.patientId?.trim()
  if (p1 && p2 && identifierKey(p1) !== identifierKey(p2))
    return { ok: false, refusal: { type: 'compare.patient_differs', ctx: { earlier: p1, later: p2 } } }

  const before = metricTable(earlier.view, earlier.estimatePopliteal)
  const after = metricTable(later.view, later.estimatePopliteal)
  const rows = after.map((metric): ComparisonRow => {
    const a = earlier.values[metric.name]
    const b = later.values[metric.name]
    const evidence = evidenceFor(later.view, metric.name, clinic)
    const base = { name: metric.name, unit: metric.unit, earlier: finite(a), later: finite(b), evidence }
    const none = { change: null, uChange: null, srd: null, limit: null, exceeds: null }
    // The same name measured another way (rearfoot angle from the popliteal point vs from the vertical).
    if (before.find((m) => m.name === metric.name)?.formula !== metric.formula)
      return { ...base, ...none, missing: 'method_differs' }
    if (base.earlier === null || base.later === null) {
      return {
        ...base,
        ...none,
        missing: base.earlier === null && base.later === null ? 'both' : base.earlier === null ? 'earlier' : 'later',
      }
    }
    const change = difference(metric.unit, base.later, base.earlier)
    const u1 = finite(earlier.u[metric.name])
    const u2 = finite(later.u[metric.name])
    const srd = u1 === null || u2 === null ? null : smallestRealDifference(u1, u2)
    const limit = changeLimit(srd, evidence)
    return {
      ...base,
      change,
      uChange: u1 === null || u2 === null ? null : Math.hypot(u1, u2),
      srd,
      limit,
      exceeds: limit === null ? null : Math.abs(change) > limit,
    }
  })
  return { ok: true, earlier, later, current: first ? 'earlier' : 'later', rows }
}

function finite(v: number | undefined): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null
}
