/**
 * The memory bench's pure parts (bench/memory-report.ts): reading smaps_rollup,
 * peaks, growth over a second round, which worker the targets judge, and the table.
 * No process is started and no figure is judged here.
 */

import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  growth,
  judge,
  largestWorker,
  MB,
  type MemoryCell,
  memoryTable,
  type ProcessFigures,
  parseSmapsRollup,
  peakOf,
  readingOf,
  verdictLines,
} from '../../bench/memory-report.js'

/** /proc/PID/smaps_rollup of a Node process, as Linux 6 writes it. */
const ROLLUP = `00400000-7ffd2f5e4000 ---p 00000000 00:00 0                          [rollup]
Rss:               96340 kB
Pss:               58213 kB
Pss_Dirty:         50104 kB
Pss_Anon:          50060 kB
Pss_File:           8153 kB
Pss_Shmem:             0 kB
Shared_Clean:      42196 kB
Shared_Dirty:          0 kB
Private_Clean:      4036 kB
Private_Dirty:     50108 kB
Referenced:        96340 kB
Anonymous:         50060 kB
KSM:                   0 kB
LazyFree:              0 kB
AnonHugePages:         0 kB
Swap:                  0 kB
SwapPss:               0 kB
Locked:                0 kB
`

const reading = (anonymousMB: number, rssMB = anonymousMB + 40) => ({
  anonymous: anonymousMB * MB,
  private: anonymousMB * MB,
  rss: rssMB * MB,
})

function figuresOf(role: ProcessFigures['role'], idle: number, afters: number[]): ProcessFigures {
  return { role, idle: reading(idle), rounds: afters.map((a) => ({ peak: reading(a + 2), after: reading(a) })) }
}

function cell(over: Partial<MemoryCell>): MemoryCell {
  return {
    server: 'service',
    workers: 1,
    endpoint: 'anterior',
    concurrency: 16,
    requests: 1000,
    rps: [100, 120],
    failures: 0,
    processes: [figuresOf('single', 30, [36, 37])],
    ...over,
  }
}

describe('memory bench figures', () => {
  it('reads Anonymous, Private_Clean + Private_Dirty and Rss from smaps_rollup, in bytes', () => {
    const smaps = parseSmapsRollup(ROLLUP)
    assert.equal(smaps.anonymous, 50060 * 1024)
    assert.equal(smaps.rss, 96340 * 1024)
    assert.deepEqual(readingOf(smaps), { anonymous: 50060 * 1024, private: (4036 + 50108) * 1024, rss: 96340 * 1024 })
  })

  it('reads a field smaps_rollup lacks as 0', () => {
    assert.equal(parseSmapsRollup('Rss: 10 kB\n').anonymous, 0)
  })

  it("takes each figure's own peak", () => {
    assert.deepEqual(
      peakOf([
        { anonymous: 1, private: 5, rss: 2 },
        { anonymous: 3, private: 4, rss: 1 },
      ]),
      { anonymous: 3, private: 5, rss: 2 },
    )
  })

  it('measures growth from the first round to the last, after load', () => {
    assert.equal(growth(figuresOf('single', 30, [40, 44])), 0.1)
    assert.equal(growth(figuresOf('single', 30, [40])), 0)
  })

  it('judges the worker with the most private memory after load, never the cluster primary', () => {
    const processes = [
      figuresOf('primary', 5, [90, 90]),
      figuresOf('worker', 30, [35, 36]),
      figuresOf('worker', 30, [38, 39]),
    ]
    assert.equal(largestWorker(processes), processes[2])
    const verdicts = judge([cell({ workers: 2, processes })], 'service', new Set(['anterior']))
    assert.equal(verdicts.length, 1)
    assert.ok(Math.abs((verdicts[0]?.privateAfterMB ?? 0) - 39) < 1e-9)
    assert.equal(verdicts[0]?.met, true)
  })

  it('judges only the target concurrencies, the named server and the given endpoints; a miss says MISSED', () => {
    const cells = [
      cell({ concurrency: 1 }),
      cell({ concurrency: 64, processes: [figuresOf('single', 30, [41, 42])] }),
      cell({ server: 'bare' }),
      cell({ endpoint: 'health' }),
      cell({ concurrency: 16, processes: [figuresOf('single', 30, [30, 34])] }),
    ]
    const verdicts = judge(cells, 'service', new Set(['anterior']))
    assert.deepEqual(
      verdicts.map((v) => [v.cell.concurrency, v.met]),
      [
        [64, false],
        [16, false],
      ],
    )
    assert.match(
      verdictLines(verdicts)[0] ?? '',
      /MISSED +service WORKERS=1 anterior c=64: 42\.0 MB private after load/,
    )
  })

  it('prints one row per serving process', () => {
    const table = memoryTable([
      cell({}),
      cell({
        workers: 2,
        processes: [
          figuresOf('primary', 5, [6, 6]),
          figuresOf('worker', 30, [35, 36]),
          figuresOf('worker', 31, [36, 37]),
        ],
      }),
    ])
    const rows = table.split('\n').filter((line) => line.startsWith('| service'))
    assert.equal(rows.length, 3)
    assert.match(
      rows[0] ?? '',
      /^\| service \| 1 \| anterior \| 16 \| the process \| 30\.0 \| 39\.0 \| 36\.0 \| 37\.0 \| \+2\.8% \|/,
    )
    assert.match(rows[2] ?? '', /\| worker 2 \|/)
  })
})
