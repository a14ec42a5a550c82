/**
 * The calibration's number fields (web/src/number-field.ts) and the one parser they
 * use: "160,5" and "160.5" are the same number in either language; a value outside the
 * plausible range is flagged for confirmation, not silently used; and numbers written
 * for people follow the language (format.ts plainNumber, t()'s number parameters).
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { formatSignificant, parseDecimal, plainNumber } from '../../../../web/src/i18n/format.js'
import { setLocale, t } from '../../../../web/src/i18n/index.js'
import { PLAUSIBLE, readNumberField, valueOfReading } from '../../../../web/src/state/number-field.js'

describe('reading a number field', () => {
  test('either decimal separator, in either language', () => {
    assert.deepEqual(readNumberField('knownDistance', '160,5'), { kind: 'number', value: 160.5 })
    assert.deepEqual(readNumberField('knownDistance', ' 160.5 '), { kind: 'number', value: 160.5 })
    assert.deepEqual(readNumberField('fc', '0,27'), { kind: 'number', value: 0.27 })
    assert.deepEqual(readNumberField('fc', ',27'), { kind: 'number', value: 0.27 })
    assert.equal(parseDecimal('1.605,5'), null, 'no digit grouping: two separators are not a number')
  })
  test('empty clears; text, zero and negatives are refused', () => {
    assert.deepEqual(readNumberField('fc', ''), { kind: 'empty' })
    assert.equal(valueOfReading(readNumberField('fc', '  ')), null)
    for (const text of ['abc', '0', '-3', '0,0', '1e5', '2,5 cm'])
      assert.deepEqual(readNumberField('knownDistance', text), { kind: 'invalid' }, text)
    assert.equal(valueOfReading(readNumberField('fc', 'abc')), undefined)
  })
  test('outside the plausible range asks for confirmation: fc 0.005-5 cm/px, a known length 1-300 cm', () => {
    assert.deepEqual(PLAUSIBLE, { fc: { min: 0.005, max: 5 }, knownDistance: { min: 1, max: 300 } })
    // The defects met: a lost comma.
    assert.deepEqual(readNumberField('knownDistance', '1605'), { kind: 'implausible', value: 1605, side: 'above' })
    assert.deepEqual(readNumberField('fc', '27'), { kind: 'implausible', value: 27, side: 'above' })
    assert.deepEqual(readNumberField('fc', '0,001'), { kind: 'implausible', value: 0.001, side: 'below' })
    assert.deepEqual(readNumberField('knownDistance', '0,5'), { kind: 'implausible', value: 0.5, side: 'below' })
    for (const [field, text] of [
      ['fc', '0,005'],
      ['fc', '5'],
      ['knownDistance', '1'],
      ['knownDistance', '300'],
    ] as const) {
      assert.equal(readNumberField(field, text).kind, 'number', `${field} ${text} is within the range`)
    }
    assert.equal(valueOfReading(readNumberField('fc', '27')), 27, 'once confirmed, the value typed is used')
  })
})

describe('numbers written for people', () => {
  test("plainNumber: every digit, the language's separator, a true minus", () => {
    assert.equal(plainNumber(170.4, 'es'), '170,4')
    assert.equal(plainNumber(170.4, 'en'), '170.4')
    assert.equal(plainNumber(-2.5, 'es'), '\u22122,5')
    assert.equal(plainNumber(40, 'es'), '40')
    assert.equal(formatSignificant(0.27210884, 4, 'es'), '0,2721')
    assert.equal(formatSignificant(0.1, 6, 'es'), '0,1')
  })
  test("t() writes a number parameter in the language's notation", () => {
    setLocale('es')
    try {
      assert.equal(t('target.status.pointAt', { x: 170.4, y: 98.5 }), '170,4; 98,5')
      assert.equal(t('overlay.scale.known', { cm: 160.5, px: 588 }), '160,5 cm = 588 px')
      assert.match(
        t('number.implausible.fc.above', { value: 27, min: 0.005, max: 5 }),
        /^fc = 27 cm por píxel es mayor que 5: .*0,27 escrito como 27/,
      )
    } finally {
      setLocale('en')
    }
    assert.equal(t('target.status.pointAt', { x: 170.4, y: 98.5 }), '170.4, 98.5')
  })
})
