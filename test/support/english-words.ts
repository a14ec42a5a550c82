/**
 * Finding English words in text that should be Spanish. The English vocabulary is
 * every word of the English catalogue that the Spanish catalogue never uses, plus
 * common English function words (to catch a string that bypasses the catalogue
 * altogether); marker codes (snake_case), units and symbols are not words.
 */

/** The words of a text, lower-cased: runs of letters; snake_case codes and single letters are skipped. */
export function wordsOf(text: string): string[] {
  const out: string[] = []
  for (const m of text.matchAll(/[\p{L}_]+/gu)) {
    const w = m[0].toLowerCase()
    if (w.includes('_') || w.length < 2) continue
    out.push(w)
  }
  return out
}

/** Frequent English words that are not Spanish words (so they never occur in correct Spanish text). */
export const ENGLISH_FUNCTION_WORDS = [
  'the',
  'and',
  'of',
  'to',
  'is',
  'are',
  'was',
  'be',
  'with',
  'from',
  'for',
  'on',
  'in',
  'at',
  'by',
  'or',
  'not',
  'this',
  'that',
  'it',
  'its',
  'an',
  'as',
  'you',
  'your',
  'click',
  'open',
  'save',
  'load',
  'print',
  'export',
  'view',
  'photo',
  'marker',
  'markers',
  'step',
  'next',
  'previous',
  'undo',
  'redo',
  'help',
  'close',
  'results',
  'report',
  'metric',
  'metrics',
  'value',
  'change',
  'left',
  'right',
  'side',
  'angle',
  'distance',
  'line',
  'reference',
  'still',
  'needed',
  'placed',
  'place',
  'none',
  'yes',
  'no',
]

/** Words of `english` that `spanish` never uses, plus the function words, minus `allow`. */
export function englishVocabulary(
  english: readonly string[],
  spanish: readonly string[],
  allow: readonly string[],
): Set<string> {
  const es = new Set(spanish.flatMap(wordsOf))
  const words = new Set([...english.flatMap(wordsOf), ...ENGLISH_FUNCTION_WORDS])
  for (const w of [...words]) if (es.has(w) || allow.includes(w)) words.delete(w)
  // "no" is Spanish too.
  words.delete('no')
  return words
}

/** The English words found in `text`, each once, in order of appearance. */
export function englishWordsIn(text: string, vocabulary: ReadonlySet<string>): string[] {
  return [...new Set(wordsOf(text).filter((w) => vocabulary.has(w)))]
}
