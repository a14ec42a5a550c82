/**
 * Reads the configuration and serves the app: from this process when WORKERS=1
 * (the default), else as a node:cluster primary with WORKERS worker processes.
 */
import cluster from 'node:cluster'
import { setFlagsFromString } from 'node:v8'
import { ConfigError, readConfig } from './config.js'
import { takeSignals } from './signals.js'

/**
 * Heap settings for a small, steady footprint, applied before anything else loads.
 * The young generation keeps its initial size: V8 otherwise grows it while the app
 * starts and never gives it back. Its many small scavenges then run on the main
 * thread: handing each to helper threads cost more than it saved (the measurements
 * are in bench/README.md). V8 reads both flags when it grows the heap and at each
 * scavenge, so setting them at run time takes effect.
 */
export const V8_FLAGS = ['--semi-space-growth-factor=1', '--no-parallel-scavenge']

async function main() {
  takeSignals()
  for (const flag of V8_FLAGS) setFlagsFromString(flag)
  const config = readConfig()
  if (config.workers > 1 && cluster.isPrimary) {
    const { runPrimary } = await import('./cluster.js')
    await runPrimary(config)
  } else {
    const { serve } = await import('./serve.js')
    await serve(config)
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`posture-metrics: configuration error: ${error.message}`)
  } else {
    console.error('posture-metrics: failed to start:', error)
  }
  process.exit(1)
})
