/**
 * A change id means one change (issue 40, defect 4), against a real server process
 * over each store: a change id applied before and pushed again with the same content
 * is a replay (the same answer, `replayed`, nothing written), with its keys in
 * another order too; pushed again with other content it is refused, 409
 * `change_id_reused` naming the id, through the push and through POST /api/changes,
 * with its audit entry, and the server keeps what the id was applied with.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { testStores } from '../support/postgres.js'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  RecordClient,
  type RecordServer,
  startRecordServer,
} from '../support/record-server.js'

const CREATED = '2026-03-01T09:00:00.000Z'

const putPatient = (changeId: string, baseRev: number | null, name: string) => ({
  change_id: changeId,
  op: 'put_patient',
  base_rev: baseRev,
  patient: { id: `p-${changeId}`, identifier: `ID-${changeId}`, name, notes: '', created: CREATED },
})

for (const store of testStores()) {
  describe(`record server (${store.name}): a change id means one change`, { skip: store.skip }, () => {
    let server: RecordServer
    let client: RecordClient
    before(async () => {
      server = await startRecordServer({ database: await store.database() })
      client = new RecordClient(server.url)
      assert.equal((await client.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status, 200)
    })
    after(async () => server?.dispose())

    const push = async (...changes: unknown[]) => {
      const answer = await client.request('POST', '/api/sync/push', { changes })
      assert.equal(answer.status, 200, JSON.stringify(answer.body))
      return answer.body.results
    }

    it('refuses the same change id with other content, 409 change_id_reused, and keeps the first', async () => {
      const [first] = await push(putPatient('c1', null, 'First'))
      assert.equal(first.status, 'applied', JSON.stringify(first))
      assert.equal(first.entity.rev, 1)

      const [reused] = await push(putPatient('c1', 1, 'Second version'))
      assert.equal(reused.status, 'refused', JSON.stringify(reused))
      assert.equal(reused.error.type, 'change_id_reused')
      assert.deepEqual(reused.error.ctx, { change_id: 'c1' })

      const one = await client.request('POST', '/api/changes', putPatient('c1', null, 'First, then edited'))
      assert.equal(one.status, 409, JSON.stringify(one.body))
      assert.equal(one.body.error.type, 'change_id_reused')
      assert.deepEqual(one.body.error.ctx, { change_id: 'c1' })

      const stored = await client.request('GET', '/api/patients/p-c1')
      assert.equal(stored.body.patient.name, 'First')
      assert.equal(stored.body.patient.rev, 1)
      const audit = await client.request('GET', '/api/audit?action=patient.write')
      const refusals = audit.body.entries.filter(
        (e: { outcome: number; detail: string }) => e.outcome === 4 && e.detail === 'c1 change_id_reused',
      )
      assert.equal(refusals.length, 2, JSON.stringify(audit.body.entries))
    })

    it('answers the same change id with the same content as a replay, whatever the order of its keys', async () => {
      const change = putPatient('c2', null, 'Same')
      const [first] = await push(change)
      assert.equal(first.status, 'applied', JSON.stringify(first))
      const [again] = await push(change)
      assert.deepEqual(again, { ...first, replayed: true })
      const reordered = {
        patient: Object.fromEntries(Object.entries(change.patient).reverse()),
        base_rev: null,
        op: 'put_patient',
        change_id: 'c2',
      }
      const [shuffled] = await push(reordered)
      assert.deepEqual(shuffled, { ...first, replayed: true })
      const one = await client.request('POST', '/api/changes', change)
      assert.equal(one.status, 200, JSON.stringify(one.body))
      assert.deepEqual(one.body, { ...first, replayed: true })
      const stored = await client.request('GET', '/api/patients/p-c2')
      assert.equal(stored.body.patient.rev, 1)
    })
  })
}
