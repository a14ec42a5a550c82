/**
 * Messages of the FHIR export and sending in the app (web/src/fhir/: the buttons, the
 * settings and what a FHIR server answered). Merged into en.ts and es.ts like
 * record.ts; the `satisfies` clause makes a key missing in Spanish a compile error.
 * Placeholders are {name}; {count} picks the plural form.
 */
export const FHIR_APP_EN = {
  'fhir.export': 'Export to FHIR',
  'fhir.export.title': 'Save the visit as an HL7 FHIR R4 bundle (JSON) for an electronic health record',
  'fhir.export.patient': 'Export to FHIR',
  'fhir.export.patient.title': "Save this patient's visits as one HL7 FHIR R4 bundle (JSON)",
  'fhir.exported': 'Saved {name}: the visit in HL7 FHIR R4.',
  'fhir.report.notAttached':
    'The PDF report could not be made, so it is not included ({reason}); the values and photos are.',
  'fhir.exported.patient': {
    one: 'Saved {name}: {count} visit of {patient} in HL7 FHIR R4.',
    other: 'Saved {name}: {count} visits of {patient} in HL7 FHIR R4.',
  },
  'fhir.nothing': 'Nothing to export yet: open a photo and place the markers first.',
  'fhir.patient.noVisits': '{patient} has no visits to export yet.',
  'fhir.cannotExport': 'Cannot make the FHIR bundle: {reason}',
  'fhir.send.button': 'Send to FHIR server…',
  'fhir.send.button.title': 'Send the visit to your electronic health record (HL7 FHIR R4)',
  'fhir.send.patient': 'Send to FHIR server…',
  'fhir.send.title': 'Send to a FHIR server',
  'fhir.send.what.visit': 'Sends the visit on screen to your electronic health record, as one HL7 FHIR R4 transaction.',
  'fhir.send.what.patient': {
    one: 'Sends {count} visit of {patient} to your electronic health record, as one HL7 FHIR R4 transaction.',
    other: 'Sends {count} visits of {patient} to your electronic health record, as one HL7 FHIR R4 transaction.',
  },
  'fhir.send.privacy':
    "Patient data (identifier, name, dates, photos, markers and values) goes only to the server below, and only when you press Send. The app's own service never receives it.",
  'fhir.settings.url': 'FHIR server base URL',
  'fhir.settings.url.help':
    'Such as https://fhir.example.org/fhir: https only (http only on this computer, localhost).',
  'fhir.settings.token': 'Access token (Bearer)',
  'fhir.settings.token.help':
    'Kept only while this tab is open, then forgotten; never written to the record, to backups or to any file.',
  'fhir.settings.system': 'Patient identifier system (URI, needed to send)',
  'fhir.settings.performer': "Clinician's name (optional)",
  'fhir.settings.badSystem':
    'The patient identifier system "{system}" is not a URI: type it as your health record names it (such as https://hospital.example/mrn, or a urn:oid: name), or leave it empty.',
  'fhir.send.go': 'Send',
  'fhir.send.close': 'Close',
  'fhir.send.sending': 'Sending to {origin}…',
  'fhir.send.unexpected':
    'Nothing could be sent: something failed in this browser. Try again, or use "Export to FHIR".',
  'fhir.send.noUrl': "Type the FHIR server's base URL first (your administrator knows it).",
  'fhir.send.badUrl':
    '"{url}" is not a web address: type the FHIR server\'s base URL, such as https://fhir.example.org/fhir.',
  'fhir.send.insecure':
    "{url} is not an https address: patient data is sent only over https (http only to this computer: localhost). Type the server's https address.",
  'fhir.send.confirm.title': 'Send patient data to {origin}?',
  'fhir.send.confirm.text':
    "This browser has not sent to {origin} before. That server will receive the patient's identifier and name, the visit dates, the photos, the markers and the values. Send only to your organisation's health record server.",
  'fhir.send.confirm.go': 'Send to {origin}',
  'fhir.send.sent': {
    one: 'Sent to {origin}: the server stored {count} entry ({created} created, {updated} updated).',
    other: 'Sent to {origin}: the server stored {count} entries ({created} created, {updated} updated).',
  },
  'fhir.send.unauthorized':
    'The FHIR server refused the access token (HTTP {status}): it is missing, wrong or expired, or it does not allow writing. Get a new token for {origin}, type it above and send again.',
  'fhir.send.rejected':
    'The FHIR server refused the data (HTTP {status}) and stored none of it. It said: {diagnostics} Show this message to your administrator.',
  'fhir.send.serverError':
    'The FHIR server failed (HTTP {status}); a transaction is stored whole or not at all. It said: {diagnostics} Send again later; if it goes on, tell your administrator.',
  'fhir.send.noDetail': 'nothing more.',
  'fhir.send.unreachable':
    "The FHIR server at {origin} could not be reached, or it does not allow this app's address ({app}) to send to it. Check the address and the connection; if both are right, ask your administrator to allow {app} on the FHIR server (CORS).",
  'fhir.send.csp':
    'This app may not connect to {origin}: its service lets it reach only the FHIR servers its administrator lists. Ask your administrator to add {origin} to FHIR_SERVER_ORIGINS. Nothing was sent.',
  'fhir.send.badAnswer':
    'The server at {origin} answered (HTTP {status}), but not as a FHIR server answers a transaction. Check that the address is the FHIR base URL (it often ends in /fhir).',
  'fhir.exported.noSystem':
    "The patient identifier {identifier} has no system, so a health record cannot tell whose it is: set the clinic's patient identifier system in the FHIR settings (Send to FHIR server…).",
  'fhir.send.ambiguous': {
    one: "The FHIR server has {count} patient with the identifier {identifier}, but it did not answer which: nothing was sent. Ask the health record's administrator, then send again.",
    other:
      "The FHIR server has {count} patients with the identifier {identifier}: the app cannot tell which one is this patient, so nothing was sent. Ask the health record's administrator to merge them, then send again.",
  },
  'fhir.send.patientName.title': "Update the patient's name on the FHIR server?",
  'fhir.send.patientName.text': 'The patient on the server is named {server}; update it to {record}?',
  'fhir.send.patientName.go': 'Update to {record}',
  'fhir.send.patientName.none': '(no name)',
} as const

