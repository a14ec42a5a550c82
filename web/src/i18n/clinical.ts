/**
 * Messages of the clinical features (uncertainty, visits compared, the patient and
 * date of an assessment, the language switch, the service's errors), in every
 * language. Merged into the app's catalogues (en.ts, es.ts); the `satisfies`
 * clauses make a key missing in one language a compile error.
 * Placeholders are {name}.
 */
export const CLINICAL_EN = {
  'language.label': 'Language',
  'language.en': 'English',
  'language.es': 'Español',
  'language.pt-BR': 'Português (Brasil)',

  'uncertainty.label': 'Placement error',
  'uncertainty.unit': 'px',
  'uncertainty.help':
    'Standard deviation of a hand-placed point, in photo pixels (default {default} px: clicking a clear target is accurate to about 1-3 px; raise it for landmarks that are hard to find). Every value shows ± its standard uncertainty.',
  'uncertainty.invalid': 'The placement error must be a number of pixels from {min} to {max}.',
  'uncertainty.report':
    'Placement error {sd} px: each value is shown ± its standard uncertainty (first-order propagation through the metric formulas, or a simulation where a segment is too short for it, whichever is larger).',

  'assessment.title': 'Assessment',
  'assessment.patient': 'Patient ID',
  'assessment.date': 'Assessment date',
  'assessment.privacy': "Kept in this browser's patient record and in saved files; never sent to the service.",

  'date.placeholder': 'yyyy-mm-dd',
  'date.error.form': '"{text}" is not a date: write it as {expected}, for example {example}.',
  'date.error.calendar': '{text} is not a day of the calendar (check the day and the month): write it as {expected}.',
  'date.error.years': 'The year of {text} is outside {min}-{max}: check the year.',

  'compare.load': 'Compare with a saved assessment',
  'compare.load.title': 'Load a saved assessment of the same view (an earlier visit) to see what changed',
  'compare.close': 'Close the comparison',
  'compare.title': 'Comparison of visits',
  'compare.between': '{earlier} → {later}',
  'compare.range': '{earlier} – {later}',
  'compare.undated': 'undated',
  'compare.column.metric': 'Metric',
  'compare.column.earlier': 'Earlier visit',
  'compare.column.later': 'Later visit',
  'compare.column.change': 'Change',
  'compare.column.srd': 'Smallest real difference',
  'compare.column.verdict': 'Beyond measurement error?',
  'compare.verdict.real': 'Yes: real change',
  'compare.verdict.within': 'No: within error',
  'compare.verdict.methodDiffers': 'Measured differently',
  'compare.verdict.missing': 'No value',
  'compare.verdict.unknown': 'Cannot judge',
  'compare.note':
    'A change counts as real when it exceeds the smallest real difference SRD = 1.96 × √(u₁² + u₂²): 95 % of changes due to marker placement alone stay within it. Day-to-day variation of posture is not included.',
  'compare.summary': '{real} of {total} metrics changed beyond measurement error.',
  'compare.viewDiffers':
    'Cannot compare: the saved assessment is a {earlier} view and this one a {later} view. Load an assessment of the same view.',
  'compare.sideDiffers':
    'Cannot compare: the saved lateral assessment has the {earlier} side toward the camera and this one the {later} side. Load an assessment photographed from the same side.',
  'compare.patientDiffers':
    'Cannot compare: the saved assessment is of patient "{earlier}" and this one of patient "{later}".',
  'compare.noMarkers': 'Cannot compare: the saved file has no markers for the {view} view.',
  'compare.notReady': 'Place every marker of this view first: there is nothing to compare yet.',
  'compare.loaded': 'Comparing with the assessment of {date}.',
  'compare.reportTitle': 'Comparison with the earlier visit',
  'compare.csv': 'Export comparison CSV',
  'compare.csvDone': 'Comparison exported as CSV.',

  'csv.column.label': 'name',
  'csv.column.u': 'uncertainty',
  'csv.column.sd': 'placement_error_px',
  'csv.column.earlierDate': 'earlier_date',
  'csv.column.earlierValue': 'earlier_value',
  'csv.column.earlierU': 'earlier_uncertainty',
  'csv.column.laterDate': 'later_date',
  'csv.column.laterValue': 'later_value',
  'csv.column.laterU': 'later_uncertainty',
  'csv.column.change': 'change',
  'csv.column.uChange': 'change_uncertainty',
  'csv.column.srd': 'smallest_real_difference',
  'csv.column.verdict': 'beyond_error',
  'csv.unit.degrees': 'degrees',
  'csv.unit.cm': 'cm',
  'csv.verdict.real': 'yes',
  'csv.verdict.within': 'no',
  'csv.verdict.methodDiffers': 'measured differently',
  'csv.verdict.missing': 'no value',
  'csv.verdict.unknown': 'cannot judge',

  'apiError.subject.body': 'the request',
  'apiError.subject.marker': 'marker "{marker}"',
  'apiError.subject.marker_x': 'the x coordinate of "{marker}"',
  'apiError.subject.marker_y': 'the y coordinate of "{marker}"',
  'apiError.subject.lrv_x': 'the reference line',
  'apiError.subject.fc': 'the scale factor fc (cm per pixel)',
  'apiError.subject.grid_size_cm': 'the known distance',
  'apiError.subject.side': 'the side toward the camera',
  'apiError.subject.estimate_popliteal': 'the popliteal estimate option',
  'apiError.subject.field': 'field {field}',
  'apiError.missing': '{subject} is missing.',
  'apiError.missing_found': '{subject} is missing; the request has "{found}" instead.',
  'apiError.wrong_type': '{subject} has the wrong type of value.',
  'apiError.too_short': '{subject} must be two numbers [x, y]; it has {actual}.',
  'apiError.too_long': '{subject} must be two numbers [x, y]; it has {actual}.',
  'apiError.finite_number': '{subject} is too large to represent.',
  'apiError.too_deep': 'The request nests its values too deeply for the service; this app never sends such a request.',
  'apiError.greater_than': '{subject} must be greater than {limit}.',
  'apiError.greater_than_equal': '{subject} must be at least {limit}: no photograph is that large.',
  'apiError.less_than_equal': '{subject} must be at most {limit}: no photograph is that large.',
  'apiError.literal_error': '{subject} must be one of: {expected}.',
  'apiError.undefined_geometry_at':
    '{markers} are at the same point ({x}, {y}), so {metrics} cannot be computed: move one of them.',
  'apiError.undefined_geometry':
    'These markers are placed so that {metrics} cannot be computed: {markers}. Move them apart.',
  'apiError.value_error': '{msg}',
  'apiError.unreachable': 'Could not reach the service. Check that it is running, then try again.',
  'apiError.rate_limited':
    'Too many requests to the service: wait a moment, the analysis is retried when you next change a marker.',
  'apiError.too_large': 'The request is too large for the service.',
  'apiError.server_error':
    'The service failed (HTTP {status}). Try again; if it keeps failing, tell whoever runs the service.',
  'apiError.http_error': 'The service answered HTTP {status}.',
  'list.and': '{items} and {last}',
} as const

