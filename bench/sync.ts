/**
 * Benchmark of the record server's sync (issue 30; not a test, not in CI): a real
 * record-server process (src/record-server) on the embedded SQLite store, or with
 * `--store postgres` on a throwaway PostgreSQL cluster (test/support/postgres.ts),
 * seeded with a clinic (10,000 patients, 50,000 visits, one ~300 KB photo each:
 * bench/sync-seed.ts) in bulk through the store itself before the server starts
 * (`--seed api`: through its HTTP API, as devices would push it), then:
 *  - first sync of a new device: the app's own sync client (web/src/record/sync:
 *    SyncEngine and FetchTransport, as built for Node) pulls every page and downloads
 *    every photo by hash, into a bench store that keeps the record in memory and the
 *    photos' hashes only (the device's IndexedDB writes are not measured); time and bytes;
 *  - saving one visit while 50 devices sync (and with `--hog`, again beside one busy
 *    process at normal priority, as `stress -c 1`): each device runs the app's sync run
 *    (session, push, pull since its cursor, the new photos it lacks) every
 *    `--interval` ms, pushing one edited visit each run and a new visit with a new
 *    photo every 10th run; the push's latency, p50 and p99;
 *  - the server's memory: RSS from /proc/PID/status, V8's heap from /metrics; idle,
 *    after seeding, and the peaks during the first sync and the devices' load.
 * Figures and aims: bench/README.md, "Sync with the record server". Writes
 * bench/sync-results.json (git-ignored).
 *
 *     npm run bench:sync [-- --store postgres] [-- --quick] [-- --rounds N] [-- --hog]
 *       [-- --patients N --visits N --devices N --duration S --interval MS] [-- --seed api]
 *     (issue 30's size: --patients 1000 --visits 5000 --devices 20 --seed api)
 */

import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { identifierKey } from '#core/patient-identifier.js'
import { RECORD_SERVER_ALLOCATOR_ENV } from '../src/allocator.js'
import { auditEntry } from '../src/record-server/audit.js'
import { PostgresStore } from '../src/record-server/postgres-store.js'
import { openEmbedded } from '../src/record-server/serve.js'
import type { AuditEntry, PhotoStore, RecordStore } from '../src/record-server/store.js'
import { startCpuHog } from '../test/support/cpu-hog.js'
import { type PostgresCluster, startPostgres } from '../test/support/postgres.js'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  RecordClient,
  type RecordServer,
  startRecordServer,
} from '../test/support/record-server.js'
import { measuredCommit } from './commit.js'
import {
  type ClinicSize,
  type LatencySummary,
  PHOTO_HEIGHT,
  PHOTO_WIDTH,
  patientId,
  patientIdentifier,
  patientOfVisit,
  photoBytes,
  secondsAt,
  summarize,
  visitContent,
  visitId,
} from './sync-seed.js'

const args = process.argv.slice(2)
const flag = (name: string): string | undefined => {
  const at = args.indexOf(`--${name}`)
  return at >= 0 ? args[at + 1] : args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
}
const QUICK = args.includes('--quick')
const STORE = flag('store') ?? 'sqlite'
if (STORE !== 'sqlite' && STORE !== 'postgres') throw new Error('--store is sqlite (the default) or postgres')
const SIZE: ClinicSize = {
  patients: Number(flag('patients') ?? (QUICK ? 100 : 10_000)),
  visits: Number(flag('visits') ?? (QUICK ? 500 : 50_000)),
}
/** `store` (the default): bulk inserts through the store before the server starts; `api`: through the HTTP API. */
const SEED = flag('seed') ?? 'store'
if (SEED !== 'store' && SEED !== 'api') throw new Error('--seed is store (the default) or api')
/** Also run the devices' load beside one busy process at normal priority (as `stress -c 1`). */
const HOG = args.includes('--hog')
const ROUNDS = Number(flag('rounds') ?? 1)
const DEVICES = Number(flag('devices') ?? (QUICK ? 20 : 50))
const DURATION_S = Number(flag('duration') ?? (QUICK ? 10 : 60))
/** A device's sync run every this many ms: the app runs one 2 s after a change (engine.soon), so a clinician saving continuously gives this. */
const INTERVAL_MS = Number(flag('interval') ?? 2_000)
/**
 * Before the 20 devices, one device alone for this long, a sync run every ALONE_INTERVAL_MS (to have
 * samples): the same save on the same machine at the same time, without the other devices.
 */
