/**
 * The sync with the clinic's record server as pure decisions and as a model-based test
 * (docs/record.md, "Sync with the clinic's record server"). The decisions (plan.ts): what
 * a pulled change does, what a push answer does, the changes an outbox entry is pushed
 * as. The outbox (idb-storage.ts on fake-indexeddb): queued with each write in its
 * transaction, coalesced while unsent, and the record of an older database version
 * queued for its first sync. Then fast-check: two devices (the real IdbStorage and
 * SyncEngine each) make random edits, offline or online, with push answers lost on the
 * way, and sync through a model server that follows docs/record-server.md's protocol
 * (revisions, change ids remembered, identifier keys unique, photos by SHA-256, pull
 * since a cursor); the clinician resolves the conflicts shown. At the end both devices
 * and the server hold the same visits, every edit not knowingly replaced is there, none
 * twice, and every photo arrived with its bytes.
 */
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { describe, test } from 'node:test'
import 'fake-indexeddb/auto'
import fc from 'fast-check'
import { openDB } from 'idb'
import type { SignInOptionsView } from '../../../../core/record-sync-wire.js'
import { IdbStorage } from '../../../../web/src/record/idb-storage.js'
import { identifierKey, type PatientRecord, type VisitRecord } from '../../../../web/src/record/model.js'
import type { PhotoData } from '../../../../web/src/record/storage.js'
import { SyncEngine } from '../../../../web/src/record/sync/engine.js'
import { changesFor, decidePulled, type LocalSide, pushOutcome } from '../../../../web/src/record/sync/plan.js'
import { SyncError, type SyncTransport } from '../../../../web/src/record/sync/transport.js'
import type {
  DeletionRequestView,
  PulledEntity,
  PullPage,
  PushResult,
  Refusal,
  Resolution,
  ServerPatient,
  ServerVisit,
  SignedInUser,
  WireChange,
} from '../../../../web/src/record/sync/types.js'
import type { AssessmentFile } from '../../../../web/src/state/assessment-file.js'
import { png } from '../fixtures.js'

const RUNS = Number(process.env.SYNC_MODEL_RUNS ?? 100)
let databases = 0
const newDatabase = () => `sync-test-${++databases}`

const side = (over: Partial<LocalSide>): LocalSide => ({
  mark: undefined,
  pending: false,
  exists: true,
  same: false,
  ...over,
})

describe('what a pulled change does (decidePulled)', () => {
  test('applied when nothing is pending here; never over unsynced edits', () => {
    assert.equal(decidePulled(false, 3, side({ exists: false })), 'apply')
    assert.equal(decidePulled(false, 3, side({ mark: { entity: 'visit:v', rev: 2 } })), 'apply')
    assert.deepEqual(decidePulled(false, 3, side({ mark: { entity: 'visit:v', rev: 2 }, pending: true })), {
      conflict: 'pulled',
    })
  })
  test('our own push coming back is skipped; the same content only marks', () => {
    assert.equal(decidePulled(false, 2, side({ mark: { entity: 'visit:v', rev: 2 }, pending: true })), 'skip')
    assert.equal(
      decidePulled(false, 4, side({ mark: { entity: 'visit:v', rev: 2 }, same: true, pending: true })),
      'mark',
    )
  })
  test('a local copy never synced that differs is a conflict (a restored server), not overwritten', () => {
    assert.deepEqual(decidePulled(false, 1, side({})), { conflict: 'pulled' })
  })
  test('a deletion is applied only where nothing is pending', () => {
    assert.equal(decidePulled(true, null, side({ mark: { entity: 'visit:v', rev: 2 } })), 'delete')
    assert.deepEqual(decidePulled(true, null, side({ pending: true })), { conflict: 'deleted' })
    assert.equal(decidePulled(true, null, side({ exists: false })), 'skip')
  })
})

describe('what a push answer does (pushOutcome) and what an entry is pushed as (changesFor)', () => {
  test('refusals: conflict and identifier_taken keep the server copy; photo_missing asks for uploads', () => {
    const current = { id: 'v', rev: 4 } as unknown as ServerVisit
    const refused = (type: Refusal['type'], ctx?: Record<string, unknown>): PushResult => ({
      change_id: 'c',
      status: 'refused',
      error: { type, message: type, ...(ctx ? { ctx } : {}) },
    })
    assert.deepEqual(pushOutcome(refused('conflict', { current })), {
      kind: 'conflict',
      reason: 'changed',
      theirs: current,
    })
    assert.deepEqual(pushOutcome(refused('deleted')), { kind: 'conflict', reason: 'deleted', theirs: null })
    assert.deepEqual(pushOutcome(refused('photo_missing', { missing: ['ab'] })), { kind: 'photos', missing: ['ab'] })
    assert.equal(pushOutcome(refused('not_found')).kind, 'retry')
  })
  test('a visit moved here to another patient is pushed as the explicit move, then its content', () => {
    const visit = {
      id: 'v',
      patientId: 'p2',
      date: '',
      created: 't',
      updated: 't',
      file: {} as AssessmentFile,
      photos: {},
      rev: 5,
    } satisfies VisitRecord
    const entry = {
      changeId: 'c1',
      entity: 'visit:v',
      kind: 'visit',
      id: 'v',
      op: 'put',
      sent: true,
      queued: 't',
    } as const
    const changes = changesFor(entry, visit, { entity: 'visit:v', rev: 3, patientId: 'p1' }, (k) => k)
    assert.deepEqual(
      changes.map((c) => [c.op, c.base_rev, c.change_id]),
      [
        ['move_visit', 3, 'c1.move'],
        ['put_visit', 4, 'c1'],
      ],
    )
    assert.deepEqual(
      changesFor(entry, visit, undefined, (k) => k).map((c) => [c.op, c.base_rev]),
      [['put_visit', null]],
    )
  })
})

