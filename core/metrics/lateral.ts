/** Lateral view metrics (docs/metrics.md, "Lateral view"). `side` decides which way is forward. */
import { type Direction, fullTurn, lean, offset, tilt, vertexTurn } from '../geometry/angles.js'
import type { LateralMarker } from '../markers.js'
import type { Calibration, Metric } from './metric.js'
import { plumbOffset } from './shapes.js'
import { CRANIOVERTEBRAL, OUR_DERIVATION, SAPO, SPECIFICATION, VERTICAL_RELIABILITY } from './sources.js'

/**
 * The forward direction A (from `side`), and the calibration: only the distance
 * from the reference line (dist_apex_lumbar) reads lrv_x and fc.
 */
export interface LateralContext extends Calibration {
  readonly forward: Direction
}

type LateralMetric = Metric<LateralMarker, LateralContext>

const MALLEOLUS_EDGE =
  "borde_anterior_maleolo is the malleolus' front edge, SAPO's landmark its centre (lateral malleolus): the lower end of the line sits forward by d, the edge-to-centre distance"

/** The lateral view's metrics, in response order. */
export const LATERAL_METRICS: readonly LateralMetric[] = [
  {
    name: 'head_angle_horizontal',
    unit: 'degrees',
    range: 'signed_angle',
    formula:
      'tilt(apex_cervical, tragus, A): angle of the line from the cervical apex to the tragus above the forward horizontal.',
    meaning: 'Craniovertebral angle: larger means a more upright head; smaller means the head is further forward.',
    segments: [['apex_cervical', 'tragus']],
    source: CRANIOVERTEBRAL,
    landmarks:
      'apex_cervical is placed on the C7 spinous process, the vertex of the craniovertebral angle (docs/metrics.md, "The apex_cervical marker"); placed on the deepest point of the neck\'s curve instead, the value is not comparable with published craniovertebral angles.',
    published:
      'Published: 47.4 ± 5.2 degrees in adolescents aged 15-17, standing (Ruivo et al. 2014, doi:10.1590/bjpt-rbf.2014.0027).',
    compute: (m, c) => tilt(m.apex_cervical, m.tragus, c.forward),
  },
  {
    name: 'trunk_angle_vertical',
    unit: 'degrees',
    range: 'signed_angle',
    formula:
      'lean(trocanter_mayor, punto_acromion, A): angle of the line from the greater trochanter up to the acromion against the vertical.',
    meaning: 'Positive: acromion in front of the greater trochanter (trunk leaning forward); negative: leaning back.',
    segments: [['trocanter_mayor', 'punto_acromion']],
    source: SPECIFICATION,
    compute: (m, c) => lean(m.trocanter_mayor, m.punto_acromion, c.forward),
  },
  {
    name: 'elbow_angle',
    unit: 'degrees',
    range: 'full_turn',
    formula:
      'At punto_epicondilo, the turn from the forearm (to base_3er_metacarpiano) to the upper arm (to punto_acromion), taken in [0, 360).',
    meaning: 'Angle on the front of the arm: 180 straight, below 180 flexed, above 180 hyperextended.',
    segments: [
      ['punto_epicondilo', 'base_3er_metacarpiano'],
      ['punto_epicondilo', 'punto_acromion'],
    ],
    source: SPECIFICATION,
    compute: (m, c) => fullTurn(vertexTurn(m.base_3er_metacarpiano, m.punto_epicondilo, m.punto_acromion, c.forward)),
  },
  {
    name: 'knee_angle',
    unit: 'degrees',
    range: 'full_turn',
    formula:
      'At tuberculo_condilo_externo, the turn from the thigh (to trocanter_mayor) to the leg (to borde_anterior_maleolo), taken in [0, 360).',
    meaning: 'Angle on the back of the leg: 180 straight, below 180 flexed, above 180 hyperextended (recurvatum).',
    segments: [
      ['tuberculo_condilo_externo', 'trocanter_mayor'],
      ['tuberculo_condilo_externo', 'borde_anterior_maleolo'],
    ],
    source: SPECIFICATION,
    compute: (m, c) =>
      fullTurn(vertexTurn(m.trocanter_mayor, m.tuberculo_condilo_externo, m.borde_anterior_maleolo, c.forward)),
  },
  // Added after the specification's metrics (docs/metrics.md, "Lateral view"): new fields, appended.
  {
    name: 'head_angle_vertical',
    unit: 'degrees',
    range: 'signed_angle',
    formula:
      'lean(punto_acromion, tragus, A): angle of the line from the acromion up to the tragus against the vertical.',
    meaning:
      'Positive: tragus in front of the acromion (head forward of the shoulder); negative: behind it; 0: on one vertical.',
    segments: [['punto_acromion', 'tragus']],
    source: SAPO,
    published: VERTICAL_RELIABILITY,
    compute: (m, c) => lean(m.punto_acromion, m.tragus, c.forward),
  },
  {
    name: 'hip_angle',
    unit: 'degrees',
    range: 'full_turn',
    formula:
      'At trocanter_mayor, the turn from the thigh (to tuberculo_condilo_externo) to the trunk (to punto_acromion), taken in [0, 360).',
    meaning:
      'Angle on the front of the hip, between trunk and thigh: 180 straight, below 180 flexed, above 180 extended.',
    segments: [
      ['trocanter_mayor', 'tuberculo_condilo_externo'],
      ['trocanter_mayor', 'punto_acromion'],
    ],
    source: SAPO,
    landmarks:
      'tuberculo_condilo_externo is placed on the outside of the knee at the joint line (its hint), the point SAPO uses for this angle.',
    compute: (m, c) =>
      fullTurn(vertexTurn(m.tuberculo_condilo_externo, m.trocanter_mayor, m.punto_acromion, c.forward)),
  },
  {
    name: 'ankle_angle',
    unit: 'degrees',
    range: 'signed_angle',
    formula:
      'tilt(borde_anterior_maleolo, tuberculo_condilo_externo, A): angle of the line from the malleolus up to the knee above the forward horizontal.',
    meaning:
      'Angle of the leg against the floor, on its front: 90 leg vertical, below 90 knee in front of the ankle, above 90 knee behind it.',
    segments: [['borde_anterior_maleolo', 'tuberculo_condilo_externo']],
    source: SAPO,
    landmarks: `${MALLEOLUS_EDGE}, so the value is larger than SAPO's by about deg(d / leg length) (about 1.4 degrees for 1 cm on a 40 cm leg).`,
    compute: (m, c) => tilt(m.borde_anterior_maleolo, m.tuberculo_condilo_externo, c.forward),
  },
  {
    name: 'body_angle_vertical',
    unit: 'degrees',
    range: 'signed_angle',
    formula:
      'lean(borde_anterior_maleolo, punto_acromion, A): angle of the line from the malleolus up to the acromion against the vertical.',
    meaning:
      'Positive: acromion in front of the ankle (whole body leaning forward); negative: leaning back; 0: on one vertical.',
    segments: [['borde_anterior_maleolo', 'punto_acromion']],
    source: SAPO,
    landmarks: `${MALLEOLUS_EDGE}, so the value is smaller than SAPO's by about deg(d / ankle-to-acromion height) (about 0.4 degrees for 1 cm at 140 cm).`,
    published: VERTICAL_RELIABILITY,
    compute: (m, c) => lean(m.borde_anterior_maleolo, m.punto_acromion, c.forward),
  },
  forwardOffset('dist_apex_lumbar', 'apex_lumbar', 'lumbar apex'),
]

/** plumbOffset toward the front A, which the lateral view takes from `side`. */
function forwardOffset(name: string, marker: LateralMarker, what: string): LateralMetric {
  const words = plumbOffset(name, marker, 1, what, OUR_DERIVATION, 'A')
  return { ...words, compute: (m, c) => offset(m[marker], c.forward, c.lrv_x, c.fc) }
}
