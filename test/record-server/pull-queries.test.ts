/**
 * A pull page costs the database a constant number of statements whatever its size
 * (issue 43; docs/record-server.md, "Concurrency"): one statement for the page's
 * patients, visits and tombstones with their rows, one for the database's id, and its
 * audit entries (one per entity) appended as one batch, one INSERT. Counted by the
 * store's own statement counter (`record_db_statements_total` on /metrics) around one
 * pull of 10 entities and one of 100, on a real server process over each store.
 */
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
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

const CREATED = '2026-03-02T09:00:00.000Z'
const PATIENTS = 60
const VISITS = 90

for (const store of testStores()) {
  describe(`record server (${store.name}): statements per pull page`, { skip: store.skip }, () => {
    let server: RecordServer
    let admin: RecordClient
    let reader: RecordClient

    const metric = async (name: string): Promise<number | undefined> => {
      const text = await (await fetch(`${server.url}/metrics`)).text()
      const found = new RegExp(`^${name} (\\S+)$`, 'm').exec(text)
      return found ? Number(found[1]) : undefined
    }

    before(async () => {
      server = await startRecordServer({ database: await store.database(), env: { RECORD_LOGIN_RATE_LIMIT: '1000' } })
      admin = new RecordClient(server.url, 'front-desk')
      assert.equal((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status, 200)
      const clinician = await userClient(admin, 'clinician')
      reader = await userClient(admin, 'read-only')
      const changes: unknown[] = []
      for (let p = 0; p < PATIENTS; p++)
        changes.push({
          change_id: randomUUID(),
          op: 'put_patient',
          base_rev: null,
          patient: { id: `p-${p}`, identifier: `PQ-${p}`, name: '', notes: '', created: CREATED },
        })
      for (let v = 0; v < VISITS; v++)
        changes.push({
          change_id: randomUUID(),
          op: 'put_visit',
          base_rev: null,
          visit: {
            id: `v-${v}`,
            patient_id: `p-${v % PATIENTS}`,
            date: '2026-03-02',
            created: CREATED,
            content: assessment(),
            photos: {},
          },
        })
      for (let from = 0; from < changes.length; from += 100) {
        const pushed = await clinician.request('POST', '/api/sync/push', { changes: changes.slice(from, from + 100) })
        assert.equal(pushed.status, 200, JSON.stringify(pushed.body).slice(0, 500))
      }
      // Tombstones in both pages too: visits deleted by the admin, interleaved with the rest.
      for (const v of [3, 40])
        assert.equal((await admin.request('DELETE', `/api/visits/v-${v}?rev=1&reason=created_in_error`)).status, 204)
      // The check of the audit chain the server runs after it starts reads the database: wait for it to be done.
      while ((await metric('record_audit_chain_ok')) === undefined)
        await new Promise((resolve) => setImmediate(resolve))
    })
    after(async () => server?.dispose())

    /** The statements one pull page of `limit` entities from the start cost, and the entities it answered. */
    const pullPage = async (limit: number): Promise<{ statements: number; changes: number }> => {
      // A session used within the minute is not written again: its touch is not counted in the page.
      assert.equal((await reader.request('GET', '/api/session')).status, 200)
      const before = await metric('record_db_statements_total')
      assert.ok(before !== undefined, 'the server counts its statements (record_db_statements_total)')
      const page = await reader.request('GET', `/api/sync/pull?cursor=0&limit=${limit}`)
      const statements = (await metric('record_db_statements_total'))! - before
      assert.equal(page.status, 200)
      assert.equal(page.body.more, true)
      return { statements, changes: page.body.changes.length }
    }

    it('runs as many statements for a page of 100 entities as for a page of 10', async (t) => {
      const small = await pullPage(10)
      const large = await pullPage(100)
      t.diagnostic(`${store.name}: ${small.statements} and ${large.statements} statements for pages of 10 and 100`)
      assert.equal(small.changes, 10)
      assert.equal(large.changes, 100)
      assert.equal(
        large.statements,
        small.statements,
        `a page of 10 ran ${small.statements} statements, a page of 100 ran ${large.statements}`,
      )
      // Each entity of the page still has its audit entry.
      const entries = (await admin.request('GET', `/api/audit?action=sync.pull&limit=1000`)).body.entries
      assert.equal(entries.length, 110)
    })
  })
}
