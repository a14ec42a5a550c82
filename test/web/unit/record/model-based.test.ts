/**
 * The record's guarantees as a model-based test (docs/record.md, "What the record
 * guarantees"). fast-check generates sequences of what clinicians do in two tabs of
 * one browser: mark a photo, write the visit's notes, commit a patient identifier, change the date, save,
 * open a visit, start a new one, move a visit, delete and undo, reload a tab, close a
 * tab and open another, have a page go before its changes are written (then reloaded or
 * opened in a new tab: the journal brings them back), let a tab hear the other's writes, export and import, mark two
 * visits as a repeat pair and remove a pair. They
 * run against the real RecordController and IdbStorage on fake-indexeddb (one
 * database per sequence, one connection per tab, as in a browser). After every step
 * a reference model of what must hold is checked against what is stored, read in one transaction (as of one
 * moment). A second passes before each step: the app's timers are node:test's mock timers, so the autosave's
 * 300 ms timer fires as the next step begins, its write running alongside that step, the same on every run
 * whatever the machine's load (it raced real time before, and a run's result depended on it):
 *
 * - nothing lost: every marker value ever seen on a screen or in the record is still
 *   in the record, in a tab's workspace or on a screen, unless a clinician replaced
 *   it on a screen that showed it, confirmed discarding it, or deleted its visit;
 * - nothing moved: a visit keeps the patient it entered the record with, unless a
 *   confirmed "Move to another patient…" moved it there; a visit entering the record
 *   goes to the patient whose identifier the screen carried;
 * - every photo a visit or workspace refers to is stored;
 * - no save fails, no command throws;
 * - a backup of the record imported into an empty record gives the same backup, and
 *   imported into the record itself changes nothing;
 * - every repeat pair of the repeatability study ever made is still stored unless a
 *   clinician confirmed its removal (deleting a visit leaves its pairs).
 *
 * Each marker value is a token: the n-th edit of a run puts a marker at a point that
 * encodes n, so where a value went can be traced; a note edit writes the visit's notes
 * as a text that carries its token ("Nota #n …", accents and a line break included). Seeded: fast-check prints the seed
 * and the shrunk sequence of a failure (RECORD_MODEL_SEED and RECORD_MODEL_PATH replay it);
 * RECORD_MODEL_RUNS sets how many sequences run.
 */
import assert from 'node:assert/strict'
import { describe, mock, test } from 'node:test'
// The IndexedDB classes as globals (idb needs them), then a fresh database factory per sequence.
import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import fc from 'fast-check'
import { openDB } from 'idb'
import { VIEWS } from '#core/markers.js'
import {
  checkRaster,
  type DecodedImage,
  STORED_PHOTO_LIMITS,
  verifiedRaster,
} from '../../../../web/src/files/raster.js'
import { BACKUP_FORMAT } from '../../../../web/src/record/backup.js'
import {
  type RecordChannel,
  RecordController,
  type RecordEffects,
  type RecordMessage,
} from '../../../../web/src/record/controller.js'
import { IdbStorage } from '../../../../web/src/record/idb-storage.js'
import { proposedDecisions } from '../../../../web/src/record/import-plan.js'
import { identifierKey, type PatientRecord, type VisitRecord } from '../../../../web/src/record/model.js'
import type { Question } from '../../../../web/src/record/questions.js'
import type { PhotoData, Workspace } from '../../../../web/src/record/storage.js'
import { StudyActions } from '../../../../web/src/record/study-actions.js'
import type { AssessmentFile } from '../../../../web/src/state/assessment-file.js'
import { commit, identifierCommitted, photoOpened, setMeta, setNotes } from '../../../../web/src/state/commands.js'
import { withTarget } from '../../../../web/src/state/model.js'
import { type AppState, initialState } from '../../../../web/src/state/state.js'
import { createStore, type Store } from '../../../../web/src/state/store.js'
import { png } from '../fixtures.js'

const RUNS = Number(process.env.RECORD_MODEL_RUNS ?? 2000)
const PHOTO_SIDE = 2000
const IDENTIFIERS = ['HC-0042', ' hc-0042 ', 'HC-0107', 'HC-9999'] as const
const DATES = ['2026-11-24', '2026-11-25', ''] as const
const VIEWS_USED = ['anterior', 'posterior'] as const
const MARKERS_USED = 4

/** A decoder for node: the size a PNG's header gives. */
async function headerSize(blob: Blob): Promise<DecodedImage> {
  const bytes = new Uint8Array(await blob.arrayBuffer())
  const checked = checkRaster(bytes, STORED_PHOTO_LIMITS)
  if (!checked.ok) throw new Error('not a raster image')
  return { width: checked.width, height: checked.height, close: () => undefined }
}

