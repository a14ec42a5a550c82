/**
 * The record in the browser's own database (IndexedDB), through `idb`: a promise
 * wrapper of the plain API (about 1.5 kB gzipped) that keeps IndexedDB's own
 * transactions and indexes visible. Dexie does more (queries, live queries,
 * migrations) than a few stores with two indexes need, at about 20 times the size.
 * Stores: patients (index by identifier key), visits (index by patient; each with a
 * revision checked on every write), photos (Blobs), workspace (one entry per tab),
 * deletion (the last deletion, for undo), settings (the clinic's report settings),
 * pairs (the repeat pairs of the clinic's repeatability study). Every write that touches several records
 * is one transaction, aborted whole on any error.
 * Runs in a page and, on fake-indexeddb, in node (the record's unit tests).
 */
import { type DBSchema, type IDBPDatabase, type IDBPTransaction, openDB, type StoreNames } from 'idb'
import type { StoredReportSettings } from '../files/report-settings.js'
import type { PatientRecord, RepeatPair, VisitRecord } from './model.js'
import type { Deletion, PhotoData, RecordStorage, TabWorkspace, VisitWrite, Workspace } from './storage.js'

export const DATABASE_NAME = 'posture-metrics-record'
/**
 * 1: the first record; 2: visit revisions, a workspace per tab, the last deletion kept for
 * undo; 3: the report settings and the repeat pairs.
 */
const DATABASE_VERSION = 3
const REPORT_SETTINGS_KEY = 'report'
const DELETION_KEY = 'last'

interface RecordSchema extends DBSchema {
  patients: { key: string; value: PatientRecord; indexes: { key: string } }
  visits: { key: string; value: VisitRecord; indexes: { patientId: string } }
  photos: { key: string; value: PhotoData }
  workspace: { key: string; value: Workspace }
  deletion: { key: string; value: Deletion }
  /** Read back as unknown: admitted by report-settings.ts before any use. */
  settings: { key: string; value: StoredReportSettings }
  pairs: { key: string; value: RepeatPair }
}

type Db = IDBPDatabase<RecordSchema>
type Store = StoreNames<RecordSchema>
type WriteTx = IDBPTransaction<RecordSchema, Store[], 'readwrite'>

function photoKeys(visits: readonly VisitRecord[]): string[] {
  return visits.flatMap((v) => Object.values(v.photos).map((p) => p.key))
}

/**
 * Runs `body` in one readwrite transaction and resolves when it has committed. Any
 * error, thrown by `body` or by a request, aborts the transaction: nothing of it is
 * written (a request that throws at once, e.g. a value that cannot be cloned, would
 * otherwise leave the requests before it to commit).
 */
async function inTransaction<T>(db: Db, stores: Store[], body: (tx: WriteTx) => Promise<T>): Promise<T> {
  const tx = db.transaction(stores, 'readwrite')
  let result: T
  try {
    result = await body(tx)
  } catch (error) {
    try {
      tx.abort()
    } catch {
      // Already finished or aborted by the failing request.
    }
    await tx.done.catch(() => undefined)
    throw error
  }
  await tx.done
  return result
}

/**
 * Removes the photos of visits being deleted that nothing else refers to (a photo can
 * be shared: the same picture kept with several visits, or on screen in a tab) and
 * returns them for undo.
 */
async function removePhotosOf(tx: WriteTx, removed: readonly VisitRecord[]): Promise<PhotoData[]> {
  const ids = new Set(removed.map((v) => v.id))
  const others = (await tx.objectStore('visits').getAll()).filter((v) => !ids.has(v.id))
  const workspaces = await tx.objectStore('workspace').getAll()
  const kept = new Set([...photoKeys(others), ...workspaces.flatMap((w) => Object.values(w.photos).map((p) => p.key))])
  const photos: PhotoData[] = []
  for (const key of new Set(photoKeys(removed))) {
    if (kept.has(key)) continue
    const photo = await tx.objectStore('photos').get(key)
    if (photo) photos.push(photo)
    await tx.objectStore('photos').delete(key)
  }
  return photos
}

/**
 * Stores the photos a visit or workspace being written refers to that are not stored:
 * in the write's own transaction, so no deletion in another tab can remove them
 * between the check and the write.
 */
async function ensurePhotos(tx: WriteTx, photos: readonly PhotoData[]): Promise<void> {
  for (const photo of photos)
    if ((await tx.objectStore('photos').getKey(photo.key)) === undefined) await tx.objectStore('photos').put(photo)
}

