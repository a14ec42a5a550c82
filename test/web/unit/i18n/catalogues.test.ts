/**
 * The Spanish, English and Brazilian Portuguese catalogues: the same keys, the same
 * {parameters} and plural forms, no English left in the Spanish texts, no English nor
 * Spanish-only word in the Portuguese ones; and no user-facing sentence written in
 * the app's code or page outside the catalogues (a cheap scan of string literals and
 * of index.html's text).
 */
import assert from 'node:assert/strict'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { en } from '../../../../web/src/i18n/en.js'
import { es } from '../../../../web/src/i18n/es.js'
import { currentLocale, markerText, metricText, setLocale, t } from '../../../../web/src/i18n/index.js'
import { pt } from '../../../../web/src/i18n/pt.js'
import { PT_TERMS } from '../../../../web/src/i18n/pt-BR/terms.js'
import { EN_TERMS, ES_TERMS, type Terms } from '../../../../web/src/i18n/terms.js'
import type { Message } from '../../../../web/src/i18n/types.js'
import { LANDMARKS, type LandmarkName } from '../../../../web/src/pose/landmarks.js'
import { reasonText } from '../../../../web/src/pose/suggestion-commands.js'
import { englishVocabulary, englishWordsIn } from '../../../support/english-words.js'
import { SPANISH_NOT_PORTUGUESE } from '../../../support/portuguese-words.js'

const WEB = fileURLToPath(new URL('../../../../../../web/', import.meta.url))

const forms = (m: Message): string[] =>
  typeof m === 'string' ? [m] : Object.values(m).filter((v): v is string => typeof v === 'string')
const params = (m: Message): string[] =>
  [...new Set(forms(m).flatMap((f) => [...f.matchAll(/\{(\w+)\}/g)].map((x) => x[1]!)))].sort()

/** Words that are the same in both languages or are not words: units, codes, names of things. */
export const NOT_ENGLISH = [
  'px',
  'cm',
  'fc',
  'lrv',
  'csv',
  'json',
  'jpeg',
  'png',
  'webp',
  'http',
  'api',
  'ctrl',
  'english',
  'srd',
  'asis',
  'psis',
  'true',
  'false',
  'format',
  'views',
  'zoom',
  'min',
  'max',
]

export const ENGLISH = englishVocabulary(
  [
    ...Object.values(en).flatMap(forms),
    ...Object.values(EN_TERMS.markers).flatMap((m) => [m.label, m.hint]),
    ...Object.values(EN_TERMS.metrics).flatMap((v) => Object.values(v).flatMap((m) => [m.label, m.meaning])),
  ],
  [
    ...Object.values(es).flatMap(forms),
    ...Object.values(ES_TERMS.markers).flatMap((m) => [m.label, m.hint]),
    ...Object.values(ES_TERMS.metrics).flatMap((v) => Object.values(v).flatMap((m) => [m.label, m.meaning])),
  ],
  NOT_ENGLISH,
)

describe('catalogues', () => {
  test('Spanish has exactly the English keys, with the same parameters and plural forms', () => {
    assert.deepEqual(Object.keys(es).sort(), Object.keys(en).sort())
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      // English shows the service's own sentence for an unclassified error; Spanish names the field instead.
      if (key !== 'apiError.value_error') assert.deepEqual(params(es[key]), params(en[key]), `${key}: parameters`)
      assert.equal(typeof es[key], typeof en[key], `${key}: plural forms or not`)
    }
  })

  test('no English word in a Spanish text', () => {
    for (const [key, m] of Object.entries(es))
      for (const f of forms(m)) assert.deepEqual(englishWordsIn(f, ENGLISH), [], `${key}: ${f}`)
    for (const [name, m] of Object.entries(ES_TERMS.markers))
      assert.deepEqual(englishWordsIn(`${m.label} ${m.hint}`, ENGLISH), [], name)
  })

  test("no '.' decimal in a Spanish text (a number parameter gets the comma from t())", () => {
    for (const [key, m] of Object.entries(es))
      for (const f of forms(m)) assert.doesNotMatch(f, /\d\.\d/, `${key}: ${f}`)
  })

  test('the reasons a tool gives for leaving a marker unplaced: no English word in Spanish, landmark names included', () => {
    // The model's landmark names (LEFT_KNEE ...) are English: none of their words may reach a Spanish note.
    const landmarkWords = new Set(Object.keys(LANDMARKS).flatMap((n) => n.toLowerCase().split('_')))
    const names = Object.keys(LANDMARKS) as LandmarkName[]
    setLocale('es')
    try {
      for (const reason of ['low-visibility', 'inputs-not-visible', 'out-of-frame', 'no-pose'] as const) {
        for (const landmarks of [...names.map((n) => [n]), names]) {
          const text = reasonText({
            marker: 'tragus_der',
            status: 'not-suggested',
            reason,
            basis: 'direct',
            ctx: { landmarks },
          })
          assert.deepEqual(englishWordsIn(text, new Set([...ENGLISH, ...landmarkWords])), [], `${reason}: ${text}`)
        }
      }
    } finally {
      setLocale('en')
    }
  })

  test('t(), marker and metric texts follow the chosen language', () => {
    setLocale('es')
    try {
      assert.equal(currentLocale(), 'es')
      assert.equal(t('prompt.step', { index: 3, count: 20 }), 'Paso 3 de 20')
      assert.equal(t('results.stillToPlace', { count: 1, list: 'A' }), 'Falta 1 elemento por colocar o escribir: A.')
      assert.equal(markerText('tragus_der').label, 'Trago derecho')
      assert.equal(metricText('lateral', 'head_angle_horizontal').label, 'Ángulo craneovertebral')
    } finally {
      setLocale('en')
    }
    assert.equal(markerText('tragus_der').label, 'Right tragus')
  })
})

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : []
  })
}

