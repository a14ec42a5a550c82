/**
 * A read-only account on a device (docs/record.md, "A read-only account"), against a real
 * record-server process over the embedded store and the built app in Chromium. A read-only user
 * who records a visit on the device: the app says the account can read the clinic's record but
 * not change it, lists each patient and visit made here as "not sent: your account is read-only",
 * sends nothing (the server holds none of it), keeps everything on the device, still pulls what
 * the clinic's clinicians write, and is not in error. A clinician an admin makes read-only while
 * signed in on a device: the push the server refuses (403, the role changed between the app's
 * session check and its push: the demotion is made when the push's first request reaches the
 * server) turns into the same state, nothing lost; made clinician again, the next sync sends it all.
 */
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import type { Page } from 'playwright-core'
import { testStores } from '../support/postgres.js'
import { readRecord, savedToRecord, visitFromCard } from '../support/record.js'
import { ADMIN_EMAIL, ADMIN_PASSWORD, assessment, RecordClient } from '../support/record-server.js'
import {
  CLINICIAN,
  CLINICIAN_PASSWORD,
  closeSync,
  device,
  openSync,
  type SyncSetup,
  signIn,
  startSyncSetup,
  syncedSince,
  unexpected,
  visitsOf,
} from '../support/sync-app.js'

// The store changes nothing of what the app does with a role: the embedded one only.
const [store] = testStores()

/** Waits until a sync run has ended (idle) since `after` with `count` changes listed as not sent. */
async function heldSince(page: Page, count: number, after = ''): Promise<void> {
  await page.waitForFunction(
    ([n, earlier]) => {
      const status = (
        globalThis as unknown as {
          document: { getElementById(id: string): { dataset: Record<string, string> } | null }
        }
      ).document.getElementById('sync-status')?.dataset
      return status?.phase === 'idle' && status.notSent === String(n) && (status.lastSync ?? '') > (earlier as string)
    },
    [count, after] as const,
  )
}

