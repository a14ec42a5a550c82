/**
 * Bodies nested thousands of levels deep (issue 40, defect 3): a few kilobytes of
 * brackets overflow the stack of recursive code (JSON.stringify, a validator, a
 * hash), so both servers bound a JSON body's depth on its raw text before parsing it
 * (src/http/json-depth.ts). Every route that takes a body, listed from each app's own
 * route table (`app.routeTable`, so a route added later is covered too), gets a body
 * 10,000 levels deep and must answer 422 `too_deep` naming the limit and the depth
 * found, and keep serving. On the record server (a real process, over each store) a
 * push whose visit content nests 10,000 levels is refused the same way and leaves its
 * audit entry; a body just within the limit is read as before.
 */
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { MAX_JSON_DEPTH as METRICS_MAX_DEPTH } from '../../src/limits.js'
import { buildRecordApp } from '../../src/record-server/app.js'
import { readRecordConfig } from '../../src/record-server/config.js'
import { MAX_JSON_DEPTH as RECORD_MAX_DEPTH } from '../../src/record-server/schemas.js'
import { openEmbedded } from '../../src/record-server/serve.js'
import { makeApp, type TestApp } from '../support/app.js'
import { testStores } from '../support/postgres.js'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  assessment,
  RecordClient,
  type RecordServer,
  startRecordServer,
} from '../support/record-server.js'

const LEVELS = 10_000

/** `{"deep": [[[...]]]}`: LEVELS arrays inside an object, LEVELS + 1 levels in all. */
const DEEP_BODY = `{"deep": ${'['.repeat(LEVELS)}${']'.repeat(LEVELS)}}`

/** Methods whose requests carry a body Fastify parses. */
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/** A concrete path for a route pattern: each parameter a value its schema admits, a wildcard a path below. */
function pathOf(url: string): string {
  return url
    .replace(/:sha256/g, 'a'.repeat(64))
    .replace(/:[A-Za-z_]+/g, 'x1')
    .replace(/\*/g, 'anything')
}

/** A nested array `levels` deep: [[[...]]]. */
function nested(levels: number): unknown {
  let value: unknown = []
  for (let i = 1; i < levels; i++) value = [value]
  return value
}

describe('the metrics service bounds the depth of every JSON body', () => {
  let app: TestApp
  before(async () => {
    app = await makeApp()
    await app.ready()
  })
  after(async () => app?.close())

  it('answers 422 too_deep to a body 10,000 levels deep on every route that takes one', async () => {
    const routes = app.routeTable.filter((r) => WITH_BODY.has(r.method))
    assert.ok(
      routes.some((r) => r.url === '/api/analyze/anterior'),
      JSON.stringify(app.routeTable),
    )
    for (const route of routes) {
      const res = await app.inject({
        method: route.method as 'POST',
        url: pathOf(route.url),
        payload: DEEP_BODY,
        headers: { 'content-type': 'application/json' },
      })
      const where = `${route.method} ${route.url}: ${res.body}`
      assert.equal(res.statusCode, 422, where)
      const detail = res.json().detail
      assert.equal(detail.length, 1, where)
      assert.deepEqual(detail[0].loc, ['body'], where)
      assert.equal(detail[0].type, 'too_deep', where)
      assert.deepEqual(detail[0].ctx, { max_depth: METRICS_MAX_DEPTH, depth: LEVELS + 1 }, where)
    }
    const health = await app.inject({ method: 'GET', url: '/health' })
    assert.equal(health.statusCode, 200)
  })

  it('reads a body within the limit as before (its schema problems, not its depth)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/analyze/anterior',
      payload: JSON.stringify({ markers: nested(METRICS_MAX_DEPTH - 1) }),
      headers: { 'content-type': 'application/json' },
    })
    assert.equal(res.statusCode, 422, res.body)
    assert.ok(!res.json().detail.some((e: { type: string }) => e.type === 'too_deep'), res.body)
  })
})

/** The record server's routes that take a body, from its own route table (an app built in this process, never served). */
async function recordRoutesWithBody() {
  const dir = mkdtempSync(join(tmpdir(), 'record-routes-'))
  const { store, blobs } = openEmbedded(dir)
  const app = await buildRecordApp({ config: readRecordConfig({ RECORD_DATA_DIR: dir }), store, blobs, logger: false })
  await app.ready()
  const routes = app.routeTable.filter((r) => WITH_BODY.has(r.method))
  await app.close()
  await store.close()
  rmSync(dir, { recursive: true, force: true })
  return routes
}