const ALONE_S = QUICK ? 5 : 20
const ALONE_INTERVAL_MS = 250
/** One run in this many (the 5th, 15th, ...) a device pushes a new visit with a new photo; the others an edit of its visit. */
const NEW_VISIT_EVERY = 10
/** Entities in one pull page, as the app asks (web/src/record/sync/engine.ts PULL_PAGE). */
const PULL_PAGE = 200
/** Uploads the seeding runs at once. */
const SEED_WORKERS = 4
const RESULTS = fileURLToPath(new URL('../../bench/sync-results.json', import.meta.url))
const MB = 1024 * 1024

// ---------------------------------------------------------------------------------
// The app's sync client, as web/tsconfig.node.json builds it into dist/web-unit (importing
// web/src from here would compile it into dist/web, which the app's build empties). The
// shapes below are the parts of its classes this bench calls (web/src/record/sync/).

const WEB_UNIT = new URL('../web-unit/web/src/record/sync/', import.meta.url)

interface PulledEntity {
  readonly seq: number
  readonly kind: 'patient' | 'visit'
  readonly id: string
  readonly deleted: boolean
  readonly visit?: { readonly id: string; readonly photos: Record<string, { readonly sha256: string } | undefined> }
}
interface PullPage {
  readonly database_id: string
  readonly changes: readonly PulledEntity[]
  readonly cursor: number
  readonly more: boolean
}
interface PushResult {
  readonly change_id: string
  readonly status: 'applied' | 'refused'
  readonly entity?: { readonly rev: number; readonly seq: number }
  readonly error?: { readonly type: string; readonly message: string }
}
interface Transport {
  signIn(email: string, password: string): Promise<unknown>
  session(): Promise<unknown>
  push(changes: readonly unknown[]): Promise<PushResult[]>
  pull(cursor: number, limit: number): Promise<PullPage>
  putPhoto(sha256: string, blob: Blob): Promise<void>
  getPhoto(sha256: string): Promise<Blob>
}
interface Engine {
  setServer(url: string): Promise<boolean>
  signIn(email: string, password: string): Promise<void>
  run(): Promise<void>
  readonly status: { readonly phase: string; readonly problem: string | null }
}
type TransportClass = new (base: string, deviceId: string, fetchFn: typeof fetch) => Transport
type EngineClass = new (store: unknown, effects: unknown) => Engine

const { FetchTransport } = (await import(new URL('transport.js', WEB_UNIT).href)) as { FetchTransport: TransportClass }
const { SyncEngine } = (await import(new URL('engine.js', WEB_UNIT).href)) as { SyncEngine: EngineClass }

/** What a device sent and received: request and answer bodies, bytes (headers not counted). */
interface Traffic {
  requests: number
  sent: number
  received: number
  /** Answers without Content-Length (their bytes are not in `received`). */
  unsized: number
}

const newTraffic = (): Traffic => ({ requests: 0, sent: 0, received: 0, unsized: 0 })

const bodySize = (body: unknown): number =>
  typeof body === 'string'
    ? Buffer.byteLength(body)
    : body instanceof Blob
      ? body.size
      : body instanceof Uint8Array
        ? body.byteLength
        : 0

/** fetch as a browser does it for one device: the session cookie kept and sent back (credentials: 'include'), bytes counted. */
function deviceFetch(traffic: Traffic): typeof fetch {
  let cookie: string | undefined
  return async (input, init) => {
    const headers = new Headers(init?.headers)
    if (cookie) headers.set('cookie', cookie)
    traffic.requests++
    traffic.sent += bodySize(init?.body)
    const answer = await fetch(input, { ...init, headers })
    const set = answer.headers.get('set-cookie')
    if (set) cookie = set.split(';')[0]
    const length = answer.headers.get('content-length')
    if (length === null) traffic.unsized++
    else traffic.received += Number(length)
    return answer
  }
}

const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex')

/**
 * The device's record for the engine (web/src/record/sync/store.ts SyncStore), in memory:
 * the patients and visits pulled, the photos by hash without their bytes (counted), the
 * sync state. A new device: nothing to push, no conflicts.
 */
class BenchSyncStore {
  state: unknown
  readonly patients = new Set<string>()
  readonly visits = new Set<string>()
  readonly photos = new Set<string>()
  photoBytes = 0
  private readonly serverPhotos = new Set<string>()

