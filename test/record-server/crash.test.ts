/**
 * The record server killed with SIGKILL in the middle of a sync (docs/record-server.md,
 * "Sync protocol"): pushes in flight and a photo half uploaded. After a restart on the
 * same data directory, the device pushes its whole outbox again with the same change
 * ids: every change is then applied exactly once (each visit at revision 1, pulled
 * once), and the half-uploaded photo is absent, not stored damaged, until sent again.
 * Over each store (the embedded SQLite and PostgreSQL).
 */
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { rmSync } from 'node:fs'
import { request } from 'node:http'
import { describe, it } from 'node:test'
import { testStores } from '../support/postgres.js'
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
