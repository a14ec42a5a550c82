/**
 * The V8 flags main.ts sets at start (src/v8-flags.ts): V8 ignores a flag it
 * does not know when it is set at run time, so each is checked here against the
 * running Node, which refuses an unknown one on its command line.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { V8_FLAGS } from '../../src/v8-flags.js'

describe('V8 flags set at start', () => {
  for (const flag of V8_FLAGS) {
    it(`${flag} is a flag this Node's V8 knows`, () => {
      const run = spawnSync(process.execPath, [flag, '-e', '0'], { encoding: 'utf8' })
      assert.equal(run.status, 0, run.stderr)
    })
  }
})
