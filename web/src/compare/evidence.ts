/**
 * Which evidence judges a change of a metric, best first (docs/uncertainty.md,
 * "Evidence behind a verdict"):
 *
 * 1. the clinic's own repeatability study (record/study.ts), when it has at least
 *    MIN_STUDY_PAIRS pairs with a value of the metric: its MDC95;
 * 2. else a published MDC95 of a measure defined as ours (core/metrics/repeatability.ts,
 *    the entry that judges), with its source;
 * 3. else the marker placement error alone (the SRD of compare.ts), a lower bound:
 *    no repeatability data for this measure.
 *
 * An MDC from a study already holds the placement error of the photos it was made on;
 * a photo whose own placement error is larger (a smaller photo) would be judged too
 * leniently by the MDC alone, so a change must exceed the larger of the two. Pure: no DOM.
 */
import type { View } from '#core/markers.js'
import { judgingPublication, type StudyDesign } from '#core/metrics/index.js'

/**
 * Pairs a clinic's study needs before its MDC judges changes. With n pairs the SEM
 * has about n - 1 degrees of freedom, and its 95 % interval runs (chi-square) from
 * about 0.80 to 1.34 times the estimate at n = 30, against 0.69 to 1.83 at n = 10 and
 * 0.76 to 1.46 at n = 20: below 30 the MDC could be half again too small, so a change
 * within noise would still be called real too often. 30 is also the smallest sample
 * Koo & Li (2016) recommend for a reliability study.
 */
export const MIN_STUDY_PAIRS = 30

/** A clinic study's figure of one metric that a verdict needs: its MDC95 and the pairs it rests on. */
export interface StudyFigure {
  readonly pairs: number
  readonly mdc: number
}

/** The clinic study's figures per view and metric name (record/study.ts makes them). */
export type ClinicFigures = Readonly<Partial<Record<View, Readonly<Record<string, StudyFigure>>>>>

export type Evidence =
  | { readonly kind: 'clinic'; readonly mdc: number; readonly pairs: number }
  | {
      readonly kind: 'published'
      readonly mdc: number
      readonly design: StudyDesign
      readonly source: string
      /** The source in a few words, for a table cell. */
      readonly cite: string
    }
  /** Placement error only: a lower bound of the change that is real (no repeatability data for this measure). */
  | { readonly kind: 'placement' }

export type EvidenceKind = Evidence['kind']

/** The best evidence there is for a metric of a view. */
export function evidenceFor(view: View, metric: string, clinic?: ClinicFigures): Evidence {
  const own = clinic?.[view]?.[metric]
  if (own && own.pairs >= MIN_STUDY_PAIRS && Number.isFinite(own.mdc))
    return { kind: 'clinic', mdc: own.mdc, pairs: own.pairs }
  const published = judgingPublication(view, metric)
  if (published)
    return {
      kind: 'published',
      mdc: published.mdc95,
      design: published.design,
      source: published.source,
      cite: published.cite,
    }
  return { kind: 'placement' }
}

/**
 * The change a real one must exceed: the placement SRD, or the evidence's MDC when it
 * is larger; null when neither is known.
 */
export function changeLimit(srd: number | null, evidence: Evidence): number | null {
  if (evidence.kind === 'placement') return srd
  return srd === null ? evidence.mdc : Math.max(srd, evidence.mdc)
}
