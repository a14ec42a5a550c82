/** Posterior view metrics (METRICS.md, "Posterior view"). Subject's back to the camera. */
import { bend, bendFromVertical, offset, tilt } from '../geometry/angles.js'
import type { PosteriorMarker } from '../markers.js'
import { POSTERIOR_VIEW } from './body.js'
import type { Calibration, Metric } from './metric.js'

const { right: R, left: L } = POSTERIOR_VIEW

type PosteriorMetric = Metric<PosteriorMarker, Calibration>

const VALGUS = 'Positive: calcaneus in valgus (its lower end lateral to the leg axis); negative: varus.'

/** Rearfoot angle with the leg axis through the marked popliteal point. */
function rearfoot(name: string, side: 'der' | 'izq', h: 1 | -1, foot: string): PosteriorMetric {
  const popliteal = `popliteo_${side}` as const
  const achilles = `aquiles_${side}` as const
  const heel = `calcaneo_${side}` as const
  return {
    name,
    unit: 'degrees',
    formula: `Rearfoot angle of the ${foot} foot: turn from the leg axis ${popliteal} -> ${achilles} to the heel axis ${achilles} -> ${heel}, with the subject's ${foot} (lateral) as positive across.`,
    meaning: VALGUS,
    segments: [
      [popliteal, achilles],
      [achilles, heel],
    ],
    compute: (m) => bend(m[popliteal], m[achilles], m[heel], h),
  }
}

/** Rearfoot angle with estimate_popliteal: the leg axis is the image vertical through the Achilles marker. */
function rearfootFromVertical(name: string, side: 'der' | 'izq', h: 1 | -1, foot: string): PosteriorMetric {
  const achilles = `aquiles_${side}` as const
  const heel = `calcaneo_${side}` as const
  return {
    name,
    unit: 'degrees',
    formula: `Rearfoot angle of the ${foot} foot with estimated popliteal point: turn from the vertical (leg axis straight down through ${achilles}) to the heel axis ${achilles} -> ${heel}.`,
    meaning: VALGUS,
    segments: [[achilles, heel]],
    compute: (m) => bendFromVertical(m[achilles], m[heel], h),
  }
}

function balance(name: string, marker: PosteriorMarker, vertebra: string): PosteriorMetric {
  return {
    name,
    unit: 'cm',
    formula: `offset(${marker}, R): horizontal distance of ${vertebra} from the vertical reference line x = lrv_x, (x - lrv_x) * fc toward the subject's right.`,
    meaning: `Positive: ${vertebra} lies to the subject's right of the reference line; negative: to their left.`,
    segments: [],
    compute: (m, c) => offset(m[marker], R, c.lrv_x, c.fc),
  }
}

function posteriorMetrics(leftFoot: PosteriorMetric, rightFoot: PosteriorMetric): readonly PosteriorMetric[] {
  return [
    leftFoot,
    rightFoot,
    balance('coronal_balance_c7', 'cervical_7', 'C7'),
    balance('coronal_balance_t7', 'toracica_7', 'T7'),
    balance('coronal_balance_l5', 'lumbar_5', 'L5'),
    {
      name: 'pelvis_angle',
      unit: 'degrees',
      formula: 'tilt(espina_iliaca_posterosuperior_der, espina_iliaca_posterosuperior_izq, L): angle of the line joining the PSISs above the horizontal.',
      meaning: 'Positive: right PSIS lower than the left; 0: level pelvis.',
      segments: [['espina_iliaca_posterosuperior_der', 'espina_iliaca_posterosuperior_izq']],
      compute: (m) => tilt(m.espina_iliaca_posterosuperior_der, m.espina_iliaca_posterosuperior_izq, L),
    },
    {
      name: 'head_angle',
      unit: 'degrees',
      formula: 'tilt(lobulo_der, lobulo_izq, L): angle of the line from the right to the left ear lobe above the horizontal.',
      meaning: "Positive: head tilted to the subject's right (right lobe lower); 0: level.",
      segments: [['lobulo_der', 'lobulo_izq']],
      compute: (m) => tilt(m.lobulo_der, m.lobulo_izq, L),
    },
  ]
}

/** The posterior view's metrics, in response order, with the popliteal markers used as given. */
export const POSTERIOR_METRICS = posteriorMetrics(
  rearfoot('calcaneo_angle_left', 'izq', L, 'left'),
  rearfoot('calcaneo_angle_right', 'der', R, 'right'),
)

/** The posterior view's metrics when estimate_popliteal is true (popliteal markers ignored). */
export const POSTERIOR_METRICS_ESTIMATED = posteriorMetrics(
  rearfootFromVertical('calcaneo_angle_left', 'izq', L, 'left'),
  rearfootFromVertical('calcaneo_angle_right', 'der', R, 'right'),
)
