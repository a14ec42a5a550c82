/** FHIR_SERVER_ORIGINS (src/config.ts): the FHIR servers the marking app may send a visit to; none by default, https only unless on this machine, origins only. */

import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { ConfigError, readConfig } from '../../src/config.js'

describe('FHIR_SERVER_ORIGINS', () => {
  it('is empty by default (the app may send nowhere)', () => {
    assert.deepEqual(readConfig({}).fhirServerOrigins, [])
    assert.deepEqual(readConfig({ FHIR_SERVER_ORIGINS: '  ' }).fhirServerOrigins, [])
  })

  it('reads comma-separated origins, normalised as a browser writes them (lower case, no default port, no slash), once each', () => {
    const config = readConfig({
      FHIR_SERVER_ORIGINS:
        ' https://FHIR.Example.org , https://ehr.example.org:8443/, http://localhost:8080, http://127.0.0.1:9, http://[::1]:8080, https://fhir.example.org:443 ,',
    })
    assert.deepEqual(config.fhirServerOrigins, [
      'https://fhir.example.org',
      'https://ehr.example.org:8443',
      'http://localhost:8080',
      'http://127.0.0.1:9',
      'http://[::1]:8080',
    ])
  })

  it('refuses plain http to another machine: patient data must not travel unencrypted', () => {
    for (const bad of ['http://fhir.example.org', 'http://10.0.0.5:8080', 'http://localhost.example.org']) {
      assert.throws(
        () => readConfig({ FHIR_SERVER_ORIGINS: bad }),
        (e: unknown) =>
          e instanceof ConfigError &&
          e.message.includes('FHIR_SERVER_ORIGINS accepts https origins only') &&
          e.message.includes(`got '${bad}'`),
        bad,
      )
    }
  })

  it('refuses anything but an origin, naming the entry: a path, a query, credentials, another scheme, a wildcard, CSP syntax', () => {
    for (const bad of [
      'fhir.example.org',
      'https://fhir.example.org/fhir',
      'https://fhir.example.org?x=1',
      'https://user:pw@fhir.example.org',
      'ftp://fhir.example.org',
      'https://*.example.org',
      '*',
      "'self'",
      'https://a.org;script-src',
      "https://a.org'unsafe-inline'",
      'https://',
    ]) {
      assert.throws(
        () => readConfig({ FHIR_SERVER_ORIGINS: bad }),
        (e: unknown) =>
          e instanceof ConfigError &&
          e.message.startsWith('FHIR_SERVER_ORIGINS must be a comma-separated list of origins') &&
          e.message.includes(`got '${bad}'`),
        bad,
      )
    }
  })
})

describe('RECORD_SERVER_ORIGINS (the record servers the app syncs with; the same rules)', () => {
  it('is empty by default, and reads origins as FHIR_SERVER_ORIGINS does', () => {
    assert.deepEqual(readConfig({}).recordServerOrigins, [])
    assert.deepEqual(
      readConfig({ RECORD_SERVER_ORIGINS: 'https://Record.Clinic.example:443/,http://127.0.0.1:8100' })
        .recordServerOrigins,
      ['https://record.clinic.example', 'http://127.0.0.1:8100'],
    )
  })
  it('refuses plain http to another machine and anything but an origin, naming the variable', () => {
    for (const bad of ['http://record.clinic.example', 'https://record.clinic.example/api', '*'])
      assert.throws(
        () => readConfig({ RECORD_SERVER_ORIGINS: bad }),
        (e: unknown) => e instanceof ConfigError && e.message.includes('RECORD_SERVER_ORIGINS'),
      )
  })
})
