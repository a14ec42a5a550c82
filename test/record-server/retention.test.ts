/**
 * What an admin decides about the record (docs/record-server.md, "Retention", "Deletion
 * requests", "Photos"), against a real server process over each store (the embedded SQLite
 * and PostgreSQL): a deletion within the retention period refused unless a reason is stated
 * (and the reason audited); the list of patients whose period has passed, as JSON and as
 * spreadsheet-safe CSV; a clinician's deletion request that changes nothing until an admin
 * approves it (then the deletion, with its tombstone) or rejects it (with the admin's words);
 * and the collection of photos no visit names, only past the grace period, after which the
 * same photo is uploaded and stored again.
 */
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { after, before, describe, it } from 'node:test'
import pg from 'pg'
import { testStores } from '../support/postgres.js'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  assessment,
  pngPhoto,
  RecordClient,
  type RecordServer,
  sha256Of,
  startRecordServer,
  userClient,
} from '../support/record-server.js'

const putPatient = (id: string, identifier: string, created: string) => ({
  change_id: randomUUID(),
  op: 'put_patient',
  base_rev: null,
  patient: { id, identifier, name: '', notes: '', created },
})

const putVisit = (id: string, patientId: string, date: string, photos: Record<string, unknown> = {}) => ({
  change_id: randomUUID(),
  op: 'put_visit',
  base_rev: null,
  visit: { id, patient_id: patientId, date, created: `${date}T09:00:00.000Z`, content: assessment(), photos },
})

/** Today plus `years` (UTC), YYYY-MM-DD: the end of a retention period starting today. */
const yearsFromToday = (years: number) => {
  const d = new Date()
  d.setUTCFullYear(d.getUTCFullYear() + years)
  return d.toISOString().slice(0, 10)
}