  syncState = async () => this.state
  saveSyncState = async (state: unknown) => {
    this.state = state
  }
  outbox = async () => []
  conflicts = async () => []
  takeOutbox = async () => []
  settleApplied = async () => {}
  settleDeleted = async () => {}
  settleConflict = async () => {}
  photoSha = async (key: string) => (this.photos.has(key) ? key : undefined)
  savePhotoSha = async () => {}
  photoKeyOf = async () => undefined
  serverHas = async (sha: string) => this.serverPhotos.has(sha)
  saveServerHas = async (sha: string, has: boolean) => {
    if (has) this.serverPhotos.add(sha)
    else this.serverPhotos.delete(sha)
  }
  photo = async (key: string) =>
    this.photos.has(key)
      ? { key, type: 'image/jpeg', width: PHOTO_WIDTH, height: PHOTO_HEIGHT, blob: new Blob([]) }
      : undefined
  applyPulled = async (change: PulledEntity, photos: readonly { key: string; blob: Blob }[]) => {
    if (change.kind === 'patient') this.patients.add(change.id)
    else this.visits.add(change.id)
    for (const p of photos) {
      this.photos.add(p.key)
      this.photoBytes += p.blob.size
    }
    return 'applied'
  }
  resolveConflict = async () => false
  savePushed = async () => {}
  renewChange = async () => {}
  rejectedDeletions = async () => []
  saveRejectedDeletion = async () => {}
  dismissRejectedDeletion = async () => {}
  forgetServer = async () => {
    this.serverPhotos.clear()
  }
  queueUnsynced = async () => 0
}

// ---------------------------------------------------------------------------------
// The server's memory.

interface MemoryReading {
  readonly rss: number
  /** The part of `rss` that is files' pages (the node executable's code, mostly), at the same reading. */
  readonly rssFile: number
  readonly heapUsed: number
  readonly heapTotal: number
  /** Memory outside V8's heap that JavaScript objects hold (Buffers: photo chunks, sockets' data). */
  readonly external: number
}

function rssOf(pid: number): { rss: number; rssFile: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const bytes = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024
  return { rss: bytes('VmRSS'), rssFile: bytes('RssFile') }
}

async function heapOf(url: string): Promise<{ heapUsed: number; heapTotal: number; external: number }> {
  const text = await (await fetch(`${url}/metrics`)).text()
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? Number.NaN)
  return {
    heapUsed: value('record_nodejs_heap_size_used_bytes'),
    heapTotal: value('record_nodejs_heap_size_total_bytes'),
    external: value('record_nodejs_external_memory_bytes'),
  }
}

/** CPU seconds (user + system) a process has used, from /proc/PID/stat (clock ticks of 1/100 s). */
function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}

async function readMemory(server: RecordServer): Promise<MemoryReading> {
  return { ...rssOf(server.child.pid!), ...(await heapOf(server.url)) }
}

/** Samples the server while `body` runs: RSS every 100 ms, the heap every second; the peaks. */
async function sampled<T>(
  server: RecordServer,
  body: () => Promise<T>,
): Promise<{ result: T; peak: MemoryReading; serverCpu: number; benchCpu: number }> {
  const cpuBefore = cpuSecondsOf(server.child.pid!)
  const benchBefore = process.cpuUsage()
  let peak: MemoryReading = await readMemory(server)
  const take = (r: Partial<MemoryReading>) => {
    // The files' part as read with the highest RSS.
    const rss =
      r.rss !== undefined && r.rss > peak.rss
        ? { rss: r.rss, rssFile: r.rssFile ?? 0 }
        : { rss: peak.rss, rssFile: peak.rssFile }
    peak = {
      ...rss,
      heapUsed: Math.max(peak.heapUsed, r.heapUsed ?? 0),
      heapTotal: Math.max(peak.heapTotal, r.heapTotal ?? 0),
      external: Math.max(peak.external, r.external ?? 0),
    }
  }
  const rssTimer = setInterval(() => take(rssOf(server.child.pid!)), 100)
  const heapTimer = setInterval(() => void heapOf(server.url).then(take, () => undefined), 1_000)
  try {
    const result = await body()
    take(await readMemory(server))
    const bench = process.cpuUsage(benchBefore)
    return {
      result,
      peak,
      serverCpu: cpuSecondsOf(server.child.pid!) - cpuBefore,
      benchCpu: (bench.user + bench.system) / 1e6,
    }
  } finally {
    clearInterval(rssTimer)
    clearInterval(heapTimer)
  }
}

// ---------------------------------------------------------------------------------
// Seeding, through the HTTP API as devices would push an existing record.

function check(results: readonly PushResult[], what: string): PushResult[] {
  const refused = results.find((r) => r.status !== 'applied')
  if (refused) throw new Error(`${what}: change ${refused.change_id} refused: ${JSON.stringify(refused.error)}`)
  return [...results]
}

