/**
 * Every catalogue message that takes a count, walked with the counts 0, 1, 2 and 5 in
 * English, Spanish and Brazilian Portuguese (where CLDR gives 0 the `one` form, unless
 * the entry has its own `none` words): each comes out whole (no `{parameter}` left), with the plural
 * form Intl.PluralRules picks for the count (or its `none` form for 0), a count never
 * written into a sentence that has only one form, and no "1 <plural>" or "0 / 1"
 * leftovers such as "Le quedan 1 por colocar".
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { en, type MessageKey } from '../../../../web/src/i18n/en.js'
import { es } from '../../../../web/src/i18n/es.js'
import { setLocale, t } from '../../../../web/src/i18n/index.js'
import { pt } from '../../../../web/src/i18n/pt.js'
import type { Message } from '../../../../web/src/i18n/types.js'

const COUNTS = [0, 1, 2, 5] as const
const CATALOGUES = { en, es, 'pt-BR': pt } as const

const forms = (m: Message): string[] =>
  typeof m === 'string' ? [m] : Object.values(m).filter((v): v is string => typeof v === 'string')
const paramsOf = (m: Message): string[] => [
  ...new Set(forms(m).flatMap((f) => [...f.matchAll(/\{(\w+)\}/g)].map((x) => x[1]!))),
]

/**
 * Messages whose {count} is not the number of a noun that agrees with it: the total of
 * a "Step 3 of 20", or a number of markers that is never 1. Each says why.
 */
const COUNT_WITHOUT_AGREEMENT: Readonly<Partial<Record<MessageKey, string>>> = {
  'prompt.step': 'the total steps of a "Step n of m"; nothing agrees with it',
  'results.openPhoto': "the view's number of markers: every view has more than one",
  'study.pairsTitle': 'a heading with the number after a colon ("Repeat pairs: 1"); nothing agrees with it',
  'study.pairsImported': 'the number after a colon ("… added: 1."); nothing agrees with it',
  'sync.button.unread':
    'the number of things to read, in brackets after the button\'s name ("Clinic server (2)"); nothing agrees with it',
}

/** Plural nouns of each language's sentences: "1 <one of them>" is a form picked wrongly. */
const PLURAL_NOUNS = {
  en: /\b1 (visits|markers|values|patients|problems|items|suggestions)\b/,
  es: /\b1 (visitas|marcadores|valores|pacientes|problemas|elementos|sugerencias)\b/,
  'pt-BR':
    /(^|[^\d])1 (consultas|marcadores|valores|pacientes|problemas|itens|sugestões|medidas|caracteres|exclusões|alterações)(?![\p{L}])/u,
} as const

/** The keys whose messages take a count (a plural entry, or {count} in the text). */
const counted = (Object.keys(en) as MessageKey[]).filter(
  (key) => typeof en[key] !== 'string' || paramsOf(en[key]).includes('count'),
)

describe('messages with a count, with 0, 1, 2 and 5, in English, Spanish and Brazilian Portuguese', () => {
  test('there are such messages to walk', () => {
    assert.ok(counted.length > 40, `${counted.length} messages`)
  })

  test('a message that writes a count has plural forms (unless nothing agrees with the count)', () => {
    for (const key of counted) {
      if (key in COUNT_WITHOUT_AGREEMENT) continue
      for (const [code, catalogue] of Object.entries(CATALOGUES))
        assert.notEqual(
          typeof catalogue[key],
          'string',
          `${code} ${key}: "${catalogue[key]}" writes {count} in one form`,
        )
    }
  })

  for (const code of ['en', 'es', 'pt-BR'] as const) {
    test(`${code}: every count message, whole and in the form its count takes`, () => {
      setLocale(code)
      const rules = new Intl.PluralRules(code)
      try {
        for (const key of counted) {
          const entry: Message = CATALOGUES[code][key]
          for (const count of COUNTS) {
            const params = Object.fromEntries(paramsOf(entry).map((p) => [p, p === 'count' ? count : `«${p}»`]))
            params.count = count
            const text = t(key, params)
            assert.doesNotMatch(text, /\{\w+\}/, `${code} ${key} (${count}): a parameter left: ${text}`)
            if (typeof entry !== 'string') {
              const category = rules.select(count)
              const expected =
                count === 0 && entry.none !== undefined
                  ? entry.none
                  : ((category === 'one' || category === 'few' || category === 'many' ? entry[category] : undefined) ??
                    entry.other)
              const filled = expected.replace(/\{(\w+)\}/g, (_, p: string) =>
                p === 'count' ? String(count) : `«${p}»`,
              )
              assert.equal(text, filled, `${code} ${key} (${count})`)
              // The singular form for 1 where the language has one, and never for 0, 2 or 5.
              if (entry.one !== undefined)
                assert.equal(
                  text === t(key, { ...params, count: 1 }),
                  count === 1 || (count === 0 && entry.none === entry.one),
                  `${code} ${key} (${count}): the form for 1 only with 1`,
                )
            }
            // A number of things that is 1 is never followed by a plural noun of its sentence's own making.
            if (count === 1 && !(key in COUNT_WITHOUT_AGREEMENT))
              assert.doesNotMatch(text, PLURAL_NOUNS[code], `${code} ${key}: ${text}`)
          }
        }
      } finally {
        setLocale('en')
      }
    })
  }

  test('what is left to place after suggestions: said with the count, in its form, and without a bare 0', () => {
    const left = (code: 'en' | 'es' | 'pt-BR', count: number) => {
      setLocale(code)
      try {
        return t('suggest.done.left', { count })
      } finally {
        setLocale('en')
      }
    }
    assert.equal(left('es', 1), 'Le queda 1 por colocar.')
    assert.equal(left('es', 2), 'Le quedan 2 por colocar.')
    assert.equal(left('es', 0), 'No le queda ninguno por colocar.')
    assert.equal(left('en', 0), 'None left for you to place.')
    assert.equal(left('en', 5), '5 left for you to place.')
    assert.equal(left('pt-BR', 1), 'Resta 1 para você colocar.')
    assert.equal(left('pt-BR', 2), 'Restam 2 para você colocar.')
    assert.equal(left('pt-BR', 0), 'Não resta nenhum para você colocar.')
  })

  test('pt-BR: CLDR gives 0 the singular form, so a count that can be 0 on screen says none in words', () => {
    setLocale('pt-BR')
    try {
      assert.equal(new Intl.PluralRules('pt-BR').select(0), 'one')
      assert.equal(t('record.patient.visits', { count: 0 }), 'nenhuma consulta')
      assert.equal(t('record.patient.visits', { count: 1 }), '1 consulta')
      assert.equal(t('record.patient.visits', { count: 2 }), '2 consultas')
      assert.equal(
        t('safety.work.view', { count: 0, view: 'Anterior', photo: 'foto' }),
        'Anterior (foto, nenhum marcador)',
      )
      assert.doesNotMatch(t('record.confirm.deletePatient', { count: 0, patient: 'P' }), /\b0\b/)
      assert.doesNotMatch(t('safety.move.toExisting', { count: 0, date: 'd', from: 'A', to: 'B', name: 'N' }), /\b0\b/)
    } finally {
      setLocale('en')
    }
  })
})