export type FhirAppKey = keyof typeof FHIR_APP_EN

export const FHIR_APP_ES = {
  'fhir.export': 'Exportar a FHIR',
  'fhir.export.title': 'Guardar la visita como un paquete HL7 FHIR R4 (JSON) para una historia clínica electrónica',
  'fhir.export.patient': 'Exportar a FHIR',
  'fhir.export.patient.title': 'Guardar las visitas de este paciente en un solo paquete HL7 FHIR R4 (JSON)',
  'fhir.exported': 'Guardado {name}: la visita en HL7 FHIR R4.',
  'fhir.report.notAttached':
    'No se pudo generar el informe PDF, así que no se incluye ({reason}); los valores y las fotos sí.',
  'fhir.exported.patient': {
    one: 'Guardado {name}: {count} visita de {patient} en HL7 FHIR R4.',
    other: 'Guardado {name}: {count} visitas de {patient} en HL7 FHIR R4.',
  },
  'fhir.nothing': 'Aún no hay nada que exportar: abra una foto y coloque los marcadores.',
  'fhir.patient.noVisits': '{patient} aún no tiene visitas que exportar.',
  'fhir.cannotExport': 'No se puede crear el paquete FHIR: {reason}',
  'fhir.send.button': 'Enviar a un servidor FHIR…',
  'fhir.send.button.title': 'Enviar la visita a su historia clínica electrónica (HL7 FHIR R4)',
  'fhir.send.patient': 'Enviar a un servidor FHIR…',
  'fhir.send.title': 'Enviar a un servidor FHIR',
  'fhir.send.what.visit':
    'Envía la visita en pantalla a su historia clínica electrónica, como una sola transacción HL7 FHIR R4.',
  'fhir.send.what.patient': {
    one: 'Envía {count} visita de {patient} a su historia clínica electrónica, como una sola transacción HL7 FHIR R4.',
    other:
      'Envía {count} visitas de {patient} a su historia clínica electrónica, como una sola transacción HL7 FHIR R4.',
  },
  'fhir.send.privacy':
    'Los datos del paciente (identificador, nombre, fechas, fotos, marcadores y valores) van solo al servidor indicado abajo, y solo cuando pulse Enviar. El servicio de la aplicación nunca los recibe.',
  'fhir.settings.url': 'URL base del servidor FHIR',
  'fhir.settings.url.help': 'Como https://fhir.example.org/fhir: solo https (http solo en este ordenador, localhost).',
  'fhir.settings.token': 'Token de acceso (Bearer)',
  'fhir.settings.token.help':
    'Se guarda solo mientras esta pestaña está abierta y después se olvida; nunca se escribe en el registro, en las copias de seguridad ni en ningún archivo.',
  'fhir.settings.system': 'Sistema del identificador del paciente (URI, necesario para enviar)',
  'fhir.settings.performer': 'Nombre del profesional (opcional)',
  'fhir.settings.badSystem':
    'El sistema del identificador del paciente «{system}» no es una URI: escríbalo como lo nombra su historia clínica (como https://hospital.example/mrn, o un nombre urn:oid:), o déjelo vacío.',
  'fhir.send.go': 'Enviar',
  'fhir.send.close': 'Cerrar',
  'fhir.send.sending': 'Enviando a {origin}…',
  'fhir.send.unexpected':
    'No se pudo enviar nada: algo falló en este navegador. Inténtelo de nuevo o use «Exportar a FHIR».',
  'fhir.send.noUrl': 'Escriba primero la URL base del servidor FHIR (su administrador la conoce).',
  'fhir.send.badUrl':
    '«{url}» no es una dirección web: escriba la URL base del servidor FHIR, como https://fhir.example.org/fhir.',
  'fhir.send.insecure':
    '{url} no es una dirección https: los datos de pacientes solo se envían por https (http solo a este ordenador: localhost). Escriba la dirección https del servidor.',
  'fhir.send.confirm.title': '¿Enviar datos del paciente a {origin}?',
  'fhir.send.confirm.text':
    'Este navegador no ha enviado antes nada a {origin}. Ese servidor recibirá el identificador y el nombre del paciente, las fechas de las visitas, las fotos, los marcadores y los valores. Envíe solo al servidor de historia clínica de su organización.',
  'fhir.send.confirm.go': 'Enviar a {origin}',
  'fhir.send.sent': {
    one: 'Enviado a {origin}: el servidor ha guardado {count} entrada ({created} creadas, {updated} actualizadas).',
    other: 'Enviado a {origin}: el servidor ha guardado {count} entradas ({created} creadas, {updated} actualizadas).',
  },
  'fhir.send.unauthorized':
    'El servidor FHIR ha rechazado el token de acceso (HTTP {status}): falta, es incorrecto o ha caducado, o no permite escribir. Consiga un token nuevo para {origin}, escríbalo arriba y vuelva a enviar.',
  'fhir.send.rejected':
    'El servidor FHIR ha rechazado los datos (HTTP {status}) y no ha guardado nada. Su respuesta: {diagnostics} Muestre este mensaje a su administrador.',
  'fhir.send.serverError':
    'El servidor FHIR ha fallado (HTTP {status}); una transacción se guarda entera o nada. Su respuesta: {diagnostics} Vuelva a enviar más tarde; si sigue fallando, avise a su administrador.',
  'fhir.send.noDetail': 'nada más.',
  'fhir.send.unreachable':
    'No se ha podido contactar con el servidor FHIR en {origin}, o no permite enviarle datos desde la dirección de esta aplicación ({app}). Compruebe la dirección y la conexión; si ambas son correctas, pida a su administrador que permita {app} en el servidor FHIR (CORS).',
  'fhir.send.csp':
    'Esta aplicación no puede conectarse a {origin}: su servicio solo le deja contactar con los servidores FHIR que su administrador indica. Pida a su administrador que añada {origin} a FHIR_SERVER_ORIGINS. No se ha enviado nada.',
  'fhir.send.badAnswer':
    'El servidor en {origin} ha respondido (HTTP {status}), pero no como responde un servidor FHIR a una transacción. Compruebe que la dirección es la URL base FHIR (suele terminar en /fhir).',
  'fhir.exported.noSystem':
    'El identificador del paciente {identifier} no tiene sistema, así que una historia clínica no puede saber de quién es: ponga el sistema de identificadores de pacientes de la clínica en los ajustes FHIR (Enviar a un servidor FHIR…).',
  'fhir.send.ambiguous': {
    one: 'El servidor FHIR tiene {count} paciente con el identificador {identifier}, pero no ha dicho cuál: no se ha enviado nada. Consulte al administrador de la historia clínica y vuelva a enviar.',
    other:
      'El servidor FHIR tiene {count} pacientes con el identificador {identifier}: la aplicación no puede saber cuál es este paciente, así que no se ha enviado nada. Pida al administrador de la historia clínica que los fusione y vuelva a enviar.',
  },
  'fhir.send.patientName.title': '¿Actualizar el nombre del paciente en el servidor FHIR?',
  'fhir.send.patientName.text': 'El paciente en el servidor se llama {server}; ¿actualizarlo a {record}?',
  'fhir.send.patientName.go': 'Actualizar a {record}',
  'fhir.send.patientName.none': '(sin nombre)',
} as const satisfies Record<FhirAppKey, string | { one: string; other: string }>
