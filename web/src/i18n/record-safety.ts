/**
 * Messages of the record's guarantees (web/src/record/controller.ts, docs/record.md):
 * work in no patient's record is never discarded without asking, a visit changes
 * patient only when moved, a visit changed in another tab or window is never
 * overwritten (the stale copy is kept and the clinician told), work of closed
 * windows. Merged into en.ts and es.ts; the `satisfies` clause makes a key missing
 * in Spanish a compile error. Placeholders are {name}.
 */
export const RECORD_SAFETY_EN = {
  'safety.work.view': {
    one: '{view} ({photo}, {count} marker)',
    other: '{view} ({photo}, {count} markers)',
  },
  'safety.work.notes': 'notes and interpretation, without marks',
  'safety.work.photo': 'photo',
  'safety.work.noPhoto': 'no photo',
  'safety.unfiled.title': 'Discard the work on screen?',
  'safety.unfiled.text':
    "The work on screen is in no patient's record: {work}. To keep it, cancel and type the patient ID in the assessment card. Discard it and continue?",
  'safety.unfiled.discard': 'Discard',
  'safety.unfiled.discardText': 'The unsaved work of a window closed at {saved} will be deleted from this browser.',
  'safety.unfiled.listTitle': 'Unsaved work from closed windows',
  'safety.unfiled.item': '{saved}: {work}',
  'safety.unfiled.open': 'Open',
  'safety.attached.new': 'New patient {patient} created; this work is saved as its visit of {date}.',
  'safety.attached.existing': {
    one: 'Saved as a visit of {patient} ({name}) of {date}; {patient} now has {count} visit.',
    other: 'Saved as a visit of {patient} ({name}) of {date}; {patient} now has {count} visits.',
  },
  'safety.copy.changed':
    'This visit was changed in another window. Nothing was overwritten: your changes here are kept as a separate visit of {patient}, {date}.',
  'safety.copy.deleted':
    'This visit was deleted in another window. Your changes here are kept as a new visit of {patient}, {date}.',
  'safety.copy.unknownPatient': 'no ID',
  'safety.copy.failed': 'the copy of the visit could not be saved',
  'safety.restore.deleted':
    'The visit that was open here was deleted in another window. The Patients dialog can undo it for a minute.',
  'safety.restore.newer': 'This visit was changed in another window since: its newest version is shown.',
  'safety.restore.journal':
    'Your last change, made just before the page was closed or reloaded, had not been saved yet: it is back on screen and saved now.',
  'safety.restore.journalPhotos':
    'Your last change, made just before the page was closed or reloaded, is back on screen and saved now, but the photo of {views} had not been saved yet: open it again.',
  'safety.elsewhere.changed': 'This visit was changed in another window or tab.',
  'safety.elsewhere.deleted':
    'This visit was deleted in another window or tab. Changes made here will be kept as a new visit.',
  'safety.elsewhere.reload': 'Show the newest version',
  'safety.move.button': 'Move to another patient…',
  'safety.move.label': 'Patient ID to move this visit to',
  'safety.move.title': 'Move the visit to another patient',
  'safety.move.toExisting': {
    one: "Move the visit of {date} from {from} to {to} ({name}, {count} visit)? It will no longer be in {from}'s record.",
    other:
      "Move the visit of {date} from {from} to {to} ({name}, {count} visits)? It will no longer be in {from}'s record.",
  },
  'safety.move.toNew':
    "No patient {to} exists. Create patient {to} and move the visit of {date} from {from} to it? It will no longer be in {from}'s record.",
  'safety.move.confirm': 'Move to {to}',
  'safety.move.same': 'The visit already belongs to {patient}.',
  'safety.move.stale': 'The visit changed in another window: show its newest version, then move it.',
  'safety.move.done': 'Visit of {date} moved from {from} to {to}.',
  'safety.identifier.locked': 'This visit belongs to this patient. To change it, use "Move to another patient…".',
} as const

export type RecordSafetyKey = keyof typeof RECORD_SAFETY_EN

