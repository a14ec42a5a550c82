/**
 * The record in the browser's own database (IndexedDB), through `idb`: a promise
 * wrapper of the plain API (about 1.5 kB gzipped) that keeps IndexedDB's own
 * transactions and indexes visible. Dexie does more (queries, live queries,
 * migrations) than a few stores with two indexes need, at about 20 times the size.
 * Stores: patients (index by identifier key), visits (index by patient; each with a
 * revision checked on every write), photos (their bytes as an ArrayBuffer with their type:
 * WebKit's private mode refuses Blobs in IndexedDB but takes ArrayBuffers; rows written
 * as Blobs by earlier versions are read as they are and rewritten as bytes when read),
 * workspace (one entry per tab),
 * deletion (the last deletion, for undo), settings (the clinic's report settings),
 * pairs (the repeat pairs of the clinic's repeatability study). Every write that touches several records
 * is one transaction, aborted whole on any error.
 * Runs in a page and, on fake-indexeddb, in node (the record's unit tests).
 */
import { type DBSchema, type IDBPDatabase, type IDBPTransaction, openDB, type StoreNames } from 'idb'
import type { StoredReportSettings } from '../files/report-settings.js'
import { errorDetails } from '../state/error-details.js'
import {
  type PatientRecord,
  type PhotoRef,
  type RepeatPair,
  VISIT_COPY_NAME_MAX,
  type VisitCopy,
  type VisitRecord,
} from './model.js'
import type {
  Deletion,
  PhotoData,
  RecordStorage,
  TabWorkspace,
  VisitWrite,
  Workspace,
  WorkspaceWrite,
} from './storage.js'
import { decidePulled, localPatientOf, localVisitOf, samePatient, sameVisit } from './sync/plan.js'
import type { PulledOutcome, SyncStore, TakenEntry } from './sync/store.js'
import {
  type Conflict,
  type EntityKey,
  type EntityKind,
  entityKey,
  type OutboxEntry,
  type PulledEntity,
  type RejectedDeletion,
  type Resolution,
  type ServerPatient,
  type ServerVisit,
  type SyncedMark,
  type SyncServerState,
  type WireChange,
} from './sync/types.js'

export const DATABASE_NAME = 'posture-metrics-record'
/**
 * 1: the first record; 2: visit revisions, a workspace per tab, the last deletion kept for
 * undo; 3: the report settings and the repeat pairs; 4: the sync with the clinic's record
 * server (outbox, synced marks, conflicts, its state), every patient and visit already
 * stored queued for the first sync.
 */
const DATABASE_VERSION = 4
const SYNC_STATE_KEY = 'server'
/** The rejected deletions' notices not yet dismissed (sync/store.ts rejectedDeletions). */
const REJECTED_KEY = 'rejected'
const REJECTED_KEPT = 20
const REPORT_SETTINGS_KEY = 'report'
const DELETION_KEY = 'last'
const LAST_BACKUP_KEY = 'lastBackup'
const PERSIST_ASKED_KEY = 'persistAsked'

/**
 * A photo as the photos store holds it: its bytes (ArrayBuffer, every engine and mode
 * takes them), or a Blob in a row written before photos were kept as bytes.
 */
type StoredPhoto = PhotoRef & ({ readonly bytes: ArrayBuffer; readonly blob?: never } | { readonly blob: Blob })

/** The last deletion as stored: its photos as the photos store held them. */
type StoredDeletion = Omit<Deletion, 'photos'> & { readonly photos: readonly StoredPhoto[] }

/** The photos as the store keeps them (bytes); read before a transaction opens (reading a Blob is not a request of it). */
async function storedPhotos(photos: readonly PhotoData[]): Promise<StoredPhoto[]> {
  return Promise.all(
    photos.map(async (p) => ({
      key: p.key,
      type: p.type,
      width: p.width,
      height: p.height,
      bytes: await p.blob.arrayBuffer(),
    })),
  )
}

/** A stored photo as the app uses it (a Blob of its bytes, for display and files). */
function photoData(row: StoredPhoto): PhotoData {
  const ref = { key: row.key, type: row.type, width: row.width, height: row.height }
  return { ...ref, blob: 'bytes' in row && row.bytes ? new Blob([row.bytes], { type: row.type }) : (row.blob as Blob) }
}

function deletionData(d: StoredDeletion): Deletion {
  return { ...d, photos: d.photos.map(photoData) }
}

