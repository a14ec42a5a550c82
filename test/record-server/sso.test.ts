/**
 * Single sign-on through the clinic's OpenID Connect provider (docs/record-server.md,
 * "Single sign-on"), against a real provider process (panva's oidc-provider,
 * test/support/oidc-provider.ts) and a real record server process, the browser's part
 * done with fetch and a cookie jar: the sign-on opens a session that works on the record
 * routes; a provider account no clinic user matches gets nothing, and is audited; a
 * tampered state, a replayed callback and a callback from another browser are refused;
 * a disabled user signs in neither way and its sessions stop at once; passwords kept
 * for admins only (RECORD_PASSWORD_LOGIN=admins); the rate limit on the SSO routes.
 * Over each store: the embedded SQLite and PostgreSQL.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { CookieJar, type OidcProvider, signInAtProvider, startOidcProvider } from '../support/oidc-provider.js'
import { testStores } from '../support/postgres.js'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  RecordClient,
  type RecordServer,
  startRecordServer,
} from '../support/record-server.js'
import { freePort } from '../support/server-process.js'

const APP = 'http://127.0.0.1:8000'
const RETURN_TO = `${APP}/?from=sso`

/** The provider's accounts, by sub. */
const ACCOUNTS = {
  'sso-clinician': { email: 'Clinician.SSO@clinic.test', email_verified: true },
  'sso-stranger': { email: 'stranger@elsewhere.test', email_verified: true },
  'sso-unverified': { email: 'unverified@clinic.test', email_verified: false },
  'sso-leaver': { email: 'leaver@clinic.test', email_verified: true },
  'sso-impostor': { email: 'clinician.sso@clinic.test', email_verified: true },
}

