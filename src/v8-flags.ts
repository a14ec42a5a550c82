/**
 * Heap settings for a small, steady footprint, which main.ts applies first thing.
 * Only flags that V8 reads while it runs take effect here (the rest it reads once,
 * when the process starts); docs/configuration.md says which and why, and
 * bench/README.md ("Memory") has the measurements.
 * - The young generation keeps its initial size: V8 otherwise grows it while the
 *   app starts and never gives it back. Its many small scavenges then run on the
 *   main thread: handing each to helper threads cost more than it saved.
 * - The old generation grows by at most 20% of what survived the last full
 *   collection (V8's minimum step still applies) before the next one: by default
 *   V8 lets it reach up to four times that on a machine with plenty of memory, and
 *   a busy worker's promoted garbage fills it.
 */
export const V8_FLAGS = ['--semi-space-growth-factor=1', '--no-parallel-scavenge', '--heap-growing-percent=20']
