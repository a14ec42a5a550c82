/**
 * The sync run and the clinic-server settings (docs/record.md, "Sync with the clinic's
 * record server"): sign in and out, then, in one run, push the outbox in order (each
 * change with its id, so a retried push is applied once; a visit's photos uploaded first,
 * once, by SHA-256), then pull every change since the cursor and apply it to the local
 * record (plan.ts decides; a change over unsynced local edits is a conflict, never
 * applied over them). The cursor belongs to the server database's id: another id (a
 * restored server) means everything is pulled again from 0 and what the server lacks is
 * pushed again. A deletion is pushed as the server's DELETE by an admin, or else as a
 * deletion request an admin decides on the server (pushDeletion). Signed in as a read-only
 * user nothing is pushed: the changes made here stay in the outbox, listed as not sent
 * (`status.notSent`), and the pull goes on; a push refused for the role (an admin's demotion
 * meanwhile) turns into the same (docs/record.md, "A read-only account"). Storage (SyncStore)
 * and network (SyncTransport) are interfaces; the
 * clinic-server panel (panel.ts) shows `status` and calls these methods.
 */
import type { SignInOptionsView } from '#core/record-sync-wire.js'
import type { VisitRecord } from '../model.js'
import type { PhotoData } from '../storage.js'
import { changesFor, pushOutcome } from './plan.js'
import type { SyncStore, TakenEntry } from './store.js'
import { SyncError, type SyncTransport } from './transport.js'
import type {
  Conflict,
  EntityKey,
  PulledEntity,
  PushResult,
  RejectedDeletion,
  Resolution,
  ServerVisit,
  SignedInUser,
  SyncServerState,
  WireChange,
} from './types.js'

/** Changes in one push (the server takes at most 100). */
const PUSH_BATCH = 100
/** Push passes in one run at most (each settles at least one entry, or the run stops pushing). */
const MAX_PUSH_PASSES = 20
/** Entities in one pull page (the server answers at most 500). */
const PULL_PAGE = 200
/**
 * While a pulled visit is applied, the photos of at most this many visits after it are being
 * fetched: a new device's first sync downloads every photo, and one at a time each waited for
 * the link's round trip and the server's work before its bytes flowed. It also bounds what a
 * page holds in memory: the photos of this many visits, not of the page's 200.
 */
const PHOTO_FETCH_AHEAD = 3

/**
 * Where the sync stands. `offline`: the browser itself is offline (navigator.onLine false);
 * `unreachable`: the browser is online but the server does not answer (connection refused or
 * reset, no answer, or a proxy's 5xx page in its place); `error`: the server answered and the
 * run could not finish (its own error, e.g. its database down: `problem`).
 */
export type SyncPhase = 'no_server' | 'signed_out' | 'idle' | 'syncing' | 'offline' | 'unreachable' | 'error'

export interface SyncStatus {
  readonly phase: SyncPhase
  readonly url: string
  readonly user: SignedInUser | null
  readonly lastSync: string | null
  /** Outbox entries waiting. */
  readonly pending: number
  /**
   * Signed in as a read-only user: the changes made here that are not sent (the account may read
   * the clinic's record but not change it). Kept in the outbox, never dropped: sent once a clinician
   * or an admin signs in here. Empty for any other role.
   */
  readonly notSent: readonly NotSent[]
  /** Deletions asked of an admin on the server (deletion requests), not yet decided: the entity stays there. */
  readonly awaitingApproval: number
  /** Deletions an admin rejected, kept in the record until the clinician dismisses them: the patient or visit is back here. */
  readonly rejectedDeletions: readonly RejectedDeletion[]
  readonly conflicts: readonly Conflict[]
  /**
   * What kept the last run from finishing, when the phase is 'error': the server's error type
   * (core/record-errors.ts), 'unanswered' (a change the server's answer left out), or 'failed'.
   */
  readonly problem: string | null
}

/** A change made on this device and not sent because the account signed in is read-only. */
export interface NotSent {
  readonly kind: 'patient' | 'visit'
  readonly id: string
  readonly op: 'put' | 'delete'
}

/** Whether the server refused a request for the signed-in user's role (403 `forbidden`, its role in `ctx`). */
function roleRefusal(error: unknown): boolean {
  return error instanceof SyncError && error.type === 'forbidden'
}

