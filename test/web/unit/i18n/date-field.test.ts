/**
 * The date field's reading and writing (web/src/i18n/date-field.ts): dd/mm/aaaa in
 * Spanish (and pt-BR), yyyy-mm-dd in English, ISO accepted everywhere, dates not on
 * the calendar or outside the years refused as data, the separators typed for the
 * person, and when a text is a whole date.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { completeDate, formatDateField, parseDateField, withSeparators } from '../../../../web/src/i18n/date-field.js'

describe('date field', () => {
  test('shown day first in Spanish and pt-BR, ISO in English', () => {
    assert.equal(formatDateField('2026-11-28', 'es'), '28/11/2026')
    assert.equal(formatDateField('2026-11-28', 'pt-BR'), '28/11/2026')
    assert.equal(formatDateField('2026-11-28', 'en'), '2026-11-28')
    assert.equal(formatDateField('', 'es'), '')
  })
  test('read in the language: ISO always, day first in Spanish, digits only', () => {
    for (const text of ['28/11/2026', '28-11-2026', '28.11.2026', '28112026', '2026-11-28', ' 28 / 11 / 2026 '])
      assert.deepEqual(parseDateField(text, 'es'), { ok: true, iso: '2026-11-28' }, text)
    assert.deepEqual(parseDateField('5/3/2026', 'es'), { ok: true, iso: '2026-03-05' })
    for (const text of ['28/11/2026', '28.11.2026', '28112026', '2026-11-28'])
      assert.deepEqual(parseDateField(text, 'pt-BR'), { ok: true, iso: '2026-11-28' }, `pt-BR ${text}`)
    assert.equal(parseDateField('11/28/2026', 'pt-BR').ok, false)
    for (const text of ['2026-11-28', '2026/11/28', '20261128'])
      assert.deepEqual(parseDateField(text, 'en'), { ok: true, iso: '2026-11-28' }, text)
    assert.deepEqual(parseDateField('', 'es'), { ok: true, iso: '' })
  })
  test('refused, with the reason as data', () => {
    assert.deepEqual(parseDateField('11/28/2026', 'es'), {
      ok: false,
      error: { type: 'date_not_on_calendar', ctx: { text: '11/28/2026' } },
    })
    assert.deepEqual(parseDateField('31/02/2026', 'es'), {
      ok: false,
      error: { type: 'date_not_on_calendar', ctx: { text: '31/02/2026' } },
    })
    assert.deepEqual(parseDateField('28/11/2026', 'en'), {
      ok: false,
      error: { type: 'date_form', ctx: { text: '28/11/2026' } },
    })
    assert.deepEqual(parseDateField('mañana', 'es'), {
      ok: false,
      error: { type: 'date_form', ctx: { text: 'mañana' } },
    })
    assert.deepEqual(parseDateField('01/01/1850', 'es'), {
      ok: false,
      error: { type: 'date_year_range', ctx: { text: '01/01/1850', min: 1900, max: 2100 } },
    })
  })
  test('separators as digits are typed; whole dates only', () => {
    assert.equal(withSeparators('28', 'es'), '28/')
    assert.equal(withSeparators('28/11', 'es'), '28/11/')
    assert.equal(withSeparators('28/11/2', 'es'), '28/11/2')
    assert.equal(withSeparators('2026', 'en'), '2026-')
    assert.equal(withSeparators('2026-11', 'en'), '2026-11-')
    assert.equal(completeDate('28/11/202', 'es'), false)
    assert.equal(completeDate('28/11/2026', 'es'), true)
    assert.equal(completeDate('2026-01-1', 'es'), false)
    assert.equal(completeDate('2026-01-10', 'en'), true)
  })
})
