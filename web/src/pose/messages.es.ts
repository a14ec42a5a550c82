/**
 * Spanish versions of the marker-suggestion messages (the keys added to i18n/en.ts for
 * this feature), for the Spanish catalogue to take in. Not registered by itself: the
 * i18n work that adds es.ts folds these in and deletes this file.
 */
import type { MessageKey } from '../i18n/en.js'
import type { Message } from '../i18n/types.js'

export const SUGGESTION_MESSAGES_ES = {
  'suggest.button': 'Sugerir marcadores',
  'suggest.button.title': 'Propone todos los marcadores de esta vista con un modelo de pose que se ejecuta en este navegador; la foto no se sube',
  'suggest.confirmAll': { one: 'Confirmar {count} sugerencia', other: 'Confirmar {count} sugerencias' },
  'suggest.confirmAll.title': 'Acepta tal cual todos los marcadores sugeridos de esta vista (revise cada uno antes)',
  'suggest.onLoad': 'Sugerir al abrir la foto',
  'suggest.onLoad.title': 'Ejecuta el modelo de pose y sugiere los marcadores en cuanto se abre una foto',
  'suggest.noPhoto': 'Abra primero una foto: las sugerencias se hacen a partir de la foto.',
  'suggest.busy': 'Ya se están calculando sugerencias para esta foto.',
  'suggest.progress.loading': 'Cargando el modelo de pose (solo la primera vez)...',
  'suggest.progress.running': 'Buscando los marcadores en la foto...',
  'suggest.done': {
    one: '{count} marcador sugerido (discontinuo): revíselo, arrástrelo para corregirlo o haga clic para confirmarlo. Le quedan {missing} por colocar.',
    other: '{count} marcadores sugeridos (discontinuos): revise cada uno, arrastre para corregir o haga clic para confirmar. Le quedan {missing} por colocar.',
  },
  'suggest.none': 'El modelo no pudo colocar con fiabilidad ningún marcador de esta vista; colóquelos a mano.',
  'suggest.noPerson': 'No se encontró ninguna persona en la foto; coloque los marcadores a mano.',
  'suggest.nothingToConfirm': 'No hay marcadores sugeridos que confirmar en esta vista.',
  'suggest.confirmedAll': { one: '{count} marcador sugerido de la vista {view} confirmado.', other: '{count} marcadores sugeridos de la vista {view} confirmados.' },
  'suggest.failed': 'Las sugerencias de marcadores no están disponibles: {reason} El marcado manual funciona como siempre.',
  'suggest.failed.noWasm': 'este navegador no permite WebAssembly, que el modelo de pose necesita.',
  'suggest.failed.noWebgl': 'este navegador no tiene WebGL, que el modelo de pose necesita para leer la foto.',
  'suggest.failed.outOfMemory': 'el navegador se quedó sin memoria para el modelo de pose (cierre otras pestañas o use una foto más pequeña).',
  'suggest.failed.loadError': 'no se pudo cargar el modelo de pose desde el servicio ({file}); compruebe que el servicio está actualizado y accesible.',
  'suggest.failed.timeout': 'el modelo de pose tardó demasiado; inténtelo de nuevo.',
  'suggest.reason.lowVisibility': 'No sugerido: el modelo apenas ve este punto ({landmarks}). Colóquelo usted.',
  'suggest.reason.inputsNotVisible': 'No sugerido: se deriva de puntos que el modelo apenas ve ({landmarks}). Colóquelo usted.',
  'suggest.reason.outOfFrame': 'No sugerido: para el modelo queda fuera de la foto. Colóquelo usted si es visible.',
  'suggest.reason.noPose': 'No sugerido: el modelo no encontró ninguna persona en la foto.',
  'suggest.facing.mismatch': 'Parece {seen}, pero la vista elegida espera {expected}. Compruebe la vista (y el lado) antes de fiarse de los marcadores.',
  'suggest.facing.front': 'una vista frontal (sujeto de cara a la cámara)',
  'suggest.facing.back': 'una vista posterior (sujeto de espaldas a la cámara)',
  'suggest.facing.left': 'una vista lateral con el lado izquierdo hacia la cámara',
  'suggest.facing.right': 'una vista lateral con el lado derecho hacia la cámara',
  'target.status.suggested': 'sugerido en ({x}, {y}), sin confirmar',
  'target.confirm.label': 'Confirmar {label} sugerido',
  'target.confirm.title': 'Aceptar esta posición sugerida',
  'results.provisional': {
    one: ' {count} valor usa marcadores sugeridos aún sin confirmar: provisional.',
    other: ' {count} valores usan marcadores sugeridos aún sin confirmar: provisionales.',
  },
  'results.provisional.badge': 'provisional',
  'results.provisional.title': 'Calculado con marcadores sugeridos que el clínico aún no ha confirmado',
  'csv.column.status': 'estado',
  'report.provisional': 'Provisional: {list} usan marcadores sugeridos que no se confirmaron.',
  'file.markerStatus': '{where} debe ser "suggested" o "confirmed"; se recibió {got}.',
} as const satisfies Partial<Record<MessageKey, Message>>
