/** Anterior view metrics (docs/metrics.md, "Anterior view"). Subject faces the camera. */
import { bend, lean, lineTurn } from '../geometry/angles.js'
import { type AnteriorMarker, SIDE_SUFFIX, type Side } from '../markers.js'
import { ANTERIOR_VIEW } from './body.js'
import type { Calibration, Metric } from './metric.js'
import { pairTilt, plumbOffset } from './shapes.js'
import { OUR_DERIVATION, SAPO, SPECIFICATION } from './sources.js'

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
    meaning:
      'Positive: the tibial tuberosity lies lateral to the thigh line (the usual valgus Q angle, typically +10 to +20); negative: medial.',
    segments: [
      [asis, patella],
      [patella, tuberosity],
    ],
    source: SPECIFICATION,
    compute: (m) => bend(m[asis], m[patella], m[tuberosity], h),
  }
}

/** The anterior view's metrics, in response order. */
export const ANTERIOR_METRICS: readonly AnteriorMetric[] = [
  pairTilt(
    'head_angle',
    'tragus_der',
    'tragus_izq',
    L,
    'right to the left tragus',
    "head tilted to the subject's right (right tragus lower)",
    SPECIFICATION,
  ),
  plumbOffset('dist_eminencia_frontal', 'eminencia_frontal_media', R, 'mid-frontal eminence', SPECIFICATION),
  plumbOffset('dist_espina_nasal', 'espina_nasal', R, 'nasal spine', SPECIFICATION),
  plumbOffset('dist_punto_mentoniano', 'punto_mentoniano', R, 'chin point', SPECIFICATION),
  {
    name: 'trunk_angle',
    unit: 'degrees',
    range: 'signed_angle',
    formula:
      'lean(punto_sinfisis_pubiana, escotadura_esternal, R): angle of the line from the pubic symphysis up to the sternal notch against the vertical.',
    meaning: "Positive: trunk inclined to the subject's right (sternal notch right of the pubis); 0: upright.",
    segments: [['punto_sinfisis_pubiana', 'escotadura_esternal']],
    source: SPECIFICATION,
    compute: (m) => lean(m.punto_sinfisis_pubiana, m.escotadura_esternal, R),
  },
  pairTilt(
    'pelvis_angle',
    'espina_iliaca_anterosuperior_der',
    'espina_iliaca_anterosuperior_izq',
    L,
    'right to the left ASIS',
    'right ASIS lower than the left',
    SPECIFICATION,
  ),
  qAngle('q_angle_right', 'right', R),
  qAngle('q_angle_left', 'left', L),
  // Added after the specification's metrics (docs/metrics.md, "Anterior view"): new fields, appended.
  {
    ...pairTilt(
      'shoulder_angle',
      'punto_acromion_der',
      'punto_acromion_izq',
      L,
      'right to the left acromion',
      'right acromion lower than the left (right shoulder down)',
      SAPO,
    ),
    published:
      'Published: in 115 young adults, 68% had the shoulders inclined to the right; small asymmetries are the norm (Ferreira et al. 2011, doi:10.1016/j.jmpt.2011.05.018).',
  },
  {
    name: 'shoulder_pelvis_angle',
    unit: 'degrees',
    range: 'signed_angle',
    formula:
      "turn from the shoulder line (punto_acromion_der -> punto_acromion_izq) to the pelvis line (espina_iliaca_anterosuperior_der -> espina_iliaca_anterosuperior_izq), with the subject's left as positive across: pelvis_angle minus shoulder_angle, in (-180, 180].",
    meaning:
      "Positive: the pelvis line drops more to the subject's right than the shoulder line (the right side of the trunk, acromion to ASIS, is the taller); negative: to the left; 0: the two lines are parallel.",
    segments: [
      ['punto_acromion_der', 'punto_acromion_izq'],
      ['espina_iliaca_anterosuperior_der', 'espina_iliaca_anterosuperior_izq'],
    ],
    source: SAPO,
    compute: (m) =>
      lineTurn(
        m.punto_acromion_der,
        m.punto_acromion_izq,
        m.espina_iliaca_anterosuperior_der,
        m.espina_iliaca_anterosuperior_izq,
        L,
      ),
  },
  pairTilt(
    'tibial_tuberosity_angle',
    'tat_der',
    'tat_izq',
    L,
    'right to the left tibial tuberosity',
    'right tibial tuberosity lower than the left',
    SAPO,
  ),
  plumbOffset('dist_apendice_xifoides', 'apendice_xifoides', R, 'xiphoid process', OUR_DERIVATION),
  plumbOffset('dist_ombligo', 'ombligo', R, 'navel', OUR_DERIVATION),
]
