/**
 * The record server's configuration, from RECORD_* environment variables
 * (docs/record-server.md, "Configuration"), read and checked like the metrics
 * service's (src/config.ts): every bad value is refused at startup with a message
 * that says what is expected. Nothing here has a default password or secret.
 */
import { readFileSync } from 'node:fs'
import { isAbsolute, resolve } from 'node:path'
import { LOCAL_HOSTS } from '#core/local-hosts.js'
import { ConfigError } from '../config.js'

export { ConfigError }

export interface RecordConfig {
  /**
   * Where the record is kept: the embedded default (SQLite at <dataDir>/record.sqlite,
   * photos in <dataDir>/photos/), or PostgreSQL at a URL (RECORD_DATABASE_URL; photos
   * in the same database). The URL may hold a password: it is never logged or echoed.
   */
  readonly database:
    | { readonly kind: 'sqlite'; readonly dataDir: string }
    | { readonly kind: 'postgres'; readonly url: string }
  readonly port: number
  readonly host: string
  readonly logLevel: string
  /** Accept plain http from addresses other than this machine's (TLS terminated elsewhere, e.g. a trusted LAN); false by default. */
  readonly allowHttp: boolean
  /** Proxies whose X-Forwarded-For and X-Forwarded-Proto are believed (addresses or CIDRs); none by default. */
  readonly trustedProxies: readonly string[]
  /**
   * The origins of the marking app allowed to call this server from a page (CORS with
   * credentials): exact origins only (scheme, host, port), never a wildcard. Empty: none.
   */
  readonly allowedOrigins: readonly string[]
  /** A session ends after this long without a request, and at most this long after login, minutes. */
  readonly sessionIdleMinutes: number
  readonly sessionMaxHours: number
  /** Failed logins in a row after which an account is locked until an admin unlocks it. */
  readonly lockoutFailures: number
  /** Login attempts per minute per client address. */
  readonly loginRateLimit: number
  /** The first admin, created at start when there are no users yet: email and the file holding the password. */
  readonly bootstrapAdmin: { readonly email: string; readonly password: string } | undefined
  /** After SIGTERM, the longest requests in flight get to finish, ms. */
  readonly shutdownGraceMs: number
  /** Years a patient or visit is kept after its last care date before an admin may delete it without a reason (retention.ts). */
  readonly retentionYears: number
  /** Single sign-on through the clinic's OpenID Connect provider (RECORD_OIDC_*), or undefined: off. */
  readonly sso: SsoConfig | undefined
  /**
   * Who may sign in with a password (RECORD_PASSWORD_LOGIN): everyone ('all', the default),
   * only admins ('admins': a break-glass way in while the provider is down), or nobody
   * ('off'). Anything but 'all' needs single sign-on.
   */
  readonly passwordLogin: PasswordLogin
}

export const PASSWORD_LOGIN = ['all', 'admins', 'off'] as const
export type PasswordLogin = (typeof PASSWORD_LOGIN)[number]

/** The path of the single sign-on callback (sso.ts): RECORD_OIDC_REDIRECT_URL ends with it. */
export const SSO_CALLBACK_PATH = '/api/sso/callback'

export interface SsoConfig {
  /** The provider's issuer URL (its discovery document is at <issuer>/.well-known/openid-configuration). */
  readonly issuer: string
  readonly clientId: string
  /** Never logged or repeated in a message. */
  readonly clientSecret: string
  /** This server's callback as the provider redirects browsers to it (registered with the provider). */
  readonly redirectUrl: string
  /** The provider's name as the app shows it ("Sign in with <name>"). */
  readonly name: string
}

/** The metrics service's port; the record server never takes it by default. */
export const DEFAULT_RECORD_PORT = 8100

export const MIN_PASSWORD_LENGTH = 12

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']

const set = (value: string | undefined): value is string => value !== undefined && value.trim() !== ''

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number, meaning: string) {
  const raw = env[name]
  if (!set(raw)) return fallback
  const value = Number(raw.trim())
  if (!Number.isInteger(value) || value < min || value > max)
    throw new ConfigError(`${name} must be ${meaning}, an integer from ${min} to ${max}; got '${raw}'.`)
  return value
}

function booleanOf(env: NodeJS.ProcessEnv, name: string, meaning: string): boolean {
  const raw = env[name]
  if (!set(raw)) return false
  const value = raw.trim().toLowerCase()
  if (value === 'true') return true
  if (value === 'false') return false
  throw new ConfigError(`${name} must be true or false (${meaning}); got '${raw}'.`)
}