/** Every text of a language's terms: marker labels and hints, metric names, meanings and notes. */
const termTexts = (terms: Terms): string[] => [
  ...Object.values(terms.markers).flatMap((m) => [m.label, m.hint]),
  ...Object.values(terms.metrics).flatMap((v) =>
    Object.values(v).flatMap((m) => [m.label, m.meaning, ...(m.note ? [m.note] : [])]),
  ),
]

/** English words no Portuguese text uses: the English catalogue's and tables' words the Portuguese ones never use. */
const ENGLISH_NOT_PORTUGUESE = englishVocabulary(
  [...Object.values(en).flatMap(forms), ...termTexts(EN_TERMS)],
  [...Object.values(pt).flatMap(forms), ...termTexts(PT_TERMS)],
  NOT_ENGLISH,
)

describe('Brazilian Portuguese (pt-BR)', () => {
  test('has exactly the English keys, with the same parameters and plural forms', () => {
    assert.deepEqual(Object.keys(pt).sort(), Object.keys(en).sort())
    assert.deepEqual(Object.keys(pt).sort(), Object.keys(es).sort())
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      if (key !== 'apiError.value_error') assert.deepEqual(params(pt[key]), params(en[key]), `${key}: parameters`)
      assert.equal(typeof pt[key], typeof en[key], `${key}: plural forms or not`)
    }
  })

  test('its terms name every marker and metric the English ones do, a published note where English has one', () => {
    assert.deepEqual(Object.keys(PT_TERMS.markers).sort(), Object.keys(EN_TERMS.markers).sort())
    for (const view of Object.keys(EN_TERMS.metrics) as (keyof Terms['metrics'])[]) {
      assert.deepEqual(Object.keys(PT_TERMS.metrics[view]).sort(), Object.keys(EN_TERMS.metrics[view]).sort(), view)
      for (const [name, m] of Object.entries(EN_TERMS.metrics[view]))
        assert.equal(PT_TERMS.metrics[view][name]!.note === undefined, m.note === undefined, `${view}.${name}`)
    }
  })

  test('no English word in a Portuguese text', () => {
    for (const [key, m] of Object.entries(pt))
      for (const f of forms(m)) assert.deepEqual(englishWordsIn(f, ENGLISH_NOT_PORTUGUESE), [], `${key}: ${f}`)
    for (const text of termTexts(PT_TERMS)) assert.deepEqual(englishWordsIn(text, ENGLISH_NOT_PORTUGUESE), [], text)
  })

  test('no Spanish-only word in a Portuguese text', () => {
    for (const [key, m] of Object.entries(pt))
      for (const f of forms(m)) assert.deepEqual(englishWordsIn(f, SPANISH_NOT_PORTUGUESE), [], `${key}: ${f}`)
    for (const text of termTexts(PT_TERMS)) assert.deepEqual(englishWordsIn(text, SPANISH_NOT_PORTUGUESE), [], text)
  })

  test('no text copied from English; the same as Spanish only where Portuguese says it so (each such key reviewed)', () => {
    // "Marcar como par repetido", "Resultados por medida", "Usar este servidor": the same words in both.
    const sameAsSpanish = ['study.mark', 'study.resultsTitle', 'sync.url.save']
    const copied = (from: Record<string, Message>) =>
      (Object.keys(en) as (keyof typeof en)[]).filter((key) =>
        forms(pt[key]).some(
          (f, i) => (f.replace(/\{\w+\}/g, '').match(/\p{L}{3,}/gu) ?? []).length >= 3 && f === forms(from[key]!)[i],
        ),
      )
    assert.deepEqual(copied(en), [])
    assert.deepEqual(copied(es), sameAsSpanish)
  })

  test("no '.' decimal in a Portuguese text (a number parameter gets the comma from t())", () => {
    for (const [key, m] of Object.entries(pt))
      for (const f of forms(m)) assert.doesNotMatch(f, /\d\.\d/, `${key}: ${f}`)
    // A DOI (doi:10.1016/j.jmpt.2011.05.018) is a code, not a number.
    for (const text of termTexts(PT_TERMS)) assert.doesNotMatch(text.replace(/doi:\S+/g, ''), /\d\.\d/, text)
  })

  test("t(), marker and metric texts in pt-BR: SAPO's names, the decimal comma", () => {
    setLocale('pt-BR')
    try {
      assert.equal(currentLocale(), 'pt-BR')
      assert.equal(t('prompt.step', { index: 3, count: 20 }), 'Passo 3 de 20')
      assert.equal(t('results.stillToPlace', { count: 1, list: 'A' }), 'Falta 1 item para colocar ou digitar: A.')
      assert.equal(t('overlay.lrv.title', { x: 12.5 }), 'Linha de referência, x = 12,5 px. Arraste-a para movê-la.')
      assert.equal(markerText('tragus_der').label, 'Trago direito')
      assert.equal(markerText('punto_acromion').label, 'Acrômio')
      assert.equal(markerText('espina_iliaca_anterosuperior_der').label, 'Espinha ilíaca ântero-superior direita')
      assert.equal(metricText('anterior', 'head_angle').label, 'Alinhamento horizontal da cabeça')
      assert.equal(metricText('lateral', 'head_angle_vertical').label, 'Alinhamento vertical da cabeça (acrômio)')
    } finally {
      setLocale('en')
    }
  })
})

