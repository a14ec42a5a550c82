/**
 * The words of the messages that say how to use the photo, for a touch screen: "Tap"
 * (English) and "Toque" (Spanish) where a mouse's wording says "Click" and "Haga clic".
 * t() (index.ts) takes these instead of the catalogue's on a screen whose main pointer
 * is coarse (a finger: CSS `pointer: coarse`), read when the text is made; elsewhere,
 * and in node, the catalogue's. The `satisfies` clause makes a key missing in one
 * language a compile error. Placeholders are {name}.
 */
import type { MessageKey } from './en.js'
import type { Message } from './types.js'

export const TOUCH_EN = {
  'stage.ariaLabel':
    'Photo. Tap to place the current marker; drag a marker to move it; arrow keys nudge it; Enter places it at the centre.',
  'stage.outsidePhoto': 'That tap is outside the photo.',
  'markers.note': 'Tap a marker to select it, then tap the photo to place it again.',
  'target.scaleA.hint':
    'Tap one end of a distance you know on the photo (a grid square, a ruler, marks on the plumb line).',
  'target.scaleB.hint': 'Tap the other end of the known distance, then type that distance in cm.',
  'target.lrv.hint':
    'Tap the vertical reference (plumb) line; horizontal distances are measured from it. Drag it to adjust.',
  'prompt.placedLine': 'Placed at x = {x}. Tap elsewhere on the photo to move it, or drag the line.',
  'prompt.placedPoint':
    'Placed at ({x}, {y}). Tap the photo to place it again, drag it, or nudge it with the arrow keys.',
  'prompt.placeLine': 'Tap the reference line in the photo.',
  'prompt.placePoint': 'Tap this point on the photo.',
  'help.step.calibrate':
    'Calibrate: tap the two ends of a distance you know and type it in cm (this gives fc, cm per pixel); tap the vertical reference (plumb) line.',
  'suggest.done': {
    one: '{count} marker suggested (dashed): check it, drag it to correct it or tap it to confirm.',
    other: '{count} markers suggested (dashed): check each, drag to correct or tap to confirm.',
  },
} as const satisfies Partial<Record<MessageKey, Message>>

export type TouchKey = keyof typeof TOUCH_EN

export const TOUCH_ES = {
  'stage.ariaLabel':
    'Foto. Toque para colocar el marcador actual; arrastre un marcador para moverlo; las flechas lo desplazan; Intro lo coloca en el centro.',
  'stage.outsidePhoto': 'Ese toque queda fuera de la foto.',
  'markers.note': 'Toque un marcador para seleccionarlo y luego la foto para volver a colocarlo.',
  'target.scaleA.hint':
    'Toque un extremo de una distancia conocida de la foto (un cuadro de la cuadrícula, una regla, marcas de la plomada).',
  'target.scaleB.hint': 'Toque el otro extremo de la distancia conocida y escriba esa distancia en cm.',
  'target.lrv.hint':
    'Toque la línea vertical de referencia (plomada); las distancias horizontales se miden desde ella. Arrástrela para ajustarla.',
  'prompt.placedLine': 'Colocada en x = {x}. Toque otro punto de la foto para moverla, o arrastre la línea.',
  'prompt.placedPoint':
    'Colocado en ({x}; {y}). Toque la foto para volver a colocarlo, arrástrelo o desplácelo con las flechas.',
  'prompt.placeLine': 'Toque la línea de referencia de la foto.',
  'prompt.placePoint': 'Toque este punto de la foto.',
  'help.step.calibrate':
    'Calibre: toque los dos extremos de una distancia conocida y escríbala en cm (así se obtiene fc, cm por píxel); toque la línea vertical de referencia (plomada).',
  'suggest.done': {
    one: '{count} marcador sugerido (discontinuo): revíselo, arrástrelo para corregirlo o tóquelo para confirmarlo.',
    other:
      '{count} marcadores sugeridos (discontinuos): revise cada uno, arrastre para corregir o toque para confirmar.',
  },
} as const satisfies Record<TouchKey, Message>

/** The main pointer's query, where there is a window to ask (not in node, nor in a worker). */
const ask = (globalThis as { matchMedia?: (query: string) => { readonly matches: boolean } }).matchMedia
const COARSE = typeof ask === 'function' ? ask('(pointer: coarse)') : null

/** Whether the screen's main pointer is a finger: the touch wording is used. */
export function touchScreen(): boolean {
  return COARSE?.matches ?? false
}
