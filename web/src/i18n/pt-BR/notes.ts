/**
 * A visit's notes (notes.ts) in Brazilian Portuguese. The `satisfies` clause makes a
 * missing key a compile error.
 */
import type { NOTES_EN } from '../notes.js'
import type { Message } from '../types.js'

export const NOTES_PT = {
  'notes.label': 'Notas e interpretação',
  'notes.help': 'Suas notas sobre esta consulta; são impressas no relatório clínico e no resumo para o paciente.',
  'notes.left': {
    none: 'Não resta nenhum caractere de {max}.',
    one: 'Resta {count} caractere de {max}.',
    other: 'Restam {count} caracteres de {max}.',
  },
  'notes.cut': {
    one: 'As notas guardam no máximo {max} caracteres: {count} caractere que passava desse limite não foi salvo.',
    other:
      'As notas guardam no máximo {max} caracteres: {count} caracteres que passavam desse limite não foram salvos.',
  },
  'file.notes':
    '{where} deve ser um texto de no máximo {max} caracteres, com as quebras de linha escritas \\n e sem caracteres de controle exceto a tabulação.',
} as const satisfies Record<keyof typeof NOTES_EN, Message>
