/**
 * The sync's effects in the page: the record server reached over fetch (transport.ts),
 * SHA-256 by the browser's own crypto, one sync at a time across this browser's tabs (a
 * Web Lock), a device id kept in localStorage (sent as X-Device-Id for the server's audit
 * trail), and when to sync: at load, when the browser is back online, shortly after
 * each change of the record, and again by itself after a run the server could not answer
 * (unreachable, or failing: its database down), later each time, while the browser is online.
 * Whether the browser is online (navigator.onLine, its offline event) tells "offline" from
 * "the server cannot be reached"; the device's name (its browser and system, from the user
 * agent) labels the copy of a conflict kept from this device.
 */
import type { RecordController } from '../controller.js'
import { newKey } from '../photos.js'
import { SyncEngine } from './engine.js'
import type { SyncStore } from './store.js'
import { FetchTransport, serverFailed } from './transport.js'

const DEVICE_KEY = 'posture-metrics.device'
const SYNC_LOCK = 'posture-metrics-sync'
/** The first try again after a run the server could not answer; each next one waits twice as long, up to the last. */
const RETRY_FIRST_MS = 3_000
const RETRY_LAST_MS = 300_000

/** This browser's device id (kept in localStorage), sent in X-Device-Id for the server's audit trail. */
export function deviceId(): string {
  try {
    const known = localStorage.getItem(DEVICE_KEY)
    if (known) return known
    const made = `device-${newKey()}`
    localStorage.setItem(DEVICE_KEY, made)
    return made
  } catch {
    return `device-${newKey()}`
  }
}

/** This device as a person names it: its browser and system ("Chrome on Linux"), from the user agent. */
export function deviceName(userAgent: string): string {
  const browser =
    [
      ['Edge', /Edg\//],
      ['Opera', /OPR\//],
      ['Firefox', /Firefox\//],
      ['Chrome', /Chrome\//],
      ['Safari', /Safari\//],
    ].find(([, re]) => (re as RegExp).test(userAgent))?.[0] ?? 'browser'
  const system =
    [
      ['Android', /Android/],
      ['iOS', /iPhone|iPad|iPod/],
      ['Windows', /Windows/],
      ['macOS', /Mac OS X|Macintosh/],
      ['ChromeOS', /CrOS/],
      ['Linux', /Linux/],
    ].find(([, re]) => (re as RegExp).test(userAgent))?.[0] ?? ''
  return system ? `${browser} · ${system}` : `${browser}`
}

async function sha256(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer())
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

/** The engine for this page, started and kept syncing: at load, on `online`, and after the record changes. */
export async function startBrowserSync(store: SyncStore, controller: RecordController): Promise<SyncEngine> {
  const device = deviceId()
  let applying = 0
  const engine = new SyncEngine(store, {
    transport: (url) => new FetchTransport(url, device),
    sha256,
    newId: newKey,
    now: () => new Date(),
    exclusive: (body) => (navigator.locks ? navigator.locks.request(SYNC_LOCK, () => body()) : body()),
    changed: (kind, id) => {
      applying++
      void controller.syncChanged(kind, id).finally(() => applying--)
    },
    online: () => navigator.onLine,
    deviceName: deviceName(navigator.userAgent),
    deviceId: device,
  })
  await engine.start()
  addEventListener('online', () => void engine.run())
  addEventListener('offline', () => void engine.browserOffline())
  // A run the server could not answer (restarting, its database down): tried again without the
  // clinician, so what the status promises ("sent when the server can be reached") holds. While
  // the browser is offline the online event above starts the next run instead.
  let retries = 0
  let retry: ReturnType<typeof setTimeout> | undefined
  let phase = engine.status.phase
  engine.onChange(() => {
    const { phase: now, problem } = engine.status
    const ended = phase === 'syncing' && now !== 'syncing'
    phase = now
    if (!ended) return
    clearTimeout(retry)
    const unanswered =
      now === 'offline' || now === 'unreachable' || (now === 'error' && problem !== null && serverFailed(problem))
    if (!unanswered) {
      retries = 0
      return
    }
    if (!navigator.onLine) return
    retry = setTimeout(() => void engine.run(), Math.min(RETRY_FIRST_MS * 2 ** retries, RETRY_LAST_MS))
    retries++
  })
  // A change of the record made here (not one the sync itself wrote) that queued a change: synced a moment later.
  controller.onChange(() => {
    if (applying > 0 || controller.pending || engine.status.phase === 'no_server') return
    void store.outbox().then((waiting) => {
      if (waiting.length > 0) engine.soon()
    })
  })
  void engine.run()
  return engine
}
