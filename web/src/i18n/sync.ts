/**
 * Messages of the clinic-server section (web/src/record/sync/panel.ts, docs/record.md,
 * "Sync with the clinic's record server"): the server's address, signing in and out, the
 * sync's status and the conflicts the clinician resolves. Merged into en.ts and es.ts;
 * the `satisfies` clause makes a key missing in Spanish a compile error. Placeholders are {name}.
 */
export const SYNC_EN = {
  'sync.button': 'Clinic server',
  'sync.button.unread': 'Clinic server ({count})',
  'sync.button.title': "Sync this browser's record with your clinic's own record server",
  'sync.title': 'Clinic server',
  'sync.privacy':
    "The record is synced with your clinic's own record server, straight from this browser; nothing of it goes to the metrics service. Changes made offline are kept here and sent when the server can be reached.",
  'sync.url.label': 'Server address',
  'sync.url.save': 'Use this server',
  'sync.url.invalid': 'Write the server address as https://record.clinic.example (http only on this computer).',
  'sync.email': 'Email',
  'sync.password': 'Password',
  'sync.signIn': 'Sign in',
  'sync.signOut': 'Sign out',
  'sync.signedIn': 'Signed in as {email} ({role}).',
  'sync.signInFailed': 'Sign-in failed: {problem}',
  'sync.role.admin': 'admin',
  'sync.role.clinician': 'clinician',
  'sync.role.read-only': 'read only',
  'sync.phase.no_server': 'No server set: the record stays in this browser only.',
  'sync.phase.signed_out': 'Signed out: changes are kept here and sent once you sign in.',
  'sync.phase.idle': 'In step with the server.',
  'sync.phase.syncing': 'Syncing…',
  'sync.phase.offline': 'Offline: changes are kept here and sent when the server can be reached.',
  'sync.phase.unreachable':
    "Can't reach the server: it does not answer (it may be down, or the address or the clinic's network may be wrong). Changes are kept here and sent when it answers; if this persists, tell the clinic's admin.",
  'sync.phase.error': 'The last sync did not finish: {problem}',
  'sync.lastSync': 'Last sync: {time}.',
  'sync.lastSync.never': 'Not synced yet.',
  'sync.pending': {
    none: 'No changes waiting to be sent.',
    one: '{count} change waiting to be sent.',
    other: '{count} changes waiting to be sent.',
  },
  'sync.waitingForAdmin': {
    one: '{count} deletion waits: a read-only user neither deletes on the server nor asks to. Sign in here as a clinician or an admin.',
    other:
      '{count} deletions wait: a read-only user neither deletes on the server nor asks to. Sign in here as a clinician or an admin.',
  },
  'sync.awaitingApproval': {
    one: "{count} deletion was asked of an admin and waits for approval; until then it stays on the server and on the clinic's other devices.",
    other:
      "{count} deletions were asked of an admin and wait for approval; until then they stay on the server and on the clinic's other devices.",
  },
  'sync.rejected.title': 'Deletions an admin rejected',
  'sync.rejected.visit': 'An admin rejected deleting the visit of {patient}, {date}: it is back in this record.',
  'sync.rejected.patient': 'An admin rejected deleting the patient {patient}: it is back in this record.',
  'sync.rejected.comment': 'The admin wrote: {comment}',
  'sync.rejected.dismiss': 'Read, hide this notice',
  'sync.now': 'Sync now',
  'sync.conflicts.title': 'Conflicts to resolve',
  'sync.conflicts.none': 'No conflicts.',
  'sync.conflict.visit': 'Visit of {patient}, {date}',
  'sync.conflict.patient': 'Patient {patient}',
  'sync.reason.changed': 'Changed on another device while it was changed here too.',
  'sync.reason.pulled': 'Changed on the server while this device has unsent changes to it.',
  'sync.reason.deleted': 'Deleted on the server by an admin while it was changed here.',
  'sync.reason.identifier_taken': 'Another device made a patient with this identifier on the server ({theirs}).',
  'sync.side.mine': 'This device ({device}), last changed {time}: {summary}',
  'sync.side.theirs': "The clinic's server ({server}), last changed {time}: {summary}",
  'sync.phase.conflicts': {
    one: '{count} conflict to resolve: the change made here waits for your decision (below), not sent until then.',
    other: '{count} conflicts to resolve: the changes made here wait for your decision (below), not sent until then.',
  },
  'sync.diff.title': 'What differs:',
  'sync.diff.none': 'Nothing differs in the date, patient, notes, markers, scale or photos.',
  'sync.diff.date': 'Date: here {mine}; on the server {theirs}.',
  'sync.diff.patient': 'Patient: here {mine}; on the server {theirs}.',
  'sync.diff.identifier': 'Identifier: here {mine}; on the server {theirs}.',
  'sync.diff.name': 'Name: here {mine}; on the server {theirs}.',
  'sync.diff.notes': 'Notes:',
  'sync.diff.onlyMine': 'only here: {line}',
  'sync.diff.onlyTheirs': 'only on the server: {line}',
  'sync.diff.emptyLine': '(an empty line)',
  'sync.diff.marker.moved': '{marker} ({view}): placed {px} px apart.',
  'sync.diff.marker.movedCm': '{marker} ({view}): placed {px} px ({cm} cm) apart.',
  'sync.diff.marker.onlyMine': '{marker} ({view}): placed here only.',
  'sync.diff.marker.onlyTheirs': '{marker} ({view}): placed on the server only.',
  'sync.diff.scale': 'Scale of the {view} view: here {mine} cm/px; on the server {theirs} cm/px.',
  'sync.diff.scale.none': 'none',
  'sync.diff.view.onlyMine': 'The {view} view: here only.',
  'sync.diff.view.onlyTheirs': 'The {view} view: on the server only.',
  'sync.diff.photo.only_mine': 'The {view} photo: here only.',
  'sync.diff.photo.only_theirs': 'The {view} photo: on the server only.',
  'sync.diff.photo.other': 'The {view} photo: a different photo on each side.',
  'sync.diff.photosSame': 'Photos: the same on both sides.',
  'sync.copy.device': 'Copy kept from this device ({name}), as last changed there {time}',
  'sync.copy.server': "Copy kept from the clinic's server ({name}), as last changed there {time}",
  'sync.summary.visit': '{date}; {views}; {markers} markers',
  'sync.summary.patient': '{identifier} {name}',
  'sync.summary.none': 'deleted',
  'sync.keep.mine': 'Keep mine',
  'sync.keep.theirs': "Keep the server's",
  'sync.keep.both': 'Keep both (two visits)',
  'sync.keep.mineAsNew': 'Keep mine as a new visit',
  'sync.keep.deleteHere': 'Delete it here too',
  'sync.keep.useClinicPatient': "Use the clinic's patient (this patient's visits go to it)",
  'sync.problem.unanswered': 'the server left a change unanswered; it stays here and is sent again at the next sync.',
  'sync.problem.failed': 'something failed in this browser; the changes stay here. Try again.',
  'sync.problem.offline': 'the server cannot be reached. Check the address and the connection.',
  'sync.problem.login_failed': 'the email or the password is wrong.',
  'sync.problem.account_locked':
    'the account is locked after too many failed sign-ins; an admin of the clinic unlocks it.',
  'sync.problem.account_disabled':
    'an admin of the clinic disabled this account; ask an admin to enable it again if you still need it.',
  'sync.problem.rate_limited': 'too many sign-in attempts from here; wait a minute and try again.',
  'sync.problem.sign_in_invalid':
    'the server cannot check that email and password: write the whole email (name@clinic.example) and the password, then try again.',
  'sync.problem.password_login_off': "this clinic signs in through its provider: use the 'Sign in with' button.",
  'sync.problem.sso_failed':
    'the sign-in through the provider did not complete (it expired, was used already, or its answer was refused). Try again.',
  'sync.problem.sso_no_user':
    "your account at the provider is not a user of this clinic's record; ask an admin of the clinic to create a user with your email.",
  'sync.problem.sso_unavailable': "the clinic's sign-in provider cannot be reached just now; try again in a minute.",
  'sync.sso.signIn': 'Sign in with {provider}',
  'sync.sso.passwordAdmins': "Sign in with a password (the clinic's admins only)",
  'sync.problem.change_id_reused':
    "the server already had a different change under the id of one of this device's changes. Nothing is lost: this device's copy stays here and is sent again as a new change at the next sync (press 'Sync now'); if the server's copy differs from it, you will be asked which to keep.",
  'sync.problem.server':
    "the server refused a change ({type}); it stays here and is sent again at the next sync. If it persists, tell the clinic's admin.",
  'sync.problem.unavailable':
    "the server could not answer ({type}): it or its database may be down. The changes stay here and are sent when it answers again; if this persists, tell the clinic's admin.",
} as const