interface RecordSchema extends DBSchema {
  patients: { key: string; value: PatientRecord; indexes: { key: string } }
  visits: { key: string; value: VisitRecord; indexes: { patientId: string } }
  photos: { key: string; value: StoredPhoto }
  workspace: { key: string; value: Workspace }
  deletion: { key: string; value: StoredDeletion }
  /**
   * The report settings (key 'report'; read back as unknown: admitted by report-settings.ts before any use) and
   * the ISO time of the last backup of the whole record (key 'lastBackup'), when the browser was asked for
   * persistent storage (key 'persistAsked').
   */
  settings: { key: string; value: StoredReportSettings | string }
  pairs: { key: string; value: RepeatPair }
  /** Local writes waiting to reach the record server, in order (sync/types.ts OutboxEntry). */
  outbox: { key: number; value: OutboxEntry; indexes: { entity: string } }
  /** The server revision each patient and visit is in step with. */
  synced: { key: string; value: SyncedMark }
  /** Conflicts waiting for the clinician. */
  conflicts: { key: string; value: Conflict }
  /**
   * The sync's state (key 'server'), each local photo's SHA-256 ('sha:<key>') and the key of
   * a photo by its SHA-256 ('key:<sha>'), the photos the server holds ('has:<sha>').
   */
  syncMeta: { key: string; value: unknown }
}

type Db = IDBPDatabase<RecordSchema>
type Store = StoreNames<RecordSchema>
type WriteTx = IDBPTransaction<RecordSchema, Store[], 'readwrite'>

/** The stores a write that queues its changes for the sync also touches. */
const SYNC_STORES: Store[] = ['outbox', 'synced']

function newChangeId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
}

/**
 * Queues a local write for the sync, in the write's own transaction. A put adds nothing
 * while an entry of its entity waits unsent (that entry pushes what the record holds
 * when it is pushed) and takes back an unsent deletion of it (an undo); a deletion takes
 * back the unsent entries of its entity and is queued only when the server may have it.
 */
