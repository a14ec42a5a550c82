/**
 * The page's side of the record (RecordEffects for controller.ts): this tab's id and
 * which tabs are open (Web Locks), the channel that tells other tabs of a write
 * (BroadcastChannel), the questions (dialogs.ts), downloads, photos stored as the
 * record keeps them, the page being hidden, the journal of the last change not yet
 * written (localStorage), and the browser's storage quota.
 *
 * Why both Web Locks and revisions: a lock held by a tab says it is alive (its
 * workspace is its own; a closed tab's can be taken over), but a lock is no
 * safeguard on its own (a suspended or back/forward-cached page may keep it, and
 * some browsers have released locks late), so what keeps two tabs from overwriting
 * each other is the revision checked inside each write's transaction.
 */

import { STORED_PHOTO_LIMITS, sniffRaster, verifiedRaster } from '../files/raster.js'
import { download } from '../render/dom.js'
import type { Journal, RecordChannel, RecordEffects, RecordMessage } from './controller.js'
import { dialogAsk } from './dialogs.js'
import { newKey, storablePhoto } from './photos.js'
import type { StorageUse } from './storage.js'

const TAB_KEY = 'posture-metrics.tab'
const TAB_LOCK = 'posture-metrics-tab:'
const CHANNEL = 'posture-metrics-record'
const JOURNAL_KEY = 'posture-metrics.journal.'

/**
 * Each tab's last change not yet written, in localStorage: written synchronously, before
 * the gesture's handler returns, so a reload or a closed tab right after it keeps it (an
 * IndexedDB transaction started in `pagehide` may never commit). Storage blocked or full:
 * false, and the autosave alone keeps the work.
 */
const journal: Journal = {
  write(tab, entry) {
    try {
      localStorage.setItem(`${JOURNAL_KEY}${tab}`, entry)
      return true
    } catch {
      return false
    }
  },
  read(tab) {
    try {
      return localStorage.getItem(`${JOURNAL_KEY}${tab}`)
    } catch {
      return null
    }
  },
  clear(tab) {
    try {
      localStorage.removeItem(`${JOURNAL_KEY}${tab}`)
    } catch {
      // Blocked: nothing was written either.
    }
  },
  tabs() {
    try {
      const tabs: string[] = []
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i)
        if (key?.startsWith(JOURNAL_KEY)) tabs.push(key.slice(JOURNAL_KEY.length))
      }
      return tabs
    } catch {
      return []
    }
  },
}

/** Holds the lock that says tab `id` is open, for as long as the page lives; false when another page holds it. */
function holdTab(id: string): Promise<boolean> {
  const locks = navigator.locks
  if (!locks) return Promise.resolve(true)
  return new Promise((resolve) => {
    void locks
      .request(`${TAB_LOCK}${id}`, { ifAvailable: true }, (lock) => {
        resolve(lock !== null)
        // Held until the page goes away.
        return lock ? new Promise<void>(() => undefined) : undefined
      })
      .catch(() => resolve(true))
  })
}

/**
 * This tab's id: kept in sessionStorage, so a reload keeps its workspace; a new one
 * when another open page already holds it (a duplicated tab copies sessionStorage).
 */
async function claimTab(): Promise<string> {
  let id: string | null = null
  try {
    id = sessionStorage.getItem(TAB_KEY)
  } catch {
    // Storage blocked: a new id each load (the workspace then comes back as a closed tab's).
  }
  if (!id || !(await holdTab(id))) {
    id = newKey()
    await holdTab(id)
  }
  try {
    sessionStorage.setItem(TAB_KEY, id)
  } catch {
    // As above.
  }
  return id
}

async function liveTabs(): Promise<ReadonlySet<string> | null> {
  if (!navigator.locks) return null
  try {
    const { held = [] } = await navigator.locks.query()
    return new Set(held.flatMap((l) => (l.name?.startsWith(TAB_LOCK) ? [l.name.slice(TAB_LOCK.length)] : [])))
  } catch {
    return null
  }
}

function channel(): RecordChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null
  const bc = new BroadcastChannel(CHANNEL)
  return {
    post: (message: RecordMessage) => bc.postMessage(message),
    listen: (listener) => bc.addEventListener('message', (e: MessageEvent<RecordMessage>) => void listener(e.data)),
  }
}

export async function browserEffects(): Promise<RecordEffects> {
  const tab = await claimTab()
  return {
    ask: dialogAsk,
    persist: persistStorage,
    tab,
    channel: channel(),
    storablePhoto: (url) => storablePhoto(url),
    // blob: URLs only ever carry a verified raster type (docs/security.md).
    async urlOf(blob) {
      const sniffed = sniffRaster(new Uint8Array(await blob.slice(0, 16).arrayBuffer()))
      return sniffed.ok ? URL.createObjectURL(new Blob([blob], { type: sniffed.type })) : null
    },
    verifyPhoto: (blob, expected) => verifiedRaster(blob, expected, { limits: STORED_PHOTO_LIMITS }),
    download,
    onHide(flush) {
      addEventListener('pagehide', flush)
      document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush())
    },
    journal,
    liveTabs,
    now: () => new Date(),
    newId: newKey,
  }
}

/** Asks the browser to keep the data under storage pressure. */
export async function persistStorage(): Promise<boolean> {
  try {
    return (await navigator.storage?.persisted?.()) || ((await navigator.storage?.persist?.()) ?? false)
  } catch {
    return false
  }
}

/** What is used of the browser's quota, and whether the data is kept under storage pressure. */
export async function storageUse(): Promise<StorageUse> {
  try {
    const estimate = await navigator.storage?.estimate?.()
    const persisted = (await navigator.storage?.persisted?.()) ?? null
    return { usage: estimate?.usage ?? null, quota: estimate?.quota ?? null, persisted }
  } catch {
    return { usage: null, quota: null, persisted: null }
  }
}
