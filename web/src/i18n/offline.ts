/**
 * Messages of the app working offline and installed (docs/offline.md): the notes that
 * the values were computed on this device (shown at once while the service confirms them,
 * or because the service could not be reached), and
 * the offer of a new version of the app (web/src/offline/update.ts), applied only when
 * the clinician chooses. Merged into en.ts and es.ts; the `satisfies` clause makes a key
 * missing in Spanish a compile error.
 */
export const OFFLINE_EN = {
  'results.computedOnDevice':
    'Computed on this device, with the same calculation as the service (the service could not be reached).',
  'results.computedOnDeviceConfirming':
    'Computed on this device, with the same calculation as the service; the service is confirming them.',
  'update.available': 'A new version of the app is available.',
  'update.apply': 'Update',
  'update.applyTitle': 'Saves the work on screen, then reloads the app in its new version',
  'update.later': 'Later',
} as const

export type OfflineKey = keyof typeof OFFLINE_EN

export const OFFLINE_ES = {
  'results.computedOnDevice':
    'Calculado en este dispositivo, con el mismo cálculo que el servicio (no se pudo contactar con el servicio).',
  'results.computedOnDeviceConfirming':
    'Calculado en este dispositivo, con el mismo cálculo que el servicio; el servicio lo está confirmando.',
  'update.available': 'Hay una versión nueva de la aplicación.',
  'update.apply': 'Actualizar',
  'update.applyTitle': 'Guarda el trabajo en pantalla y vuelve a abrir la aplicación en su versión nueva',
  'update.later': 'Más tarde',
} as const satisfies Record<OfflineKey, string>
