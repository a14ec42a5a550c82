/**
 * docs/glossary-pt-BR.md held to the catalogues: every landmark and measure has one row, each row's
 * en, es and pt-BR terms are the catalogues' labels, each row names its source and whether it was
 * reviewed, and a row that cites SAPO quotes a name SAPO really uses and its pt-BR term is that name.
 */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { VIEWS, type View } from '#core/markers.js'
import { metricTable } from '#core/metrics/index.js'
import { PT_TERMS } from '../../../../web/src/i18n/pt-BR/terms.js'
import { EN_TERMS, ES_TERMS } from '../../../../web/src/i18n/terms.js'

const VIEW_LIST = Object.keys(VIEWS) as View[]
const DOC = readFileSync(new URL('../../../../../../docs/glossary-pt-BR.md', import.meta.url), 'utf8')

/**
 * SAPO's own Portuguese, as its desktop program shows it: the point names of Protocolo.java
 * (frenteLabel, posteriorLabel, latDirLabel, latEsqLabel) and the measure names of
 * MedidasAnalise.java (medidas), the ones the glossary may quote. The glossary's "Sources" says
 * where they were read.
 */
const SAPO_POINTS = new Set([
  'Glabela',
  'Trago direito',
  'Trago esquerdo',
  'Mento',
  'Acrômio direito',
  'Acrômio esquerdo',
  'Manúbrio do esterno',
  'Epicôndilo lateral direito',
  'Epicôndilo lateral esquerdo',
  'Ponto médio entre o processo estilóide do rádio e a cabeça da ulna',
  'Espinha ilíaca ântero-superior direita',
  'Espinha ilíaca ântero-superior esquerda',
  'Trocânter maior do fêmur direito',
  'Trocânter maior do fêmur esquerdo',
  'Linha articular do joelho',
  'Ponto medial da patela direita',
  'Ponto medial da patela esquerda',
  'Tuberosidade da tíbia direita',
  'Tuberosidade da tíbia esquerda',
  'Maléolo lateral direito',
  'Maléolo lateral esquerdo',
  'Processo espinhoso C7',
  'Processo espinhoso T3',
  'Processo espinhoso T7',
  'Processo espinhoso T12',
  'Processo espinhoso L5',
  'Espinha ilíaca póstero-superior direita',
  'Espinha ilíaca póstero-superior esquerda',
  'Ponto sobre a linha média da perna',
  'Ponto sobre o tendão de aquiles direito na altura média dos dois maléolos',
  'Ponto sobre o tendão de aquiles esquerdo na altura média dos dois maléolos',
  'Calcâneo direito',
  'Calcâneo esquerdo',
])
const SAPO_MEASURES = new Set([
  'Alinhamento horizontal da cabeça',
  'Alinhamento horizontal dos acrômios',
  'Alinhamento horizontal das espinhas ilíacas ântero-superiores',
  'Ângulo entre os dois acrômios e as duas espinhas ilíacas ântero-superiores',
  'Alinhamento horizontal das tuberosidades das tíbias',
  'Ângulo Q direito',
  'Ângulo Q esquerdo',
  'Assimetria horizontal da escápula em relação à T3',
  'Ângulo perna/retropé direito',
  'Ângulo perna/retropé esquerdo',
  'Alinhamento horizontal da cabeça (C7)',
  'Alinhamento vertical da cabeça (acrômio)',
  'Alinhamento vertical do tronco',
  'Ângulo do quadril (tronco e coxa)',
  'Alinhamento vertical do corpo',
  'Ângulo do joelho',
  'Ângulo do tornozelo',
])

/** The rows of the table under a heading, as arrays of cells with backticks taken off. */
function tableRows(heading: string): string[][] {
  const start = DOC.indexOf(`\n## ${heading}\n`)
  assert.ok(start >= 0, heading)
  const end = DOC.indexOf('\n## ', start + 1)
  const lines = DOC.slice(start, end < 0 ? undefined : end).split('\n')
  return lines
    .filter((l) => l.startsWith('|') && !/^\|[-| ]+\|$/.test(l))
    .slice(1)
    .map((l) =>
      l
        .slice(1, -1)
        .split(' | ')
        .map((c) => c.trim().replace(/^`(.*)`$/, '$1')),
    )
}

