/**
 * Anatomical and metric wording per language: each marker's label and hint (keyed
 * by the marker name of core/markers.ts, which stays the only place marker NAMES are
 * written) and each metric's name and sign meaning (keyed by view and response
 * field). English comes from the service's own tables (core/markers.ts,
 * core/metrics); the other languages are written here, and the types make a missing
 * marker or metric a compile error.
 */
import { type MarkerName, VIEWS, type View } from '#core/markers.js'
import { metricTable } from '#core/metrics/index.js'

export interface MarkerText {
  readonly label: string
  readonly hint: string
}

export interface MetricText {
  readonly label: string
  /** What a positive value (or the range) means. */
  readonly meaning: string
  /** Published reference values or reliability (the table's `published`): a quiet note, never a flag. */
  readonly note?: string
}

export type AnyMarkerName = MarkerName<View>

/** Every metric field name of a view (both posterior tables share their names). */
export type MetricTexts = Readonly<Record<View, Readonly<Record<string, MetricText>>>>

export interface Terms {
  readonly markers: Readonly<Record<AnyMarkerName, MarkerText>>
  readonly metrics: MetricTexts
}

// --- English, from the service's tables ------------------------------------------

function englishMarkers(): Record<AnyMarkerName, MarkerText> {
  const out = {} as Record<AnyMarkerName, MarkerText>
  for (const list of Object.values(VIEWS))
    for (const m of list) out[m.name as AnyMarkerName] = { label: m.label, hint: m.hint }
  return out
}

/** The marker a plumb-line distance is measured from, as the metric table declares it. */
export function offsetMarker(view: View, metricName: string): string | undefined {
  return metricTable(view).find((m) => m.name === metricName)?.plumbMarker
}

function englishMetrics(): MetricTexts {
  const out = {} as Record<View, Record<string, MetricText>>
  for (const view of Object.keys(VIEWS) as View[]) {
    out[view] = {}
    for (const m of metricTable(view)) {
      const marker = offsetMarker(view, m.name)
      const markerLabel = VIEWS[view].find((x) => x.name === marker)?.label
      const words = m.name.replace(/_/g, ' ')
      const label = markerLabel ? `${markerLabel}: distance to line` : words.charAt(0).toUpperCase() + words.slice(1)
      out[view][m.name] =
        m.published === undefined ? { label, meaning: m.meaning } : { label, meaning: m.meaning, note: m.published }
    }
  }
  return out
}

export const EN_TERMS: Terms = { markers: englishMarkers(), metrics: englishMetrics() }

// --- Spanish ----------------------------------------------------------------------