async function queue(tx: WriteTx, kind: EntityKind, id: string, op: 'put' | 'delete', notBefore?: number) {
  const entity = entityKey(kind, id)
  const outbox = tx.objectStore('outbox')
  const entries = await outbox.index('entity').getAll(entity)
  if (op === 'put') {
    for (const e of entries) if (!e.sent && e.op === 'delete') await outbox.delete(e.seq!)
    if (entries.some((e) => !e.sent && e.op === 'put')) return
  } else {
    for (const e of entries) if (!e.sent) await outbox.delete(e.seq!)
    if (!(await tx.objectStore('synced').get(entity)) && !entries.some((e) => e.sent)) return
  }
  const entry: OutboxEntry = {
    changeId: newChangeId(),
    entity,
    kind,
    id,
    op,
    sent: false,
    queued: new Date().toISOString(),
    ...(notBefore === undefined ? {} : { notBefore }),
  }
  await outbox.add(entry)
}

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
async function removePhotosOf(tx: WriteTx, removed: readonly VisitRecord[]): Promise<StoredPhoto[]> {
  const ids = new Set(removed.map((v) => v.id))
  const others = (await tx.objectStore('visits').getAll()).filter((v) => !ids.has(v.id))
  const workspaces = await tx.objectStore('workspace').getAll()
  const kept = new Set([...photoKeys(others), ...workspaces.flatMap((w) => Object.values(w.photos).map((p) => p.key))])
  const photos: StoredPhoto[] = []
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
async function ensurePhotos(tx: WriteTx, photos: readonly StoredPhoto[]): Promise<void> {
  for (const photo of photos)
    if ((await tx.objectStore('photos').getKey(photo.key)) === undefined) await tx.objectStore('photos').put(photo)
}

/** The keys of `photos` the store does not hold, read in the write's transaction. */
async function missingPhotos(tx: WriteTx, photos: readonly StoredPhoto[]): Promise<string[]> {
  const missing: string[] = []
  for (const photo of photos)
    if ((await tx.objectStore('photos').getKey(photo.key)) === undefined) missing.push(photo.key)
  return missing
}

export class IdbStorage implements RecordStorage, SyncStore {
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
        if (oldVersion < 4) {
          database.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true }).createIndex('entity', 'entity')
          database.createObjectStore('synced', { keyPath: 'entity' })
          database.createObjectStore('conflicts', { keyPath: 'entity' })
          database.createObjectStore('syncMeta')
          // The record kept so far is queued for its first sync: patients first, so each visit's patient is on the server before it.
          const upgrade = tx as unknown as WriteTx
          for (const p of await upgrade.objectStore('patients').getAll()) await queue(upgrade, 'patient', p.id, 'put')
          for (const v of await upgrade.objectStore('visits').getAll()) await queue(upgrade, 'visit', v.id, 'put')
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

  async content(): Promise<{ patients: PatientRecord[]; visits: VisitRecord[] }> {
    const tx = this.db.transaction(['patients', 'visits'])
    const [patients, visits] = await Promise.all([
      tx.objectStore('patients').getAll(),
      tx.objectStore('visits').getAll(),
    ])
    return { patients, visits }
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

  async photo(key: string): Promise<PhotoData | undefined> {
    const row = await this.db.get('photos', key)
    if (!row) return undefined
    const data = photoData(row)
    if (!('bytes' in row && row.bytes)) await this.asBytes(data)
    return data
  }

  /**
   * Rewrites a photo stored as a Blob (before photos were kept as bytes) as its bytes, when
   * it is still stored as a Blob (a deletion meanwhile is not undone). Best effort: a
   * failure leaves the Blob row, which is read as it is.
   */
  private async asBytes(data: PhotoData): Promise<void> {
    try {
      const [bytes] = await storedPhotos([data])
      await inTransaction(this.db, ['photos'], async (tx) => {
        const row = await tx.objectStore('photos').get(data.key)
        if (row && !('bytes' in row && row.bytes)) await tx.objectStore('photos').put(bytes!)
      })
    } catch {
      // Kept as a Blob: read as it is next time.
    }
  }

  async saveVisit(
    visit: VisitRecord,
    expectedRev: number | null,
    put: PatientRecord | null,
    photos: readonly PhotoData[],
  ): Promise<VisitWrite> {
    const rows = await storedPhotos(photos)
    const write = (withPhotos: boolean) =>
      inTransaction(this.db, ['patients', 'visits', 'photos', ...SYNC_STORES], async (tx): Promise<VisitWrite> => {
        const current = await tx.objectStore('visits').get(visit.id)
        if ((current?.rev ?? null) !== expectedRev) return { ok: false, current }
        // A new patient whose identifier another tab or window gave a patient since this one read the record (both
        // committed it at once): the visit goes to that patient, as it would have had this tab seen it; the record
        // never makes a second patient of one identifier itself.
        const taken =
          put && (await tx.objectStore('patients').getKey(put.id)) === undefined && put.key !== ''
            ? await tx.objectStore('patients').index('key').get(put.key)
            : undefined
        const patient = taken ?? put
        const stored = taken
          ? {
              ...visit,
              patientId: taken.id,
              file: { ...visit.file, patient_id: taken.identifier },
              rev: (current?.rev ?? 0) + 1,
            }
          : { ...visit, rev: (current?.rev ?? 0) + 1 }
        if (put && !taken) {
          await tx.objectStore('patients').put(put)
          await queue(tx, 'patient', put.id, 'put')
        }
        if (withPhotos) await ensurePhotos(tx, rows)
        await tx.objectStore('visits').put(stored)
        await queue(tx, 'visit', stored.id, 'put')
        return {
          ok: true,
          visit: stored,
          ...(patient ? { patient } : {}),
          unstoredPhotos: withPhotos ? [] : await missingPhotos(tx, rows),
        }
      })
    try {
      return await write(true)
    } catch (error) {
      if (rows.length === 0) throw error
      // The photos could not be written (an engine refusing the value, the quota): the visit's markers and notes
      // are written without them, and the photos not stored are named so the clinician is told.
      const written = await write(false)
      return written.ok ? { ...written, photoError: errorDetails(error) } : written
    }
  }

  async putPatient(patient: PatientRecord): Promise<void> {
    await inTransaction(this.db, ['patients', ...SYNC_STORES], async (tx) => {
      await tx.objectStore('patients').put(patient)
      await queue(tx, 'patient', patient.id, 'put')
    })
  }

  deletePatient(id: string, until: number): Promise<Deletion | undefined> {
    return inTransaction(
      this.db,
      ['patients', 'visits', 'photos', 'workspace', 'deletion', ...SYNC_STORES],
      async (tx) => {
        const patient = await tx.objectStore('patients').get(id)
        if (!patient) return undefined
        const visits = await tx.objectStore('visits').index('patientId').getAll(id)
        const photos = await removePhotosOf(tx, visits)
        for (const v of visits) {
          await tx.objectStore('visits').delete(v.id)
          await queue(tx, 'visit', v.id, 'delete', until)
        }
        await tx.objectStore('patients').delete(id)
        await queue(tx, 'patient', id, 'delete', until)
        const deletion: StoredDeletion = {
          kind: 'patient',
          patient: patient.identifier,
          date: '',
          until,
          patients: [patient],
          visits,
          photos,
        }
        await tx.objectStore('deletion').put(deletion, DELETION_KEY)
        return deletionData(deletion)
      },
    )
  }

  deleteVisit(id: string, until: number): Promise<Deletion | undefined> {
    return inTransaction(
      this.db,
      ['patients', 'visits', 'photos', 'workspace', 'deletion', ...SYNC_STORES],
      async (tx) => {
        const visit = await tx.objectStore('visits').get(id)
        if (!visit) return undefined
        const patient = await tx.objectStore('patients').get(visit.patientId)
        const photos = await removePhotosOf(tx, [visit])
        await tx.objectStore('visits').delete(id)
        await queue(tx, 'visit', id, 'delete', until)
        const deletion: StoredDeletion = {
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
        return deletionData(deletion)
      },
    )
  }

  async deletion(now: number): Promise<Deletion | undefined> {
    const d = await this.db.get('deletion', DELETION_KEY)
    return d && now <= d.until ? deletionData(d) : undefined
  }

  undoDeletion(now: number): Promise<Deletion | undefined> {
    return inTransaction(this.db, ['patients', 'visits', 'photos', 'deletion', ...SYNC_STORES], async (tx) => {
      const d = await tx.objectStore('deletion').get(DELETION_KEY)
      await tx.objectStore('deletion').delete(DELETION_KEY)
      if (!d || now > d.until) return undefined
      for (const p of d.patients)
        if (!(await tx.objectStore('patients').get(p.id))) {
          await tx.objectStore('patients').put(p)
          await queue(tx, 'patient', p.id, 'put')
        }
      for (const v of d.visits) {
        const current = await tx.objectStore('visits').get(v.id)
        // A visit written again since (a tab kept saving it) is newer than the deleted copy: it stays.
        if (!current) {
          await tx.objectStore('visits').put({ ...v, rev: v.rev + 1 })
          await queue(tx, 'visit', v.id, 'put')
        }
      }
      for (const p of d.photos) await tx.objectStore('photos').put(p)
      return deletionData(d)
    })
  }

  async restore(
    patients: readonly PatientRecord[],
    visits: readonly VisitRecord[],
    photos: readonly PhotoData[],
    pairs: readonly RepeatPair[] = [],
    settings?: StoredReportSettings,
  ): Promise<VisitRecord[]> {
    const rows = await storedPhotos(photos)
    return inTransaction(this.db, ['patients', 'visits', 'photos', 'pairs', 'settings', ...SYNC_STORES], async (tx) => {
      if (settings) await tx.objectStore('settings').put(settings, REPORT_SETTINGS_KEY)
      for (const p of patients) {
        await tx.objectStore('patients').put(p)
        await queue(tx, 'patient', p.id, 'put')
      }
      const stored: VisitRecord[] = []
      for (const v of visits) {
        const current = await tx.objectStore('visits').get(v.id)
        const visit = { ...v, rev: Math.max(current?.rev ?? 0, v.rev ?? 0) + 1 }
        await tx.objectStore('visits').put(visit)
        await queue(tx, 'visit', visit.id, 'put')
        stored.push(visit)
      }
      for (const p of rows) await tx.objectStore('photos').put(p)
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

  async saveWorkspace(tab: string, workspace: Workspace, photos: readonly PhotoData[]): Promise<WorkspaceWrite> {
    const rows = await storedPhotos(photos)
    const write = (withPhotos: boolean) =>
      inTransaction(this.db, ['workspace', 'photos'], async (tx): Promise<WorkspaceWrite> => {
        if (withPhotos) await ensurePhotos(tx, rows)
        await tx.objectStore('workspace').put(workspace, tab)
        return { unstoredPhotos: withPhotos ? [] : await missingPhotos(tx, rows) }
      })
    try {
      return await write(true)
    } catch (error) {
      if (rows.length === 0) throw error
      // As in saveVisit: the work on screen is kept without the photos that could not be written.
      const written = await write(false)
      return { ...written, photoError: errorDetails(error) }
    }
  }

  async deleteWorkspace(tab: string): Promise<void> {
    await this.db.delete('workspace', tab)
  }

  async clear(): Promise<void> {
    const stores = [
      'patients',
      'visits',
      'photos',
      'workspace',
      'deletion',
      'settings',
      'pairs',
      'outbox',
      'synced',
      'conflicts',
      'syncMeta',
    ] as const
    await inTransaction(this.db, [...stores], async (tx) => {
      for (const store of stores) await tx.objectStore(store).clear()
    })
  }

  // -------------------------------------------------------------------------------------------
  // The sync with the clinic's record server (sync/store.ts).

  async syncState(): Promise<SyncServerState | undefined> {
    return (await this.db.get('syncMeta', SYNC_STATE_KEY)) as SyncServerState | undefined
  }

  async saveSyncState(state: SyncServerState): Promise<void> {
    await this.db.put('syncMeta', state, SYNC_STATE_KEY)
  }

  outbox(): Promise<OutboxEntry[]> {
    return this.db.getAll('outbox')
  }

  async rejectedDeletions(): Promise<RejectedDeletion[]> {
    return ((await this.db.get('syncMeta', REJECTED_KEY)) as RejectedDeletion[] | undefined) ?? []
  }

  saveRejectedDeletion(rejected: RejectedDeletion): Promise<void> {
    return inTransaction(this.db, ['syncMeta'], async (tx) => {
      const kept = ((await tx.objectStore('syncMeta').get(REJECTED_KEY)) as RejectedDeletion[] | undefined) ?? []
      const others = kept.filter((r) => r.kind !== rejected.kind || r.id !== rejected.id)
      await tx.objectStore('syncMeta').put([...others, rejected].slice(-REJECTED_KEPT), REJECTED_KEY)
    })
  }

  dismissRejectedDeletion(kind: EntityKind, id: string): Promise<void> {
    return inTransaction(this.db, ['syncMeta'], async (tx) => {
      const kept = ((await tx.objectStore('syncMeta').get(REJECTED_KEY)) as RejectedDeletion[] | undefined) ?? []
      await tx.objectStore('syncMeta').put(
        kept.filter((r) => r.kind !== kind || r.id !== id),
        REJECTED_KEY,
      )
    })
  }

  conflicts(): Promise<Conflict[]> {
    return this.db.getAll('conflicts')
  }

  takeOutbox(limit: number, now: number): Promise<TakenEntry[]> {
    return inTransaction(this.db, ['outbox', 'conflicts', 'synced', 'patients', 'visits'], async (tx) => {
      const conflicts = new Set(await tx.objectStore('conflicts').getAllKeys())
      const skipped = new Set<string>()
      const takenEntities = new Set<string>()
      const taken: TakenEntry[] = []
      for (const entry of await tx.objectStore('outbox').getAll()) {
        if (taken.length >= limit) break
        // One entry per entity a pass: the next is made from the revision this one's answer gives.
        if (takenEntities.has(entry.entity)) continue
        let blocked = conflicts.has(entry.entity) || skipped.has(entry.entity)
        if (!blocked && entry.op === 'delete' && entry.notBefore !== undefined && entry.notBefore > now) blocked = true
        const local =
          entry.kind === 'patient'
            ? await tx.objectStore('patients').get(entry.id)
            : await tx.objectStore('visits').get(entry.id)
        if (!blocked && entry.kind === 'visit' && local) {
          const patient = entityKey('patient', (local as VisitRecord).patientId)
          blocked = conflicts.has(patient) || skipped.has(patient)
        }
        if (blocked) {
          skipped.add(entry.entity)
          continue
        }
        const sent = { ...entry, sent: true }
        takenEntities.add(entry.entity)
        await tx.objectStore('outbox').put(sent)
        taken.push({ entry: sent, local, mark: await tx.objectStore('synced').get(entry.entity) })
      }
      return taken
    })
  }

  savePushed(entry: OutboxEntry, changes: readonly WireChange[]): Promise<void> {
    return inTransaction(this.db, ['outbox'], async (tx) => {
      const stored = await tx.objectStore('outbox').get(entry.seq!)
      if (stored) await tx.objectStore('outbox').put({ ...stored, pushed: changes })
    })
  }

  renewChange(entry: OutboxEntry, changeId: string): Promise<void> {
    return inTransaction(this.db, ['outbox'], async (tx) => {
      const stored = await tx.objectStore('outbox').get(entry.seq!)
      if (!stored) return
      const { pushed: _pushed, ...rest } = stored
      await tx.objectStore('outbox').put({ ...rest, changeId })
    })
  }

  settleApplied(entry: OutboxEntry, mark: SyncedMark): Promise<void> {
    return inTransaction(this.db, ['outbox', 'synced'], async (tx) => {
      await tx.objectStore('outbox').delete(entry.seq!)
      await tx.objectStore('synced').put(mark)
    })
  }

  settleDeleted(entry: OutboxEntry): Promise<void> {
    return inTransaction(this.db, ['outbox', 'synced'], async (tx) => {
      await tx.objectStore('outbox').delete(entry.seq!)
      await tx.objectStore('synced').delete(entry.entity)
    })
  }

  settleConflict(entry: OutboxEntry, conflict: Conflict): Promise<void> {
    return inTransaction(this.db, ['outbox', 'conflicts'], async (tx) => {
      for (const key of await tx.objectStore('outbox').index('entity').getAllKeys(entry.entity))
        await tx.objectStore('outbox').delete(key)
      await tx.objectStore('conflicts').put(conflict)
    })
  }

  async photoSha(key: string): Promise<string | undefined> {
    return (await this.db.get('syncMeta', `sha:${key}`)) as string | undefined
  }

  savePhotoSha(key: string, sha: string): Promise<void> {
    return inTransaction(this.db, ['syncMeta'], async (tx) => {
      await tx.objectStore('syncMeta').put(sha, `sha:${key}`)
      await tx.objectStore('syncMeta').put(key, `key:${sha}`)
    })
  }

  async photoKeyOf(sha: string): Promise<string | undefined> {
    return (await this.db.get('syncMeta', `key:${sha}`)) as string | undefined
  }

  async serverHas(sha: string): Promise<boolean> {
    return (await this.db.get('syncMeta', `has:${sha}`)) === true
  }

  async saveServerHas(sha: string, has: boolean): Promise<void> {
    if (has) await this.db.put('syncMeta', true, `has:${sha}`)
    else await this.db.delete('syncMeta', `has:${sha}`)
  }

  async applyPulled(change: PulledEntity, photos: readonly PhotoData[]): Promise<PulledOutcome> {
    const rows = await storedPhotos(photos)
    const stores: Store[] = ['patients', 'visits', 'photos', 'workspace', 'outbox', 'synced', 'conflicts', 'syncMeta']
    return inTransaction(this.db, stores, async (tx): Promise<PulledOutcome> => {
      const entity = entityKey(change.kind, change.id)
      const mark = await tx.objectStore('synced').get(entity)
      const pending =
        (await tx.objectStore('outbox').index('entity').count(entity)) > 0 ||
        (await tx.objectStore('conflicts').getKey(entity)) !== undefined
      const patient = change.kind === 'patient' ? await tx.objectStore('patients').get(change.id) : undefined
      const visit = change.kind === 'visit' ? await tx.objectStore('visits').get(change.id) : undefined
      let same = false
      if (!change.deleted && change.kind === 'patient' && patient) same = samePatient(patient, change.patient)
      if (!change.deleted && change.kind === 'visit' && visit) {
        const shas = new Map<string, string>()
        for (const ref of Object.values(visit.photos)) {
          const sha = (await tx.objectStore('syncMeta').get(`sha:${ref.key}`)) as string | undefined
          if (sha) shas.set(ref.key, sha)
        }
        same = sameVisit(visit, change.visit, (key) => shas.get(key))
      }
      // A patient deleted on the server whose visits are still here (moved there, deleted here later) is not removed under them.
      const orphans =
        change.deleted && change.kind === 'patient'
          ? await tx.objectStore('visits').index('patientId').count(change.id)
          : 0
      const rev = change.deleted ? null : change.kind === 'patient' ? change.patient.rev : change.visit.rev
      const decision = decidePulled(change.deleted, rev, {
        mark,
        pending: pending || orphans > 0,
        exists: (patient ?? visit) !== undefined,
        same,
      })
      if (decision === 'skip') return 'skipped'
      if (decision === 'mark') {
        if (!change.deleted)
          await tx
            .objectStore('synced')
            .put(
              change.kind === 'visit'
                ? { entity, rev: change.visit.rev, patientId: change.visit.patient_id }
                : { entity, rev: change.patient.rev },
            )
        return 'skipped'
      }
      if (typeof decision === 'object') {
        const earlier = await tx.objectStore('conflicts').get(entity)
        await tx.objectStore('conflicts').put({
          entity,
          kind: change.kind,
          id: change.id,
          reason: earlier?.reason ?? decision.conflict,
          theirs: change.deleted ? null : change.kind === 'patient' ? change.patient : change.visit,
          found: new Date().toISOString(),
        })
        return 'conflict'
      }
      if (decision === 'delete') {
        if (visit) {
          await removePhotosOf(tx, [visit])
          await tx.objectStore('visits').delete(visit.id)
        }
        if (patient) await tx.objectStore('patients').delete(patient.id)
        await tx.objectStore('synced').delete(entity)
        return 'applied'
      }
      if (change.deleted) return 'skipped'
      if (change.kind === 'patient') {
        await tx.objectStore('patients').put(localPatientOf(change.patient, patient))
        await tx.objectStore('synced').put({ entity, rev: change.patient.rev })
      } else {
        await ensurePhotos(tx, rows)
        // A kept copy's label: the server's (labelled on a device), else the one here (a server that does not carry it).
        await tx.objectStore('visits').put({
          ...(visit?.copy ? { copy: visit.copy } : {}),
          ...localVisitOf(change.visit, visit?.rev),
        })
        await tx.objectStore('synced').put({ entity, rev: change.visit.rev, patientId: change.visit.patient_id })
      }
      return 'applied'
    })
  }

  async resolveConflict(
    entity: EntityKey,
    resolution: Resolution,
    photos: readonly PhotoData[],
    newId: string,
    names: { readonly device: string; readonly server: string; readonly deviceId?: string } = {
      device: '',
      server: '',
    },
  ): Promise<boolean> {
    const rows = await storedPhotos(photos)
    const stores: Store[] = ['patients', 'visits', 'photos', 'workspace', 'outbox', 'synced', 'conflicts']
    return inTransaction(this.db, stores, async (tx) => {
      const conflict = await tx.objectStore('conflicts').get(entity)
      if (!conflict) return false
      await tx.objectStore('conflicts').delete(entity)
      const dropEntries = async (key: string) => {
        for (const k of await tx.objectStore('outbox').index('entity').getAllKeys(key))
          await tx.objectStore('outbox').delete(k)
      }
      if (conflict.kind === 'visit') {
        const theirs = conflict.theirs as ServerVisit | null
        const mine = await tx.objectStore('visits').get(conflict.id)
        if (resolution === 'mine' && theirs) {
          // Mine is pushed again, from the server's revision: the clinician chose it over theirs.
          await tx.objectStore('synced').put({ entity, rev: theirs.rev, patientId: theirs.patient_id })
          await queue(tx, 'visit', conflict.id, mine ? 'put' : 'delete')
          return true
        }
        // Keep both, or mine where the server's was deleted (its id cannot come back): this copy becomes a new visit.
        // Both kept: each copy says where it came from (this device or the server), and when it was last changed there.
        const both = resolution === 'both' && mine !== undefined && theirs !== null
        if (mine && (resolution === 'both' || (resolution === 'mine' && !theirs))) {
          const now = new Date().toISOString()
          const copy: VisitCopy = {
            from: 'device',
            name: names.device.slice(0, VISIT_COPY_NAME_MAX),
            at: mine.updated,
            ...(names.deviceId ? { device: names.deviceId } : {}),
          }
          await tx.objectStore('visits').put({ ...mine, id: newId, rev: 1, updated: now, ...(both ? { copy } : {}) })
          await queue(tx, 'visit', newId, 'put')
        }
        await dropEntries(entity)
        if (theirs) {
          await ensurePhotos(tx, rows)
          const copy: VisitCopy = {
            from: 'server',
            name: names.server.slice(0, VISIT_COPY_NAME_MAX),
            at: theirs.updated,
          }
          await tx.objectStore('visits').put({ ...localVisitOf(theirs, mine?.rev), ...(both ? { copy } : {}) })
          await tx.objectStore('synced').put({ entity, rev: theirs.rev, patientId: theirs.patient_id })
          // Its label is pushed too (from the server's revision), so the clinic's other devices show it.
          if (both) await queue(tx, 'visit', conflict.id, 'put')
        } else {
          if (mine) {
            await removePhotosOf(tx, [mine])
            await tx.objectStore('visits').delete(mine.id)
          }
          await tx.objectStore('synced').delete(entity)
        }
        return true
      }
      const theirs = conflict.theirs as ServerPatient | null
      const mine = await tx.objectStore('patients').get(conflict.id)
      if (conflict.reason === 'identifier_taken' || (resolution === 'mine' && !theirs)) {
        // This patient's visits go to the clinic's patient of that identifier (asked), or to a new id when it was deleted there.
        const target = conflict.reason === 'identifier_taken' && theirs ? theirs.id : newId
        if (theirs && conflict.reason === 'identifier_taken') {
          await tx.objectStore('patients').put(localPatientOf(theirs, undefined))
          await tx.objectStore('synced').put({ entity: entityKey('patient', theirs.id), rev: theirs.rev })
        } else if (mine) {
          await tx.objectStore('patients').put({ ...mine, id: newId })
          await queue(tx, 'patient', newId, 'put')
        }
        for (const v of await tx.objectStore('visits').index('patientId').getAll(conflict.id)) {
          await tx.objectStore('visits').put({ ...v, patientId: target, rev: v.rev + 1 })
          await queue(tx, 'visit', v.id, 'put')
        }
        await dropEntries(entity)
        await tx.objectStore('patients').delete(conflict.id)
        await tx.objectStore('synced').delete(entity)
        return true
      }
      if (resolution === 'mine' && theirs) {
        await tx.objectStore('synced').put({ entity, rev: theirs.rev })
        await queue(tx, 'patient', conflict.id, 'put')
        return true
      }
      await dropEntries(entity)
      if (theirs) {
        await tx.objectStore('patients').put(localPatientOf(theirs, mine))
        await tx.objectStore('synced').put({ entity, rev: theirs.rev })
      } else if ((await tx.objectStore('visits').index('patientId').count(conflict.id)) === 0) {
        await tx.objectStore('patients').delete(conflict.id)
        await tx.objectStore('synced').delete(entity)
      }
      return true
    })
  }

  forgetServer(): Promise<void> {
    return inTransaction(this.db, ['synced', 'syncMeta', 'outbox'], async (tx) => {
      await tx.objectStore('synced').clear()
      // Pushed to another database, from its revisions: pushed to this one anew, from what the record holds.
      for (const entry of await tx.objectStore('outbox').getAll())
        if (entry.pushed) {
          const { pushed: _pushed, ...rest } = entry
          await tx.objectStore('outbox').put(rest)
        }
      for (const key of await tx.objectStore('syncMeta').getAllKeys())
        if (key.startsWith('has:')) await tx.objectStore('syncMeta').delete(key)
    })
  }

  queueUnsynced(): Promise<number> {
    return inTransaction(this.db, ['patients', 'visits', ...SYNC_STORES], async (tx) => {
      let queued = 0
      const kinds: [EntityKind, string[]][] = [
        ['patient', await tx.objectStore('patients').getAllKeys()],
        ['visit', await tx.objectStore('visits').getAllKeys()],
      ]
      for (const [kind, ids] of kinds)
        for (const id of ids) {
          const key = entityKey(kind, id)
          if ((await tx.objectStore('synced').getKey(key)) !== undefined) continue
          if ((await tx.objectStore('outbox').index('entity').count(key)) > 0) continue
          await queue(tx, kind, id, 'put')
          queued++
        }
      return queued
    })
  }

  async reportSettings(): Promise<unknown> {
    return this.db.get('settings', REPORT_SETTINGS_KEY)
  }

  async saveReportSettings(settings: StoredReportSettings): Promise<void> {
    await this.db.put('settings', settings, REPORT_SETTINGS_KEY)
  }

  async lastBackup(): Promise<string | undefined> {
    const value = await this.db.get('settings', LAST_BACKUP_KEY)
    return typeof value === 'string' ? value : undefined
  }

  async saveLastBackup(iso: string): Promise<void> {
    await this.db.put('settings', iso, LAST_BACKUP_KEY)
  }

  firstPersistAsk(): Promise<boolean> {
    return inTransaction(this.db, ['settings'], async (tx) => {
      if ((await tx.objectStore('settings').getKey(PERSIST_ASKED_KEY)) !== undefined) return false
      await tx.objectStore('settings').put(new Date().toISOString(), PERSIST_ASKED_KEY)
      return true
    })
  }

  async syncServer(): Promise<string | null> {
    return (await this.syncState())?.url || null
  }
}