export type SyncKey = keyof typeof SYNC_EN

export const SYNC_ES = {
  'sync.button': 'Servidor de la clínica',
  'sync.button.unread': 'Servidor de la clínica ({count})',
  'sync.button.title': 'Sincronizar el registro de este navegador con el servidor de registros de su clínica',
  'sync.title': 'Servidor de la clínica',
  'sync.privacy':
    'El registro se sincroniza con el servidor de registros de su clínica directamente desde este navegador; nada de él pasa por el servicio de métricas. Los cambios hechos sin conexión se guardan aquí y se envían cuando el servidor está disponible.',
  'sync.url.label': 'Dirección del servidor',
  'sync.url.save': 'Usar este servidor',
  'sync.url.invalid':
    'Escriba la dirección del servidor como https://registro.clinica.example (http solo en este equipo).',
  'sync.email': 'Correo electrónico',
  'sync.password': 'Contraseña',
  'sync.signIn': 'Iniciar sesión',
  'sync.signOut': 'Cerrar sesión',
  'sync.signedIn': 'Sesión iniciada como {email} ({role}).',
  'sync.signInFailed': 'No se pudo iniciar sesión: {problem}',
  'sync.role.admin': 'administrador',
  'sync.role.clinician': 'clínico',
  'sync.role.read-only': 'solo lectura',
  'sync.phase.no_server': 'Sin servidor: el registro se queda solo en este navegador.',
  'sync.phase.signed_out': 'Sesión cerrada: los cambios se guardan aquí y se envían al iniciar sesión.',
  'sync.phase.idle': 'Al día con el servidor.',
  'sync.phase.syncing': 'Sincronizando…',
  'sync.phase.offline': 'Sin conexión: los cambios se guardan aquí y se envían cuando el servidor está disponible.',
  'sync.phase.unreachable':
    'No se puede contactar con el servidor: no responde (puede que no esté funcionando, o que la dirección o la red de la clínica fallen). Los cambios se guardan aquí y se envían cuando responda; si se repite, avise al administrador de la clínica.',
  'sync.phase.error': 'La última sincronización no terminó: {problem}',
  'sync.lastSync': 'Última sincronización: {time}.',
  'sync.lastSync.never': 'Aún no se ha sincronizado.',
  'sync.pending': {
    none: 'Ningún cambio pendiente de enviar.',
    one: '{count} cambio pendiente de enviar.',
    other: '{count} cambios pendientes de enviar.',
  },
  'sync.waitingForAdmin': {
    one: '{count} eliminación espera: un usuario de solo lectura no elimina en el servidor ni lo solicita. Inicie sesión aquí como clínico o administrador.',
    other:
      '{count} eliminaciones esperan: un usuario de solo lectura no elimina en el servidor ni lo solicita. Inicie sesión aquí como clínico o administrador.',
  },
  'sync.awaitingApproval': {
    one: '{count} eliminación solicitada a un administrador espera su aprobación; hasta entonces se conserva en el servidor y en los demás equipos de la clínica.',
    other:
      '{count} eliminaciones solicitadas a un administrador esperan su aprobación; hasta entonces se conservan en el servidor y en los demás equipos de la clínica.',
  },
  'sync.rejected.title': 'Eliminaciones rechazadas por un administrador',
  'sync.rejected.visit':
    'Un administrador rechazó eliminar la visita de {patient} del {date}: vuelve a estar en este registro.',
  'sync.rejected.patient': 'Un administrador rechazó eliminar al paciente {patient}: vuelve a estar en este registro.',
  'sync.rejected.comment': 'El administrador escribió: {comment}',
  'sync.rejected.dismiss': 'Leído, ocultar este aviso',
  'sync.now': 'Sincronizar ahora',
  'sync.conflicts.title': 'Conflictos por resolver',
  'sync.conflicts.none': 'No hay conflictos.',
  'sync.conflict.visit': 'Visita de {patient}, {date}',
  'sync.conflict.patient': 'Paciente {patient}',
  'sync.reason.changed': 'Modificada en otro equipo mientras también se modificaba aquí.',
  'sync.reason.pulled': 'Modificada en el servidor mientras este equipo tiene cambios sin enviar.',
  'sync.reason.deleted': 'Eliminada en el servidor por un administrador mientras se modificaba aquí.',
  'sync.reason.identifier_taken': 'Otro equipo creó en el servidor un paciente con este identificador ({theirs}).',
  'sync.side.mine': 'Este equipo ({device}), última modificación {time}: {summary}',
  'sync.side.theirs': 'El servidor de la clínica ({server}), última modificación {time}: {summary}',
  'sync.phase.conflicts': {
    one: '{count} conflicto por resolver: el cambio hecho aquí espera su decisión (abajo) y no se envía hasta entonces.',
    other:
      '{count} conflictos por resolver: los cambios hechos aquí esperan su decisión (abajo) y no se envían hasta entonces.',
  },
  'sync.diff.title': 'Qué difiere:',
  'sync.diff.none':
    'No difieren ni la fecha, ni el paciente, ni las notas, ni los marcadores, ni la escala, ni las fotos.',
  'sync.diff.date': 'Fecha: aquí {mine}; en el servidor {theirs}.',
  'sync.diff.patient': 'Paciente: aquí {mine}; en el servidor {theirs}.',
  'sync.diff.identifier': 'Identificador: aquí {mine}; en el servidor {theirs}.',
  'sync.diff.name': 'Nombre: aquí {mine}; en el servidor {theirs}.',
  'sync.diff.notes': 'Notas:',
  'sync.diff.onlyMine': 'solo aquí: {line}',
  'sync.diff.onlyTheirs': 'solo en el servidor: {line}',
  'sync.diff.emptyLine': '(una línea vacía)',
  'sync.diff.marker.moved': '{marker} ({view}): colocado a {px} px de distancia.',
  'sync.diff.marker.movedCm': '{marker} ({view}): colocado a {px} px ({cm} cm) de distancia.',
  'sync.diff.marker.onlyMine': '{marker} ({view}): colocado solo aquí.',
  'sync.diff.marker.onlyTheirs': '{marker} ({view}): colocado solo en el servidor.',
  'sync.diff.scale': 'Escala de la vista {view}: aquí {mine} cm/px; en el servidor {theirs} cm/px.',
  'sync.diff.scale.none': 'ninguna',
  'sync.diff.view.onlyMine': 'La vista {view}: solo aquí.',
  'sync.diff.view.onlyTheirs': 'La vista {view}: solo en el servidor.',
  'sync.diff.photo.only_mine': 'La foto {view}: solo aquí.',
  'sync.diff.photo.only_theirs': 'La foto {view}: solo en el servidor.',
  'sync.diff.photo.other': 'La foto {view}: una foto distinta en cada lado.',
  'sync.diff.photosSame': 'Fotos: las mismas en los dos lados.',
  'sync.copy.device': 'Copia conservada de este equipo ({name}), tal como se modificó allí por última vez el {time}',
  'sync.copy.server':
    'Copia conservada del servidor de la clínica ({name}), tal como se modificó allí por última vez el {time}',
  'sync.summary.visit': '{date}; {views}; {markers} marcadores',
  'sync.summary.patient': '{identifier} {name}',
  'sync.summary.none': 'eliminada',
  'sync.keep.mine': 'Conservar la mía',
  'sync.keep.theirs': 'Conservar la del servidor',
  'sync.keep.both': 'Conservar las dos (dos visitas)',
  'sync.keep.mineAsNew': 'Conservar la mía como visita nueva',
  'sync.keep.deleteHere': 'Eliminarla también aquí',
  'sync.keep.useClinicPatient': 'Usar el paciente de la clínica (las visitas de este paciente pasan a él)',
  'sync.problem.unanswered':
    'el servidor dejó un cambio sin respuesta; se conserva aquí y se envía en la próxima sincronización.',
  'sync.problem.failed': 'algo falló en este navegador; los cambios se conservan aquí. Inténtelo de nuevo.',
  'sync.problem.offline': 'no se puede contactar con el servidor. Compruebe la dirección y la conexión.',
  'sync.problem.login_failed': 'el correo electrónico o la contraseña no son correctos.',
  'sync.problem.account_locked':
    'la cuenta está bloqueada tras demasiados intentos fallidos; la desbloquea un administrador de la clínica.',
  'sync.problem.account_disabled':
    'un administrador de la clínica desactivó esta cuenta; pida a un administrador que la vuelva a activar si aún la necesita.',
  'sync.problem.password_login_off':
    "esta clínica inicia sesión a través de su proveedor: use el botón 'Iniciar sesión con'.",
  'sync.problem.sso_failed':
    'el inicio de sesión a través del proveedor no se completó (caducó, ya se había usado o su respuesta fue rechazada). Inténtelo de nuevo.',
  'sync.problem.sso_no_user':
    'su cuenta del proveedor no es un usuario del registro de esta clínica; pida a un administrador de la clínica que cree un usuario con su correo electrónico.',
  'sync.problem.sso_unavailable':
    'no se puede contactar ahora con el proveedor de inicio de sesión de la clínica; inténtelo de nuevo en un minuto.',
  'sync.sso.signIn': 'Iniciar sesión con {provider}',
  'sync.sso.passwordAdmins': 'Iniciar sesión con contraseña (solo los administradores de la clínica)',
  'sync.problem.rate_limited':
    'demasiados intentos de inicio de sesión desde aquí; espere un minuto e inténtelo de nuevo.',
  'sync.problem.sign_in_invalid':
    'el servidor no puede comprobar ese correo y esa contraseña: escriba el correo completo (nombre@clinica.example) y la contraseña, e inténtelo de nuevo.',
  'sync.problem.change_id_reused':
    "el servidor ya tenía un cambio distinto con el identificador de uno de los cambios de este dispositivo. No se pierde nada: la copia de este dispositivo se conserva aquí y se envía de nuevo como un cambio nuevo en la próxima sincronización (pulse 'Sincronizar ahora'); si la copia del servidor es distinta, se le preguntará cuál conservar.",
  'sync.problem.server':
    'el servidor rechazó un cambio ({type}); se conserva aquí y se envía en la próxima sincronización. Si se repite, avise al administrador de la clínica.',
  'sync.problem.unavailable':
    'el servidor no pudo responder ({type}): puede que él o su base de datos no estén funcionando. Los cambios se conservan aquí y se envían cuando vuelva a responder; si se repite, avise al administrador de la clínica.',
} as const satisfies Record<SyncKey, unknown>
