/**
 * Messages of the capture screen (web/src/capture: camera, level, framing check, the
 * question before keeping a tilted shot), of the capture conditions shown beside the
 * results and in the report (and read from the assessment file), and of the
 * calibration by the subject's height, in every language. Merged into the app's
 * catalogues (en.ts, es.ts); `satisfies` makes a key missing in one language a
 * compile error.
 */
export const CAPTURE_EN = {
  'capture.button': 'Take photo',
  'capture.button.title':
    "Take the photo with this device's camera, with a level, a plumb line and a framing check (the picture stays in this browser)",
  'capture.title': 'Take photo: {view} view',
  'capture.close': 'Close',
  'capture.camera': 'Camera',
  'capture.cameraNumber': 'Camera {number}',
  'capture.shoot': 'Capture',
  'capture.shoot.title': 'Take the photo now (Space)',
  'capture.timer': 'In 3 s',
  'capture.timer.title': 'Take the photo in 3 seconds (T)',
  'capture.auto': 'Capture by itself when every check holds and the person stands still',
  'capture.countdown': 'Photo in {seconds} s',
  'capture.protocol': 'Photo protocol',
  'capture.starting': 'Starting the camera…',
  'capture.guides':
    'Guides: the vertical line is the plumb line (it becomes the reference line; green when the camera is level); stand the person inside the dashed frame, feet on the yellow floor line.',
  'capture.level.noSensor':
    'This device reports no tilt (no orientation sensor): line the camera up by the plumb line, parallel to door frames or wall edges.',
  'capture.level.waiting': 'Reading the level…',
  'capture.level.ok': 'Level: roll {roll}°, pitch {pitch}° (within {tolerance}°).',
  'capture.level.tilted': 'Not level: roll {roll}°, pitch {pitch}°. Keep both within {tolerance}°.',
  'capture.level.turn.clockwise': 'Turn the device clockwise.',
  'capture.level.turn.counterclockwise': 'Turn the device anticlockwise.',
  'capture.level.aim.down': 'Aim the camera lower.',
  'capture.level.aim.up': 'Aim the camera higher.',
  'capture.level.takenTilted':
    'The photo was taken with the camera tilted (roll {roll}°, pitch {pitch}°): angles against the vertical may be off by as much.',
  'capture.problem.insecure':
    'The camera works only on a secure page: open the app over HTTPS, or on this computer at http://localhost (see "HTTPS for the camera" in docs/deploy.md). This page is {origin}. "Open photo" still works.',
  'capture.problem.noApi': 'This browser gives web pages no camera. Use "Open photo" with a picture taken another way.',
  'capture.problem.permission':
    'Camera permission was refused. Allow the camera for this site in the browser\'s site settings, then try again; or use "Open photo".',
  'capture.problem.noCamera': 'No camera was found. Connect one and try again, or use "Open photo".',
  'capture.problem.busy':
    'The camera could not be started: another program may be using it. Close it and try again, or use "Open photo".',
  'capture.problem.failed': 'The camera could not be started. Use "Open photo".',
  'capture.retry': 'Try again',
  'capture.framing.title': 'Framing',
  'capture.framing.waiting': 'Checking the framing…',
  'capture.framing.unavailable': 'The framing check is not available: {reason} Frame the body by the guides.',
  'capture.check.person.ok': 'A person is in the picture.',
  'capture.check.person.no': 'No one found in the picture.',
  'capture.check.wholeBody.ok': 'The whole body is in the frame, head to feet.',
  'capture.check.wholeBody.no':
    'Not all in the frame: {parts} cut off. Step back or aim the camera so the head and both feet are inside.',
  'capture.part.head': 'the head',
  'capture.part.leftFoot': 'the left foot',
  'capture.part.rightFoot': 'the right foot',
  'capture.part.feet': 'the feet',
  'capture.part.and': ' and ',
  'capture.check.facing.ok': 'Facing as the view needs: {expected}.',
  'capture.check.facing.no': 'Facing the wrong way: this looks like {seen}, the view needs {expected}.',
  'capture.check.facing.unknown': 'Cannot tell which way the person faces; the view needs {expected}.',
  'capture.check.distance.ok': 'Good distance: the body fills {percent} % of the height.',
  'capture.check.distance.closer':
    'Too small in the picture: the body fills {percent} % of the height, aim for {min}-{max} %. Choose a 2x camera above, or come closer.',
  'capture.check.distance.farther':
    'Too close: the body fills {percent} % of the height. Step back until it fills {min}-{max} %.',
  'capture.check.centred.ok': 'Centred on the plumb line.',
  'capture.check.centred.no': 'Off centre: move the camera so the plumb line runs through the middle of the body.',
  'capture.holdStill': 'Hold still: the photo is taken by itself.',
  'capture.taken': 'Photo taken ({width} × {height} px); the reference line is at the plumb line.',
  'capture.failed': 'The photo could not be taken. Try again.',
  'capture.tilt.roll': 'The device was rolled {roll}° (limit {tolerance}°): frontal angles may be off by as much.',
  'capture.tilt.pitchUp':
    'The camera pointed {pitch}° upward (limit {tolerance}°): vertical lines converge in the picture and heights are foreshortened.',
  'capture.tilt.pitchDown':
    'The camera pointed {pitch}° downward (limit {tolerance}°): vertical lines converge in the picture and heights are foreshortened.',
  'capture.keep.title': 'The camera was not level',
  'capture.keep.question': '{tilt} Keep the photo or retake it?',
  'capture.keep.yes': 'Keep photo',
  'capture.keep.retake': 'Retake',

  'conditions.camera': 'Photo taken with the camera, {width} × {height} px',
  'conditions.file': 'Photo opened from a file',
  'conditions.level': 'roll {roll}°, pitch {pitch}° (limit {tolerance}°)',
  'conditions.noSensor': 'no level sensor',
  'conditions.scale.length': 'scale: a known length',
  'conditions.scale.stature': "scale: the subject's height",
  'conditions.scale.typed': 'scale: fc typed in',
  'conditions.scale.none': 'no scale yet',
  'conditions.scale.cm': '{method} ({cm} cm)',
  'conditions.keptTilted': 'Kept anyway.',
  'file.capture.notObject': '{where} must be an object (how the photo was taken with the camera).',
  'file.capture.source': '{where} must be "camera"; got {got}.',
  'file.capture.pixels': '{where} must be a whole number of pixels > 0; got {got}.',
  'file.capture.time': '{where} must be an ISO date and time such as "2026-04-14T10:30:00Z"; got {got}.',
  'file.capture.angle':
    '{where} must be a number of degrees between −180 and 180, or null when the device gave no reading; got {got}.',
  'file.capture.missing': '{where} is missing.',

  'calibration.byHeight': "Scale from the subject's height (less exact)",
  'calibration.byHeight.help':
    'Type the height measured standing, then place the top of the head and the floor under the heels on the photo. Less exact than a known length beside the subject: hair, posture and the floor line add about {u} cm.',
  'calibration.stature': "Subject's height",
  'calibration.stature.placeholder': 'e.g. 170',
  'calibration.invalidStature': "The subject's height must be a number of centimetres above 0.",
  'target.vertex.label': 'Top of the head',
  'target.vertex.hint': 'The highest point of the skull (vertex), through the hair.',
  'target.floor.label': 'Floor under the heels',
  'target.floor.hint': 'Where the heels stand on the floor.',
} as const

