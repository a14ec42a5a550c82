/**
 * The one definition of every view's markers: names (exactly as the spec spells
 * them), the order a person places them in, and a label and anatomical hint for
 * each. The API schemas, the metric modules and the marking app all read it, so a
 * marker name is typed once, here.
 *
 * Pure data, no Node or browser APIs: the web app imports this file too.
 */

export interface MarkerInfo {
  /** Field name in the request, case-sensitive. */
  readonly name: string
  /** Short human label. */
  readonly label: string
  /** One line telling where on the body the marker goes. */
  readonly hint: string
}

export const ANTERIOR_MARKERS = [
  {
    name: 'eminencia_frontal_media',
    label: 'Mid-frontal eminence',
    hint: 'Centre of the forehead, midway between the eyebrows and the hairline.',
  },
  { name: 'espina_nasal', label: 'Nasal spine', hint: 'Base of the nose, where the nasal septum meets the upper lip.' },
  { name: 'punto_mentoniano', label: 'Chin point', hint: 'Lowest midline point of the chin (menton).' },
  {
    name: 'tragus_der',
    label: 'Right tragus',
    hint: "Small cartilage in front of the subject's right ear canal (on the image's left).",
  },
  {
    name: 'tragus_izq',
    label: 'Left tragus',
    hint: "Small cartilage in front of the subject's left ear canal (on the image's right).",
  },
  {
    name: 'punto_acromion_der',
    label: 'Right acromion',
    hint: "Bony tip of the subject's right shoulder: the outer edge of the acromion.",
  },
  {
    name: 'punto_acromion_izq',
    label: 'Left acromion',
    hint: "Bony tip of the subject's left shoulder: the outer edge of the acromion.",
  },
  {
    name: 'escotadura_esternal',
    label: 'Sternal notch',
    hint: 'Dip at the top of the breastbone, between the collarbones.',
  },
  { name: 'apendice_xifoides', label: 'Xiphoid process', hint: 'Lower tip of the breastbone.' },
  { name: 'ombligo', label: 'Navel', hint: 'Centre of the umbilicus.' },
  {
    name: 'punto_sinfisis_pubiana',
    label: 'Pubic symphysis',
    hint: 'Midline joint of the pubic bones, at the top of the pubis.',
  },
  {
    name: 'espina_iliaca_anterosuperior_der',
    label: 'Right ASIS',
    hint: "Subject's right anterior superior iliac spine: the bony point at the front of the right hip.",
  },
  {
    name: 'espina_iliaca_anterosuperior_izq',
    label: 'Left ASIS',
    hint: "Subject's left anterior superior iliac spine: the bony point at the front of the left hip.",
  },
  { name: 'centro_rotula_der', label: 'Right patella centre', hint: "Centre of the subject's right kneecap." },
  { name: 'centro_rotula_izq', label: 'Left patella centre', hint: "Centre of the subject's left kneecap." },
  {
    name: 'tat_der',
    label: 'Right tibial tuberosity',
    hint: 'Bump on the front of the right shin just below the kneecap (ATT).',
  },
  {
    name: 'tat_izq',
    label: 'Left tibial tuberosity',
    hint: 'Bump on the front of the left shin just below the kneecap (ATT).',
  },
] as const satisfies readonly MarkerInfo[]