const file = (token: number) => ({ token }) as unknown as AssessmentFile
const tokenOf = (f: unknown) => (f as { token: number }).token

function photoOf(key: string, salt: number): PhotoData {
  return { key, type: 'image/png', width: 4, height: 3, blob: new Blob([png(4, 3, salt)], { type: 'image/png' }) }
}

/** Patient 'p', identifier HC-1, typed here now. */
function patientHc1(): PatientRecord {
  return {
    id: 'p',
    identifier: 'HC-1',
    key: identifierKey('HC-1'),
    name: '',
    notes: '',
    created: new Date().toISOString(),
    origin: 'typed',
  }
}

function newVisit(id: string, patientId: string, token: number, photoKey: string): VisitRecord {
  const now = new Date().toISOString()
  return {
    id,
    patientId,
    date: '2026-11-24',
    created: now,
    updated: now,
    file: file(token),
    photos: { anterior: { key: photoKey, type: 'image/png', width: 4, height: 3 } },
    rev: 0,
  }
}

describe('the outbox', () => {
  test('a write queues its change in its transaction; unsent entries carry later writes; a sent one does not', async () => {
    const storage = await IdbStorage.open(newDatabase())
    const patient = patientHc1()
    const visit = newVisit('v', 'p', 1, 'k')
    const first = await storage.saveVisit(visit, null, patient, [photoOf('k', 1)])
    assert.ok(first.ok)
    await storage.saveVisit({ ...visit, file: file(2) }, 1, null, [])
    assert.deepEqual(
      (await storage.outbox()).map((e) => [e.entity, e.op, e.sent]),
      [
        ['patient:p', 'put', false],
        ['visit:v', 'put', false],
      ],
    )
    const taken = await storage.takeOutbox(10, Date.now())
    assert.equal(tokenOf((taken[1]!.local as VisitRecord).file), 2, 'the push carries what the record holds')
    await storage.saveVisit({ ...visit, file: file(3) }, 2, null, [])
    assert.deepEqual(
      (await storage.outbox()).map((e) => [e.entity, e.sent]),
      [
        ['patient:p', true],
        ['visit:v', true],
        ['visit:v', false],
      ],
    )
    // A deletion while it can be undone is not taken; its undo takes it back.
    await storage.settleApplied(taken[0]!.entry, { entity: 'patient:p', rev: 1 })
    await storage.settleApplied(taken[1]!.entry, { entity: 'visit:v', rev: 1, patientId: 'p' })
    const until = Date.now() + 60_000
    await storage.deleteVisit('v', until)
    assert.deepEqual(
      (await storage.outbox()).map((e) => [e.entity, e.op]),
      [['visit:v', 'delete']],
    )
    assert.deepEqual(await storage.takeOutbox(10, Date.now()), [])
    await storage.undoDeletion(Date.now())
    assert.deepEqual(
      (await storage.outbox()).map((e) => [e.entity, e.op]),
      [['visit:v', 'put']],
    )
    storage.close()
  })

  test('a record of the previous database version keeps its data and is queued for its first sync, patients first', async () => {
    const name = newDatabase()
    const old = await openDB(name, 3, {
      upgrade(db) {
        db.createObjectStore('patients', { keyPath: 'id' }).createIndex('key', 'key')
        db.createObjectStore('visits', { keyPath: 'id' }).createIndex('patientId', 'patientId')
        db.createObjectStore('photos', { keyPath: 'key' })
        db.createObjectStore('workspace')
        db.createObjectStore('deletion')
        db.createObjectStore('settings')
        db.createObjectStore('pairs', { keyPath: 'id' })
      },
    })
    const visit = { ...newVisit('v1', 'p1', 7, 'k1'), rev: 3 }
    await old.put('visits', visit)
    await old.put('patients', {
      id: 'p1',
      identifier: 'HC-1',
      key: 'hc-1',
      name: 'A',
      notes: '',
      created: 't',
      origin: 'added',
    })
    old.close()
    const storage = await IdbStorage.open(name)
    assert.deepEqual(await storage.visit('v1'), visit)
    assert.deepEqual(
      (await storage.outbox()).map((e) => [e.entity, e.op, e.sent]),
      [
        ['patient:p1', 'put', false],
        ['visit:v1', 'put', false],
      ],
    )
    storage.close()
  })
})

// ---------------------------------------------------------------------------------------------
// The model server: docs/record-server.md's protocol, in memory.

const sha256 = async (blob: Blob) =>
  createHash('sha256')
    .update(new Uint8Array(await blob.arrayBuffer()))
    .digest('hex')

