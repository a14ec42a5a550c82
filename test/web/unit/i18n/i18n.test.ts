/** Unit tests of the message function t() and the English catalogue: parameters, plurals, and keys the page names. */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe, test } from 'node:test'
import { en } from '../../../../web/src/i18n/en.js'
import { type Catalogue, registerCatalogue, setLocale, t } from '../../../../web/src/i18n/index.js'

describe('i18n', () => {
  test('parameters and plural forms', () => {
    assert.equal(t('prompt.step', { index: 3, count: 20 }), 'Step 3 of 20')
    assert.equal(t('results.stillToPlace', { count: 1, list: 'A' }), '1 item still to place or enter: A.')
    assert.equal(t('results.stillToPlace', { count: 2, list: 'A, B' }), '2 items still to place or enter: A, B.')
    assert.equal(t('prompt.placePoint'), 'Click this point on the photo.')
  })

  test('another catalogue replaces the texts it has; English fills the rest', () => {
    registerCatalogue('xx', { ...en, 'prompt.allPlaced': 'ALL PLACED' } as Catalogue)
    setLocale('xx')
    try {
      assert.equal(t('prompt.allPlaced'), 'ALL PLACED')
      assert.equal(t('prompt.placePoint'), 'Click this point on the photo.')
    } finally {
      setLocale('en')
    }
    setLocale('zz')
    assert.equal(t('prompt.allPlaced'), 'All points placed.', 'an unknown language is English')
    setLocale('en')
  })

  test('every key the page names exists in the catalogue', () => {
    const html = readFileSync(new URL('../../../../../../web/index.html', import.meta.url), 'utf8')
    const keys = [...html.matchAll(/data-i18n(?:-[a-z-]+)?="([^"]+)"/g)].map((m) => m[1]!)
    assert.ok(keys.length > 50, `${keys.length} keys`)
    const missing = keys.filter((k) => !(k in en))
    assert.deepEqual(missing, [])
  })
})
