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
 * - Maglev (the mid-tier compiler of V8 12 and later) destroys each finished compilation on
 *   the main thread instead of a helper thread: the memory of those compilations,
 *   freed from a helper thread, stayed with the C allocator (glibc) and not with
 *   the system.
 */
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

/**
 * Every flag; docs/configuration.md lists the same. Every V8 of the Node versions the
 * service supports (package.json `engines`: 22 and 24, V8 12 and 13) knows them all;
 * test/config/v8-flags.test.ts checks that the running one does.
 */
export const V8_FLAGS: readonly string[] = [
  '--semi-space-growth-factor=1',
  '--no-parallel-scavenge',
  '--heap-growing-percent=20',
  '--optimize-for-size',
  '--no-maglev-destroy-on-background',
]

/**
 * The record server's flags (src/record-server/main.ts sets them first thing; docs/record-server.md
 * lists them): only the young generation kept at its initial size. Grown, as V8 grows it for a
 * server allocating fast (pull pages, photos' pieces in flight for many devices), it never shrank,
 * and the process's resident memory went past what a small clinic server should give it; kept, it
 * stays well inside, at some CPU per request (bench/README.md, "The record server's memory", has
 * the runs). The service's other flags cost the record server far more CPU per sync run for no
 * further saving, so it does not take them.
 */
export const RECORD_SERVER_V8_FLAGS: readonly string[] = ['--semi-space-growth-factor=1']

/** V8's gc() function of --expose-gc, with the options V8 12 and later read. */
type GcFunction = (options?: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void

/**
 * One full, memory-reducing collection, for when the app is built and before it
 * serves. Building it (plugins, schemas compiled to validators and serialisers)
 * leaves garbage and part-used heap pages, which V8 would otherwise keep until its
 * memory reducer runs, seconds after the process falls idle, which a busy worker
 * never does. V8 offers this collection to JavaScript only as the gc() function of
 * --expose-gc: it is taken from a fresh context, so the app's global object never
 * has it, and the flag is cleared again at once. It is asked for V8's last-resort
 * collection, which also returns the freed pages to the system.
 */
export function collectStartupGarbage(): void {
  setFlagsFromString('--expose-gc')
  const gc = runInNewContext('gc') as GcFunction
  setFlagsFromString('--no-expose-gc')
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' })
}