/** A change's JSON with its keys in order, as the server hashes it (src/record-server/sync.ts canonicalJson). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`
  return JSON.stringify(value) ?? 'null'
}

class ModelServer {
  constructor(readonly databaseId = 'db-model') {}
  seq = 0
  readonly patients = new Map<string, ServerPatient>()
  readonly visits = new Map<string, ServerVisit>()
  readonly applied = new Map<string, PushResult>()
  /** What each applied change id was applied with (the server keeps its hash): the same id with other content is refused. */
  readonly appliedContent = new Map<string, string>()
  /** Change ids pushed again with other content (change_id_reused): the client must never send one. */
  readonly reused: string[] = []
  readonly photos = new Map<string, Uint8Array>()
  /** Deletion requests by id, as docs/record-server.md's "Deletion requests" keeps them. */
  readonly requests = new Map<string, DeletionRequestView>()

  requestDeletion(requestId: string, kind: 'patient' | 'visit', id: string, rev: number): DeletionRequestView {
    const known = this.requests.get(requestId)
    if (known) return structuredClone(known)
    const stored = kind === 'visit' ? this.visits.get(id) : this.patients.get(id)
    if (!stored) throw new SyncError('not_found', 'no such entity')
    if (stored.rev !== rev) throw new SyncError('conflict', 'changed', 409, { current: stored })
    const request: DeletionRequestView = {
      id: requestId,
      kind,
      entity_id: id,
      rev,
      patient_id: 'patient_id' in stored ? stored.patient_id : stored.id,
      requested_by: 'u',
      requested_at: new Date().toISOString(),
      device_id: null,
      status: 'pending',
      decided_by: null,
      decided_at: null,
      reason: null,
      comment: '',
    }
    this.requests.set(requestId, request)
    return structuredClone(request)
  }

  /** An admin's decision on every pending request (an approval deletes, as the server does). */
  decide(status: 'approved' | 'rejected', comment = ''): void {
    for (const [id, r] of this.requests) {
      if (r.status !== 'pending') continue
      if (status === 'approved') (r.kind === 'visit' ? this.visits : this.patients).delete(r.entity_id)
      this.requests.set(id, { ...r, status, comment, decided_by: 'admin', decided_at: new Date().toISOString() })
    }
  }

  private refuse(change: WireChange, type: Refusal['type'], ctx?: Record<string, unknown>): PushResult {
    return { change_id: change.change_id, status: 'refused', error: { type, message: type, ...(ctx ? { ctx } : {}) } }
  }

  apply(change: WireChange): PushResult {
    const earlier = this.applied.get(change.change_id)
    if (earlier && this.appliedContent.get(change.change_id) !== canonical(change)) {
      this.reused.push(change.change_id)
      return this.refuse(change, 'change_id_reused', { change_id: change.change_id })
    }
    if (earlier) return { ...earlier, replayed: true } as PushResult
    const now = new Date().toISOString()
    let result: PushResult
    if (change.op === 'put_patient') {
      const stored = this.patients.get(change.patient.id)
      if ((stored?.rev ?? null) !== change.base_rev) return this.refuse(change, 'conflict', { current: stored ?? null })
      const key = identifierKey(change.patient.identifier)
      const holder = [...this.patients.values()].find((p) => p.key === key && p.id !== change.patient.id)
      if (holder) return this.refuse(change, 'identifier_taken', { current: holder })
      const row: ServerPatient = {
        ...change.patient,
        key,
        created: stored?.created ?? change.patient.created,
        updated: now,
        rev: (stored?.rev ?? 0) + 1,
        seq: ++this.seq,
      }
      this.patients.set(row.id, row)
      result = { change_id: change.change_id, status: 'applied', kind: 'patient', entity: row }
    } else if (change.op === 'put_visit') {
      const stored = this.visits.get(change.visit.id)
      if ((stored?.rev ?? null) !== change.base_rev) return this.refuse(change, 'conflict', { current: stored ?? null })
      if (stored && stored.patient_id !== change.visit.patient_id) return this.refuse(change, 'invalid_request')
      if (!this.patients.has(change.visit.patient_id)) return this.refuse(change, 'not_found')
      const missing = Object.values(change.visit.photos).flatMap((p) =>
        p && !this.photos.has(p.sha256) ? [p.sha256] : [],
      )
      if (missing.length) return this.refuse(change, 'photo_missing', { missing })
      const row: ServerVisit = {
        ...change.visit,
        content: structuredClone(change.visit.content),
        created: stored?.created ?? change.visit.created,
        updated: now,
        rev: (stored?.rev ?? 0) + 1,
        seq: ++this.seq,
      }
      this.visits.set(row.id, row)
      result = { change_id: change.change_id, status: 'applied', kind: 'visit', entity: row }
    } else {
      const stored = this.visits.get(change.visit_id)
      if (!stored) return this.refuse(change, 'not_found')
      if (stored.rev !== change.base_rev) return this.refuse(change, 'conflict', { current: stored })
      if (!this.patients.has(change.patient_id)) return this.refuse(change, 'not_found')
      const row = { ...stored, patient_id: change.patient_id, updated: now, rev: stored.rev + 1, seq: ++this.seq }
      this.visits.set(row.id, row)
      result = { change_id: change.change_id, status: 'applied', kind: 'visit', entity: row }
    }
    this.applied.set(change.change_id, result)
    this.appliedContent.set(change.change_id, canonical(change))
    return result
  }

  pull(cursor: number, limit: number): PullPage {
    const all: PulledEntity[] = [
      ...[...this.patients.values()].map(
        (p) => ({ seq: p.seq, kind: 'patient', id: p.id, deleted: false, patient: p }) as const,
      ),
      ...[...this.visits.values()].map(
        (v) => ({ seq: v.seq, kind: 'visit', id: v.id, deleted: false, visit: v }) as const,
      ),
    ]
      .filter((e) => e.seq > cursor)
      .sort((a, b) => a.seq - b.seq)
    const page = all.slice(0, limit)
    return {
      database_id: this.databaseId,
      changes: structuredClone(page),
      cursor: page.at(-1)?.seq ?? cursor,
      more: all.length > limit,
    }
  }
}

