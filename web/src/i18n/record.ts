/**
 * Messages of the patient record (web/src/record/): the list of patients and their
 * visits, autosave and storage, the check against mixing two patients, deleting
 * with undo, backups. Merged into en.ts and es.ts like clinical.ts; the `satisfies`
 * clause makes a key missing in Spanish a compile error. Placeholders are {name}.
 */
export const RECORD_EN = {
  'csv.column.patient': 'patient',
  'csv.column.date': 'date',
  'record.button': 'Patients',
  'record.button.title': 'The patient record kept in this browser: patients, visits, backups',
  'record.title': 'Patient record',
  'record.privacy':
    'The record and its photos stay in this browser, on this device. Only marker coordinates are sent to the service.',
  'record.search': 'Search patients',
  'record.patients.empty': 'No patients yet. Type a patient ID in the assessment card, or add one here.',
  'record.patients.noMatch': 'No patient matches "{query}".',
  'record.patient.name': 'Name (optional)',
  'record.patient.add': 'Add patient',
  'record.patient.exists': 'Patient "{identifier}" is already in the record (identifiers ignore case and spaces).',
  'record.patient.needsIdentifier': 'Type the patient ID first.',
  'record.patient.added': 'Patient "{identifier}" added.',
  'record.patient.visits': { one: '{count} visit', other: '{count} visits' },
  'record.patient.delete': 'Delete patient',
  'record.visits.title': 'Visits of {patient}',
  'record.visits.empty': 'No visits yet.',
  'record.visit.new': 'New visit',
  'record.visit.open': 'Open',
  'record.visit.delete': 'Delete',
  'record.trends': 'Trends',
  'record.trends.note':
    'Each metric at every visit, with its ± band; a red ring marks a change from the previous visit beyond the smallest real difference.',
  'record.trends.csv': 'Export trend CSV',
  'record.visit.compare': 'Compare',
  'record.visit.compare.title': 'Compare the visit on screen with this one, side by side',
  'record.visit.views': 'Views: {views}',
  'record.visit.opened': 'Visit of {patient}, {date}, opened.',
  'record.visit.cannotOpen': 'The visit could not be opened: {reason}',
  'record.newVisit.started': 'New visit of {patient}, {date}.',
  'record.confirm.deleteVisit':
    'Delete the visit of {date} of patient "{patient}" with its photos? You can undo it for a while.',
  'record.confirm.deletePatient': {
    one: 'Delete patient "{patient}" and their {count} visit with its photos? You can undo it for a while.',
    other: 'Delete patient "{patient}" and their {count} visits with their photos? You can undo it for a while.',
  },
  'record.deleted.visit': 'Visit of {date} deleted.',
  'record.deleted.patient': 'Patient "{patient}" deleted.',
  'record.undo': 'Undo',
  'record.restored': 'Put back.',
  'record.delete': 'Delete',
  'record.cancel': 'Cancel',
  'record.close': 'Close',
  'record.current': 'Visit of {patient}, {date}: saved in this browser as you work.',
  'record.current.unsaved':
    'Not in the record yet: type the patient ID to keep this visit. Your work is kept in this browser meanwhile.',
  'record.storage': 'Stored: {used} of {quota} available to this app.',
  'record.storage.persisted': 'The browser keeps this data even when space runs low.',
  'record.storage.notPersisted': 'The browser may clear this data when space runs low: export a backup now and then.',
  'record.storage.unknown': 'The browser does not say how much space is used.',
  'record.saveFailed': 'Could not save in this browser: {reason}. Export a backup of your work.',
  'record.conflict.title': 'Another patient',
  'record.conflict.text':
    'This file is an assessment of patient "{file}", but the assessment on screen is of patient "{open}". The two are never merged: open the file as a visit of "{file}" (the one on screen stays in the record), or cancel.',
  'record.conflict.open': 'Open as patient "{file}"',
  'record.noIdentifier': 'no identifier',
  'record.export.all': 'Export the whole record',
  'record.export.patient': 'Export patient',
  'record.export.visit': 'Export',
  'record.export.done': 'Backup saved: {name}.',
  'record.import': 'Import a backup',
  'record.import.title': 'Import',
  'record.import.preview':
    'From {name}: new patients: {added}; visits: {visitsAdded} new, {visitsUpdated} updated, {visitsUnchanged} already in the record (left as they are).',
  'record.import.confirm': 'Import',
  'record.import.done': 'Imported: {visitsAdded} new visits, {visitsUpdated} updated.',
  'record.import.failed': '{name} was not imported (nothing was changed): {reason}',
  'record.import.nothing': 'Nothing new in {name}: every visit is already in the record.',
  'backup.notJson': 'it is not a complete JSON file ({reason}); it may be truncated or damaged.',
  'backup.foreign':
    'it is not a backup of this app (expected "format": "{format}", or an assessment file "{assessment}").',
  'backup.version': 'its version {version} is not known to this app (it reads version {expected}).',
  'backup.field': 'the field {where} is missing or wrong; the file may be damaged.',
  'backup.duplicate': '{where} is the same as in {first}: two entries cannot share it; the file may be damaged.',
  'backup.noPatient':
    'the assessment file has no patient ID, so it cannot be given to a patient. Load it with "Load assessment" instead.',
} as const

export type RecordKey = keyof typeof RECORD_EN

