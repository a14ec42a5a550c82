/**
 * The oldest Node.js each entry point runs on (package.json `engines` says the same):
 * started on an older one, it ends at once with a message saying what to install,
 * instead of failing later, request by request.
 */

/** The metrics service: load shedding reads the event loop thread's CPU time (process.threadCpuUsage, Node 22.19). */
export const SERVICE_MINIMUM_NODE = '22.19.0'

/** Whether `version` (as process.versions.node gives it) is older than `minimum`. */
export function olderThan(version: string, minimum: string): boolean {
  const a = version.split('.').map(Number)
  const b = minimum.split('.').map(Number)
  for (let i = 0; i < 3; i++) {
    const x = a[i] ?? 0
    const y = b[i] ?? 0
    if (x !== y) return x < y
  }
  return false
}

/** The message for a Node.js older than `minimum`, or null when this one will do. */
export function unsupportedNode(
  program: string,
  minimum: string,
  why: string,
  version = process.versions.node,
): string | null {
  if (!olderThan(version, minimum)) return null
  return `${program}: Node.js ${version} is too old: it needs Node.js ${minimum} or newer (${why}). Install Node.js 22 or 24 (the supported versions, README.md) and start it again.`
}
