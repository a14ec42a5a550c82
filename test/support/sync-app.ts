/**
 * The app's sync with a real record server, as the system tests drive it (test/web/sync.test.ts,
 * test/web/sync-crash.test.ts): a record-server process over one of the stores (embedded SQLite or a
 * database of a throwaway PostgreSQL cluster, support/postgres.ts) allowing the app's origin, the
 * metrics service serving the app with that server in its CSP, a clinician account, and each
 * device a Chromium context of its own. Helpers open the clinic-server dialog, sign in, sync now
 * and read the visits a device holds; `network` takes a device offline and online through the
 * DevTools protocol, optionally with its uploads throttled (so an upload stays in flight).
 */
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { crc32 } from 'node:zlib'
import type { BrowserContext, CDPSession, Page } from 'playwright-core'
import { type Harness, openApp, startHarness } from './browser.js'
import type { TestStore } from './postgres.js'
import { type readRecord, savedToRecord } from './record.js'
import { ADMIN_EMAIL, ADMIN_PASSWORD, RecordClient, type RecordServer, startRecordServer } from './record-server.js'
import { freePort } from './server-process.js'

export const CLINICIAN = 'clinician@clinic.test'
export const CLINICIAN_PASSWORD = 'a clinician password'

export interface SyncSetup {
  readonly h: Harness
  readonly appOrigin: string
  /** The record server now (a restart replaces it, on the same port and data). */
  server: RecordServer
  /** Starts the record server again on the same port and data (after a kill). */
  restart(): Promise<RecordServer>
  close(): Promise<void>
}

/**
 * A record server over `store` (with `env` added to its environment), the app served with it in
 * its CSP (and `moreOrigins`, e.g. a test's proxy in front of it), and the clinician made by the first admin.
 */
