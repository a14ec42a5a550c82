/** Reads the configuration and serves the app. */
import { ConfigError, readConfig } from './config.js'
import { buildApp } from './server.js'

async function main() {
  const config = readConfig()
  const app = await buildApp({ corsOrigins: config.corsOrigins, logger: { level: config.logLevel } })
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down')
      void app.close().then(() => process.exit(0))
    })
  }
  await app.listen({ port: config.port, host: config.host })
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`posture-metrics: configuration error: ${error.message}`)
  } else {
    console.error('posture-metrics: failed to start:', error)
  }
  process.exit(1)
})
