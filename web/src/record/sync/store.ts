/**
 * What the sync needs of the local record's storage (idb-storage.ts implements it): the
 * outbox in order, the server revision each patient and visit is in step with, the
 * conflicts, the sync's own state, and the writes a pull or a resolution makes. Each
 * method is one IndexedDB transaction, so a sync interrupted at any point (a closed tab,
 * a lost connection) leaves the record and the outbox consistent.
 */
import type { PatientRecord, VisitRecord } from '../model.js'
import type { PhotoData } from '../storage.js'
import type {
  Conflict,
  EntityKey,
  EntityKind,
  OutboxEntry,
  PulledEntity,
  RejectedDeletion,
  Resolution,
  SyncedMark,
  SyncServerState,
  WireChange,
} from './types.js'

/** An outbox entry taken for a push, with what the record holds of its entity now. */
export interface TakenEntry {
  readonly entry: OutboxEntry
  readonly local: PatientRecord | VisitRecord | undefined
  readonly mark: SyncedMark | undefined
}

/** What a pulled change did to the local record. */
export type PulledOutcome = 'skipped' | 'applied' | 'conflict'

export interface SyncStore {
  syncState(): Promise<SyncServerState | undefined>
  saveSyncState(state: SyncServerState): Promise<void>
  /** Every entry waiting, in order. */
  outbox(): Promise<OutboxEntry[]>
  conflicts(): Promise<Conflict[]>
  /**
   * Takes the next entries to push (at most `limit`), in order, marking them sent: none of
   * an entity with an open conflict or of a visit whose patient has one, no deletion
   * before its `notBefore` (while it can be undone), nothing after a skipped entry of the
   * same entity, and one entry per entity (the next is pushed from the revision this one's
   * answer gives, in the next pass).
   */
  takeOutbox(limit: number, now: number): Promise<TakenEntry[]>
  /** Keeps the changes `entry` is about to be pushed as (its `pushed`), before the push. */
  savePushed(entry: OutboxEntry, changes: readonly WireChange[]): Promise<void>
  /**
   * The entry forgets what it was pushed as and takes `changeId`, so that it is pushed again from
   * what the record holds then: a new id when the server refused its id as used with other content
   * (`change_id_reused`; a conflict follows if the server's copy moved on meanwhile), the same id when
   * the server refused the change otherwise (a refused change is not remembered there).
   */
  renewChange(entry: OutboxEntry, changeId: string): Promise<void>
  /** The entry reached the server: removed, and its entity marked in step with the revision stored there. */
  settleApplied(entry: OutboxEntry, mark: SyncedMark): Promise<void>
  /** The server deleted it, or never had it: the entry and the entity's mark removed. */
  settleDeleted(entry: OutboxEntry): Promise<void>
  /** The entry ran into a conflict: every entry of its entity removed, the conflict kept (both copies stay reachable). */
  settleConflict(entry: OutboxEntry, conflict: Conflict): Promise<void>
  /** The SHA-256 of a local photo, once computed. */
  photoSha(key: string): Promise<string | undefined>
  /** Keeps a local photo's SHA-256, and the photo's key under its SHA-256. */
  savePhotoSha(key: string, sha: string): Promise<void>
  /** The key of a local photo with these bytes (by SHA-256), if one was hashed. */
  photoKeyOf(sha: string): Promise<string | undefined>
  /** Whether the server is known to hold this photo. */
  serverHas(sha: string): Promise<boolean>
  saveServerHas(sha: string, has: boolean): Promise<void>
  photo(key: string): Promise<PhotoData | undefined>
  /** Applies one pulled change (plan.ts decidePulled), storing the photos it names that are not stored. */
  applyPulled(change: PulledEntity, photos: readonly PhotoData[]): Promise<PulledOutcome>
  /**
   * Carries out the clinician's answer to a conflict: keep mine (pushed from the server's
   * revision), keep theirs (the server's copy replaces this one), or keep both (this copy
   * becomes a new visit `newId`, the server's takes its place; each labelled with where it came
   * from: `names.device` (this device's name, `names.deviceId` its id) and `names.server` (the
   * server's host), and the time that copy was last changed; the server's copy is queued too, so
   * its label reaches the server). False when it is no longer open.
   */
  resolveConflict(
    entity: EntityKey,
    resolution: Resolution,
    photos: readonly PhotoData[],
    newId: string,
    names?: { readonly device: string; readonly server: string; readonly deviceId?: string },
  ): Promise<boolean>
  /** The deletions an admin rejected that the clinician has not dismissed, oldest first. */
  rejectedDeletions(): Promise<RejectedDeletion[]>
  /** Keeps a rejected deletion's notice (one per entity: a later one replaces it; the last 20 kept). */
  saveRejectedDeletion(rejected: RejectedDeletion): Promise<void>
  /** The clinician dismissed the notice. */
  dismissRejectedDeletion(kind: EntityKind, id: string): Promise<void>
  /** Another server database (restored from a backup, or another server): every mark and photo known there forgotten. */
  forgetServer(): Promise<void>
  /** Queues every patient and visit not in step with the server and not queued (after a pull from a restored server). */
  queueUnsynced(): Promise<number>
}