async function seed(
  url: string,
): Promise<{ seconds: number; lastSeq: number; photoBytes: number; photos: ReadonlySet<string> }> {
  const started = performance.now()
  const admin = new FetchTransport(url, 'bench-seed', deviceFetch(newTraffic()))
  await admin.signIn(ADMIN_EMAIL, ADMIN_PASSWORD)
  let lastSeq = 0
  for (let from = 0; from < SIZE.patients; from += 100) {
    const changes = []
    for (let p = from; p < Math.min(SIZE.patients, from + 100); p++)
      changes.push({
        change_id: `seed-${patientId(p)}`,
        op: 'put_patient',
        base_rev: null,
        patient: {
          id: patientId(p),
          identifier: patientIdentifier(p),
          name: `Paciente ${p}`,
          notes: '',
          created: '2026-01-05T09:00:00.000Z',
        },
      })
    const results = check(await admin.push(changes), 'seeding patients')
    lastSeq = Math.max(lastSeq, ...results.map((r) => r.entity?.seq ?? 0))
  }
  let photoTotal = 0
  const photos = new Set<string>()
  let next = 0
  const worker = async () => {
    const transport = new FetchTransport(url, `bench-seed-${next}`, deviceFetch(newTraffic()))
    await transport.signIn(ADMIN_EMAIL, ADMIN_PASSWORD)
    for (;;) {
      const from = next
      next += 100
      if (from >= SIZE.visits) return
      const changes = []
      for (let v = from; v < Math.min(SIZE.visits, from + 100); v++) {
        const bytes = photoBytes(v)
        const sha = sha256Hex(bytes)
        photoTotal += bytes.byteLength
        photos.add(sha)
        await transport.putPhoto(sha, new Blob([bytes]))
        changes.push(newVisitChange(`seed-${visitId(v)}`, v, patientOfVisit(v, SIZE), sha))
      }
      const results = check(await transport.push(changes), 'seeding visits')
      lastSeq = Math.max(lastSeq, ...results.map((r) => r.entity?.seq ?? 0))
    }
  }
  await Promise.all(Array.from({ length: SEED_WORKERS }, worker))
  return { seconds: (performance.now() - started) / 1000, lastSeq, photoBytes: photoTotal, photos }
}

/**
 * Seeding in bulk through the store itself, before the server starts (as an import would):
 * patients and visits in transactions of SEED_BATCH rows with their sequence numbers and an
 * audit entry each (one INSERT per batch), each photo through the store's PhotoStore (streamed,
 * checked by nobody: the bench made it), SEED_WORKERS at once.
 */
const SEED_BATCH = 1_000

async function seedDirect(
  open: () => Promise<{ store: RecordStore; blobs: PhotoStore }>,
): Promise<{ seconds: number; lastSeq: number; photoBytes: number; photos: ReadonlySet<string> }> {
  const started = performance.now()
  const { store, blobs } = await open()
  const actor = { userId: null, userEmail: null, role: null, deviceId: 'bench-seed', address: 'bench' } as const
  const created = '2026-01-05T09:00:00.000Z'
  let lastSeq = 0
  let photoTotal = 0
  const photos = new Set<string>()
  try {
    for (let from = 0; from < SIZE.patients; from += SEED_BATCH)
      await store.transaction(async (tx) => {
        const entries: AuditEntry[] = []
        for (let p = from; p < Math.min(SIZE.patients, from + SEED_BATCH); p++) {
          lastSeq = await tx.nextSeq()
          const identifier = patientIdentifier(p)
          await tx.putPatient({
            id: patientId(p),
            identifier,
            key: identifierKey(identifier),
            name: `Paciente ${p}`,
            notes: '',
            created,
            updated: created,
            rev: 1,
            seq: lastSeq,
          })
          entries.push(auditEntry(actor, 'patient.write', 0, { patientId: patientId(p), detail: 'rev 1 (seed)' }))
        }
        await tx.appendAudits(entries)
      })
    for (let from = 0; from < SIZE.visits; from += SEED_BATCH) {
      const batch: { v: number; sha: string; bytes: number }[] = []
      let next = from
      const end = Math.min(SIZE.visits, from + SEED_BATCH)
      const worker = async () => {
        for (let v = next++; v < end; v = next++) {
          const bytes = photoBytes(v)
          const sha = sha256Hex(bytes)
          const upload = await blobs.receive()
          try {
            await upload.write(bytes)
            await upload.commit(sha)
          } finally {
            await upload.discard()
          }
          batch.push({ v, sha, bytes: bytes.byteLength })
          photoTotal += bytes.byteLength
          photos.add(sha)
        }
      }
      await Promise.all(Array.from({ length: SEED_WORKERS }, worker))
      batch.sort((a, b) => a.v - b.v)
      await store.transaction(async (tx) => {
        const entries: AuditEntry[] = []
        for (const { v, sha, bytes } of batch) {
          await tx.insertPhoto({
            sha256: sha,
            type: 'image/jpeg',
            bytes,
            width: PHOTO_WIDTH,
            height: PHOTO_HEIGHT,
            created,
          })
          lastSeq = await tx.nextSeq()
          const patient = patientId(patientOfVisit(v, SIZE))
          await tx.putVisit({
            id: visitId(v),
            patientId: patient,
            date: '2026-03-02',
            created: '2026-03-02T10:00:00.000Z',
            updated: '2026-03-02T10:00:00.000Z',
            rev: 1,
            seq: lastSeq,
            content: JSON.stringify(visitContent(v)),
            photos: JSON.stringify({
              anterior: { sha256: sha, type: 'image/jpeg', width: PHOTO_WIDTH, height: PHOTO_HEIGHT },
            }),
            copy: null,
          })
          entries.push(
            auditEntry(actor, 'visit.write', 0, { patientId: patient, visitId: visitId(v), detail: 'rev 1 (seed)' }),
          )
        }
        await tx.appendAudits(entries)
      })
      if ((from / SEED_BATCH) % 10 === 9)
        console.log(`  seeded ${end} visits, ${((performance.now() - started) / 1000).toFixed(0)} s`)
    }
  } finally {
    await store.close()
  }
  return { seconds: (performance.now() - started) / 1000, lastSeq, photoBytes: photoTotal, photos }
}

