/**
 * Messages of the app working offline (docs/offline.md): the note that the values were
 * computed on this device because the service could not be reached. Merged into en.ts
 * and es.ts; the `satisfies` clause makes a key missing in Spanish a compile error.
 */
export const OFFLINE_EN = {
  'results.computedOnDevice':
    'Computed on this device, with the same calculation as the service (the service could not be reached).',
} as const

export type OfflineKey = keyof typeof OFFLINE_EN

export const OFFLINE_ES = {
  'results.computedOnDevice':
    'Calculado en este dispositivo, con el mismo cálculo que el servicio (no se pudo contactar con el servicio).',
} as const satisfies Record<OfflineKey, string>
