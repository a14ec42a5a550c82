/**
 * Messages of the clinician's notes and interpretation of a visit (state/visit-notes.ts,
 * panels/assessment.ts): the field, how many characters are left near the limit, text
 * beyond the limit, and a file whose notes are refused. Merged into en.ts and es.ts like
 * report-pdf.ts; the `satisfies` clause makes a key missing in Spanish a compile error.
 */
import type { Message } from './types.js'

export const NOTES_EN = {
  'notes.label': 'Notes and interpretation',
  'notes.help': 'Your notes on this visit, printed in the clinical report and the patient summary.',
  'notes.left': {
    none: 'No characters left of {max}.',
    one: '{count} character left of {max}.',
    other: '{count} characters left of {max}.',
  },
  'notes.cut': {
    one: 'Notes keep at most {max} characters: {count} character beyond that was not kept.',
    other: 'Notes keep at most {max} characters: {count} characters beyond that were not kept.',
  },
  'file.notes':
    '{where} must be text of at most {max} characters, with line breaks written as \\n and no control character other than tab.',
} as const

export type NotesKey = keyof typeof NOTES_EN

export const NOTES_ES = {
  'notes.label': 'Notas e interpretación',
  'notes.help': 'Sus notas sobre esta visita; se imprimen en el informe clínico y en el resumen para el paciente.',
  'notes.left': {
    none: 'No queda ningún carácter de {max}.',
    one: 'Queda {count} carácter de {max}.',
    other: 'Quedan {count} caracteres de {max}.',
  },
  'notes.cut': {
    one: 'Las notas guardan como máximo {max} caracteres: no se ha guardado {count} carácter que pasaba de ese límite.',
    other:
      'Las notas guardan como máximo {max} caracteres: no se han guardado {count} caracteres que pasaban de ese límite.',
  },
  'file.notes':
    '{where} debe ser un texto de como máximo {max} caracteres, con los saltos de línea escritos \\n y sin caracteres de control salvo el tabulador.',
} as const satisfies Record<NotesKey, Message>
