/**
 * The record server refuses what it must (docs/record-server.md, "Accounts and
 * roles"), against a real server process: every record endpoint without a session
 * (401) and across roles (403), the session cookie's flags, CSRF, the lockout after
 * repeated failed logins and its admin unlock, the login rate limit, and plain http
 * from another machine (through a trusted proxy's headers). Each refusal of patient
 * data is in the audit trail. Over each store: the embedded SQLite and PostgreSQL.
 */
import assert from 'node:assert/strict'
import { request } from 'node:http'
import { after, before, describe, it } from 'node:test'
import { testStores } from '../support/postgres.js'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  assessment,
  RecordClient,
  type RecordServer,
  startRecordServer,
  userClient,
} from '../support/record-server.js'

const SHA = 'a'.repeat(64)

/** A request that declares `length` bytes of body and sends none: the answer to its headers. */
function declaredLength(method: string, path: string, length: number, type: string, client: RecordClient) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const url = new URL(path, client.url)
    const headers = {
      cookie: client.cookie as string,
      'x-csrf-token': client.csrf as string,
      'content-type': type,
      'content-length': String(length),
    }
    const req = request(url, { method, headers }, (res) => {
      let body = ''
      res.on('data', (d: Buffer) => (body += d))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.flushHeaders()
  })
}

/** Every record and admin route, with a body that passes its schema. */
const ROUTES: readonly { method: string; path: string; body?: unknown; roles: readonly string[] }[] = [
  { method: 'GET', path: '/api/patients', roles: ['admin', 'clinician', 'read-only'] },
  { method: 'GET', path: '/api/patients/p1', roles: ['admin', 'clinician', 'read-only'] },
  { method: 'GET', path: '/api/visits/v1', roles: ['admin', 'clinician', 'read-only'] },
  { method: 'GET', path: `/api/photos/${SHA}`, roles: ['admin', 'clinician', 'read-only'] },
  { method: 'GET', path: '/api/sync/pull?cursor=0', roles: ['admin', 'clinician', 'read-only'] },
  {
    method: 'POST',
    path: '/api/sync/push',
    body: {
      changes: [
        {
          change_id: 'c-x',
          op: 'put_patient',
          base_rev: null,
          patient: { id: 'p-x', identifier: 'X-1', name: '', notes: '', created: '2026-01-01T00:00:00.000Z' },
        },
      ],
    },
    roles: ['admin', 'clinician'],
  },
  {
    method: 'POST',
    path: '/api/changes',
    body: { change_id: 'c-y', op: 'move_visit', base_rev: 1, visit_id: 'v1', patient_id: 'p1' },
    roles: ['admin', 'clinician'],
  },
  { method: 'PUT', path: `/api/photos/${SHA}`, body: new Uint8Array([1, 2, 3]), roles: ['admin', 'clinician'] },
  { method: 'DELETE', path: '/api/visits/v1?rev=1', roles: ['admin'] },
  { method: 'DELETE', path: '/api/patients/p1?rev=1', roles: ['admin'] },
  { method: 'GET', path: '/api/users', roles: ['admin'] },
  {
    method: 'POST',
    path: '/api/users',
    body: { email: 'new@clinic.test', role: 'clinician', password: 'long enough password' },
    roles: ['admin'],
  },
  { method: 'POST', path: '/api/users/u1/unlock', roles: ['admin'] },
  { method: 'PATCH', path: '/api/users/u1', body: { role: 'clinician' }, roles: ['admin'] },
  { method: 'GET', path: '/api/audit', roles: ['admin'] },
  { method: 'GET', path: '/api/retention/expired', roles: ['admin'] },
  {
    method: 'POST',
    path: '/api/deletion-requests',
    body: { request_id: 'r-x', kind: 'visit', id: 'v1', rev: 1 },
    roles: ['admin', 'clinician'],
  },
  { method: 'GET', path: '/api/deletion-requests', roles: ['admin'] },
  { method: 'GET', path: '/api/deletion-requests/r-x', roles: ['admin', 'clinician'] },
  { method: 'POST', path: '/api/deletion-requests/r-x/approve', body: {}, roles: ['admin'] },
  { method: 'POST', path: '/api/deletion-requests/r-x/reject', body: {}, roles: ['admin'] },
  { method: 'GET', path: '/api/photos/unnamed', roles: ['admin'] },
  { method: 'POST', path: '/api/photos/collect', body: { older_than_days: 3650 }, roles: ['admin'] },
  { method: 'GET', path: '/api/session', roles: ['admin', 'clinician', 'read-only'] },
  { method: 'DELETE', path: '/api/session', roles: [] },
]