export const CAPTURE_ES = {
  'capture.button': 'Hacer foto',
  'capture.button.title':
    'Hacer la foto con la cámara de este dispositivo, con nivel, plomada y comprobación del encuadre (la imagen no sale del navegador)',
  'capture.title': 'Hacer foto: vista {view}',
  'capture.close': 'Cerrar',
  'capture.camera': 'Cámara',
  'capture.cameraNumber': 'Cámara {number}',
  'capture.shoot': 'Disparar',
  'capture.shoot.title': 'Hacer la foto ahora (Espacio)',
  'capture.timer': 'En 3 s',
  'capture.timer.title': 'Hacer la foto dentro de 3 segundos (T)',
  'capture.auto': 'Disparar sola cuando todo esté bien y la persona esté quieta',
  'capture.countdown': 'Foto en {seconds} s',
  'capture.protocol': 'Protocolo de la foto',
  'capture.starting': 'Encendiendo la cámara…',
  'capture.guides':
    'Guías: la línea vertical es la plomada (será la línea de referencia; verde cuando la cámara está nivelada); la persona de pie dentro del marco discontinuo, con los pies sobre la línea amarilla del suelo.',
  'capture.level.noSensor':
    'Este dispositivo no informa de su inclinación (sin sensor de orientación): alinee la cámara con la plomada, paralela a marcos de puertas o aristas de paredes.',
  'capture.level.waiting': 'Leyendo el nivel…',
  'capture.level.ok': 'Nivelada: giro {roll}°, cabeceo {pitch}° (dentro de {tolerance}°).',
  'capture.level.tilted': 'Sin nivelar: giro {roll}°, cabeceo {pitch}°. Mantenga ambos dentro de {tolerance}°.',
  'capture.level.turn.clockwise': 'Gire el dispositivo en el sentido de las agujas del reloj.',
  'capture.level.turn.counterclockwise': 'Gire el dispositivo en sentido contrario a las agujas del reloj.',
  'capture.level.aim.down': 'Apunte la cámara más abajo.',
  'capture.level.aim.up': 'Apunte la cámara más arriba.',
  'capture.level.takenTilted':
    'La foto se hizo con la cámara inclinada (giro {roll}°, cabeceo {pitch}°): los ángulos respecto a la vertical pueden desviarse otro tanto.',
  'capture.problem.insecure':
    'La cámara solo funciona en una página segura: abra la aplicación por HTTPS, o en este ordenador en http://localhost (vea «HTTPS para la cámara» en docs/deploy.md). Esta página es {origin}. «Abrir foto» sigue funcionando.',
  'capture.problem.noApi':
    'Este navegador no da cámara a las páginas web. Use «Abrir foto» con una imagen hecha de otro modo.',
  'capture.problem.permission':
    'Se denegó el permiso de la cámara. Permita la cámara para este sitio en los ajustes del navegador y vuelva a intentarlo; o use «Abrir foto».',
  'capture.problem.noCamera': 'No se encontró ninguna cámara. Conecte una y vuelva a intentarlo, o use «Abrir foto».',
  'capture.problem.busy':
    'No se pudo encender la cámara: puede que otro programa la esté usando. Ciérrelo y vuelva a intentarlo, o use «Abrir foto».',
  'capture.problem.failed': 'No se pudo encender la cámara. Use «Abrir foto».',
  'capture.retry': 'Reintentar',
  'capture.framing.title': 'Encuadre',
  'capture.framing.waiting': 'Comprobando el encuadre…',
  'capture.framing.unavailable':
    'La comprobación del encuadre no está disponible: {reason} Encuadre el cuerpo con las guías.',
  'capture.check.person.ok': 'Hay una persona en la imagen.',
  'capture.check.person.no': 'No se encuentra a nadie en la imagen.',
  'capture.check.wholeBody.ok': 'El cuerpo entero está en el encuadre, de la cabeza a los pies.',
  'capture.check.wholeBody.no':
    'No cabe entero, queda fuera: {parts}. Aléjese o apunte la cámara para que la cabeza y ambos pies queden dentro.',
  'capture.part.head': 'la cabeza',
  'capture.part.leftFoot': 'el pie izquierdo',
  'capture.part.rightFoot': 'el pie derecho',
  'capture.part.feet': 'los pies',
  'capture.part.and': ' y ',
  'capture.check.facing.ok': 'Orientada como pide la vista: {expected}.',
  'capture.check.facing.no': 'Orientada al revés: parece {seen}, la vista pide {expected}.',
  'capture.check.facing.unknown': 'No se distingue hacia dónde mira la persona; la vista pide {expected}.',
  'capture.check.distance.ok': 'Buena distancia: el cuerpo ocupa el {percent} % de la altura.',
  'capture.check.distance.closer':
    'El cuerpo se ve demasiado pequeño: ocupa el {percent} % de la altura, busque el {min}-{max} %. Elija arriba una cámara de 2x, o acérquese.',
  'capture.check.distance.farther':
    'Demasiado cerca: el cuerpo ocupa el {percent} % de la altura. Aléjese hasta que ocupe el {min}-{max} %.',
  'capture.check.centred.ok': 'Centrada en la plomada.',
  'capture.check.centred.no': 'Descentrada: mueva la cámara para que la plomada pase por el centro del cuerpo.',
  'capture.holdStill': 'Quieta: la foto se hace sola.',
  'capture.taken': 'Foto hecha ({width} × {height} px); la línea de referencia está en la plomada.',
  'capture.failed': 'No se pudo hacer la foto. Vuelva a intentarlo.',
  'capture.tilt.roll':
    'El dispositivo estaba girado {roll}° (límite {tolerance}°): los ángulos frontales pueden desviarse otro tanto.',
  'capture.tilt.pitchUp':
    'La cámara apuntaba {pitch}° hacia arriba (límite {tolerance}°): las verticales convergen en la imagen y las alturas se acortan.',
  'capture.tilt.pitchDown':
    'La cámara apuntaba {pitch}° hacia abajo (límite {tolerance}°): las verticales convergen en la imagen y las alturas se acortan.',
  'capture.keep.title': 'La cámara no estaba nivelada',
  'capture.keep.question': '{tilt} ¿Conservar la foto o repetirla?',
  'capture.keep.yes': 'Conservar la foto',
  'capture.keep.retake': 'Repetir la foto',

  'conditions.camera': 'Foto hecha con la cámara, {width} × {height} px',
  'conditions.file': 'Foto abierta desde un archivo',
  'conditions.level': 'giro {roll}°, cabeceo {pitch}° (límite {tolerance}°)',
  'conditions.noSensor': 'sin sensor de nivel',
  'conditions.scale.length': 'escala: una longitud conocida',
  'conditions.scale.stature': 'escala: la estatura del sujeto',
  'conditions.scale.typed': 'escala: fc escrito a mano',
  'conditions.scale.none': 'sin escala todavía',
  'conditions.scale.cm': '{method} ({cm} cm)',
  'conditions.keptTilted': 'Se conservó igualmente.',
  'file.capture.notObject': '{where} debe ser un objeto (cómo se hizo la foto con la cámara).',
  'file.capture.source': '{where} debe ser "camera"; se encontró {got}.',
  'file.capture.pixels': '{where} debe ser un número entero de píxeles mayor que 0; se encontró {got}.',
  'file.capture.time': '{where} debe ser una fecha y hora ISO como "2026-04-14T10:30:00Z"; se encontró {got}.',
  'file.capture.angle':
    '{where} debe ser un número de grados entre −180 y 180, o null si el dispositivo no dio lectura; se encontró {got}.',
  'file.capture.missing': 'Falta {where}.',

  'calibration.byHeight': 'Escala por la estatura del sujeto (menos exacta)',
  'calibration.byHeight.help':
    'Escriba la estatura medida de pie y coloque en la foto el punto más alto de la cabeza y el suelo bajo los talones. Menos exacta que una longitud conocida junto al sujeto: el pelo, la postura y la línea del suelo añaden unos {u} cm.',
  'calibration.stature': 'Estatura del sujeto',
  'calibration.stature.placeholder': 'p. ej. 170',
  'calibration.invalidStature': 'La estatura debe ser un número de centímetros mayor que 0.',
  'target.vertex.label': 'Punto más alto de la cabeza',
  'target.vertex.hint': 'El punto más alto del cráneo (vértex), a través del pelo.',
  'target.floor.label': 'Suelo bajo los talones',
  'target.floor.hint': 'Donde los talones pisan el suelo.',
} satisfies Record<keyof typeof CAPTURE_EN, string>
