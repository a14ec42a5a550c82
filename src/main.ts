/**
 * Reads the configuration and serves the app: from this process when WORKERS=1
 * (the default), else as a node:cluster primary with WORKERS worker processes.
 */
import cluster from 'node:cluster'
import { setFlagsFromString } from 'node:v8'
import { ConfigError, readConfig } from './config.js'
import { SERVICE_MINIMUM_NODE, unsupportedNode } from './node-version.js'
import { takeSignals } from './signals.js'
import { V8_FLAGS } from './v8-flags.js'

async function main() {
  const tooOld = unsupportedNode(
    'posture-metrics',
    SERVICE_MINIMUM_NODE,
    "load shedding reads the event loop thread's CPU time",
  )
  if (tooOld !== null) {
    console.error(tooOld)
    process.exit(1)
  }
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