for (const store of testStores()) {
  describe(`record server (${store.name}): sessions, roles, CSRF, lockout`, { skip: store.skip }, () => {
    let server: RecordServer
    let admin: RecordClient
    const clients: Record<string, RecordClient> = {}

    before(async () => {
      server = await startRecordServer({
        database: await store.database(),
        env: { RECORD_LOGIN_RATE_LIMIT: '1000', RECORD_TRUSTED_PROXIES: '127.0.0.1' },
      })
      admin = new RecordClient(server.url)
      assert.equal((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status, 200)
      clients.admin = admin
      clients.clinician = await userClient(admin, 'clinician')
      clients['read-only'] = await userClient(admin, 'read-only')
    })
    after(async () => server?.dispose())

    it('sets the session cookie HttpOnly, Secure, SameSite=Strict, host-only on path /', async () => {
      const client = new RecordClient(server.url)
      const answer = await client.login(ADMIN_EMAIL, ADMIN_PASSWORD)
      assert.equal(answer.status, 200)
      const cookie = answer.headers.get('set-cookie') ?? ''
      assert.match(cookie, /^__Host-record_session=[A-Za-z0-9_-]{43};/)
      const flags = cookie.split(';').map((f) => f.trim().toLowerCase())
      assert.ok(flags.includes('httponly'), cookie)
      assert.ok(flags.includes('secure'), cookie)
      assert.ok(flags.includes('samesite=strict'), cookie)
      assert.ok(flags.includes('path=/'), cookie)
      assert.ok(!flags.some((f) => f.startsWith('domain=')), cookie)
      assert.equal(typeof answer.body.csrf_token, 'string')
      assert.equal(answer.body.user.role, 'admin')
    })

    it('refuses every record endpoint without a session (401), and records the refusals of patient data', async () => {
      const anonymous = new RecordClient(server.url, 'device-anonymous')
      for (const route of ROUTES) {
        const answer = await anonymous.request(route.method, route.path, route.body)
        assert.equal(answer.status, 401, `${route.method} ${route.path}: ${JSON.stringify(answer.body)}`)
        assert.equal(answer.body.error.type, 'unauthenticated')
      }
      const forged = new RecordClient(server.url)
      forged.cookie = '__Host-record_session=not-a-session'
      assert.equal((await forged.request('GET', '/api/patients')).status, 401)
      const audit = await admin.request('GET', '/api/audit?action=visit.read')
      assert.ok(
        audit.body.entries.some(
          (e: { device_id: string; outcome: number; detail: string }) =>
            e.device_id === 'device-anonymous' && e.outcome === 4 && e.detail === 'unauthenticated',
        ),
      )
    })

    it('refuses each route to the roles that may not use it (403), and lets the others past', async () => {
      for (const route of ROUTES) {
        for (const role of ['admin', 'clinician', 'read-only']) {
          const client = clients[role] as RecordClient
          if (route.method === 'DELETE' && route.path === '/api/session') continue // would end the session the test uses
          const answer = await client.request(route.method, route.path, route.body)
          if (route.roles.includes(role))
            assert.notEqual(answer.status, 403, `${role} ${route.method} ${route.path}: ${JSON.stringify(answer.body)}`)
          else {
            assert.equal(answer.status, 403, `${role} ${route.method} ${route.path}: ${JSON.stringify(answer.body)}`)
            assert.equal(answer.body.error.type, 'forbidden')
          }
        }
      }
      const audit = await admin.request('GET', '/api/audit?action=visit.delete')
      assert.ok(
        audit.body.entries.some(
          (e: { role: string; detail: string }) => e.role === 'clinician' && e.detail === 'forbidden',
        ),
      )
    })

    it("refuses a state-changing request without the CSRF token, or with another session's", async () => {
      const clinician = clients.clinician as RecordClient
      const change = {
        change_id: 'csrf-1',
        op: 'put_patient',
        base_rev: null,
        patient: { id: 'p-csrf', identifier: 'CSRF-1', name: '', notes: '', created: '2026-01-01T00:00:00.000Z' },
      }
      const without = await clinician.request('POST', '/api/changes', change, { csrf: false })
      assert.equal(without.status, 403)
      assert.equal(without.body.error.type, 'csrf')
      const other = await clinician.request('POST', '/api/changes', change, {
        csrf: false,
        headers: { 'x-csrf-token': admin.csrf as string },
      })
      assert.equal(other.status, 403)
      assert.equal(other.body.error.type, 'csrf')
      const logout = await clinician.request('DELETE', '/api/session', undefined, { csrf: false })
      assert.equal(logout.status, 403)
      // Nothing was written: the patient is not there, and the session still works.
      assert.equal((await clinician.request('GET', '/api/patients/p-csrf')).status, 404)
      const withToken = await clinician.request('POST', '/api/changes', change)
      assert.equal(withToken.status, 201, JSON.stringify(withToken.body))
    })

    it('locks an account after repeated failed logins until an admin unlocks it', async () => {
      const email = 'locked@clinic.test'
      const password = 'the right password here'
      const made = await admin.request('POST', '/api/users', { email, role: 'clinician', password })
      assert.equal(made.status, 201)
      const id = made.body.user.id
      const device = new RecordClient(server.url)
      for (let i = 1; i <= 4; i++) assert.equal((await device.login(email, `wrong password ${i}`)).status, 401)
      const fifth = await device.login(email, 'wrong password 5')
      assert.equal(fifth.status, 423)
      assert.equal(fifth.body.error.type, 'account_locked')
      const right = await device.login(email, password)
      assert.equal(right.status, 423, 'the right password does not open a locked account')
      assert.equal(device.cookie, undefined)
      const users = await admin.request('GET', '/api/users')
      assert.equal(users.body.users.find((u: { id: string }) => u.id === id).locked, true)
      assert.equal((await admin.request('POST', `/api/users/${id}/unlock`)).status, 200)
      assert.equal((await device.login(email, password)).status, 200)
      const audit = await admin.request('GET', '/api/audit?action=login')
      const mine = audit.body.entries.filter((e: { user_email: string }) => e.user_email === email)
      assert.deepEqual(
        mine.map((e: { outcome: number }) => e.outcome),
        [4, 4, 4, 4, 4, 4, 0],
      )
      assert.ok((await admin.request('GET', '/api/audit?action=user.unlock')).body.entries.length >= 1)
    })

    it('lets an admin change a role (at the next request) and a password (ending the sessions), never leaving no admin', async () => {
      const user = await userClient(admin, 'clinician')
      const me = (await user.request('GET', '/api/session')).body.user
      const patient = (id: string) => ({
        change_id: `role-${id}`,
        op: 'put_patient',
        base_rev: null,
        patient: { id, identifier: id, name: '', notes: '', created: '2026-01-01T00:00:00.000Z' },
      })
      assert.equal((await user.request('POST', '/api/changes', patient('ROLE-1'))).status, 201)
      const demoted = await admin.request('PATCH', `/api/users/${me.id}`, { role: 'read-only' })
      assert.equal(demoted.status, 200)
      assert.equal(demoted.body.user.role, 'read-only')
      assert.equal((await user.request('POST', '/api/changes', patient('ROLE-2'))).status, 403)
      assert.equal((await user.request('GET', '/api/patients')).status, 200)
      const newPassword = 'a new password for this user'
      assert.equal((await admin.request('PATCH', `/api/users/${me.id}`, { password: newPassword })).status, 200)
      assert.equal((await user.request('GET', '/api/patients')).status, 401, 'a new password ends the sessions')
      assert.equal((await user.login(me.email, newPassword)).status, 200)
      const adminId = (await admin.request('GET', '/api/session')).body.user.id
      const alone = await admin.request('PATCH', `/api/users/${adminId}`, { role: 'clinician' })
      assert.equal(alone.status, 409)
      assert.equal(alone.body.error.type, 'last_admin')
      assert.equal((await admin.request('PATCH', `/api/users/${me.id}`, {})).status, 400)
      const updates = (await admin.request('GET', '/api/audit?action=user.update')).body.entries
      assert.equal(updates.length, 2)
    })

    it('disables a user: its sessions end at once, sign-in is refused saying so, and enabling lets it back; never the last admin', async () => {
      const email = `disabled-${Date.now()}@clinic.test`
      const password = 'the password of a user to disable'
      const made = await admin.request('POST', '/api/users', { email, role: 'clinician', password })
      assert.equal(made.status, 201)
      const id = made.body.user.id
      assert.equal(made.body.user.disabled, false)
      const device = new RecordClient(server.url)
      const other = new RecordClient(server.url)
      assert.equal((await device.login(email, password)).status, 200)
      assert.equal((await other.login(email, password)).status, 200)
      assert.equal((await device.request('GET', '/api/patients')).status, 200)

      const disabled = await admin.request('PATCH', `/api/users/${id}`, { disabled: true })
      assert.equal(disabled.status, 200, JSON.stringify(disabled.body))
      assert.equal(disabled.body.user.disabled, true)
      assert.match(disabled.body.user.disabled_at, /^\d{4}-\d{2}-\d{2}T/)
      for (const client of [device, other]) {
        const refused = await client.request('GET', '/api/patients')
        assert.equal(refused.status, 401, 'a disabled user has no session left')
      }
      const right = await device.login(email, password)
      assert.equal(right.status, 403)
      assert.equal(right.body.error.type, 'account_disabled')
      assert.match(right.body.error.message, /Ask an admin/)
      const wrong = await device.login(email, 'not the password at all')
      assert.equal(wrong.status, 401, 'a wrong password says no more than for any account')
      assert.equal(wrong.body.error.type, 'login_failed')

      const enabled = await admin.request('PATCH', `/api/users/${id}`, { disabled: false })
      assert.equal(enabled.status, 200)
      assert.equal(enabled.body.user.disabled, false)
      assert.equal(enabled.body.user.disabled_at, null)
      assert.equal((await device.login(email, password)).status, 200)
      assert.equal((await device.request('GET', '/api/patients')).status, 200)

      // The clinic's only admin is not disabled (nor by disabling the others first).
      const adminId = (await admin.request('GET', '/api/session')).body.user.id
      const alone = await admin.request('PATCH', `/api/users/${adminId}`, { disabled: true })
      assert.equal(alone.status, 409)
      assert.equal(alone.body.error.type, 'last_admin')
      assert.equal((await admin.request('GET', '/api/patients')).status, 200)

      const audit = (await admin.request('GET', '/api/audit')).body.entries as {
        action: string
        detail: string
        outcome: number
        user_email: string
      }[]
      assert.deepEqual(
        audit.filter((e) => e.action === 'user.disable' || e.action === 'user.enable').map((e) => [e.action, e.detail]),
        [
          ['user.disable', id],
          ['user.enable', id],
        ],
      )
      assert.ok(audit.some((e) => e.action === 'login' && e.user_email === email && e.detail === 'account disabled'))
    })

    it('ends the session at logout', async () => {
      const reader = await userClient(admin, 'read-only')
      assert.equal((await reader.request('DELETE', '/api/session')).status, 204)
      assert.equal((await reader.request('GET', '/api/patients')).status, 401)
    })

    it('refuses plain http from another machine (as a trusted proxy reports it), and takes https', async () => {
      const remote = { 'x-forwarded-for': '203.0.113.7' }
      const plain = await admin.request('GET', '/api/patients', undefined, {
        headers: { ...remote, 'x-forwarded-proto': 'http' },
      })
      assert.equal(plain.status, 403)
      assert.equal(plain.body.error.type, 'plain_http')
      const tls = await admin.request('GET', '/api/patients', undefined, {
        headers: { ...remote, 'x-forwarded-proto': 'https' },
      })
      assert.equal(tls.status, 200)
      assert.match(tls.headers.get('strict-transport-security') ?? '', /max-age=/)
      // Operations stay reachable over http for probes, and carry no patient data.
      assert.equal((await admin.request('GET', '/health', undefined, { headers: remote })).status, 200)
    })

    it('answers 400 with where and why for a body its schema does not admit, writing nothing', async () => {
      const clinician = clients.clinician as RecordClient
      const answer = await clinician.request('POST', '/api/sync/push', {
        changes: [{ change_id: 'bad', op: 'put_patient', base_rev: null, patient: { id: 'p-bad', extra: 1 } }],
      })
      assert.equal(answer.status, 400)
      assert.equal(answer.body.error.type, 'invalid_request')
      assert.ok(Array.isArray(answer.body.error.ctx.problems))
      const visit = await clinician.request('POST', '/api/changes', {
        change_id: 'bad-content',
        op: 'put_visit',
        base_rev: null,
        visit: {
          id: 'v-bad',
          patient_id: 'p-csrf',
          date: '',
          created: '2026-01-01T00:00:00.000Z',
          content: assessment('2026-02-30T10:00:00.000Z'),
          photos: {},
        },
      })
      assert.equal(visit.status, 422, JSON.stringify(visit.body))
      assert.deepEqual(visit.body.error.ctx.problems, [{ path: '/saved_at', rule: 'calendar_date' }])
    })
    it('answers hostile bodies with a clear refusal and keeps serving', async () => {
      const clinician = clients.clinician as RecordClient
      const raw = (body: string | Uint8Array, type = 'application/json') =>
        fetch(`${server.url}/api/sync/push`, {
          method: 'POST',
          headers: {
            cookie: clinician.cookie as string,
            'x-csrf-token': clinician.csrf as string,
            'content-type': type,
          },
          body,
        })
      const cases: [string | Uint8Array, number, string][] = [
        ['{', 400, 'invalid_request'],
        ['{"__proto__": {"admin": true}, "changes": []}', 400, 'invalid_request'],
        // Nested beyond the limit: refused on its text, before it is parsed (test/robustness/json-depth.test.ts).
        [`${'['.repeat(200_000)}${']'.repeat(200_000)}`, 422, 'too_deep'],
        ['<changes/>', 400, 'invalid_request'],
      ]
      for (const [body, status, type] of cases) {
        const answer = await raw(
          body,
          typeof body === 'string' && body.startsWith('<') ? 'application/xml' : 'application/json',
        )
        const json = (await answer.json()) as { error: { type: string; message: string } }
        assert.equal(answer.status, status, json.error.message)
        assert.equal(json.error.type, type)
      }
      // Beyond the limit by its Content-Length: answered before the body is read.
      for (const [method, path, length, type] of [
        ['POST', '/api/sync/push', 21_000_000, 'application/json'],
        ['PUT', `/api/photos/${'b'.repeat(64)}`, 41_000_000, 'image/jpeg'],
      ] as const) {
        const answer = await declaredLength(method, path, length, type, clinician)
        assert.equal(answer.status, 413, answer.body)
        assert.equal(JSON.parse(answer.body).error.type, 'too_large')
      }
      assert.equal((await clinician.request('GET', '/api/patients')).status, 200)
    })
  })
}

for (const store of testStores()) {
  describe(`record server (${store.name}): login rate limit`, { skip: store.skip }, () => {
    let server: RecordServer
    before(async () => {
      server = await startRecordServer({ database: await store.database(), env: { RECORD_LOGIN_RATE_LIMIT: '3' } })
    })
    after(async () => server?.dispose())

    it('answers 429 beyond the login attempts allowed a minute from one address', async () => {
      const client = new RecordClient(server.url)
      const answers = []
      for (let i = 0; i < 4; i++) answers.push(await client.login('nobody@clinic.test', 'wrong password'))
      assert.deepEqual(
        answers.map((a) => a.status),
        [401, 401, 401, 429],
      )
      assert.equal(answers[3]?.body.error.type, 'rate_limited')
      assert.match(answers[3]?.body.error.message, /at most 3 a minute/)
    })
  })
}