export interface SyncEngineEffects {
  readonly transport: (url: string) => SyncTransport
  /** The SHA-256 of a photo's bytes, in lower-case hex. */
  readonly sha256: (blob: Blob) => Promise<string>
  readonly newId: () => string
  readonly now: () => Date
  /** Runs `body` while no other tab of this browser runs a sync (a Web Lock in the page). */
  readonly exclusive: <T>(body: () => Promise<T>) => Promise<T>
  /** A patient or visit of the local record changed by a pull or a resolution (the controller tells the screen and tabs). */
  readonly changed: (kind: 'patient' | 'visit', id: string) => void
  /** Whether the browser says it is online (navigator.onLine); absent: online. */
  readonly online?: () => boolean
  /** This device's name as a kept copy of a conflict is labelled with (e.g. "Chrome on Linux"); absent: ''. */
  readonly deviceName?: string
  /** This device's id (X-Device-Id), kept in a kept copy's label so the clinic's other devices say it was another device. */
  readonly deviceId?: string
}

/** A failure that says the server could not be reached: no answer at all, or a proxy's 5xx page in place of its own. */
function unreachable(error: unknown): boolean {
  return error instanceof SyncError && (error.type === 'offline' || /^http_5\d\d$/.test(error.type))
}

/** The server's address as its origin: scheme, host and port; refused when not http(s). */
export function serverOrigin(text: string): string | null {
  try {
    const url = new URL(text.trim())
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
    return url.origin
  } catch {
    return null
  }
}

export class SyncEngine {
  private transport: SyncTransport | null = null
  private state: SyncServerState | null = null
  private running: Promise<void> | null = null
  private again = false
  private listeners = new Set<() => void>()
  private timer: ReturnType<typeof setTimeout> | undefined
  status: SyncStatus = {
    phase: 'no_server',
    url: '',
    user: null,
    lastSync: null,
    pending: 0,
    notSent: [],
    awaitingApproval: 0,
    rejectedDeletions: [],
    conflicts: [],
    problem: null,
  }

  constructor(
    readonly store: SyncStore,
    private readonly effects: SyncEngineEffects,
  ) {}

