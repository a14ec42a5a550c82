/**
 * The record server's write path and sync protocol (docs/record-server.md, "Sync
 * protocol"), against a real server process: a stale revision refused with 409 and
 * the server copy, nothing lost; a retried push applied once; photos by hash (bytes
 * that do not match their hash, or are no photo, refused); the pull since a cursor;
 * the explicit move, the identifier key, admin deletion with its tombstone; and the
 * audit entry of each read and write. Then the backup command, while it runs. Over
 * each store (test/support/postgres.ts testStores): the embedded SQLite and PostgreSQL.
 */
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { after, before, describe, it } from 'node:test'
import { testStores } from '../support/postgres.js'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  assessment,
  pngPhoto,
  RecordClient,
  type RecordServer,
  runRecordCommand,
  sha256Of,
  startRecordServer,
  userClient,
} from '../support/record-server.js'

const CREATED = '2026-03-02T09:00:00.000Z'

const putPatient = (id: string, identifier: string, baseRev: number | null, name = '') => ({
  change_id: randomUUID(),
  op: 'put_patient',
  base_rev: baseRev,
  patient: { id, identifier, name, notes: '', created: CREATED },
})

const putVisit = (
  id: string,
  patientId: string,
  baseRev: number | null,
  content: unknown = assessment(),
  photos: Record<string, unknown> = {},
) => ({
  change_id: randomUUID(),
  op: 'put_visit',
  base_rev: baseRev,
  visit: { id, patient_id: patientId, date: '2026-03-02', created: CREATED, content, photos },
})

