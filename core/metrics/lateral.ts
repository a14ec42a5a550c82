/** Lateral view metrics (docs/metrics.md, "Lateral view"). `side` decides which way is forward. */
import { fullTurn, lean, tilt, vertexTurn, type Direction } from '../geometry/angles.js'
import type { LateralMarker } from '../markers.js'
import type { Metric } from './metric.js'

/** The lateral metrics need only the forward direction A (from `side`), not the calibration. */
export interface LateralContext {
  readonly forward: Direction
}

type LateralMetric = Metric<LateralMarker, LateralContext>

/** The lateral view's metrics, in response order. */
export const LATERAL_METRICS: readonly LateralMetric[] = [
  {
    name: 'head_angle_horizontal',
    unit: 'degrees',
    range: 'signed_angle',
    formula: 'tilt(apex_cervical, tragus, A): angle of the line from the cervical apex to the tragus above the forward horizontal.',
    meaning: 'Craniovertebral angle: larger means a more upright head; smaller means the head is further forward.',
    segments: [['apex_cervical', 'tragus']],
    compute: (m, c) => tilt(m.apex_cervical, m.tragus, c.forward),
  },
  {
    name: 'trunk_angle_vertical',
    unit: 'degrees',
    range: 'signed_angle',
    formula: 'lean(trocanter_mayor, punto_acromion, A): angle of the line from the greater trochanter up to the acromion against the vertical.',
    meaning: 'Positive: acromion in front of the greater trochanter (trunk leaning forward); negative: leaning back.',
    segments: [['trocanter_mayor', 'punto_acromion']],
    compute: (m, c) => lean(m.trocanter_mayor, m.punto_acromion, c.forward),
  },
  {
    name: 'elbow_angle',
    unit: 'degrees',
    range: 'full_turn',
    formula: 'At punto_epicondilo, the turn from the forearm (to base_3er_metacarpiano) to the upper arm (to punto_acromion), taken in [0, 360).',
    meaning: 'Angle on the front of the arm: 180 straight, below 180 flexed, above 180 hyperextended.',
    segments: [
      ['punto_epicondilo', 'base_3er_metacarpiano'],
      ['punto_epicondilo', 'punto_acromion'],
    ],
    compute: (m, c) => fullTurn(vertexTurn(m.base_3er_metacarpiano, m.punto_epicondilo, m.punto_acromion, c.forward)),
  },
  {
    name: 'knee_angle',
    unit: 'degrees',
    range: 'full_turn',
    formula: 'At tuberculo_condilo_externo, the turn from the thigh (to trocanter_mayor) to the leg (to borde_anterior_maleolo), taken in [0, 360).',
    meaning: 'Angle on the back of the leg: 180 straight, below 180 flexed, above 180 hyperextended (recurvatum).',
    segments: [
      ['tuberculo_condilo_externo', 'trocanter_mayor'],
      ['tuberculo_condilo_externo', 'borde_anterior_maleolo'],
    ],
    compute: (m, c) => fullTurn(vertexTurn(m.trocanter_mayor, m.tuberculo_condilo_externo, m.borde_anterior_maleolo, c.forward)),
  },
]