/** One device's way to the model server: offline when told, and a push whose answer is lost (applied, but the device never hears). */
class ModelTransport implements SyncTransport {
  online = true
  loseNextAnswer = false
  role: SignedInUser['role'] = 'clinician'
  /** For an admin: every visit is within its retention period (the server refuses a deletion without a reason). */
  withinRetention = false
  /** Whether the server holds a session for this browser (a single sign-on's callback opens one). */
  sessionOpen = true
  options: SignInOptionsView = { password_login: 'all', sso: null }
  constructor(public server: ModelServer) {}
  private check(): void {
    if (!this.online) throw new SyncError('offline', 'offline')
  }
  async signInOptions(): Promise<SignInOptionsView> {
    this.check()
    return this.options
  }
  async signIn(): Promise<SignedInUser> {
    this.check()
    return { id: 'u', email: 'c@clinic.test', role: this.role }
  }
  async signOut(): Promise<void> {}
  async session(): Promise<SignedInUser | null> {
    this.check()
    return this.sessionOpen ? { id: 'u', email: 'c@clinic.test', role: this.role } : null
  }
  async push(changes: readonly WireChange[]): Promise<PushResult[]> {
    this.check()
    const results = changes.map((c) => this.server.apply(structuredClone(c)))
    if (this.loseNextAnswer) {
      this.loseNextAnswer = false
      throw new SyncError('offline', 'the answer was lost')
    }
    return results
  }
  async pull(cursor: number, limit: number): Promise<PullPage> {
    this.check()
    return this.server.pull(cursor, limit)
  }
  async putPhoto(sha: string, blob: Blob): Promise<void> {
    this.check()
    const bytes = new Uint8Array(await blob.arrayBuffer())
    assert.equal(await sha256(blob), sha, 'a photo is sent with its own SHA-256')
    this.server.photos.set(sha, bytes)
  }
  async getPhoto(sha: string): Promise<Blob> {
    this.check()
    const bytes = this.server.photos.get(sha)
    if (!bytes) throw new SyncError('not_found', 'no photo')
    return new Blob([new Uint8Array(bytes)])
  }
  async deleteEntity(kind: 'patient' | 'visit', id: string): Promise<'deleted' | 'gone'> {
    this.check()
    if (this.role !== 'admin') throw new SyncError('forbidden', 'a clinician does not delete on the server')
    if (this.withinRetention) throw new SyncError('retention_period', 'within its retention period', 409)
    return (kind === 'visit' ? this.server.visits : this.server.patients).delete(id) ? 'deleted' : 'gone'
  }
  async requestDeletion(
    requestId: string,
    kind: 'patient' | 'visit',
    id: string,
    rev: number,
  ): Promise<DeletionRequestView> {
    this.check()
    if (this.role === 'read-only') throw new SyncError('forbidden', 'a read-only user does not ask')
    return this.server.requestDeletion(requestId, kind, id, rev)
  }
  async fetchEntity(kind: 'patient' | 'visit', id: string): Promise<PulledEntity | null> {
    this.check()
    if (kind === 'visit') {
      const visit = this.server.visits.get(id)
      return visit ? { seq: visit.seq, kind, id, deleted: false, visit: structuredClone(visit) } : null
    }
    const patient = this.server.patients.get(id)
    return patient ? { seq: patient.seq, kind, id, deleted: false, patient: structuredClone(patient) } : null
  }
}

interface Device {
  readonly name: string
  readonly storage: IdbStorage
  readonly engine: SyncEngine
  readonly transport: ModelTransport
  made: number
}

async function makeDevice(name: string, server: ModelServer): Promise<Device> {
  const storage = await IdbStorage.open(newDatabase())
  const transport = new ModelTransport(server)
  let ids = 0
  const engine = new SyncEngine(storage, {
    transport: () => transport,
    sha256,
    newId: () => `${name}-copy-${++ids}`,
    now: () => new Date(),
    exclusive: (body) => body(),
    changed: () => undefined,
  })
  await engine.start()
  assert.ok(await engine.setServer('http://record.test'))
  await engine.signIn('c@clinic.test', 'password')
  return { name, storage, engine, transport, made: 0 }
}

const IDENTIFIERS = ['HC-1', 'hc - 1', 'HC-2', 'HC-3'] as const