for (const store of testStores()) {
  describe(`record server (${store.name}): single sign-on through an OpenID Connect provider`, {
    skip: store.skip,
  }, () => {
    let provider: OidcProvider
    let server: RecordServer
    let admin: RecordClient
    let callbackPrefix: string

    /** A browser starting a sign-on at the record server: the provider's authorization URL it is sent to. */
    const start = async (jar: CookieJar, returnTo = RETURN_TO) => {
      const answer = await jar.fetch(`${server.url}/api/sso/start?return_to=${encodeURIComponent(returnTo)}`)
      assert.equal(answer.status, 303, await answer.text())
      const location = answer.headers.get('location') ?? ''
      assert.ok(location.startsWith(provider.issuer), location)
      return location
    }

    /** The whole sign-on as `login` at the provider: the record server's last answer. */
    const signOn = async (login: string, jar = new CookieJar()) => {
      const callback = await signInAtProvider(jar, await start(jar), login, callbackPrefix)
      return { jar, callback, answer: await jar.fetch(callback) }
    }

    const sessionClient = (jar: CookieJar) => {
      const client = new RecordClient(server.url)
      const token = jar.cookies.get('__Host-record_session')
      if (token) client.cookie = `__Host-record_session=${token}`
      return client
    }

    const loginAudit = async () =>
      (await admin.request('GET', '/api/audit?action=login')).body.entries as {
        outcome: number
        user_email: string | null
        detail: string
      }[]

    before(async () => {
      const port = await freePort()
      callbackPrefix = `http://127.0.0.1:${port}/api/sso/callback`
      provider = await startOidcProvider(callbackPrefix, ACCOUNTS)
      server = await startRecordServer({
        port,
        database: await store.database(),
        env: {
          ...provider.env,
          RECORD_ALLOWED_ORIGINS: APP,
          RECORD_PASSWORD_LOGIN: 'admins',
          RECORD_LOGIN_RATE_LIMIT: '1000',
        },
      })
      admin = new RecordClient(server.url)
      assert.equal((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status, 200, 'an admin keeps a password')
      for (const [email, password] of [
        ['clinician.sso@clinic.test', undefined],
        ['unverified@clinic.test', undefined],
        ['leaver@clinic.test', 'the password of the leaver'],
      ] as const) {
        const made = await admin.request('POST', '/api/users', { email, role: 'clinician', password })
        assert.equal(made.status, 201, JSON.stringify(made.body))
      }
    })
    after(async () => {
      await server?.dispose()
      await provider?.stop()
    })

    it('says how to sign in before any session: the provider by name, passwords for admins only', async () => {
      const options = await new RecordClient(server.url).request('GET', '/api/sign-in-options')
      assert.equal(options.status, 200)
      assert.deepEqual(options.body, {
        password_login: 'admins',
        sso: { name: 'Clinic ID', start: '/api/sso/start' },
      })
    })

    it('signs a clinic user in through the provider: the same session as a password login, working on the record routes', async () => {
      const jar = new CookieJar()
      const authorization = new URL(await start(jar))
      // The authorization request carries PKCE (S256), a state and a nonce; the flow cookie is HttpOnly, Secure, Lax.
      assert.equal(authorization.searchParams.get('code_challenge_method'), 'S256')
      assert.ok((authorization.searchParams.get('code_challenge') ?? '').length >= 43)
      assert.ok(authorization.searchParams.get('state'))
      assert.ok(authorization.searchParams.get('nonce'))
      assert.equal(authorization.searchParams.get('scope'), 'openid email')
      assert.ok(jar.cookies.has('__Host-record_sso'))
      const callback = await signInAtProvider(jar, authorization.href, 'sso-clinician', callbackPrefix)
      const answer = await jar.fetch(callback)
      assert.equal(answer.status, 303, await answer.text())
      assert.equal(answer.headers.get('location'), `${RETURN_TO}#record-sso=signed-in`)
      const cookie = answer.headers.getSetCookie().find((c) => c.startsWith('__Host-record_session=')) ?? ''
      const flags = cookie.split(';').map((f) => f.trim().toLowerCase())
      for (const flag of ['httponly', 'secure', 'samesite=strict', 'path=/']) assert.ok(flags.includes(flag), cookie)
      assert.ok(!jar.cookies.has('__Host-record_sso'), 'the flow cookie is cleared')

      const client = sessionClient(jar)
      const session = await client.request('GET', '/api/session')
      assert.equal(session.status, 200)
      assert.equal(session.body.user.email, 'clinician.sso@clinic.test')
      assert.equal(session.body.user.role, 'clinician', 'the role the admin gave, nothing from the provider')
      assert.equal(session.body.user.sso_bound, true)
      client.csrf = session.body.csrf_token
      assert.equal((await client.request('GET', '/api/patients')).status, 200)
      const write = await client.request('POST', '/api/changes', {
        change_id: 'sso-1',
        op: 'put_patient',
        base_rev: null,
        patient: { id: 'p-sso', identifier: 'SSO-1', name: '', notes: '', created: '2026-01-01T00:00:00.000Z' },
      })
      assert.equal(write.status, 201, JSON.stringify(write.body))
      const entries = await loginAudit()
      assert.ok(
        entries.some(
          (e) =>
            e.outcome === 0 &&
            e.user_email === 'clinician.sso@clinic.test' &&
            e.detail === 'sso Clinic ID: first sign-on, account bound',
        ),
        JSON.stringify(entries),
      )
      // The second sign-on matches the bound account.
      const again = await signOn('sso-clinician')
      assert.equal(again.answer.headers.get('location'), `${RETURN_TO}#record-sso=signed-in`)
      assert.equal((await sessionClient(again.jar).request('GET', '/api/patients')).status, 200)
    })

    it('refuses a provider account that no clinic user matches, or whose email is not verified, and audits it', async () => {
      for (const [login, email] of [
        ['sso-stranger', 'stranger@elsewhere.test'],
        ['sso-unverified', 'unverified@clinic.test'],
        // Another provider account with the email of a user already bound to an account: not that user.
        ['sso-impostor', 'clinician.sso@clinic.test'],
      ] as const) {
        const { jar, answer } = await signOn(login)
        assert.equal(answer.status, 303)
        assert.equal(answer.headers.get('location'), `${RETURN_TO}#record-sso-error=sso_no_user`, login)
        assert.ok(!jar.cookies.has('__Host-record_session'), `${login} got no session`)
        const entries = await loginAudit()
        assert.ok(
          entries.some((e) => e.outcome === 4 && e.user_email === email && e.detail.startsWith('sso Clinic ID: ')),
          `${login}: ${JSON.stringify(entries.slice(-3))}`,
        )
      }
    })

    it('refuses a tampered state, a replayed callback and a callback in another browser', async () => {
      const tampered = new CookieJar()
      const callback = new URL(await signInAtProvider(tampered, await start(tampered), 'sso-clinician', callbackPrefix))
      callback.searchParams.set('state', 'a-state-this-server-never-sent')
      const forged = await tampered.fetch(callback.href)
      assert.equal(forged.headers.get('location'), `${RETURN_TO}#record-sso-error=sso_failed`)
      assert.ok(!tampered.cookies.has('__Host-record_session'))

      const { jar, callback: used, answer } = await signOn('sso-clinician')
      assert.equal(answer.headers.get('location'), `${RETURN_TO}#record-sso=signed-in`)
      // The same callback again in the same browser (its flow cookie is gone): refused.
      const replayed = await jar.fetch(used)
      assert.equal(replayed.status, 401)
      assert.equal(((await replayed.json()) as { error: { type: string } }).error.type, 'sso_failed')

      const stolen = new CookieJar()
      const authorization = await start(stolen)
      const flowCookie = stolen.cookies.get('__Host-record_sso') as string
      const code = await signInAtProvider(stolen, authorization, 'sso-clinician', callbackPrefix)
      // Another browser (no flow cookie) given the callback URL: refused; the browser that started it signs in; then
      // the flow cookie copied into a third browser with the same callback: refused (a flow is used once).
      const elsewhere = await new CookieJar().fetch(code)
      assert.equal(elsewhere.status, 401)
      assert.equal(((await elsewhere.json()) as { error: { type: string; message: string } }).error.type, 'sso_failed')
      assert.equal((await stolen.fetch(code)).headers.get('location'), `${RETURN_TO}#record-sso=signed-in`)
      const again = new CookieJar()
      again.cookies.set('__Host-record_sso', flowCookie)
      const reused = await again.fetch(code)
      assert.equal(reused.status, 401, 'a flow is used once')

      const entries = await loginAudit()
      assert.ok(entries.some((e) => e.outcome === 4 && /^sso Clinic ID: answer refused/.test(e.detail)))
      assert.ok(entries.some((e) => e.outcome === 4 && /^sso Clinic ID: no sign-on under way/.test(e.detail)))
    })

    it('refuses a return address outside the allowed origins', async () => {
      const answer = await new CookieJar().fetch(
        `${server.url}/api/sso/start?return_to=${encodeURIComponent('https://evil.example/')}`,
      )
      assert.equal(answer.status, 400)
      assert.match(((await answer.json()) as { error: { message: string } }).error.message, /RECORD_ALLOWED_ORIGINS/)
    })

    it('keeps passwords for admins only: a clinician with a password is sent to the provider', async () => {
      const clinician = new RecordClient(server.url)
      const refused = await clinician.login('leaver@clinic.test', 'the password of the leaver')
      assert.equal(refused.status, 403)
      assert.equal(refused.body.error.type, 'password_login_off')
      assert.match(refused.body.error.message, /Sign in with Clinic ID/)
      const wrong = await clinician.login('leaver@clinic.test', 'not the password')
      assert.equal(wrong.status, 401, 'a wrong password says no more')
    })

    it('stops a disabled user at once: its sign-on session ends, and neither sign-on nor password lets it in', async () => {
      const { jar } = await signOn('sso-leaver')
      const leaver = sessionClient(jar)
      const me = (await leaver.request('GET', '/api/session')).body.user
      assert.equal(me.email, 'leaver@clinic.test')
      assert.equal((await admin.request('PATCH', `/api/users/${me.id}`, { disabled: true })).status, 200)
      assert.equal((await leaver.request('GET', '/api/patients')).status, 401)
      const again = await signOn('sso-leaver')
      assert.equal(again.answer.headers.get('location'), `${RETURN_TO}#record-sso-error=account_disabled`)
      assert.ok(!again.jar.cookies.has('__Host-record_session'))
      const password = await new RecordClient(server.url).login('leaver@clinic.test', 'the password of the leaver')
      assert.equal(password.status, 403)
      assert.equal(password.body.error.type, 'account_disabled')
      const entries = await loginAudit()
      assert.ok(
        entries.some((e) => e.user_email === 'leaver@clinic.test' && e.detail === 'sso Clinic ID: account disabled'),
      )
    })
  })
}

describe('record server: the rate limit on the single sign-on routes', () => {
  let provider: OidcProvider
  let server: RecordServer
  before(async () => {
    const port = await freePort()
    provider = await startOidcProvider(`http://127.0.0.1:${port}/api/sso/callback`, {})
    server = await startRecordServer({
      port,
      env: { ...provider.env, RECORD_ALLOWED_ORIGINS: APP, RECORD_LOGIN_RATE_LIMIT: '2' },
    })
  })
  after(async () => {
    await server?.dispose()
    await provider?.stop()
  })

  it('answers 429 beyond the attempts allowed a minute from one address, at the start and at the callback', async () => {
    for (const path of [
      `/api/sso/start?return_to=${encodeURIComponent(RETURN_TO)}`,
      '/api/sso/callback?code=x&state=y',
    ]) {
      const statuses = []
      for (let i = 0; i < 3; i++) statuses.push((await new CookieJar().fetch(`${server.url}${path}`)).status)
      assert.equal(statuses[2], 429, `${path}: ${statuses}`)
      assert.notEqual(statuses[0], 429)
    }
  })
})
