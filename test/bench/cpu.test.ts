/**
 * The CPU bench (bench/cpu.ts): its reading of /proc/PID/stat, its --variant
 * parsing, and a smoke run that must finish with every target measured and every
 * answer a 2xx. No figure is judged: speed is measured by the bench, never by a test.
 */

import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { promisify } from 'node:util'
import { cpuSeconds, variantOf } from '../../bench/cpu.js'
import { ROOT } from '../support/paths.js'

describe('cpu bench', () => {
  it('reads user + system time from a /proc/PID/stat line, a command name with spaces and parentheses included', () => {
    // Fields after the name: state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime ...
    const line = '4242 (node (x) y) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 75 0 0 20 0 11 0 99 0 0'
    assert.equal(cpuSeconds(line), 3.25)
  })

  it("parses --variant as 'LABEL|NODE ARGS|K=V,K=V|SCRIPT' and says what is wrong with a bad one", () => {
    assert.deepEqual(variantOf('pool1|--v8-pool-size=1 --max-semi-space-size=2|MALLOC_ARENA_MAX=2,X=a=b'), {
      name: 'pool1',
      script: 'dist/src/main.js',
      env: { MALLOC_ARENA_MAX: '2', X: 'a=b' },
      nodeArgs: ['--v8-pool-size=1', '--max-semi-space-size=2'],
    })
    assert.deepEqual(variantOf('main||| /tmp/main/dist/src/main.js'), {
      name: 'main',
      script: '/tmp/main/dist/src/main.js',
      env: {},
      nodeArgs: [],
    })
    assert.throws(() => variantOf('|--x'), /needs a label first/)
    assert.throws(() => variantOf('a||NOEQUALS'), /entries are K=V, got 'NOEQUALS'/)
  })

  it('smoke run: the service, a variant and the bare server each measured, no failed request', {
    timeout: 120_000,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'posture-cpu-bench-'))
    const out = join(dir, 'cpu.json')
    try {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['dist/bench/cpu.js', '--smoke', `--out=${out}`, '--variant=no-metrics||METRICS_ENABLED=false'],
        { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 },
      )
      assert.match(stdout, /\| target \| CPU us\/request \(median\) \| per process \| vs service \| bare\/this \|/)
      const results = JSON.parse(readFileSync(out, 'utf8')) as {
        rows: { name: string; usPerRequest: number[]; medianRps: number; failures: number; privateMbAfter: number[] }[]
      }
      assert.deepEqual(
        results.rows.map((r) => r.name),
        ['service', 'no-metrics', 'bare'],
      )
      for (const row of results.rows) {
        assert.equal(row.usPerRequest.length, 2, row.name)
        assert.ok(
          row.usPerRequest.every((us) => Number.isFinite(us) && us >= 0),
          `${row.name}: ${row.usPerRequest}`,
        )
        assert.ok(row.medianRps > 0, row.name)
        assert.ok((row.privateMbAfter[0] ?? 0) > 0, `${row.name} private memory read`)
        assert.equal(row.failures, 0, row.name)
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