export class IdbStorage implements RecordStorage {
  private constructor(private readonly db: Db) {}

  static async open(name = DATABASE_NAME): Promise<IdbStorage> {
    const db = await openDB<RecordSchema>(name, DATABASE_VERSION, {
      async upgrade(database, oldVersion, _newVersion, tx) {
        if (oldVersion < 1) {
          database.createObjectStore('patients', { keyPath: 'id' }).createIndex('key', 'key')
          database.createObjectStore('visits', { keyPath: 'id' }).createIndex('patientId', 'patientId')
          database.createObjectStore('photos', { keyPath: 'key' })
          database.createObjectStore('workspace')
        }
        if (oldVersion < 2) {
          database.createObjectStore('deletion')
          // Visits stored before revisions: revision 1. The one workspace ('current') stays, as a closed tab's.
          let cursor = await tx.objectStore('visits').openCursor()
          while (cursor) {
            if (typeof (cursor.value as Partial<VisitRecord>).rev !== 'number')
              await cursor.update({ ...cursor.value, rev: 1 })
            cursor = await cursor.continue()
          }
        }
        if (oldVersion < 3) {
          database.createObjectStore('settings')
          database.createObjectStore('pairs', { keyPath: 'id' })
        }
      },
      // Another tab opened a newer version of the app's database: close so that it can upgrade.
      blocking() {
        db.close()
      },
    })
    return new IdbStorage(db)
  }

  close(): void {
    this.db.close()
  }

  patients(): Promise<PatientRecord[]> {
    return this.db.getAll('patients')
  }

  visits(patientId?: string): Promise<VisitRecord[]> {
    return patientId === undefined
      ? this.db.getAll('visits')
      : this.db.getAllFromIndex('visits', 'patientId', patientId)
  }

  visit(id: string): Promise<VisitRecord | undefined> {
    return this.db.get('visits', id)
  }

  /** Counts on the visits' patient index, all asked at once in one transaction: no visit is read or deserialised. */
  async visitCounts(patientId?: string): Promise<Map<string, number>> {
    const tx = this.db.transaction(['patients', 'visits'])
    const ids = patientId === undefined ? await tx.objectStore('patients').getAllKeys() : [patientId]
    const index = tx.objectStore('visits').index('patientId')
    const counts = await Promise.all(ids.map((id) => index.count(id)))
    return new Map(ids.map((id, i) => [id, counts[i]!]))
  }

  photo(key: string): Promise<PhotoData | undefined> {
    return this.db.get('photos', key)
  }

  saveVisit(
    visit: VisitRecord,
    expectedRev: number | null,
    put: PatientRecord | null,
    photos: readonly PhotoData[],
  ): Promise<VisitWrite> {
    return inTransaction(this.db, ['patients', 'visits', 'photos'], async (tx): Promise<VisitWrite> => {
      const current = await tx.objectStore('visits').get(visit.id)
      if ((current?.rev ?? null) !== expectedRev) return { ok: false, current }
      const stored = { ...visit, rev: (current?.rev ?? 0) + 1 }
      if (put) await tx.objectStore('patients').put(put)
      await ensurePhotos(tx, photos)
      await tx.objectStore('visits').put(stored)
      return { ok: true, visit: stored }
    })
  }

  async putPatient(patient: PatientRecord): Promise<void> {
    await this.db.put('patients', patient)
  }

  deletePatient(id: string, until: number): Promise<Deletion | undefined> {
    return inTransaction(this.db, ['patients', 'visits', 'photos', 'workspace', 'deletion'], async (tx) => {
      const patient = await tx.objectStore('patients').get(id)
      if (!patient) return undefined
      const visits = await tx.objectStore('visits').index('patientId').getAll(id)
      const photos = await removePhotosOf(tx, visits)
      for (const v of visits) await tx.objectStore('visits').delete(v.id)
      await tx.objectStore('patients').delete(id)
      const deletion: Deletion = {
        kind: 'patient',
        patient: patient.identifier,
        date: '',
        until,
        patients: [patient],
        visits,
        photos,
      }
      await tx.objectStore('deletion').put(deletion, DELETION_KEY)
      return deletion
    })
  }

