/** Configuration from the environment (src/config.ts): every variable, its default, and the refusal of unusable values. */

import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { describe, it } from 'node:test'
import { pathToFileURL } from 'node:url'
import {
  ConfigError,
  DEFAULT_CORS_ORIGINS,
  DEFAULT_MAX_QUEUE_MS,
  DEFAULT_TIMEOUTS,
  readConfig,
} from '../../src/config.js'
import { ROOT } from '../support/paths.js'

describe('readConfig', () => {
  it('has the documented defaults', () => {
    const config = readConfig({})
    assert.equal(config.port, 8000)
    assert.equal(config.host, '127.0.0.1')
    assert.deepEqual(config.corsOrigins, [...DEFAULT_CORS_ORIGINS])
    assert.deepEqual(config.corsOrigins, [
      'http://localhost:3000',
      'http://localhost:5173',
      'http://127.0.0.1:3000',
      'http://127.0.0.1:5173',
    ])
    assert.equal(config.logLevel, 'info')
  })

  it('reads PORT, HOST, CORS_ORIGINS and LOG_LEVEL', () => {
    const config = readConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      CORS_ORIGINS: ' https://a.example , http://b.example:8080 ',
      LOG_LEVEL: 'warn',
    })
    assert.equal(config.port, 9000)
    assert.equal(config.host, '0.0.0.0')
    assert.deepEqual(config.corsOrigins, ['https://a.example', 'http://b.example:8080'])
    assert.equal(config.logLevel, 'warn')
  })

  it('rejects unusable values with a message saying what is expected', () => {
    assert.throws(
      () => readConfig({ PORT: 'eighty' }),
      (e: unknown) =>
        e instanceof ConfigError && /PORT must be an integer from 0 to 65535; got 'eighty'/.test(e.message),
    )
    assert.throws(() => readConfig({ PORT: '70000' }), ConfigError)
    assert.throws(() => readConfig({ LOG_LEVEL: 'loud' }), /LOG_LEVEL must be one of/)
    assert.throws(
      () => readConfig({ CORS_ORIGINS: 'localhost:3000' }),
      /CORS_ORIGINS must be a comma-separated list of origins/,
    )
  })
})

describe('operations configuration', () => {
  it('defaults: one worker, no rate limit, no proxy trusted, 10 s / 5 s / 72 s timeouts, 503 past 100 ms of queued work', () => {
    const config = readConfig({})
    assert.equal(config.workers, 1)
    assert.equal(config.rateLimit, 0)
    assert.equal(config.trustProxy, false)
    assert.deepEqual(config.timeouts, DEFAULT_TIMEOUTS)
    assert.deepEqual(config.timeouts, { requestMs: 10_000, headersMs: 5_000, keepAliveMs: 72_000 })
    assert.equal(config.maxQueueMs, DEFAULT_MAX_QUEUE_MS)
    assert.equal(config.maxQueueMs, 100)
    assert.deepEqual(config.deprecations, [])
  })

  it('reads WORKERS as a count or auto (one per core)', () => {
    assert.equal(readConfig({ WORKERS: '4' }).workers, 4)
    assert.equal(readConfig({ WORKERS: 'auto' }).workers, availableParallelism())
    assert.equal(readConfig({ WORKERS: ' AUTO ' }).workers, availableParallelism())
    assert.equal(readConfig({ WORKERS: '' }).workers, 1)
    for (const bad of ['0', '-1', '1.5', 'many', '65']) {
      assert.throws(
        () => readConfig({ WORKERS: bad }),
        (e: unknown) =>
          e instanceof ConfigError &&
          /WORKERS must be 'auto' \(one per CPU core\) or the number of worker processes/.test(e.message),
        bad,
      )
    }
  })

  it('reads RATE_LIMIT as requests per minute, 0 or unset for none', () => {
    assert.equal(readConfig({ RATE_LIMIT: '120' }).rateLimit, 120)
    assert.equal(readConfig({ RATE_LIMIT: '0' }).rateLimit, 0)
    assert.throws(() => readConfig({ RATE_LIMIT: 'lots' }), /RATE_LIMIT must be requests per minute per client/)
    assert.throws(() => readConfig({ RATE_LIMIT: '-5' }), ConfigError)
  })

  it('reads TRUST_PROXY as true/false, a hop count or addresses', () => {
    assert.equal(readConfig({ TRUST_PROXY: 'true' }).trustProxy, true)
    assert.equal(readConfig({ TRUST_PROXY: 'false' }).trustProxy, false)
    assert.equal(readConfig({ TRUST_PROXY: '2' }).trustProxy, 2)
    assert.deepEqual(readConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }).trustProxy, ['10.0.0.1', '192.168.0.0/16'])
    assert.throws(
      () => readConfig({ TRUST_PROXY: 'the load balancer' }),
      /TRUST_PROXY must be true, false, a number of proxy hops/,
    )
  })

  it('reads the timeouts and the overload threshold in ms', () => {
    const config = readConfig({
      REQUEST_TIMEOUT_MS: '20000',
      HEADERS_TIMEOUT_MS: '3000',
      KEEP_ALIVE_TIMEOUT_MS: '5000',
      MAX_QUEUE_MS: '0',
    })
    assert.deepEqual(config.timeouts, { requestMs: 20_000, headersMs: 3_000, keepAliveMs: 5_000 })
    assert.equal(config.maxQueueMs, 0)
    assert.equal(readConfig({ MAX_QUEUE_MS: '250' }).maxQueueMs, 250)
    assert.throws(
      () => readConfig({ MAX_QUEUE_MS: '1.5' }),
      /MAX_QUEUE_MS must be the most work queued ahead of a request before it gets 503, in ms \(0: never shed\), an integer from 0 to 60000; got '1.5'/,
    )
    assert.throws(
      () => readConfig({ REQUEST_TIMEOUT_MS: '10s' }),
      /REQUEST_TIMEOUT_MS must be the time a client has to send a whole request, in ms/,
    )
    assert.throws(() => readConfig({ KEEP_ALIVE_TIMEOUT_MS: '5' }), /from 100 to/)
    assert.throws(
      () => readConfig({ HEADERS_TIMEOUT_MS: '20000' }),
      /HEADERS_TIMEOUT_MS \(20000\) must not exceed REQUEST_TIMEOUT_MS \(10000\)/,
    )
  })
})