/** The point that carries token n (integers inside the photo, so snapping keeps them). */
function pointOf(token: number): [number, number] {
  return [100 + (token % 1000), 100 + Math.floor(token / 1000)]
}

function tokenOf(p: readonly [number, number]): number {
  return (p[1] - 100) * 1000 + (p[0] - 100)
}

/** The notes that carry token n: Spanish with accents and a line break, as a clinician writes them. */
function noteOf(token: number): string {
  return `Nota #${token}: báscula pélvica.\nRevisión en tres meses.`
}

/** The token a visit's notes carry ([] for none). */
function tokensOfNotes(notes: string | undefined): number[] {
  const found = /^Nota #(\d+):/.exec(notes ?? '')
  return found ? [Number(found[1])] : []
}

function tokensOfFile(file: AssessmentFile | null | undefined): number[] {
  if (!file) return []
  return [
    ...Object.values(file.views).flatMap((v) => Object.values(v?.markers ?? {}).map((p) => tokenOf(p))),
    ...tokensOfNotes(file.notes),
  ]
}

function tokensOfScreen(state: AppState): number[] {
  return [
    ...VIEWS_USED.flatMap((v) => Object.values(state.views[v].doc.markers).map((p) => tokenOf(p))),
    ...tokensOfNotes(state.meta.notes),
  ]
}

interface Tab {
  readonly id: string
  store: Store<AppState>
  storage: IdbStorage
  controller: RecordController
  study: StudyActions
  listener: ((m: RecordMessage) => Promise<void>) | null
  readonly inbox: RecordMessage[]
  /** Answers to the next questions (true: the action; false: Cancel); none left: Cancel. */
  answers: boolean[]
}

/** One run: a browser with two tab slots on one database, and the reference model. */
class World {
  readonly slots: (Tab | null)[] = [null, null]
  private clock = Date.parse('2026-11-25T09:00:00.000Z')
  private ids = 0
  private tokens = 0
  private tabs = 0
  private readonly photos = new Map<string, Uint8Array<ArrayBuffer>>()
  /** Each tab's journal of its last change not yet written (the browser's localStorage). */
  private readonly journals = new Map<string, string>()
  readonly log: string[] = []
  // The reference model.
  /** Every token seen so far: each must stay somewhere unless released. */
  private readonly seen = new Set<number>()
  /** Tokens a clinician replaced on a screen that showed them, discarded on purpose, or deleted with a visit. */
  private readonly released = new Set<number>()
  /** The patient key each visit of the record belongs to, as the model expects it. */
  private readonly owner = new Map<string, string>()
  /** A confirmed move, allowed to change one visit's owner in the step that asked for it. */
  private moving: { visitId: string; key: string } | null = null
  /** Visits an import may add with owners of its own. */
  importing = false
  /** The patient keys screens have carried (a visit enters the record under one of them). */
  private readonly carried = new Set<string>()
  /** Every repeat pair ever stored, and those whose removal a clinician confirmed. */
  private readonly pairsSeen = new Set<string>()
  private readonly pairsRemoved = new Set<string>()

  constructor(readonly db: string) {}

  now = (): Date => new Date(this.clock)
  newId = (): string => `id-${String(++this.ids).padStart(4, '0')}`
  /**
   * Time passes: the clock the app reads, and its timers (node:test's mock timers stand in for setTimeout: the
   * autosave's 300 ms timer fires here, between steps, the same on every run and under any load; fake-indexeddb
   * schedules with setImmediate, left real).
   */
  tick(ms = 1000): void {
    this.clock += ms
    mock.timers.tick(ms)
  }

  private effects(tab: () => Tab, id: string): RecordEffects {
    const channel: RecordChannel = {
      post: (message) => {
        for (const other of this.slots) if (other && other.id !== id) other.inbox.push(message)
      },
      listen: (listener) => {
        tab().listener = listener
      },
    }
    return {
      ask: { confirm: (q) => this.answer(tab(), q), importPlan: async (plan) => proposedDecisions(plan) },
      tab: id,
      channel,
      storablePhoto: async (url): Promise<PhotoData> => {
        const bytes = this.photos.get(url)
        if (!bytes) throw new Error(`no test photo at ${url}`)
        return {
          key: this.newId(),
          type: 'image/png',
          width: PHOTO_SIDE,
          height: PHOTO_SIDE,
          blob: new Blob([bytes], { type: 'image/png' }),
        }
      },
      urlOf: async (blob) => URL.createObjectURL(blob),
      // The real checks of a photo's bytes and declared size (files/raster.ts), with the size read from its header
      // for a decoder (node has no createImageBitmap).
      verifyPhoto: (blob, expected) =>
        verifiedRaster(blob, expected, { limits: STORED_PHOTO_LIMITS, decode: headerSize }),
      download: () => undefined,
      onHide: () => undefined,
      // The browser's localStorage, shared by the tabs: written at once, kept when a page dies.
      journal: {
        write: (tab, entry) => {
          this.journals.set(tab, entry)
          return true
        },
        read: (tab) => this.journals.get(tab) ?? null,
        clear: (tab) => void this.journals.delete(tab),
        tabs: () => [...this.journals.keys()],
      },
      liveTabs: async () => new Set(this.slots.flatMap((t) => (t ? [t.id] : []))),
      now: this.now,
      newId: this.newId,
    }
  }