function newVisitChange(changeId: string, visit: number, patient: number, sha: string, id = visitId(visit)) {
  return {
    change_id: changeId,
    op: 'put_visit',
    base_rev: null,
    visit: {
      id,
      patient_id: patientId(patient),
      date: '2026-03-02',
      created: '2026-03-02T10:00:00.000Z',
      content: visitContent(visit),
      photos: { anterior: { sha256: sha, type: 'image/jpeg', width: PHOTO_WIDTH, height: PHOTO_HEIGHT } },
    },
  }
}

// ---------------------------------------------------------------------------------
// First sync of a new device: the app's engine, end to end.

interface FirstSync {
  readonly seconds: number
  readonly traffic: Traffic
  readonly patients: number
  readonly visits: number
  readonly photos: number
  readonly photoBytes: number
  readonly cursor: number
  readonly peak: MemoryReading
  /** CPU seconds the server and this process (the device) used. */
  readonly serverCpu: number
  readonly benchCpu: number
}

async function firstSync(server: RecordServer, email: string, password: string): Promise<FirstSync> {
  const traffic = newTraffic()
  const store = new BenchSyncStore()
  const engine = new SyncEngine(store, {
    transport: (url: string) => new FetchTransport(url, `bench-new-device-${Date.now()}`, deviceFetch(traffic)),
    sha256: async (blob: Blob) => sha256Hex(new Uint8Array(await blob.arrayBuffer())),
    newId: () => crypto.randomUUID(),
    now: () => new Date(),
    exclusive: <T>(body: () => Promise<T>) => body(),
    changed: () => undefined,
  })
  await engine.setServer(server.url)
  await engine.signIn(email, password)
  const before = { ...traffic }
  const started = performance.now()
  const { peak, serverCpu, benchCpu } = await sampled(server, () => engine.run())
  const seconds = (performance.now() - started) / 1000
  if (engine.status.phase !== 'idle')
    throw new Error(`the first sync ended ${engine.status.phase}: ${engine.status.problem}`)
  if (store.patients.size !== SIZE.patients || store.visits.size !== SIZE.visits || store.photos.size !== SIZE.visits)
    throw new Error(
      `the first sync brought ${store.patients.size} patients, ${store.visits.size} visits, ${store.photos.size} photos; the server holds ${SIZE.patients}, ${SIZE.visits}, ${SIZE.visits}`,
    )
  return {
    seconds,
    traffic: {
      requests: traffic.requests - before.requests,
      sent: traffic.sent - before.sent,
      received: traffic.received - before.received,
      unsized: traffic.unsized - before.unsized,
    },
    patients: store.patients.size,
    visits: store.visits.size,
    photos: store.photos.size,
    photoBytes: store.photoBytes,
    cursor: (store.state as { cursor: number }).cursor,
    peak,
    serverCpu,
    benchCpu,
  }
}

// ---------------------------------------------------------------------------------
// Twenty devices syncing: the app's sync run, request by request, on each device.

interface LoadFigures {
  readonly push: LatencySummary
  readonly newVisitPush: LatencySummary
  readonly photoPut: LatencySummary
  readonly pull: LatencySummary
  readonly photoGet: LatencySummary
  readonly runs: number
  /** The furthest cursor a device reached. */
  readonly cursor: number
  readonly refused: number
  readonly failures: readonly string[]
  readonly seconds: number
  readonly peak: MemoryReading
  readonly serverCpu: number
  readonly benchCpu: number
}

/**
 * `users.length` devices, each signed in as its user, running a sync run every `pace.intervalMs`
 * for `pace.seconds` from `cursor` (already in step with the seeded record): the latencies of
 * each request kind, the refusals and failures, and the server's peaks and CPU meanwhile.
 */