type Action =
  | { readonly kind: 'visit'; readonly device: 0 | 1; readonly identifier: number; readonly photo: number }
  | { readonly kind: 'edit'; readonly device: 0 | 1; readonly pick: number }
  | { readonly kind: 'sync'; readonly device: 0 | 1; readonly lose: boolean }
  | { readonly kind: 'online'; readonly device: 0 | 1; readonly online: boolean }
  | { readonly kind: 'resolve'; readonly device: 0 | 1; readonly pick: number; readonly resolution: Resolution }

const device01 = fc.constantFrom(0 as const, 1 as const)
const actionArb: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    kind: fc.constant('visit' as const),
    device: device01,
    identifier: fc.nat(IDENTIFIERS.length - 1),
    photo: fc.nat(2),
  }),
  fc.record({ kind: fc.constant('edit' as const), device: device01, pick: fc.nat(20) }),
  fc.record({ kind: fc.constant('sync' as const), device: device01, lose: fc.boolean() }),
  fc.record({ kind: fc.constant('online' as const), device: device01, online: fc.boolean() }),
  fc.record({
    kind: fc.constant('resolve' as const),
    device: device01,
    pick: fc.nat(5),
    resolution: fc.constantFrom<Resolution>('mine', 'theirs', 'both'),
  }),
)

/** What the devices hold as visits: id -> patient's identifier key and token. */
async function visitsOf(storage: IdbStorage): Promise<Map<string, string>> {
  const patients = new Map((await storage.patients()).map((p) => [p.id, p.key]))
  return new Map(
    (await storage.visits()).map((v) => [v.id, `${patients.get(v.patientId) ?? '?'} ${tokenOf(v.file)}`] as const),
  )
}

describe('two devices synced through a model server (fast-check)', () => {
  test('converge, with nothing lost or duplicated and every photo arrived', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(actionArb, { minLength: 1, maxLength: 30 }), async (actions) => {
        const server = new ModelServer()
        const devices = [await makeDevice('a', server), await makeDevice('b', server)] as const
        /** Every token written and not knowingly replaced: an edit replaces the copy it was made from; a resolution its loser. */
        const live = new Set<number>()
        /** The photo each token's visit was made with (its bytes' SHA-256). */
        const photoOfToken = new Map<number, string>()
        let tokens = 0
        const resolve = async (d: Device, pick: number, resolution: Resolution) => {
          const conflicts = await d.storage.conflicts()
          if (conflicts.length === 0) return
          const c = conflicts[pick % conflicts.length]!
          let chosen = resolution
          if (c.kind === 'patient')
            chosen = c.reason === 'identifier_taken' ? 'theirs' : chosen === 'both' ? 'mine' : chosen
          if (c.kind === 'visit') {
            const mine = await d.storage.visit(c.id)
            const theirs = c.theirs as ServerVisit | null
            if (chosen === 'mine' && theirs && mine) live.delete(tokenOf(theirs.content))
            if (chosen === 'theirs' && mine) live.delete(tokenOf(mine.file))
          }
          assert.ok(await d.engine.resolve(c.entity, chosen))
        }
        for (const action of actions) {
          const d = devices[action.device]
          if (action.kind === 'visit') {
            const identifier = IDENTIFIERS[action.identifier]!
            const found = (await d.storage.patients()).find((p) => p.key === identifierKey(identifier))
            const patient: PatientRecord = found ?? {
              id: `${d.name}-p${++d.made}`,
              identifier,
              key: identifierKey(identifier),
              name: '',
              notes: '',
              created: new Date().toISOString(),
              origin: 'typed',
            }
            const token = ++tokens
            const photo = photoOf(`${d.name}-k${token}`, action.photo)
            photoOfToken.set(token, await sha256(photo.blob))
            const visit = newVisit(`${d.name}-v${++d.made}`, patient.id, token, photo.key)
            assert.ok((await d.storage.saveVisit(visit, null, found ? null : patient, [photo])).ok)
            live.add(token)
          } else if (action.kind === 'edit') {
            const visits = await d.storage.visits()
            if (visits.length === 0) continue
            const v = visits[action.pick % visits.length]!
            const token = ++tokens
            photoOfToken.set(token, photoOfToken.get(tokenOf(v.file))!)
            assert.ok((await d.storage.saveVisit({ ...v, file: file(token) }, v.rev, null, [])).ok)
            live.delete(tokenOf(v.file))
            live.add(token)
          } else if (action.kind === 'online') {
            d.transport.online = action.online
          } else if (action.kind === 'sync') {
            d.transport.loseNextAnswer = action.lose
            await d.engine.run()
            d.transport.loseNextAnswer = false
          } else {
            await resolve(d, action.pick, action.resolution)
          }
        }
        // Back online for good: sync, resolve what is shown (keeping both), until nothing waits anywhere.
        for (const d of devices) d.transport.online = true
        // Done when nothing waits and each device ran after the server's last write.
        const seen = [-1, -1]
        for (let round = 0; round < 12; round++) {
          for (const [i, d] of devices.entries()) {
            await d.engine.run()
            for (const c of await d.storage.conflicts()) await resolve(d, 0, c.kind === 'visit' ? 'both' : 'mine')
            await d.engine.run()
            seen[i] = server.seq
          }
          const waiting = await Promise.all(
            devices.map(async (d) => (await d.storage.outbox()).length + (await d.storage.conflicts()).length),
          )
          if (waiting.every((n) => n === 0) && seen.every((s) => s === server.seq)) break
        }
        for (const d of devices) {
          assert.deepEqual(await d.storage.outbox(), [], `${d.name}: nothing left to push`)
          assert.deepEqual(await d.storage.conflicts(), [], `${d.name}: no conflict left`)
          assert.equal(d.engine.status.phase, 'idle', `${d.name}: ${d.engine.status.problem}`)
        }
        const [a, b] = await Promise.all(devices.map((d) => visitsOf(d.storage)))
        assert.deepEqual([...a!].sort(), [...b!].sort(), 'both devices hold the same visits')
        const onServer = new Map(
          [...server.visits.values()].map((v) => [
            v.id,
            `${server.patients.get(v.patient_id)?.key} ${tokenOf(v.content)}`,
          ]),
        )
        assert.deepEqual([...a!].sort(), [...onServer].sort(), 'and the server holds them')
        assert.deepEqual(server.reused, [], 'no change id was sent again with other content')
        const held = [...a!.values()].map((s) => Number(s.split(' ').at(-1)))
        assert.equal(new Set(held).size, held.length, 'no edit is held twice')
        for (const token of live) assert.ok(held.includes(token), `edit ${token} is not lost`)
        // Same patients everywhere, one per identifier key.
        const keys = [...server.patients.values()].map((p) => p.key)
        assert.equal(new Set(keys).size, keys.length)
        for (const d of devices)
          assert.deepEqual((await d.storage.patients()).map((p) => p.id).sort(), [...server.patients.keys()].sort())
        // Every visit's photo arrived with its bytes.
        for (const d of devices)
          for (const v of await d.storage.visits()) {
            const photo = await d.storage.photo(v.photos.anterior!.key)
            assert.ok(photo, `${d.name}: visit ${v.id} has its photo`)
            assert.equal(await sha256(photo.blob), photoOfToken.get(tokenOf(v.file)))
          }
        for (const d of devices) d.storage.close()
      }),
      { numRuns: RUNS },
    )
  })
})

