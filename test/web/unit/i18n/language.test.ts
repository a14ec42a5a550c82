/** Choosing the app's language (web/src/i18n/language.ts). */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  browserLocale,
  initialLocale,
  type KeyValueStore,
  LANGUAGE_STORAGE_KEY,
  rememberLocale,
  storedLocale,
} from '../../../../web/src/i18n/language.js'

function memory(initial: Record<string, string> = {}): KeyValueStore & { data: Record<string, string> } {
  const data = { ...initial }
  return {
    data,
    getItem: (k) => data[k] ?? null,
    setItem: (k, v) => {
      data[k] = v
    },
  }
}

test('the browser decides: any es* is Spanish, en* English, the first supported one wins', () => {
  assert.equal(browserLocale(['es-AR', 'en']), 'es')
  assert.equal(browserLocale(['es']), 'es')
  assert.equal(browserLocale(['ES_mx']), 'es')
  assert.equal(browserLocale(['en-GB', 'es']), 'en')
  assert.equal(browserLocale(['fr-FR', 'es-ES']), 'es')
  assert.equal(browserLocale(['fr', 'de']), null)
  assert.equal(browserLocale(['eso']), null)
})

test('any Portuguese browser (pt, pt-BR, pt-PT) gets Brazilian Portuguese, the one Portuguese the app has', () => {
  assert.equal(browserLocale(['pt-BR', 'en']), 'pt-BR')
  assert.equal(browserLocale(['pt']), 'pt-BR')
  assert.equal(browserLocale(['pt-PT', 'es']), 'pt-BR')
  assert.equal(browserLocale(['PT_br']), 'pt-BR')
  assert.equal(browserLocale(['fr', 'pt-AO']), 'pt-BR')
  assert.equal(browserLocale(['en-US', 'pt-BR']), 'en')
  assert.equal(browserLocale(['pto']), null)
  assert.equal(initialLocale(memory({ [LANGUAGE_STORAGE_KEY]: 'pt-BR' }), ['es-ES']), 'pt-BR')
  assert.equal(initialLocale(memory({ [LANGUAGE_STORAGE_KEY]: 'es' }), ['pt-BR']), 'es')
})

test('a remembered choice beats the browser; English when nothing fits', () => {
  assert.equal(initialLocale(memory({ [LANGUAGE_STORAGE_KEY]: 'en' }), ['es-ES']), 'en')
  assert.equal(initialLocale(memory(), ['es-ES']), 'es')
  assert.equal(initialLocale(memory({ [LANGUAGE_STORAGE_KEY]: 'klingon' }), ['fr']), 'en')
  assert.equal(initialLocale(null, []), 'en')
})

test('the choice is remembered, and a storage that throws is survived', () => {
  const store = memory()
  rememberLocale(store, 'es')
  assert.equal(store.data[LANGUAGE_STORAGE_KEY], 'es')
  assert.equal(storedLocale(store), 'es')
  const broken: KeyValueStore = {
    getItem() {
      throw new Error('SecurityError')
    },
    setItem() {
      throw new Error('QuotaExceededError')
    },
  }
  assert.doesNotThrow(() => rememberLocale(broken, 'es'))
  assert.equal(initialLocale(broken, ['es']), 'es')
})