  private async answer(tab: Tab, q: Question): Promise<boolean> {
    const yes = tab.answers.shift() ?? false
    this.log.push(`    asked ${q.id}: ${yes ? 'yes' : 'no'}`)
    // Discarding work on purpose releases what was on that screen.
    if (yes && q.id === 'discard-unfiled') for (const token of tokensOfScreen(tab.store.get())) this.released.add(token)
    return yes
  }

  async openTab(slot: number, id = `tab-${++this.tabs}`): Promise<void> {
    let tab: Tab | undefined
    const storage = await IdbStorage.open(this.db)
    const store = createStore(initialState())
    const controller = new RecordController(
      store,
      storage,
      async () => undefined,
      this.effects(() => tab!, id),
    )
    tab = {
      id,
      store,
      storage,
      controller,
      study: new StudyActions(controller),
      listener: null,
      inbox: [],
      answers: [],
    }
    this.slots[slot] = tab
    await controller.start()
  }

  async closeTab(slot: number): Promise<void> {
    const tab = this.slots[slot]
    if (!tab) return
    // The page is hidden, then closed: what is pending is written (pagehide).
    await tab.controller.stop()
    tab.storage.close()
    this.slots[slot] = null
  }

  /**
   * The page goes before the write of its last changes lands (a reload or a closed tab right
   * after a gesture, a crashed page): nothing more of it is written (its connection to the
   * database closed: a write it starts later fails, and is not heard). Then the tab is opened
   * again (reloaded: the same id) or the app in a new tab (a new id, which takes over the
   * closed tab's work).
   */
  async pageGoes(slot: number, reloaded: boolean): Promise<void> {
    const tab = this.slots[slot]
    if (!tab) return
    tab.storage.close()
    this.slots[slot] = null
    await this.openTab(slot, reloaded ? tab.id : undefined)
  }

  async reload(slot: number): Promise<void> {
    const tab = this.slots[slot]
    if (!tab) return
    await this.closeTab(slot)
    await this.openTab(slot, tab.id)
  }

  edit(slot: number, view: (typeof VIEWS_USED)[number], marker: number): void {
    const tab = this.slots[slot]
    if (!tab) return
    let state = tab.store.get()
    if (!state.views[view].doc.photo) {
      const url = `test-photo:${this.newId()}`
      this.photos.set(url, png(PHOTO_SIDE, PHOTO_SIDE, this.photos.size))
      state = photoOpened({ ...state, view }, { name: 'photo.png', width: PHOTO_SIDE, height: PHOTO_SIDE, url })
    }
    const name = VIEWS[view][marker]!.name
    const before = state.views[view].doc.markers[name]
    // The clinician sees the old value and replaces it: it is released.
    if (before) this.released.add(tokenOf(before))
    const token = ++this.tokens
    const doc = withTarget(state.views[view].doc, name, pointOf(token))
    tab.store.set(commit({ ...state, view }, doc))
  }

  /** The clinician writes the visit's notes (or clears them): the notes shown before are replaced, so released. */
  writeNotes(slot: number, clear: boolean): void {
    const tab = this.slots[slot]
    if (!tab) return
    for (const token of tokensOfNotes(tab.store.get().meta.notes)) this.released.add(token)
    tab.store.set((s) => setNotes(s, clear ? '' : noteOf(++this.tokens)))
  }

  commitIdentifier(slot: number, identifier: string): void {
    this.slots[slot]?.store.set((s) => identifierCommitted(s, identifier))
  }

  setDate(slot: number, date: string): void {
    this.slots[slot]?.store.set((s) => setMeta(s, { date }))
  }

  async deliver(slot: number): Promise<void> {
    const tab = this.slots[slot]
    if (!tab) return
    for (const message of tab.inbox.splice(0)) await tab.listener?.(message)
  }

