/** The FHIR settings (web/src/fhir/settings.ts): base URL, system and name kept in localStorage, the token in sessionStorage only, origins confirmed once; blocked storage lasts the page. */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  CONFIRMED_KEY,
  FhirSettingsStore,
  type KeyValue,
  SETTINGS_KEY,
  TOKEN_KEY,
} from '../../../../web/src/fhir/settings.js'

class MapStorage implements KeyValue {
  readonly map = new Map<string, string>()
  getItem(key: string) {
    return this.map.get(key) ?? null
  }
  setItem(key: string, value: string) {
    this.map.set(key, value)
  }
  removeItem(key: string) {
    this.map.delete(key)
  }
}

const blocked: KeyValue = {
  getItem() {
    throw new Error('SecurityError')
  },
  setItem() {
    throw new Error('SecurityError')
  },
  removeItem() {
    throw new Error('SecurityError')
  },
}

describe('FHIR settings', () => {
  test('the settings in local storage, the token in session storage and nowhere else', () => {
    const local = new MapStorage()
    const session = new MapStorage()
    const store = new FhirSettingsStore(local, session)
    store.saveSettings({
      baseUrl: 'https://fhir.example.org/fhir',
      identifierSystem: 'urn:oid:1.2',
      performerName: 'Ana',
    })
    store.saveToken('secret-token')
    assert.deepEqual([...local.map.keys()], [SETTINGS_KEY])
    assert.deepEqual([...session.map.keys()], [TOKEN_KEY])
    assert.ok(![...local.map.values()].some((v) => v.includes('secret-token')), 'the token never in local storage')
    const again = new FhirSettingsStore(local, session)
    assert.equal(again.settings().performerName, 'Ana')
    assert.equal(again.token(), 'secret-token')
    // A new session (the tab closed): the settings stay, the token is gone.
    assert.equal(new FhirSettingsStore(local, new MapStorage()).token(), '')
    store.saveToken('')
    assert.equal(session.map.size, 0)
  })

  test('an origin is confirmed once, per origin', () => {
    const local = new MapStorage()
    const store = new FhirSettingsStore(local, new MapStorage())
    assert.equal(store.confirmed('https://a.org'), false)
    store.confirm('https://a.org')
    store.confirm('https://a.org')
    assert.equal(store.confirmed('https://a.org'), true)
    assert.equal(store.confirmed('https://b.org'), false)
    assert.deepEqual(JSON.parse(local.map.get(CONFIRMED_KEY)!), ['https://a.org'])
  })

  test('blocked or damaged storage: empty settings, and what is typed lasts as long as the page', () => {
    const store = new FhirSettingsStore(blocked, null)
    assert.deepEqual(store.settings(), { baseUrl: '', identifierSystem: '', performerName: '' })
    store.saveSettings({ baseUrl: 'https://a.org', identifierSystem: '', performerName: '' })
    store.saveToken('t')
    store.confirm('https://a.org')
    assert.equal(store.settings().baseUrl, 'https://a.org')
    assert.equal(store.token(), 't')
    assert.equal(store.confirmed('https://a.org'), true)
    const local = new MapStorage()
    local.setItem(SETTINGS_KEY, '{not json')
    local.setItem(CONFIRMED_KEY, '{"a":1}')
    const damaged = new FhirSettingsStore(local, null)
    assert.equal(damaged.settings().baseUrl, '')
    assert.equal(damaged.confirmed('https://a.org'), false)
  })
})
