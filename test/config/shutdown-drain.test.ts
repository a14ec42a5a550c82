/** The shutdown and metrics settings of config.ts: SHUTDOWN_DRAIN_MS, METRICS_ENABLED, METRICS_PORT. */

import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { ConfigError, DEFAULT_SHUTDOWN_DRAIN_MS, MAX_SHUTDOWN_DRAIN_MS, readConfig } from '../../src/config.js'
import { SHUTDOWN_GRACE_MS } from '../../src/serve.js'

describe('shutdown and metrics configuration', () => {
  it('defaults: a 3 s drain, metrics on the service port', () => {
    const config = readConfig({})
    assert.equal(config.shutdownDrainMs, DEFAULT_SHUTDOWN_DRAIN_MS)
    assert.equal(config.shutdownDrainMs, 3000)
    assert.equal(config.metricsEnabled, true)
    assert.equal(config.metricsPort, undefined)
  })

  it('the longest drain leaves its last requests time before the cut, inside the 10 s bound', () => {
    assert.ok(MAX_SHUTDOWN_DRAIN_MS + 2000 <= SHUTDOWN_GRACE_MS)
    assert.ok(SHUTDOWN_GRACE_MS < 10_000)
  })

  it('reads SHUTDOWN_DRAIN_MS, METRICS_ENABLED and METRICS_PORT', () => {
    assert.equal(readConfig({ SHUTDOWN_DRAIN_MS: '0' }).shutdownDrainMs, 0)
    assert.equal(readConfig({ SHUTDOWN_DRAIN_MS: ' 6000 ' }).shutdownDrainMs, 6000)
    assert.equal(readConfig({ METRICS_ENABLED: 'false' }).metricsEnabled, false)
    assert.equal(readConfig({ METRICS_ENABLED: 'TRUE' }).metricsEnabled, true)
    assert.equal(readConfig({ METRICS_PORT: '9464' }).metricsPort, 9464)
    assert.equal(readConfig({ METRICS_PORT: '' }).metricsPort, undefined)
  })

  it('refuses bad values with a message naming the variable and what is expected', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ SHUTDOWN_DRAIN_MS: '7000' }, /^SHUTDOWN_DRAIN_MS must be .*an integer from 0 to 6000; got '7000'/],
      [{ SHUTDOWN_DRAIN_MS: '-1' }, /^SHUTDOWN_DRAIN_MS must be/],
      [{ SHUTDOWN_DRAIN_MS: '2s' }, /^SHUTDOWN_DRAIN_MS must be .*got '2s'/],
      [{ METRICS_ENABLED: 'yes' }, /^METRICS_ENABLED must be true or false .*got 'yes'/],
      [{ METRICS_PORT: '70000' }, /^METRICS_PORT must be .*an integer from 1 to 65535; got '70000'/],
      [{ METRICS_PORT: '0' }, /^METRICS_PORT must be/],
      [{ METRICS_PORT: '8000' }, /^METRICS_PORT must differ from PORT \(8000\)/],
      [{ METRICS_PORT: '9464', METRICS_ENABLED: 'false' }, /^METRICS_PORT is set but METRICS_ENABLED is false/],
    ]
    for (const [env, message] of cases) {
      assert.throws(
        () => readConfig(env),
        (error: unknown) => error instanceof ConfigError && message.test(error.message),
        JSON.stringify(env),
      )
    }
  })
})
