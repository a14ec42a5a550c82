/**
 * Published repeatability of the metrics (docs/uncertainty.md, "Evidence behind a
 * verdict"): per metric, the test-retest or inter-rater figures a study reports (MDC95,
 * SEM, ICC), its population and method, and its citation, with how the study's measure
 * corresponds to ours. A metric with no entry has no published figure for a measure
 * defined as ours; `publishedRepeatability` says so.
 *
 * The rule for verdicts: an entry is used to judge a change (`judges: true`) only when
 * (1) its figures were checked against the paper (abstract or full text; the citation
 * says where), and (2) the study's measure is defined as ours: same landmarks, same
 * reference line, same posture and a photograph. A figure of a differently defined
 * angle is recorded with the difference but never judges a change. At most one entry
 * per metric judges: the inter-rater one where there is one, because a later visit may
 * be marked by another clinician.
 */
import type { View } from '../markers.js'

export type StudyDesign = 'inter_rater' | 'intra_rater' | 'test_retest'

export interface PublishedRepeatability {
  readonly view: View
  /** The metric's name in its table. */
  readonly metric: string
  readonly design: StudyDesign
  /** Minimal detectable change at 95 % confidence, in the metric's unit; null when the study gives none. */
  readonly mdc95: number | null
  /** Standard error of measurement, in the metric's unit; null when the study gives none. */
  readonly sem: number | null
  /** Intraclass correlation as the study reports it (its form in `method`); null when none. */
  readonly icc: number | null
  readonly population: string
  readonly method: string
  /** How the study's measure corresponds to ours (landmarks, reference, posture). */
  readonly definition: string
  /** Author, title, journal, year, DOI. */
  readonly source: string
  /** The source in a few words (first author and year), for a table cell. */
  readonly cite: string
  /** Whether this entry judges changes (the rule above). */
  readonly judges: boolean
}

const GALLEGO_IZQUIERDO =
  'Gallego-Izquierdo T, Arroba-Díaz E, García-Ascoz G, Val-Cano MA, Pecos-Martin D, Cano-de-la-Cuerda R. ' +
  'Psychometric proprieties of a mobile application to measure the craniovertebral angle: a validation and ' +
  'reliability study. Int J Environ Res Public Health. 2020;17(18):6521. doi:10.3390/ijerph17186521 (figures from the abstract).'

const SURGIMAP =
  'Clinimetric properties of the Surgimap smartphone application and system software for the craniovertebral angle ' +
  'in people with neck pain of two age groups, sitting and standing (PMC10558335; figures from the abstract).'

const CVA_DEFINITION =
  'Craniovertebral angle: the line from the C7 spinous process to the tragus against the horizontal, standing, on a lateral photograph; ' +
  'our head_angle_horizontal with apex_cervical placed on C7 (docs/metrics.md, "The apex_cervical marker").'

/** Every published figure recorded, in table order. */
export const PUBLISHED_REPEATABILITY: readonly PublishedRepeatability[] = [
  {
    view: 'lateral',
    metric: 'head_angle_horizontal',
    design: 'inter_rater',
    mdc95: 5.52,
    sem: null,
    icc: 0.83,
    population: '44 adults (mean age 23.3 ± 4.4 years), standing.',
    method:
      'Two experienced physiotherapists; skin markers on the tragus and the C7 prominence; photographs measured with a smartphone application (and photogrammetry). ICC 0.83-0.89 between raters.',
    definition: CVA_DEFINITION,
    source: GALLEGO_IZQUIERDO,
    cite: 'Gallego-Izquierdo et al. 2020',
    judges: true,
  },
  {
    view: 'lateral',
    metric: 'head_angle_horizontal',
    design: 'intra_rater',
    mdc95: 4.96,
    sem: null,
    icc: 0.88,
    population: '44 adults (mean age 23.3 ± 4.4 years), standing.',
    method: 'The same study, one rater measuring twice.',
    definition: CVA_DEFINITION,
    source: GALLEGO_IZQUIERDO,
    cite: 'Gallego-Izquierdo et al. 2020',
    judges: false,
  },
  {
    view: 'lateral',
    metric: 'head_angle_horizontal',
    design: 'intra_rater',
    mdc95: null,
    sem: null,
    icc: 0.972,
    population: '90 adults with neck pain, aged 18-30 and 45-60, sitting and standing.',
    method:
      'One rater, Surgimap on smartphone photographs; the abstract gives MDC 1.3 to 1.733 (unit and condition per value not stated there), ICC 0.972 to 0.991.',
    definition: `${CVA_DEFINITION} Recorded, not used: which MDC belongs to the standing photograph is not in the abstract.`,
    source: SURGIMAP,
    cite: 'Surgimap study (PMC10558335)',
    judges: false,
  },
]

/** The published figures of a metric (empty: no published figure for a measure defined as ours). */
export function publishedRepeatability(view: View, metric: string): PublishedRepeatability[] {
  return PUBLISHED_REPEATABILITY.filter((p) => p.view === view && p.metric === metric)
}

/** The published figure that judges a change of the metric, with an MDC95; undefined when none. */
export function judgingPublication(
  view: View,
  metric: string,
): (PublishedRepeatability & { mdc95: number }) | undefined {
  return PUBLISHED_REPEATABILITY.find(
    (p): p is PublishedRepeatability & { mdc95: number } =>
      p.view === view && p.metric === metric && p.judges && p.mdc95 !== null,
  )
}
