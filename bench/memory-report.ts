/**
 * The memory bench's pure parts (bench/memory.ts runs the processes): reading
 * /proc/PID/smaps_rollup, folding samples into idle / peak / after-load figures per
 * process, the growth over a second round, and the tables. No I/O here, so the smoke
 * test can check them on fixed text.
 */

export const MB = 1024 * 1024

/** The fields of /proc/PID/smaps_rollup the bench reads, bytes. */
export interface Smaps {
  readonly rss: number
  readonly pss: number
  readonly privateClean: number
  readonly privateDirty: number
  /**
   * Anonymous pages: V8's heap, malloc, stacks. What the process costs on its own;
   * the bench's "private" figure. Private_Clean + Private_Dirty also counts file pages
   * only this process maps (the node executable's, in a container with one Node
   * process), which another Node process would share.
   */
  readonly anonymous: number
}

/** Parses smaps_rollup's `Name:   123 kB` lines; a field it lacks is 0. */
export function parseSmapsRollup(text: string): Smaps {
  const field = (name: string) => {
    const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)
    return match ? Number(match[1]) * 1024 : 0
  }
  return {
    rss: field('Rss'),
    pss: field('Pss'),
    privateClean: field('Private_Clean'),
    privateDirty: field('Private_Dirty'),
    anonymous: field('Anonymous'),
  }
}

/** One reading of one process: its private (anonymous) memory and RSS, bytes. */
export interface Reading {
  readonly anonymous: number
  readonly private: number
  readonly rss: number
}

export function readingOf(smaps: Smaps): Reading {
  return { anonymous: smaps.anonymous, private: smaps.privateClean + smaps.privateDirty, rss: smaps.rss }
}

/** The highest of each figure over several readings (each figure's own peak). */
export function peakOf(readings: readonly Reading[]): Reading {
  return {
    anonymous: Math.max(0, ...readings.map((r) => r.anonymous)),
    private: Math.max(0, ...readings.map((r) => r.private)),
    rss: Math.max(0, ...readings.map((r) => r.rss)),
  }
}

/** One round of load: the peak sampled during it and the reading after it settled. */
export interface RoundFigures {
  readonly peak: Reading
  readonly after: Reading
}

/** The figures of one process (the only one, a cluster primary, or one worker) in one cell. */
export interface ProcessFigures {
  readonly role: 'single' | 'primary' | 'worker'
  readonly idle: Reading
  readonly rounds: readonly RoundFigures[]
}

/** Relative change from the first round's after-load figure to the last round's: the growth. */
export function growth(figures: ProcessFigures, key: keyof Reading = 'anonymous'): number {
  const first = figures.rounds[0]?.after[key] ?? 0
  const last = figures.rounds[figures.rounds.length - 1]?.after[key] ?? 0
  return first > 0 ? (last - first) / first : 0
}

/** The serving processes of a cell: every worker, or the single process. */
export function servingProcesses(processes: readonly ProcessFigures[]): ProcessFigures[] {
  return processes.filter((p) => p.role !== 'primary')
}

/** The worker with the most private memory after the last round (the one the targets judge). */
export function largestWorker(processes: readonly ProcessFigures[]): ProcessFigures | undefined {
  const after = (p: ProcessFigures) => p.rounds[p.rounds.length - 1]?.after.anonymous ?? 0
  return servingProcesses(processes).reduce<ProcessFigures | undefined>(
    (a, b) => (a === undefined || after(b) > after(a) ? b : a),
    undefined,
  )
}

/** One measured cell: a server, its WORKERS, one endpoint (or the mix) at one concurrency. */
export interface MemoryCell {
  readonly server: string
  readonly workers: number
  readonly endpoint: string
  readonly concurrency: number
  /** Requests per round, and each round's requests per second. */
  readonly requests: number
  readonly rps: readonly number[]
  readonly failures: number
  readonly processes: readonly ProcessFigures[]
}

/** The issue's targets for one worker: private memory after load and its growth over a second round. */
export const MEMORY_TARGETS = { privateAfterLoadMB: 40, growth: 0.1, concurrencies: [16, 64] } as const

export interface MemoryVerdict {
  readonly cell: MemoryCell
  readonly privateAfterMB: number
  readonly growth: number
  readonly met: boolean
}

/** Judges every cell of `server` at the target concurrencies: its largest worker's private memory and growth. */
export function judge(cells: readonly MemoryCell[], server: string, endpoints: ReadonlySet<string>): MemoryVerdict[] {
  const out: MemoryVerdict[] = []
  for (const cell of cells) {
    if (cell.server !== server || !endpoints.has(cell.endpoint)) continue
    if (!(MEMORY_TARGETS.concurrencies as readonly number[]).includes(cell.concurrency)) continue
    const worker = largestWorker(cell.processes)
    if (worker === undefined) continue
    const last = worker.rounds[worker.rounds.length - 1]
    const privateAfterMB = (last?.after.anonymous ?? 0) / MB
    const g = Math.max(0, ...servingProcesses(cell.processes).map((p) => growth(p)))
    out.push({
      cell,
      privateAfterMB,
      growth: g,
      met: privateAfterMB <= MEMORY_TARGETS.privateAfterLoadMB && g <= MEMORY_TARGETS.growth,
    })
  }
  return out
}

const mb = (bytes: number) => (bytes / MB).toFixed(1)
const pct = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}%`

/**
 * The table: one row per serving process of each cell (WORKERS=2: each worker; the
 * primary's own figures are in the JSON). Private is Anonymous from smaps_rollup.
 */
export function memoryTable(cells: readonly MemoryCell[]): string {
  const lines = [
    '| server | WORKERS | endpoint | conc | process | private idle | peak | after round 1 | after round 2 | growth | RSS idle | peak | after | req/s |',
    '|---|---:|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ]
  for (const cell of cells) {
    const serving = servingProcesses(cell.processes)
    serving.forEach((p, i) => {
      const first = p.rounds[0]
      const last = p.rounds[p.rounds.length - 1]
      const peak = peakOf(p.rounds.map((r) => r.peak))
      const rps =
        cell.rps.length > 0
          ? Math.round(cell.rps.reduce((a, b) => a + b, 0) / cell.rps.length).toLocaleString('en-US')
          : '-'
      lines.push(
        `| ${cell.server} | ${cell.workers} | ${cell.endpoint} | ${cell.concurrency} | ${p.role === 'single' ? 'the process' : `worker ${i + 1}`} | ` +
          `${mb(p.idle.anonymous)} | ${mb(peak.anonymous)} | ${mb(first?.after.anonymous ?? 0)} | ${p.rounds.length > 1 ? mb(last?.after.anonymous ?? 0) : '-'} | ` +
          `${p.rounds.length > 1 ? pct(growth(p)) : '-'} | ${mb(p.idle.rss)} | ${mb(peak.rss)} | ${mb(last?.after.rss ?? 0)} | ${i === 0 ? rps : ''} |`,
      )
    })
  }
  return lines.join('\n')
}

/** A short line per verdict. */
export function verdictLines(verdicts: readonly MemoryVerdict[]): string[] {
  return verdicts.map(
    (v) =>
      `  ${v.met ? 'met    ' : 'MISSED '} ${v.cell.server} WORKERS=${v.cell.workers} ${v.cell.endpoint} c=${v.cell.concurrency}: ` +
      `${v.privateAfterMB.toFixed(1)} MB private after load (<= ${MEMORY_TARGETS.privateAfterLoadMB}), growth ${pct(v.growth)} (<= ${pct(MEMORY_TARGETS.growth)})`,
  )
}