export const POSTERIOR_MARKERS = [
  {
    name: 'lobulo_izq',
    label: 'Left ear lobe',
    hint: "Lowest point of the subject's left ear lobe (on the image's left).",
  },
  {
    name: 'lobulo_der',
    label: 'Right ear lobe',
    hint: "Lowest point of the subject's right ear lobe (on the image's right).",
  },
  {
    name: 'cervical_7',
    label: 'C7',
    hint: 'Spinous process of the 7th cervical vertebra: the most prominent bump at the base of the neck.',
  },
  {
    name: 'toracica_3',
    label: 'T3',
    hint: 'Spinous process of the 3rd thoracic vertebra: count down from C7. The root of the spine of the scapula is only a rough guide.',
  },
  {
    name: 'toracica_7',
    label: 'T7',
    hint: 'Spinous process of the 7th thoracic vertebra: count down from C7. The lower angle of the scapula is only a rough guide (it lies at T8 on average).',
  },
  {
    name: 'toracica_12',
    label: 'T12',
    hint: 'Spinous process of the 12th thoracic vertebra, where the lowest ribs attach: count down from C7.',
  },
  { name: 'lumbar_5', label: 'L5', hint: 'Spinous process of the 5th lumbar vertebra, just above the sacrum.' },
  {
    name: 'espina_iliaca_posterosuperior_izq',
    label: 'Left PSIS',
    hint: "Subject's left posterior superior iliac spine: the bony point under the dimple over the left side of the sacrum (feel for it where no dimple shows).",
  },
  {
    name: 'espina_iliaca_posterosuperior_der',
    label: 'Right PSIS',
    hint: "Subject's right posterior superior iliac spine: the bony point under the dimple over the right side of the sacrum (feel for it where no dimple shows).",
  },
  { name: 'popliteo_izq', label: 'Left popliteal point', hint: 'Centre of the crease at the back of the left knee.' },
  { name: 'popliteo_der', label: 'Right popliteal point', hint: 'Centre of the crease at the back of the right knee.' },
  {
    name: 'aquiles_izq',
    label: 'Left Achilles',
    hint: 'Midline of the left Achilles tendon, level with the ankle bones.',
  },
  {
    name: 'aquiles_der',
    label: 'Right Achilles',
    hint: 'Midline of the right Achilles tendon, level with the ankle bones.',
  },
  { name: 'calcaneo_izq', label: 'Left calcaneus', hint: 'Midline of the left heel bone, near its lower end.' },
  { name: 'calcaneo_der', label: 'Right calcaneus', hint: 'Midline of the right heel bone, near its lower end.' },
] as const satisfies readonly MarkerInfo[]

export const LATERAL_MARKERS = [
  { name: 'tragus', label: 'Tragus', hint: 'Small cartilage in front of the ear canal.' },
  {
    name: 'apex_cervical',
    label: 'Cervical apex',
    hint: "Spinous process of C7, the most prominent bump at the base of the back of the neck, seen from the side (the vertex of the craniovertebral angle); not the deepest point of the neck's curve.",
  },
  {
    name: 'punto_acromion',
    label: 'Acromion',
    hint: 'Bony tip of the shoulder facing the camera: the outer edge of the acromion.',
  },
  { name: 'punto_epicondilo', label: 'Lateral epicondyle', hint: 'Bony point on the outside of the elbow.' },
  {
    name: 'base_3er_metacarpiano',
    label: '3rd metacarpal base',
    hint: 'Back of the hand at the base of the middle finger bone, near the wrist.',
  },
  { name: 'apex_lumbar', label: 'Lumbar apex', hint: 'Deepest point of the lower-back curve seen from the side.' },
  { name: 'trocanter_mayor', label: 'Greater trochanter', hint: 'Bony prominence on the outside of the hip.' },
  {
    name: 'tuberculo_condilo_externo',
    label: 'Lateral femoral condyle',
    hint: 'Bony point on the outside of the knee, at the knee joint line.',
  },
  {
    name: 'borde_anterior_maleolo',
    label: 'Lateral malleolus (front edge)',
    hint: 'Front edge of the ankle bone on the outside of the ankle.',
  },
] as const satisfies readonly MarkerInfo[]

export const VIEWS = {
  anterior: ANTERIOR_MARKERS,
  posterior: POSTERIOR_MARKERS,
  lateral: LATERAL_MARKERS,
} as const

export type View = keyof typeof VIEWS
export type MarkerName<V extends View> = (typeof VIEWS)[V][number]['name']
export type AnteriorMarker = MarkerName<'anterior'>
export type PosteriorMarker = MarkerName<'posterior'>
export type LateralMarker = MarkerName<'lateral'>

/** Marker names of a view, in placement order. */
export function markerNames<V extends View>(view: V): readonly MarkerName<V>[] {
  return VIEWS[view].map((m) => m.name) as readonly MarkerName<V>[]
}

/** Lateral view: which side of the subject faces the camera. */
export const SIDES = ['right', 'left'] as const
export type Side = (typeof SIDES)[number]

/** The suffix of a paired marker's name for each side of the subject (marker names are Spanish: `_der`, `_izq`). */
export const SIDE_SUFFIX = { right: 'der', left: 'izq' } as const satisfies Record<Side, string>

/** Markers the posterior view may leave out when estimate_popliteal is true. */
export const POPLITEAL_MARKERS = ['popliteo_izq', 'popliteo_der'] as const satisfies readonly PosteriorMarker[]
