/**
 * Computed on this device; a new version offered (offline.ts), in Brazilian
 * Portuguese. The `satisfies` clause makes a missing key a compile error.
 */
import type { OFFLINE_EN } from '../offline.js'

export const OFFLINE_PT = {
  'results.computedOnDevice':
    'Calculado neste dispositivo, com o mesmo cálculo do serviço (não foi possível contatar o serviço).',
  'results.computedOnDeviceConfirming':
    'Calculado neste dispositivo, com o mesmo cálculo do serviço; o serviço está confirmando.',
  'update.available': 'Há uma versão nova do aplicativo.',
  'update.apply': 'Atualizar',
  'update.applyTitle': 'Salva o trabalho na tela e abre de novo o aplicativo em sua versão nova',
  'update.later': 'Mais tarde',
} as const satisfies Record<keyof typeof OFFLINE_EN, string>
