/**
 * The V8 flags main.ts sets at start (src/v8-flags.ts): V8 ignores a flag it
 * does not know when it is set at run time, so each is checked here against the
 * running Node, which refuses an unknown one on its command line; and
 * docs/configuration.md lists exactly these.
 */

import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, it } from 'node:test'
import { V8_FLAGS } from '../../src/v8-flags.js'

describe('V8 flags set at start', () => {
  for (const flag of V8_FLAGS) {
    it(`${flag} is a flag this Node's V8 knows`, () => {
      const run = spawnSync(process.execPath, [flag, '-e', '0'], { encoding: 'utf8' })
      assert.equal(run.status, 0, run.stderr)
    })
  }

  it('docs/configuration.md lists exactly these flags', () => {
    const page = readFileSync(new URL('../../../docs/configuration.md', import.meta.url), 'utf8')
    const section = page.slice(page.indexOf('## V8 flags the service sets itself'))
    const rows = [...section.matchAll(/^\| `(--[a-z0-9=-]+)` \|/gm)].map((m) => m[1])
    assert.deepEqual(rows, [...V8_FLAGS])
  })
})
