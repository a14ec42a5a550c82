/**
 * The patient summary's sentences (web/src/files/summary-findings.ts): one per metric, in
 * Spanish and English, saying what is measured in plain words, the value's size and
 * direction by its sign, and, when compared, whether it changed and whether that is real;
 * the numbers apart. Every metric of every table has a plain name and a sign family, and
 * no two metrics of a visit say the same sentence.
 */
import assert from 'node:assert/strict'
import { afterEach, describe, test } from 'node:test'
import { VIEWS, type View } from '#core/markers.js'
import { metricTable, POSTERIOR_METRICS_ESTIMATED, showsSign } from '#core/metrics/index.js'
import { type FindingInput, findingOf, SIGN_FAMILIES, whatKey } from '../../../../web/src/files/summary-findings.js'
import { en } from '../../../../web/src/i18n/en.js'
import { es } from '../../../../web/src/i18n/es.js'
import { setLocale } from '../../../../web/src/i18n/index.js'

afterEach(() => setLocale('en'))

const ALL_VIEWS = Object.keys(VIEWS) as View[]

/** A finding of `name` in `view` with its table's unit and display rule. */
function finding(view: View, name: string, value: number | null, change?: FindingInput['change']) {
  const m = metricTable(view).find((x) => x.name === name)
  assert.ok(m, name)
  return findingOf({ view, name, unit: m.unit, signed: showsSign(m), value, ...(change ? { change } : {}) })
}

