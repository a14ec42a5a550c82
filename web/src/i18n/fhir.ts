/**
 * Words of the HL7 FHIR export (web/src/fhir/bundle.ts): the texts a health record shows
 * beside the coded data (how markers were placed, notes on uncertainty and provisional
 * values, the titles of photos and report) and why an export cannot be made. Merged
 * into en.ts and es.ts like files.ts; the `satisfies` clause makes a key missing in
 * Spanish a compile error. Placeholders are {name}; a number placeholder gets the
 * language's decimal mark from t().
 */
export const FHIR_EN = {
  'fhir.method.protocol':
    'Photogrammetry: anatomical markers placed on a photograph taken by the posture-metrics photo protocol; metrics computed from the markers.',
  'fhir.method.markers': 'Markers: {list}.',
  'fhir.method.hand': { one: '{count} placed by hand', other: '{count} placed by hand' },
  'fhir.method.suggestedConfirmed': {
    one: '{count} suggested by the pose model and confirmed by the clinician',
    other: '{count} suggested by the pose model and confirmed by the clinician',
  },
  'fhir.method.suggestedUnconfirmed': {
    one: '{count} suggested by the pose model and not confirmed',
    other: '{count} suggested by the pose model and not confirmed',
  },
  'fhir.method.unknown': {
    one: '{count} of unrecorded origin (saved before the app recorded it)',
    other: '{count} of unrecorded origin (saved before the app recorded it)',
  },
  'fhir.method.side': 'Side facing the camera: {side}.',
  'fhir.method.poplitealEstimated': 'Popliteal points estimated: the rearfoot angles are measured from the vertical.',
  'fhir.device.type': 'Posture assessment software (photogrammetry)',
  'fhir.device.appVersion': 'posture-metrics app',
  'fhir.device.poseVersion': 'pose model that suggests markers',
  'fhir.photo.type': 'Posture photograph',
  'fhir.photo.description': 'Posture photograph, {view} view',
  'fhir.bodyHeight': 'Body height',
  'fhir.bodyHeight.note': 'Stature as entered by the clinician to scale the photograph (top of the head to the floor).',
  'fhir.note.uncertainty':
    'Each value carries its standard uncertainty (ISO 21090 uncertainty, normal distribution) from a marker placement error of {sd} px per coordinate. It does not include the repeatability of posture between sessions.',
  'fhir.note.provisional':
    'Provisional: {metrics} use markers suggested by the pose model that the clinician has not confirmed ({markers}).',
  'fhir.observation.text': 'Postural assessment, {view} view photograph',
  'fhir.report.type': 'Posture assessment report',
  'fhir.report.description': 'Posture report, {date}',
  'fhir.report.description.undated': 'Posture report',
  'fhir.error.noPatient':
    "The visit has no patient identifier: type the patient's identifier (or open the patient in the record) before exporting to FHIR.",
  'fhir.error.noSystem':
    "The patient identifier has no system, so a FHIR server cannot tell whose it is: set the clinic's patient identifier system (a URI, e.g. your health record's) in the FHIR settings of the Send to FHIR server dialog, then send again.",
  'fhir.error.undated':
    'The visit started {started} has no date: open it, give it its date, and export again (a health record files every observation by its date).',
  'fhir.error.noValues':
    'Nothing is measured yet: place the markers and set the scale of at least one view before exporting to FHIR.',
} as const

export type FhirKey = keyof typeof FHIR_EN

export const FHIR_ES = {
  'fhir.method.protocol':
    'Fotogrametría: marcadores anatómicos colocados sobre una fotografía tomada según el protocolo fotográfico de posture-metrics; métricas calculadas a partir de los marcadores.',
  'fhir.method.markers': 'Marcadores: {list}.',
  'fhir.method.hand': { one: '{count} colocado a mano', other: '{count} colocados a mano' },
  'fhir.method.suggestedConfirmed': {
    one: '{count} sugerido por el modelo de pose y confirmado por el profesional',
    other: '{count} sugeridos por el modelo de pose y confirmados por el profesional',
  },
  'fhir.method.suggestedUnconfirmed': {
    one: '{count} sugerido por el modelo de pose y sin confirmar',
    other: '{count} sugeridos por el modelo de pose y sin confirmar',
  },
  'fhir.method.unknown': {
    one: '{count} de origen no registrado (guardado antes de que la aplicación lo registrara)',
    other: '{count} de origen no registrado (guardados antes de que la aplicación lo registrara)',
  },
  'fhir.method.side': 'Lado hacia la cámara: {side}.',
  'fhir.method.poplitealEstimated':
    'Puntos poplíteos estimados: los ángulos del retropié se miden respecto a la vertical.',
  'fhir.device.type': 'Software de evaluación postural (fotogrametría)',
  'fhir.device.appVersion': 'aplicación posture-metrics',
  'fhir.device.poseVersion': 'modelo de pose que sugiere marcadores',
  'fhir.photo.type': 'Fotografía postural',
  'fhir.photo.description': 'Fotografía postural, vista {view}',
  'fhir.bodyHeight': 'Estatura',
  'fhir.bodyHeight.note':
    'Estatura introducida por el profesional para escalar la fotografía (del vértice de la cabeza al suelo).',
  'fhir.note.uncertainty':
    'Cada valor lleva su incertidumbre típica (incertidumbre ISO 21090, distribución normal) debida a un error de colocación de los marcadores de {sd} px por coordenada. No incluye la repetibilidad de la postura entre sesiones.',
  'fhir.note.provisional':
    'Provisional: {metrics} usan marcadores sugeridos por el modelo de pose que el profesional no ha confirmado ({markers}).',
  'fhir.observation.text': 'Evaluación postural, fotografía en vista {view}',
  'fhir.report.type': 'Informe de evaluación postural',
  'fhir.report.description': 'Informe de postura, {date}',
  'fhir.report.description.undated': 'Informe de postura',
  'fhir.error.noPatient':
    'La visita no tiene identificador de paciente: escriba el identificador del paciente (o abra el paciente en el registro) antes de exportar a FHIR.',
  'fhir.error.noSystem':
    'El identificador del paciente no tiene sistema, así que un servidor FHIR no puede saber de quién es: ponga el sistema de identificadores de pacientes de la clínica (una URI, p. ej. la de su historia clínica) en los ajustes FHIR del diálogo Enviar a un servidor FHIR y vuelva a enviar.',
  'fhir.error.undated':
    'La visita empezada el {started} no tiene fecha: ábrala, póngale su fecha y vuelva a exportar (la historia clínica archiva cada observación por su fecha).',
  'fhir.error.noValues':
    'Aún no hay nada medido: coloque los marcadores y fije la escala de al menos una vista antes de exportar a FHIR.',
} as const satisfies Record<FhirKey, string | { one: string; other: string }>