  async move(slot: number, identifier: string, answer: boolean): Promise<void> {
    const tab = this.slots[slot]
    if (!tab?.store.get().record) return
    tab.answers = [answer]
    const moved = await tab.controller.moveVisit(identifier)
    // A visit may change patient only when the question was asked (its answer taken) and confirmed. The
    // move saves the work on screen first, which may keep it as a separate visit (its own was deleted or
    // changed in the other tab): the visit moved is the one on screen afterwards.
    const asked = tab.answers.length === 0
    const open = tab.store.get().record
    this.moving = moved && asked && answer && open ? { visitId: open.visitId, key: identifierKey(identifier) } : null
  }

  async deleteVisit(slot: number, pick: number): Promise<void> {
    const tab = this.slots[slot]
    if (!tab) return
    const visits = (await tab.storage.visits()).sort((a, b) => a.id.localeCompare(b.id))
    const visit = visits[pick % Math.max(1, visits.length)]
    if (!visit) return
    for (const token of tokensOfFile(visit.file)) this.released.add(token)
    // The deleting tab writes what is pending on its screen into the visit before deleting it: when it shows
    // that visit, its screen's values go with the visit (kept for the undo until the next deletion).
    if (tab.store.get().record?.visitId === visit.id)
      for (const token of tokensOfScreen(tab.store.get())) this.released.add(token)
    await tab.controller.deleteVisit(visit.id)
  }

  async markPair(slot: number, first: number, second: number, view: (typeof VIEWS_USED)[number]): Promise<void> {
    const tab = this.slots[slot]
    if (!tab) return
    const visits = (await tab.storage.visits()).sort((a, b) => a.id.localeCompare(b.id))
    const a = visits[first % Math.max(1, visits.length)]
    const b = visits[second % Math.max(1, visits.length)]
    if (!a || !b) return
    if ((await tab.study.mark(view, a.id, b.id, 'same_photo_same_rater')) === null) pairsMade++
  }

  async removePair(slot: number, pick: number, yes: boolean): Promise<void> {
    const tab = this.slots[slot]
    if (!tab) return
    const pairs = (await tab.storage.pairs()).sort((a, b) => a.id.localeCompare(b.id))
    const pair = pairs[pick % Math.max(1, pairs.length)]
    if (!pair) return
    tab.answers = [yes]
    if (yes) this.pairsRemoved.add(pair.id)
    await tab.study.remove(pair.id)
  }

  async importOwnBackup(slot: number): Promise<void> {
    const tab = this.slots[slot]
    if (!tab) return
    // What the tabs have pending is written first: an autosave of the other tab landing during the import is
    // that tab's write, not the import's (on a busy machine its 300 ms timer fires while the import reads).
    await Promise.all(this.slots.map((t) => t?.controller.saved()))
    const { file } = await tab.controller.backupOf('record')
    const before = await this.stored(tab.storage)
    tab.answers = [true]
    await tab.controller.importBackup(new File([JSON.stringify(file)], 'backup.json'), tab.controller.effects.ask)
    assert.deepEqual(await this.stored(tab.storage), before, 'importing the record into itself changes nothing')
  }

  /**
   * A backup of the record with one visit's date edited (as by hand, or by another
   * copy of the app), imported back: that visit differs, and the proposed choice keeps
   * both; nothing of what was there goes.
   */
  async importEditedBackup(slot: number, pick: number): Promise<void> {
    const tab = this.slots[slot]
    if (!tab) return
    const { file } = await tab.controller.backupOf('record')
    const visit = file.visits.sort((a, b) => a.id.localeCompare(b.id))[pick % Math.max(1, file.visits.length)]
    if (!visit) return
    visit.date = visit.date === '2026-01-01' ? '2026-01-02' : '2026-01-01'
    visit.assessment = { ...visit.assessment, assessment_date: visit.date }
    this.importing = true
    await tab.controller.importBackup(new File([JSON.stringify(file)], 'edited.json'), tab.controller.effects.ask)
  }

