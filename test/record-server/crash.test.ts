/**
 * The record server killed with SIGKILL in the middle of a sync (docs/record-server.md,
 * "Sync protocol"): pushes in flight and a photo half uploaded. After a restart on the
 * same data directory, the device pushes its whole outbox again with the same change
 * ids: every change is then applied exactly once (each visit at revision 1, pulled
 * once), and the half-uploaded photo is absent, not stored damaged, until sent again.
 * Over each store (the embedded SQLite and PostgreSQL). Then PostgreSQL itself killed
 * (SIGKILL of its postmaster and backends) in the middle of a sync and started again
 * on its data directory: every visit exists exactly once, and the device's retried
 * push is applied once (what had committed is replayed).
 */
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { rmSync } from 'node:fs'
import { request } from 'node:http'
import { describe, it } from 'node:test'
import { postgresSkip, sharedPostgres, testStores, useOwnPostgres } from '../support/postgres.js'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  assessment,
  pngPhoto,
  RecordClient,
  sha256Of,
  startRecordServer,
} from '../support/record-server.js'

const VISITS = 30

// It kills and restarts PostgreSQL: a cluster of its own, not the test layer's.
useOwnPostgres()

for (const store of testStores()) {
  describe(`record server (${store.name}): killed mid-sync`, { skip: store.skip }, () => {
    it('applies every change of the outbox exactly once after a SIGKILL and a retry, and stores no half photo', async () => {
      const first = await startRecordServer({ database: await store.database() })
      const dataDir = first.dataDir
      try {
        const device = new RecordClient(first.url, 'tablet-1')
        assert.equal((await device.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status, 200)
        const patient = {
          change_id: randomUUID(),
          op: 'put_patient',
          base_rev: null,
          patient: { id: 'p-crash', identifier: 'CRASH-1', name: '', notes: '', created: '2026-06-01T08:00:00.000Z' },
        }
        const outbox = [
          patient,
          ...Array.from({ length: VISITS }, (_, i) => ({
            change_id: randomUUID(),
            op: 'put_visit',
            base_rev: null,
            visit: {
              id: `v-crash-${i}`,
              patient_id: 'p-crash',
              date: '2026-06-01',
              created: '2026-06-01T08:00:00.000Z',
              content: assessment(`2026-06-01T09:00:${String(i).padStart(2, '0')}.000Z`),
              photos: {},
            },
          })),
        ]
        assert.equal((await device.request('POST', '/api/sync/push', { changes: [patient] })).status, 200)
        // A photo half sent: its headers and half its bytes, then the server dies.
        const photo = pngPhoto(40, 60)
        const sha = sha256Of(photo)
        const upload = request(`${first.url}/api/photos/${sha}`, {
          method: 'PUT',
          headers: {
            cookie: device.cookie as string,
            'x-csrf-token': device.csrf as string,
            'content-type': 'image/png',
            'content-length': String(photo.length),
          },
        })
        upload.on('error', () => undefined)
        await new Promise<void>((resolve) => upload.write(photo.subarray(0, 50), () => resolve()))
        // Every visit pushed on its own, at once; the server is killed as soon as the first is answered.
        const pushes = outbox.slice(1).map((change) =>
          device.request('POST', '/api/sync/push', { changes: [change] }).then(
            (answer) => answer.status,
            () => 0,
          ),
        )
        await Promise.race(pushes)
        first.child.kill('SIGKILL')
        const statuses = await Promise.all(pushes)
        assert.ok(statuses.includes(200), 'some pushes were answered before the kill')
        await first.stop()

        const second = await startRecordServer({ dataDir, database: first.database })
        try {
          const again = new RecordClient(second.url, 'tablet-1')
          assert.equal((await again.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status, 200)
          assert.equal((await again.request('GET', `/api/photos/${sha}`)).status, 404, 'no half photo is stored')
          for (let at = 0; at < outbox.length; at += 10) {
            const answer = await again.request('POST', '/api/sync/push', { changes: outbox.slice(at, at + 10) })
            for (const result of answer.body.results) assert.equal(result.status, 'applied', JSON.stringify(result))
          }
          const pulled = (await again.request('GET', '/api/sync/pull?cursor=0')).body.changes
          const visits = pulled.filter((c: { kind: string }) => c.kind === 'visit')
          assert.equal(visits.length, VISITS)
          assert.deepEqual(
            [...new Set(visits.map((c: { id: string }) => c.id))].length,
            VISITS,
            'each visit exactly once',
          )
          assert.ok(
            visits.every((c: { visit: { rev: number } }) => c.visit.rev === 1),
            'none applied twice',
          )
          assert.equal((await again.request('PUT', `/api/photos/${sha}`, photo)).status, 201)
          const read = await fetch(`${second.url}/api/photos/${sha}`, { headers: { cookie: again.cookie as string } })
          assert.equal(sha256Of(new Uint8Array(await read.arrayBuffer())), sha)
        } finally {
          await second.stop()
        }
      } finally {
        await first.stop()
        rmSync(dataDir, { recursive: true, force: true })
      }
    })
  })
}

describe('record server (postgres): PostgreSQL killed mid-sync', { skip: postgresSkip() }, () => {
  it('after PostgreSQL restarts, every visit exists exactly once and the retried push is applied once', async () => {
    const cluster = await sharedPostgres()
    const server = await startRecordServer({ database: await cluster.createDatabase() })
    try {
      const device = new RecordClient(server.url, 'tablet-2')
      assert.equal((await device.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status, 200)
      const patient = {
        change_id: randomUUID(),
        op: 'put_patient',
        base_rev: null,
        patient: { id: 'p-pg', identifier: 'PG-1', name: '', notes: '', created: '2026-06-01T08:00:00.000Z' },
      }
      assert.equal((await device.request('POST', '/api/sync/push', { changes: [patient] })).status, 200)
      const outbox = Array.from({ length: VISITS }, (_, i) => ({
        change_id: randomUUID(),
        op: 'put_visit',
        base_rev: null,
        visit: {
          id: `v-pg-${i}`,
          patient_id: 'p-pg',
          date: '2026-06-01',
          created: '2026-06-01T08:00:00.000Z',
          content: assessment(`2026-06-01T09:00:${String(i).padStart(2, '0')}.000Z`),
          photos: {},
        },
      }))
      // Every visit pushed on its own, at once; PostgreSQL (postmaster and backends) is killed when the first is answered.
      const pushes = outbox.map((change) =>
        device.request('POST', '/api/sync/push', { changes: [change] }).then(
          (answer) => answer.status,
          () => 0,
        ),
      )
      await Promise.race(pushes)
      await cluster.kill()
      const statuses = await Promise.all(pushes)
      const answered = statuses.filter((s) => s === 200).length
      assert.ok(answered >= 1, 'some pushes were answered before the kill')
      assert.ok(
        statuses.every((s) => s === 200 || s === 500),
        `each push answered or failed as a whole: ${statuses}`,
      )
      assert.equal((await fetch(`${server.url}/ready`)).status, 503, 'not ready while the database is down')

      // Crash recovery on the same data directory; the same server process carries on with new connections.
      await cluster.start()
      assert.equal((await fetch(`${server.url}/ready`)).status, 200)
      let replayed = 0
      for (let at = 0; at < outbox.length; at += 10) {
        const answer = await device.request('POST', '/api/sync/push', { changes: outbox.slice(at, at + 10) })
        assert.equal(answer.status, 200, JSON.stringify(answer.body))
        for (const result of answer.body.results) {
          assert.equal(result.status, 'applied', JSON.stringify(result))
          if (result.replayed) replayed++
        }
      }
      // What was committed before the kill is replayed, not applied again; at least every push answered 200.
      assert.ok(replayed >= answered && replayed < VISITS, `replayed ${replayed}, answered before the kill ${answered}`)
      const pulled = (await device.request('GET', '/api/sync/pull?cursor=0')).body.changes
      const visits = pulled.filter((c: { kind: string }) => c.kind === 'visit')
      assert.equal(visits.length, VISITS)
      assert.equal(new Set(visits.map((c: { id: string }) => c.id)).size, VISITS, 'each visit exactly once')
      assert.ok(
        visits.every((c: { visit: { rev: number } }) => c.visit.rev === 1),
        'none applied twice',
      )
    } finally {
      await server.dispose()
    }
  })
})