describe('MAX_EVENT_LOOP_DELAY_MS, replaced by MAX_QUEUE_MS', () => {
  it('is still accepted, with a deprecation that says what to set instead', () => {
    const ignored = readConfig({ MAX_EVENT_LOOP_DELAY_MS: '100' })
    assert.equal(ignored.maxQueueMs, DEFAULT_MAX_QUEUE_MS)
    assert.equal(ignored.deprecations.length, 1)
    assert.equal(ignored.deprecations[0]?.setting, 'MAX_EVENT_LOOP_DELAY_MS')
    assert.match(
      ignored.deprecations[0]?.message ?? '',
      /^MAX_EVENT_LOOP_DELAY_MS is deprecated .*its value is ignored .*\(MAX_QUEUE_MS, default 100 ms\)/,
    )
  })

  it('0 still means no load shedding, unless MAX_QUEUE_MS is set, which wins', () => {
    const off = readConfig({ MAX_EVENT_LOOP_DELAY_MS: '0' })
    assert.equal(off.maxQueueMs, 0)
    assert.match(
      off.deprecations[0]?.message ?? '',
      /its 0 is read as MAX_QUEUE_MS=0 \(no load shedding\); set that instead/,
    )
    const both = readConfig({ MAX_EVENT_LOOP_DELAY_MS: '0', MAX_QUEUE_MS: '50' })
    assert.equal(both.maxQueueMs, 50)
    assert.match(both.deprecations[0]?.message ?? '', /MAX_QUEUE_MS is set and applies; remove MAX_EVENT_LOOP_DELAY_MS/)
  })

  it('is checked as before: a value that was refused is still refused', () => {
    assert.throws(
      () => readConfig({ MAX_EVENT_LOOP_DELAY_MS: 'soon' }),
      /MAX_EVENT_LOOP_DELAY_MS must be .*deprecated, set MAX_QUEUE_MS instead/,
    )
  })
})

describe('docs/configuration.md', () => {
  const root = pathToFileURL(ROOT)
  const source = readFileSync(new URL('src/config.ts', root), 'utf8')
  const page = readFileSync(new URL('docs/configuration.md', root), 'utf8')
  /** Every variable src/config.ts reads: `env.NAME`, or a helper's `env, 'NAME'` arguments. */
  const variables = new Set(
    [...source.matchAll(/env\.([A-Z][A-Z0-9_]+)|env,\s*'([A-Z][A-Z0-9_]+)'/g)].map((m) => (m[1] ?? m[2]) as string),
  )

  it('finds the variables in the source (the pattern still matches the code)', () => {
    for (const name of ['PORT', 'HOST', 'WORKERS', 'SHUTDOWN_DRAIN_MS', 'METRICS_PORT'])
      assert.ok(variables.has(name), name)
  })

  it('documents every variable the service reads, with its default', () => {
    const rows = new Map(
      [...page.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \| ([^|]+) \|/gm)].map((m) => [
        m[1] as string,
        (m[2] as string).trim(),
      ]),
    )
    for (const name of variables) assert.ok(rows.has(name), `docs/configuration.md has no row for ${name}`)
    const config = readConfig({})
    assert.match(rows.get('PORT') ?? '', new RegExp(`\\b${config.port}\\b`))
    assert.match(rows.get('SHUTDOWN_DRAIN_MS') ?? '', new RegExp(`\\b${config.shutdownDrainMs}\\b`))
    assert.match(rows.get('REQUEST_TIMEOUT_MS') ?? '', new RegExp(`\\b${DEFAULT_TIMEOUTS.requestMs}\\b`))
    assert.match(rows.get('MAX_QUEUE_MS') ?? '', new RegExp(`\\b${DEFAULT_MAX_QUEUE_MS}\\b`))
    assert.match(rows.get('MAX_EVENT_LOOP_DELAY_MS') ?? '', /deprecated/)
    for (const origin of DEFAULT_CORS_ORIGINS) assert.ok((rows.get('CORS_ORIGINS') ?? '').includes(origin), origin)
  })
})