describe('a read-only account on a device (sqlite)', () => {
  let setup: SyncSetup
  let admin: RecordClient
  let clinician: RecordClient
  before(async () => {
    setup = await startSyncSetup(store!)
    admin = new RecordClient(setup.server.url)
    assert.equal((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status, 200)
    clinician = new RecordClient(setup.server.url)
    assert.equal((await clinician.login(CLINICIAN, CLINICIAN_PASSWORD)).status, 200)
  })
  after(async () => {
    await setup?.close()
  })

  /** A user of `role` made by the admin: its email, password and id. */
  async function user(role: string): Promise<{ email: string; password: string; id: string }> {
    const email = `${role}-${randomUUID().slice(0, 8)}@clinic.test`
    const password = `password of ${email}`
    const made = await admin.request('POST', '/api/users', { email, role, password })
    assert.equal(made.status, 201, JSON.stringify(made.body))
    return { email, password, id: made.body.user.id }
  }

  /** The identifiers of the patients on the server. */
  async function serverPatients(): Promise<string[]> {
    const answer = await admin.request('GET', '/api/patients')
    assert.equal(answer.status, 200)
    return (answer.body.patients as { identifier: string }[]).map((p) => p.identifier).sort()
  }

  test("a read-only user's visit stays on the device, listed as not sent; the clinic's changes still come in", async () => {
    const reader = await user('read-only')
    const d = await device(setup.h)
    await signIn(d.page, setup.server.url, reader.email, reader.password)
    await syncedSince(d.page)
    const account = d.page.locator('#sync-account')
    assert.equal(await account.getAttribute('data-role'), 'read-only')
    assert.match(
      await d.page.locator('#sync-read-only').innerText(),
      /^This account is read only: it can read the clinic's record but not change it\./,
    )
    const synced = (await d.page.locator('#sync-status').getAttribute('data-last-sync')) ?? ''
    await closeSync(d.page)

    // A clinician writes a patient and a visit on the server.
    const pushed = await clinician.request('POST', '/api/sync/push', {
      changes: [
        {
          change_id: randomUUID(),
          op: 'put_patient',
          base_rev: null,
          patient: {
            id: 'p-clinic',
            identifier: 'CLIN-0001',
            name: '',
            notes: '',
            created: '2026-03-02T09:00:00.000Z',
          },
        },
        {
          change_id: randomUUID(),
          op: 'put_visit',
          base_rev: null,
          visit: {
            id: 'v-clinic',
            patient_id: 'p-clinic',
            date: '2026-03-02',
            created: '2026-03-02T09:00:00.000Z',
            content: assessment(),
            photos: {},
          },
        },
      ],
    })
    assert.equal(pushed.status, 200, JSON.stringify(pushed.body))
    // A visit recorded on the device (a new patient and its visit): the app syncs by itself after the write.
    await visitFromCard(d.page, setup.h, 'RO-0001')
    await savedToRecord(d.page)
    await openSync(d.page)
    await d.page.locator('#sync-now').click()
    await heldSince(d.page, 2, synced)
    // Said in words: the account is read-only, the patient and the visit made here are not sent.
    // The app may begin its next sync at once (it syncs after a write): the words are waited for, not read once.
    const notSent = /^2 changes made here not sent: your account is read-only/
    await d.page.locator('#sync-status', { hasText: notSent }).waitFor()
    const status = (await d.page.locator('#sync-status').innerText()).replace(/^Syncing… /, '')
    assert.match(status, notSent)
    assert.doesNotMatch(status, /In step with the server|did not finish/)
    assert.equal(await d.page.locator('#sync-problem').isHidden(), true)
    const items = d.page.locator('#sync-not-sent li')
    const texts = await items.allInnerTexts()
    assert.equal(texts.length, 2)
    assert.ok(texts.includes('Patient RO-0001: not sent: your account is read-only'), texts.join('\n'))
    assert.ok(
      texts.some((t) => /^Visit of RO-0001, .+: not sent: your account is read-only$/.test(t)),
      texts.join('\n'),
    )
    // Nothing reached the server; everything is on the device, and the clinic's visit came in.
    assert.deepEqual(await serverPatients(), ['CLIN-0001'])
    const record = await readRecord(d.page)
    assert.deepEqual(record.patients.map((p) => p.identifier).sort(), ['CLIN-0001', 'RO-0001'])
    assert.equal(visitsOf(record).length, 2)
    assert.ok(visitsOf(record).some((v) => v.id === 'v-clinic'))
    assert.deepEqual(unexpected(d.errors), [])
    await d.context.close()
  })

  test("a clinician made read-only while signed in: the refused push turns into 'not sent', nothing lost; made clinician again, it is sent", async () => {
    const other = await user('clinician')
    const d = await device(setup.h, 'es-ES')
    await signIn(d.page, setup.server.url, other.email, other.password)
    await syncedSince(d.page)
    assert.equal(await d.page.locator('#sync-account').getAttribute('data-role'), 'clinician')
    const synced = (await d.page.locator('#sync-status').getAttribute('data-last-sync')) ?? ''
    await closeSync(d.page)

    // The admin makes the user read-only when the push's first request reaches the server: after
    // the app's session check, so the server's refusal (403) is how the app learns it.
    let demoted = false
    const server = new URL(setup.server.url)
    await d.page.route(
      (url) =>
        url.host === server.host && (url.pathname === '/api/sync/push' || url.pathname.startsWith('/api/photos/')),
      async (route) => {
        if (!demoted && route.request().method() !== 'OPTIONS') {
          demoted = true
          const answer = await admin.request('PATCH', `/api/users/${other.id}`, { role: 'read-only' })
          assert.equal(answer.status, 200, JSON.stringify(answer.body))
        }
        await route.continue()
      },
    )
    await visitFromCard(d.page, setup.h, 'RO-0002')
    await savedToRecord(d.page)
    await openSync(d.page)
    await d.page.locator('#sync-now').click()
    await heldSince(d.page, 2, synced)
    assert.equal(demoted, true, 'the push reached the server')
    assert.equal(await d.page.locator('#sync-account').getAttribute('data-role'), 'read-only')
    assert.match(
      await d.page.locator('#sync-read-only').innerText(),
      /^Esta cuenta es de solo lectura: puede leer el registro de la clínica, pero no cambiarlo\./,
    )
    await d.page
      .locator('#sync-status', { hasText: /^2 cambios hechos aquí no enviados: su cuenta es de solo lectura/ })
      .waitFor()
    assert.equal(await d.page.locator('#sync-problem').isHidden(), true)
    assert.deepEqual(
      (await d.page.locator('#sync-not-sent li').allInnerTexts()).filter((t) => t.startsWith('Paciente ')),
      ['Paciente RO-0002: no enviado: su cuenta es de solo lectura'],
    )
    assert.equal((await serverPatients()).includes('RO-0002'), false)
    // The clinic's visit came in at the sign-in; the one made here is kept on the device.
    const kept = visitsOf(await readRecord(d.page)).filter((v) => v.id !== 'v-clinic')
    assert.equal(kept.length, 1, 'the visit is kept on the device')

    // Made clinician again: the next sync sends what was held, as it is on the device.
    await d.page.unrouteAll()
    const promoted = await admin.request('PATCH', `/api/users/${other.id}`, { role: 'clinician' })
    assert.equal(promoted.status, 200)
    const held = (await d.page.locator('#sync-status').getAttribute('data-last-sync')) ?? ''
    await d.page.locator('#sync-now').click()
    await syncedSince(d.page, held)
    assert.equal(await d.page.locator('#sync-account').getAttribute('data-role'), 'clinician')
    assert.equal(await d.page.locator('#sync-not-sent').count(), 0)
    assert.ok((await serverPatients()).includes('RO-0002'))
    const sent = await admin.request('GET', `/api/visits/${kept[0]!.id}`)
    assert.equal(sent.status, 200)
    assert.deepEqual(sent.body.visit.content.views.anterior.markers, kept[0]!.file.views.anterior!.markers)
    // The browser's own log of the refused request (403) is the only one.
    assert.deepEqual(
      unexpected(d.errors).filter((e) => !/status of 403/.test(e)),
      [],
    )
    await d.context.close()
  })
})
