/**
 * The touch screen's wording (touch.ts) in Brazilian Portuguese: "Toque" where a
 * mouse's wording says "Clique". The `satisfies` clause makes a missing key a compile error.
 */
import type { TouchKey } from '../touch.js'
import type { Message } from '../types.js'

export const TOUCH_PT = {
  'stage.ariaLabel':
    'Foto. Toque para colocar o marcador atual; arraste um marcador para movê-lo; as setas o deslocam; Enter o coloca no centro.',
  'stage.outsidePhoto': 'Esse toque fica fora da foto.',
  'markers.note': 'Toque em um marcador para selecioná-lo e depois na foto para recolocá-lo.',
  'target.scaleA.hint':
    'Toque em uma extremidade de uma distância conhecida da foto (um quadrado do simetrógrafo, uma régua, marcas do fio de prumo).',
  'target.scaleB.hint': 'Toque na outra extremidade da distância conhecida e digite essa distância em cm.',
  'target.lrv.hint':
    'Toque na linha vertical de referência (fio de prumo); as distâncias horizontais são medidas a partir dela. Arraste-a para ajustá-la.',
  'prompt.placedLine': 'Colocada em x = {x}. Toque em outro ponto da foto para movê-la, ou arraste a linha.',
  'prompt.placedPoint': 'Colocado em ({x}; {y}). Toque na foto para recolocá-lo, arraste-o ou desloque-o com as setas.',
  'prompt.placeLine': 'Toque na linha de referência da foto.',
  'prompt.placePoint': 'Toque neste ponto da foto.',
  'help.step.calibrate':
    'Calibre: toque nas duas extremidades de uma distância conhecida e digite-a em cm (assim se obtém fc, cm por pixel); toque na linha vertical de referência (fio de prumo).',
  'suggest.done': {
    one: '{count} marcador sugerido (tracejado): revise-o, arraste-o para corrigi-lo ou toque nele para confirmá-lo.',
    other: '{count} marcadores sugeridos (tracejados): revise cada um, arraste para corrigir ou toque para confirmar.',
  },
} as const satisfies Record<TouchKey, Message>