  deleteVisit(id: string, until: number): Promise<Deletion | undefined> {
    return inTransaction(this.db, ['patients', 'visits', 'photos', 'workspace', 'deletion'], async (tx) => {
      const visit = await tx.objectStore('visits').get(id)
      if (!visit) return undefined
      const patient = await tx.objectStore('patients').get(visit.patientId)
      const photos = await removePhotosOf(tx, [visit])
      await tx.objectStore('visits').delete(id)
      const deletion: Deletion = {
        kind: 'visit',
        patient: patient?.identifier ?? '',
        date: visit.date,
        until,
        // The patient comes back too should it have been deleted meanwhile.
        patients: patient ? [patient] : [],
        visits: [visit],
        photos,
      }
      await tx.objectStore('deletion').put(deletion, DELETION_KEY)
      return deletion
    })
  }

  async deletion(now: number): Promise<Deletion | undefined> {
    const d = await this.db.get('deletion', DELETION_KEY)
    return d && now <= d.until ? d : undefined
  }

  undoDeletion(now: number): Promise<Deletion | undefined> {
    return inTransaction(this.db, ['patients', 'visits', 'photos', 'deletion'], async (tx) => {
      const d = await tx.objectStore('deletion').get(DELETION_KEY)
      await tx.objectStore('deletion').delete(DELETION_KEY)
      if (!d || now > d.until) return undefined
      for (const p of d.patients)
        if (!(await tx.objectStore('patients').get(p.id))) await tx.objectStore('patients').put(p)
      for (const v of d.visits) {
        const current = await tx.objectStore('visits').get(v.id)
        // A visit written again since (a tab kept saving it) is newer than the deleted copy: it stays.
        if (!current) await tx.objectStore('visits').put({ ...v, rev: v.rev + 1 })
      }
      for (const p of d.photos) await tx.objectStore('photos').put(p)
      return d
    })
  }

  restore(
    patients: readonly PatientRecord[],
    visits: readonly VisitRecord[],
    photos: readonly PhotoData[],
    pairs: readonly RepeatPair[] = [],
    settings?: StoredReportSettings,
  ): Promise<VisitRecord[]> {
    return inTransaction(this.db, ['patients', 'visits', 'photos', 'pairs', 'settings'], async (tx) => {
      if (settings) await tx.objectStore('settings').put(settings, REPORT_SETTINGS_KEY)
      for (const p of patients) await tx.objectStore('patients').put(p)
      const stored: VisitRecord[] = []
      for (const v of visits) {
        const current = await tx.objectStore('visits').get(v.id)
        const visit = { ...v, rev: Math.max(current?.rev ?? 0, v.rev ?? 0) + 1 }
        await tx.objectStore('visits').put(visit)
        stored.push(visit)
      }
      for (const p of photos) await tx.objectStore('photos').put(p)
      for (const p of pairs)
        if ((await tx.objectStore('pairs').getKey(p.id)) === undefined) await tx.objectStore('pairs').put(p)
      return stored
    })
  }

  pairs(): Promise<RepeatPair[]> {
    return this.db.getAll('pairs')
  }

  addPair(pair: RepeatPair): Promise<boolean> {
    return inTransaction(this.db, ['pairs'], async (tx) => {
      if ((await tx.objectStore('pairs').getKey(pair.id)) !== undefined) return false
      await tx.objectStore('pairs').put(pair)
      return true
    })
  }

  async deletePair(id: string): Promise<void> {
    await this.db.delete('pairs', id)
  }

  workspace(tab: string): Promise<Workspace | undefined> {
    return this.db.get('workspace', tab)
  }

  async workspaces(): Promise<TabWorkspace[]> {
    const tx = this.db.transaction('workspace')
    const [tabs, values] = await Promise.all([tx.store.getAllKeys(), tx.store.getAll()])
    return tabs.map((tab, i) => ({ tab, workspace: values[i]! }))
  }

  saveWorkspace(tab: string, workspace: Workspace, photos: readonly PhotoData[]): Promise<void> {
    return inTransaction(this.db, ['workspace', 'photos'], async (tx) => {
      await ensurePhotos(tx, photos)
      await tx.objectStore('workspace').put(workspace, tab)
    })
  }

  async deleteWorkspace(tab: string): Promise<void> {
    await this.db.delete('workspace', tab)
  }

  async clear(): Promise<void> {
    const stores = ['patients', 'visits', 'photos', 'workspace', 'deletion', 'settings', 'pairs'] as const
    await inTransaction(this.db, [...stores], async (tx) => {
      for (const store of stores) await tx.objectStore(store).clear()
    })
  }

  async reportSettings(): Promise<unknown> {
    return this.db.get('settings', REPORT_SETTINGS_KEY)
  }

  async saveReportSettings(settings: StoredReportSettings): Promise<void> {
    await this.db.put('settings', settings, REPORT_SETTINGS_KEY)
  }
}
