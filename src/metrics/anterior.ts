/** Anterior view metrics (METRICS.md, "Anterior view"). Subject faces the camera. */
import { bend, lean, offset, tilt } from '../geometry/angles.js'
import type { AnteriorMarker } from '../markers.js'
import { ANTERIOR_VIEW } from './body.js'
import type { Calibration, Metric } from './metric.js'

const { right: R, left: L } = ANTERIOR_VIEW

type AnteriorMetric = Metric<AnteriorMarker, Calibration>

function distance(name: string, marker: AnteriorMarker, what: string): AnteriorMetric {
  return {
    name,
    unit: 'cm',
    formula: `offset(${marker}, R): horizontal distance of the ${what} from the vertical reference line x = lrv_x, (x - lrv_x) * fc toward the subject's right.`,
    meaning: `Positive: the ${what} lies to the subject's right of the reference line; negative: to their left.`,
    segments: [],
    compute: (m, c) => offset(m[marker], R, c.lrv_x, c.fc),
  }
}

function qAngle(name: string, side: 'der' | 'izq', h: 1 | -1, leg: string): AnteriorMetric {
  const asis = `espina_iliaca_anterosuperior_${side}` as const
  const patella = `centro_rotula_${side}` as const
  const tuberosity = `tat_${side}` as const
  return {
    name,
    unit: 'degrees',
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
  {
    name: 'head_angle',
    unit: 'degrees',
    formula: 'tilt(tragus_der, tragus_izq, L): angle of the line from the right to the left tragus above the horizontal.',
    meaning: "Positive: head tilted to the subject's right (right tragus lower); 0: level.",
    segments: [['tragus_der', 'tragus_izq']],
    compute: (m) => tilt(m.tragus_der, m.tragus_izq, L),
  },
  distance('dist_eminencia_frontal', 'eminencia_frontal_media', 'mid-frontal eminence'),
  distance('dist_espina_nasal', 'espina_nasal', 'nasal spine'),
  distance('dist_punto_mentoniano', 'punto_mentoniano', 'chin point'),
  {
    name: 'trunk_angle',
    unit: 'degrees',
    formula: 'lean(punto_sinfisis_pubiana, escotadura_esternal, R): angle of the line from the pubic symphysis up to the sternal notch against the vertical.',
    meaning: "Positive: trunk inclined to the subject's right (sternal notch right of the pubis); 0: upright.",
    segments: [['punto_sinfisis_pubiana', 'escotadura_esternal']],
    compute: (m) => lean(m.punto_sinfisis_pubiana, m.escotadura_esternal, R),
  },
  {
    name: 'pelvis_angle',
    unit: 'degrees',
    formula: 'tilt(espina_iliaca_anterosuperior_der, espina_iliaca_anterosuperior_izq, L): angle of the line joining the ASISs above the horizontal.',
    meaning: 'Positive: right ASIS lower than the left; 0: level pelvis.',
    segments: [['espina_iliaca_anterosuperior_der', 'espina_iliaca_anterosuperior_izq']],
    compute: (m) => tilt(m.espina_iliaca_anterosuperior_der, m.espina_iliaca_anterosuperior_izq, L),
  },
  qAngle('q_angle_right', 'der', R, 'right'),
  qAngle('q_angle_left', 'izq', L, 'left'),
]