function proxiesOf(raw: string | undefined): string[] {
  if (!set(raw)) return []
  const addresses = raw
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a !== '')
  for (const address of addresses) {
    if (!/^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(address))
      throw new ConfigError(
        `RECORD_TRUSTED_PROXIES must be a comma-separated list of proxy addresses or CIDRs (e.g. 10.0.0.5,10.1.0.0/16), whose X-Forwarded-Proto and X-Forwarded-For are believed; got '${address}'.`,
      )
  }
  return addresses
}

/**
 * RECORD_ALLOWED_ORIGINS: the marking app's origins (where the metrics service serves it) whose
 * pages may call this server with the session cookie. Exact origins (https, or http on this
 * machine), compared as browsers send the Origin header; no wildcard, no path.
 */
function allowedOriginsOf(raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === '') return []
  const origins: string[] = []
  for (const entry of raw.split(',').map((o) => o.trim())) {
    if (entry === '') continue
    let url: URL | undefined
    try {
      url = /^https?:\/\/[^/?#@*\s]+\/?$/i.test(entry) ? new URL(entry) : undefined
    } catch {
      url = undefined
    }
    if (url && !/^(?:[a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(url.hostname)) url = undefined
    if (!url)
      throw new ConfigError(
        `RECORD_ALLOWED_ORIGINS must be a comma-separated list of exact origins like https://posture.clinic.example (scheme, host, optional port; no path, no wildcard); got '${entry}'.`,
      )
    const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]'
    if (url.protocol !== 'https:' && !local)
      throw new ConfigError(
        `RECORD_ALLOWED_ORIGINS accepts https origins only (http only on localhost, 127.0.0.1 or [::1]); got '${entry}'.`,
      )
    if (!origins.includes(url.origin)) origins.push(url.origin)
  }
  return origins
}

function bootstrapOf(env: NodeJS.ProcessEnv): RecordConfig['bootstrapAdmin'] {
  const email = env.RECORD_ADMIN_EMAIL
  const file = env.RECORD_ADMIN_PASSWORD_FILE
  if (!set(email) && !set(file)) return undefined
  if (!set(email) || !set(file))
    throw new ConfigError(
      "RECORD_ADMIN_EMAIL and RECORD_ADMIN_PASSWORD_FILE go together: the first admin's email, and a file (e.g. a Kubernetes Secret) holding its password. Set both, or neither once an admin exists.",
    )
  if (!isEmail(email.trim())) throw new ConfigError(`RECORD_ADMIN_EMAIL must be an email address; got '${email}'.`)
  let password: string
  try {
    password = readFileSync(file.trim(), 'utf8').replace(/\r?\n$/, '')
  } catch (error) {
    throw new ConfigError(
      `RECORD_ADMIN_PASSWORD_FILE '${file}' cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)}): give the path of a file holding the first admin's password.`,
    )
  }
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new ConfigError(
      `The password in RECORD_ADMIN_PASSWORD_FILE has ${password.length} characters; it needs at least ${MIN_PASSWORD_LENGTH}.`,
    )
  return { email: email.trim().toLowerCase(), password }
}

const isLoopbackHost = (hostname: string) => LOCAL_HOSTS.has(hostname) || /^127\.\d+\.\d+\.\d+$/.test(hostname)

/** A URL setting: https, or http on this machine only (a provider or callback for tests and development). */
function httpsUrlOf(name: string, raw: string, meaning: string): URL {
  let url: URL | undefined
  try {
    url = new URL(raw.trim())
  } catch {
    url = undefined
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.search !== '' || url.hash !== '')
    throw new ConfigError(`${name} must be ${meaning}, an https URL without query or fragment; got '${raw}'.`)
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname))
    throw new ConfigError(
      `${name} must use https (plain http only on localhost, 127.0.0.1 or [::1], for tests): sign-in answers travel through it; got '${raw}'.`,
    )
  return url
}