for (const store of testStores()) {
  describe(`record server (${store.name}): the depth of every JSON body is bounded`, { skip: store.skip }, () => {
    let server: RecordServer
    let admin: RecordClient
    before(async () => {
      server = await startRecordServer({ database: await store.database() })
      admin = new RecordClient(server.url)
      assert.equal((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status, 200)
    })
    after(async () => server?.dispose())

    const raw = (method: string, path: string, body: string) =>
      fetch(`${server.url}${path}`, {
        method,
        headers: {
          cookie: admin.cookie as string,
          'x-csrf-token': admin.csrf as string,
          'content-type': 'application/json',
        },
        body,
      })

    it('answers 422 too_deep to a body 10,000 levels deep on every route that takes one', async () => {
      const routes = await recordRoutesWithBody()
      assert.ok(
        routes.some((r) => r.method === 'POST' && r.url === '/api/sync/push'),
        JSON.stringify(routes),
      )
      for (const route of routes) {
        const answer = await raw(route.method, pathOf(route.url), DEEP_BODY)
        const text = await answer.text()
        const where = `${route.method} ${route.url}: ${answer.status} ${text}`
        assert.equal(answer.status, 422, where)
        const error = JSON.parse(text).error
        assert.equal(error.type, 'too_deep', where)
        assert.deepEqual(error.ctx, { max_depth: RECORD_MAX_DEPTH, depth: LEVELS + 1 }, where)
      }
      // Still serving, and still signed in (DELETE /api/session was refused before it ran).
      assert.equal((await admin.request('GET', '/api/patients')).status, 200)
    })

    it('refuses a push whose visit content nests 10,000 levels, with its audit entry, and writes nothing', async () => {
      const patient = { id: 'p-deep', identifier: 'DEEP-1', name: '', notes: '', created: '2026-03-01T09:00:00.000Z' }
      const made = await admin.request('POST', '/api/sync/push', {
        changes: [{ change_id: 'c-deep-patient', op: 'put_patient', base_rev: null, patient }],
      })
      assert.equal(made.body.results[0].status, 'applied', JSON.stringify(made.body))
      const visit = (content: unknown) => ({
        changes: [
          {
            change_id: 'c-deep-visit',
            op: 'put_visit',
            base_rev: null,
            visit: {
              id: 'v-deep',
              patient_id: 'p-deep',
              date: '2026-03-02',
              created: patient.created,
              content,
              photos: {},
            },
          },
        ],
      })
      // Written as text: JSON.stringify itself overflows on such a value.
      const deep = JSON.stringify(visit('DEEP')).replace('"DEEP"', `${'['.repeat(LEVELS)}${']'.repeat(LEVELS)}`)
      const answer = await raw('POST', '/api/sync/push', deep)
      const body = (await answer.json()) as { error: { type: string; ctx: unknown } }
      assert.equal(answer.status, 422, JSON.stringify(body))
      assert.equal(body.error.type, 'too_deep')
      assert.deepEqual(body.error.ctx, { max_depth: RECORD_MAX_DEPTH, depth: LEVELS + 4 })
      const audit = await admin.request('GET', '/api/audit?action=visit.write')
      assert.ok(
        audit.body.entries.some((e: { outcome: number; detail: string }) => e.outcome === 4 && e.detail === 'too_deep'),
        JSON.stringify(audit.body.entries),
      )
      assert.equal((await admin.request('GET', '/api/visits/v-deep')).status, 404)
      // Within the limit, the content is read and refused by the app's schema, as before.
      const shallow = await admin.request('POST', '/api/sync/push', visit(nested(RECORD_MAX_DEPTH - 6)))
      assert.equal(shallow.body.results[0].error?.type, 'invalid_content', JSON.stringify(shallow.body))
      // And a valid one is applied.
      const valid = await admin.request('POST', '/api/sync/push', visit(assessment()))
      assert.equal(valid.body.results[0].status, 'applied', JSON.stringify(valid.body))
    })
  })
}
