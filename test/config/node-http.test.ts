/**
 * The service never loads Node's bundled fetch and WebSocket client (undici), which
 * an ES module import of node:http loads on Node 22 and later (src/http/node-http.ts
 * says why): no module of the service imports a value from node:http itself, and a
 * process that loads every module of the service and answers requests through all of
 * its plugins has not loaded undici. CI runs it on Node 22 and 24.
 */

import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { ROOT } from '../support/paths.js'

/** Every .ts file below `folder`, as paths relative to ROOT. */
function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts'))
    .map((path) => join(folder, path))
}

/** `import x from`, `import { x } from` (over lines), `import * as x from` node:http; not `import type`. */
const VALUE_IMPORT = /^import\s+(?!type\b)(?:\{[^}]*\}|[^\n{]*?)\s*from\s+['"](?:node:)?http['"]/m

describe('node:http without undici', () => {
  it('no module of the service takes a value from node:http but src/http/node-http.ts', () => {
    const importers = [...sources('src'), ...sources('core')].filter((path) =>
      VALUE_IMPORT.test(readFileSync(join(ROOT, path), 'utf8')),
    )
    assert.deepEqual(importers, [])
  })

  it(`a process running the service's modules never loads undici (Node ${process.versions.node})`, () => {
    const modules = readdirSync(join(ROOT, 'dist/src'), { recursive: true, encoding: 'utf8' })
      // The service's modules; the record server (src/record-server) is a process of its own, and its entry point runs on import.
      .filter((path) => path.endsWith('.js') && path !== 'main.js' && !path.startsWith('record-server/'))
      .map((path) => join(ROOT, 'dist/src', path))
    const script = `
      for (const path of ${JSON.stringify(modules)}) await import(path)
      const { buildApp } = await import(${JSON.stringify(join(ROOT, 'dist/src/app.js'))})
      const { EXAMPLES } = await import(${JSON.stringify(join(ROOT, 'dist/src/api/examples.js'))})
      const app = await buildApp({ logger: false })
      const answers = [
        await app.inject({ method: 'POST', url: '/api/analyze/anterior', payload: EXAMPLES.anterior }),
        await app.inject({ method: 'POST', url: '/api/analyze/anterior', payload: '{', headers: { 'content-type': 'application/json' } }),
        await app.inject({ method: 'GET', url: '/metrics' }),
        await app.inject({ method: 'GET', url: '/health' }),
        await app.inject({ method: 'GET', url: '/no-such-path' }),
      ].map((answer) => answer.statusCode)
      await app.close()
      const undici = process.moduleLoadList.filter((name) => name.includes('undici'))
      console.log(JSON.stringify({ answers, undici }))
    `
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' })
    assert.equal(run.status, 0, run.stderr)
    const { answers, undici } = JSON.parse(run.stdout) as { answers: number[]; undici: string[] }
    assert.deepEqual(answers, [200, 400, 200, 200, 404])
    assert.deepEqual(undici, [], 'a module imports a value from node:http: take it from src/http/node-http.ts')
  })
})