export const RECORD_ES = {
  'csv.column.patient': 'paciente',
  'csv.column.date': 'fecha',
  'record.button': 'Pacientes',
  'record.button.title': 'El registro de pacientes guardado en este navegador: pacientes, visitas, copias de seguridad',
  'record.title': 'Registro de pacientes',
  'record.privacy':
    'El registro y sus fotos se quedan en este navegador, en este equipo. Al servicio solo se envían las coordenadas de los marcadores.',
  'record.search': 'Buscar pacientes',
  'record.patients.empty':
    'Aún no hay pacientes. Escriba un identificador en la tarjeta de la valoración, o añádalo aquí.',
  'record.patients.noMatch': 'Ningún paciente coincide con «{query}».',
  'record.patient.name': 'Nombre (opcional)',
  'record.patient.add': 'Añadir paciente',
  'record.patient.exists':
    'El paciente «{identifier}» ya está en el registro (los identificadores no distinguen mayúsculas ni espacios).',
  'record.patient.needsIdentifier': 'Escriba primero el identificador del paciente.',
  'record.patient.added': 'Paciente «{identifier}» añadido.',
  'record.patient.visits': { one: '{count} visita', other: '{count} visitas' },
  'record.patient.delete': 'Eliminar paciente',
  'record.visits.title': 'Visitas de {patient}',
  'record.visits.empty': 'Aún no hay visitas.',
  'record.visit.new': 'Nueva visita',
  'record.visit.open': 'Abrir',
  'record.visit.delete': 'Eliminar',
  'record.trends': 'Evolución',
  'record.trends.note':
    'Cada medida en cada visita, con su banda ±; un círculo rojo señala un cambio respecto a la visita previa que supera la diferencia real mínima.',
  'record.trends.csv': 'Exportar CSV de la evolución',
  'record.visit.compare': 'Comparar',
  'record.visit.compare.title': 'Comparar la visita en pantalla con esta, una junto a otra',
  'record.visit.views': 'Vistas: {views}',
  'record.visit.opened': 'Visita de {patient}, {date}, abierta.',
  'record.visit.cannotOpen': 'No se pudo abrir la visita: {reason}',
  'record.newVisit.started': 'Nueva visita de {patient}, {date}.',
  'record.confirm.deleteVisit':
    '¿Eliminar la visita del {date} del paciente «{patient}» con sus fotos? Podrá deshacerlo durante un rato.',
  'record.confirm.deletePatient': {
    one: '¿Eliminar el paciente «{patient}» y su {count} visita con sus fotos? Podrá deshacerlo durante un rato.',
    other: '¿Eliminar el paciente «{patient}» y sus {count} visitas con sus fotos? Podrá deshacerlo durante un rato.',
  },
  'record.deleted.visit': 'Visita del {date} eliminada.',
  'record.deleted.patient': 'Paciente «{patient}» eliminado.',
  'record.undo': 'Deshacer',
  'record.restored': 'Recuperado.',
  'record.delete': 'Eliminar',
  'record.cancel': 'Cancelar',
  'record.close': 'Cerrar',
  'record.current': 'Visita de {patient}, {date}: se guarda en este navegador mientras trabaja.',
  'record.current.unsaved':
    'Aún no está en el registro: escriba el identificador del paciente para guardar esta visita. Mientras tanto, su trabajo se conserva en este navegador.',
  'record.storage': 'Guardado: {used} de {quota} disponibles para esta aplicación.',
  'record.storage.persisted': 'El navegador conserva estos datos aunque falte espacio.',
  'record.storage.notPersisted':
    'El navegador podría borrar estos datos si falta espacio: exporte una copia de seguridad de vez en cuando.',
  'record.storage.unknown': 'El navegador no indica cuánto espacio se usa.',
  'record.saveFailed': 'No se pudo guardar en este navegador: {reason}. Exporte una copia de su trabajo.',
  'record.conflict.title': 'Otro paciente',
  'record.conflict.text':
    'Este archivo es una valoración del paciente «{file}», pero la valoración en pantalla es del paciente «{open}». Nunca se mezclan: abra el archivo como visita de «{file}» (la de la pantalla se queda en el registro), o cancele.',
  'record.conflict.open': 'Abrir como paciente «{file}»',
  'record.noIdentifier': 'sin identificador',
  'record.export.all': 'Exportar todo el registro',
  'record.export.patient': 'Exportar paciente',
  'record.export.visit': 'Exportar',
  'record.export.done': 'Copia de seguridad guardada: {name}.',
  'record.import': 'Importar una copia de seguridad',
  'record.import.title': 'Importar',
  'record.import.preview':
    'De {name}: pacientes nuevos: {added}; visitas: {visitsAdded} nuevas, {visitsUpdated} actualizadas, {visitsUnchanged} ya en el registro (se dejan como están).',
  'record.import.confirm': 'Importar',
  'record.import.done': 'Importado: {visitsAdded} visitas nuevas, {visitsUpdated} actualizadas.',
  'record.import.failed': 'No se importó {name} (no se ha cambiado nada): {reason}',
  'record.import.nothing': 'Nada nuevo en {name}: todas las visitas ya están en el registro.',
  'backup.notJson': 'no es un archivo JSON completo ({reason}); puede estar cortado o dañado.',
  'backup.foreign':
    'no es una copia de seguridad de esta aplicación (se esperaba "format": "{format}", o un archivo de valoración "{assessment}").',
  'backup.version': 'esta aplicación no conoce su versión {version} (lee la versión {expected}).',
  'backup.field': 'el campo {where} falta o es incorrecto; el archivo puede estar dañado.',
  'backup.duplicate':
    '{where} es igual que en {first}: dos entradas no pueden compartirlo; el archivo puede estar dañado.',
  'backup.noPatient':
    'el archivo de valoración no tiene identificador de paciente, así que no se puede asignar a un paciente. Ábralo con «Cargar valoración».',
} as const satisfies Record<RecordKey, string | { one: string; other: string }>
