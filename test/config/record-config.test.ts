/** The record server's configuration (src/record-server/config.ts): its defaults, and every unusable value refused with what to set. */
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, it } from 'node:test'
import { ConfigError, DEFAULT_RECORD_PORT, readRecordConfig } from '../../src/record-server/config.js'

const dir = mkdtempSync(join(tmpdir(), 'record-config-'))
after(() => rmSync(dir, { recursive: true, force: true }))

const refused = (env: NodeJS.ProcessEnv, message: RegExp) =>
  assert.throws(
    () => readRecordConfig(env, '/srv'),
    (e: unknown) => e instanceof ConfigError && message.test(e.message),
  )

describe('RECORD_ALLOWED_ORIGINS', () => {
  it('reads exact origins, normalised as browsers send them, once each', () => {
    const config = readRecordConfig(
      {
        RECORD_DATA_DIR: 'd',
        RECORD_ALLOWED_ORIGINS:
          'https://Posture.Clinic.example:443/, http://127.0.0.1:8000,https://posture.clinic.example',
      },
      '/srv',
    )
    assert.deepEqual(config.allowedOrigins, ['https://posture.clinic.example', 'http://127.0.0.1:8000'])
  })
  it('refuses a wildcard, a path, plain http to another machine, anything but an origin', () => {
    for (const value of [
      '*',
      'https://*.clinic.example',
      'https://a.example/app',
      'http://clinic.example',
      'null',
      'ftp://a',
    ])
      refused({ RECORD_DATA_DIR: 'd', RECORD_ALLOWED_ORIGINS: value }, /RECORD_ALLOWED_ORIGINS/)
  })
})

