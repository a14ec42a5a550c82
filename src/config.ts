/** Configuration from environment variables (CONTRACT.md, "Configuration"); all optional. */

export interface Config {
  readonly port: number
  readonly host: string
  readonly corsOrigins: readonly string[]
  readonly logLevel: string
}

export const DEFAULT_CORS_ORIGINS = ['http://localhost:3000', 'http://localhost:5173'] as const

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']

/** A configuration value that cannot be used; the message says what is expected. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = env.PORT === undefined || env.PORT === '' ? 8000 : Number(env.PORT)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be an integer from 0 to 65535; got '${env.PORT}'.`)
  }
  const logLevel = env.LOG_LEVEL || 'info'
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}; got '${logLevel}'.`)
  }
  const corsOrigins =
    env.CORS_ORIGINS === undefined
      ? [...DEFAULT_CORS_ORIGINS]
      : env.CORS_ORIGINS.split(',').map((o) => o.trim()).filter((o) => o !== '')
  for (const origin of corsOrigins) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin)) {
      throw new ConfigError(`CORS_ORIGINS must be a comma-separated list of origins like http://localhost:3000 (scheme and host, no path); got '${origin}'.`)
    }
  }
  return { port, host: env.HOST || '127.0.0.1', corsOrigins, logLevel }
}