const ES_MARKERS: Record<AnyMarkerName, MarkerText> = {
  // Vista anterior
  eminencia_frontal_media: {
    label: 'Eminencia frontal media',
    hint: 'Centro de la frente, a medio camino entre las cejas y el nacimiento del pelo.',
  },
  espina_nasal: { label: 'Espina nasal', hint: 'Base de la nariz, donde el tabique nasal se une al labio superior.' },
  punto_mentoniano: { label: 'Punto mentoniano', hint: 'Punto más bajo del mentón en la línea media.' },
  tragus_der: {
    label: 'Trago derecho',
    hint: 'Pequeño cartílago delante del conducto auditivo derecho del sujeto (a la izquierda de la imagen).',
  },
  tragus_izq: {
    label: 'Trago izquierdo',
    hint: 'Pequeño cartílago delante del conducto auditivo izquierdo del sujeto (a la derecha de la imagen).',
  },
  punto_acromion_der: {
    label: 'Acromion derecho',
    hint: 'Extremo óseo del hombro derecho del sujeto: el borde externo del acromion.',
  },
  punto_acromion_izq: {
    label: 'Acromion izquierdo',
    hint: 'Extremo óseo del hombro izquierdo del sujeto: el borde externo del acromion.',
  },
  escotadura_esternal: {
    label: 'Escotadura esternal',
    hint: 'Hendidura del borde superior del esternón, entre las clavículas (escotadura yugular).',
  },
  apendice_xifoides: { label: 'Apéndice xifoides', hint: 'Extremo inferior del esternón.' },
  ombligo: { label: 'Ombligo', hint: 'Centro del ombligo.' },
  punto_sinfisis_pubiana: {
    label: 'Sínfisis del pubis',
    hint: 'Articulación de ambos pubis en la línea media, en su borde superior.',
  },
  espina_iliaca_anterosuperior_der: {
    label: 'EIAS derecha',
    hint: 'Espina ilíaca anterosuperior derecha del sujeto: el relieve óseo de la parte delantera de la cadera derecha.',
  },
  espina_iliaca_anterosuperior_izq: {
    label: 'EIAS izquierda',
    hint: 'Espina ilíaca anterosuperior izquierda del sujeto: el relieve óseo de la parte delantera de la cadera izquierda.',
  },
  centro_rotula_der: { label: 'Centro de la rótula derecha', hint: 'Centro de la rótula derecha del sujeto.' },
  centro_rotula_izq: { label: 'Centro de la rótula izquierda', hint: 'Centro de la rótula izquierda del sujeto.' },
  tat_der: {
    label: 'Tuberosidad tibial derecha',
    hint: 'Relieve de la cara anterior de la tibia derecha, justo debajo de la rótula (tuberosidad anterior de la tibia, TAT).',
  },
  tat_izq: {
    label: 'Tuberosidad tibial izquierda',
    hint: 'Relieve de la cara anterior de la tibia izquierda, justo debajo de la rótula (tuberosidad anterior de la tibia, TAT).',
  },
  // Vista posterior
  lobulo_izq: {
    label: 'Lóbulo izquierdo',
    hint: 'Punto más bajo del lóbulo de la oreja izquierda del sujeto (a la izquierda de la imagen).',
  },
  lobulo_der: {
    label: 'Lóbulo derecho',
    hint: 'Punto más bajo del lóbulo de la oreja derecha del sujeto (a la derecha de la imagen).',
  },
  cervical_7: {
    label: 'C7',
    hint: 'Apófisis espinosa de la 7.ª vértebra cervical: el relieve más prominente en la base del cuello.',
  },
  toracica_3: {
    label: 'T3',
    hint: 'Apófisis espinosa de la 3.ª vértebra torácica: cuente hacia abajo desde C7. La raíz de la espina de la escápula solo orienta.',
  },
  toracica_7: {
    label: 'T7',
    hint: 'Apófisis espinosa de la 7.ª vértebra torácica: cuente hacia abajo desde C7. El ángulo inferior de la escápula solo orienta (de media está a la altura de T8).',
  },
  toracica_12: {
    label: 'T12',
    hint: 'Apófisis espinosa de la 12.ª vértebra torácica, donde se articulan las últimas costillas: cuente hacia abajo desde C7.',
  },
  lumbar_5: { label: 'L5', hint: 'Apófisis espinosa de la 5.ª vértebra lumbar, justo por encima del sacro.' },
  espina_iliaca_posterosuperior_izq: {
    label: 'EIPS izquierda',
    hint: 'Espina ilíaca posterosuperior izquierda del sujeto: el relieve óseo bajo el hoyuelo del lado izquierdo del sacro (búsquelo al tacto si no se ve hoyuelo).',
  },
  espina_iliaca_posterosuperior_der: {
    label: 'EIPS derecha',
    hint: 'Espina ilíaca posterosuperior derecha del sujeto: el relieve óseo bajo el hoyuelo del lado derecho del sacro (búsquelo al tacto si no se ve hoyuelo).',
  },
  popliteo_izq: {
    label: 'Punto poplíteo izquierdo',
    hint: 'Centro del pliegue de la cara posterior de la rodilla izquierda (hueco poplíteo).',
  },
  popliteo_der: {
    label: 'Punto poplíteo derecho',
    hint: 'Centro del pliegue de la cara posterior de la rodilla derecha (hueco poplíteo).',
  },
  aquiles_izq: {
    label: 'Tendón de Aquiles izquierdo',
    hint: 'Línea media del tendón de Aquiles izquierdo, a la altura de los maléolos.',
  },
  aquiles_der: {
    label: 'Tendón de Aquiles derecho',
    hint: 'Línea media del tendón de Aquiles derecho, a la altura de los maléolos.',
  },
  calcaneo_izq: {
    label: 'Calcáneo izquierdo',
    hint: 'Línea media del calcáneo (talón) izquierdo, cerca de su extremo inferior.',
  },
  calcaneo_der: {
    label: 'Calcáneo derecho',
    hint: 'Línea media del calcáneo (talón) derecho, cerca de su extremo inferior.',
  },
  // Vista lateral
  tragus: { label: 'Trago', hint: 'Pequeño cartílago delante del conducto auditivo.' },
  apex_cervical: {
    label: 'Ápice cervical',
    hint: 'Apófisis espinosa de C7, el relieve más prominente en la base de la nuca, visto de perfil (el vértice del ángulo craneovertebral); no el punto más profundo de la curva del cuello.',
  },
  punto_acromion: {
    label: 'Acromion',
    hint: 'Extremo óseo del hombro del lado de la cámara: el borde externo del acromion.',
  },
  punto_epicondilo: { label: 'Epicóndilo lateral', hint: 'Relieve óseo de la cara externa del codo.' },
  base_3er_metacarpiano: {
    label: 'Base del 3.er metacarpiano',
    hint: 'Dorso de la mano, en la base del hueso del dedo medio, cerca de la muñeca.',
  },
  apex_lumbar: { label: 'Ápice lumbar', hint: 'Punto más profundo de la curva lumbar, visto de perfil.' },
  trocanter_mayor: { label: 'Trocánter mayor', hint: 'Relieve óseo de la cara externa de la cadera.' },
  tuberculo_condilo_externo: {
    label: 'Cóndilo femoral lateral',
    hint: 'Relieve óseo de la cara externa de la rodilla, a la altura de la interlínea articular.',
  },
  borde_anterior_maleolo: {
    label: 'Maléolo lateral (borde anterior)',
    hint: 'Borde anterior del maléolo externo, en la cara externa del tobillo.',
  },
}

