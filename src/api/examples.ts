/**
 * One realistic request body per endpoint (an 800 x 1800 px photo, fc = 0.1 cm/px)
 * and the service's exact answer to it, shown in the OpenAPI document and reused by
 * the tests and the benchmark; test/openapi/examples.test.ts keeps the answers true.
 */
export const EXAMPLES = {
  anterior: {
    calibration: { lrv_x: 400, fc: 0.1, grid_size_cm: 10 },
    markers: {
      eminencia_frontal_media: [402, 180],
      espina_nasal: [401, 245],
      punto_mentoniano: [400, 300],
      tragus_der: [345, 235],
      tragus_izq: [457, 232],
      punto_acromion_der: [268, 400],
      punto_acromion_izq: [535, 396],
      escotadura_esternal: [402, 390],
      apendice_xifoides: [403, 560],
      ombligo: [404, 720],
      punto_sinfisis_pubiana: [405, 900],
      espina_iliaca_anterosuperior_der: [330, 830],
      espina_iliaca_anterosuperior_izq: [478, 826],
      centro_rotula_der: [350, 1250],
      centro_rotula_izq: [455, 1248],
      tat_der: [340, 1320],
      tat_izq: [465, 1318],
    },
  },
  posterior: {
    calibration: { lrv_x: 400, fc: 0.1 },
    estimate_popliteal: false,
    markers: {
      lobulo_izq: [350, 240],
      lobulo_der: [452, 243],
      cervical_7: [401, 330],
      toracica_3: [402, 420],
      toracica_7: [404, 560],
      toracica_12: [405, 720],
      lumbar_5: [403, 860],
      espina_iliaca_posterosuperior_izq: [370, 880],
      espina_iliaca_posterosuperior_der: [436, 882],
      popliteo_izq: [360, 1290],
      popliteo_der: [445, 1290],
      aquiles_izq: [365, 1640],
      aquiles_der: [440, 1640],
      calcaneo_izq: [362, 1700],
      calcaneo_der: [445, 1702],
    },
  },
  lateral: {
    calibration: { lrv_x: 400, fc: 0.1 },
    side: 'right',
    markers: {
      tragus: [420, 230],
      apex_cervical: [375, 300],
      punto_acromion: [400, 400],
      punto_epicondilo: [395, 640],
      base_3er_metacarpiano: [470, 820],
      apex_lumbar: [355, 800],
      trocanter_mayor: [405, 930],
      tuberculo_condilo_externo: [415, 1300],
      borde_anterior_maleolo: [405, 1680],
    },
  },
  popliteal: {
    aquiles: { x: 440, y: 1640 },
    calcaneo: { x: 443, y: 1700 },
    factor: 6,
  },
} as const

/** The exact 200 answer to each example (unrounded, as the service sends it). */
export const ANSWERS = {
  anterior: {
    head_angle: 1.5343414997007685,
    dist_eminencia_frontal: -0.2,
    dist_espina_nasal: -0.1,
    dist_punto_mentoniano: 0,
    trunk_angle: 0.3370301098578076,
    pelvis_angle: 1.548157698977968,
    q_angle_right: 10.856413348062244,
    q_angle_left: 11.24977155163498,
    shoulder_angle: 0.8582995300315155,
    shoulder_pelvis_angle: 0.6898581689464522,
    tibial_tuberosity_angle: 0.9166542563852879,
    dist_apendice_xifoides: -0.30000000000000004,
    dist_ombligo: -0.4,
    unit_angles: 'degrees',
    unit_distances: 'cm',
  },
  posterior: {
    calcaneo_angle_left: 3.680860687800362,
    calcaneo_angle_right: 5.429104780349224,
    coronal_balance_c7: 0.1,
    coronal_balance_t7: 0.4,
    coronal_balance_l5: 0.30000000000000004,
    pelvis_angle: 1.735704588928389,
    head_angle: 1.6846843178962914,
    coronal_balance_t3: 0.2,
    coronal_balance_t12: 0.5,
    unit_angles: 'degrees',
    unit_distances: 'cm',
  },
  lateral: {
    head_angle_horizontal: 57.264773727892404,
    trunk_angle_vertical: -0.5405101871306665,
    elbow_angle: 156.18664562797755,
    knee_angle: 176.9444065422471,
    head_angle_vertical: 6.709836807756933,
    hip_angle: 178.99235248815268,
    ankle_angle: 88.49256424122504,
    body_angle_vertical: -0.22381050036853808,
    dist_apex_lumbar: -4.5,
    side: 'right',
    unit: 'degrees',
    unit_distances: 'cm',
  },
  popliteal: {
    popliteo: { x: 440, y: 1279.5502808989859 },
  },
} as const

/** A lateral request with two schema problems: fc is 0 and the tragus has one number. */
export const INVALID_LATERAL = {
  ...EXAMPLES.lateral,
  calibration: { lrv_x: 400, fc: 0 },
  markers: { ...EXAMPLES.lateral.markers, tragus: [420] },
} as const

/** A lateral request whose acromion is placed on the greater trochanter: the trunk and hip angles are undefined. */
export const COINCIDENT_LATERAL = {
  ...EXAMPLES.lateral,
  markers: { ...EXAMPLES.lateral.markers, punto_acromion: [405, 930] },
} as const

/** The exact 422 answers to INVALID_LATERAL and COINCIDENT_LATERAL. */
export const VALIDATION_ERROR_EXAMPLES = [
  {
    detail: [
      {
        loc: ['body', 'calibration', 'fc'],
        msg: 'calibration.fc must be greater than 0; got 0. Expected: Centimetres per pixel: a length of n pixels is n * fc cm. A finite number > 0.',
        type: 'greater_than',
        input: 0,
        ctx: { gt: 0 },
      },
      {
        loc: ['body', 'markers', 'tragus'],
        msg: "Marker 'tragus' must be exactly two numbers [x, y] in pixels; got 1 value.",
        type: 'too_short',
        input: [420],
        ctx: { min_length: 2, actual_length: 1 },
      },
    ],
  },
  {
    detail: [
      {
        loc: ['body', 'markers', 'punto_acromion'],
        msg: "Markers 'trocanter_mayor' and 'punto_acromion' are at the same point [405, 930], so trunk_angle_vertical and hip_angle cannot be computed (the direction between them is undefined). Place them at distinct points.",
        type: 'undefined_geometry',
        ctx: {
          markers: ['trocanter_mayor', 'punto_acromion'],
          at: [405, 930],
          metrics: ['trunk_angle_vertical', 'hip_angle'],
        },
      },
    ],
  },
] as const
