/**
 * The record server admits a visit's notes as the app does (core/files/record-file-schema.ts,
 * docs/record.md "Notes and interpretation"): a visit's content without notes or with notes of
 * at most 4,000 characters (tabs and \n) is admitted; notes too long, not text, or with \r or
 * another control character are refused, with the field (/notes) and the rule broken as data.
 * Pure: readContent, the server's check of a visit's content, without starting the server.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { FILE_LIMITS } from '#core/files/record-file-schema.js'
import { readContent } from '../../src/record-server/content.js'

/** The smallest visit content the app writes: notes alone, before any photo. */
const CONTENT = {
  format: 'posture-metrics-session',
  version: 1,
  saved_at: '2026-05-01T10:00:00.000Z',
  view: 'anterior',
  placement_error_px: 2,
  views: {},
}

describe("a visit's notes on the record server", () => {
  test('admitted: none, up to 4,000 characters of any Unicode with tabs and line breaks', () => {
    for (const notes of [undefined, '', 'Báscula pélvica.\n\tRevisar.', '🙂'.repeat(FILE_LIMITS.visitNotes)]) {
      const reading = readContent(notes === undefined ? CONTENT : { ...CONTENT, notes })
      assert.ok(reading.ok, JSON.stringify(!reading.ok && reading.problems))
    }
  })

  test('refused with the field and the rule: too long, not text, \\r or another control character', () => {
    const refused = (notes: unknown) => {
      const reading = readContent({ ...CONTENT, notes })
      assert.ok(!reading.ok)
      return reading.problems
    }
    assert.deepEqual(refused('a'.repeat(FILE_LIMITS.visitNotes + 1)), [{ path: '/notes', rule: 'maxLength' }])
    assert.deepEqual(refused(7), [{ path: '/notes', rule: 'type' }])
    assert.deepEqual(refused('a\r\nb'), [{ path: '/notes', rule: 'pattern' }])
    assert.deepEqual(refused('a\u0000b'), [{ path: '/notes', rule: 'pattern' }])
  })
})
