/** Marker and metric wording per language (web/src/i18n/terms.ts): complete, and English straight from the service's tables. */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { VIEWS, type View } from '#core/markers.js'
import { metricTable } from '#core/metrics/index.js'
import { PT_TERMS } from '../../../../web/src/i18n/pt-BR/terms.js'
import { EN_TERMS, ES_TERMS, offsetMarker } from '../../../../web/src/i18n/terms.js'

const VIEW_LIST = Object.keys(VIEWS) as View[]

test('every marker of every view has a label and a hint in every language', () => {
  for (const terms of [EN_TERMS, ES_TERMS, PT_TERMS]) {
    const names = VIEW_LIST.flatMap((v) => VIEWS[v].map((m) => m.name))
    assert.deepEqual(Object.keys(terms.markers).sort(), [...names].sort())
    for (const [name, text] of Object.entries(terms.markers)) {
      assert.ok(text.label.trim() && text.hint.trim().endsWith('.'), name)
    }
  }
})

test('every metric of every table (with and without estimated popliteal points) has a name and a sign meaning in every language', () => {
  for (const terms of [EN_TERMS, ES_TERMS, PT_TERMS]) {
    for (const view of VIEW_LIST) {
      const names = [...new Set([...metricTable(view), ...metricTable(view, true)].map((m) => m.name))]
      assert.deepEqual(Object.keys(terms.metrics[view]).sort(), names.sort(), view)
      for (const n of names) assert.ok(terms.metrics[view][n]!.label && terms.metrics[view][n]!.meaning, `${view}.${n}`)
    }
  }
})

test("English meanings are the tables' own; Spanish ones are not left in English", () => {
  for (const view of VIEW_LIST) {
    for (const m of metricTable(view)) {
      assert.equal(EN_TERMS.metrics[view][m.name]!.meaning, m.meaning)
      assert.notEqual(ES_TERMS.metrics[view][m.name]!.meaning, m.meaning)
      assert.notEqual(ES_TERMS.metrics[view][m.name]!.label, EN_TERMS.metrics[view][m.name]!.label)
    }
  }
})

test('a published note (reference values, reliability) is in both languages exactly where the table has one', () => {
  for (const view of VIEW_LIST) {
    for (const m of metricTable(view)) {
      assert.equal(EN_TERMS.metrics[view][m.name]!.note, m.published, `${view}.${m.name}`)
      assert.equal(ES_TERMS.metrics[view][m.name]!.note === undefined, m.published === undefined, `${view}.${m.name}`)
      if (m.published !== undefined) assert.notEqual(ES_TERMS.metrics[view][m.name]!.note, m.published)
    }
  }
})

test('the Spanish apex_cervical hint says what the English one says: C7, not the deepest point of the neck curve', () => {
  const hint = ES_TERMS.markers.apex_cervical.hint
  assert.match(hint, /^Apófisis espinosa de C7\b/)
  assert.match(hint, /no el punto más profundo de la curva del cuello/)
  assert.doesNotMatch(hint, /región de C7/)
})

test('each plumb-line distance is measured from one marker, found from its function', () => {
  assert.equal(offsetMarker('anterior', 'dist_espina_nasal'), 'espina_nasal')
  assert.equal(offsetMarker('posterior', 'coronal_balance_t7'), 'toracica_7')
  assert.equal(offsetMarker('anterior', 'head_angle'), undefined)
})

test("Portuguese names the landmarks and measures as SAPO's protocol does, and its hint for apex_cervical says C7", () => {
  assert.equal(PT_TERMS.markers.tragus.label, 'Trago')
  assert.equal(PT_TERMS.markers.punto_acromion.label, 'Acrômio')
  assert.equal(PT_TERMS.markers.espina_iliaca_anterosuperior_izq.label, 'Espinha ilíaca ântero-superior esquerda')
  assert.equal(PT_TERMS.markers.espina_iliaca_posterosuperior_der.label, 'Espinha ilíaca póstero-superior direita')
  assert.equal(PT_TERMS.markers.tat_der.label, 'Tuberosidade da tíbia direita')
  assert.equal(PT_TERMS.metrics.anterior.head_angle!.label, 'Alinhamento horizontal da cabeça')
  assert.equal(PT_TERMS.metrics.anterior.shoulder_angle!.label, 'Alinhamento horizontal dos acrômios')
  assert.equal(PT_TERMS.metrics.lateral.trunk_angle_vertical!.label, 'Alinhamento vertical do tronco')
  assert.equal(PT_TERMS.metrics.lateral.body_angle_vertical!.label, 'Alinhamento vertical do corpo')
  assert.match(PT_TERMS.markers.apex_cervical.hint, /^Processo espinhoso de C7\b/)
  for (const view of VIEW_LIST)
    for (const m of metricTable(view)) {
      assert.notEqual(PT_TERMS.metrics[view][m.name]!.meaning, ES_TERMS.metrics[view][m.name]!.meaning)
      assert.notEqual(PT_TERMS.metrics[view][m.name]!.meaning, m.meaning)
    }
})
