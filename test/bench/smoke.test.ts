/**
 * The benchmark's smoke run (`node dist/bench/run.js --smoke`): it must finish and
 * produce the whole table and results file. No figure is judged here - speed is
 * measured by `npm run bench` on a quiet machine, never by a unit test.
 */

import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { promisify } from 'node:util'
import { ROOT } from '../support/paths.js'

const ENDPOINTS = ['anterior', 'posterior', 'lateral', 'popliteal', 'health']

describe('benchmark smoke run', () => {
  it('loads every endpoint at concurrency 1/16/64 against the service and the baseline and writes the table', {
    timeout: 180_000,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'posture-bench-'))
    const out = join(dir, 'results.json')
    try {
      const { stdout } = await promisify(execFile)(process.execPath, ['dist/bench/run.js', '--smoke', `--out=${out}`], {
        cwd: ROOT,
        maxBuffer: 16 * 1024 * 1024,
      })
      assert.match(
        stdout,
        /\| endpoint \| conc \| service req\/s \| p50 ms \| p99 ms \| peak RSS MB \| baseline req\/s \| p50 ms \| p99 ms \| ratio \|/,
      )
      for (const endpoint of ENDPOINTS) {
        for (const c of [1, 16, 64])
          assert.match(stdout, new RegExp(`\\| ${endpoint} \\| ${c} \\|`), `${endpoint} c=${c}`)
      }
      assert.match(
        stdout,
        /Memory \(one worker, all endpoints in turn, c=16\): RSS at start [\d.]+ MB, after 2,000 requests [\d.]+ MB/,
      )
      assert.match(stdout, /\| WORKERS \| conc \| req\/s/)
      assert.match(stdout, /\| 1 \| 64 \|/)
      assert.match(stdout, /\| 2 \| 64 \|/)

      const results = JSON.parse(readFileSync(out, 'utf8')) as {
        meta: { mode: string; node: string }
        matrix: {
          endpoint: string
          concurrency: number
          ratio: number
          service: { requests: number; rps: number; p99: number; non2xx: number; errors: number; peakRss: number }
          baseline: { rps: number; non2xx: number; errors: number }
        }[]
        memory: { rssStartMB: number; rssAfter100kMB: number; requests: number }
        workers: { workers: number; load: { rps: number; non2xx: number; errors: number } }[]
      }
      assert.equal(results.meta.mode, 'smoke')
      assert.equal(results.matrix.length, ENDPOINTS.length * 3)
      for (const cell of results.matrix) {
        assert.ok(
          cell.service.requests > 0 && cell.service.rps > 0 && cell.baseline.rps > 0 && cell.ratio > 0,
          `${cell.endpoint} c=${cell.concurrency}`,
        )
        assert.ok(cell.service.peakRss > 0)
        // Every answer was a 2xx: the bench measured real work, not errors.
        assert.equal(
          cell.service.non2xx + cell.service.errors + cell.baseline.non2xx + cell.baseline.errors,
          0,
          `${cell.endpoint} c=${cell.concurrency}`,
        )
      }
      assert.ok(results.memory.rssStartMB > 0 && results.memory.rssAfter100kMB > 0)
      assert.equal(results.memory.requests, 2000)
      assert.deepEqual(
        results.workers.map((w) => w.workers),
        [1, 2],
      )
      for (const w of results.workers) assert.equal(w.load.non2xx + w.load.errors, 0)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