  /** export ∘ import = identity: the record's backup imported into an empty record gives the same backup. */
  async roundTrip(slot: number): Promise<void> {
    const tab = this.slots[slot]
    if (!tab) return
    const { file } = await tab.controller.backupOf('record')
    if (file.visits.length === 0) return
    const storage = await IdbStorage.open(`${this.db}-copy-${this.newId()}`)
    const store = createStore(initialState())
    const answers = [true]
    const copy = new RecordController(store, storage, async () => undefined, {
      ...this.effects(() => tab, 'copy'),
      channel: null,
      // Another database is another origin in a browser: its own localStorage, so no journal of these tabs.
      journal: undefined,
      ask: { confirm: async () => answers.shift() ?? false, importPlan: async (plan) => proposedDecisions(plan) },
    })
    await copy.start()
    await copy.importBackup(new File([JSON.stringify(file)], 'backup.json'), copy.effects.ask)
    const again = (await copy.backupOf('record')).file
    await copy.stop()
    storage.close()
    const strip = (f: typeof file) => ({ ...f, exported_at: '' })
    assert.equal(again.format, BACKUP_FORMAT)
    assert.deepEqual(strip(again), strip(file), 'a backup imported into an empty record gives the same backup')
  }

  async stored(storage: IdbStorage): Promise<unknown> {
    const patients = (await storage.patients()).sort((a, b) => a.id.localeCompare(b.id))
    const visits = (await storage.visits()).sort((a, b) => a.id.localeCompare(b.id))
    const pairs = (await storage.pairs()).sort((a, b) => a.id.localeCompare(b.id))
    return { patients, visits, pairs }
  }

  /**
   * What the record holds, as of one moment: one read-only transaction over every store the checks read (on a
   * connection of its own), so a write landing meanwhile (a tab's autosave, its 300 ms timer a real one) is seen
   * whole or not at all; read store by store, a visit written with its new patient between the reads showed
   * without it (a false "belongs to no stored patient", seed 366169875).
   */
  async snapshot(): Promise<{
    patients: PatientRecord[]
    visits: VisitRecord[]
    workspaces: Workspace[]
    deleted: VisitRecord[]
    pairs: string[]
    photos: Set<string>
  }> {
    const db = await openDB(this.db)
    try {
      const tx = db.transaction(['patients', 'visits', 'workspace', 'deletion', 'pairs', 'photos'])
      const [patients, visits, workspaces, deletion, pairs, photos] = await Promise.all([
        tx.objectStore('patients').getAll(),
        tx.objectStore('visits').getAll(),
        tx.objectStore('workspace').getAll(),
        tx.objectStore('deletion').get('last'),
        tx.objectStore('pairs').getAllKeys(),
        tx.objectStore('photos').getAllKeys(),
      ])
      return {
        patients,
        visits,
        workspaces,
        deleted: deletion?.visits ?? [],
        pairs: pairs.map(String),
        photos: new Set(photos.map(String)),
      }
    } finally {
      db.close()
    }
  }

  /** The reference model's checks, after every step. */
  async check(step: string): Promise<void> {
    try {
      const { patients, visits, workspaces, deleted, pairs: pairIds, photos } = await this.snapshot()
      const keyOf = new Map(patients.map((p) => [p.id, p.key]))
      this.noteScreens()
      // Nothing lost.
      const present = new Set<number>([
        ...visits.flatMap((v) => tokensOfFile(v.file)),
        ...workspaces.flatMap((w) => tokensOfFile(w.file)),
        ...deleted.flatMap((v) => tokensOfFile(v.file)),
        ...this.slots.flatMap((t) => (t ? tokensOfScreen(t.store.get()) : [])),
      ])
      for (const token of this.seen)
        if (!this.released.has(token) && !present.has(token)) assert.fail(`${step}: marker value #${token} was lost`)
      for (const token of present) this.seen.add(token)
      // Nothing moved.
      for (const v of visits) {
        const key = keyOf.get(v.patientId)
        assert.ok(key !== undefined, `${step}: visit ${v.id} belongs to no stored patient`)
        const expected = this.owner.get(v.id)
        if (expected === undefined) {
          if (!this.importing)
            assert.ok(
              this.carried.has(key),
              `${step}: visit ${v.id} entered the record under ${key}, which no screen carried`,
            )
        } else if (expected !== key) {
          const moved = this.moving?.visitId === v.id && this.moving.key === key
          assert.ok(moved, `${step}: visit ${v.id} moved from ${expected} to ${key} without being asked to`)
        }
        this.owner.set(v.id, key)
      }
      // No repeat pair lost: each stays until a confirmed removal.
      const pairs = new Set(pairIds)
      for (const id of this.pairsSeen)
        if (!this.pairsRemoved.has(id) && !pairs.has(id)) assert.fail(`${step}: repeat pair ${id} was lost`)
      for (const id of pairs) this.pairsSeen.add(id)
      // Every photo reachable.
      for (const ref of [
        ...visits.flatMap((v) => Object.values(v.photos)),
        ...workspaces.flatMap((w) => Object.values(w.photos)),
      ])
        assert.ok(photos.has(ref.key), `${step}: photo ${ref.key} is referred to but not stored`)
      // No save failed.
      for (const t of this.slots) {
        const notice = t?.store.get().notice?.text ?? ''
        assert.ok(!notice.startsWith('Could not save'), `${step}: ${notice}`)
      }
    } finally {
      this.moving = null
      this.importing = false
    }
  }

