/**
 * The sync's effects in the page: the record server reached over fetch (transport.ts),
 * SHA-256 by the browser's own crypto, one sync at a time across this browser's tabs (a
 * Web Lock), a device id kept in localStorage (sent as X-Device-Id for the server's audit
 * trail), and when to sync: at load, when the browser is back online, and shortly after
 * each change of the record.
 */
import type { RecordController } from '../controller.js'
import { newKey } from '../photos.js'
import { SyncEngine } from './engine.js'
import type { SyncStore } from './store.js'
import { FetchTransport } from './transport.js'

const DEVICE_KEY = 'posture-metrics.device'
const SYNC_LOCK = 'posture-metrics-sync'

function deviceId(): string {
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
  })
  await engine.start()
  addEventListener('online', () => void engine.run())
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