export type ClinicalKey = keyof typeof CLINICAL_EN

export const CLINICAL_ES = {
  'language.label': 'Idioma',
  'language.en': 'English',
  'language.es': 'Español',
  'language.pt-BR': 'Português (Brasil)',

  'uncertainty.label': 'Error de colocación',
  'uncertainty.unit': 'px',
  'uncertainty.help':
    'Desviación típica de un punto colocado a mano, en píxeles de la foto (por defecto {default} px: un clic sobre un objetivo bien visible tiene una precisión de 1 a 3 px; auméntelo para puntos difíciles de localizar). Cada valor se muestra ± su incertidumbre típica.',
  'uncertainty.invalid': 'El error de colocación debe ser un número de píxeles entre {min} y {max}.',
  'uncertainty.report':
    'Error de colocación {sd} px: cada valor se muestra ± su incertidumbre típica (propagación de primer orden a través de las fórmulas de las medidas, o una simulación donde un segmento es demasiado corto para ella, lo que sea mayor).',

  'assessment.title': 'Valoración',
  'assessment.patient': 'Identificador del paciente',
  'assessment.date': 'Fecha de la valoración',
  'assessment.privacy':
    'Se guarda en el registro de pacientes de este navegador y en los archivos; nunca se envía al servicio.',

  'date.placeholder': 'dd/mm/aaaa',
  'date.error.form': '«{text}» no es una fecha: escríbala como {expected}, por ejemplo {example}.',
  'date.error.calendar': '{text} no es un día del calendario (revise el día y el mes): escríbala como {expected}.',
  'date.error.years': 'El año de {text} está fuera de {min}-{max}: revise el año.',

  'compare.load': 'Comparar con una valoración guardada',
  'compare.load.title':
    'Cargue una valoración guardada de la misma vista (una visita anterior) para ver qué ha cambiado',
  'compare.close': 'Cerrar la comparación',
  'compare.title': 'Comparación de visitas',
  'compare.between': '{earlier} → {later}',
  'compare.range': '{earlier} – {later}',
  'compare.undated': 'sin fecha',
  'compare.column.metric': 'Medida',
  'compare.column.earlier': 'Visita previa',
  'compare.column.later': 'Visita más reciente',
  'compare.column.change': 'Cambio',
  'compare.column.srd': 'Diferencia real mínima',
  'compare.column.verdict': '¿Supera el error de medida?',
  'compare.verdict.real': 'Sí: cambio real',
  'compare.verdict.within': 'No: dentro del error',
  'compare.verdict.methodDiffers': 'Medido de otro modo',
  'compare.verdict.missing': 'Sin valor',
  'compare.verdict.unknown': 'No se puede valorar',
  'compare.note':
    'Un cambio se considera real cuando supera la diferencia real mínima DRM = 1,96 × √(u₁² + u₂²): el 95 % de los cambios debidos solo a la colocación de los marcadores quedan por debajo. No incluye la variación de la postura de un día a otro.',
  'compare.summary': '{real} de {total} medidas han cambiado más allá del error de medida.',
  'compare.viewDiffers':
    'No se puede comparar: la valoración guardada es de la vista {earlier} y esta de la vista {later}. Cargue una valoración de la misma vista.',
  'compare.sideDiffers':
    'No se puede comparar: en la valoración lateral guardada el lado hacia la cámara es el {earlier} y en esta el {later}. Cargue una valoración fotografiada desde el mismo lado.',
  'compare.patientDiffers':
    'No se puede comparar: la valoración guardada es del paciente «{earlier}» y esta del paciente «{later}».',
  'compare.noMarkers': 'No se puede comparar: el archivo guardado no tiene marcadores de la vista {view}.',
  'compare.notReady': 'Coloque primero todos los marcadores de esta vista: todavía no hay nada que comparar.',
  'compare.loaded': 'Comparando con la valoración del {date}.',
  'compare.reportTitle': 'Comparación con la visita anterior',
  'compare.csv': 'Exportar comparación (CSV)',
  'compare.csvDone': 'Comparación exportada en CSV.',

  'csv.column.label': 'nombre',
  'csv.column.u': 'incertidumbre',
  'csv.column.sd': 'error_colocacion_px',
  'csv.column.earlierDate': 'fecha_anterior',
  'csv.column.earlierValue': 'valor_anterior',
  'csv.column.earlierU': 'incertidumbre_anterior',
  'csv.column.laterDate': 'fecha_posterior',
  'csv.column.laterValue': 'valor_posterior',
  'csv.column.laterU': 'incertidumbre_posterior',
  'csv.column.change': 'cambio',
  'csv.column.uChange': 'incertidumbre_cambio',
  'csv.column.srd': 'diferencia_real_minima',
  'csv.column.verdict': 'supera_error',
  'csv.unit.degrees': 'grados',
  'csv.unit.cm': 'cm',
  'csv.verdict.real': 'sí',
  'csv.verdict.within': 'no',
  'csv.verdict.methodDiffers': 'medido de otro modo',
  'csv.verdict.missing': 'sin valor',
  'csv.verdict.unknown': 'no se puede valorar',

  'apiError.subject.body': 'la petición',
  'apiError.subject.marker': 'el marcador «{marker}»',
  'apiError.subject.marker_x': 'la coordenada x de «{marker}»',
  'apiError.subject.marker_y': 'la coordenada y de «{marker}»',
  'apiError.subject.lrv_x': 'la línea de referencia',
  'apiError.subject.fc': 'el factor de escala fc (cm por píxel)',
  'apiError.subject.grid_size_cm': 'la distancia conocida',
  'apiError.subject.side': 'el lado hacia la cámara',
  'apiError.subject.estimate_popliteal': 'la opción de estimar los puntos poplíteos',
  'apiError.subject.field': 'el campo {field}',
  'apiError.missing': 'Falta {subject}.',
  'apiError.missing_found': 'Falta {subject}; en su lugar la petición trae «{found}».',
  'apiError.wrong_type': '{subject} tiene un tipo de valor incorrecto.',
  'apiError.too_short': '{subject} debe ser un par de números [x, y]; tiene {actual}.',
  'apiError.too_long': '{subject} debe ser un par de números [x, y]; tiene {actual}.',
  'apiError.finite_number': '{subject} es demasiado grande para representarse.',
  'apiError.too_deep':
    'La petición anida sus valores a demasiada profundidad para el servicio; esta aplicación nunca envía una así.',
  'apiError.greater_than': '{subject} debe ser mayor que {limit}.',
  'apiError.greater_than_equal': '{subject} debe ser como mínimo {limit}: ninguna fotografía es tan grande.',
  'apiError.less_than_equal': '{subject} debe ser como máximo {limit}: ninguna fotografía es tan grande.',
  'apiError.literal_error': '{subject} debe ser uno de estos valores: {expected}.',
  'apiError.undefined_geometry_at':
    '{markers} están en el mismo punto ({x}; {y}), así que no se puede calcular {metrics}: separe uno de ellos.',
  'apiError.undefined_geometry':
    'Estos marcadores están colocados de forma que no se puede calcular {metrics}: {markers}. Sepárelos.',
  'apiError.value_error': '{subject} no es válido.',
  'apiError.unreachable': 'No se pudo contactar con el servicio. Compruebe que está en marcha y vuelva a intentarlo.',
  'apiError.rate_limited':
    'Demasiadas peticiones al servicio: espere un momento; el análisis se repetirá al mover un marcador.',
  'apiError.too_large': 'La petición es demasiado grande para el servicio.',
  'apiError.server_error':
    'El servicio ha fallado (HTTP {status}). Vuelva a intentarlo; si sigue fallando, avise a quien administra el servicio.',
  'apiError.http_error': 'El servicio respondió con HTTP {status}.',
  'list.and': '{items} y {last}',
} as const satisfies Record<ClinicalKey, string>