describe('a restored server (another database id)', () => {
  test('the device pulls from 0 and pushes again what the restored server lacks; an older copy there is a conflict, not overwritten', async () => {
    const server = new ModelServer('db-1')
    const d = await makeDevice('a', server)
    const patient = patientHc1()
    assert.ok((await d.storage.saveVisit(newVisit('v1', 'p', 1, 'k1'), null, patient, [photoOf('k1', 0)])).ok)
    await d.engine.run()
    // The backup is taken here: the patient and v1 at token 1.
    const backup = structuredClone({ patients: [...server.patients], visits: [...server.visits], seq: server.seq })
    const v1 = (await d.storage.visit('v1'))!
    assert.ok((await d.storage.saveVisit({ ...v1, file: file(2) }, v1.rev, null, [])).ok)
    assert.ok((await d.storage.saveVisit(newVisit('v2', 'p', 3, 'k1'), null, null, [])).ok)
    await d.engine.run()
    assert.equal(server.visits.size, 2)
    // Restored from the backup: another database id, without v2 and with v1's older copy (and no photos: lost with it).
    const restored = new ModelServer('db-2')
    for (const [id, p] of backup.patients) restored.patients.set(id, p)
    for (const [id, v] of backup.visits) restored.visits.set(id, v)
    restored.seq = backup.seq
    d.transport.server = restored
    await d.engine.run()
    assert.equal(tokenOf(restored.visits.get('v2')?.content), 3, 'what the restored server lacked is pushed again')
    assert.ok([...restored.photos.keys()].length > 0, 'with its photo')
    const conflicts = await d.storage.conflicts()
    assert.deepEqual(
      conflicts.map((c) => [c.entity, c.reason]),
      [['visit:v1', 'pulled']],
    )
    assert.equal(tokenOf((await d.storage.visit('v1'))!.file), 2, 'the newer local copy is kept')
    assert.ok(await d.engine.resolve('visit:v1', 'mine'))
    await d.engine.run()
    assert.equal(tokenOf(restored.visits.get('v1')?.content), 2)
    assert.deepEqual(await d.storage.outbox(), [])
    d.storage.close()
  })
})