async function devicesSyncing(
  server: RecordServer,
  users: readonly { email: string; password: string }[],
  cursor: number,
  /** The seeded photos: every device has synced them before the load (its first sync). */
  seededPhotos: ReadonlySet<string>,
  pace: { readonly seconds: number; readonly intervalMs: number; readonly firstVisit: number },
): Promise<LoadFigures> {
  const push: number[] = []
  const newVisitPush: number[] = []
  const photoPut: number[] = []
  const pull: number[] = []
  const photoGet: number[] = []
  const failures: string[] = []
  let runs = 0
  let furthest = cursor
  let refused = 0
  const transports = await Promise.all(
    users.map(async (u, d) => {
      const t = new FetchTransport(server.url, `bench-device-${d}`, deviceFetch(newTraffic()))
      await t.signIn(u.email, u.password)
      return t
    }),
  )
  const timed = async <T>(into: number[], body: () => Promise<T>): Promise<T> => {
    const started = performance.now()
    const result = await body()
    into.push(performance.now() - started)
    return result
  }
  let stopping = false
  const device = async (d: number, transport: Transport) => {
    // Its own visit to edit (a seeded one, at rev 1), its cursor, the photos it holds.
    const seeded = (pace.firstVisit + d) % SIZE.visits
    let current = { id: visitId(seeded), index: seeded, patient: patientOfVisit(seeded, SIZE), rev: 1 }
    let sha = sha256Hex(photoBytes(seeded))
    let local = cursor
    let edits = 0
    const held = new Set<string>()
    // Staggered starts: devices are not in step.
    await new Promise((resolve) => setTimeout(resolve, (pace.intervalMs * d) / users.length))
    while (!stopping) {
      const due = performance.now() + pace.intervalMs
      try {
        runs++
        edits++
        await transport.session()
        if (edits % NEW_VISIT_EVERY === NEW_VISIT_EVERY / 2) {
          // A new visit: its photo first, then the visit naming it.
          // Numbered by the device across phases (firstVisit + d), so no two devices make the same visit or photo.
          const index = SIZE.visits + (pace.firstVisit + d) * 100_000 + edits
          const bytes = photoBytes(index)
          const newSha = sha256Hex(bytes)
          await timed(photoPut, () => transport.putPhoto(newSha, new Blob([bytes])))
          held.add(newSha)
          const id = `bench-new-${pace.firstVisit + d}-${edits}`
          const change = newVisitChange(crypto.randomUUID(), index, current.patient, newSha, id)
          const [result] = await timed(newVisitPush, () => transport.push([change]))
          if (result?.status === 'applied') {
            current = { id, index, patient: current.patient, rev: result.entity?.rev ?? 1 }
            sha = newSha
          } else refused++
        } else {
          // A marker moved on its visit: the visit pushed from the revision this device holds.
          const change = newVisitChange(crypto.randomUUID(), current.index, current.patient, sha, current.id)
          const edited = {
            ...change,
            base_rev: current.rev,
            visit: { ...change.visit, content: visitContent(current.index, edits) },
          }
          const [result] = await timed(push, () => transport.push([edited]))
          if (result?.status === 'applied') current = { ...current, rev: result.entity?.rev ?? current.rev }
          else refused++
        }
        // The pull since its cursor, in the app's pages, and the photos of new visits it lacks.
        for (;;) {
          const page = await timed(pull, () => transport.pull(local, PULL_PAGE))
          for (const change of page.changes)
            for (const ref of Object.values(change.visit?.photos ?? {})) {
              if (!ref || held.has(ref.sha256) || seededPhotos.has(ref.sha256)) continue
              const blob = await timed(photoGet, () => transport.getPhoto(ref.sha256))
              if (sha256Hex(new Uint8Array(await blob.arrayBuffer())) !== ref.sha256)
                throw new Error(`photo ${ref.sha256} arrived damaged`)
              held.add(ref.sha256)
            }
          local = page.cursor
          furthest = Math.max(furthest, local)
          if (!page.more) break
        }
      } catch (error) {
        failures.push(String(error))
      }
      const wait = due - performance.now()
      if (wait > 0 && !stopping) await new Promise((resolve) => setTimeout(resolve, wait))
    }
  }
  const started = performance.now()
  const { peak, serverCpu, benchCpu } = await sampled(server, async () => {
    const running = transports.map((t, d) => device(d, t))
    await new Promise((resolve) => setTimeout(resolve, pace.seconds * 1000))
    stopping = true
    await Promise.all(running)
  })
  return {
    push: summarize(push),
    newVisitPush: summarize(newVisitPush),
    photoPut: summarize(photoPut),
    pull: summarize(pull),
    photoGet: summarize(photoGet),
    runs,
    cursor: furthest,
    refused,
    failures,
    seconds: (performance.now() - started) / 1000,
    peak,
    serverCpu,
    benchCpu,
  }
}