for (const store of testStores()) {
  describe(`record server (${store.name}): writes, sync and audit`, { skip: store.skip }, () => {
    let server: RecordServer
    let admin: RecordClient
    let clinician: RecordClient
    let reader: RecordClient

    before(async () => {
      server = await startRecordServer({ database: await store.database(), env: { RECORD_LOGIN_RATE_LIMIT: '1000' } })
      admin = new RecordClient(server.url, 'front-desk')
      assert.equal((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status, 200)
      clinician = await userClient(admin, 'clinician')
      reader = await userClient(admin, 'read-only')
    })
    after(async () => server?.dispose())

    const auditOf = async (query: string) => (await admin.request('GET', `/api/audit?${query}`)).body.entries

    it('refuses a write made from a stale revision with 409 and the server copy, and loses nothing', async () => {
      const tablet = clinician
      const desktop = new RecordClient(server.url, 'desktop')
      desktop.cookie = tablet.cookie
      desktop.csrf = tablet.csrf
      assert.equal((await tablet.request('POST', '/api/changes', putPatient('p-stale', 'STALE-1', null))).status, 201)
      const first = await tablet.request('POST', '/api/changes', putVisit('v-stale', 'p-stale', null))
      assert.equal(first.status, 201, JSON.stringify(first.body))
      assert.equal(first.body.entity.rev, 1)
      const tabletEdit = assessment('2026-03-02T10:05:00.000Z', { placement_error_px: 3 })
      const desktopEdit = assessment('2026-03-02T10:06:00.000Z', { placement_error_px: 4 })
      const tabletWrite = await tablet.request('POST', '/api/changes', putVisit('v-stale', 'p-stale', 1, tabletEdit))
      assert.equal(tabletWrite.status, 201)
      assert.equal(tabletWrite.body.entity.rev, 2)
      const desktopWrite = await desktop.request('POST', '/api/changes', putVisit('v-stale', 'p-stale', 1, desktopEdit))
      assert.equal(desktopWrite.status, 409)
      assert.equal(desktopWrite.body.error.type, 'conflict')
      assert.equal(desktopWrite.body.error.ctx.current.rev, 2)
      assert.deepEqual(desktopWrite.body.error.ctx.current.content, tabletEdit)
      const stored = await reader.request('GET', '/api/visits/v-stale')
      assert.equal(stored.body.visit.rev, 2)
      assert.deepEqual(stored.body.visit.content, tabletEdit)
      // The desktop resolves from the server copy: its write from revision 2 is applied.
      const resolved = await desktop.request('POST', '/api/changes', putVisit('v-stale', 'p-stale', 2, desktopEdit))
      assert.equal(resolved.status, 201)
      assert.equal(resolved.body.entity.rev, 3)
      // A new visit under an id the server has is a conflict too, never an overwrite.
      const again = await desktop.request('POST', '/api/changes', putVisit('v-stale', 'p-stale', null))
      assert.equal(again.status, 409)
      assert.equal(again.body.error.ctx.current.rev, 3)
      const writes = await auditOf('action=visit.write')
      const mine = writes.filter((e: { visit_id: string }) => e.visit_id === 'v-stale')
      assert.deepEqual(
        mine.map((e: { outcome: number }) => e.outcome),
        [0, 0, 4, 0, 4],
      )
      assert.ok(mine.every((e: { patient_id: string }) => e.patient_id === 'p-stale'))
      assert.ok(
        (await auditOf('action=visit.read')).some(
          (e: { visit_id: string; role: string }) => e.visit_id === 'v-stale' && e.role === 'read-only',
        ),
      )
    })

    it('applies a retried push once: the same change ids answer as before and write nothing again', async () => {
      const push = {
        changes: [putPatient('p-retry', 'RETRY-1', null, 'Ana'), putVisit('v-retry', 'p-retry', null)],
      }
      const before = (await clinician.request('GET', '/api/sync/pull?cursor=0&limit=500')).body.cursor
      const first = await clinician.request('POST', '/api/sync/push', push)
      assert.equal(first.status, 200)
      assert.deepEqual(
        first.body.results.map((r: { status: string }) => r.status),
        ['applied', 'applied'],
      )
      const retried = await clinician.request('POST', '/api/sync/push', push)
      assert.deepEqual(
        retried.body.results.map((r: { status: string; replayed: boolean }) => [r.status, r.replayed]),
        [
          ['applied', true],
          ['applied', true],
        ],
      )
      assert.deepEqual(
        retried.body.results.map((r: { entity: { rev: number } }) => r.entity.rev),
        [1, 1],
      )
      const since = await clinician.request('GET', `/api/sync/pull?cursor=${before}`)
      assert.deepEqual(
        since.body.changes.map((c: { kind: string; id: string }) => `${c.kind} ${c.id}`),
        ['patient p-retry', 'visit v-retry'],
      )
      const writes = (await auditOf('action=visit.write')).filter((e: { visit_id: string }) => e.visit_id === 'v-retry')
      assert.equal(writes.length, 1)
    })

    it('applies each change of a push on its own: a refused one leaves the others applied', async () => {
      const push = {
        changes: [
          putPatient('p-batch', 'BATCH-1', null),
          putVisit('v-batch', 'p-batch', 7),
          putVisit('v-batch-2', 'p-batch', null),
        ],
      }
      const answer = await clinician.request('POST', '/api/sync/push', push)
      assert.deepEqual(
        answer.body.results.map((r: { status: string; error?: { type: string } }) => r.error?.type ?? r.status),
        ['applied', 'conflict', 'applied'],
      )
      assert.equal(answer.body.results[1].error.ctx.current, null)
      assert.equal((await clinician.request('GET', '/api/visits/v-batch')).status, 404)
    })

    it('pulls exactly the patients and visits written after a cursor, in pages', async () => {
      const start = (await reader.request('GET', '/api/sync/pull?cursor=0&limit=500')).body
      assert.equal(start.more, false)
      const cursor = start.cursor
      await clinician.request('POST', '/api/sync/push', {
        changes: [
          putPatient('p-pull', 'PULL-1', null),
          putVisit('v-pull-1', 'p-pull', null),
          putVisit('v-pull-2', 'p-pull', null),
        ],
      })
      const page1 = (await reader.request('GET', `/api/sync/pull?cursor=${cursor}&limit=2`)).body
      assert.deepEqual(
        page1.changes.map((c: { id: string }) => c.id),
        ['p-pull', 'v-pull-1'],
      )
      assert.equal(page1.more, true)
      const page2 = (await reader.request('GET', `/api/sync/pull?cursor=${page1.cursor}&limit=2`)).body
      assert.deepEqual(
        page2.changes.map((c: { id: string }) => c.id),
        ['v-pull-2'],
      )
      assert.equal(page2.more, false)
      assert.equal(page2.changes[0].visit.patient_id, 'p-pull')
      assert.deepEqual(page2.changes[0].visit.content, assessment())
      const nothing = (await reader.request('GET', `/api/sync/pull?cursor=${page2.cursor}`)).body
      assert.deepEqual(nothing.changes, [])
      assert.equal(nothing.cursor, page2.cursor)
      // A visit written again is pulled once, at its new place in the sequence.
      await clinician.request(
        'POST',
        '/api/changes',
        putVisit('v-pull-1', 'p-pull', 1, assessment('2026-03-03T08:00:00.000Z')),
      )
      const rewritten = (await reader.request('GET', `/api/sync/pull?cursor=${cursor}`)).body
      assert.deepEqual(
        rewritten.changes.map((c: { id: string }) => c.id),
        ['p-pull', 'v-pull-2', 'v-pull-1'],
      )
      const pulls = (await auditOf('action=sync.pull')).filter((e: { visit_id: string }) => e.visit_id === 'v-pull-2')
      assert.ok(pulls.length >= 2 && pulls.every((e: { patient_id: string }) => e.patient_id === 'p-pull'))
    })

    it('stores a photo by its hash once, and refuses bytes that do not match it or are no photo', async () => {
      const photo = pngPhoto(40, 60)
      const sha = sha256Of(photo)
      const wrong = await clinician.request('PUT', `/api/photos/${sha256Of(pngPhoto())}`, photo)
      assert.equal(wrong.status, 422)
      assert.equal(wrong.body.error.type, 'photo_mismatch')
      assert.equal((await reader.request('GET', `/api/photos/${sha256Of(pngPhoto())}`)).status, 404)
      const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
      const notPhoto = await clinician.request('PUT', `/api/photos/${sha256Of(svg)}`, svg)
      assert.equal(notPhoto.status, 415)
      assert.equal(notPhoto.body.error.ctx.looksLike, 'svg')
      const stored = await clinician.request('PUT', `/api/photos/${sha}`, photo)
      assert.equal(stored.status, 201)
      assert.deepEqual(
        [stored.body.photo.type, stored.body.photo.width, stored.body.photo.height],
        ['image/png', 40, 60],
      )
      const again = await clinician.request('PUT', `/api/photos/${sha}`, photo)
      assert.equal(again.status, 200)
      assert.equal(again.body.stored, false)
      const read = await fetch(`${server.url}/api/photos/${sha}`, { headers: { cookie: reader.cookie as string } })
      assert.equal(read.headers.get('content-type'), 'image/png')
      assert.ok(Buffer.from(await read.arrayBuffer()).equals(Buffer.from(photo)))
      // A visit names photos by hash: one the server lacks is refused until it is uploaded.
      const missing = pngPhoto()
      const ref = (bytes: Uint8Array) => ({ sha256: sha256Of(bytes), type: 'image/png', width: 40, height: 60 })
      await clinician.request('POST', '/api/changes', putPatient('p-photo', 'PHOTO-1', null))
      const change = putVisit('v-photo', 'p-photo', null, assessment(), { lateral: ref(missing) })
      const refused = await clinician.request('POST', '/api/changes', change)
      assert.equal(refused.status, 409)
      assert.deepEqual(refused.body.error.ctx.missing, [sha256Of(missing)])
      assert.equal((await clinician.request('PUT', `/api/photos/${sha256Of(missing)}`, missing)).status, 201)
      const applied = await clinician.request('POST', '/api/changes', change)
      assert.equal(applied.status, 201, 'the same change, pushed again after the upload, applies')
      const photoAudit = await auditOf('action=photo.write')
      assert.ok(
        photoAudit.some(
          (e: { outcome: number; detail: string }) => e.outcome === 4 && e.detail.endsWith('photo_mismatch'),
        ),
      )
    })

    it('moves a visit to another patient only when asked, and keeps identifiers apart by their key', async () => {
      await clinician.request('POST', '/api/sync/push', {
        changes: [
          putPatient('p-from', 'FROM-1', null),
          putPatient('p-to', 'TO-1', null),
          putVisit('v-move', 'p-from', null),
        ],
      })
      const sideways = await clinician.request('POST', '/api/changes', putVisit('v-move', 'p-to', 1))
      assert.equal(sideways.status, 400)
      assert.equal((await clinician.request('GET', '/api/visits/v-move')).body.visit.patient_id, 'p-from')
      const move = await clinician.request('POST', '/api/changes', {
        change_id: randomUUID(),
        op: 'move_visit',
        base_rev: 1,
        visit_id: 'v-move',
        patient_id: 'p-to',
      })
      assert.equal(move.status, 201)
      assert.equal(move.body.entity.patient_id, 'p-to')
      assert.equal(move.body.entity.rev, 2)
      assert.ok((await auditOf('action=visit.move')).some((e: { visit_id: string }) => e.visit_id === 'v-move'))
      const taken = await clinician.request('POST', '/api/changes', putPatient('p-other', ' to - 1 ', null))
      assert.equal(taken.status, 409)
      assert.equal(taken.body.error.type, 'identifier_taken')
      assert.equal(taken.body.error.ctx.current.id, 'p-to')
    })

    it('deletes only as an admin action naming the revision, with a tombstone and an audit entry', async () => {
      await clinician.request('POST', '/api/sync/push', {
        changes: [putPatient('p-del', 'DEL-1', null), putVisit('v-del', 'p-del', null)],
      })
      const cursor = (await reader.request('GET', '/api/sync/pull?cursor=0&limit=500')).body.cursor
      assert.equal((await admin.request('DELETE', '/api/patients/p-del?rev=1')).body.error.type, 'has_visits')
      assert.equal((await admin.request('DELETE', '/api/visits/v-del?rev=2')).status, 409)
      // Within its retention period (docs/record-server.md, "Retention"): deleted only with a reason (retention.test.ts).
      assert.equal((await admin.request('DELETE', '/api/visits/v-del?rev=1&reason=created_in_error')).status, 204)
      assert.equal((await reader.request('GET', '/api/visits/v-del')).status, 404)
      const pulled = (await reader.request('GET', `/api/sync/pull?cursor=${cursor}`)).body.changes
      assert.deepEqual(pulled, [{ seq: pulled[0].seq, kind: 'visit', id: 'v-del', deleted: true }])
      const revived = await clinician.request('POST', '/api/changes', putVisit('v-del', 'p-del', 1))
      assert.equal(revived.status, 409)
      assert.equal(revived.body.error.type, 'deleted')
      assert.equal((await admin.request('DELETE', '/api/patients/p-del?rev=1&reason=created_in_error')).status, 204)
      const deletions = await auditOf('action=visit.delete')
      assert.ok(
        deletions.some(
          (e: { visit_id: string; outcome: number; role: string }) =>
            e.visit_id === 'v-del' && e.outcome === 0 && e.role === 'admin',
        ),
      )
    })

    it("exports the audit trail as CSV through the project's CSV writer", async () => {
      // A failed login records the email as typed: a formula typed there stays text in a spreadsheet.
      assert.equal(
        (await new RecordClient(server.url).login('=HYPERLINK("http://x.test")@a.test', 'wrong password')).status,
        401,
      )
      const answer = await admin.request('GET', '/api/audit?format=csv&action=login')
      assert.equal(answer.status, 200)
      assert.match(answer.headers.get('content-type') ?? '', /^text\/csv/)
      const lines = (answer.body as string).trimEnd().split('\r\n')
      assert.equal(
        lines[0],
        'id,recorded,action,fhir_action,outcome,user_id,user_email,role,patient_id,visit_id,device_id,address,detail',
      )
      assert.ok(lines.slice(1).every((l) => l.split(',')[2] === 'login' && l.split(',')[3] === 'E'))
      assert.ok(
        lines.some((l) => l.includes('front-desk')),
        'the device id is recorded',
      )
      assert.ok(
        lines.some((l) => l.includes(`"'=hyperlink(""http://x.test"")@a.test"`)),
        'the formula is neutralised',
      )
    })

    it("carries a kept copy's label: stored with the visit, pulled, kept through a write without one, bounded", async () => {
      const start = (await reader.request('GET', '/api/sync/pull?cursor=0&limit=500')).body.cursor
      const label = { from: 'device', name: 'Chrome · Linux', at: '2026-03-02T10:07:00.000Z', device: 'device-abc' }
      const labelled = {
        ...putVisit('v-copy', 'p-copy', null),
        visit: { ...putVisit('v-copy', 'p-copy', null).visit, copy: label },
      }
      const pushed = await clinician.request('POST', '/api/sync/push', {
        changes: [putPatient('p-copy', 'COPY-1', null), labelled],
      })
      assert.equal(pushed.status, 200, JSON.stringify(pushed.body))
      assert.equal(pushed.body.results[1].status, 'applied', JSON.stringify(pushed.body.results[1]))
      assert.deepEqual(pushed.body.results[1].entity.copy, label)
      const pulled = (await reader.request('GET', `/api/sync/pull?cursor=${start}`)).body.changes
      assert.deepEqual(pulled.find((c: { id: string }) => c.id === 'v-copy').visit.copy, label)
      // A client that knows no labels writes the visit again without one: the label stays.
      const older = await clinician.request(
        'POST',
        '/api/changes',
        putVisit('v-copy', 'p-copy', 1, assessment('2026-03-04T08:00:00.000Z')),
      )
      assert.equal(older.status, 201, JSON.stringify(older.body))
      assert.deepEqual((await reader.request('GET', '/api/visits/v-copy')).body.visit.copy, label)
      // A visit never labelled has no `copy` at all (older clients read nothing new).
      assert.equal('copy' in (await reader.request('GET', '/api/visits/v-pull-2')).body.visit, false)
      // Bounded: a name over 100 characters, a field the label does not have, a time that is none, is refused (nothing written).
      for (const copy of [
        { ...label, name: 'x'.repeat(101) },
        { ...label, extra: 1 },
        { ...label, from: 'elsewhere' },
        { ...label, at: 'yesterday' },
      ]) {
        const change = putVisit('v-copy', 'p-copy', 2)
        const refused = await clinician.request('POST', '/api/changes', { ...change, visit: { ...change.visit, copy } })
        assert.equal(refused.status, 400, JSON.stringify(copy))
      }
      assert.equal((await reader.request('GET', '/api/visits/v-copy')).body.visit.rev, 2)
    })

    // The embedded store's backup command; PostgreSQL's backup (pg_dump) is postgres-backup.test.ts.
    it('backs up the data directory while serving: a copy of the database and every photo it names', {
      skip: store.name !== 'sqlite' && 'the embedded store only',
    }, async () => {
      const target = mkdtempSync(join(tmpdir(), 'record-backup-'))
      try {
        const { code, output } = await runRecordCommand(['backup', join(target, 'copy')], {
          RECORD_DATA_DIR: server.dataDir,
        })
        assert.equal(code, 0, output)
        const db = new DatabaseSync(join(target, 'copy', 'record.sqlite'), { readOnly: true })
        const visits = db.prepare('SELECT photos FROM visits').all() as { photos: string }[]
        // A kept copy's label is in the copy too.
        const label = db.prepare("SELECT copy FROM visits WHERE id = 'v-copy'").get() as { copy: string }
        assert.equal(JSON.parse(label.copy).name, 'Chrome · Linux')
        const copyId = (db.prepare("SELECT value FROM meta WHERE key = 'database_id'").get() as { value: string }).value
        db.close()
        // A restored copy is a history of its own: devices' cursors of the live database do not carry over.
        const liveId = (await reader.request('GET', '/api/sync/pull?cursor=0&limit=1')).body.database_id
        assert.match(liveId, /^[0-9a-f-]{36}$/)
        assert.match(copyId, /^[0-9a-f-]{36}$/)
        assert.notEqual(copyId, liveId)
        assert.ok(visits.length >= 5)
        const named = visits.flatMap((v) =>
          Object.values(JSON.parse(v.photos) as Record<string, { sha256: string }>).map((p) => p.sha256),
        )
        assert.ok(named.length >= 1)
        for (const sha of named) assert.ok(readdirSync(join(target, 'copy', 'photos', sha.slice(0, 2))).includes(sha))
        const refused = await runRecordCommand(['backup', join(target, 'copy')], { RECORD_DATA_DIR: server.dataDir })
        assert.equal(refused.code, 1)
        assert.match(refused.output, /not empty/)
      } finally {
        rmSync(target, { recursive: true, force: true })
      }
    })
  })
}
