/**
 * The clinician's notes and interpretation of a visit: what the app keeps of what is
 * typed (state/visit-notes.ts: line ends \n, tabs kept, other control characters left
 * out, at most 4,000 code points, text beyond said in a notice), the command that
 * writes them to the store, the assessment file that carries them (written only when
 * there are notes, read back the same, notes alone are work to keep), the one file
 * schema that admits or refuses them (the field and the limit named, in both languages),
 * and the lines the reports print.
 */
import assert from 'node:assert/strict'
import { afterEach, describe, test } from 'node:test'
import { FILE_LIMITS, readFile } from '../../../../web/src/files/file-schema.js'
import { setLocale } from '../../../../web/src/i18n/index.js'
import { hasAssessment } from '../../../../web/src/record/commands.js'
import { unfiledWork } from '../../../../web/src/record/controller.js'
import {
  AssessmentFileError,
  assessmentFileOf,
  assessmentFromData,
  parseAssessmentFile,
} from '../../../../web/src/state/assessment-file.js'
import * as commands from '../../../../web/src/state/commands.js'
import { initialState } from '../../../../web/src/state/state.js'
import {
  keptNotes,
  notesLength,
  notesLines,
  VISIT_NOTES_COUNT_FROM,
  VISIT_NOTES_MAX,
} from '../../../../web/src/state/visit-notes.js'
import { markedDoc } from '../fixtures.js'

const NOW = new Date('2026-05-01T10:00:00.000Z')

/** A note of exactly the limit: Spanish with accents, line breaks and a tab. */
function longestNote(): string {
  const paragraph =
    'Escoliosis dorsal leve con báscula pélvica derecha; el hombro izquierdo más alto (1,2 cm).\n\tRevisión en seis meses: ñandú, pingüino, acción.\n\n'
  let text = ''
  while (notesLength(text) + notesLength(paragraph) <= VISIT_NOTES_MAX) text += paragraph
  return text + 'é'.repeat(VISIT_NOTES_MAX - notesLength(text))
}

afterEach(() => setLocale('en'))

describe('what the app keeps of the notes typed', () => {
  test('line ends become \\n, tabs stay, other control characters are left out', () => {
    assert.deepEqual(keptNotes('a\r\nb\rc\nd\te'), { text: 'a\nb\nc\nd\te', cut: 0 })
    assert.deepEqual(keptNotes('x\u0000y\u0007z\u001b[0m\u007f'), { text: 'xyz[0m', cut: 0 })
    assert.deepEqual(keptNotes('Línea\u2028ñ'), { text: 'Línea\u2028ñ', cut: 0 }, 'any other Unicode is kept')
  })

  test('at most 4,000 characters counted as code points (an emoji is one), the rest counted in `cut`', () => {
    assert.equal(VISIT_NOTES_MAX, 4000)
    assert.equal(FILE_LIMITS.visitNotes, VISIT_NOTES_MAX)
    assert.ok(VISIT_NOTES_COUNT_FROM < VISIT_NOTES_MAX && VISIT_NOTES_COUNT_FROM > VISIT_NOTES_MAX / 2)
    const emoji = '🙂'.repeat(VISIT_NOTES_MAX)
    assert.equal(emoji.length, 2 * VISIT_NOTES_MAX)
    assert.deepEqual(keptNotes(emoji), { text: emoji, cut: 0 })
    assert.deepEqual(keptNotes(`${emoji}🙂ab`), { text: emoji, cut: 3 })
    const longest = longestNote()
    assert.equal(notesLength(longest), VISIT_NOTES_MAX)
    assert.deepEqual(keptNotes(longest), { text: longest, cut: 0 })
  })
})

describe('setNotes', () => {
  test('writes the notes as kept; the same text is no change; text beyond the limit is said, not silently dropped', () => {
    const s = initialState()
    const noted = commands.setNotes(s, 'Dolor lumbar.\r\nRevisar.')
    assert.equal(noted.meta.notes, 'Dolor lumbar.\nRevisar.')
    assert.equal(noted.notice, null)
    assert.equal(commands.setNotes(noted, 'Dolor lumbar.\nRevisar.'), noted, 'unchanged: the same state')
    assert.equal(noted.meta.patientId, s.meta.patientId)
    assert.equal(noted.meta.date, s.meta.date)

    setLocale('es')
    const over = commands.setNotes(noted, `${'a'.repeat(VISIT_NOTES_MAX)}bcd`)
    assert.equal(over.meta.notes, 'a'.repeat(VISIT_NOTES_MAX))
    assert.equal(
      over.notice?.text,
      'Las notas guardan como máximo 4000 caracteres: no se han guardado 3 caracteres que pasaban de ese límite.',
    )
    setLocale('en')
    assert.match(commands.setNotes(noted, `${'a'.repeat(VISIT_NOTES_MAX)}b`).notice?.text ?? '', /1 character beyond/)
  })

  test('notes are work on screen: a file of another patient asks first, and unfiled work says so', () => {
    const noted = commands.setNotes(initialState(), 'Primera impresión.')
    assert.equal(hasAssessment(initialState()), false)
    assert.equal(hasAssessment(noted), true)
    assert.equal(unfiledWork(initialState()), null)
    assert.equal(unfiledWork(noted), 'notes and interpretation, without marks')
  })
})