describe('the summary sentence of a finding', () => {
  test('every metric of every table has a sign family and a plain name in English and Spanish, never its field name', () => {
    for (const view of ALL_VIEWS)
      for (const m of [...metricTable(view), ...(view === 'posterior' ? POSTERIOR_METRICS_ESTIMATED : [])]) {
        assert.ok(SIGN_FAMILIES[view][m.name], `${view}.${m.name}: a sign family`)
        for (const catalogue of [en, es]) {
          const what = catalogue[whatKey(view, m.name)]
          assert.equal(typeof what, 'string', `${view}.${m.name}: a plain name`)
          assert.doesNotMatch(what as string, /_/, `${view}.${m.name}: ${what}`)
        }
      }
  })

  test('no previous visit: what is measured and what the value means, in one sentence; the number apart', () => {
    setLocale('es')
    assert.deepEqual(finding('anterior', 'head_angle', 3.72), {
      sentence: 'Su cabeza, vista de frente, se inclina 3,7° hacia su derecha.',
      numbers: '+3,7°',
    })
    assert.deepEqual(finding('anterior', 'shoulder_angle', -1.84), {
      sentence: 'La línea de sus hombros baja 1,8° hacia su izquierda.',
      numbers: '\u22121,8°',
    })
    setLocale('en')
    assert.deepEqual(finding('anterior', 'head_angle', 3.72), {
      sentence: 'Your head, seen from the front, tilts 3.7° to your right.',
      numbers: '+3.7°',
    })
  })

  test('direction words by sign: right and left, front and back, level at a value that shows as zero; a joint angle by its size', () => {
    setLocale('es')
    const s = (view: View, name: string, v: number) => finding(view, name, v).sentence
    assert.equal(
      s('anterior', 'dist_espina_nasal', 0.4),
      'La base de su nariz queda 0,4\u00a0cm a su derecha de la línea de referencia.',
    )
    assert.equal(
      s('anterior', 'dist_espina_nasal', -0.4),
      'La base de su nariz queda 0,4\u00a0cm a su izquierda de la línea de referencia.',
    )
    assert.equal(s('anterior', 'dist_espina_nasal', 0.04), 'La base de su nariz queda sobre la línea de referencia.')
    assert.equal(s('anterior', 'pelvis_angle', -0.03), 'La línea de sus caderas, vista de frente, está nivelada.')
    assert.equal(s('lateral', 'trunk_angle_vertical', 2.5), 'Su tronco, visto de lado, se inclina 2,5° hacia delante.')
    assert.equal(s('lateral', 'trunk_angle_vertical', -2.5), 'Su tronco, visto de lado, se inclina 2,5° hacia atrás.')
    assert.equal(
      s('lateral', 'dist_apex_lumbar', -1.2),
      'La curva de su zona lumbar queda 1,2\u00a0cm por detrás de la línea de referencia.',
    )
    assert.equal(s('posterior', 'calcaneo_angle_right', 6.1), 'Su talón derecho se desvía 6,1° hacia fuera.')
    assert.equal(s('posterior', 'calcaneo_angle_right', -6.1), 'Su talón derecho se desvía 6,1° hacia dentro.')
    assert.equal(s('lateral', 'knee_angle', 178.04), 'El ángulo de su rodilla mide 178,0°.')
    setLocale('en')
    assert.equal(s('anterior', 'trunk_angle', -1.1), 'Your trunk, seen from the front, leans 1.1° to your left.')
    assert.equal(
      s('posterior', 'coronal_balance_c7', 0.3),
      'The base of your neck (C7) is 0.3\u00a0cm to your right of the reference line.',
    )
  })

  test('a real change: its size and direction since the earlier visit, said to be real; the earlier value and change apart', () => {
    setLocale('es')
    assert.deepEqual(finding('anterior', 'pelvis_angle', 4.1, { earlier: 1.0, change: 3.1, verdict: 'real' }), {
      sentence:
        'La línea de sus caderas, vista de frente, baja 4,1° hacia su derecha; desde la visita anterior se movió 3,1° hacia su derecha, un cambio real.',
      numbers: '+4,1° (antes +1,0°; cambio +3,1°)',
    })
    assert.equal(
      finding('lateral', 'knee_angle', 176, { earlier: 178, change: -2, verdict: 'real' }).sentence,
      'El ángulo de su rodilla mide 176,0°; desde la visita anterior se cerró 2,0°, un cambio real.',
    )
    setLocale('en')
    assert.equal(
      finding('lateral', 'head_angle_horizontal', 50, { earlier: 47, change: 3, verdict: 'real' }).sentence,
      'The angle of your neck (how upright your head is) measures 50.0°; since the earlier visit it grew 3.0°, the head more upright, a real change.',
    )
  })

  test('a change within measurement error: no real change said, its size only in the numbers', () => {
    setLocale('es')
    assert.deepEqual(finding('anterior', 'head_angle', -0.6, { earlier: -0.2, change: -0.4, verdict: 'within' }), {
      sentence:
        'Su cabeza, vista de frente, se inclina 0,6° hacia su izquierda, sin un cambio real desde la visita anterior.',
      numbers: '\u22120,6° (antes \u22120,2°; cambio \u22120,4°)',
    })
    setLocale('en')
    assert.equal(
      finding('anterior', 'head_angle', -0.6, { earlier: -0.2, change: -0.4, verdict: 'within' }).sentence,
      'Your head, seen from the front, tilts 0.6° to your left, with no real change since the earlier visit.',
    )
  })

  test('no earlier value to compare, and no value on this photo', () => {
    setLocale('es')
    assert.deepEqual(finding('anterior', 'dist_ombligo', 0.2, { earlier: null, change: null, verdict: 'missing' }), {
      sentence:
        'Su ombligo queda 0,2\u00a0cm a su derecha de la línea de referencia; no se pudo comparar con la visita anterior.',
      numbers: '+0,2\u00a0cm',
    })
    assert.deepEqual(finding('anterior', 'dist_ombligo', null), {
      sentence: 'Su ombligo no se pudo medir en esta foto.',
      numbers: '\u2014',
    })
  })

  test('no two metrics of a visit say the same sentence, in either language, whatever the values', () => {
    for (const locale of ['es', 'en']) {
      setLocale(locale)
      for (const value of [0, 2.5, -2.5]) {
        const sentences = ALL_VIEWS.flatMap((view) =>
          metricTable(view).map((m) => finding(view, m.name, value).sentence),
        )
        assert.equal(new Set(sentences).size, sentences.length, `${locale} at ${value}`)
      }
    }
  })
})