describe('readRecordConfig', () => {
  it('has the documented defaults, on a port other than the metrics service', () => {
    const config = readRecordConfig({ RECORD_DATA_DIR: 'data' }, '/srv')
    assert.deepEqual(config.database, { kind: 'sqlite', dataDir: '/srv/data' })
    assert.equal(config.port, DEFAULT_RECORD_PORT)
    assert.notEqual(config.port, 8000)
    assert.equal(config.host, '127.0.0.1')
    assert.equal(config.allowHttp, false)
    assert.deepEqual(config.trustedProxies, [])
    assert.deepEqual(config.allowedOrigins, [], 'no page of any origin may call it by default')
    assert.equal(config.sessionIdleMinutes, 30)
    assert.equal(config.sessionMaxHours, 12)
    assert.equal(config.lockoutFailures, 5)
    assert.equal(config.loginRateLimit, 10)
    assert.equal(config.bootstrapAdmin, undefined)
    assert.equal(config.retentionYears, 5, "Spain's minimum (Ley 41/2002 art. 17.1)")
    assert.equal(readRecordConfig({ RECORD_DATA_DIR: 'd', RECORD_RETENTION_YEARS: '15' }).retentionYears, 15)
  })

  it('reads the first admin from RECORD_ADMIN_EMAIL and the password file', () => {
    const file = join(dir, 'password')
    writeFileSync(file, 'a long enough password\n')
    const config = readRecordConfig({
      RECORD_DATA_DIR: '/d',
      RECORD_ADMIN_EMAIL: ' Admin@Clinic.test ',
      RECORD_ADMIN_PASSWORD_FILE: file,
    })
    assert.deepEqual(config.bootstrapAdmin, { email: 'admin@clinic.test', password: 'a long enough password' })
  })

  it('takes PostgreSQL from RECORD_DATABASE_URL instead of the data directory, and never repeats the URL', () => {
    const url = 'postgres://record:s3cret-pass@db.clinic.test:5432/record'
    assert.deepEqual(readRecordConfig({ RECORD_DATABASE_URL: url }).database, { kind: 'postgres', url })
    const secret = 's3cret-pass'
    for (const [env, message] of [
      [{ RECORD_DATABASE_URL: `mysql://u:${secret}@h/d` }, /must be a PostgreSQL URL/],
      [{ RECORD_DATABASE_URL: `postgres://u:${secret}@h:5432` }, /names no database/],
      [{ RECORD_DATABASE_URL: `postgres://u:${secret}@h/d`, RECORD_DATA_DIR: '/d' }, /both set/],
    ] as const) {
      assert.throws(
        () => readRecordConfig(env),
        (e: unknown) => e instanceof ConfigError && message.test(e.message) && !e.message.includes(secret),
      )
    }
  })

  it('refuses what it cannot use, saying what is expected', () => {
    refused({}, /RECORD_DATA_DIR is not set/)
    refused({ RECORD_DATA_DIR: '/d', RECORD_PORT: '8000' }, /metrics service's port/)
    refused({ RECORD_DATA_DIR: '/d', RECORD_PORT: 'x' }, /RECORD_PORT must be/)
    refused({ RECORD_DATA_DIR: '/d', RECORD_ALLOW_HTTP: 'yes' }, /RECORD_ALLOW_HTTP must be true or false/)
    refused({ RECORD_DATA_DIR: '/d', RECORD_TRUSTED_PROXIES: 'proxy.local' }, /RECORD_TRUSTED_PROXIES/)
    refused({ RECORD_DATA_DIR: '/d', RECORD_LOCKOUT_FAILURES: '0' }, /RECORD_LOCKOUT_FAILURES must be/)
    refused({ RECORD_DATA_DIR: '/d', RECORD_RETENTION_YEARS: '5.5' }, /RECORD_RETENTION_YEARS must be years/)
    refused({ RECORD_DATA_DIR: '/d', RECORD_RETENTION_YEARS: '101' }, /RECORD_RETENTION_YEARS must be/)
    refused({ RECORD_DATA_DIR: '/d', RECORD_ADMIN_EMAIL: 'a@b.test' }, /go together/)
    refused(
      { RECORD_DATA_DIR: '/d', RECORD_ADMIN_EMAIL: 'a@b.test', RECORD_ADMIN_PASSWORD_FILE: join(dir, 'none') },
      /cannot be read/,
    )
    const short = join(dir, 'short')
    writeFileSync(short, 'short')
    refused({ RECORD_DATA_DIR: '/d', RECORD_ADMIN_EMAIL: 'a@b.test', RECORD_ADMIN_PASSWORD_FILE: short }, /at least 12/)
    refused(
      { RECORD_DATA_DIR: '/d', RECORD_ADMIN_EMAIL: 'not an email', RECORD_ADMIN_PASSWORD_FILE: short },
      /email address/,
    )
  })
})

describe('RECORD_OIDC_* and RECORD_PASSWORD_LOGIN (single sign-on)', () => {
  const sso = {
    RECORD_DATA_DIR: 'd',
    RECORD_ALLOWED_ORIGINS: 'https://posture.clinic.example',
    RECORD_OIDC_ISSUER: 'https://id.clinic.example/realms/clinic',
    RECORD_OIDC_CLIENT_ID: 'posture-record',
    RECORD_OIDC_CLIENT_SECRET: 'a client secret',
    RECORD_OIDC_REDIRECT_URL: 'https://record.clinic.example/api/sso/callback',
  }

  it('is off by default, with password login for everyone', () => {
    const config = readRecordConfig({ RECORD_DATA_DIR: 'd' }, '/srv')
    assert.equal(config.sso, undefined)
    assert.equal(config.passwordLogin, 'all')
  })

  it('reads the provider, the client, its secret from a file, the callback and the name shown', () => {
    const secretFile = join(dir, 'oidc-secret')
    writeFileSync(secretFile, 'the secret in a file\n')
    const { RECORD_OIDC_CLIENT_SECRET: _, ...rest } = sso
    const config = readRecordConfig(
      {
        ...rest,
        RECORD_OIDC_CLIENT_SECRET_FILE: secretFile,
        RECORD_OIDC_NAME: 'Clinic ID',
        RECORD_PASSWORD_LOGIN: 'admins',
      },
      '/srv',
    )
    assert.deepEqual(config.sso, {
      issuer: 'https://id.clinic.example/realms/clinic',
      clientId: 'posture-record',
      clientSecret: 'the secret in a file',
      redirectUrl: 'https://record.clinic.example/api/sso/callback',
      name: 'Clinic ID',
    })
    assert.equal(config.passwordLogin, 'admins')
    assert.equal(readRecordConfig(sso, '/srv').sso?.name, 'id.clinic.example', "the issuer's host without a name")
    assert.equal(
      readRecordConfig({ ...sso, RECORD_OIDC_ISSUER: 'http://127.0.0.1:9000' }, '/srv').sso?.issuer,
      'http://127.0.0.1:9000',
      'plain http on this machine (tests)',
    )
  })

  it('refuses a half configuration, naming what is missing', () => {
    refused(
      { RECORD_DATA_DIR: 'd', RECORD_OIDC_ISSUER: sso.RECORD_OIDC_ISSUER },
      /half configured.*RECORD_OIDC_CLIENT_ID.*RECORD_OIDC_REDIRECT_URL.*RECORD_OIDC_CLIENT_SECRET_FILE/,
    )
    const { RECORD_OIDC_CLIENT_SECRET: _, ...noSecret } = sso
    refused(noSecret, /half configured: set RECORD_OIDC_CLIENT_SECRET_FILE/)
    refused({ ...sso, RECORD_OIDC_CLIENT_SECRET_FILE: join(dir, 'missing') }, /both set/)
    const { RECORD_OIDC_CLIENT_SECRET: __, ...viaFile } = sso
    refused(
      { ...viaFile, RECORD_OIDC_CLIENT_SECRET_FILE: join(dir, 'missing') },
      /RECORD_OIDC_CLIENT_SECRET_FILE .* cannot be read \(ENOENT\)/,
    )
  })

  it("refuses an issuer or a callback not over https off this machine, and a callback elsewhere than the server's", () => {
    refused({ ...sso, RECORD_OIDC_ISSUER: 'http://id.clinic.example' }, /RECORD_OIDC_ISSUER must use https/)
    refused({ ...sso, RECORD_OIDC_ISSUER: 'not a url' }, /RECORD_OIDC_ISSUER must be/)
    refused({ ...sso, RECORD_OIDC_ISSUER: 'https://id.clinic.example/?x=1' }, /without query or fragment/)
    refused(
      { ...sso, RECORD_OIDC_REDIRECT_URL: 'http://record.clinic.example/api/sso/callback' },
      /RECORD_OIDC_REDIRECT_URL must use https/,
    )
    refused(
      { ...sso, RECORD_OIDC_REDIRECT_URL: 'https://record.clinic.example/callback' },
      /must end with \/api\/sso\/callback/,
    )
    refused({ ...sso, RECORD_OIDC_NAME: 'x'.repeat(61) }, /RECORD_OIDC_NAME/)
    refused({ ...sso, RECORD_ALLOWED_ORIGINS: '' }, /sends the browser back .* RECORD_ALLOWED_ORIGINS/)
  })

  it('refuses passwords off or for admins only without single sign-on, and an unknown value', () => {
    refused({ RECORD_DATA_DIR: 'd', RECORD_PASSWORD_LOGIN: 'off' }, /RECORD_PASSWORD_LOGIN=off needs single sign-on/)
    refused({ RECORD_DATA_DIR: 'd', RECORD_PASSWORD_LOGIN: 'admins' }, /needs single sign-on/)
    refused({ ...sso, RECORD_PASSWORD_LOGIN: 'sometimes' }, /RECORD_PASSWORD_LOGIN must be all, admins .* or off/)
    assert.equal(readRecordConfig({ ...sso, RECORD_PASSWORD_LOGIN: 'off' }, '/srv').passwordLogin, 'off')
  })
})
