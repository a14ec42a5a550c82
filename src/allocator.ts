/**
 * The C allocator's (glibc malloc's) setting for a serving process. glibc reads it
 * from the environment when the process starts, before any of our code runs, so
 * whoever starts the process sets it: `npm start`, the container image (Containerfile
 * ENV) and the cluster primary for its workers; test/config/allocator.test.ts holds
 * those to this table, and docs/configuration.md explains it.
 *
 * V8's compilers (TurboFan and Maglev) work in
 * memory zones made of 32 KiB segments, mostly on helper threads. Freed, those
 * segments stayed with malloc, spread over its arenas between blocks still in use,
 * and a worker kept 6 to 20 MB of them after load (bench/README.md, "Memory"). With
 * a fixed mmap threshold of 32 KiB each segment is a mapping of its own, returned to
 * the system when freed (glibc's default threshold starts at 128 KiB and rises as
 * large blocks are freed). Other C libraries ignore the variable.
 */

export const ALLOCATOR_ENV: Readonly<Record<string, string>> = {
  MALLOC_MMAP_THRESHOLD_: '32768',
}

/**
 * The record server's setting, which its Deployment sets over the image's ALLOCATOR_ENV (the image
 * sets that for every process in it). The record server moves photos in pieces of up to 256 KiB:
 * with the service's 32 KiB threshold each piece is a mapping made and unmapped again, which cost
 * it much more CPU per request than it saved memory; at 1 MiB the pieces come from malloc's arenas
 * and are reused, as with glibc's default, which is what `npm run record-server` runs with
 * (bench/README.md, "The record server's memory", has the runs).
 */
export const RECORD_SERVER_ALLOCATOR_ENV: Readonly<Record<string, string>> = {
  MALLOC_MMAP_THRESHOLD_: '1048576',
}

/** ALLOCATOR_ENV's entries that `env` does not set already (an operator's own value wins). */
export function allocatorEnvMissingFrom(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(ALLOCATOR_ENV).filter(([name]) => env[name] === undefined))
}