/** RECORD_OIDC_*: single sign-on through the clinic's OpenID Connect provider; all four settings or none. */
function ssoOf(env: NodeJS.ProcessEnv): SsoConfig | undefined {
  const issuer = env.RECORD_OIDC_ISSUER
  const clientId = env.RECORD_OIDC_CLIENT_ID
  const redirect = env.RECORD_OIDC_REDIRECT_URL
  const secret = env.RECORD_OIDC_CLIENT_SECRET
  const secretFile = env.RECORD_OIDC_CLIENT_SECRET_FILE
  const given = [issuer, clientId, redirect, secret, secretFile, env.RECORD_OIDC_NAME].some(set)
  if (!given) return undefined
  const missing = [
    ['RECORD_OIDC_ISSUER', issuer],
    ['RECORD_OIDC_CLIENT_ID', clientId],
    ['RECORD_OIDC_REDIRECT_URL', redirect],
  ]
    .filter(([, value]) => !set(value))
    .map(([name]) => name)
  if (!set(secret) && !set(secretFile)) missing.push('RECORD_OIDC_CLIENT_SECRET_FILE (or RECORD_OIDC_CLIENT_SECRET)')
  if (missing.length > 0)
    throw new ConfigError(
      `Single sign-on is half configured: set ${missing.join(', ')} too (the provider's issuer URL, the client id and secret it registered for this server, and this server's callback URL), or unset every RECORD_OIDC_* setting to turn it off.`,
    )
  if (set(secret) && set(secretFile))
    throw new ConfigError(
      'RECORD_OIDC_CLIENT_SECRET and RECORD_OIDC_CLIENT_SECRET_FILE are both set: give the client secret once, preferably as a file readable only by the service user.',
    )
  let clientSecret = secret?.trim() ?? ''
  if (set(secretFile)) {
    try {
      clientSecret = readFileSync(secretFile.trim(), 'utf8').replace(/\r?\n$/, '')
    } catch (error) {
      throw new ConfigError(
        `RECORD_OIDC_CLIENT_SECRET_FILE '${secretFile}' cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)}): give the path of a file holding the client secret the provider registered for this server.`,
      )
    }
    if (clientSecret === '')
      throw new ConfigError(`RECORD_OIDC_CLIENT_SECRET_FILE '${secretFile}' is empty: write the client secret in it.`)
  }
  httpsUrlOf('RECORD_OIDC_ISSUER', issuer as string, "the clinic's OpenID Connect provider (its issuer)")
  const redirectUrl = httpsUrlOf('RECORD_OIDC_REDIRECT_URL', redirect as string, "this server's sign-in callback")
  if (!redirectUrl.pathname.endsWith(SSO_CALLBACK_PATH))
    throw new ConfigError(
      `RECORD_OIDC_REDIRECT_URL must end with ${SSO_CALLBACK_PATH} (this server's callback, as browsers reach it through the proxy), e.g. https://record.clinic.example${SSO_CALLBACK_PATH}; got '${redirect}'.`,
    )
  const name = env.RECORD_OIDC_NAME?.trim() || new URL((issuer as string).trim()).hostname
  if (name.length > 60 || /\p{Cc}/u.test(name))
    throw new ConfigError(
      `RECORD_OIDC_NAME must be the provider's name as the app shows it, at most 60 characters; got '${name}'.`,
    )
  return {
    // As written: discovery compares it with the issuer the provider states, character for character.
    issuer: (issuer as string).trim(),
    clientId: (clientId as string).trim(),
    clientSecret,
    redirectUrl: redirectUrl.href,
    name,
  }
}

function passwordLoginOf(env: NodeJS.ProcessEnv, sso: SsoConfig | undefined): PasswordLogin {
  const raw = env.RECORD_PASSWORD_LOGIN
  if (!set(raw)) return 'all'
  const value = raw.trim().toLowerCase()
  if (!(PASSWORD_LOGIN as readonly string[]).includes(value))
    throw new ConfigError(
      `RECORD_PASSWORD_LOGIN must be all, admins (admins keep a password as a break-glass way in) or off; got '${raw}'.`,
    )
  if (value !== 'all' && !sso)
    throw new ConfigError(
      `RECORD_PASSWORD_LOGIN=${value} needs single sign-on (RECORD_OIDC_*): without it nobody${value === 'admins' ? ' but the admins' : ''} could sign in.`,
    )
  return value as PasswordLogin
}

/** An address of the form local@domain (what a login is; nothing is sent to it). */
export function isEmail(text: string): boolean {
  return text.length <= 254 && /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u.test(text)
}