  /** Notes the patient each screen carries (before tabs close, and at every check). */
  noteScreens(): void {
    for (const t of this.slots) if (t) this.carried.add(identifierKey(t.store.get().meta.patientId))
  }

  markImport(): void {
    this.importing = true
  }

  async end(): Promise<void> {
    this.noteScreens()
    for (let i = 0; i < this.slots.length; i++) await this.closeTab(i)
  }
}

/** One step of a sequence: what it does, and its words for a failure's report. */
interface Step {
  readonly text: string
  run(world: World): Promise<void>
}

/** A step that prints as its words in fast-check's report of a shrunk sequence. */
function step(text: string, run: (world: World) => Promise<void>): Step {
  return { text, run, toString: () => text } as Step
}

const slot = fc.integer({ min: 0, max: 1 })
const answer = fc.boolean()

const STEPS: fc.Arbitrary<Step>[] = [
  fc
    .record({ slot, view: fc.constantFrom(...VIEWS_USED), marker: fc.integer({ min: 0, max: MARKERS_USED - 1 }) })
    .map(({ slot, view, marker }) =>
      step(`tab ${slot}: places ${view} marker ${marker}`, async (w: World) => w.edit(slot, view, marker)),
    ),
  fc
    .record({ slot, clear: fc.boolean() })
    .map(({ slot, clear }) =>
      step(`tab ${slot}: ${clear ? 'clears the notes' : 'writes the notes'}`, async (w: World) =>
        w.writeNotes(slot, clear),
      ),
    ),
  fc
    .record({ slot, i: fc.integer({ min: 0, max: IDENTIFIERS.length - 1 }) })
    .map(({ slot, i }) =>
      step(`tab ${slot}: commits the identifier "${IDENTIFIERS[i]}"`, async (w: World) =>
        w.commitIdentifier(slot, IDENTIFIERS[i]!),
      ),
    ),
  fc
    .record({ slot, i: fc.integer({ min: 0, max: DATES.length - 1 }) })
    .map(({ slot, i }) =>
      step(`tab ${slot}: sets the date "${DATES[i]}"`, async (w: World) => w.setDate(slot, DATES[i]!)),
    ),
  slot.map((slot) =>
    step(`tab ${slot}: saves (the autosave's moment)`, async (w: World) => {
      await w.slots[slot]?.controller.saved()
    }),
  ),
  fc.constant(
    step('both tabs save at the same moment', async (w: World) => {
      await Promise.all(w.slots.map((t) => t?.controller.saved()))
    }),
  ),
  fc.record({ slot, pick: fc.nat(), yes: answer }).map(({ slot, pick, yes }) =>
    step(`tab ${slot}: starts a new visit of patient #${pick}, answering ${yes}`, async (w: World) => {
      const tab = w.slots[slot]
      if (!tab) return
      const patients = (await tab.storage.patients()).sort((a, b) => a.id.localeCompare(b.id))
      const patient = patients[pick % Math.max(1, patients.length)]
      if (!patient) return
      tab.answers = [yes]
      await tab.controller.startVisit(patient.id)
    }),
  ),
  fc.record({ slot, pick: fc.nat(), yes: answer }).map(({ slot, pick, yes }) =>
    step(`tab ${slot}: opens visit #${pick}, answering ${yes}`, async (w: World) => {
      const tab = w.slots[slot]
      if (!tab) return
      const visits = (await tab.storage.visits()).sort((a, b) => a.id.localeCompare(b.id))
      const visit = visits[pick % Math.max(1, visits.length)]
      if (!visit) return
      tab.answers = [yes]
      await tab.controller.openVisit(visit.id)
    }),
  ),
  fc
    .record({ slot, i: fc.integer({ min: 0, max: IDENTIFIERS.length - 1 }), yes: answer })
    .map(({ slot, i, yes }) =>
      step(`tab ${slot}: moves the visit on screen to "${IDENTIFIERS[i]}", answering ${yes}`, (w: World) =>
        w.move(slot, IDENTIFIERS[i]!, yes),
      ),
    ),
  fc
    .record({ slot, pick: fc.nat() })
    .map(({ slot, pick }) => step(`tab ${slot}: deletes visit #${pick}`, (w: World) => w.deleteVisit(slot, pick))),
  slot.map((slot) =>
    step(`tab ${slot}: undoes the last deletion`, async (w: World) => {
      await w.slots[slot]?.controller.undoDelete()
    }),
  ),
  slot.map((slot) => step(`tab ${slot}: hears the other tab`, (w: World) => w.deliver(slot))),
  slot.map((slot) => step(`tab ${slot}: reloads`, (w: World) => w.reload(slot))),
  fc
    .record({ slot, reloaded: fc.boolean() })
    .map(({ slot, reloaded }) =>
      step(
        `tab ${slot}: the page goes before its changes are written, then is ${reloaded ? 'reloaded' : 'opened in a new tab'}`,
        (w: World) => w.pageGoes(slot, reloaded),
      ),
    ),
  slot.map((slot) =>
    step(`tab ${slot}: closes, or opens when closed`, (w: World) =>
      w.slots[slot] ? w.closeTab(slot) : w.openTab(slot),
    ),
  ),
  slot.map((slot) =>
    step(`tab ${slot}: imports a backup of the record into itself`, async (w: World) => {
      w.markImport()
      await w.importOwnBackup(slot)
    }),
  ),
  fc
    .record({ slot, pick: fc.nat() })
    .map(({ slot, pick }) =>
      step(`tab ${slot}: imports a backup with visit #${pick}'s date edited`, (w: World) =>
        w.importEditedBackup(slot, pick),
      ),
    ),
  slot.map((slot) =>
    step(`tab ${slot}: exports the record and imports it into an empty one`, (w: World) => w.roundTrip(slot)),
  ),
  fc
    .record({ slot, first: fc.nat(), second: fc.nat(), view: fc.constantFrom(...VIEWS_USED) })
    .map(({ slot, first, second, view }) =>
      step(`tab ${slot}: marks visits #${first} and #${second} as a repeat pair of the ${view} view`, (w: World) =>
        w.markPair(slot, first, second, view),
      ),
    ),
  fc
    .record({ slot, pick: fc.nat(), yes: answer })
    .map(({ slot, pick, yes }) =>
      step(`tab ${slot}: removes repeat pair #${pick}, answering ${yes}`, (w: World) => w.removePair(slot, pick, yes)),
    ),
  fc.constant(step('a minute passes', async (w: World) => w.tick(61_000))),
]

