/**
 * Crashes during a sync from the app (docs/record-server.md, "Tests"): device A (a Chromium
 * context) records several visits of one patient offline, each with a photo of its own bytes;
 * it goes online with its uploads throttled, so each photo's upload lasts a while, and its sync
 * starts. When the second photo's upload has reached the record server (the server's own
 * "incoming request" log line: its headers have arrived, its bytes are still coming), the
 * server dies: on the embedded store the record-server process is killed with SIGKILL and
 * started again on the same data directory and port; on PostgreSQL the postmaster and its
 * backends are killed with SIGKILL and started again on the same data directory (the record
 * server carries on). The app says so in words the clinician can act on ("Can't reach the server"
 * in English on the first, the server's own 500 in Spanish on the second) and, once the server answers again, syncs again by itself
 * (browser-sync.ts tries again after a run the server could not answer). Then every visit exists exactly
 * once on the server (each at revision 1) and on device B, with the same values and the same
 * photo bytes (SHA-256), and device A's outbox is empty.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { loadPhoto, placeNext } from '../support/browser.js'
import { collectLogLines, type LogLine, waitForLogLine } from '../support/log-lines.js'
import { sharedPostgres, testStores, useOwnPostgres } from '../support/postgres.js'
import { openRecord, readRecord, readStores, savedToRecord } from '../support/record.js'
import { ADMIN_EMAIL, ADMIN_PASSWORD, RecordClient, sha256Of } from '../support/record-server.js'
import {
  closeSync,
  type Device,
  device,
  lastSync,
  network,
  openSync,
  paddedPng,
  photoHash,
  type SyncSetup,
  signIn,
  startSyncSetup,
  syncedSince,
  visitsOf,
} from '../support/sync-app.js'
import { FIGURES } from './fixtures/figure.js'

const PATIENT = 'PAC-0077'
const VISITS = 3
/** Bytes added to each photo, and the upload rate while the sync runs: each photo's upload lasts about 2 s. */
const PADDING = 200_000
const UPLOAD_RATE = 100_000

/** The server's log line for a photo upload whose headers arrived (fastify logs it before reading the body). */
const isPhotoUpload = (line: LogLine) => {
  const req = line.req as { method?: string; route?: string } | undefined
  return line.msg === 'incoming request' && req?.method === 'PUT' && req.route === '/api/photos/:sha256'
}

/** How many photo uploads the server stored (answered 201), by its log. */
const storedUploads = (logs: readonly LogLine[]) => {
  const uploads = new Set(logs.filter(isPhotoUpload).map((line) => line.reqId))
  return logs.filter(
    (line) =>
      line.msg === 'request completed' &&
      uploads.has(line.reqId) &&
      (line.res as { statusCode?: number } | undefined)?.statusCode === 201,
  ).length
}

/**
 * Console errors the crash explains, and only those: the upload cut off, the requests the server
 * (or its database) could not answer while down.
 */
const unexplained = (errors: readonly string[]) =>
  errors.filter(
    (e) =>
      !/net::ERR_(CONNECTION_REFUSED|CONNECTION_RESET|EMPTY_RESPONSE|INTERNET_DISCONNECTED)/.test(e) &&
      !e.includes('the server responded with a status of 500'),
  )

// It kills and restarts PostgreSQL: a cluster of its own, not the test layer's.
useOwnPostgres()

