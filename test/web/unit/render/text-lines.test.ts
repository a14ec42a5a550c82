/**
 * Line breaking for SVG text (web/src/render/text-lines.ts): every line fits the width,
 * no word is lost or reordered, and a word wider than the width is cut between characters.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { breakLines } from '../../../../web/src/render/text-lines.js'

/** 7 units a character: a monospaced measure whose results are easy to check by hand. */
const mono = (text: string) => text.length * 7

describe('breakLines', () => {
  const sentence = 'Foto no cargada: abra anterior-figure.png para verla bajo los marcadores'

  test('every line fits and the words come back in order', () => {
    for (const width of [70, 140, 210, 350, 1000]) {
      const lines = breakLines(sentence, width, mono)
      for (const line of lines) assert.ok(mono(line) <= width, `"${line}" wider than ${width}`)
      assert.equal(
        lines.join('').replace(/\s/g, ''),
        sentence.replace(/\s/g, ''),
        `${width}: every character, in order`,
      )
      if (width >= 7 * 'anterior-figure.png'.length) assert.equal(lines.join(' '), sentence)
    }
  })

  test('a sentence that fits is one line', () => {
    assert.deepEqual(breakLines(sentence, 7 * sentence.length, mono), [sentence])
  })

  test('breaks at the last space that fits', () => {
    assert.deepEqual(breakLines('aa bb cc dd', 7 * 5, mono), ['aa bb', 'cc dd'])
    assert.deepEqual(breakLines('aa bb cc dd', 7 * 8, mono), ['aa bb cc', 'dd'])
  })

  test('a word wider than the width is cut between its characters, the pieces in order', () => {
    const lines = breakLines('abra una-foto-con-nombre-largo.png ya', 7 * 10, mono)
    for (const line of lines) assert.ok(mono(line) <= 70, `"${line}"`)
    assert.deepEqual(lines, ['abra', 'una-foto-c', 'on-nombre-', 'largo.png', 'ya'])
  })

  test('runs of spaces and an empty text', () => {
    assert.deepEqual(breakLines('  a   b  ', 100, mono), ['a b'])
    assert.deepEqual(breakLines('', 100, mono), [])
  })
})
