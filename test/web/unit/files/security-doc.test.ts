/**
 * docs/security.md says what the code does: every message about files from outside
 * (web/src/i18n/files.ts) in both languages, word for word, and the limits as
 * raster.ts and file-schema.ts hold them.
 */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { FILE_LIMITS } from '../../../../web/src/files/file-schema.js'
import { PHOTO_LIMITS, STORED_PHOTO_LIMITS } from '../../../../web/src/files/raster.js'
import { en } from '../../../../web/src/i18n/en.js'
import { es } from '../../../../web/src/i18n/es.js'
import { FILES_EN, FILES_ES } from '../../../../web/src/i18n/files.js'
import type { Message } from '../../../../web/src/i18n/types.js'

const DOC = readFileSync(fileURLToPath(new URL('../../../../../../docs/security.md', import.meta.url)), 'utf8')

/** A message as the document's table writes it: plural forms joined, '|' escaped. */
const cell = (m: Message) =>
  (typeof m === 'string'
    ? m
    : Object.entries(m)
        .map(([form, text]) => `${form}: ${text}`)
        .join(' / ')
  ).replace(/\|/g, '\\|')

describe('docs/security.md', () => {
  test('lists every message about files from outside, in English and Spanish', () => {
    const missing = Object.keys(FILES_EN).filter((key) => {
      const k = key as keyof typeof FILES_EN
      return !DOC.includes(`| \`${key}\` | ${cell(FILES_EN[k])} | ${cell(FILES_ES[k])} |`)
    })
    assert.deepEqual(missing, [], 'rows to add or correct in the table under "Messages"')
  })

  test('quotes the messages of an import as the app shows them, in English and Spanish', () => {
    const section = DOC.slice(DOC.indexOf('### Messages of an import'), DOC.indexOf('## Headers'))
    const keys = [...section.matchAll(/^\| `([a-zA-Z.]+)` \|/gm)].map((m) => m[1] as keyof typeof en)
    assert.ok(keys.length >= 5, 'the table is there')
    const wrong = keys.filter((key) => !section.includes(`| \`${key}\` | ${cell(en[key])} | ${cell(es[key])} |`))
    assert.deepEqual(wrong, [], 'rows to correct in the table under "Messages of an import"')
  })

  test('states the limits the code holds', () => {
    const n = (v: number) => v.toLocaleString('en-US')
    for (const text of [
      `| file size | ${PHOTO_LIMITS.maxBytes / 1e6} MB (${n(PHOTO_LIMITS.maxBytes)} bytes) | ${STORED_PHOTO_LIMITS.maxBytes / 1e6} MB |`,
      `| longest side | ${n(PHOTO_LIMITS.maxSide)} px | ${n(STORED_PHOTO_LIMITS.maxSide)} px`,
      `| pixels | ${PHOTO_LIMITS.maxMegapixels} megapixels | ${STORED_PHOTO_LIMITS.maxMegapixels} megapixels`,
      `| assessment file | ${FILE_LIMITS.maxBytes.assessment / 1e6} MB |`,
      `| backup | ${FILE_LIMITS.maxBytes.backup / 1e6} MB |`,
      `| nesting | ${FILE_LIMITS.maxDepth} levels |`,
      `| \`fc\` | ${FILE_LIMITS.fc.min} to ${FILE_LIMITS.fc.max} cm/px |`,
      `| \`grid_size_cm\` (known distance or stature) | ${FILE_LIMITS.knownDistanceCm.min} to ${n(FILE_LIMITS.knownDistanceCm.max)} cm |`,
      `| \`placement_error_px\` | ${FILE_LIMITS.placementSd.min} to ${FILE_LIMITS.placementSd.max} px |`,
      `identifier ${FILE_LIMITS.chars.identifier}, name ${FILE_LIMITS.chars.name}, notes ${n(FILE_LIMITS.chars.notes)}, photo name ${FILE_LIMITS.chars.photoName}, ids ${FILE_LIMITS.chars.id}, marker and metric names ${FILE_LIMITS.chars.code} characters`,
      `| a visit's notes (the assessment's \`notes\`) | ${n(FILE_LIMITS.visitNotes)} characters (Unicode code points);`,
      `${FILE_LIMITS.counts.markers} markers a view, ${FILE_LIMITS.counts.results} results a view, ${n(FILE_LIMITS.counts.patients)} patients, ${n(FILE_LIMITS.counts.visits)} visits`,
    ])
      assert.ok(DOC.includes(text), text)
  })
})
