/**
 * The V8 flags main.ts sets at start (src/v8-flags.ts): V8 ignores a flag it does
 * not know when it is set at run time (after printing an error), so each flag is
 * checked here against the running Node, which refuses an unknown flag on its
 * command line (CI runs this on Node 22 and 24); and docs/configuration.md lists
 * exactly the flags of the list, docs/record-server.md the record server's
 * (src/record-server/main.ts sets them).
 * Also the start-up collection: it frees garbage and leaves no gc() behind.
 */

import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, it } from 'node:test'
import { setImmediate } from 'node:timers/promises'
import { runInNewContext } from 'node:vm'
import { collectStartupGarbage, RECORD_SERVER_V8_FLAGS, V8_FLAGS } from '../../src/v8-flags.js'

function knows(flag: string): { known: boolean; stderr: string } {
  const run = spawnSync(process.execPath, [flag, '-e', '0'], { encoding: 'utf8' })
  return { known: run.status === 0, stderr: run.stderr }
}

describe('V8 flags set at start', () => {
  for (const flag of V8_FLAGS) {
    it(`${flag} is a flag this Node's V8 (${process.versions.v8}) knows`, () => {
      const { known, stderr } = knows(flag)
      assert.ok(known, stderr)
    })
  }
  it('docs/configuration.md lists exactly the flags of the list', () => {
    const page = readFileSync(new URL('../../../docs/configuration.md', import.meta.url), 'utf8')
    const section = page.slice(page.indexOf('## V8 flags the service sets itself'))
    const rows = [...section.matchAll(/^\| `(--[a-z0-9=-]+)` \|/gm)].map((m) => m[1])
    assert.deepEqual(rows, [...V8_FLAGS])
  })
})

describe("the record server's V8 flags", () => {
  for (const flag of RECORD_SERVER_V8_FLAGS) {
    it(`${flag} is a flag this Node's V8 (${process.versions.v8}) knows`, () => {
      const { known, stderr } = knows(flag)
      assert.ok(known, stderr)
    })
  }
  it('docs/record-server.md lists exactly the flags of the list', () => {
    const page = readFileSync(new URL('../../../docs/record-server.md', import.meta.url), 'utf8')
    const start = page.indexOf('### Memory')
    assert.ok(start >= 0, 'docs/record-server.md has a "### Memory" section')
    const section = page.slice(start, page.indexOf('\n## ', start))
    const rows = [...section.matchAll(/^\| `(--[a-z0-9=-]+)` \|/gm)].map((m) => m[1])
    assert.deepEqual(rows, [...RECORD_SERVER_V8_FLAGS])
  })
})

describe('the collection once the app is built', () => {
  it('frees what is no longer referenced, and leaves no gc() in any context', async () => {
    const tracked = new WeakRef(Array.from({ length: 50_000 }, (_, i) => ({ i, text: `row ${i}` })))
    // A WeakRef holds its target until the job that made it ends.
    await setImmediate()
    collectStartupGarbage()
    assert.equal(tracked.deref(), undefined, 'an unreferenced array survived the collection')
    assert.equal(typeof (globalThis as { gc?: unknown }).gc, 'undefined')
    // --expose-gc is cleared again: a context made now has no gc() either.
    assert.equal(runInNewContext('typeof gc'), 'undefined')
  })
})
