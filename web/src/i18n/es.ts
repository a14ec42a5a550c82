/**
 * The Spanish message catalogue: the same keys as en.ts (the type makes a missing
 * key a compile error), in the clinical Spanish of the protocol. Marker labels and
 * hints and metric names and meanings are in terms.ts, keyed by marker and metric.
 */
import { CAPTURE_ES } from './capture.js'
import { CLINICAL_ES } from './clinical.js'
import type { MessageKey } from './en.js'
import { FHIR_ES } from './fhir.js'
import { FHIR_APP_ES } from './fhir-app.js'
import { FILES_ES } from './files.js'
import { NOTES_ES } from './notes.js'
import { OFFLINE_ES } from './offline.js'
import { RECORD_ES } from './record.js'
import { RECORD_SAFETY_ES } from './record-safety.js'
import { REPEATABILITY_ES } from './repeatability.js'
import { REPORT_PDF_ES } from './report-pdf.js'
import { SUMMARY_ES } from './summary.js'
import { SYNC_ES } from './sync.js'
import type { Message } from './types.js'

export const es = {
  ...CLINICAL_ES,
  // The evidence behind a verdict and the clinic's repeatability study (repeatability.ts)
  ...REPEATABILITY_ES,
  // The capture screen and the calibration by the subject's height (capture.ts)
  ...CAPTURE_ES,
  // The patient record (record.ts)
  ...RECORD_ES,
  ...RECORD_SAFETY_ES,
  ...SYNC_ES,
  // Exporting and sending a visit as HL7 FHIR R4 (fhir-app.ts)
  ...FHIR_APP_ES,
  // Files from outside: photos refused, files checked against their schema (files.ts)
  ...FILES_ES,
  // The HL7 FHIR export (fhir.ts)
  ...FHIR_ES,
  // The PDF report made in the browser (report-pdf.ts)
  ...REPORT_PDF_ES,
  ...SUMMARY_ES,
  ...NOTES_ES,
  // Computed on this device; a new version offered (offline.ts)
  ...OFFLINE_ES,

  'side.short.right': 'derecho',
  'side.short.left': 'izquierdo',
  // Documento y barra superior
  'app.title': 'Marcado postural',
  'app.description': 'Marque puntos anatómicos sobre una foto postural y obtenga las medidas posturales.',
  'app.brand': 'Marcado\u00a0postural',
  'views.label': 'Vista de la foto',
  'toolbar.label': 'Archivo',
  'toolbar.openPhoto': 'Abrir foto',
  'toolbar.openPhoto.title': 'Abrir una foto (O)',
  'toolbar.saveAssessment': 'Guardar valoración',
  'toolbar.saveAssessment.title': 'Guardar la valoración en un archivo JSON (Ctrl+S)',
  'toolbar.loadAssessment': 'Cargar valoración',
  'toolbar.loadAssessment.title': 'Cargar un archivo de valoración (JSON)',
  'toolbar.exportCsv': 'Exportar CSV',
  'toolbar.exportCsv.title':
    "Los resultados en un archivo CSV que se abre bien en una hoja de cálculo en español (';' entre campos, coma decimal)",
  'toolbar.exportCsvData': 'CSV de datos',
  'toolbar.exportCsvData.title':
    "Los resultados como datos para programas: ',' entre campos, punto decimal, todas las cifras",
  'toolbar.printReport': 'Imprimir informe',
  'toolbar.more': 'Más',
  'toolbar.more.title': 'Más acciones: archivos, exportar, informe, idioma',
  'toolbar.help.label': 'Ayuda y atajos de teclado',
  'toolbar.help.title': 'Ayuda y atajos de teclado (?)',

  // Vistas
  'view.anterior.title': 'Anterior',
  'view.anterior.pose': 'vista de frente: el sujeto mira a la cámara',
  'view.posterior.title': 'Posterior',
  'view.posterior.pose': 'vista de espalda: el sujeto da la espalda a la cámara',
  'view.lateral.title': 'Lateral',
  'view.lateral.pose': 'vista de perfil',
  'side.right': 'Lado derecho hacia la cámara (el sujeto mira hacia la derecha de la imagen)',
  'side.left': 'Lado izquierdo hacia la cámara (el sujeto mira hacia la izquierda de la imagen)',

  // Zona de la foto
  'stage.label': 'Foto',
  'stage.roleDescription': 'zona de marcado de la foto',
  'stage.ariaLabel':
    'Foto. Haga clic para colocar el marcador actual; arrastre un marcador para moverlo; las flechas lo desplazan; Intro lo coloca en el centro.',
  'dropzone.title': 'Empiece con una foto del sujeto',
  'dropzone.open': 'Abrir foto\u2026',
  'dropzone.drop': 'o arrastre aquí una foto (o un archivo de valoración guardado).',
  'dropzone.privacy':
    'La foto no sale de este navegador: al servicio solo se envían las coordenadas de los marcadores.',
  'zoom.label': 'Zoom',
  'zoom.out': 'Alejar',
  'zoom.out.title': 'Alejar (\u2212)',
  'zoom.in': 'Acercar',
  'zoom.in.title': 'Acercar (+)',
  'zoom.fit': 'Ajustar',
  'zoom.fit.title': 'Ajustar la foto (0)',
  'zoom.actual': '1:1',
  'zoom.actual.title': 'Un píxel de la foto por píxel de pantalla (1)',
  'zoom.level': '{percent}\u00a0%',
  'stage.outsidePhoto': 'Ese clic queda fuera de la foto.',

  // Panel lateral
  'panel.label': 'Calibración y marcadores',
  'options.title': 'Opciones',
  'options.estimatePopliteal': 'Estimar los puntos poplíteos',
  'options.estimatePopliteal.help':
    'Si está activada, no hacen falta los marcadores del pliegue de la rodilla: el eje de cada pierna se toma como la vertical que pasa por el marcador del tendón de Aquiles.',
  'options.side': 'Lado hacia la cámara',
  'calibration.title': 'Calibración',
  'calibration.lateralNote':
    'Opcional aquí: los ángulos laterales no usan fc ni la línea de referencia; solo la distancia del ápice lumbar los usa.',
  'calibration.knownDistance': 'Distancia conocida',
  'calibration.knownDistance.placeholder': 'p. ej. 10',
  'calibration.fc': 'fc',
  'calibration.unit.cm': 'cm',
  'calibration.unit.cmPerPx': 'cm/px',
  'calibration.help.fromScale': 'fc = {cm} cm / {px} px = {fc} cm por píxel.',
  'calibration.help.typeDistance': 'Los puntos de escala están a {px} px: escriba la distancia entre ellos.',
  'calibration.help.samePlace':
    'Los dos puntos de escala están en el mismo sitio: colóquelos en los dos extremos de la distancia conocida.',
  'calibration.help.typedFc': 'fc escrito directamente (sin puntos de escala).',
  'calibration.help.start':
    'Coloque los dos puntos de escala y escriba la distancia entre ellos; o escriba fc (cm por píxel) si lo conoce.',
  'calibration.invalidDistance': 'La distancia conocida debe ser un número de centímetros mayor que 0.',
  'calibration.invalidFc': 'fc debe ser un número de centímetros por píxel mayor que 0.',
  'number.implausible.knownDistance.below':
    'Una distancia conocida de {value} cm es menor que {min} cm, más corta que el error al colocar sus dos puntos. ¿Usar {value} cm de todos modos?',
  'number.implausible.knownDistance.above':
    'Una distancia conocida de {value} cm es mayor que {max} cm, más que la estatura de una persona. ¿Se perdió la coma decimal (160,5 escrito como 1605)? ¿Usar {value} cm de todos modos?',
  'number.implausible.fc.below':
    'fc = {value} cm por píxel es menor que {min}: un píxel mediría menos de 0,05 mm, más fino que cualquier foto postural. ¿Usarlo de todos modos?',
  'number.implausible.fc.above':
    'fc = {value} cm por píxel es mayor que {max}: un píxel mediría más de 5 cm y la persona entera menos de 40 píxeles. ¿Se perdió la coma decimal (0,27 escrito como 27)? ¿Usarlo de todos modos?',
  'markers.title': 'Marcadores',
  'markers.note': 'Haga clic en un marcador para seleccionarlo y luego en la foto para volver a colocarlo.',
  'markers.clear': 'Borrar todos los marcadores',
  'markers.clear.title': 'Quitar todos los marcadores de esta vista (deshacer los recupera)',
  'markers.cleared': 'Se han quitado todos los marcadores de esta vista (Ctrl+Z los recupera).',
  'markers.count': '{placed} / {required}',

  // Puntos a colocar y sus filas
  'target.scaleA.label': 'Escala: primer punto',
  'target.scaleA.hint':
    'Haga clic en un extremo de una distancia conocida de la foto (un cuadro de la cuadrícula, una regla, marcas de la plomada).',
  'target.scaleB.label': 'Escala: segundo punto',
  'target.scaleB.hint': 'Haga clic en el otro extremo de la distancia conocida y escriba esa distancia en cm.',
  'target.lrv.label': 'Línea de referencia',
  'target.lrv.hint':
    'Haga clic sobre la línea vertical de referencia (plomada); las distancias horizontales se miden desde ella. Arrástrela para ajustarla.',
  'target.note.lateralCalibration':
    'Opcional: los ángulos laterales no usan la calibración; solo la distancia del ápice lumbar la usa.',
  'target.note.fcTyped': 'No hace falta: fc se ha escrito directamente.',
  'target.note.poplitealEstimated':
    'No hace falta: la estimación de los puntos poplíteos está activada (el eje de cada pierna es la vertical que pasa por el marcador del tendón de Aquiles).',
  'target.missing.knownDistance': 'Distancia conocida (cm)',
  'target.missing.scaleApart': 'Puntos de escala en dos sitios distintos',
  'target.status.notPlaced': 'sin colocar',
  'target.status.optional': 'opcional',
  'target.status.lineAt': 'x {x}',
  'target.status.pointAt': '{x}; {y}',
  'target.remove.label': 'Quitar {label}',
  'target.remove.title': 'Quitar (Supr)',
  'target.coord.label': '{label}: {axis} en píxeles',
  'target.coord.unit': 'px',

  // Indicación sobre la foto
  'prompt.openPhoto': 'Vista {view}: abra una foto ({pose}).',
  'prompt.openPhoto.hint':
    'Use «Abrir foto» o arrastre un archivo a la zona de abajo. También puede cargar un archivo de valoración guardado.',
  'prompt.step': 'Paso {index} de {count}',
  'prompt.previous.title': 'Anterior (P)',
  'prompt.previous.label': 'Marcador anterior',
  'prompt.next.title': 'Siguiente (N)',
  'prompt.next.label': 'Marcador siguiente',
  'prompt.undo': 'Deshacer',
  'prompt.undo.title': 'Deshacer (Ctrl+Z)',
  'prompt.placedLine': 'Colocada en x = {x}. Haga clic en otro punto de la foto para moverla, o arrastre la línea.',
  'prompt.placedPoint':
    'Colocado en ({x}; {y}). Haga clic en la foto para volver a colocarlo, arrástrelo o desplácelo con las flechas.',
  'prompt.placeLine': 'Haga clic sobre la línea de referencia de la foto.',
  'prompt.placePoint': 'Haga clic en este punto de la foto.',
  'prompt.suggested':
    'Sugerido por el modelo de pose, sin confirmar: compruébelo y confírmelo aquí (o pulse Intro), arrástrelo o haga clic en la foto para colocarlo usted.',
  'prompt.confirm': 'Confirmar {label} aquí',
  'prompt.confirm.title': 'Aceptar la posición sugerida tal como está (Intro)',
  'prompt.allPlaced': 'Todos los puntos están colocados.',
  'prompt.stillNeeded': 'Falta: {list}.',
  'prompt.adjust':
    'Arrastre un marcador para ajustarlo, o elija uno de la lista (o pulse N / P) para volver a colocarlo.',
  'prompt.distance.label': 'Distancia entre los puntos de escala A y B',
  'prompt.distance.apart': ' (a {px} px)',
  'prompt.distance.placeholder': 'cm',
  'prompt.distance.unit': ' cm',

  // Resultados
  'results.title': 'Resultados',
  'results.stillToPlace': {
    one: 'Falta {count} elemento por colocar o escribir: {list}.',
    other: 'Faltan {count} elementos por colocar o escribir: {list}.',
  },
  'results.partial': {
    one: 'Resultados parciales: se muestra {count} medida cuyos marcadores están todos colocados; las demás dicen qué les falta.',
    other:
      'Resultados parciales: se muestran {count} medidas cuyos marcadores están todos colocados; las demás dicen qué les falta.',
  },
  'results.waiting': 'Falta: {list}.',
  'results.stillToPlace.more': '{list}...',
  'results.openPhoto': 'Abra una foto y coloque los {count} marcadores para ver las medidas.',
  'results.analysing': 'Analizando...',
  'results.serviceProblems': {
    one: 'El servicio no ha podido calcular las medidas ({count} problema): vea los mensajes junto a los marcadores afectados.',
    other:
      'El servicio no ha podido calcular las medidas ({count} problemas): vea los mensajes junto a los marcadores afectados.',
  },
  'results.fromFile': 'Resultados del archivo de valoración.',
  'results.computed': 'Calculado por el servicio.',
  'results.placeholders':
    ' (Se han enviado valores provisionales de calibración: los ángulos laterales no los usan; la distancia del ápice lumbar espera a la línea de referencia y la escala.)',
  'results.column.metric': 'Medida y significado de su signo',
  'results.column.value': 'Valor',
  'results.column.u': '± u',
  'results.caption': 'Medidas de la vista {view}',
  'results.noValue': '\u2014',
  'precision.warning': {
    one: 'Con esta foto ({width}\u00d7{height} px), {count} valor es menos preciso que la medición postural con fotos (u mayor que {degrees} en ángulos y {cm} en distancias): {list}. Hace falta una foto de unos {neededWidth}\u00d7{neededHeight} px con el mismo encuadre, o colocar los marcadores con más precisión.',
    other:
      'Con esta foto ({width}\u00d7{height} px), {count} valores son menos precisos que la medición postural con fotos (u mayor que {degrees} en ángulos y {cm} en distancias): {list}. Hace falta una foto de unos {neededWidth}\u00d7{neededHeight} px con el mismo encuadre, o colocar los marcadores con más precisión.',
  },
  'precision.row.title': 'u mayor que {limit}: la foto es demasiado pequeña para este valor',

  // Pie, servicio, avisos
  'footer.coordinates':
    'Las coordenadas son píxeles de la foto (x hacia la derecha, y hacia abajo). Los signos siguen el cuerpo del sujeto, no la foto.',
  'footer.apiDocs': 'Documentación de la API',
  'service.up': 'Servicio {version}: en marcha',
  'service.unreachable': 'Servicio no disponible: las métricas se calculan en este dispositivo',
  'history.nothingToUndo': 'No hay nada que deshacer.',
  'history.nothingToRedo': 'No hay nada que rehacer.',

  // Foto, archivo de valoración, CSV
  'photo.cannotDisplay': 'Este navegador no puede mostrar {name}. Pruebe con un JPEG o un PNG.',
  'photo.attached': 'Foto asociada a los marcadores cargados de la vista {view}.',
  'photo.sizeMismatch':
    'Atención: esta foto mide {width}\u00d7{height} px, pero la valoración se marcó sobre una foto de {savedWidth}\u00d7{savedHeight} px.',
  'photo.replaced': 'Foto nueva: se han borrado los marcadores y los puntos de calibración (Ctrl+Z los recupera).',
  'assessment.nothingToSave': 'Todavía no hay nada que guardar: abra una foto y coloque algunos marcadores.',
  'assessment.saved': 'Valoración guardada (sin las fotos).',
  'assessment.loaded': 'Archivo de valoración cargado.',
  'assessment.loadedWithNotes': 'Archivo de valoración cargado; {notes}.',
  'assessment.cannotLoad': 'No se puede cargar {name}: {reason}',
  'assessment.cannotLoadUnknown': 'No se puede cargar {name}.',
  'assessment.ignoredMarkers': 'se han ignorado marcadores desconocidos de la vista {view}: {list}',
  'assessment.openPhoto': 'abra {name} para verla bajo los marcadores de la vista {view}',
  'assessment.thePhoto': 'la foto',
  'csv.nothing': 'Todavía no hay resultados que exportar: coloque antes todos los marcadores.',
  'csv.exported': 'Resultados exportados en CSV.',

  // Errores del archivo de valoración
  'file.notJson':
    'Este archivo no es un JSON legible: puede estar cortado, dañado o ser de otro tipo. Elija el archivo .json que guardó la aplicación.',
  'file.notAssessment': 'Este no es un archivo de valoración de esta aplicación (se esperaba "format": "{format}").',
  'file.version': 'Versión de archivo de valoración no admitida: {version}; esta aplicación lee la versión {expected}.',
  'file.noViews': 'El archivo de valoración no tiene el objeto "views".',
  'file.unknownView': 'Vista desconocida "{name}"; se esperaba una de estas: {expected}.',
  'file.viewNotObject': '{where} debe ser un objeto.',
  'file.imageSize': '{where} debe tener una anchura y una altura positivas.',
  'file.markersNotObject': '{where} debe ser un objeto.',
  'file.point': '{where} debe ser un par de números [x, y]; se encontró {got}.',
  'file.number': '{where} debe ser un número; se encontró {got}.',
  'file.positiveNumber': '{where} debe ser un número > 0; se encontró {got}.',
  'file.side': '{where} debe ser {expected}.',
  'file.boolean': '{where} debe ser true o false.',

  // Cabeceras del CSV
  'csv.column.view': 'vista',
  'csv.column.side': 'lado',
  'file.prefix': 'postura',
  'file.kind.assessment': 'valoracion',
  'file.kind.metrics': 'medidas',
  'file.kind.metrics-data': 'medidas-datos',
  'file.kind.report': 'informe',
  'file.kind.summary': 'resumen',
  'file.kind.comparison': 'comparacion',
  'file.kind.repeatability': 'repetibilidad',
  'file.kind.record': 'registro',
  'file.kind.patient': 'paciente',
  'file.kind.visit': 'visita',
  'file.kind.trend': 'tendencia',
  'file.kind.fhir': 'fhir',
  'csv.column.code': 'codigo',
  'csv.column.metric': 'medida',
  'csv.column.value': 'valor',
  'csv.column.unit': 'unidad',
  'csv.column.meaning': 'significado',
  'csv.column.photo': 'foto',
  'csv.column.fc': 'fc_cm_por_px',
  'csv.column.lrv': 'lrv_x_px',

  // Dibujo sobre la foto
  'overlay.photoMissing': 'Foto no cargada: abra {name} para verla bajo los marcadores',
  'overlay.photoMissing.it': 'la foto',
  'overlay.lrv': 'Línea de referencia',
  'overlay.lrv.title': 'Línea de referencia, x = {x} px. Arrástrela para moverla.',
  'overlay.scale.known': '{cm} cm = {px} px',
  'overlay.scale.unknown': '{px} px = ? cm',
  'overlay.marker.title': '{label} ({x}; {y})',

  // Informe impreso
  'report.title': 'Análisis postural',
  'report.intro': 'Informe del {date}. Ángulos en grados, distancias en cm; los signos siguen el cuerpo del sujeto.',
  'report.empty': 'Todavía no hay nada marcado.',
  'report.photo': 'Foto: {name} ({width}\u00d7{height} px)',
  'report.side': 'Lado hacia la cámara: {side}',
  'report.popliteal.estimated': 'Puntos poplíteos: estimados',
  'report.popliteal.marked': 'Puntos poplíteos: marcados',
  'report.fc': 'fc = {fc} cm/px',
  'report.fcReference': 'fc = {fc} cm/px (referencia de {cm} cm)',
  'report.lrv': 'Línea de referencia x = {x} px',
  'report.viewTitle': 'Vista {view}',
  'report.photoLabel': 'Foto de la vista {view} con marcadores y medidas',
  'report.noResults': 'Sin resultados: el marcado de esta vista no está completo.',

  // Ayuda
  'help.title': 'Cómo marcar una foto',
  'help.step.view':
    'Elija la vista (anterior: el sujeto mira a la cámara; posterior: de espaldas a la cámara; lateral: de perfil, elija qué lado).',
  'help.step.photo': 'Abra la foto (botón o arrastrar y soltar). Nunca se sube a ningún sitio.',
  'help.step.calibrate':
    'Calibre: haga clic en los dos extremos de una distancia conocida y escríbala en cm (así se obtiene fc, cm por píxel); haga clic en la línea vertical de referencia (plomada).',
  'help.step.markers':
    'Coloque los marcadores en el orden que se le pide, encima de la foto. Arrastre un marcador para ajustarlo; selecciónelo en la lista para volver a colocarlo.',
  'help.step.results':
    'Cuando estén todos los marcadores, aparecen las medidas con su significado, dibujadas sobre la foto. Guarde la valoración, exporte el CSV o imprima un informe.',
  'help.keyboard': 'Teclado',
  'key.enter': 'Intro',
  'key.delete': 'Supr',
  'key.space': 'Espacio',
  'key.shift': 'Mayús',
  'help.key.or': 'o',
  'help.key.arrows': 'Flechas',
  'help.key.drag': 'Arrastrar la foto (o',
  'help.key.dragAfter': '+ arrastrar), rueda o pellizco',
  'help.action.next': 'Marcador siguiente',
  'help.action.previous': 'Marcador anterior',
  'help.action.undo': 'Deshacer',
  'help.action.redo': 'Rehacer',
  'help.action.placeAtCentre':
    'Colocar el marcador actual en el centro de la vista (la cruz) y pasar al siguiente; en uno ya colocado, pasar sin moverlo',
  'help.action.nudge': 'Desplazar el marcador actual 1 px (o mover la vista si no está colocado)',
  'help.action.remove': 'Quitar el marcador actual',
  'help.action.zoom': 'Acercar, alejar, ajustar, 1:1',
  'help.action.pan': 'Mover la vista, zoom',
  'help.action.files': 'Abrir foto, guardar valoración',
  'help.close': 'Cerrar',

  // Sugerencias de marcadores (modelo de pose)
  'suggest.button': 'Sugerir marcadores',
  'suggest.button.title':
    'Propone todos los marcadores de esta vista con un modelo de pose que se ejecuta en este navegador; la foto no se sube',
  'suggest.confirmAll': { one: 'Confirmar {count} sugerencia segura', other: 'Confirmar {count} sugerencias seguras' },
  'suggest.confirmAll.title':
    'Acepta tal cual las sugerencias de las que el modelo está seguro (visibilidad 0,9 o más) y que pasaron sus comprobaciones de verosimilitud; las demás quedan para revisar y confirmar una a una',
  'suggest.confirmAll.remaining': { one: '{count} por revisar una a una', other: '{count} por revisar una a una' },
  'suggest.confirmedAll.remaining': {
    one: 'Queda {count} sugerencia de la que el modelo no estaba seguro: revísela y confírmela a mano.',
    other: 'Quedan {count} sugerencias de las que el modelo no estaba seguro: revíselas y confírmelas una a una.',
  },
  'suggest.nothingSure': {
    one: 'El modelo no estaba seguro de la {count} sugerencia que queda: revísela en la foto y confírmela usted.',
    other:
      'El modelo no estaba seguro de ninguna de las {count} sugerencias que quedan: revise cada una en la foto y confírmela usted.',
  },
  'suggest.reason.unsure':
    'Sugerido, pero el modelo no está seguro de este punto: revíselo en la foto y después confírmelo o muévalo.',
  'target.status.suggestedToCheck': 'sugerido en ({x}; {y}), sin confirmar: revíselo',
  'suggest.onLoad': 'Sugerir al abrir la foto',
  'suggest.onLoad.title': 'Ejecuta el modelo de pose y sugiere los marcadores en cuanto se abre una foto',
  'suggest.noPhoto': 'Abra primero una foto: las sugerencias se hacen a partir de la foto.',
  'suggest.busy': 'Ya se están calculando sugerencias para esta foto.',
  'suggest.progress.loading': 'Cargando el modelo de pose (solo la primera vez)...',
  'suggest.progress.running': 'Buscando los marcadores en la foto...',
  'suggest.done': {
    one: '{count} marcador sugerido (discontinuo): revíselo, arrástrelo para corregirlo o haga clic para confirmarlo.',
    other:
      '{count} marcadores sugeridos (discontinuos): revise cada uno, arrastre para corregir o haga clic para confirmar.',
  },
  'suggest.done.left': {
    none: 'No le queda ninguno por colocar.',
    one: 'Le queda {count} por colocar.',
    other: 'Le quedan {count} por colocar.',
  },
  'suggest.none': 'El modelo no pudo colocar con fiabilidad ningún marcador de esta vista; colóquelos a mano.',
  'suggest.noPerson': 'No se encontró ninguna persona en la foto; coloque los marcadores a mano.',
  'suggest.nothingToConfirm': 'No hay marcadores sugeridos que confirmar en esta vista.',
  'suggest.confirmedAll': {
    one: '{count} marcador sugerido de la vista {view} confirmado.',
    other: '{count} marcadores sugeridos de la vista {view} confirmados.',
  },
  'suggest.failed':
    'Las sugerencias de marcadores no están disponibles: {reason} El marcado manual funciona como siempre.',
  'suggest.failed.noWasm': 'este navegador no permite WebAssembly, que el modelo de pose necesita.',
  'suggest.failed.noWebgl': 'este navegador no tiene WebGL, que el modelo de pose necesita para leer la foto.',
  'suggest.failed.outOfMemory':
    'el navegador se quedó sin memoria para el modelo de pose (cierre otras pestañas o use una foto más pequeña).',
  'suggest.failed.loadError':
    'no se pudo cargar el modelo de pose desde el servicio ({file}); compruebe que el servicio está actualizado y accesible.',
  'suggest.failed.timeout': 'el modelo de pose tardó demasiado; inténtelo de nuevo.',
  'suggest.reason.lowVisibility': 'No sugerido: el modelo apenas ve este punto ({landmarks}). Colóquelo usted.',
  'suggest.reason.inputsNotVisible':
    'No sugerido: se deriva de puntos que el modelo apenas ve ({landmarks}). Colóquelo usted.',
  'suggest.reason.outOfFrame': 'No sugerido: para el modelo queda fuera de la foto. Colóquelo usted si es visible.',
  'suggest.reason.noPose': 'No sugerido: el modelo no encontró ninguna persona en la foto.',
  'suggest.reason.atEdge':
    'No sugerido: el modelo sitúa este punto, o uno del que se calcula, en el borde de la foto, donde el cuerpo puede quedar cortado. Colóquelo usted si es visible.',
  'suggest.reason.check.thighLength':
    'No sugerido: el modelo da al muslo de este lado una longitud muy distinta de la que permite el tronco (o sitúa la rodilla por encima de la cadera): la foto puede cortar la pierna. Colóquelo usted si es visible.',
  'suggest.reason.check.shankLength':
    'No sugerido: el modelo da a la pierna de este lado, de la rodilla al tobillo, una longitud muy distinta de la que permite el tronco: la foto puede cortar la pierna. Colóquelo usted si es visible.',
  'suggest.reason.check.thighsUnequal':
    'No sugerido: el modelo hace este muslo mucho más corto que el otro, algo que una persona de pie no presenta. Colóquelo usted.',
  'suggest.reason.check.shanksUnequal':
    'No sugerido: el modelo hace esta pierna, de la rodilla al tobillo, mucho más corta que la otra, algo que una persona de pie no presenta. Colóquelo usted.',
  'suggest.reason.check.earInsideEyes':
    'No sugerido: el modelo sitúa esta oreja entre los ángulos externos de los ojos, donde no hay oreja (tapada por el pelo, o la cabeza girada). Colóquelo usted si es visible.',
  'suggest.reason.check.earLineTilted':
    'No sugerido: la línea entre las dos orejas que halló el modelo no es paralela a la línea de los ojos, así que una de ellas está mal situada. Colóquelos usted.',
  'suggest.reason.check.earNotBehindEyes':
    'No sugerido: visto de lado, el modelo sitúa la oreja sobre los ojos o delante de ellos, donde no hay oreja. Colóquelo usted si es visible.',
  'suggest.reason.check.chinNotBelowMouth':
    'No sugerido: los puntos de la cara que halló el modelo se contradicen (la boca no queda debajo de los ojos), así que este punto caería fuera de la cara. Colóquelo usted.',
  'suggest.reason.check.chinDistance':
    'No sugerido: el mentón quedaría demasiado cerca o demasiado lejos de la nariz para el tamaño de este cuerpo, así que los puntos de la cara están mal situados. Colóquelo usted.',
  'suggest.facing.mismatch':
    'La foto parece {seen}, pero la vista elegida espera {expected}. Compruebe la vista (y el lado) antes de fiarse de los marcadores.',
  'suggest.facing.ask.front': '¿Es una vista frontal?',
  'suggest.facing.ask.back': '¿Es una vista posterior?',
  'suggest.facing.ask.left': '¿Es una vista lateral, con el lado izquierdo hacia la cámara?',
  'suggest.facing.ask.right': '¿Es una vista lateral, con el lado derecho hacia la cámara?',
  'suggest.facing.dismiss': 'La vista es correcta',
  'suggest.facing.dismiss.title': 'La foto es la vista elegida: no volver a preguntarlo en esta vista de esta visita',
  'suggest.facing.front': 'una vista frontal (sujeto de cara a la cámara)',
  'suggest.facing.back': 'una vista posterior (sujeto de espaldas a la cámara)',
  'suggest.facing.left': 'una vista lateral con el lado izquierdo hacia la cámara',
  'suggest.facing.right': 'una vista lateral con el lado derecho hacia la cámara',
  'target.status.suggested': 'sugerido en ({x}; {y}), sin confirmar',
  'target.confirm.label': 'Confirmar {label} sugerido',
  'target.confirm.title': 'Aceptar esta posición sugerida',
  'results.provisional': {
    one: ' {count} valor usa marcadores sugeridos aún sin confirmar: provisional.',
    other: ' {count} valores usan marcadores sugeridos aún sin confirmar: provisionales.',
  },
  'results.provisional.badge': 'provisional',
  'results.provisional.title': 'Calculado con marcadores sugeridos que el clínico aún no ha confirmado',
  'csv.column.status': 'estado',
  'csv.status.confirmed': 'confirmado',
  'csv.status.provisional': 'provisional',
  'report.provisional': 'Provisional: {list} usan marcadores sugeridos que no se confirmaron.',
  'file.markerStatus': '{where} debe ser "suggested" o "confirmed"; se recibió {got}.',
  'file.markerOrigin':
    '{where} debe ser "hand" (colocado por el clínico) o "suggestion" (sugerido por el modelo de pose); se recibió {got}.',
  'file.markerOriginSuggested':
    '{where} es "hand", pero marker_status dice que el marcador es una sugerencia aún sin confirmar; su origen solo puede ser "suggestion".',

  // Los puntos del modelo de pose, nombrados en las notas de las sugerencias (izquierda y derecha del sujeto)
  'landmark.NOSE': 'nariz',
  'landmark.LEFT_EYE_INNER': 'ángulo interno del ojo izquierdo',
  'landmark.LEFT_EYE': 'ojo izquierdo',
  'landmark.LEFT_EYE_OUTER': 'ángulo externo del ojo izquierdo',
  'landmark.RIGHT_EYE_INNER': 'ángulo interno del ojo derecho',
  'landmark.RIGHT_EYE': 'ojo derecho',
  'landmark.RIGHT_EYE_OUTER': 'ángulo externo del ojo derecho',
  'landmark.LEFT_EAR': 'oreja izquierda',
  'landmark.RIGHT_EAR': 'oreja derecha',
  'landmark.LEFT_RIGHT': 'comisura izquierda de la boca',
  'landmark.RIGHT_LEFT': 'comisura derecha de la boca',
  'landmark.LEFT_SHOULDER': 'hombro izquierdo',
  'landmark.RIGHT_SHOULDER': 'hombro derecho',
  'landmark.LEFT_ELBOW': 'codo izquierdo',
  'landmark.RIGHT_ELBOW': 'codo derecho',
  'landmark.LEFT_WRIST': 'muñeca izquierda',
  'landmark.RIGHT_WRIST': 'muñeca derecha',
  'landmark.LEFT_PINKY': 'meñique izquierdo',
  'landmark.RIGHT_PINKY': 'meñique derecho',
  'landmark.LEFT_INDEX': 'dedo índice izquierdo',
  'landmark.RIGHT_INDEX': 'dedo índice derecho',
  'landmark.LEFT_THUMB': 'pulgar izquierdo',
  'landmark.RIGHT_THUMB': 'pulgar derecho',
  'landmark.LEFT_HIP': 'cadera izquierda',
  'landmark.RIGHT_HIP': 'cadera derecha',
  'landmark.LEFT_KNEE': 'rodilla izquierda',
  'landmark.RIGHT_KNEE': 'rodilla derecha',
  'landmark.LEFT_ANKLE': 'tobillo izquierdo',
  'landmark.RIGHT_ANKLE': 'tobillo derecho',
  'landmark.LEFT_HEEL': 'talón izquierdo',
  'landmark.RIGHT_HEEL': 'talón derecho',
  'landmark.LEFT_FOOT_INDEX': 'punta del pie izquierdo',
  'landmark.RIGHT_FOOT_INDEX': 'punta del pie derecho',
} as const satisfies Record<MessageKey, Message>