// ---------------------------------------------------------------------------------
// The run.

const mb = (bytes: number) => (bytes / MB).toFixed(1)
const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '-')
const memoryLine = (r: MemoryReading) =>
  `RSS ${mb(r.rss)} MB (${mb(r.rssFile)} of it files' pages), heap used ${mb(r.heapUsed)} of ${mb(r.heapTotal)} MB, external ${mb(r.external)} MB`
const latencyRow = (name: string, s: LatencySummary) =>
  `| ${name} | ${s.count} | ${ms(s.p50)} | ${ms(s.p99)} | ${ms(s.max)} |`

async function main(): Promise<void> {
  const load = () =>
    loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')
  console.log(
    `bench:sync on ${STORE}: ${SIZE.patients} patients, ${SIZE.visits} visits (one photo each), ${ROUNDS} first-sync round(s), ` +
      `${DEVICES} devices for ${DURATION_S} s (a sync run every ${INTERVAL_MS} ms each); commit ${measuredCommit()}, Node ${process.version}, load average ${load()}`,
  )
  let cluster: PostgresCluster | undefined
  let server: RecordServer | undefined
  try {
    cluster = STORE === 'postgres' ? await startPostgres() : undefined
    const database = cluster === undefined ? undefined : await cluster.createDatabase('bench')
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-sync-'))
    // As its Deployment runs it: with the record server's allocator setting (src/allocator.ts).
    const env = { ...RECORD_SERVER_ALLOCATOR_ENV, RECORD_LOGIN_RATE_LIMIT: '10000', RECORD_LOG_LEVEL: 'error' }
    let seeding: Awaited<ReturnType<typeof sampled<Awaited<ReturnType<typeof seed>>>>> | undefined
    if (SEED === 'store') {
      // Seeded before the server starts (its CPU and memory are the bench's then), the server started on it.
      const benchBefore = process.cpuUsage()
      const result = await seedDirect(async () => {
        if (database === undefined) return openEmbedded(dataDir)
        const store = await PostgresStore.open(database)
        return { store, blobs: store.photos }
      })
      const bench = process.cpuUsage(benchBefore)
      server = await startRecordServer({ database, dataDir, env })
      const none = { rss: 0, rssFile: 0, heapUsed: 0, heapTotal: 0, external: 0 }
      seeding = { result, peak: none, serverCpu: 0, benchCpu: (bench.user + bench.system) / 1e6 }
      console.log(
        `seeded through the store in ${result.seconds.toFixed(1)} s (${mb(result.photoBytes)} MB of photos; CPU ${seeding.benchCpu.toFixed(1)} s), load average ${load()}`,
      )
    } else server = await startRecordServer({ database, dataDir, env })
    const idle = await readMemory(server)
    console.log(`idle: ${memoryLine(idle)}`)

    if (seeding === undefined) {
      const running = server
      seeding = await sampled(running, () => seed(running.url))
      console.log(
        `seeded through the HTTP API in ${seeding.result.seconds.toFixed(1)} s (${mb(seeding.result.photoBytes)} MB of photos; server CPU ${seeding.serverCpu.toFixed(1)} s, bench ${seeding.benchCpu.toFixed(1)} s); ` +
          `peak while seeding ${memoryLine(seeding.peak)}`,
      )
    }
    const seeded = await readMemory(server)
    console.log(`after seeding: ${memoryLine(seeded)}`)

    const admin = new RecordClient(server.url, 'bench-admin')
    if ((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status !== 200) throw new Error('the admin could not log in')
    const users: { email: string; password: string }[] = []
    for (let i = 0; i < DEVICES + 2; i++) {
      const email = `clinician-${i}@clinic.test`
      const password = `password of clinician ${i}`
      const made = await admin.request('POST', '/api/users', { email, role: 'clinician', password })
      if (made.status !== 201) throw new Error(`creating ${email}: ${made.status} ${JSON.stringify(made.body)}`)
      users.push({ email, password })
    }

    const syncs: FirstSync[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const s = await firstSync(server, users[DEVICES + 1]!.email, users[DEVICES + 1]!.password)
      syncs.push(s)
      console.log(
        `first sync ${round + 1}: ${s.seconds.toFixed(1)} s, ${s.traffic.requests} requests, ${mb(s.traffic.received)} MB received ` +
          `(${s.traffic.unsized} answers unsized), ${s.patients} patients, ${s.visits} visits, ${s.photos} photos; server CPU ${s.serverCpu.toFixed(1)} s, device ${s.benchCpu.toFixed(1)} s; peak ${memoryLine(s.peak)}`,
      )
    }
    const cursor = syncs.at(-1)?.cursor ?? seeding.result.lastSeq

    const alone = await devicesSyncing(server, users.slice(0, 1), cursor, seeding.result.photos, {
      seconds: ALONE_S,
      intervalMs: ALONE_INTERVAL_MS,
      firstVisit: DEVICES,
    })
    console.log(
      `one device alone, ${alone.seconds.toFixed(1)} s (a sync run every ${ALONE_INTERVAL_MS} ms): ${alone.runs} sync runs, ${alone.refused} refused, ${alone.failures.length} failed; ` +
        `save p50 ${ms(alone.push.p50)} ms, p99 ${ms(alone.push.p99)} ms (n ${alone.push.count}); pull page p50 ${ms(alone.pull.p50)} ms; server CPU ${alone.serverCpu.toFixed(1)} s`,
    )
    const phase = async (hog: boolean, from: number, firstVisit: number) => {
      const busy = hog ? startCpuHog(1, DURATION_S + 30) : undefined
      try {
        const loadBefore = load()
        const figures = await devicesSyncing(server!, users.slice(1, DEVICES + 1), from, seeding!.result.photos, {
          seconds: DURATION_S,
          intervalMs: INTERVAL_MS,
          firstVisit,
        })
        const after = await readMemory(server!)
        console.log(
          `${DEVICES} devices${hog ? ' beside a CPU hog (one busy process)' : ''}, ${figures.seconds.toFixed(1)} s: ${figures.runs} sync runs, ${figures.refused} pushes refused, ${figures.failures.length} failed runs; server CPU ${figures.serverCpu.toFixed(1)} s (${((figures.serverCpu / Math.max(1, figures.runs)) * 1000).toFixed(1)} ms per sync run), devices ${figures.benchCpu.toFixed(1)} s; load average before ${loadBefore}, after ${load()}`,
        )
        for (const f of new Set(figures.failures)) console.log(`  failure: ${f}`)
        console.log('| request | n | p50 ms | p99 ms | max ms |\n|---|---:|---:|---:|---:|')
        console.log(latencyRow('push: one visit edited (save)', figures.push))
        console.log(latencyRow('push: one new visit', figures.newVisitPush))
        console.log(latencyRow('photo upload, 300 KB', figures.photoPut))
        console.log(latencyRow('pull page since the cursor', figures.pull))
        console.log(latencyRow('photo download, 300 KB', figures.photoGet))
        console.log(
          `save p99 ${ms(figures.push.p99)} ms (aim <= 250: ${figures.push.p99 <= 250 ? 'met' : 'missed'}); peak during the load: ${memoryLine(figures.peak)}; after it: ${memoryLine(after)}`,
        )
        return { ...figures, failures: [...new Set(figures.failures)], after, loadBefore, loadAfter: load() }
      } finally {
        await busy?.stop()
      }
    }
    const loaded = await phase(false, alone.cursor, 0)
    // Beside the hog, the devices make new visits of their own (numbered after the first phase's).
    const hogged = HOG ? await phase(true, loaded.cursor, DEVICES + 1) : undefined

    const bytes = syncs.at(-1)?.traffic.received ?? 0
    const loopback = syncs.map((s) => s.seconds).sort((a, b) => a - b)[Math.floor(syncs.length / 2)] ?? Number.NaN
    const at100 = loopback + secondsAt(bytes, 1e8)
    if (syncs.length > 0)
      console.log(
        `first sync, the bytes alone: ${secondsAt(bytes, 1e9).toFixed(1)} s at 1 Gbit/s, ${secondsAt(bytes, 1e8).toFixed(1)} s at 100 Mbit/s; ` +
          `median on loopback ${loopback.toFixed(1)} s; at 100 Mbit/s ${at100.toFixed(1)} s, ${((at100 / secondsAt(bytes, 1e8) - 1) * 100).toFixed(0)} % over the bytes' time (aim <= 20 %); load average ${load()}`,
      )
    writeFileSync(
      RESULTS,
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          commit: measuredCommit(),
          node: process.version,
          store: STORE,
          size: SIZE,
          devices: DEVICES,
          durationSeconds: DURATION_S,
          intervalMs: INTERVAL_MS,
          loadAverageEnd: loadavg(),
          idle,
          seeding: { ...seeding.result, photos: seeding.result.photos.size, peak: seeding.peak, after: seeded },
          firstSyncs: syncs,
          alone: { ...alone, failures: [...new Set(alone.failures)] },
          seed: SEED,
          load: loaded,
          hog: hogged,
        },
        null,
        2,
      )}\n`,
    )
  } finally {
    await server?.dispose()
    await cluster?.dispose()
  }
}

await main()
