/**
 * Finding Spanish left in text that should be Brazilian Portuguese: Spanish words
 * that are not Portuguese words (accents included: "línea" is Spanish, "linha"
 * Portuguese), so none occurs in correct Portuguese text. Used with
 * english-words.ts's englishWordsIn, which finds a vocabulary's words in a text.
 */

/**
 * Spanish words that are not Portuguese (a Spanish text left in the Portuguese catalogue
 * has some of them): articles, pronouns, verb forms and the app's own Spanish nouns.
 */
export const SPANISH_NOT_PORTUGUESE = new Set([
  'el',
  'los',
  'las',
  'del',
  'una',
  'unos',
  'hay',
  'pero',
  'muy',
  'también',
  'están',
  'usted',
  'su',
  'sus',
  'haga',
  'valoración',
  'cambio',
  'ningún',
  'ninguna',
  'hacer',
  'cámara',
  'línea',
  'distancia',
  'derecha',
  'izquierda',
  'izquierdo',
  'hombro',
  'hombros',
  'cadera',
  'rodilla',
  'tobillo',
  'cabeza',
  'pierna',
  'espalda',
  'ayuda',
  'añadir',
  'inclinación',
  'alineación',
  'acromion',
  'ángulo',
  'todavía',
  'ahora',
  'vuelva',
  'intentarlo',
  'archivo',
  'cargar',
])