/** RECORD_DATABASE_URL checked: a postgres:// URL with a host and a database. Its value is never repeated in a message (it may hold a password). */
function databaseUrlOf(raw: string, name = 'RECORD_DATABASE_URL'): string {
  const text = raw.trim()
  let url: URL | undefined
  try {
    url = new URL(text)
  } catch {
    url = undefined
  }
  if (!url || (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') || url.hostname === '')
    throw new ConfigError(
      `${name} must be a PostgreSQL URL, postgres://user:password@host:5432/database (its value is not repeated here: it may hold a password).${name === 'RECORD_DATABASE_URL' ? ' Leave it unset for the embedded database in RECORD_DATA_DIR.' : ''}`,
    )
  if (url.pathname === '' || url.pathname === '/')
    throw new ConfigError(`${name} names no database: end it with /<database>, e.g. postgres://record@db:5432/record.`)
  return text
}

/**
 * RECORD_DATABASE_OWNER_URL, read by the `migrate` command only (never by the serving
 * process): the same database as the schema's owner, a role the server does not log in
 * as (docs/record-server.md, "The audit table's owner"). Undefined when unset.
 */
export function databaseOwnerUrlOf(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const raw = env.RECORD_DATABASE_OWNER_URL
  return set(raw) ? databaseUrlOf(raw, 'RECORD_DATABASE_OWNER_URL') : undefined
}

function databaseOf(env: NodeJS.ProcessEnv, cwd: string): RecordConfig['database'] {
  const rawUrl = env.RECORD_DATABASE_URL
  const rawDir = env.RECORD_DATA_DIR
  if (set(rawUrl)) {
    if (set(rawDir))
      throw new ConfigError(
        'RECORD_DATABASE_URL and RECORD_DATA_DIR are both set: with PostgreSQL the record and its photos are in the database, and no data directory is used. Unset one of them.',
      )
    return { kind: 'postgres', url: databaseUrlOf(rawUrl) }
  }
  if (!set(rawDir))
    throw new ConfigError(
      'RECORD_DATA_DIR is not set: give the directory where the record server keeps its database and photos (created if missing), e.g. RECORD_DATA_DIR=/var/lib/posture-record; or RECORD_DATABASE_URL=postgres://… for PostgreSQL.',
    )
  return { kind: 'sqlite', dataDir: isAbsolute(rawDir.trim()) ? rawDir.trim() : resolve(cwd, rawDir.trim()) }
}

export function readRecordConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): RecordConfig {
  const database = databaseOf(env, cwd)
  const port = integer(env, 'RECORD_PORT', DEFAULT_RECORD_PORT, 0, 65535, 'the port the record server listens on')
  if (port === 8000 && env.RECORD_PORT !== undefined)
    throw new ConfigError("RECORD_PORT must not be 8000, the metrics service's port: the two run side by side.")
  const sso = ssoOf(env)
  const allowedOrigins = allowedOriginsOf(env.RECORD_ALLOWED_ORIGINS)
  if (sso && allowedOrigins.length === 0)
    throw new ConfigError(
      "Single sign-on (RECORD_OIDC_*) sends the browser back to the marking app after the provider: list the app's origins in RECORD_ALLOWED_ORIGINS (e.g. https://posture.clinic.example).",
    )
  const logLevel = env.RECORD_LOG_LEVEL?.trim() || 'info'
  if (!LOG_LEVELS.includes(logLevel))
    throw new ConfigError(`RECORD_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}; got '${logLevel}'.`)
  return {
    database,
    port,
    host: env.RECORD_HOST?.trim() || '127.0.0.1',
    logLevel,
    allowHttp: booleanOf(env, 'RECORD_ALLOW_HTTP', 'whether plain http is accepted from other machines'),
    trustedProxies: proxiesOf(env.RECORD_TRUSTED_PROXIES),
    allowedOrigins,
    sessionIdleMinutes: integer(
      env,
      'RECORD_SESSION_IDLE_MINUTES',
      30,
      1,
      24 * 60,
      'minutes a session lasts without a request',
    ),
    sessionMaxHours: integer(
      env,
      'RECORD_SESSION_MAX_HOURS',
      12,
      1,
      24 * 7,
      'hours a session lasts at most after login',
    ),
    lockoutFailures: integer(env, 'RECORD_LOCKOUT_FAILURES', 5, 1, 100, 'failed logins in a row that lock an account'),
    loginRateLimit: integer(
      env,
      'RECORD_LOGIN_RATE_LIMIT',
      10,
      1,
      10_000,
      'login attempts per minute per client address',
    ),
    bootstrapAdmin: bootstrapOf(env),
    sso,
    passwordLogin: passwordLoginOf(env, sso),
    shutdownGraceMs: integer(
      env,
      'RECORD_SHUTDOWN_GRACE_MS',
      5_000,
      0,
      60_000,
      'how long requests in flight get after SIGTERM, in ms',
    ),
    retentionYears: integer(
      env,
      'RECORD_RETENTION_YEARS',
      5,
      0,
      100,
      'years a record is kept after its last care date (Spain: at least 5, Ley 41/2002 art. 17.1; some regions more)',
    ),
  }
}