/** The names in double quotes in a source cell. */
const quoted = (source: string): string[] => [...source.matchAll(/"([^"]+)"/g)].map((m) => m[1]!)

/** The words of a term, lower case, with a parenthetical of ours ("(borda anterior)") left out. */
const words = (s: string): string[] =>
  s
    .replace(/\s*\([^)]*\)/g, '')
    .toLowerCase()
    .split(/\s+/)

function checkSourceAndReview(id: string, source: string, reviewed: string): void {
  assert.match(reviewed, /^(yes|no)$/, `${id}: reviewed is yes or no`)
  assert.match(source, /^(SAPO \[[PMDT]\]|no SAPO term: our translation)/, `${id}: source`)
}

test('every landmark has one glossary row whose en, es and pt-BR terms are the catalogues', () => {
  const rows = tableRows('Landmarks (markers)')
  const names = rows.map((r) => r[0]!)
  assert.deepEqual([...names].sort(), Object.keys(PT_TERMS.markers).sort())
  for (const [id, en, es, pt, source, reviewed] of rows) {
    const name = id as keyof typeof PT_TERMS.markers
    assert.equal(en, EN_TERMS.markers[name].label, `${id} en`)
    assert.equal(es, ES_TERMS.markers[name].label, `${id} es`)
    assert.equal(pt, PT_TERMS.markers[name].label, `${id} pt-BR`)
    checkSourceAndReview(id!, source!, reviewed!)
  }
})

test('every measure has one glossary row whose en, es and pt-BR terms are the catalogues', () => {
  const rows = tableRows('Measures (metrics)')
  const expected = VIEW_LIST.flatMap((view) =>
    [...new Set([...metricTable(view), ...metricTable(view, true)].map((m) => `${view}.${m.name}`))].sort(),
  )
  assert.deepEqual(rows.map((r) => `${r[0]}.${r[1]}`).sort(), expected.sort())
  for (const [view, metric, en, es, pt, source, reviewed] of rows) {
    const v = view as View
    assert.equal(en, EN_TERMS.metrics[v][metric!]!.label, `${view}.${metric} en`)
    assert.equal(es, ES_TERMS.metrics[v][metric!]!.label, `${view}.${metric} es`)
    assert.equal(pt, PT_TERMS.metrics[v][metric!]!.label, `${view}.${metric} pt-BR`)
    checkSourceAndReview(`${view}.${metric}`, source!, reviewed!)
  }
})

test("a landmark row citing SAPO's points quotes SAPO's own name first, and the pt-BR term is made of its words", () => {
  for (const [id, , , pt, source] of tableRows('Landmarks (markers)')) {
    if (!source!.startsWith('SAPO [P]')) continue
    const name = quoted(source!)[0]
    assert.ok(name && SAPO_POINTS.has(name), `${id}: "${name}" is a point name of SAPO's protocol`)
    const sapoWords = new Set(words(name))
    for (const w of words(pt!)) assert.ok(sapoWords.has(w), `${id}: "${w}" of "${pt}" is not in SAPO's "${name}"`)
  }
})

test("a measure row citing SAPO's measures has SAPO's own name as its pt-BR term", () => {
  for (const [view, metric, , , pt, source] of tableRows('Measures (metrics)')) {
    if (!source!.startsWith('SAPO [M]')) continue
    const names = quoted(source!)
    // "SAPO [M] A, [D]" quotes nothing: the term itself is SAPO's name.
    const name = names[0] ?? pt!
    assert.ok(SAPO_MEASURES.has(name), `${view}.${metric}: "${name}" is a measure of SAPO's protocol`)
    assert.equal(pt, name, `${view}.${metric}`)
  }
})

test('the SAPO landmark names the review settled on are in the catalogue', () => {
  assert.equal(PT_TERMS.markers.centro_rotula_der.label, 'Ponto medial da patela direita')
  assert.equal(PT_TERMS.markers.cervical_7.label, 'Processo espinhoso C7')
  assert.equal(PT_TERMS.markers.lumbar_5.label, 'Processo espinhoso L5')
  assert.equal(PT_TERMS.markers.apex_cervical.label, 'Processo espinhoso C7')
  assert.equal(PT_TERMS.markers.aquiles_izq.label, 'Tendão de Aquiles esquerdo')
})