for (const store of testStores()) {
  describe(`a sync from the app survives a crash (${store.name})`, { skip: store.skip }, () => {
    let setup: SyncSetup
    const logs: LogLine[] = []
    before(async () => {
      // At info the server logs each request as it arrives (by route pattern only, never its data).
      setup = await startSyncSetup(store, { RECORD_LOG_LEVEL: 'info' })
      collectLogLines(setup.server.child.stdout, logs)
    })
    after(async () => {
      await setup?.close()
    })

    test(`the ${store.name === 'sqlite' ? 'record server' : 'PostgreSQL server'} killed during a photo upload: after recovery every visit exists exactly once, with its photo bytes`, async () => {
      const spanish = store.name === 'postgres'
      const a: Device = await device(setup.h, spanish ? 'es-ES' : 'en-GB')
      await signIn(a.page, setup.server.url)
      await syncedSince(a.page)
      const net = await network(a.page)
      await net.offline()

      // Several visits of one patient, recorded offline, each with a photo of its own bytes.
      await closeSync(a.page)
      await a.page.locator('#patient-id').fill(PATIENT)
      await a.page.locator('#patient-id').press('Tab')
      for (let i = 0; i < VISITS; i++) {
        if (i > 0) {
          await openRecord(a.page)
          await a.page.locator(`#record-patients li[data-patient="${PATIENT}"] button`).first().click()
          await a.page.locator(`.record-patient-visits[data-patient="${PATIENT}"] #record-new-visit`).click()
          await a.page.locator('#record-dialog').waitFor({ state: 'hidden' })
        }
        await loadPhoto(a.page, setup.h, 'anterior', paddedPng(setup.h.photos.anterior, PADDING))
        await placeNext(a.page, FIGURES.anterior, 4)
        await a.page.locator('#record-status[data-saved="true"]').waitFor()
        await savedToRecord(a.page)
      }
      const recordA = await readRecord(a.page)
      const visitsA = visitsOf(recordA)
      assert.equal(visitsA.length, VISITS)
      const hashesA = new Map(
        visitsA.map((v) => {
          const hash = photoHash(recordA, v.photos.anterior!.key)
          assert.ok(hash, `visit ${v.id} holds its photo`)
          return [v.id, hash]
        }),
      )
      assert.equal(new Set(hashesA.values()).size, VISITS, 'each visit has a photo of its own bytes')
      await openSync(a.page)
      await a.page.locator('#sync-now').click()
      await a.page.locator('#sync-status[data-phase="offline"]').waitFor()
      assert.notEqual(await a.page.locator('#sync-status').getAttribute('data-pending'), '0')

      // Online (the browser's online event starts the sync), uploads throttled; killed when the second photo is arriving.
      assert.equal(logs.filter(isPhotoUpload).length, 0)
      await net.online(UPLOAD_RATE)
      await waitForLogLine(
        logs,
        (line) => isPhotoUpload(line) && logs.filter(isPhotoUpload).indexOf(line) === 1,
        60_000,
      )
      const cluster = spanish ? await sharedPostgres() : undefined
      if (cluster) await cluster.kill()
      else setup.server.child.kill('SIGKILL')

      // The app says what happened and what to do, in the clinician's language (a run after it says the same).
      const said = spanish
        ? {
            phase: 'error',
            text: /^La última sincronización no terminó: el servidor no pudo responder \(internal\): puede que él o su base de datos no estén funcionando\. Los cambios se conservan aquí y se envían cuando vuelva a responder; si se repite, avise al administrador de la clínica\./,
          }
        : { phase: 'unreachable', text: /^Can't reach the server: it does not answer/ }
      await a.page
        .locator(`#sync-status[data-phase="${said.phase}"]`, { hasText: said.text })
        .waitFor({ timeout: 60_000 })
      assert.notEqual(await a.page.locator('#sync-status').getAttribute('data-pending'), '0', 'the visits still wait')
      const synced = (await lastSync(a.page)) ?? ''
      // By the server's log: the first photo was stored, the second never (cut off, or its database gone).
      assert.equal(storedUploads(logs), 1, 'the crash came while the second photo was being uploaded')

      // The network back to full speed; started again on the same data. The app syncs again by
      // itself (no "Sync now"): its next try after a run the server could not answer.
      await net.online()
      if (cluster) await cluster.start()
      else await setup.restart()
      assert.equal((await fetch(`${setup.server.url}/ready`)).status, 200)
      await syncedSince(a.page, synced, 60_000)
      assert.deepEqual((await readStores(a.page, { outbox: 'keys' })).outbox.keys, [], "device A's outbox is empty")

      // On the server: each visit once, applied once, naming its photo, whose bytes are there.
      const admin = new RecordClient(setup.server.url)
      assert.equal((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status, 200)
      const pulled = (await admin.request('GET', '/api/sync/pull?cursor=0')).body.changes as {
        kind: string
        id: string
        visit?: { rev: number; photos: Record<string, { sha256: string }> }
      }[]
      const visitsOnServer = pulled.filter((c) => c.kind === 'visit')
      assert.deepEqual(visitsOnServer.map((c) => c.id).sort(), [...hashesA.keys()].sort(), 'each visit exactly once')
      for (const v of visitsOnServer) {
        assert.equal(v.visit?.rev, 1, `visit ${v.id} applied once`)
        const sha = v.visit?.photos.anterior?.sha256
        assert.equal(sha, hashesA.get(v.id))
        const photo = await fetch(`${setup.server.url}/api/photos/${sha}`, { headers: { cookie: admin.cookie! } })
        assert.equal(photo.status, 200)
        assert.equal(sha256Of(new Uint8Array(await photo.arrayBuffer())), sha, 'the whole photo, not a cut-off one')
      }

      // On device B: the same visits, values and photo bytes.
      const b = await device(setup.h)
      await signIn(b.page, setup.server.url)
      await syncedSince(b.page)
      const recordB = await readRecord(b.page)
      const visitsB = visitsOf(recordB)
      assert.equal(visitsB.length, VISITS)
      for (const visitB of visitsB) {
        const visitA = visitsA.find((v) => v.id === visitB.id)
        assert.ok(visitA, `device B's visit ${visitB.id} is one of device A's`)
        assert.deepEqual(visitB.file, visitA.file, 'the same assessment: markers, calibration, values')
        assert.equal(photoHash(recordB, visitB.photos.anterior!.key), hashesA.get(visitB.id), 'the same photo bytes')
      }
      assert.deepEqual(
        recordB.patients.map((p) => p.identifier),
        [PATIENT],
      )
      assert.deepEqual(unexplained(a.errors), [])
      assert.deepEqual(unexplained(b.errors), [])
    })
  })
}
