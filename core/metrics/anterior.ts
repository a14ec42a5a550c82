/** Anterior view metrics (docs/metrics.md, "Anterior view"). Subject faces the camera. */
import { bend, lean } from '../geometry/angles.js'
import { SIDE_SUFFIX, type AnteriorMarker, type Side } from '../markers.js'
import { ANTERIOR_VIEW } from './body.js'
import type { Calibration, Metric } from './metric.js'
import { pairTilt, plumbOffset } from './shapes.js'

const { right: R, left: L } = ANTERIOR_VIEW

type AnteriorMetric = Metric<AnteriorMarker, Calibration>

/** The Q angle of the subject's `leg` leg; h is the direction of that side (lateral). */
function qAngle(name: string, leg: Side, h: 1 | -1): AnteriorMetric {
  const suffix = SIDE_SUFFIX[leg]
  const asis = `espina_iliaca_anterosuperior_${suffix}` as const
  const patella = `centro_rotula_${suffix}` as const
  const tuberosity = `tat_${suffix}` as const
  return {
    name,
    unit: 'degrees',
    range: 'signed_angle',
    formula: `Q angle of the ${leg} leg: turn from the thigh line ${asis} -> ${patella} to the patellar tendon line ${patella} -> ${tuberosity}, with the subject's ${leg} (lateral) as positive across.`,
    meaning: 'Positive: the tibial tuberosity lies lateral to the thigh line (the usual valgus Q angle, typically +10 to +20); negative: medial.',
    segments: [
      [asis, patella],
      [patella, tuberosity],
    ],
    compute: (m) => bend(m[asis], m[patella], m[tuberosity], h),
  }
}

/** The anterior view's metrics, in response order. */
export const ANTERIOR_METRICS: readonly AnteriorMetric[] = [
  pairTilt('head_angle', 'tragus_der', 'tragus_izq', L, 'right to the left tragus', "head tilted to the subject's right (right tragus lower)"),
  plumbOffset('dist_eminencia_frontal', 'eminencia_frontal_media', R, 'mid-frontal eminence'),
  plumbOffset('dist_espina_nasal', 'espina_nasal', R, 'nasal spine'),
  plumbOffset('dist_punto_mentoniano', 'punto_mentoniano', R, 'chin point'),
  {
    name: 'trunk_angle',
    unit: 'degrees',
    range: 'signed_angle',
    formula: 'lean(punto_sinfisis_pubiana, escotadura_esternal, R): angle of the line from the pubic symphysis up to the sternal notch against the vertical.',
    meaning: "Positive: trunk inclined to the subject's right (sternal notch right of the pubis); 0: upright.",
    segments: [['punto_sinfisis_pubiana', 'escotadura_esternal']],
    compute: (m) => lean(m.punto_sinfisis_pubiana, m.escotadura_esternal, R),
  },
  pairTilt('pelvis_angle', 'espina_iliaca_anterosuperior_der', 'espina_iliaca_anterosuperior_izq', L, 'right to the left ASIS', 'right ASIS lower than the left'),
  qAngle('q_angle_right', 'right', R),
  qAngle('q_angle_left', 'left', L),
]