describe('a change id means one change (issue 40)', () => {
  test('a change whose answer was lost is pushed again as it was sent, and an edit made meanwhile as a change of its own', async () => {
    const server = new ModelServer()
    const d = await makeDevice('lost', server)
    const patient = patientHc1()
    assert.ok((await d.storage.saveVisit(newVisit('v1', 'p', 1, 'k1'), null, patient, [photoOf('k1', 0)])).ok)
    await d.engine.run()
    const v1 = (await d.storage.visit('v1'))!
    assert.ok((await d.storage.saveVisit({ ...v1, file: file(2) }, v1.rev, null, [])).ok)
    // The edit reaches the server, but its answer is lost: the device does not know it was applied.
    d.transport.loseNextAnswer = true
    await d.engine.run()
    assert.equal(tokenOf(server.visits.get('v1')?.content), 2)
    // Edited again before the next sync: the entry sent before must not carry this content under its id.
    const again = (await d.storage.visit('v1'))!
    assert.ok((await d.storage.saveVisit({ ...again, file: file(3) }, again.rev, null, [])).ok)
    await d.engine.run()
    await d.engine.run()
    assert.deepEqual(server.reused, [], 'no change id was sent again with other content')
    assert.equal(tokenOf(server.visits.get('v1')?.content), 3, 'the last edit is on the server')
    assert.deepEqual(await d.storage.outbox(), [])
    assert.deepEqual(await d.storage.conflicts(), [])
    assert.equal(d.engine.status.phase, 'idle', String(d.engine.status.problem))
    d.storage.close()
  })

  test('a change id the server refuses as reused is pushed again as a new change', async () => {
    const server = new ModelServer()
    const d = await makeDevice('reused', server)
    const patient = patientHc1()
    assert.ok((await d.storage.saveVisit(newVisit('v1', 'p', 1, 'k1'), null, patient, [photoOf('k1', 0)])).ok)
    // The server already holds other content under the id this device's change will carry (another
    // device's bug, a copied browser profile): refused, never answered as a replay.
    const [entry] = (await d.storage.outbox()).filter((e) => e.entity === 'visit:v1')
    server.applied.set(entry!.changeId, {
      change_id: entry!.changeId,
      status: 'applied',
      kind: 'patient',
      entity: { id: 'x', identifier: 'X', key: 'x', name: '', notes: '', created: '', updated: '', rev: 1, seq: 0 },
    })
    server.appliedContent.set(entry!.changeId, 'something else')
    await d.engine.run()
    assert.deepEqual(server.reused, [entry!.changeId], 'refused once')
    assert.equal(tokenOf(server.visits.get('v1')?.content), 1, 'then pushed again under a new id, in the same sync')
    assert.deepEqual(await d.storage.outbox(), [])
    assert.equal(d.engine.status.phase, 'idle', String(d.engine.status.problem))
    d.storage.close()
  })
})

describe("a deletion made on a clinician's device (a deletion request)", () => {
  const synced = async (name: string) => {
    const server = new ModelServer()
    const d = await makeDevice(name, server)
    const patient = patientHc1()
    assert.ok((await d.storage.saveVisit(newVisit('v1', 'p', 1, 'k1'), null, patient, [photoOf('k1', 0)])).ok)
    await d.engine.run()
    assert.equal(server.visits.get('v1')?.rev, 1)
    // Deleted here, past the time it could be undone.
    assert.ok(await d.storage.deleteVisit('v1', Date.now() - 1))
    return { server, d }
  }

  test('is asked of an admin and waits: the visit stays on the server; a rejection brings it back, with the words', async () => {
    const { server, d } = await synced('reject')
    await d.engine.run()
    assert.equal(d.engine.status.awaitingApproval, 1)
    assert.equal(d.engine.status.phase, 'idle')
    assert.ok(server.visits.has('v1'), 'nothing is deleted on the server until an admin approves')
    assert.deepEqual(
      [...server.requests.values()].map((r) => [r.kind, r.entity_id, r.rev, r.status]),
      [['visit', 'v1', 1, 'pending']],
    )
    await d.engine.run()
    assert.equal(server.requests.size, 1, 'asked again with the same id: one request')
    assert.equal((await d.storage.outbox()).length, 1, 'the deletion waits in the outbox')
    assert.equal(await d.storage.visit('v1'), undefined)
    server.decide('rejected', 'Es la visita de control: se conserva.')
    await d.engine.run()
    assert.equal(d.engine.status.awaitingApproval, 0)
    assert.deepEqual(await d.storage.outbox(), [])
    assert.equal(tokenOf((await d.storage.visit('v1'))?.file), 1, 'the visit is back here')
    assert.deepEqual(
      d.engine.status.rejectedDeletions.map((r) => [r.kind, r.id, r.comment]),
      [['visit', 'v1', 'Es la visita de control: se conserva.']],
    )
    d.storage.close()
  })

  test('approved, the deletion is settled and the visit stays deleted here', async () => {
    const { server, d } = await synced('approve')
    await d.engine.run()
    server.decide('approved')
    assert.ok(!server.visits.has('v1'))
    await d.engine.run()
    assert.deepEqual(await d.storage.outbox(), [])
    assert.equal(await d.storage.visit('v1'), undefined)
    assert.deepEqual(d.engine.status.rejectedDeletions, [])
    assert.equal(d.engine.status.awaitingApproval, 0)
    d.storage.close()
  })

  test("an admin's deletion within the retention period is asked as a request too; outside it, deleted at once", async () => {
    const within = await synced('admin-within')
    within.d.transport.role = 'admin'
    within.d.transport.withinRetention = true
    await within.d.engine.signIn('a@clinic.test', 'password')
    await within.d.engine.run()
    assert.equal(within.d.engine.status.awaitingApproval, 1)
    assert.ok(within.server.visits.has('v1'))
    within.d.storage.close()
    const past = await synced('admin-past')
    past.d.transport.role = 'admin'
    await past.d.engine.signIn('a@clinic.test', 'password')
    await past.d.engine.run()
    assert.ok(!past.server.visits.has('v1'))
    assert.deepEqual(await past.d.storage.outbox(), [])
    assert.equal(past.server.requests.size, 0)
    past.d.storage.close()
  })
})