export const RECORD_SAFETY_ES = {
  'safety.work.view': {
    one: '{view} ({photo}, {count} marcador)',
    other: '{view} ({photo}, {count} marcadores)',
  },
  'safety.work.notes': 'notas e interpretación, sin marcas',
  'safety.work.photo': 'foto',
  'safety.work.noPhoto': 'sin foto',
  'safety.unfiled.title': '¿Descartar el trabajo en pantalla?',
  'safety.unfiled.text':
    'El trabajo en pantalla no está en el registro de ningún paciente: {work}. Para conservarlo, cancele y escriba el identificador del paciente en la ficha de la valoración. ¿Descartarlo y continuar?',
  'safety.unfiled.discard': 'Descartar',
  'safety.unfiled.discardText':
    'Se borrará de este navegador el trabajo sin guardar de una ventana cerrada el {saved}.',
  'safety.unfiled.listTitle': 'Trabajo sin guardar de ventanas cerradas',
  'safety.unfiled.item': '{saved}: {work}',
  'safety.unfiled.open': 'Abrir',
  'safety.attached.new': 'Se ha creado el paciente {patient}; este trabajo queda guardado como su visita del {date}.',
  'safety.attached.existing': {
    one: 'Guardado como visita de {patient} ({name}) del {date}; {patient} tiene ahora {count} visita.',
    other: 'Guardado como visita de {patient} ({name}) del {date}; {patient} tiene ahora {count} visitas.',
  },
  'safety.copy.changed':
    'Esta visita se modificó en otra ventana. No se ha sobrescrito nada: sus cambios de aquí se conservan como otra visita de {patient}, {date}.',
  'safety.copy.deleted':
    'Esta visita se eliminó en otra ventana. Sus cambios de aquí se conservan como una visita nueva de {patient}, {date}.',
  'safety.copy.unknownPatient': 'sin identificador',
  'safety.copy.failed': 'no se pudo guardar la copia de la visita',
  'safety.restore.deleted':
    'La visita que estaba abierta aquí se eliminó en otra ventana. En «Pacientes» puede deshacerlo durante un minuto.',
  'safety.restore.newer': 'Esta visita se modificó después en otra ventana: se muestra su versión más reciente.',
  'safety.restore.journal':
    'Su último cambio, hecho justo antes de cerrar o recargar la página, aún no se había guardado: vuelve a estar en pantalla y ya está guardado.',
  'safety.restore.journalPhotos':
    'Su último cambio, hecho justo antes de cerrar o recargar la página, vuelve a estar en pantalla y ya está guardado, pero la foto de {views} aún no se había guardado: ábrala de nuevo.',
  'safety.elsewhere.changed': 'Esta visita se ha modificado en otra ventana o pestaña.',
  'safety.elsewhere.deleted':
    'Esta visita se ha eliminado en otra ventana o pestaña. Los cambios que haga aquí se conservarán como una visita nueva.',
  'safety.elsewhere.reload': 'Ver la versión más reciente',
  'safety.move.button': 'Pasar a otro paciente…',
  'safety.move.label': 'Identificador del paciente al que pasar esta visita',
  'safety.move.title': 'Pasar la visita a otro paciente',
  'safety.move.toExisting': {
    one: '¿Pasar la visita del {date} de {from} a {to} ({name}, {count} visita)? Dejará de estar en el registro de {from}.',
    other:
      '¿Pasar la visita del {date} de {from} a {to} ({name}, {count} visitas)? Dejará de estar en el registro de {from}.',
  },
  'safety.move.toNew':
    'No existe el paciente {to}. ¿Crear el paciente {to} y pasarle la visita del {date} de {from}? Dejará de estar en el registro de {from}.',
  'safety.move.confirm': 'Pasar a {to}',
  'safety.move.same': 'La visita ya es de {patient}.',
  'safety.move.stale': 'La visita se modificó en otra ventana: abra su versión más reciente y pásela después.',
  'safety.move.done': 'Visita del {date} pasada de {from} a {to}.',
  'safety.identifier.locked': 'Esta visita pertenece a este paciente. Para cambiarlo, use «Pasar a otro paciente…».',
} as const satisfies Record<RecordSafetyKey, string | { one: string; other: string }>