  onChange(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private async refresh(patch: Partial<SyncStatus> = {}): Promise<void> {
    const [outbox, conflicts, rejectedDeletions] = await Promise.all([
      this.store.outbox(),
      this.store.conflicts(),
      this.store.rejectedDeletions(),
    ])
    // Signed in read-only: each patient or visit waiting here is listed as not sent (one line each).
    const notSent = new Map<EntityKey, NotSent>()
    if (this.state?.user?.role === 'read-only')
      for (const e of outbox) notSent.set(e.entity, { kind: e.kind, id: e.id, op: e.op })
    this.status = {
      ...this.status,
      url: this.state?.url ?? '',
      user: this.state?.user ?? null,
      lastSync: this.state?.lastSync ?? null,
      pending: outbox.length,
      notSent: [...notSent.values()],
      conflicts,
      rejectedDeletions,
      ...patch,
    }
    for (const l of this.listeners) l()
  }

  /** Reads the saved server and asks it whether the session is still alive (offline: said so). */
  async start(): Promise<void> {
    this.state = (await this.store.syncState()) ?? null
    if (!this.state?.url) return this.refresh({ phase: 'no_server' })
    this.transport = this.effects.transport(this.state.url)
    await this.refresh({ phase: this.state.user ? 'idle' : 'signed_out' })
  }

  /** Sets the record server's address; another server than before starts its sync afresh. */
  async setServer(text: string): Promise<boolean> {
    const url = serverOrigin(text)
    if (!url) return false
    if (this.state?.url !== url) {
      if (this.state?.user) await this.transport?.signOut().catch(() => undefined)
      await this.store.forgetServer()
      this.state = { url, databaseId: null, cursor: 0, lastSync: null, user: null }
      await this.store.saveSyncState(this.state)
      this.transport = this.effects.transport(url)
    }
    await this.refresh({ phase: this.state.user ? 'idle' : 'signed_out', problem: null })
    return true
  }

  /** Signs in; the session is the server's HttpOnly cookie. Throws SyncError (login_failed, account_locked, offline...). */
  async signIn(email: string, password: string): Promise<void> {
    if (!this.transport || !this.state) throw new SyncError('no_server', 'no server set')
    const user = await this.transport.signIn(email, password)
    this.state = { ...this.state, user }
    await this.store.saveSyncState(this.state)
    await this.refresh({ phase: 'idle', problem: null })
  }

  /** How the server lets people sign in (passwords, single sign-on); null with no server set or none answering. */
  async signInOptions(): Promise<SignInOptionsView | null> {
    if (!this.transport) return null
    return this.transport.signInOptions().catch(() => null)
  }

  /**
   * After a single sign-on came back signed in: the server's callback set the session's
   * cookie, so the session (and its CSRF token) is asked for. Throws SyncError when there is
   * none after all (signed_out) or the server cannot be reached.
   */
  async completeSso(): Promise<void> {
    if (!this.transport || !this.state) throw new SyncError('no_server', 'no server set')
    const user = await this.transport.session()
    if (!user) throw new SyncError('signed_out', 'the single sign-on left no session')
    this.state = { ...this.state, user }
    await this.store.saveSyncState(this.state)
    await this.refresh({ phase: 'idle', problem: null })
  }

  async signOut(): Promise<void> {
    if (!this.state) return
    await this.transport?.signOut().catch(() => undefined)
    this.state = { ...this.state, user: null }
    await this.store.saveSyncState(this.state)
    await this.refresh({ phase: 'signed_out', problem: null })
  }

  /**
   * The browser went offline: a run that could not reach the server is said to be offline now (in
   * step, the status waits for the next run to say it: it does not know yet what waits to be sent).
   */
  async browserOffline(): Promise<void> {
    const { phase } = this.status
    if (phase === 'unreachable' || phase === 'error') await this.refresh({ phase: 'offline', problem: null })
  }

  /** The clinician read the notice of a rejected deletion: it is no longer shown. */
  async dismissRejected(kind: RejectedDeletion['kind'], id: string): Promise<void> {
    await this.store.dismissRejectedDeletion(kind, id)
    await this.refresh()
  }

  /** A sync run a moment from now (after a write: several writes make one run). */
  soon(ms = 2_000): void {
    clearTimeout(this.timer)
    this.timer = setTimeout(() => void this.run(), ms)
  }

  /** One sync run; a run asked for while one runs follows it. Resolves when done (its problems are in `status`). */
  run(): Promise<void> {
    if (this.running) {
      this.again = true
      return this.running
    }
    this.running = (async () => {
      do {
        this.again = false
        await this.effects.exclusive(() => this.runOnce())
      } while (this.again)
    })().finally(() => {
      this.running = null
    })
    return this.running
  }

  private async runOnce(): Promise<void> {
    this.state = (await this.store.syncState()) ?? null
    if (!this.state?.url || !this.transport) return this.refresh({ phase: 'no_server' })
    if (!this.state.user) return this.refresh({ phase: 'signed_out' })
    await this.refresh({ phase: 'syncing', problem: null })
    try {
      const user = await this.transport.session()
      if (!user) {
        this.state = { ...this.state, user: null }
        await this.store.saveSyncState(this.state)
        return this.refresh({ phase: 'signed_out' })
      }
      this.state = { ...this.state, user }
      // The first sync with this server (or a restored one): afterwards, what it lacks is queued.
      const restored = this.state.databaseId === null || (await this.checkDatabase())
      const problem = await this.push()
      await this.pull()
      if (restored && (await this.store.queueUnsynced()) > 0) await this.push()
      this.state = { ...this.state, lastSync: this.effects.now().toISOString() }
      await this.store.saveSyncState(this.state)
      await this.refresh({ phase: problem ? 'error' : 'idle', problem })
    } catch (error) {
      if (unreachable(error)) {
        // The browser offline says it; online, the server did not answer (down, or a proxy with nothing behind it).
        const online = this.effects.online?.() ?? true
        return this.refresh({ phase: online ? 'unreachable' : 'offline', problem: null })
      }
      if (error instanceof SyncError && error.type === 'signed_out') {
        this.state = { ...this.state, user: null }
        await this.store.saveSyncState(this.state)
        return this.refresh({ phase: 'signed_out' })
      }
      await this.refresh({ phase: 'error', problem: error instanceof SyncError ? error.type : 'failed' })
    }
  }

  /**
   * Whether the server's database is another than the one the cursor belongs to (restored
   * from a backup): then every mark is forgotten and the pull starts from 0.
   */
  private async checkDatabase(): Promise<boolean> {
    const state = this.state!
    if (state.databaseId === null) return false
    const page = await this.transport!.pull(state.cursor, 1)
    if (page.database_id === state.databaseId) return false
    await this.store.forgetServer()
    this.state = { ...state, databaseId: page.database_id, cursor: 0 }
    await this.store.saveSyncState(this.state)
    return true
  }

  /** The SHA-256 of a local photo, computed once and kept. */
  private async shaOf(key: string): Promise<string | undefined> {
    const known = await this.store.photoSha(key)
    if (known) return known
    const photo = await this.store.photo(key)
    if (!photo) return undefined
    const sha = await this.effects.sha256(photo.blob)
    await this.store.savePhotoSha(key, sha)
    return sha
  }

  /** Uploads a visit's photos the server is not known to hold; their SHA-256 by local key. */
  private async uploadPhotos(visit: VisitRecord, force: ReadonlySet<string> = new Set()): Promise<Map<string, string>> {
    const shas = new Map<string, string>()
    for (const ref of Object.values(visit.photos)) {
      const sha = await this.shaOf(ref.key)
      if (!sha) continue
      shas.set(ref.key, sha)
      if (!force.has(sha) && (await this.store.serverHas(sha))) continue
      const photo = await this.store.photo(ref.key)
      if (!photo) continue
      await this.transport!.putPhoto(sha, photo.blob)
      await this.store.saveServerHas(sha, true)
    }
    return shas
  }

  /**
   * Pushes the outbox, pass after pass (a pass takes one entry per entity) while a pass
   * settles something; answers the last problem that kept a change waiting (null: none).
   * Signed in as a read-only user nothing is pushed: the changes made here stay in the outbox,
   * listed as not sent (`notSent`). A push the server refuses for the user's role (an admin made
   * the user read-only meanwhile) turns into the same: nothing was written there, nothing is lost here.
   */
  private async push(): Promise<string | null> {
    let problem: string | null = null
    for (let pass = 0; pass < MAX_PUSH_PASSES; pass++) {
      const user = this.state!.user!
      if (user.role === 'read-only') {
        this.status = { ...this.status, awaitingApproval: 0 }
        return null
      }
      const before = (await this.store.outbox()).length
      try {
        problem = await this.pushPass(user)
      } catch (error) {
        if (!roleRefusal(error)) throw error
        // Refused for the role: the session says which role it is now (read-only: held here from now on).
        const now = await this.transport!.session()
        if (!now) throw new SyncError('signed_out', 'signed out')
        this.state = { ...this.state!, user: now }
        await this.store.saveSyncState(this.state)
        if (now.role !== 'read-only') throw error
        continue
      }
      const after = await this.store.outbox()
      if (after.length === 0 || after.length >= before) break
    }
    return problem
  }

  private async pushPass(user: SignedInUser): Promise<string | null> {
    const taken = await this.store.takeOutbox(Number.POSITIVE_INFINITY, this.effects.now().getTime())
    try {
      return await this.pushTaken(taken, user)
    } catch (error) {
      // Refused for the role: the server wrote none of them, so each is pushed from the record when it may be.
      if (roleRefusal(error)) for (const t of taken) await this.store.renewChange(t.entry, t.entry.changeId)
      throw error
    }
  }

  private async pushTaken(taken: readonly TakenEntry[], user: SignedInUser): Promise<string | null> {
    let problem: string | null = null
    let awaitingApproval = 0
    let batch: { taken: TakenEntry; changes: readonly WireChange[] }[] = []
    const flush = async () => {
      if (batch.length === 0) return
      const sending = batch
      batch = []
      const results = await this.transport!.push(sending.flatMap((b) => b.changes))
      const byId = new Map(results.map((r) => [r.change_id, r]))
      for (const item of sending) {
        const outcome = await this.settle(item.taken, item.changes, byId, user)
        if (outcome) problem = outcome
      }
    }
    for (const t of taken) {
      if (t.entry.op === 'delete') {
        await flush()
        if (!t.mark) {
          await this.store.settleDeleted(t.entry)
          continue
        }
        try {
          if ((await this.pushDeletion(t, t.mark.rev, user)) === 'pending') awaitingApproval++
        } catch (error) {
          if (
            !(error instanceof SyncError) ||
            error.type === 'offline' ||
            error.type === 'signed_out' ||
            roleRefusal(error)
          )
            throw error
          if (error.type === 'conflict')
            await this.store.settleConflict(t.entry, this.conflictOf(t.entry.entity, 'changed', error.ctx?.current))
          else if (error.type === 'deleted' || error.type === 'not_found') await this.store.settleDeleted(t.entry)
          else problem = error.type
        }
        continue
      }
      if (!t.local) {
        // Deleted here after it was queued: its deletion (queued with it) says what the server does.
        await this.store.settleDeleted({ ...t.entry })
        continue
      }
      const shas =
        t.entry.kind === 'visit' ? await this.uploadPhotos(t.local as VisitRecord) : new Map<string, string>()
      // Sent before (its answer lost): the same changes again, so that its change id names one change.
      // A later edit of the entity is an entry of its own, with its own id.
      let changes = t.entry.pushed
      if (!changes) {
        changes = changesFor(t.entry, t.local, t.mark, (key) => shas.get(key) ?? key)
        await this.store.savePushed(t.entry, changes)
      }
      if (batch.reduce((n, b) => n + b.changes.length, 0) + changes.length > PUSH_BATCH) await flush()
      batch.push({ taken: t, changes })
    }
    await flush()
    this.status = { ...this.status, awaitingApproval }
    return problem
  }

  /**
   * A deletion made here, pushed: an admin deletes on the server at once (outside the retention
   * period); otherwise it is asked of an admin as a deletion request, with the entry's change id
   * as the request's id, and asked again at each sync until decided. Approved: settled (the pull
   * brings the tombstone to the other devices). Rejected: the server's copy comes back here.
   */
  private async pushDeletion(t: TakenEntry, rev: number, user: SignedInUser): Promise<'done' | 'pending'> {
    const { kind, id } = t.entry
    if (user.role === 'admin') {
      try {
        await this.transport!.deleteEntity(kind, id, rev)
        await this.store.settleDeleted(t.entry)
        return 'done'
      } catch (error) {
        // Within its retention period an admin states why on the server: asked as a request (docs/record.md).
        if (!(error instanceof SyncError && error.type === 'retention_period')) throw error
      }
    }
    const request = await this.transport!.requestDeletion(t.entry.changeId, kind, id, rev)
    if (request.status === 'pending') return 'pending'
    await this.store.settleDeleted(t.entry)
    if (request.status === 'rejected') {
      const copy = await this.transport!.fetchEntity(kind, id)
      if (copy) await this.applyOne(copy)
      const rejected: RejectedDeletion = { kind, id, comment: request.comment, decided: request.decided_at ?? '' }
      await this.store.saveRejectedDeletion(rejected)
    }
    return 'done'
  }

  private conflictOf(entity: EntityKey, reason: Conflict['reason'], theirs: unknown): Conflict {
    const [kind, ...rest] = entity.split(':')
    return {
      entity,
      kind: kind as Conflict['kind'],
      id: rest.join(':'),
      reason,
      theirs: (theirs ?? null) as Conflict['theirs'],
      found: this.effects.now().toISOString(),
    }
  }

  /** What the server answered to one entry's changes; a problem to show when it must wait. */
  private async settle(
    taken: TakenEntry,
    changes: readonly WireChange[],
    results: ReadonlyMap<string, PushResult>,
    user: SignedInUser,
    retried = false,
  ): Promise<string | null> {
    const answers = changes.map((c) => results.get(c.change_id))
    const refused = answers.find((a) => a?.status === 'refused')
    const last = answers.at(-1)
    if (!refused && last?.status === 'applied') {
      const outcome = pushOutcome(last)
      if (outcome.kind === 'applied')
        await this.store.settleApplied(taken.entry, {
          entity: taken.entry.entity,
          rev: outcome.rev,
          ...(outcome.patientId === undefined ? {} : { patientId: outcome.patientId }),
        })
      return null
    }
    if (!refused) return 'unanswered'
    const outcome = pushOutcome(refused)
    if (outcome.kind === 'conflict') {
      await this.store.settleConflict(taken.entry, this.conflictOf(taken.entry.entity, outcome.reason, outcome.theirs))
      return null
    }
    if (outcome.kind === 'retry' && outcome.type === 'change_id_reused') {
      // The server holds other content under this id (not this device's sending: it keeps what it
      // sent). Pushed again at the next sync as a new change, from what the record holds; nothing is lost.
      await this.store.renewChange(taken.entry, this.effects.newId())
      return 'change_id_reused'
    }
    if (outcome.kind === 'photos' && !retried) {
      // The server lost photos it was known to hold (restored): upload them again, then the same changes.
      for (const sha of outcome.missing) await this.store.saveServerHas(sha, false)
      await this.uploadPhotos(taken.local as VisitRecord, new Set(outcome.missing))
      const again = await this.transport!.push(changes)
      return this.settle(taken, changes, new Map(again.map((r) => [r.change_id, r])), user, true)
    }
    // Refused: the server wrote nothing and does not remember the id, so the entry is pushed next time
    // from what the record holds then (the clinician may have fixed the cause), not as it was sent.
    await this.store.renewChange(taken.entry, taken.entry.changeId)
    return outcome.kind === 'retry' ? outcome.type : 'photo_missing'
  }

  /** The photos a pulled visit names that this record does not hold, fetched by SHA-256. */
  private async photosOf(visit: ServerVisit): Promise<PhotoData[]> {
    const photos: PhotoData[] = []
    for (const ref of Object.values(visit.photos)) {
      if (!ref || (await this.store.photo(ref.sha256))) continue
      // The same bytes kept here under another key (a photo this device took): no download.
      const here = await this.store.photoKeyOf(ref.sha256)
      const mine = here === undefined ? undefined : await this.store.photo(here)
      if (mine) {
        photos.push({ ...mine, key: ref.sha256, type: ref.type, width: ref.width, height: ref.height })
        continue
      }
      const blob = await this.transport!.getPhoto(ref.sha256)
      const sha = await this.effects.sha256(blob)
      if (sha !== ref.sha256) throw new SyncError('photo_mismatch', ref.sha256)
      photos.push({
        key: ref.sha256,
        type: ref.type,
        width: ref.width,
        height: ref.height,
        blob: new Blob([blob], { type: ref.type }),
      })
      await this.store.savePhotoSha(ref.sha256, ref.sha256)
      await this.store.saveServerHas(ref.sha256, true)
    }
    return photos
  }

  private async applyOne(change: PulledEntity, fetched?: Promise<PhotoData[]>): Promise<void> {
    const photos = await (fetched ?? this.photosFetched(change))
    const outcome = await this.store.applyPulled(change, photos)
    if (outcome !== 'skipped') this.effects.changed(change.kind, change.id)
  }

  /** The photos `change` names that this record lacks, fetched (none for a patient or a deletion). */
  private photosFetched(change: PulledEntity): Promise<PhotoData[]> {
    return !change.deleted && change.kind === 'visit' ? this.photosOf(change.visit) : Promise.resolve([])
  }

  /**
   * Applies a page's changes in their order, each once its photos are here, while the photos of
   * the next PHOTO_FETCH_AHEAD are fetched. A fetch that fails fails the run when its change's turn
   * comes, as before; those after a change that failed are let go (nothing applied, nothing lost:
   * the next run pulls from the same cursor).
   */
  private async applyPage(changes: readonly PulledEntity[]): Promise<void> {
    const ahead: Promise<PhotoData[]>[] = []
    let next = 0
    for (const change of changes) {
      while (next < changes.length && ahead.length <= PHOTO_FETCH_AHEAD) {
        const fetching = this.photosFetched(changes[next++] as PulledEntity)
        // Awaited in its turn; one whose turn never comes must not be an unhandled rejection.
        fetching.catch(() => undefined)
        ahead.push(fetching)
      }
      await this.applyOne(change, ahead.shift())
    }
  }

  private async pull(): Promise<void> {
    for (;;) {
      const state = this.state!
      const page = await this.transport!.pull(state.cursor, PULL_PAGE)
      if (state.databaseId !== null && page.database_id !== state.databaseId) {
        // Restored between the check and now: start again from 0 at the next run.
        await this.store.forgetServer()
        this.state = { ...state, databaseId: page.database_id, cursor: 0 }
        await this.store.saveSyncState(this.state)
        this.again = true
        return
      }
      await this.applyPage(page.changes)
      this.state = { ...state, databaseId: page.database_id, cursor: page.cursor }
      await this.store.saveSyncState(this.state)
      if (!page.more) return
    }
  }

  /** Carries out the clinician's answer to a conflict (the caller syncs after it). */
  async resolve(entity: EntityKey, resolution: Resolution): Promise<boolean> {
    const conflict = (await this.store.conflicts()).find((c) => c.entity === entity)
    if (!conflict) return false
    const theirs = conflict.theirs
    let photos: PhotoData[] = []
    if (conflict.kind === 'visit' && theirs && resolution !== 'mine') {
      if (!this.transport) return false
      photos = await this.photosOf(theirs as ServerVisit)
    }
    const newId = this.effects.newId()
    const server = this.state?.url ? new URL(this.state.url).host : ''
    const done = await this.store.resolveConflict(entity, resolution, photos, newId, {
      device: this.effects.deviceName ?? '',
      ...(this.effects.deviceId ? { deviceId: this.effects.deviceId } : {}),
      server,
    })
    if (done) {
      this.effects.changed(conflict.kind, conflict.id)
      if (resolution !== 'theirs') this.effects.changed(conflict.kind, newId)
      await this.refresh()
    }
    return done
  }
}
