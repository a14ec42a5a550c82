/**
 * The record in the browser's own database (IndexedDB), through `idb`: a promise
 * wrapper of the plain API (about 1.5 kB gzipped) that keeps IndexedDB's own
 * transactions and indexes visible. Dexie does more (queries, live queries,
 * migrations) than four stores with two indexes need, at about 20 times the size.
 * Stores: patients (index by identifier key), visits (index by patient), photos
 * (Blobs), workspace (one entry: the assessment on screen).
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb'
import type { PatientRecord, VisitRecord } from './model.js'
import type { PhotoData, RecordStorage, StorageUse, Workspace } from './storage.js'

export const DATABASE_NAME = 'posture-metrics-record'
const DATABASE_VERSION = 1
const WORKSPACE_KEY = 'current'

interface RecordSchema extends DBSchema {
  patients: { key: string; value: PatientRecord; indexes: { key: string } }
  visits: { key: string; value: VisitRecord; indexes: { patientId: string } }
  photos: { key: string; value: PhotoData }
  workspace: { key: string; value: Workspace }
}

type Db = IDBPDatabase<RecordSchema>

function photoKeys(visits: readonly VisitRecord[]): string[] {
  return visits.flatMap((v) => Object.values(v.photos).map((p) => p.key))
}

export class IdbStorage implements RecordStorage {
  private constructor(private readonly db: Db) {}

  static async open(name = DATABASE_NAME): Promise<IdbStorage> {
    const db = await openDB<RecordSchema>(name, DATABASE_VERSION, {
      upgrade(database) {
        database.createObjectStore('patients', { keyPath: 'id' }).createIndex('key', 'key')
        database.createObjectStore('visits', { keyPath: 'id' }).createIndex('patientId', 'patientId')
        database.createObjectStore('photos', { keyPath: 'key' })
        database.createObjectStore('workspace')
      },
    })
    return new IdbStorage(db)
  }

  patients(): Promise<PatientRecord[]> {
    return this.db.getAll('patients')
  }

  visits(patientId?: string): Promise<VisitRecord[]> {
    return patientId === undefined ? this.db.getAll('visits') : this.db.getAllFromIndex('visits', 'patientId', patientId)
  }

  visit(id: string): Promise<VisitRecord | undefined> {
    return this.db.get('visits', id)
  }

  photo(key: string): Promise<PhotoData | undefined> {
    return this.db.get('photos', key)
  }

  async putPhoto(photo: PhotoData): Promise<void> {
    await this.db.put('photos', photo)
  }

  async saveVisit(visit: VisitRecord, put: PatientRecord | null, remove: PatientRecord | null): Promise<void> {
    const tx = this.db.transaction(['patients', 'visits'], 'readwrite')
    if (put) void tx.objectStore('patients').put(put)
    if (remove) void tx.objectStore('patients').delete(remove.id)
    void tx.objectStore('visits').put(visit)
    await tx.done
  }

  async putPatient(patient: PatientRecord): Promise<void> {
    await this.db.put('patients', patient)
  }

  async deletePatient(id: string): Promise<{ patient: PatientRecord; visits: VisitRecord[]; photos: PhotoData[] } | undefined> {
    const tx = this.db.transaction(['patients', 'visits', 'photos'], 'readwrite')
    const patient = await tx.objectStore('patients').get(id)
    if (!patient) return undefined
    const visits = await tx.objectStore('visits').index('patientId').getAll(id)
    const photos: PhotoData[] = []
    for (const key of photoKeys(visits)) {
      const photo = await tx.objectStore('photos').get(key)
      if (photo) photos.push(photo)
      await tx.objectStore('photos').delete(key)
    }
    for (const v of visits) await tx.objectStore('visits').delete(v.id)
    await tx.objectStore('patients').delete(id)
    await tx.done
    return { patient, visits, photos }
  }

  async deleteVisit(id: string): Promise<{ visit: VisitRecord; photos: PhotoData[] } | undefined> {
    const tx = this.db.transaction(['visits', 'photos'], 'readwrite')
    const visit = await tx.objectStore('visits').get(id)
    if (!visit) return undefined
    const photos: PhotoData[] = []
    for (const key of photoKeys([visit])) {
      const photo = await tx.objectStore('photos').get(key)
      if (photo) photos.push(photo)
      await tx.objectStore('photos').delete(key)
    }
    await tx.objectStore('visits').delete(id)
    await tx.done
    return { visit, photos }
  }

  async restore(patients: readonly PatientRecord[], visits: readonly VisitRecord[], photos: readonly PhotoData[]): Promise<void> {
    const tx = this.db.transaction(['patients', 'visits', 'photos'], 'readwrite')
    for (const p of patients) void tx.objectStore('patients').put(p)
    for (const v of visits) void tx.objectStore('visits').put(v)
    for (const p of photos) void tx.objectStore('photos').put(p)
    await tx.done
  }

  workspace(): Promise<Workspace | undefined> {
    return this.db.get('workspace', WORKSPACE_KEY)
  }

  async saveWorkspace(workspace: Workspace): Promise<void> {
    await this.db.put('workspace', workspace, WORKSPACE_KEY)
  }

  async clear(): Promise<void> {
    const tx = this.db.transaction(['patients', 'visits', 'photos', 'workspace'], 'readwrite')
    await Promise.all([tx.objectStore('patients').clear(), tx.objectStore('visits').clear(), tx.objectStore('photos').clear(), tx.objectStore('workspace').clear(), tx.done])
  }

  async persist(): Promise<boolean> {
    try {
      return (await navigator.storage?.persisted?.()) || ((await navigator.storage?.persist?.()) ?? false)
    } catch {
      return false
    }
  }

  async use(): Promise<StorageUse> {
    try {
      const estimate = await navigator.storage?.estimate?.()
      const persisted = (await navigator.storage?.persisted?.()) ?? null
      return { usage: estimate?.usage ?? null, quota: estimate?.quota ?? null, persisted }
    } catch {
      return { usage: null, quota: null, persisted: null }
    }
  }
}
