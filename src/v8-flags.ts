/**
 * Heap and compiler settings for a small, steady footprint, which main.ts applies
 * first thing. Only flags that V8 reads while it runs take effect here (the rest it
 * reads once, when the process starts); docs/configuration.md says which and why,
 * and bench/README.md ("Memory") has the measurements.
 * - The young generation keeps its initial size: V8 otherwise grows it while the
 *   app starts and never gives it back. Its many small scavenges then run on the
 *   main thread: handing each to helper threads cost more than it saved.
 * - The old generation grows by at most 20% of what survived the last full
 *   collection (V8's minimum step still applies) before the next one: by default
 *   V8 lets it reach up to four times that on a machine with plenty of memory, and
 *   a busy worker's promoted garbage fills it.
 * - Maglev (V8 12 and later: Node 22 and 24) destroys each finished compilation on
 *   the main thread instead of a helper thread: the memory of those compilations,
 *   freed from a helper thread, stayed with the C allocator (glibc) and not with
 *   the system.
 */

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
  { flag: '--no-maglev-destroy-on-background', sinceV8: 12 },
]

/** The flags for a V8 version as `process.versions.v8` gives it ('13.6.233.17-node.53'). */
export function v8FlagsFor(v8Version: string): string[] {
  const major = Number.parseInt(v8Version, 10)
  return V8_FLAG_LIST.filter((f) => f.sinceV8 === undefined || major >= f.sinceV8).map((f) => f.flag)
}

/** The flags for the V8 running this process. */
export const V8_FLAGS: readonly string[] = v8FlagsFor(process.versions.v8)
