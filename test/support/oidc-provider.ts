/**
 * A real OpenID Connect provider for the record server's single sign-on tests: panva's
 * oidc-provider as its own process (oidc-provider-main.ts) on a free port of 127.0.0.1,
 * with one client for the record server and the test's accounts; and a browser's part
 * of the sign-on, done with fetch: a cookie jar for 127.0.0.1 (cookies belong to a
 * host, not a port, as in browsers), redirects followed one by one, and the provider's
 * own login and consent forms filled in and posted.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { ROOT } from './paths.js'
import { freePort, waitUntilAnswering } from './server-process.js'

export const OIDC_PROVIDER_SCRIPT = 'dist/test/support/oidc-provider-main.js'

export interface OidcAccount {
  readonly email: string
  readonly email_verified: boolean
}

export interface OidcProvider {
  readonly issuer: string
  readonly clientId: string
  readonly clientSecret: string
  readonly child: ChildProcess
  /** The record server's settings for this provider (RECORD_OIDC_*), with its callback at `redirectUrl`. */
  readonly env: Record<string, string>
  stop(): Promise<void>
}

/** Starts a provider whose one client redirects to `redirectUrl` (the record server's callback), with `accounts` by sub. */
export async function startOidcProvider(
  redirectUrl: string,
  accounts: Record<string, OidcAccount>,
): Promise<OidcProvider> {
  const port = await freePort()
  const issuer = `http://127.0.0.1:${port}`
  const clientId = 'posture-record'
  const clientSecret = randomBytes(24).toString('base64url')
  const child = spawn(process.execPath, [OIDC_PROVIDER_SCRIPT], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      OIDC_PORT: String(port),
      OIDC_CLIENT: JSON.stringify({ client_id: clientId, client_secret: clientSecret, redirect_uri: redirectUrl }),
      OIDC_ACCOUNTS: JSON.stringify(accounts),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (d: Buffer) => (output += d))
  child.stderr?.on('data', (d: Buffer) => (output += d))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const reap = () => child.kill('SIGKILL')
  process.once('exit', reap)
  await waitUntilAnswering(child, `${issuer}/.well-known/openid-configuration`, 'OpenID provider', 30_000, () => output)
  return {
    issuer,
    clientId,
    clientSecret,
    child,
    env: {
      RECORD_OIDC_ISSUER: issuer,
      RECORD_OIDC_CLIENT_ID: clientId,
      RECORD_OIDC_CLIENT_SECRET: clientSecret,
      RECORD_OIDC_REDIRECT_URL: redirectUrl,
      RECORD_OIDC_NAME: 'Clinic ID',
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      await exited
      process.off('exit', reap)
    },
  }
}

/** A browser's cookies for one host (127.0.0.1: the provider and the record server share it, as browsers share a host's cookies across ports). */
export class CookieJar {
  readonly cookies = new Map<string, string>()

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }

  keep(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const at = pair.indexOf('=')
      const name = pair.slice(0, at).trim()
      const value = pair.slice(at + 1).trim()
      const expired = attributes.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a))
      if (expired || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  /** A request as the browser makes it: its cookies sent, those set kept, no redirect followed. */
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers)
    if (this.cookies.size > 0) headers.set('cookie', this.header())
    const response = await fetch(url, { ...init, headers, redirect: 'manual' })
    this.keep(response)
    return response
  }
}

const decode = (text: string) =>
  text
    .replace(/&#x2F;/gi, '/')
    .replace(/&#47;/g, '/')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')

/**
 * The browser at the provider: from `authorizationUrl`, follows redirects and posts the
 * provider's login form (as `login`) and consent form, until the provider redirects to
 * `callbackPrefix`; resolves with that callback URL (not yet visited).
 */
export async function signInAtProvider(
  jar: CookieJar,
  authorizationUrl: string,
  login: string,
  callbackPrefix: string,
): Promise<string> {
  let url = authorizationUrl
  let response = await jar.fetch(url)
  for (let step = 0; step < 20; step++) {
    if (response.status >= 300 && response.status < 400) {
      url = new URL(response.headers.get('location') ?? '', url).href
      if (url.startsWith(callbackPrefix)) return url
      response = await jar.fetch(url)
      continue
    }
    const html = await response.text()
    const form = /<form[^>]*action="([^"]+)"[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/i.exec(html)
    if (response.status !== 200 || !form)
      throw new Error(`the provider answered ${response.status} at ${url} without a form: ${html.slice(0, 500)}`)
    const fields = new URLSearchParams()
    for (const input of (form[2] ?? '').matchAll(/<input([^>]*)>/gi)) {
      const name = /name="([^"]*)"/.exec(input[1] ?? '')?.[1]
      if (!name) continue
      const value = /value="([^"]*)"/.exec(input[1] ?? '')?.[1] ?? ''
      fields.set(name, name === 'login' ? login : name === 'password' ? 'any password' : decode(value))
    }
    url = new URL(decode(form[1] ?? ''), url).href
    response = await jar.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: fields.toString(),
    })
  }
  throw new Error(`the provider did not redirect to ${callbackPrefix} within 20 steps (last at ${url})`)
}
