/**
 * Heap and compiler settings for a small, steady footprint, which main.ts applies
 * first thing, and the collection serve.ts asks for once the app is built. Only
 * flags that V8 reads while it runs take effect here (the rest it reads once, when
 * the process starts); docs/configuration.md says which and why, and
 * bench/README.md ("Memory") has the measurements.
 * - The young generation keeps its initial size: V8 otherwise grows it while the
 *   app starts and never gives it back. Its many small scavenges then run on the
 *   main thread: handing each to helper threads cost more than it saved.
 * - The old generation grows by at most 20% of what survived the last full
 *   collection (V8's minimum step still applies) before the next one: by default
 *   V8 lets it reach up to four times that on a machine with plenty of memory, and
 *   a busy worker's promoted garbage fills it.
 * - V8 is told to favour size over speed, which it reads at each full collection:
 *   the old generation then grows by at least 2 MB between full collections
 *   instead of 8 MB (V8's fixed minimum step, which the percentage above cannot
 *   lower), so a worker carries a few MB of promoted garbage at most, not up to 8.
 *   (It also keeps V8's number-to-string cache at its initial size.)
 * - Maglev (V8 12 and later: Node 22 and 24) destroys each finished compilation on
 *   the main thread instead of a helper thread: the memory of those compilations,
 *   freed from a helper thread, stayed with the C allocator (glibc) and not with
 *   the system.
 */
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

export interface V8Flag {
  readonly flag: string
  /** The first V8 major version that knows the flag (every version the service runs on, when absent). */
  readonly sinceV8?: number
}

/** Every flag, with the V8 versions it applies to; docs/configuration.md lists the same. */
export const V8_FLAG_LIST: readonly V8Flag[] = [
  { flag: '--semi-space-growth-factor=1' },
  { flag: '--no-parallel-scavenge' },
  { flag: '--heap-growing-percent=20' },
  { flag: '--optimize-for-size' },
  { flag: '--no-maglev-destroy-on-background', sinceV8: 12 },
]

/** The major version of a V8 version as `process.versions.v8` gives it ('13.6.233.17-node.53': 13). */
function majorOf(v8Version: string): number {
  return Number.parseInt(v8Version, 10)
}

/** The flags for a V8 version as `process.versions.v8` gives it. */
export function v8FlagsFor(v8Version: string): string[] {
  const major = majorOf(v8Version)
  return V8_FLAG_LIST.filter((f) => f.sinceV8 === undefined || major >= f.sinceV8).map((f) => f.flag)
}

/** The flags for the V8 running this process. */
export const V8_FLAGS: readonly string[] = v8FlagsFor(process.versions.v8)

/** V8's gc() function of --expose-gc; V8 12 and later read these options (V8 11 does not collect in full for them). */
type GcFunction = (options?: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void

/**
 * One full, memory-reducing collection, for when the app is built and before it
 * serves. Building it (plugins, schemas compiled to validators and serialisers)
 * leaves garbage and part-used heap pages, which V8 would otherwise keep until its
 * memory reducer runs, seconds after the process falls idle, which a busy worker
 * never does. V8 offers this collection to JavaScript only as the gc() function of
 * --expose-gc: it is taken from a fresh context, so the app's global object never
 * has it, and the flag is cleared again at once. V8 12 and later (Node 22, 24) are
 * asked for their last-resort collection, which also returns the freed pages to the
 * system; older ones get their default full collection.
 */
export function collectStartupGarbage(): void {
  setFlagsFromString('--expose-gc')
  const gc = runInNewContext('gc') as GcFunction
  setFlagsFromString('--no-expose-gc')
  if (majorOf(process.versions.v8) >= 12) gc({ type: 'major', execution: 'sync', flavor: 'last-resort' })
  else gc()
}