export async function startSyncSetup(
  store: TestStore,
  env: Record<string, string> = {},
  moreOrigins: readonly string[] = [],
): Promise<SyncSetup> {
  const port = await freePort()
  const appOrigin = `http://127.0.0.1:${port}`
  const serverEnv = { RECORD_ALLOWED_ORIGINS: appOrigin, ...env }
  const database = await store.database()
  let server = await startRecordServer({ env: serverEnv, database })
  const admin = new RecordClient(server.url)
  assert.equal((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status, 200)
  const made = await admin.request('POST', '/api/users', {
    email: CLINICIAN,
    role: 'clinician',
    password: CLINICIAN_PASSWORD,
  })
  assert.equal(made.status, 201, JSON.stringify(made.body))
  let h: Harness
  try {
    h = await startHarness({ port, app: { recordServerOrigins: [server.url, ...moreOrigins] } })
  } catch (error) {
    await server.dispose()
    throw error
  }
  const setup: SyncSetup = {
    h,
    appOrigin,
    server,
    async restart() {
      const before = setup.server
      await before.stop()
      server = await startRecordServer({
        env: serverEnv,
        database: before.database,
        dataDir: before.dataDir,
        port: Number(new URL(before.url).port),
      })
      setup.server = server
      return server
    },
    async close() {
      await h.close()
      await setup.server.dispose()
    },
  }
  return setup
}

export interface Device {
  readonly page: Page
  readonly context: BrowserContext
  readonly errors: string[]
}

export async function device(h: Harness, locale?: string): Promise<Device> {
  const { page, errors } = await openApp(h, locale === undefined ? {} : { locale })
  return { page, context: page.context(), errors }
}

export async function openSync(page: Page): Promise<void> {
  if ((await page.locator('#sync-dialog[open]').count()) === 0) {
    // On a phone the button is in the toolbar's "More" menu.
    const more = page.locator('#toolbar-more-button')
    if ((await more.isVisible()) && (await more.getAttribute('aria-expanded')) !== 'true') {
      await more.click()
      await page.locator('#toolbar-more.open').waitFor()
    }
    await page.locator('#sync-button').click()
  }
  await page.locator('#sync-dialog[open] #sync-url').waitFor()
}

export async function closeSync(page: Page): Promise<void> {
  await page.locator('#sync-close').click()
  await page.locator('#sync-dialog').waitFor({ state: 'hidden' })
}

/**
 * Waits until a sync run has ended in step with the server at least once since `after` (an
 * earlier data-last-sync; '' for a device that never synced): nothing waiting, nothing wrong.
 */
export async function syncedSince(page: Page, after = '', timeout?: number): Promise<void> {
  await page.waitForFunction(
    (earlier) => {
      const status = (
        globalThis as unknown as {
          document: { getElementById(id: string): { dataset: Record<string, string> } | null }
        }
      ).document.getElementById('sync-status')?.dataset
      return status?.phase === 'idle' && status.pending === '0' && (status.lastSync ?? '') > earlier
    },
    after,
    timeout === undefined ? {} : { timeout },
  )
}

/** Sets the server and signs in as the clinician (or as `email`); the sign-in starts a sync. */
export async function signIn(
  page: Page,
  serverUrl: string,
  email = CLINICIAN,
  password = CLINICIAN_PASSWORD,
): Promise<void> {
  await openSync(page)
  await page.locator('#sync-url').fill(serverUrl)
  await page.locator('#sync-url-save').click()
  await page.locator('#sync-sign-in-form').waitFor()
  await page.locator('#sync-email').fill(email)
  await page.locator('#sync-password').fill(password)
  await page.locator('#sync-sign-in').click()
  // Signed in, or the app says why not (then the failure names it).
  await page.locator('#sync-account, #sync-problem:not([hidden])').first().waitFor()
  if ((await page.locator('#sync-account').count()) === 0)
    assert.fail(`not signed in: ${await page.locator('#sync-dialog').innerText()}`)
}

/** Syncs now and waits until the run ended with nothing waiting (or with `conflicts` conflicts). */
export async function syncNow(page: Page, conflicts = 0): Promise<void> {
  await savedToRecord(page)
  await openSync(page)
  const before = (await lastSync(page)) ?? ''
  await page.locator('#sync-now').click()
  await page.locator(`#sync-button[data-conflicts="${conflicts}"]`).waitFor({ state: 'attached' })
  await syncedSince(page, before)
}

/** When the device last ended a sync run in step (the clinic-server dialog's status; '' never). */
export function lastSync(page: Page): Promise<string | null> {
  return page.locator('#sync-status').getAttribute('data-last-sync')
}

export type Stored = Awaited<ReturnType<typeof readRecord>>

export interface StoredVisit {
  id: string
  patientId: string
  date: string
  file: { views: Record<string, { markers: Record<string, [number, number]> }> }
  photos: Record<string, { key: string }>
}

export const visitsOf = (r: Stored) => r.visits as unknown as StoredVisit[]

/** The SHA-256 of the stored photo `key` (readRecord hashes each photo's bytes). */
export const photoHash = (r: Stored, key: string) => r.photos.find((p) => p.key === key)?.hash

/** Errors but the browser's own log of each request made while offline (the sync tried, and said so). */
export const unexpected = (errors: readonly string[]) =>
  errors.filter((e) => !e.includes('net::ERR_INTERNET_DISCONNECTED'))

/** A device's network through the DevTools protocol (Playwright's setOffline would reset the throttle). */
export interface DeviceNetwork {
  offline(): Promise<void>
  /** Online; `uploadBytesPerSecond` throttles what the page sends (unlimited when not given). */
  online(uploadBytesPerSecond?: number): Promise<void>
}

export async function network(page: Page): Promise<DeviceNetwork> {
  const cdp: CDPSession = await page.context().newCDPSession(page)
  const conditions = async (offline: boolean, upload: number): Promise<void> => {
    await cdp.send('Network.emulateNetworkConditions', {
      offline,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: upload,
    })
  }
  return {
    offline: () => conditions(true, -1),
    online: (uploadBytesPerSecond = -1) => conditions(false, uploadBytesPerSecond),
  }
}

/**
 * The PNG `png` with `bytes` random bytes more, in a private ancillary chunk before IEND that
 * decoders skip: the same picture (the figure's known pixels), other bytes (its own SHA-256) and
 * as large as a test needs (an upload that lasts while throttled).
 */
export function paddedPng(png: Buffer, bytes: number): Buffer {
  const end = png.length - 12
  assert.equal(png.subarray(end + 4, end + 8).toString('latin1'), 'IEND', 'a PNG ends with its IEND chunk')
  const typeAndData = Buffer.concat([Buffer.from('teSt', 'latin1'), randomBytes(bytes)])
  const length = Buffer.alloc(4)
  length.writeUInt32BE(bytes)
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(typeAndData))
  return Buffer.concat([png.subarray(0, end), length, typeAndData, crc, png.subarray(end)])
}
