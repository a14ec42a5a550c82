/** Posterior view metrics (docs/metrics.md, "Posterior view"). Subject's back to the camera. */
import { bend, bendFromVertical } from '../geometry/angles.js'
import { type PosteriorMarker, SIDE_SUFFIX, type Side } from '../markers.js'
import { POSTERIOR_VIEW } from './body.js'
import type { Calibration, Metric } from './metric.js'
import { pairTilt, plumbOffset } from './shapes.js'
import { OUR_DERIVATION, SPECIFICATION } from './sources.js'

const { right: R, left: L } = POSTERIOR_VIEW

type PosteriorMetric = Metric<PosteriorMarker, Calibration>

const VALGUS = 'Positive: calcaneus in valgus (its lower end lateral to the leg axis); negative: varus.'

/** The markers of the subject's `foot` leg: popliteal point, Achilles tendon, heel (calcaneus). */
function footMarkers(foot: Side) {
  const suffix = SIDE_SUFFIX[foot]
  return { popliteal: `popliteo_${suffix}`, achilles: `aquiles_${suffix}`, heel: `calcaneo_${suffix}` } as const
}

/** Rearfoot angle of the subject's `foot` foot, with the leg axis through the marked popliteal point. */
function rearfoot(name: string, foot: Side, h: 1 | -1): PosteriorMetric {
  const { popliteal, achilles, heel } = footMarkers(foot)
  return {
    name,
    unit: 'degrees',
    range: 'signed_angle',
    formula: `Rearfoot angle of the ${foot} foot: turn from the leg axis ${popliteal} -> ${achilles} to the heel axis ${achilles} -> ${heel}, with the subject's ${foot} (lateral) as positive across.`,
    meaning: VALGUS,
    segments: [
      [popliteal, achilles],
      [achilles, heel],
    ],
    source: SPECIFICATION,
    compute: (m) => bend(m[popliteal], m[achilles], m[heel], h),
  }
}

/** Rearfoot angle with estimate_popliteal: the leg axis is the image vertical through the Achilles marker. */
function rearfootFromVertical(name: string, foot: Side, h: 1 | -1): PosteriorMetric {
  const { achilles, heel } = footMarkers(foot)
  return {
    name,
    unit: 'degrees',
    range: 'signed_angle',
    formula: `Rearfoot angle of the ${foot} foot with estimated popliteal point: turn from the vertical (leg axis straight down through ${achilles}) to the heel axis ${achilles} -> ${heel}.`,
    meaning: VALGUS,
    segments: [[achilles, heel]],
    source: SPECIFICATION,
    compute: (m) => bendFromVertical(m[achilles], m[heel], h),
  }
}

function posteriorMetrics(leftFoot: PosteriorMetric, rightFoot: PosteriorMetric): readonly PosteriorMetric[] {
  return [
    leftFoot,
    rightFoot,
    plumbOffset('coronal_balance_c7', 'cervical_7', R, 'C7 spinous process', SPECIFICATION),
    plumbOffset('coronal_balance_t7', 'toracica_7', R, 'T7 spinous process', SPECIFICATION),
    plumbOffset('coronal_balance_l5', 'lumbar_5', R, 'L5 spinous process', SPECIFICATION),
    pairTilt(
      'pelvis_angle',
      'espina_iliaca_posterosuperior_der',
      'espina_iliaca_posterosuperior_izq',
      L,
      'right to the left PSIS',
      'right PSIS lower than the left',
      SPECIFICATION,
    ),
    pairTilt(
      'head_angle',
      'lobulo_der',
      'lobulo_izq',
      L,
      'right to the left ear lobe',
      "head tilted to the subject's right (right lobe lower)",
      SPECIFICATION,
    ),
    // Added after the specification's metrics (docs/metrics.md, "Posterior view"): new fields, appended.
    plumbOffset('coronal_balance_t3', 'toracica_3', R, 'T3 spinous process', OUR_DERIVATION),
    plumbOffset('coronal_balance_t12', 'toracica_12', R, 'T12 spinous process', OUR_DERIVATION),
  ]
}

/** The posterior view's metrics, in response order, with the popliteal markers used as given. */
export const POSTERIOR_METRICS = posteriorMetrics(
  rearfoot('calcaneo_angle_left', 'left', L),
  rearfoot('calcaneo_angle_right', 'right', R),
)

/** The posterior view's metrics when estimate_popliteal is true (popliteal markers ignored). */
export const POSTERIOR_METRICS_ESTIMATED = posteriorMetrics(
  rearfootFromVertical('calcaneo_angle_left', 'left', L),
  rearfootFromVertical('calcaneo_angle_right', 'right', R),
)
