/** The PDF's text in WinAnsi (web/src/files/pdf-text.ts): Spanish unchanged, what the app writes outside WinAnsi mapped, nothing left outside. */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { isWinAnsi, winAnsiText } from '../../../../web/src/files/pdf-text.js'
import { formatWithUncertainty } from '../../../../web/src/i18n/format.js'
import { pt } from '../../../../web/src/i18n/pt.js'
import { PT_TERMS } from '../../../../web/src/i18n/pt-BR/terms.js'

describe('winAnsiText', () => {
  test('Spanish text, its punctuation and the report signs come back unchanged', () => {
    const text = '¿Ángulo Q? Inclinación de la pelvis: +3,1° ± 1,5° · 600×1000 px — «Página» ñÑüÜ ¡sí! … € “x” ‘y’ –'
    assert.equal(winAnsiText(text), text)
  })

  test('Portuguese text (ã õ ç â ê ô à, “quotes”) comes back unchanged, and no catalogue or term text gets a "?"', () => {
    const text =
      'Alinhamento horizontal da cabeça: +3,1° ± 1,5° · Espinha ilíaca ântero-superior · ação, põe, à, “Página”'
    assert.equal(winAnsiText(text), text)
    const texts = [
      ...Object.values(pt).flatMap((m) => (typeof m === 'string' ? [m] : Object.values(m))),
      ...Object.values(PT_TERMS.markers).flatMap((m) => [m.label, m.hint]),
      ...Object.values(PT_TERMS.metrics).flatMap((v) => Object.values(v).flatMap((m) => [m.label, m.meaning])),
    ]
    for (const t of texts) assert.equal(winAnsiText(t).split('?').length, t.split('?').length, t)
  })

  test('the minus sign, thin and narrow spaces and "≈" become WinAnsi equivalents', () => {
    assert.equal(winAnsiText('\u22121,2\u2009cm'), '-1,2 cm')
    assert.equal(winAnsiText('9:05\u202fAM'), '9:05\u00a0AM')
    assert.equal(winAnsiText('u \u2248 0,3 \u2264 1 \u2265 0'), 'u ~ 0,3 <= 1 >= 0')
    assert.equal(winAnsiText('1,96\u00b7\u221a(u\u2081\u00b2+u\u2082\u00b2)'), '1,96\u00b7sqrt(u1\u00b2+u2\u00b2)')
  })

  test('what the app formats in both languages is all WinAnsi once mapped', () => {
    for (const locale of ['en', 'es', 'pt-BR'] as const) {
      const text = winAnsiText(formatWithUncertainty(-1.234, 0.31, 'cm', locale, { signed: true }))
      assert.equal(
        text,
        locale !== 'en' ? '-1,2\u00a0cm\u00a0\u00b1\u00a00,4\u00a0cm' : '-1.2\u00a0cm\u00a0\u00b1\u00a00.4\u00a0cm',
      )
    }
  })

  test('other letters lose their accents when that is WinAnsi, else become "?"; no character is left outside', () => {
    assert.equal(winAnsiText('Łódź Dvořák Ősz'), '?ódz Dvorák Osz')
    assert.equal(winAnsiText('漢字 😀'), '?? ?')
    const all = Array.from({ length: 0x3000 }, (_, i) => String.fromCodePoint(i + 0x20)).join('')
    assert.ok([...winAnsiText(all)].every(isWinAnsi))
  })

  test('isWinAnsi: Latin-1 printable and the 27 Windows-1252 additions; controls and the rest not', () => {
    for (const ch of ['a', 'ñ', 'Á', '°', '±', '×', '\u00a0', '€', '—', '…', '•', 'Œ', 'ž'])
      assert.ok(isWinAnsi(ch), ch)
    for (const ch of ['\u0000', '\u0085', '\u2212', '\u2009', '\u202f', '\u2248', 'Ł', '😀'])
      assert.ok(!isWinAnsi(ch), ch)
  })
})