for (const store of testStores()) {
  describe(`record server (${store.name}): retention, deletion requests, photo collection`, {
    skip: store.skip,
  }, () => {
    let server: RecordServer
    let admin: RecordClient
    let clinician: RecordClient
    let otherClinician: RecordClient
    const today = new Date().toISOString().slice(0, 10)

    before(async () => {
      server = await startRecordServer({ database: await store.database(), env: { RECORD_LOGIN_RATE_LIMIT: '1000' } })
      admin = new RecordClient(server.url, 'front-desk')
      assert.equal((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status, 200)
      clinician = await userClient(admin, 'clinician')
      otherClinician = await userClient(admin, 'clinician')
    })
    after(async () => server?.dispose())

    const auditOf = async (query: string) => (await admin.request('GET', `/api/audit?${query}`)).body.entries
    const push = async (...changes: unknown[]) => {
      const answer = await clinician.request('POST', '/api/sync/push', { changes })
      assert.ok(
        answer.body.results.every((r: { status: string }) => r.status === 'applied'),
        JSON.stringify(answer.body),
      )
    }

    /** Sets a photo's creation time in the database itself, as if uploaded `days` ago. */
    const agePhoto = async (sha256: string, days: number) => {
      const created = new Date(Date.now() - days * 86_400_000).toISOString()
      if (server.database === undefined) {
        const db = new DatabaseSync(join(server.dataDir, 'record.sqlite'))
        db.exec('PRAGMA busy_timeout = 5000')
        db.prepare('UPDATE photos SET created = ? WHERE sha256 = ?').run(created, sha256)
        db.close()
      } else {
        const client = new pg.Client({ connectionString: server.database })
        await client.connect()
        await client.query('UPDATE photos SET created = $1 WHERE sha256 = $2', [created, sha256])
        await client.end()
      }
    }

    it('refuses to delete within the retention period unless a reason is stated, and audits the reason', async () => {
      const visitDate = today
      await push(
        putPatient('p-recent', 'RECENT-1', `${today}T08:00:00.000Z`),
        putVisit('v-recent', 'p-recent', visitDate),
      )
      const refused = await admin.request('DELETE', '/api/visits/v-recent?rev=1')
      assert.equal(refused.status, 409)
      assert.equal(refused.body.error.type, 'retention_period')
      assert.equal(refused.body.error.ctx.retention_ends, yearsFromToday(5))
      assert.equal(refused.body.error.ctx.last_care_date, visitDate)
      assert.deepEqual(refused.body.error.ctx.reasons, ['created_in_error', 'duplicate', 'legal_order'])
      assert.match(refused.body.error.message, /Nothing was deleted/)
      assert.equal((await admin.request('GET', '/api/visits/v-recent')).status, 200)
      assert.equal((await admin.request('DELETE', '/api/visits/v-recent?rev=1&reason=whim')).status, 400)
      assert.equal((await admin.request('DELETE', '/api/visits/v-recent?rev=1&reason=duplicate')).status, 204)
      assert.equal((await admin.request('GET', '/api/visits/v-recent')).status, 404)
      const patientRefused = await admin.request('DELETE', '/api/patients/p-recent?rev=1')
      assert.equal(patientRefused.body.error.type, 'retention_period')
      assert.equal((await admin.request('DELETE', '/api/patients/p-recent?rev=1&reason=created_in_error')).status, 204)
      const entries = await auditOf('action=visit.delete')
      const mine = entries.filter((e: { visit_id: string }) => e.visit_id === 'v-recent')
      assert.deepEqual(
        mine.map((e: { outcome: number; detail: string }) => [e.outcome, e.detail.includes('reason duplicate')]),
        [
          [4, false],
          [0, true],
        ],
      )
      assert.equal(mine[0].detail, 'retention_period')
      assert.match(mine[1].detail, new RegExp(`within retention until ${yearsFromToday(5)}, reason duplicate`))
    })

    it('deletes a record past its retention period without a reason', async () => {
      await push(putPatient('p-past', 'PAST-1', '2018-05-01T08:00:00.000Z'), putVisit('v-past', 'p-past', '2019-01-10'))
      assert.equal((await admin.request('DELETE', '/api/visits/v-past?rev=1')).status, 204)
      assert.equal((await admin.request('DELETE', '/api/patients/p-past?rev=1')).status, 204)
    })

    it('lists the patients whose retention period has passed, as JSON and spreadsheet-safe CSV, deleting nothing', async () => {
      await push(
        putPatient('p-expired', '=HYPERLINK("http://x.test")', '2017-02-01T08:00:00.000Z'),
        putVisit('v-expired-1', 'p-expired', '2017-02-01'),
        putVisit('v-expired-2', 'p-expired', '2019-06-15'),
        putPatient('p-kept', 'KEPT-1', '2017-02-01T08:00:00.000Z'),
        putVisit('v-kept-old', 'p-kept', '2017-02-01'),
        putVisit('v-kept-new', 'p-kept', today),
      )
      const list = await admin.request('GET', '/api/retention/expired')
      assert.equal(list.status, 200)
      assert.equal(list.body.retention_years, 5)
      const ids = list.body.patients.map((p: { patient_id: string }) => p.patient_id)
      assert.ok(ids.includes('p-expired'))
      assert.ok(!ids.includes('p-kept'), 'a patient seen today is kept')
      const expired = list.body.patients.find((p: { patient_id: string }) => p.patient_id === 'p-expired')
      assert.deepEqual(
        { ...expired, patient_rev: undefined },
        {
          patient_id: 'p-expired',
          identifier: '=HYPERLINK("http://x.test")',
          name: '',
          visits: 2,
          last_care_date: '2019-06-15',
          retention_ends: '2024-06-15',
          patient_rev: undefined,
        },
      )
      const csv = await admin.request('GET', '/api/retention/expired?format=csv')
      assert.match(csv.headers.get('content-type') ?? '', /^text\/csv/)
      const lines = (csv.body as string).trimEnd().split('\r\n')
      assert.equal(lines[0], 'patient_id,identifier,name,visits,last_care_date,retention_ends,patient_rev')
      assert.ok(
        lines.includes(`p-expired,"'=HYPERLINK(""http://x.test"")",,2,2019-06-15,2024-06-15,1`),
        (csv.body as string).slice(0, 500),
      )
      assert.equal((await clinician.request('GET', '/api/retention/expired')).status, 403)
      assert.equal((await admin.request('GET', '/api/visits/v-expired-1')).status, 200, 'nothing was deleted')
      assert.ok((await auditOf('action=retention.list')).length >= 2)
    })

    it("keeps a clinician's deletion request pending until an admin approves it, then deletes with a tombstone", async () => {
      await push(putPatient('p-ask', 'ASK-1', `${today}T08:00:00.000Z`), putVisit('v-ask', 'p-ask', today))
      const cursor = (await admin.request('GET', '/api/sync/pull?cursor=0&limit=500')).body.cursor
      assert.equal((await clinician.request('DELETE', '/api/visits/v-ask?rev=1')).status, 403)
      const ask = { request_id: randomUUID(), kind: 'visit', id: 'v-ask', rev: 1 }
      const stale = await clinician.request('POST', '/api/deletion-requests', {
        ...ask,
        request_id: randomUUID(),
        rev: 2,
      })
      assert.equal(stale.status, 409)
      assert.equal(stale.body.error.type, 'conflict')
      const asked = await clinician.request('POST', '/api/deletion-requests', ask)
      assert.equal(asked.status, 201, JSON.stringify(asked.body))
      assert.equal(asked.body.request.status, 'pending')
      assert.equal(asked.body.request.patient_id, 'p-ask')
      const again = await clinician.request('POST', '/api/deletion-requests', ask)
      assert.equal(again.status, 200)
      assert.equal(again.body.replayed, true)
      // Until approved nothing changes: the visit is there, and no device pulls a deletion.
      assert.equal((await otherClinician.request('GET', '/api/visits/v-ask')).status, 200)
      assert.deepEqual((await admin.request('GET', `/api/sync/pull?cursor=${cursor}`)).body.changes, [])
      assert.equal(
        (await clinician.request('GET', `/api/deletion-requests/${ask.request_id}`)).body.request.status,
        'pending',
      )
      assert.equal((await otherClinician.request('GET', `/api/deletion-requests/${ask.request_id}`)).status, 404)
      const pending = await admin.request('GET', '/api/deletion-requests?status=pending')
      assert.ok(pending.body.requests.some((r: { id: string }) => r.id === ask.request_id))
      // Within the retention period the admin states why, as for a deletion of their own.
      const withoutReason = await admin.request('POST', `/api/deletion-requests/${ask.request_id}/approve`, {})
      assert.equal(withoutReason.body.error.type, 'retention_period')
      assert.equal(
        (await clinician.request('GET', `/api/deletion-requests/${ask.request_id}`)).body.request.status,
        'pending',
      )
      const approved = await admin.request('POST', `/api/deletion-requests/${ask.request_id}/approve`, {
        reason: 'created_in_error',
      })
      assert.equal(approved.status, 200, JSON.stringify(approved.body))
      assert.equal(approved.body.request.status, 'approved')
      assert.equal(approved.body.request.reason, 'created_in_error')
      assert.equal((await admin.request('GET', '/api/visits/v-ask')).status, 404)
      const pulled = (await admin.request('GET', `/api/sync/pull?cursor=${cursor}`)).body.changes
      assert.deepEqual(pulled, [{ seq: pulled[0].seq, kind: 'visit', id: 'v-ask', deleted: true }])
      const decided = await admin.request('POST', `/api/deletion-requests/${ask.request_id}/reject`, {})
      assert.equal(decided.status, 409)
      assert.equal(decided.body.error.type, 'request_decided')
      const seen = await clinician.request('GET', `/api/deletion-requests/${ask.request_id}`)
      assert.equal(seen.body.request.status, 'approved')
      const visitAudit = (await auditOf('action=visit.delete')).filter(
        (e: { visit_id: string }) => e.visit_id === 'v-ask',
      )
      assert.equal(visitAudit.filter((e: { outcome: number }) => e.outcome === 0).length, 1)
      assert.match(visitAudit.at(-1).detail, new RegExp(`request ${ask.request_id}`))
      const requests = (await auditOf('action=deletion.request')).filter(
        (e: { visit_id: string }) => e.visit_id === 'v-ask',
      )
      assert.deepEqual(
        requests.map((e: { outcome: number; role: string }) => [e.outcome, e.role]),
        [
          [4, 'clinician'],
          [0, 'clinician'],
        ],
      )
      assert.ok(
        (await auditOf('action=deletion.approve')).some(
          (e: { visit_id: string; outcome: number }) => e.visit_id === 'v-ask' && e.outcome === 0,
        ),
      )
      const asksAfter = await clinician.request('POST', '/api/deletion-requests', { ...ask, request_id: randomUUID() })
      assert.equal(asksAfter.body.error.type, 'deleted')
    })

    it("keeps the visit when an admin rejects the request, and tells the clinician the admin's words", async () => {
      await push(putPatient('p-keep', 'KEEP-1', `${today}T08:00:00.000Z`), putVisit('v-keep', 'p-keep', today))
      const ask = { request_id: randomUUID(), kind: 'visit', id: 'v-keep', rev: 1 }
      assert.equal((await clinician.request('POST', '/api/deletion-requests', ask)).status, 201)
      const control = await admin.request('POST', `/api/deletion-requests/${ask.request_id}/reject`, {
        comment: 'a\u0007',
      })
      assert.equal(control.status, 400)
      const rejected = await admin.request('POST', `/api/deletion-requests/${ask.request_id}/reject`, {
        comment: 'Este es el control de seguimiento: se conserva.',
      })
      assert.equal(rejected.status, 200)
      const seen = (await clinician.request('GET', `/api/deletion-requests/${ask.request_id}`)).body.request
      assert.equal(seen.status, 'rejected')
      assert.equal(seen.comment, 'Este es el control de seguimiento: se conserva.')
      assert.equal((await clinician.request('GET', '/api/visits/v-keep')).body.visit.rev, 1)
      assert.equal(
        (await admin.request('POST', `/api/deletion-requests/${ask.request_id}/approve`, { reason: 'duplicate' })).body
          .error.type,
        'request_decided',
      )
      assert.equal((await admin.request('GET', '/api/visits/v-keep')).status, 200)
      assert.ok(
        (await auditOf('action=deletion.reject')).some(
          (e: { visit_id: string; detail: string }) => e.visit_id === 'v-keep' && e.detail === ask.request_id,
        ),
      )
    })

    it('collects photos no visit names once past the grace period, and stores the same photo again when uploaded', async () => {
      const named = pngPhoto()
      const unnamed = pngPhoto()
      const orphaned = pngPhoto()
      const fresh = pngPhoto()
      for (const bytes of [named, unnamed, orphaned, fresh])
        assert.equal((await clinician.request('PUT', `/api/photos/${sha256Of(bytes)}`, bytes)).status, 201)
      const ref = (bytes: Uint8Array) => ({ sha256: sha256Of(bytes), type: 'image/png', width: 40, height: 60 })
      await push(
        putPatient('p-photos', 'PHOTOS-1', '2018-01-01T08:00:00.000Z'),
        putVisit('v-named', 'p-photos', '2018-01-01', { lateral: ref(named) }),
        putVisit('v-orphan', 'p-photos', '2018-01-02', { lateral: ref(orphaned) }),
      )
      assert.equal((await admin.request('DELETE', '/api/visits/v-orphan?rev=1')).status, 204)
      for (const bytes of [named, unnamed, orphaned]) await agePhoto(sha256Of(bytes), 40)
      await agePhoto(sha256Of(fresh), 10)
      const listed = await admin.request('GET', '/api/photos/unnamed')
      assert.equal(listed.body.older_than_days, 30)
      const listedShas = listed.body.photos.map((p: { sha256: string }) => p.sha256).sort()
      assert.deepEqual(listedShas, [sha256Of(unnamed), sha256Of(orphaned)].sort())
      assert.equal((await clinician.request('POST', '/api/photos/collect', {})).status, 403)
      const collected = await admin.request('POST', '/api/photos/collect', {})
      assert.equal(collected.status, 200, JSON.stringify(collected.body))
      assert.deepEqual(collected.body.collected.map((p: { sha256: string }) => p.sha256).sort(), listedShas)
      assert.equal(collected.body.bytes, unnamed.length + orphaned.length)
      assert.equal((await admin.request('GET', `/api/photos/${sha256Of(unnamed)}`)).status, 404)
      assert.equal((await admin.request('GET', `/api/photos/${sha256Of(orphaned)}`)).status, 404)
      const kept = await admin.request('GET', `/api/photos/${sha256Of(named)}`)
      assert.equal(kept.status, 200)
      assert.equal(
        (await admin.request('GET', `/api/photos/${sha256Of(fresh)}`)).status,
        200,
        'younger than the grace period',
      )
      if (server.database === undefined) {
        const file = (bytes: Uint8Array) => join(server.dataDir, 'photos', sha256Of(bytes).slice(0, 2), sha256Of(bytes))
        assert.ok(!existsSync(file(unnamed)), 'the bytes are removed')
        assert.ok(existsSync(file(named)))
      }
      // A device that still holds the photo uploads it again: stored whole, as new.
      const again = await clinician.request('PUT', `/api/photos/${sha256Of(unnamed)}`, unnamed)
      assert.equal(again.status, 201)
      const back = await fetch(`${server.url}/api/photos/${sha256Of(unnamed)}`, {
        headers: { cookie: admin.cookie ?? '' },
      })
      assert.equal(back.status, 200)
      assert.deepEqual(new Uint8Array(await back.arrayBuffer()), new Uint8Array(unnamed))
      const collections = (await auditOf('action=photo.collect')).map((e: { detail: string }) => e.detail)
      assert.ok(collections.some((d: string) => d.startsWith(sha256Of(unnamed))))
      assert.ok(collections.some((d: string) => d.startsWith(sha256Of(orphaned))))
      // Nothing older than the grace period is left to collect.
      assert.deepEqual((await admin.request('POST', '/api/photos/collect', {})).body.collected, [])
    })
  })
}