const plumb = (what: string, label: string): MetricText => ({
  label: `${label}: distancia a la línea`,
  meaning: `Positivo: ${what} queda a la derecha del sujeto respecto a la línea de referencia; negativo: a su izquierda.`,
})

const VALGO = 'Positivo: calcáneo en valgo (su extremo inferior, lateral al eje de la pierna); negativo: en varo.'

const FIABILIDAD_VERTICAL =
  'En la validación de SAPO (Ferreira y cols. 2010), las medidas poco fiables entre evaluadores usaban sobre todo la vertical como referencia.'

const ES_METRICS: MetricTexts = {
  anterior: {
    head_angle: {
      label: 'Inclinación de la cabeza',
      meaning: 'Positivo: cabeza inclinada hacia la derecha del sujeto (trago derecho más bajo); 0: nivelada.',
    },
    dist_eminencia_frontal: plumb('la eminencia frontal media', 'Eminencia frontal media'),
    dist_espina_nasal: plumb('la espina nasal', 'Espina nasal'),
    dist_punto_mentoniano: plumb('el punto mentoniano', 'Punto mentoniano'),
    trunk_angle: {
      label: 'Inclinación del tronco',
      meaning:
        'Positivo: tronco inclinado hacia la derecha del sujeto (escotadura esternal a la derecha del pubis); 0: vertical.',
    },
    pelvis_angle: {
      label: 'Inclinación de la pelvis',
      meaning: 'Positivo: EIAS derecha más baja que la izquierda; 0: nivelada.',
    },
    q_angle_right: {
      label: 'Ángulo Q derecho',
      meaning:
        'Positivo: la tuberosidad tibial queda lateral a la línea del muslo (el ángulo Q en valgo habitual, por lo general entre +10 y +20); negativo: medial.',
    },
    q_angle_left: {
      label: 'Ángulo Q izquierdo',
      meaning:
        'Positivo: la tuberosidad tibial queda lateral a la línea del muslo (el ángulo Q en valgo habitual, por lo general entre +10 y +20); negativo: medial.',
    },
    shoulder_angle: {
      label: 'Inclinación de los hombros',
      meaning: 'Positivo: acromion derecho más bajo que el izquierdo (hombro derecho descendido); 0: nivelados.',
      note: 'Publicado: en 115 adultos jóvenes, el 68 % tenía los hombros inclinados a la derecha; las pequeñas asimetrías son la norma (Ferreira y cols. 2011, doi:10.1016/j.jmpt.2011.05.018).',
    },
    shoulder_pelvis_angle: {
      label: 'Ángulo entre hombros y pelvis',
      meaning:
        'Positivo: la línea de la pelvis desciende hacia la derecha del sujeto más que la de los hombros (el lado derecho del tronco, de acromion a EIAS, es el más alto); negativo: hacia la izquierda; 0: líneas paralelas.',
    },
    tibial_tuberosity_angle: {
      label: 'Inclinación de las tuberosidades tibiales',
      meaning: 'Positivo: tuberosidad tibial derecha más baja que la izquierda; 0: niveladas.',
    },
    dist_apendice_xifoides: plumb('el apéndice xifoides', 'Apéndice xifoides'),
    dist_ombligo: plumb('el ombligo', 'Ombligo'),
  },
  posterior: {
    calcaneo_angle_left: { label: 'Ángulo del retropié izquierdo', meaning: VALGO },
    calcaneo_angle_right: { label: 'Ángulo del retropié derecho', meaning: VALGO },
    coronal_balance_c7: plumb('la apófisis espinosa de C7', 'Equilibrio coronal en C7'),
    coronal_balance_t7: plumb('la apófisis espinosa de T7', 'Equilibrio coronal en T7'),
    coronal_balance_l5: plumb('la apófisis espinosa de L5', 'Equilibrio coronal en L5'),
    pelvis_angle: {
      label: 'Inclinación de la pelvis',
      meaning: 'Positivo: EIPS derecha más baja que la izquierda; 0: nivelada.',
    },
    head_angle: {
      label: 'Inclinación de la cabeza',
      meaning: 'Positivo: cabeza inclinada hacia la derecha del sujeto (lóbulo derecho más bajo); 0: nivelada.',
    },
    coronal_balance_t3: plumb('la apófisis espinosa de T3', 'Equilibrio coronal en T3'),
    coronal_balance_t12: plumb('la apófisis espinosa de T12', 'Equilibrio coronal en T12'),
  },
  lateral: {
    head_angle_horizontal: {
      label: 'Ángulo craneovertebral',
      meaning: 'Mayor: cabeza más erguida; menor: cabeza más adelantada.',
      note: 'Publicado: 47,4 ± 5,2 grados en adolescentes de 15 a 17 años, de pie (Ruivo y cols. 2014, doi:10.1590/bjpt-rbf.2014.0027).',
    },
    trunk_angle_vertical: {
      label: 'Inclinación sagital del tronco',
      meaning:
        'Positivo: acromion por delante del trocánter mayor (tronco inclinado hacia delante); negativo: inclinado hacia atrás.',
    },
    elbow_angle: {
      label: 'Ángulo del codo',
      meaning:
        'Ángulo en la cara anterior del brazo: 180 extendido, menos de 180 en flexión, más de 180 en hiperextensión.',
    },
    knee_angle: {
      label: 'Ángulo de la rodilla',
      meaning:
        'Ángulo en la cara posterior de la pierna: 180 extendida, menos de 180 en flexión, más de 180 en hiperextensión (recurvatum).',
    },
    head_angle_vertical: {
      label: 'Alineación vertical de la cabeza',
      meaning:
        'Positivo: trago por delante del acromion (cabeza adelantada respecto al hombro); negativo: por detrás; 0: en la misma vertical.',
      note: FIABILIDAD_VERTICAL,
    },
    hip_angle: {
      label: 'Ángulo de la cadera',
      meaning:
        'Ángulo en la cara anterior de la cadera, entre tronco y muslo: 180 extendida, menos de 180 en flexión, más de 180 en extensión.',
    },
    ankle_angle: {
      label: 'Ángulo del tobillo',
      meaning:
        'Ángulo de la pierna sobre el suelo, por delante: 90 pierna vertical, menos de 90 rodilla por delante del tobillo, más de 90 por detrás.',
    },
    body_angle_vertical: {
      label: 'Alineación vertical del cuerpo',
      meaning:
        'Positivo: acromion por delante del tobillo (todo el cuerpo inclinado hacia delante); negativo: hacia atrás; 0: en la misma vertical.',
      note: FIABILIDAD_VERTICAL,
    },
    dist_apex_lumbar: {
      label: 'Ápice lumbar: distancia a la línea',
      meaning: 'Positivo: el ápice lumbar queda por delante de la línea de referencia; negativo: por detrás.',
    },
  },
}

export const ES_TERMS: Terms = { markers: ES_MARKERS, metrics: ES_METRICS }