describe('no text outside the catalogues', () => {
  test('no sentence in a string literal of the app\'s code (the catalogues excepted; "i18n-exempt" marks a message never shown)', () => {
    // Every file of i18n/ is a catalogue (its messages are typed, in both languages), except the code that uses them.
    const code = ['index.ts', 'format.ts', 'language.ts', 'static-text.ts', 'types.ts', 'csv-text.ts']
    const catalogues = [
      ...readdirSync(join(WEB, 'src', 'i18n'))
        .filter((name) => name.endsWith('.ts') && !code.includes(name))
        .map((name) => join('src', 'i18n', name)),
      // The Brazilian Portuguese catalogues, one per module of i18n/.
      ...readdirSync(join(WEB, 'src', 'i18n', 'pt-BR')).map((name) => join('src', 'i18n', 'pt-BR', name)),
    ]
    // Never shown in the app: the pose mapping rules' rationale (documentation for docs and the bench).
    // Nor our FHIR code system's displays and definitions: English by HL7's convention, data of the exported files (docs/fhir.md).
    const documentation = [join('src', 'pose', 'mapping.ts'), join('src', 'fhir', 'codes.ts')]
    const sentence = /(['"`])((?:(?!\1).)*?\b[A-Za-z]{2,} [a-z]{2,} [a-z]{2,}\b(?:(?!\1).)*?)\1/
    const found: string[] = []
    for (const file of sources(join(WEB, 'src'))) {
      if ([...catalogues, ...documentation].some((d) => file.endsWith(d))) continue
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const code = line.trim()
          if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*') || line.includes('i18n-exempt'))
            return
          // Programming errors, diagnostics kept in an error's ctx (the app words errors from their type), module paths.
          if (/\bthrow new\b|\bmessage: '|\bimport\('/.test(line)) return
          const m = sentence.exec(line)
          if (m) found.push(`${file.slice(WEB.length)}:${i + 1}: ${m[0]}`)
        })
    }
    assert.deepEqual(found, [])
  })

  test('index.html carries keys, not words', () => {
    const html = readFileSync(join(WEB, 'index.html'), 'utf8')
    const text = html
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
      .replace(/<[^>]+>/g, ' ')
    const words = [...text.matchAll(/[A-Za-z]{3,}/g)].map((m) => m[0]).filter((w) => w !== 'Ctrl')
    assert.deepEqual(words, [])
  })
})

describe('no key without a use', () => {
  test('every catalogue key is used by the app: quoted in its code or index.html, or built from a quoted prefix and a template', () => {
    const code = [
      ...sources(join(WEB, 'src'))
        .filter(
          (file) =>
            !/[\\/]i18n[\\/](en|es|pt|clinical|capture|files|fhir-app)\.ts$/.test(file) &&
            !/[\\/]i18n[\\/]pt-BR[\\/]/.test(file),
        )
        .map((file) => readFileSync(file, 'utf8')),
      readFileSync(join(WEB, 'index.html'), 'utf8'),
    ].join('\n')
    const prefixes = [...new Set([...code.matchAll(/[`'"]([\w.-]+\.)\$\{/g)].map((m) => m[1] as string))]
    const unused = Object.keys(en).filter(
      (key) =>
        !code.includes(`'${key}'`) && !code.includes(`"${key}"`) && !prefixes.some((prefix) => key.startsWith(prefix)),
    )
    assert.deepEqual(unused, [], 'keys no code uses: remove them from both catalogues')
  })
})
