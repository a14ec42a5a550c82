/** Display precision, decimal separator per language, `value ± u` and typed numbers (web/src/i18n/format.ts). */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  DISPLAY_DECIMALS,
  exportNumber,
  formatDate,
  formatNumber,
  formatUncertainty,
  formatValue,
  formatWithUncertainty,
  parseDecimal,
  plainNumber,
  roundUncertainty,
} from '../../../../web/src/i18n/format.js'

const NBSP = '\u00a0'

describe('display precision', () => {
  test('angles to 0.1 degree and distances to 0.1 cm (1 mm)', () => {
    assert.equal(DISPLAY_DECIMALS.degrees, 1)
    assert.equal(DISPLAY_DECIMALS.cm, 1)
    assert.equal(formatValue(12.3456789, 'degrees', 'en'), '12.3\u00b0')
    assert.equal(formatValue(1.2345, 'cm', 'en'), `1.2${NBSP}cm`)
  })
  test('Spanish uses a decimal comma, English a point; no digit grouping in either', () => {
    assert.equal(formatValue(-3.26, 'degrees', 'es'), '\u22123,3\u00b0')
    assert.equal(formatNumber(1234.56, 1, 'es'), '1234,6')
    assert.equal(formatNumber(1234.56, 1, 'en'), '1234.6')
    assert.equal(formatValue(0.26, 'cm', 'es'), `0,3${NBSP}cm`)
  })
  test('Brazilian Portuguese uses the decimal comma too, in values, uncertainties and plain numbers', () => {
    assert.equal(formatValue(-3.26, 'degrees', 'pt-BR'), '\u22123,3\u00b0')
    assert.equal(formatNumber(1234.56, 1, 'pt-BR'), '1234,6')
    assert.equal(formatWithUncertainty(178.04, 1.5, 'degrees', 'pt-BR'), `178,0\u00b0${NBSP}\u00b1${NBSP}1,5\u00b0`)
    assert.equal(plainNumber(-0.0275, 'pt-BR'), '\u22120,0275')
  })
  test('a true minus sign, + only when asked, no sign on a value that rounds to zero', () => {
    assert.equal(formatNumber(-2, 1, 'en'), '\u22122.0')
    assert.equal(formatNumber(2, 1, 'en', { signed: true }), '+2.0')
    assert.equal(formatNumber(2, 1, 'en'), '2.0')
    assert.equal(formatNumber(-0.04, 1, 'en', { signed: true }), '0.0')
    assert.equal(formatNumber(0.04, 1, 'es', { signed: true }), '0,0')
  })
  test('a non-finite number shows a dash, never NaN', () => {
    assert.equal(formatNumber(NaN, 1, 'en'), '\u2014')
  })
})

describe('value ± u', () => {
  test('u is rounded up to the display step, never shown as 0 unless it is 0', () => {
    assert.equal(roundUncertainty(0.01, 'degrees'), 0.1)
    assert.equal(roundUncertainty(0.3, 'degrees'), 0.30000000000000004)
    assert.equal(formatUncertainty(0.3, 'degrees', 'en'), '0.3\u00b0')
    assert.equal(formatUncertainty(0.30000000000000004, 'degrees', 'en'), '0.3\u00b0')
    assert.equal(formatUncertainty(0.31, 'degrees', 'en'), '0.4\u00b0')
    assert.equal(formatUncertainty(0, 'cm', 'en'), `0.0${NBSP}cm`)
    assert.equal(formatUncertainty(0.0849, 'cm', 'es'), `0,1${NBSP}cm`)
  })
  test('both parts carry the unit and the locale separator', () => {
    assert.equal(
      formatWithUncertainty(2.34, 0.56, 'degrees', 'en', { signed: true }),
      `+2.3\u00b0${NBSP}\u00b1${NBSP}0.6\u00b0`,
    )
    assert.equal(
      formatWithUncertainty(-1.23, 0.28, 'cm', 'es', { signed: true }),
      `\u22121,2${NBSP}cm${NBSP}\u00b1${NBSP}0,3${NBSP}cm`,
    )
    assert.equal(formatWithUncertainty(178.04, 1.5, 'degrees', 'es'), `178,0\u00b0${NBSP}\u00b1${NBSP}1,5\u00b0`)
  })
  test('without a u, just the value', () => {
    assert.equal(formatWithUncertainty(2.34, null, 'degrees', 'en'), '2.3\u00b0')
    assert.equal(formatWithUncertainty(2.34, NaN, 'degrees', 'en'), '2.3\u00b0')
  })
})

describe('files keep full precision', () => {
  test('exportNumber writes every digit with a point, whatever the language', () => {
    assert.equal(exportNumber(2.345678901234567), '2.345678901234567')
    assert.equal(exportNumber(-0.1), '-0.1')
    assert.equal(exportNumber(null), '')
    assert.equal(exportNumber(NaN), '')
  })
})

describe('typed numbers', () => {
  test('a comma or a point as decimal separator', () => {
    assert.equal(parseDecimal('2,5'), 2.5)
    assert.equal(parseDecimal('2.5'), 2.5)
    assert.equal(parseDecimal(' 40 '), 40)
    assert.equal(parseDecimal(',5'), 0.5)
    assert.equal(parseDecimal('\u22121,5'), -1.5)
  })
  test('anything else is refused', () => {
    for (const t of ['', 'abc', '1,2,3', '1.2.3', '1e3', 'Infinity', '2 cm']) assert.equal(parseDecimal(t), null, t)
  })
})

describe('dates', () => {
  test('an assessment date in each language', () => {
    assert.equal(formatDate('2026-03-05', 'en'), 'March 5, 2026')
    assert.equal(formatDate('2026-03-05', 'es'), '5 de marzo de 2026')
    assert.equal(formatDate('2026-03-05', 'pt-BR'), '5 de março de 2026')
    assert.equal(formatDate('not a date', 'es'), 'not a date')
  })
})