describe('signing in by single sign-on', () => {
  test('the engine asks the server how to sign in, and takes the session a sign-on that came back opened', async () => {
    const storage = await IdbStorage.open(newDatabase())
    const transport = new ModelTransport(new ModelServer())
    transport.options = { password_login: 'admins', sso: { name: 'Clinic ID', start: '/api/sso/start' } }
    const engine = new SyncEngine(storage, {
      transport: () => transport,
      sha256,
      newId: () => 'id',
      now: () => new Date(),
      exclusive: (body) => body(),
      changed: () => undefined,
    })
    await engine.start()
    assert.equal(await engine.signInOptions(), null, 'no server set: no options')
    assert.ok(await engine.setServer('http://record.test'))
    assert.deepEqual(await engine.signInOptions(), transport.options)
    transport.online = false
    assert.equal(await engine.signInOptions(), null, 'a server that does not answer: none')
    transport.online = true

    transport.sessionOpen = false
    await assert.rejects(engine.completeSso(), (e: unknown) => e instanceof SyncError && e.type === 'signed_out')
    const user = () => engine.status.user
    assert.equal(user(), null)
    transport.sessionOpen = true
    await engine.completeSso()
    assert.equal(user()?.email, 'c@clinic.test')
    assert.equal(engine.status.phase, 'idle')
  })
})

describe("a new device's first sync fetches photos ahead", () => {
  /**
   * A transport that holds each photo download until as many are held as the engine may fetch at
   * once (4; fewer once fewer are left of `total`), then lets the oldest go; those in `failing` fail.
   * An engine that fetched fewer at once would leave the run waiting (the test's timeout fails it).
   */
  class HeldTransport extends ModelTransport {
    inFlight = 0
    mostInFlight = 0
    total = 0
    released = 0
    readonly failing = new Set<string>()
    private readonly held: (() => void)[] = []
    override async getPhoto(sha: string): Promise<Blob> {
      this.inFlight++
      this.mostInFlight = Math.max(this.mostInFlight, this.inFlight)
      try {
        await new Promise<void>((resolve) => {
          this.held.push(resolve)
          this.releaseWhenFull()
        })
        if (this.failing.has(sha)) throw new SyncError('offline', 'the connection dropped')
        return await super.getPhoto(sha)
      } finally {
        this.inFlight--
      }
    }
    private releaseWhenFull(): void {
      while (this.held.length > 0 && this.held.length >= Math.min(4, this.total - this.released)) this.release()
    }
    private release(): void {
      this.released++
      this.held.shift()?.()
    }
    releaseAll(): void {
      while (this.held.length > 0) this.release()
    }
  }

  test('at most 4 visits at once, applied in the server order; a failed download applies nothing after it, the next run everything', {
    timeout: 20_000,
  }, async () => {
    const server = new ModelServer()
    const a = await makeDevice('a', server)
    const patient = patientHc1()
    for (let i = 1; i <= 12; i++) {
      const made = await a.storage.saveVisit(newVisit(`v${i}`, 'p', i, `k${i}`), null, i === 1 ? patient : null, [
        photoOf(`k${i}`, i),
      ])
      assert.ok(made.ok)
    }
    await a.engine.run()
    assert.equal(server.visits.size, 12)
    const shaOf = async (i: number) => sha256((await a.storage.photo(`k${i}`))!.blob)

    const storage = await IdbStorage.open(newDatabase())
    const transport = new HeldTransport(server)
    transport.total = 12
    transport.failing.add(await shaOf(7))
    const applied: string[] = []
    const engine = new SyncEngine(storage, {
      transport: () => transport,
      sha256,
      newId: () => 'id',
      now: () => new Date(),
      exclusive: (body) => body(),
      changed: (kind, id) => applied.push(`${kind}:${id}`),
    })
    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', onUnhandled)
    try {
      await engine.start()
      assert.ok(await engine.setServer('http://record.test'))
      await engine.signIn('c@clinic.test', 'password')
      await engine.run()
      assert.equal(engine.status.phase, 'unreachable', 'the dropped connection is shown')
      assert.deepEqual(applied, ['patient:p', 'visit:v1', 'visit:v2', 'visit:v3', 'visit:v4', 'visit:v5', 'visit:v6'])
      assert.equal(transport.mostInFlight, 4, 'the visit applied next and the 3 after it')
      // The downloads started after the failed one (v8 to v10) end unused, and none is an unhandled rejection.
      assert.equal(transport.inFlight, 3)
      transport.releaseAll()
      while (transport.inFlight > 0) await new Promise((resolve) => setImmediate(resolve))
      await new Promise((resolve) => setImmediate(resolve))
      assert.deepEqual(unhandled, [])

      transport.failing.clear()
      transport.total = 6
      transport.released = 0
      transport.mostInFlight = 0
      await engine.run()
      assert.equal(transport.mostInFlight, 4)
      assert.equal(engine.status.phase, 'idle')
      assert.deepEqual(
        applied.slice(7),
        Array.from({ length: 6 }, (_, i) => `visit:v${i + 7}`),
      )
      for (let i = 1; i <= 12; i++) {
        const visit = await storage.visit(`v${i}`)
        assert.ok(visit, `v${i} arrived`)
        const photo = await storage.photo(visit.photos.anterior!.key)
        assert.equal(await sha256(photo!.blob), await shaOf(i), `v${i}'s photo with its bytes`)
      }
    } finally {
      process.off('unhandledRejection', onUnhandled)
      storage.close()
      a.storage.close()
    }
  })
})
