import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { ConfigError, DEFAULT_CORS_ORIGINS, readConfig } from '../src/config.js'

describe('readConfig', () => {
  it('has the documented defaults', () => {
    const config = readConfig({})
    assert.equal(config.port, 8000)
    assert.equal(config.host, '127.0.0.1')
    assert.deepEqual(config.corsOrigins, [...DEFAULT_CORS_ORIGINS])
    assert.deepEqual(config.corsOrigins, ['http://localhost:3000', 'http://localhost:5173'])
    assert.equal(config.logLevel, 'info')
  })

  it('reads PORT, HOST, CORS_ORIGINS and LOG_LEVEL', () => {
    const config = readConfig({ PORT: '9000', HOST: '0.0.0.0', CORS_ORIGINS: ' https://a.example , http://b.example:8080 ', LOG_LEVEL: 'warn' })
    assert.equal(config.port, 9000)
    assert.equal(config.host, '0.0.0.0')
    assert.deepEqual(config.corsOrigins, ['https://a.example', 'http://b.example:8080'])
    assert.equal(config.logLevel, 'warn')
  })

  it('rejects unusable values with a message saying what is expected', () => {
    assert.throws(() => readConfig({ PORT: 'eighty' }), (e: unknown) => e instanceof ConfigError && /PORT must be an integer from 0 to 65535; got 'eighty'/.test(e.message))
    assert.throws(() => readConfig({ PORT: '70000' }), ConfigError)
    assert.throws(() => readConfig({ LOG_LEVEL: 'loud' }), /LOG_LEVEL must be one of/)
    assert.throws(() => readConfig({ CORS_ORIGINS: 'localhost:3000' }), /CORS_ORIGINS must be a comma-separated list of origins/)
  })
})
