/**
 * The C allocator's setting (src/allocator.ts) is set wherever the service starts
 * that is not our code: the `npm start` script and the container image; the record
 * server's Deployment sets the record server's own over the image's; the cluster
 * primary passes it to its workers (test/cluster/workers.test.ts reads a worker's
 * environment); docs/configuration.md names it.
 */

import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe, it } from 'node:test'
import { ALLOCATOR_ENV, allocatorEnvMissingFrom, RECORD_SERVER_ALLOCATOR_ENV } from '../../src/allocator.js'
import { ROOT } from '../support/paths.js'

const read = (path: string) => readFileSync(`${ROOT}${path}`, 'utf8')

describe('allocator setting', () => {
  const entries = Object.entries(ALLOCATOR_ENV)

  it('npm start sets it before node', () => {
    const start = (JSON.parse(read('package.json')) as { scripts: { start: string } }).scripts.start
    const prefix = entries.map(([name, value]) => `${name}=${value}`).join(' ')
    assert.equal(start, `${prefix} node dist/src/main.js`)
  })

  it("the record server's Deployment sets its own over the image's, and npm run record-server none", () => {
    const deployment = read('deploy/kubernetes/record-server/deployment.yaml')
    const serving = deployment.slice(deployment.indexOf('      containers:'))
    for (const [name, value] of Object.entries(RECORD_SERVER_ALLOCATOR_ENV)) {
      assert.match(serving, new RegExp(`- name: ${name}\\n\\s+value: "${value}"`), name)
    }
    const script = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts['record-server']
    assert.equal(script, 'node --disable-warning=ExperimentalWarning dist/src/record-server/main.js')
  })

  it("the container image's ENV sets it", () => {
    const finalStage = read('Containerfile')
      .split(/^FROM /m)
      .at(-1) as string
    const env = /^ENV ((?:.*\\\n)*.*)$/m.exec(finalStage)?.[1] ?? ''
    for (const [name, value] of entries) assert.match(env, new RegExp(`\\b${name}=${value}\\b`), `${name} in ${env}`)
  })

  it('docs/configuration.md names it with its value', () => {
    const page = read('docs/configuration.md')
    for (const [name, value] of entries) assert.ok(page.includes(`${name}=${value}`), name)
  })

  it("an operator's own value wins", () => {
    assert.deepEqual(allocatorEnvMissingFrom({}), ALLOCATOR_ENV)
    assert.deepEqual(allocatorEnvMissingFrom({ MALLOC_MMAP_THRESHOLD_: '131072' }), {})
  })
})
