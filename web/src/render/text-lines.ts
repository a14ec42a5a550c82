/**
 * Breaks a sentence into lines no wider than a given width, for SVG text (which does not
 * wrap by itself): greedy, at spaces; a word wider than the width alone (a long file name)
 * is cut between its characters. The width of a piece of text comes from `widthOf`, so the
 * breaking is pure and the caller measures with the font it draws in.
 */

/** Width of a piece of text, in the unit of `maxWidth`. */
export type TextWidth = (text: string) => number

/** The lines of `text`, each at most `maxWidth` wide (a single character wider than that is a line of its own). */
export function breakLines(text: string, maxWidth: number, widthOf: TextWidth): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    const joined = line === '' ? word : `${line} ${word}`
    if (widthOf(joined) <= maxWidth) {
      line = joined
      continue
    }
    if (line !== '') lines.push(line)
    line = ''
    // The word alone: cut between characters while it is too wide.
    let rest = word
    while (widthOf(rest) > maxWidth && rest.length > 1) {
      let cut = 1
      while (cut < rest.length && widthOf(rest.slice(0, cut + 1)) <= maxWidth) cut++
      lines.push(rest.slice(0, cut))
      rest = rest.slice(cut)
    }
    line = rest
  }
  if (line !== '') lines.push(line)
  return lines
}
