/**
 * The clinician's notes and interpretation of a visit as the app keeps them: the text
 * the clinician typed or pasted, with every line end written \n (\r\n and \r become \n),
 * tabs kept, any other control character left out, and at most VISIT_NOTES_MAX
 * characters (Unicode code points, as the file schema counts them). The same rule
 * the file schema holds a file to (core/files/record-file-schema.ts), so what the app
 * writes a file always admits. Pure: no DOM.
 */
import { FILE_LIMITS } from '#core/files/record-file-schema.js'

/** The most characters a visit's notes keep. */
export const VISIT_NOTES_MAX = FILE_LIMITS.visitNotes

/** From how many characters the card shows how many are left. */
export const VISIT_NOTES_COUNT_FROM = VISIT_NOTES_MAX - 400

/** Control characters other than tab and line feed (after line ends are made \n). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g

/** The length of a text in Unicode code points (an emoji counts one, as in the file schema). */
export function notesLength(text: string): number {
  let n = 0
  for (const _ of text) n++
  return n
}

/** Notes as kept: `text` the kept text; `cut` how many characters beyond the limit were not kept (0: none). */
export interface KeptNotes {
  readonly text: string
  readonly cut: number
}

/** The notes as typed or pasted, made what the app keeps (line ends \n, no other control character, bounded). */
export function keptNotes(typed: string): KeptNotes {
  const text = typed.replace(/\r\n?/g, '\n').replace(CONTROL, '')
  const length = notesLength(text)
  if (length <= VISIT_NOTES_MAX) return { text, cut: 0 }
  return { text: [...text].slice(0, VISIT_NOTES_MAX).join(''), cut: length - VISIT_NOTES_MAX }
}

/**
 * A visit's notes as the reports print them: line by line as the clinician wrote them,
 * each line's trailing spaces left out, blank lines at the start and the end left out and
 * a run of blank lines printed as one (a paragraph break); [] when there is no text.
 */
export function notesLines(notes: string): string[] {
  const lines: string[] = []
  for (const raw of notes.split('\n')) {
    const line = raw.replace(/\s+$/u, '')
    if (line === '' && (lines.length === 0 || lines.at(-1) === '')) continue
    lines.push(line)
  }
  if (lines.at(-1) === '') lines.pop()
  return lines
}
