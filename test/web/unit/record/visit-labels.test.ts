/**
 * What visits are called in headings (web/src/record/visit-labels.ts): the date, and
 * the start time only where two visits of the list share the date, with seconds
 * where they also share the minute; in both languages.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { visitLabels, visitLabelText } from '../../../../web/src/record/visit-labels.js'

const VISITS = [
  { date: '2026-04-01', created: '2026-04-01T16:00:00.000Z' },
  { date: '2026-05-01', created: '2026-05-01T09:00:00.000Z' },
  { date: '2026-05-01', created: '2026-05-01T11:30:00.000Z' },
]

describe('visit labels', () => {
  test('the date alone, and the start time too where another visit has the same date', () => {
    const en = visitLabels(VISITS, 'en', '\u2014', 'UTC')
    assert.deepEqual(
      en.map((l) => l.date),
      ['April 1, 2026', 'May 1, 2026', 'May 1, 2026'],
    )
    assert.equal(en[0]!.time, '')
    assert.match(en[1]!.time, /^9:00\sAM$/)
    assert.match(en[2]!.time, /^11:30\sAM$/)
    assert.match(visitLabelText(en[2]!), /^May 1, 2026, 11:30\sAM$/)
    assert.equal(visitLabelText(en[0]!), 'April 1, 2026')
    const es = visitLabels(VISITS, 'es', '\u2014', 'UTC')
    assert.deepEqual(es.map(visitLabelText), [
      '1 de abril de 2026',
      '1 de mayo de 2026, 9:00',
      '1 de mayo de 2026, 11:30',
    ])
  })

  test('in the device time zone unless one is given', () => {
    const madrid = visitLabels(VISITS, 'es', '\u2014', 'Europe/Madrid')
    assert.deepEqual(
      madrid.map((l) => l.time),
      ['', '11:00', '13:30'],
    )
  })

  test('two visits started in the same minute: seconds tell them apart', () => {
    const labels = visitLabels(
      [
        { date: '2026-05-01', created: '2026-05-01T09:00:05.000Z' },
        { date: '2026-05-01', created: '2026-05-01T09:00:40.000Z' },
      ],
      'es',
      '\u2014',
      'UTC',
    )
    assert.deepEqual(
      labels.map((l) => l.time),
      ['9:00:05', '9:00:40'],
    )
  })

  test('undated visits are named by the text given; a visit without a start time by its date alone', () => {
    const labels = visitLabels(
      [{ date: '' }, { date: '2026-05-01' }, { date: '2026-05-01', created: '2026-05-01T09:00:00.000Z' }],
      'en',
      'undated',
      'UTC',
    )
    assert.deepEqual(labels[0], { date: 'undated', time: '' })
    assert.deepEqual(labels[1], { date: 'May 1, 2026', time: '' })
    assert.match(labels[2]!.time, /^9:00\sAM$/)
  })
})
