/**
 * The entry points' check of the Node.js they run on (src/node-version.ts): an older
 * one is named with what to install; package.json's `engines` states the same minimum.
 */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { olderThan, SERVICE_MINIMUM_NODE, unsupportedNode } from '../../src/node-version.js'
import { ROOT } from '../support/paths.js'

describe('the Node.js an entry point runs on', () => {
  test('versions compare part by part, as numbers', () => {
    assert.equal(olderThan('20.20.2', '22.19.0'), true)
    assert.equal(olderThan('22.9.0', '22.19.0'), true, '9 < 19, not "9" > "1"')
    assert.equal(olderThan('22.19.0', '22.19.0'), false)
    assert.equal(olderThan('22.23.3', '22.19.0'), false)
    assert.equal(olderThan('24.0.0', '22.19.0'), false)
  })

  test('an older one gets a message that names it, the minimum and what to install', () => {
    const message = unsupportedNode('posture-metrics', SERVICE_MINIMUM_NODE, 'why', '20.20.2')
    assert.match(
      message!,
      /^posture-metrics: Node\.js 20\.20\.2 is too old: it needs Node\.js 22\.19\.0 or newer \(why\)\./,
    )
    assert.match(message!, /Install Node\.js 22 or 24/)
    assert.equal(unsupportedNode('posture-metrics', SERVICE_MINIMUM_NODE, 'why', '24.11.1'), null)
  })

  test("package.json's engines start at the service's minimum", () => {
    const engines = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).engines.node as string
    assert.ok(engines.startsWith(`^${SERVICE_MINIMUM_NODE} `), engines)
  })
})