let runs = 0
/** Repeat pairs made over all sequences: the steps that make them must be reached. */
let pairsMade = 0

async function play(steps: readonly Step[]): Promise<void> {
  globalThis.indexedDB = new IDBFactory()
  mock.timers.enable({ apis: ['setTimeout'] })
  const world = new World(`record-model-${++runs}`)
  try {
    await world.openTab(0)
    await world.openTab(1)
    for (const [i, step] of steps.entries()) {
      world.log.push(`${i + 1}. ${step.text}`)
      world.tick()
      world.noteScreens()
      await step.run(world)
      await world.check(`step ${i + 1} (${step.text})`)
    }
    // Every tab closed: what each had is written, and still all there.
    await world.end()
    await world.check('after every tab closed')
  } catch (error) {
    await world.end().catch(() => undefined)
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${world.log.join('\n')}`)
  } finally {
    mock.timers.reset()
  }
}

describe('the record under random sequences of clinicians in two tabs (model-based)', () => {
  test(`${RUNS} seeded sequences: nothing lost, nothing moved, photos reachable, backups round-trip`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(...STEPS), { minLength: 1, maxLength: 40 }), (steps) => play(steps)),
      {
        numRuns: RUNS,
        includeErrorInReport: true,
        seed: process.env.RECORD_MODEL_SEED ? Number(process.env.RECORD_MODEL_SEED) : undefined,
        path: process.env.RECORD_MODEL_PATH,
      },
    )
  })

  // Random sequences rarely hold two visits with markers; these start from two saved ones, so repeat pairs are made.
  const PRELUDE: Step[] = [
    step('tab 0: commits "HC-0042"', async (w) => w.commitIdentifier(0, 'HC-0042')),
    step('tab 0: places anterior marker 0', async (w) => w.edit(0, 'anterior', 0)),
    step('tab 0: places posterior marker 0', async (w) => w.edit(0, 'posterior', 0)),
    step('tab 0: saves', async (w) => w.slots[0]?.controller.saved()),
    step('tab 1: commits "HC-0107"', async (w) => w.commitIdentifier(1, 'HC-0107')),
    step('tab 1: places anterior marker 1', async (w) => w.edit(1, 'anterior', 1)),
    step('tab 1: places posterior marker 1', async (w) => w.edit(1, 'posterior', 1)),
    step('tab 1: saves', async (w) => w.slots[1]?.controller.saved()),
  ]
  test(`${Math.ceil(RUNS / 10)} seeded sequences from two saved visits: the same, with repeat pairs made`, async () => {
    pairsMade = 0
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(...STEPS), { minLength: 1, maxLength: 40 }), (steps) =>
        play([...PRELUDE, ...steps]),
      ),
      {
        numRuns: Math.ceil(RUNS / 10),
        includeErrorInReport: true,
        seed: process.env.RECORD_MODEL_SEED ? Number(process.env.RECORD_MODEL_SEED) : undefined,
        path: process.env.RECORD_MODEL_PATH,
      },
    )
    if (!process.env.RECORD_MODEL_PATH) assert.ok(pairsMade > 0, 'some sequence made a repeat pair')
  })

  // A shrunk failure found by the sequences above (seed 366169875): both tabs committed one identifier and saved at
  // once (the import's wait for both tabs' saves); each read the record before the other wrote, so each made a patient
  // of it, and the import refused the record's own backup (two patients of one identifier): an empty record after it.
  // Now the second write's transaction finds the first one's patient and its visit goes there.
  test('two tabs commit one identifier and save at once: one patient; the backup imports into an empty record', async () => {
    await play([
      step('tab 0: commits the identifier "HC-0107"', async (w) => w.commitIdentifier(0, 'HC-0107')),
      step('tab 0: places anterior marker 0', async (w) => w.edit(0, 'anterior', 0)),
      step('tab 1: commits the identifier "HC-0107"', async (w) => w.commitIdentifier(1, 'HC-0107')),
      step('tab 1: places anterior marker 0', async (w) => w.edit(1, 'anterior', 0)),
      step('tab 0: imports a backup of the record into itself', async (w) => {
        w.markImport()
        await w.importOwnBackup(0)
      }),
      step('tab 0: exports the record and imports it into an empty one', (w) => w.roundTrip(0)),
    ])
  })

  // A failure found by the sequences above on a loaded machine (seed 366169875, path 789), when the autosave's timer
  // was a real one: tab 0's autosave of its first visit, with the new patient of " hc-0042 ", landed while the check
  // read the record store by store (patients, then visits): the visit showed without its patient. The record held
  // both, written in one transaction (step 7 of the sequence, a new visit of a patient when there was none, did
  // nothing and is left out); the backup read the same way (consistent-read.test.ts). Now the autosave fires
  // as the next step begins (mock timers) and every read of the record is of one moment.
  test('an autosave of a visit with its new patient landing during a read: the visit is read with its patient', async () => {
    await play([
      step('tab 0: sets the date ""', async (w) => w.setDate(0, '')),
      step("tab 1: saves (the autosave's moment)", async (w) => w.slots[1]?.controller.saved()),
      step('tab 0: deletes visit #1153827408', (w) => w.deleteVisit(0, 1153827408)),
      step('tab 1: closes, or opens when closed', (w) => (w.slots[1] ? w.closeTab(1) : w.openTab(1))),
      step('tab 0: commits the identifier " hc-0042 "', async (w) => w.commitIdentifier(0, ' hc-0042 ')),
      step('tab 1: exports the record and imports it into an empty one', (w) => w.roundTrip(1)),
      step('tab 0: places posterior marker 1', async (w) => w.edit(0, 'posterior', 1)),
      step('tab 1: deletes visit #275553276', (w) => w.deleteVisit(1, 275553276)),
      step('a minute passes', async (w) => w.tick(61_000)),
      // No save was asked for after the marker: the autosave's timer wrote the visit, with its patient.
      step('the record holds the visit with its patient', async (w) => {
        const { patients, visits } = await w.snapshot()
        assert.deepEqual(
          visits.map((v) => patients.find((p) => p.id === v.patientId)?.key),
          [identifierKey(' hc-0042 ')],
        )
      }),
    ])
  })

  // A shrunk failure found by the sequences above: work on screen whose stored visit another tab deleted
  // became another patient's visit on "Move…" without the question (the move took it for an empty new visit).
  test('work whose visit was deleted in the other tab is moved only when that is asked and confirmed', async () => {
    for (const yes of [false, true])
      await play([
        ...PRELUDE,
        step('tab 0: deletes visit #0', (w) => w.deleteVisit(0, 0)),
        step('tab 0: deletes visit #0', (w) => w.deleteVisit(0, 0)),
        step(`tab 1: moves the visit on screen to "HC-0042", answering ${yes}`, (w) => w.move(1, 'HC-0042', yes)),
        step('tab 1: places anterior marker 0', async (w) => w.edit(1, 'anterior', 0)),
      ])
  })
})