describe('the assessment file carries the notes', () => {
  const marked = () =>
    commands.setMeta(commands.commit(initialState(), markedDoc('anterior')), {
      patientId: 'PAC-1',
      date: '2026-03-10',
    })

  test('written only when there are notes: a file without them saves back as it was', () => {
    const file = assessmentFileOf(marked(), NOW)!
    assert.equal('notes' in file, false)
    const back = parseAssessmentFile(JSON.stringify(file))
    assert.equal(back.meta.notes, '')
    assert.deepEqual(assessmentFileOf(commands.assessmentLoaded(initialState(), back), NOW), file)
  })

  test('read back the same, the longest note with accents and line breaks included', () => {
    const longest = longestNote()
    for (const notes of ['Corto.', longest]) {
      const file = assessmentFileOf(commands.setNotes(marked(), notes), NOW)!
      assert.equal(file.notes, notes)
      const text = JSON.stringify(file)
      const reading = readFile('assessment', text)
      assert.ok(reading.ok, JSON.stringify(!reading.ok && reading.problems))
      const back = parseAssessmentFile(text)
      assert.equal(back.meta.notes, notes)
      const shown = commands.assessmentLoaded(initialState(), back)
      assert.equal(shown.meta.notes, notes)
      assert.deepEqual(assessmentFileOf(shown, NOW), file)
    }
  })

  test('notes alone, before any photo or marker, are a file to keep (nothing typed is lost)', () => {
    assert.equal(assessmentFileOf(initialState(), NOW), null)
    const file = assessmentFileOf(commands.setNotes(initialState(), 'Antes de la foto.'), NOW)
    assert.ok(file)
    assert.deepEqual(file.views, {})
    assert.equal(file.notes, 'Antes de la foto.')
    assert.ok(readFile('assessment', JSON.stringify(file)).ok)
    assert.equal(parseAssessmentFile(JSON.stringify(file)).meta.notes, 'Antes de la foto.')
  })
})

describe('the file schema and the reader', () => {
  const fileWith = (notes: unknown) => ({ ...assessmentFileOf(commands.setNotes(initialState(), 'x'), NOW)!, notes })
  const problems = (notes: unknown) => {
    const reading = readFile('assessment', JSON.stringify(fileWith(notes)))
    assert.ok(!reading.ok, `refused: ${JSON.stringify(notes)?.slice(0, 40)}`)
    return reading.problems.map((p) => `${p.path}: ${p.text}`)
  }

  test('admits notes up to the limit, any Unicode, tabs and \\n', () => {
    for (const notes of ['', 'a', 'Línea 1\nLínea 2\tfin', '🙂'.repeat(VISIT_NOTES_MAX), longestNote()])
      assert.ok(readFile('assessment', JSON.stringify(fileWith(notes))).ok, notes.slice(0, 20))
  })

  test('refuses notes too long or not text, naming the field and the limit, in English and Spanish', () => {
    assert.deepEqual(problems('a'.repeat(VISIT_NOTES_MAX + 1)), ['notes: must have at most 4000 characters'])
    assert.deepEqual(problems('🙂'.repeat(VISIT_NOTES_MAX + 1)), ['notes: must have at most 4000 characters'])
    assert.deepEqual(problems(42), ['notes: must be text'])
    assert.deepEqual(problems(['a']), ['notes: must be text'])
    assert.deepEqual(problems(null), ['notes: must be text'])
    setLocale('es')
    assert.deepEqual(problems('a'.repeat(VISIT_NOTES_MAX + 1)), ['notes: debe tener como máximo 4000 caracteres'])
  })

  test('refuses \\r and other control characters: the app writes every line end as \\n', () => {
    for (const notes of ['a\r\nb', 'a\rb', 'a\u0000b', 'bell\u0007', 'esc\u001b[31m', 'del\u007f']) {
      assert.deepEqual(problems(notes), [
        'notes: must be text without control characters: tabs and line breaks written as \\n are fine, \\r and any other are not',
      ])
      // The reader, for a visit of the record (which the schema admitted when it was stored), refuses it too.
      assert.throws(
        () => assessmentFromData(fileWith(notes)),
        (e: Error) =>
          e instanceof AssessmentFileError && /notes must be text of at most 4000 characters/.test(e.message),
      )
    }
  })
})

describe('the lines the reports print', () => {
  test('as written: line breaks kept, trailing spaces and blank ends left out, a run of blank lines one', () => {
    assert.deepEqual(notesLines(''), [])
    assert.deepEqual(notesLines('\n \n\t\n'), [])
    assert.deepEqual(notesLines('Uno\nDos'), ['Uno', 'Dos'])
    assert.deepEqual(notesLines('\n\nUno  \n\n\n\n\tDos\t\n\n'), ['Uno', '', '\tDos'])
  })
})
