/**
 * The record's effects for the store: autosave (the assessment on screen is written
 * to this tab's workspace and, once it belongs to a patient, as a visit of that
 * patient, a moment after every change and at once when the page is hidden), the
 * restore after a reload, opening and starting visits, moving a visit to another
 * patient, adding and deleting patients and visits (with undo), backups (with the
 * repeat pairs of the clinic's study; study-actions.ts makes and removes them), and
 * adding a photo to a view of the visit on screen (for the camera).
 *
 * What it guarantees (docs/record.md): nothing on screen that is in no patient's
 * record is replaced without asking; a visit in the record keeps its patient until
 * it is explicitly moved; a visit is written only over the revision this tab read,
 * so an edit made in another tab is never overwritten: the stale copy is kept as a
 * visit of its own and the clinician is told. Other tabs hear of every write on a
 * BroadcastChannel, which only tells them to look: what keeps the data safe is the
 * revision check inside the write's transaction.
 *
 * No DOM: the page's effects (questions, downloads, photo encoding, the channel,
 * which tabs are open) come in through RecordEffects (browser-effects.ts), so the
 * same controller runs in node on fake-indexeddb in the model-based test.
 */

import { fileSizeProblem } from '../files/file-schema.js'
import { type RasterDecoder, RasterError } from '../files/raster.js'
import type { ReportSettings } from '../files/report-pdf-content.js'
import { admitReportSettings, logoFromFile, type StoredReportSettings } from '../files/report-settings.js'
import { formatDate, formatDateTime } from '../i18n/format.js'
import { currentLocale, t } from '../i18n/index.js'
import { type AssessmentFile, assessmentFileOf, assessmentFromData } from '../state/assessment-file.js'
import { comparisonLoaded, notify, notifyAs, notifyError, setView } from '../state/commands.js'
import { errorDetails } from '../state/error-details.js'
import { hasContent, VIEW_NAMES, type View } from '../state/model.js'
import type { AppState, NoticeKind } from '../state/state.js'
import type { Store } from '../state/store.js'
import {
  type Backup,
  BackupError,
  type BackupFile,
  backupFileOf,
  parseBackup,
  sameSettings,
  settingsSet,
} from './backup.js'
import { base64OfBytes, bytesOfBase64 } from './base64.js'
import { holdsWork, newVisit, visitClosed, visitMoved, visitOpened, visitSaved } from './commands.js'
import { applyImport, planChangesNothing, planImport } from './import-plan.js'
import { doneText } from './import-text.js'
import {
  dayOf,
  findPatient,
  newPatient,
  type OpenVisit,
  type PatientRecord,
  type PhotoRef,
  patientFor,
  type RepeatPair,
  type VisitRecord,
  visitFileName,
} from './model.js'
import type { Ask, Question } from './questions.js'
import {
  type Deletion,
  type PhotoData,
  type RecordStorage,
  refOf,
  type TabWorkspace,
  type VisitWrite,
  type Workspace,
  type WorkspaceWrite,
} from './storage.js'
import { valuesOf } from './trend.js'

/** How long after the last change the autosave writes. */
const AUTOSAVE_DELAY_MS = 300
/** How long a deletion can be undone. */
export const UNDO_MS = 60_000

/** What one tab tells the others (the channel carries no patient data, only what to look at). */
export type RecordMessage =
  | { readonly kind: 'visit'; readonly tab: string; readonly id: string; readonly rev: number | null }
  | { readonly kind: 'record'; readonly tab: string }

export interface RecordChannel {
  post(message: RecordMessage): void
  /** `listener` resolves once the message is acted on (the tests wait for it; the page does not). */
  listen(listener: (message: RecordMessage) => Promise<void>): void
}

/** The page's side of the record, given to the controller (browser-effects.ts in the app, stand-ins in tests). */
export interface RecordEffects {
  readonly ask: Ask
  /** Asks the browser for persistent storage (navigator.storage.persist()); absent: not asked (node tests). */
  readonly persist?: () => Promise<boolean>
  /** This tab's id: its workspace's key. */
  readonly tab: string
  readonly channel: RecordChannel | null
  /** The photo shown at `url` as the record keeps it (scaled down when large). */
  storablePhoto(url: string): Promise<PhotoData>
  /**
   * A blob: URL that shows a stored photo, typed by its bytes; null when they are not a
   * JPEG, PNG or WebP (e.g. stored by an older version), which is then not shown.
   */
  urlOf(blob: Blob): Promise<string | null>
  /**
   * A photo from a file (a backup) verified as a raster image of the size it declares,
   * typed by its bytes (files/raster.ts); throws RasterError, saying why, otherwise.
   */
  verifyPhoto(blob: Blob, expected: { readonly width: number; readonly height: number }): Promise<Blob>
  /** Decodes a logo from a backup before it is kept (the browser's createImageBitmap when absent). */
  readonly decodeLogo?: RasterDecoder
  download(name: string, type: string, content: string): void
  /** Calls `flush` when the page is hidden or closed. */
  onHide(flush: () => void): void
  /**
   * The journal of each tab's last change not yet written, kept synchronously (localStorage
   * in the app: written before the call returns, so it survives a reload, a closed tab or a
   * crashed page that the IndexedDB write started for the change did not); absent, none.
   */
  readonly journal?: Journal
  /** The ids of the tabs open now, or null when the browser cannot tell. */
  liveTabs(): Promise<ReadonlySet<string> | null>
  now(): Date
  newId(): string
}

/** Synchronous storage of one entry (JSON) per tab: RecordEffects.journal. */
export interface Journal {
  /** Keeps `entry` as the tab's journal before returning; false when it could not (storage blocked or full). */
  write(tab: string, entry: string): boolean
  read(tab: string): string | null
  clear(tab: string): void
  /** The tabs that have a journal. */
  tabs(): string[]
}

/** A tab's journal entry: the workspace as the change left it, before the write of it landed. */
interface JournalEntry {
  readonly workspace: Workspace
  /** The visit's date as on screen (a visit stores it beside its file). */
  readonly date: string
  /** Views whose photo was on screen but not yet stored (no key to keep it by). */
  readonly unstored: readonly View[]
}

function parseJournal(text: string | null | undefined): JournalEntry | null {
  if (!text) return null
  try {
    const entry = JSON.parse(text) as Partial<JournalEntry> | null
    if (!entry?.workspace || typeof entry.workspace.saved !== 'string' || typeof entry.date !== 'string') return null
    return {
      workspace: entry.workspace,
      date: entry.date,
      unstored: Array.isArray(entry.unstored) ? entry.unstored : [],
    }
  } catch {
    return null
  }
}

/** True when two states hold the same work (what the autosave writes): the same views, meta, visit, settings and view. */
function sameWork(a: AppState, b: AppState): boolean {
  return (
    a.views === b.views && a.meta === b.meta && a.record === b.record && a.settings === b.settings && a.view === b.view
  )
}

/** What a workspace shows (its file without its save time, photos, visit, identifier), to compare two. */
function workspaceContent(w: Workspace): string {
  return JSON.stringify([w.file && { ...w.file, saved_at: '' }, w.photos, w.open, w.identifier ?? ''])
}

/** Opens a file (photo) in the current view; main.ts passes the app's photo opener. */
export type PhotoOpener = (file: File) => Promise<void>

/** A visit on screen that changed in another tab or window since this tab read it. */
export type Elsewhere = 'changed' | 'deleted' | null

/** True when a stored photo holds exactly these bytes. */
async function sameBytes(blob: Blob, bytes: Uint8Array): Promise<boolean> {
  if (blob.size !== bytes.length) return false
  const here = new Uint8Array(await blob.arrayBuffer())
  return here.every((b, i) => b === bytes[i])
}

/** Where a photo of an import belongs, for a message: the visit's date and the view. */
function photoPlace(visits: readonly VisitRecord[], key: string): string {
  for (const v of visits)
    for (const [view, ref] of Object.entries(v.photos))
      if (ref.key === key) return `${dateText(v.date)}, ${t(`view.${view as View}.title`)}`
  return key
}

function refsOf(photos: Partial<Record<View, PhotoData>>): Partial<Record<View, PhotoRef>> {
  const refs: Partial<Record<View, PhotoRef>> = {}
  for (const [v, p] of Object.entries(photos) as [View, PhotoData][]) refs[v] = refOf(p)
  return refs
}

function dateText(date: string): string {
  return date ? formatDate(date, currentLocale()) : t('compare.undated')
}

/** Content of a visit as compared for "unchanged": the file without its save time, the photos, the date. */
function contentOf(file: AssessmentFile | null, photos: Partial<Record<View, PhotoRef>>, date: string): string {
  return JSON.stringify([file && { ...file, saved_at: '' }, photos, date])
}

/** The work on screen that is in no patient's record (null when there is none), described for a question. */
export function unfiledWork(state: AppState): string | null {
  if (state.record !== null) return null
  const views = VIEW_NAMES.filter((v) => hasContent(state.views[v].doc))
  if (views.length === 0) return state.meta.notes === '' ? null : t('safety.work.notes')
  return views
    .map((v) => {
      const doc = state.views[v].doc
      return t('safety.work.view', {
        view: t(`view.${v}.title`),
        photo: doc.photo ? t('safety.work.photo') : t('safety.work.noPhoto'),
        count: Object.keys(doc.markers).length,
      })
    })
    .join('; ')
}

/**
 * The repeat pairs of a backup to write: those between two visits the record will
 * hold (`holds`) that it does not have. A pair is never overwritten: one whose id the
 * record holds with other contents is kept as well, under a new id; a pair the record
 * already holds (the same two visits, view and design) is not added again.
 */
export function pairsToImport(
  file: readonly RepeatPair[],
  here: readonly RepeatPair[],
  holds: ReadonlySet<string>,
  newId: () => string,
): RepeatPair[] {
  const ids = new Map(here.map((p) => [p.id, p]))
  const same = (a: RepeatPair, b: RepeatPair) =>
    a.view === b.view && a.first === b.first && a.second === b.second && a.design === b.design
  const out: RepeatPair[] = []
  for (const p of file) {
    if (!holds.has(p.first) || !holds.has(p.second)) continue
    if (here.some((h) => same(h, p)) || out.some((o) => same(o, p))) continue
    out.push(ids.has(p.id) ? { ...p, id: newId() } : p)
  }
  return out
}

/** Report settings in a few words, for a question: the clinic, the clinician, whether there is a logo. */
function settingsWords(s: ReportSettings): string {
  return t('record.import.settings.words', {
    clinic: s.clinic || '—',
    clinician: s.clinician || '—',
    logo: s.logo ? t('record.import.settings.logo') : t('record.import.settings.noLogo'),
  })
}

/** Asked when a backup's report settings differ from this record's: Cancel keeps this record's. */
export function settingsQuestion(ours: ReportSettings, theirs: ReportSettings): Question {
  return {
    id: 'import-settings',
    title: t('record.import.settings.title'),
    text: t('record.import.settings.text', { ours: settingsWords(ours), theirs: settingsWords(theirs) }),
    confirm: t('record.import.settings.confirm'),
  }
}

export class RecordController {
  /** Photos on screen by URL -> as stored (with their bytes, so a write can store one again). */
  private readonly stored = new Map<string, PhotoData>()
  /** The revision of each visit as this tab last read or wrote it. */
  private readonly revs = new Map<string, number>()
  private timer: ReturnType<typeof setTimeout> | undefined
  private running: Promise<void> = Promise.resolve()
  private lastSaved = ''
  /** A closed tab's workspace taken over at start, removed once this tab's own is written. */
  private adopted: string | null = null
  /** The state whose work this tab's journal holds (null: none, or already written); cleared once a write of it lands. */
  private journaled: AppState | null = null
  /** The restore brought back a journal's change: written as soon as saving starts. */
  private replayed = false
  private listeners = new Set<() => void>()
  /** Told when an import wrote the clinic's report settings (the settings panel and the printed report read them again). */
  settingsImported: () => void = () => undefined
  /** A change not yet written (tests and the status line wait for false). */
  pending = false
  /** How long the last save took, ms (shown as data-write-ms on the status line for bench/record.ts). */
  lastWriteMs = 0
  /** The visit on screen changed or was deleted in another tab since this one read it. */
  elsewhere: Elsewhere = null
  /**
   * What the last write could not keep in this browser: the photo (the markers and notes were
   * kept without it), or everything (the write failed); null when all of it was kept. The
   * card then says so instead of promising that the work is kept. `unkeptDetails`: the
   * engine's own text, for the card's "Technical details".
   */
  unkept: 'photo' | 'all' | null = null
  unkeptDetails = ''
  /** Keys of the photos the write under way could not store, and the engine's reason. */
  private unstored = new Set<string>()
  private photoError = ''

  constructor(
    readonly store: Store<AppState>,
    readonly storage: RecordStorage,
    private readonly openPhoto: PhotoOpener,
    readonly effects: RecordEffects,
  ) {}

  /** Stops following the store (the tab's end; a reload in the tests). */
  private unsubscribe: () => void = () => undefined

  /** Restores this tab's workspace (or a closed tab's), then saves after every change of the assessment. */
  async start(): Promise<void> {
    await this.restore()
    this.unsubscribe = this.store.subscribe((state, previous) => {
      if (sameWork(state, previous)) return
      this.journal(state)
      this.schedule()
    })
    this.effects.onHide(() => {
      // The journal already holds the last change; the write started here may not land before the page goes.
      if (this.pending) this.journal(this.store.get())
      clearTimeout(this.timer)
      void this.save()
    })
    this.effects.channel?.listen((message) => this.heard(message))
    if (this.replayed) {
      // The change brought back is written before the app goes on (the journal stays until it is).
      this.replayed = false
      this.journal(this.store.get())
      await this.saved()
    }
  }

  /**
   * Keeps the state's work in this tab's journal at once, synchronously: the end of a drag,
   * a keystroke, a tap is durable before the page can go, whether or not the autosave's
   * write of it lands (docs/record.md, "A reload, a closed tab"). Not during a drag (its end
   * is the change).
   */
  private journal(state: AppState): void {
    const journal = this.effects.journal
    if (!journal || VIEW_NAMES.some((v) => state.views[v].dragFrom)) return
    const now = this.effects.now()
    const photos: Partial<Record<View, PhotoRef>> = {}
    const unstored: View[] = []
    for (const v of VIEW_NAMES) {
      const url = state.views[v].doc.photo?.url
      if (!url) continue
      const data = this.stored.get(url)
      if (data) photos[v] = refOf(data)
      else unstored.push(v)
    }
    const open = state.record
    const rev = open ? this.revs.get(open.visitId) : undefined
    const workspace: Workspace = {
      file: assessmentFileOf(state, now),
      photos,
      open,
      identifier: state.meta.patientId.trim(),
      ...(rev === undefined ? {} : { rev }),
      saved: now.toISOString(),
    }
    const entry: JournalEntry = { workspace, date: state.meta.date, unstored }
    this.journaled = journal.write(this.effects.tab, JSON.stringify(entry)) ? state : null
  }

  /** Writes what is pending, then stops saving (a closed tab). */
  async stop(): Promise<void> {
    this.unsubscribe()
    await this.saved()
    clearTimeout(this.timer)
  }

  private schedule(): void {
    clearTimeout(this.timer)
    this.timer = setTimeout(() => void this.save(), AUTOSAVE_DELAY_MS)
    if (!this.pending) {
      this.pending = true
      this.changed()
    }
  }

  /** Runs when the record changed (patients, visits), for the panels. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private changed(): void {
    for (const l of this.listeners) l()
  }

  /** Something of the record other than a visit changed here (a repeat pair): this tab's panels and the others hear. */
  recordChanged(): void {
    this.tell({ kind: 'record', tab: this.effects.tab })
    this.changed()
  }

  /**
   * A patient or visit written by the sync with the clinic's server (a pull, a resolved
   * conflict): this tab's panels, the visit on screen (told as by another tab, so unsaved
   * work here is kept as its own visit, never overwritten) and the other tabs hear.
   */
  async syncChanged(kind: 'patient' | 'visit', id: string): Promise<void> {
    if (kind !== 'visit') return this.recordChanged()
    const message: RecordMessage = { kind: 'visit', tab: 'sync', id, rev: (await this.storage.visit(id))?.rev ?? null }
    this.tell(message)
    await this.heard(message)
  }

  private tell(message: RecordMessage): void {
    this.effects.channel?.post(message)
  }

  private notify(text: string, ms?: number, kind: NoticeKind = 'info'): void {
    this.store.set((s) => notifyAs(s, kind, text, ms))
  }

  private nowIso(): string {
    return this.effects.now().toISOString()
  }

  /** Resolves once every save asked for so far is written. */
  saved(): Promise<void> {
    clearTimeout(this.timer)
    this.pending = true
    return this.save()
  }

  private save(): Promise<void> {
    this.timer = undefined
    this.running = this.running
      .then(() => this.write())
      .then((written) => {
        if (this.journaled === null) return
        if (sameWork(written, this.journaled)) {
          this.journaled = null
          this.effects.journal?.clear(this.effects.tab)
        } else {
          // A later change is still to write: journaled again over the revision just written, which it follows.
          this.journal(this.store.get())
        }
      })
      .catch((error: unknown) => {
        this.keptState('all', errorDetails(error))
        this.store.set((s) => notifyError(s, t('record.saveFailed'), 10_000, this.unkeptDetails))
      })
      .then(() => {
        if (this.timer !== undefined || !this.pending) return
        this.pending = false
        this.changed()
      })
    return this.running
  }

  /** The photos on screen as the record keeps them (encoded once per photo opened), by view. */
  private async photosOf(state: AppState): Promise<Partial<Record<View, PhotoData>>> {
    const photos: Partial<Record<View, PhotoData>> = {}
    for (const v of VIEW_NAMES) {
      const url = state.views[v].doc.photo?.url
      if (!url) continue
      let data = this.stored.get(url)
      if (!data) {
        data = await this.effects.storablePhoto(url)
        this.stored.set(url, data)
      }
      photos[v] = data
    }
    return photos
  }

  /** Writes the state on screen; resolves with that state once it is stored. */
  private async write(): Promise<AppState> {
    const started = performance.now()
    const state = this.store.get()
    await this.writeNow(state)
    this.lastWriteMs = performance.now() - started
    return state
  }

  private async writeNow(state: AppState): Promise<void> {
    const now = this.effects.now()
    const file = assessmentFileOf(state, now)
    const photoData = await this.photosOf(state)
    const photos = refsOf(photoData)
    const identifier = state.meta.patientId.trim()
    const signature = JSON.stringify([contentOf(file, photos, state.meta.date), state.record, identifier])
    if (signature === this.lastSaved) return
    let open: OpenVisit | null = state.record
    this.unstored = new Set()
    if (file && open) open = await this.writeVisit(state, file, photoData, open)
    else if (file && identifier) open = await this.attach(state, file, photoData, identifier)
    const rev = open ? this.revs.get(open.visitId) : undefined
    const workspaceWrite = await this.storage.saveWorkspace(
      this.effects.tab,
      {
        file,
        photos,
        open,
        identifier,
        ...(rev === undefined ? {} : { rev }),
        saved: now.toISOString(),
      },
      Object.values(photoData),
    )
    if (this.adopted !== null) {
      await this.storage.deleteWorkspace(this.adopted)
      this.effects.journal?.clear(this.adopted)
      this.adopted = null
    }
    this.lastSaved = JSON.stringify([contentOf(file, photos, state.meta.date), open, identifier])
    this.noteUnstored(workspaceWrite)
    if (this.unstored.size === 0) return this.keptState(null, '')
    const first = this.unkept !== 'photo'
    this.keptState('photo', this.photoError)
    if (first) this.store.set((s) => notifyError(s, t('record.photoNotKept'), 12_000, this.photoError))
  }

  /** Notes the photos a write could not store (and the engine's reason) for the write under way. */
  private noteUnstored(write: VisitWrite | WorkspaceWrite): void {
    if ('ok' in write && !write.ok) return
    const kept: WorkspaceWrite = write
    for (const key of kept.unstoredPhotos) this.unstored.add(key)
    if (kept.photoError) this.photoError = kept.photoError
  }

  /** What the last write kept (the card says it); listeners hear a change. */
  private keptState(unkept: 'photo' | 'all' | null, details: string): void {
    if (this.unkept === unkept && this.unkeptDetails === details) return
    this.unkept = unkept
    this.unkeptDetails = details
    for (const listener of this.listeners) listener()
  }

  /**
   * Work on screen entering the record: it becomes a new visit of the patient with the
   * committed identifier (a new patient when there is none), dated today when no date
   * was typed. Shown, never silent: the notice names the patient.
   */
  private async attach(
    state: AppState,
    file: AssessmentFile,
    photoData: Partial<Record<View, PhotoData>>,
    identifier: string,
  ): Promise<OpenVisit | null> {
    const photos = refsOf(photoData)
    const nowIso = this.nowIso()
    const patients = await this.storage.patients()
    const chosen = patientFor(patients, identifier, nowIso, () => this.effects.newId())
    const date = state.meta.date || dayOf(this.effects.now())
    const visitId = this.effects.newId()
    const visit: VisitRecord = {
      id: visitId,
      patientId: chosen.patient.id,
      date,
      created: nowIso,
      updated: nowIso,
      // The file as the screen will write it once dated and named (the same fields in the same order).
      file:
        assessmentFileOf(
          { ...state, meta: { ...state.meta, patientId: chosen.patient.identifier, date } },
          this.effects.now(),
        ) ?? file,
      photos,
      values: valuesOf(file, state.settings.placementSd),
      rev: 0,
    }
    const written = await this.storage.saveVisit(
      visit,
      null,
      chosen.isNew ? chosen.patient : null,
      Object.values(photoData),
    )
    this.noteUnstored(written)
    if (!written.ok) return null
    // Another tab may have made the patient of this identifier meanwhile: the visit went to that one (said as such).
    const patient = written.patient ?? chosen.patient
    const isNew = chosen.isNew && patient.id === chosen.patient.id
    this.revs.set(visitId, written.visit.rev)
    const open: OpenVisit = { visitId, patientId: patient.id, created: nowIso }
    const count = (await this.storage.visitCounts(patient.id)).get(patient.id) ?? 1
    // Only when the screen still shows the work just saved (not another visit opened meanwhile).
    this.store.set((s) => (s.record === null ? visitSaved(s, open, date) : s))
    if (isNew) void this.askPersist()
    this.notify(
      isNew
        ? t('safety.attached.new', { patient: patient.identifier, date: dateText(date) })
        : t('safety.attached.existing', {
            patient: patient.identifier,
            name: patient.name || '—',
            date: dateText(date),
            count,
          }),
      8000,
      'warning',
    )
    this.tell({ kind: 'visit', tab: this.effects.tab, id: visitId, rev: written.visit.rev })
    this.changed()
    return open
  }

  /**
   * The visit on screen written over the revision this tab read. When another tab or
   * window wrote or deleted it meanwhile, nothing is overwritten: this tab's work is
   * kept as a visit of its own (same patient, date and start time) and the clinician
   * is told; the screen then shows that copy.
   */
  private async writeVisit(
    state: AppState,
    file: AssessmentFile,
    photoData: Partial<Record<View, PhotoData>>,
    open: OpenVisit,
  ): Promise<OpenVisit> {
    const photos = refsOf(photoData)
    const old = await this.storage.visit(open.visitId)
    const expected = this.revs.get(open.visitId) ?? null
    const content = contentOf(file, photos, state.meta.date)
    // A visit shown again as stored (e.g. restored after a reload) keeps its `updated` time: backups compare by it.
    if (
      old &&
      old.rev === expected &&
      old.patientId === open.patientId &&
      contentOf(old.file, old.photos, old.date) === content
    )
      return open
    const nowIso = this.nowIso()
    const visit: VisitRecord = {
      id: open.visitId,
      patientId: open.patientId,
      date: state.meta.date,
      created: old?.created ?? open.created,
      updated: nowIso,
      file,
      photos,
      values: valuesOf(file, state.settings.placementSd),
      rev: expected ?? 0,
      // A copy kept from a sync conflict stays labelled through its edits.
      ...(old?.copy ? { copy: old.copy } : {}),
    }
    const written = await this.storage.saveVisit(visit, expected, null, Object.values(photoData))
    this.noteUnstored(written)
    if (written.ok) {
      this.revs.set(open.visitId, written.visit.rev)
      this.tell({ kind: 'visit', tab: this.effects.tab, id: open.visitId, rev: written.visit.rev })
      return open
    }
    return this.keepAsCopy(visit, written.current === undefined ? 'deleted' : 'changed', state, photoData)
  }

  private async keepAsCopy(
    visit: VisitRecord,
    reason: 'changed' | 'deleted',
    state: AppState,
    photoData: Partial<Record<View, PhotoData>>,
  ): Promise<OpenVisit> {
    const patients = await this.storage.patients()
    const nowIso = this.nowIso()
    const owner = patients.find((p) => p.id === visit.patientId)
    const chosen = owner
      ? { patient: owner, isNew: false }
      : patientFor(patients, state.meta.patientId || t('safety.copy.unknownPatient'), nowIso, () =>
          this.effects.newId(),
        )
    const copy: VisitRecord = { ...visit, id: this.effects.newId(), patientId: chosen.patient.id, rev: 0 }
    const written = await this.storage.saveVisit(
      copy,
      null,
      chosen.isNew ? chosen.patient : null,
      Object.values(photoData),
    )
    this.noteUnstored(written)
    if (!written.ok) throw new Error(t('safety.copy.failed'))
    const patient = written.patient ?? chosen.patient
    this.revs.set(copy.id, written.visit.rev)
    const open: OpenVisit = { visitId: copy.id, patientId: patient.id, created: copy.created }
    this.elsewhere = null
    this.store.set((s) => (s.record?.visitId === visit.id ? visitSaved({ ...s, record: null }, open, copy.date) : s))
    this.notify(
      t(reason === 'changed' ? 'safety.copy.changed' : 'safety.copy.deleted', {
        patient: patient.identifier,
        date: dateText(copy.date),
      }),
      15_000,
      'warning',
    )
    this.tell({ kind: 'visit', tab: this.effects.tab, id: copy.id, rev: written.visit.rev })
    this.changed()
    return open
  }

  /** Another tab wrote or deleted a visit, or changed the record. */
  private async heard(message: RecordMessage): Promise<void> {
    if (message.tab === this.effects.tab) return
    this.changed()
    if (message.kind !== 'visit') return
    const open = this.store.get().record
    if (open?.visitId !== message.id) return
    const known = this.revs.get(message.id)
    if (message.rev !== null && known !== undefined && message.rev <= known) return
    if (this.pending) {
      // Unsaved work here: write it now; the revision check keeps it as a copy rather than overwrite the other.
      await this.saved()
      return
    }
    this.elsewhere = message.rev === null ? 'deleted' : 'changed'
    this.changed()
  }

  /** Shows the stored version of the visit on screen (after it changed in another tab). */
  async reloadVisit(): Promise<void> {
    const open = this.store.get().record
    if (!open) return
    await this.saved()
    const visit = await this.storage.visit(this.store.get().record?.visitId ?? open.visitId)
    this.elsewhere = null
    if (!visit) {
      this.closeScreen()
      this.changed()
      return
    }
    await this.showVisit(visit)
    this.changed()
  }

  /** Shows this tab's workspace after a reload; a new tab takes over the newest workspace of a closed one. */
  private async restore(): Promise<void> {
    let tab = this.effects.tab
    let workspace = await this.storage.workspace(tab)
    if (!workspace?.file && !this.journalOf(tab)) {
      // A closed tab's work, the newest: its workspace, or its journal where that is newer (or all there is).
      const closed = new Map<string, { workspace?: Workspace; saved: string }>()
      for (const o of await this.orphans())
        if (o.workspace.file) closed.set(o.tab, { workspace: o.workspace, saved: o.workspace.saved })
      const live = this.effects.journal ? await this.effects.liveTabs() : null
      for (const other of this.effects.journal?.tabs() ?? []) {
        const entry = this.journalOf(other)
        if (other === tab || !entry || (live?.has(other) ?? false)) continue
        const known = closed.get(other)
        const saved = known && known.saved > entry.workspace.saved ? known.saved : entry.workspace.saved
        closed.set(other, { ...(known?.workspace ? { workspace: known.workspace } : {}), saved })
      }
      const newest = [...closed].sort((a, b) => b[1].saved.localeCompare(a[1].saved))[0]
      if (newest) {
        tab = newest[0]
        workspace = newest[1].workspace
        this.adopted = tab
      }
    }
    await this.keepClosedJournals(tab)
    const entry = this.journalOf(tab)
    if (entry && (!workspace || entry.workspace.saved >= workspace.saved)) {
      if (!workspace || workspaceContent(entry.workspace) !== workspaceContent(workspace)) {
        await this.replay(entry)
        return
      }
    }
    // The journal's change was written (or is older than what was): nothing to bring back.
    if (entry) this.effects.journal?.clear(tab)
    if (!workspace?.file) return
    await this.showWorkspace(workspace)
  }

  /**
   * The journals of the other closed tabs (not `taken`, the one this tab brings back): each
   * holds a change its page did not live to write. Newer than that tab's workspace, it is
   * written as that workspace, where "unsaved work from closed windows" lists it to open or
   * discard, and the journal goes; so no change is left where nothing shows it. The photo of
   * a view it names but the record never got is left out (it has no bytes to keep). Nothing is
   * done while the browser cannot tell which tabs are open.
   */
  private async keepClosedJournals(taken: string): Promise<void> {
    const journal = this.effects.journal
    if (!journal) return
    const live = await this.effects.liveTabs()
    if (live === null) return
    for (const other of journal.tabs()) {
      if (other === taken || other === this.effects.tab || live.has(other)) continue
      const entry = this.journalOf(other)
      if (!entry) continue
      const stored = await this.storage.workspace(other)
      const newer = !stored || entry.workspace.saved >= stored.saved
      if (newer && (!stored || workspaceContent(entry.workspace) !== workspaceContent(stored))) {
        const unstored = new Set<string>(entry.unstored)
        const photos = Object.fromEntries(
          Object.entries(entry.workspace.photos).filter(([view]) => !unstored.has(view)),
        ) as Workspace['photos']
        await this.storage.saveWorkspace(other, { ...entry.workspace, photos }, [])
      }
      journal.clear(other)
    }
  }

  private journalOf(tab: string): JournalEntry | null {
    return parseJournal(this.effects.journal?.read(tab))
  }

  /**
   * Brings back a change whose write did not land before the page went (its journal), and
   * says so; it is written as soon as saving starts. A visit is written only over the
   * revision the journal's tab had read: when another tab wrote or deleted it since, the
   * change is kept as a visit of its own (writeVisit), never over the newer revision.
   */
  private async replay(entry: JournalEntry): Promise<void> {
    const { workspace } = entry
    const open = workspace.open
    if (open) {
      const visit = await this.storage.visit(open.visitId)
      if (
        visit &&
        contentOf(visit.file, visit.photos, visit.date) === contentOf(workspace.file, workspace.photos, entry.date)
      ) {
        // The visit's write landed, only the workspace's did not: the visit as stored is the change.
        await this.showVisit(visit)
        this.replayed = true
        return
      }
      if (workspace.rev !== undefined) this.revs.set(open.visitId, workspace.rev)
    }
    // A photo the journal names but the record never got (its write was the one lost) cannot come back: said so.
    const unstored = new Set(entry.unstored)
    for (const [view, ref] of Object.entries(workspace.photos) as [View, PhotoRef][])
      if (!(await this.storage.photo(ref.key))) unstored.add(view)
    if (workspace.file) await this.show(workspace.file, workspace.photos, open)
    const identifier = workspace.identifier ?? ''
    if (!open && identifier) this.store.set((s) => ({ ...s, meta: { ...s.meta, patientId: identifier } }))
    this.lastSaved = ''
    this.replayed = true
    // An empty screen (its work discarded, a new visit started) is written as such, with nothing to say.
    if (!workspace.file) return
    this.notify(
      unstored.size
        ? t('safety.restore.journalPhotos', { views: [...unstored].map((v) => t(`view.${v}.title`)).join(', ') })
        : t('safety.restore.journal'),
      12_000,
      'warning',
    )
  }

  private async showWorkspace(workspace: Workspace): Promise<void> {
    const open = workspace.open
    if (open) {
      const visit = await this.storage.visit(open.visitId)
      if (!visit) {
        // Deleted (in another tab) since: it can be undone from the Patients dialog for a while.
        this.notify(t('safety.restore.deleted'), 10_000, 'warning')
        return
      }
      if (workspace.rev !== undefined && visit.rev !== workspace.rev) {
        // Written elsewhere since this tab last saved it (which it did before its workspace): show the newest.
        await this.showVisit(visit)
        this.notify(t('safety.restore.newer'), 8000, 'warning')
        return
      }
      this.revs.set(visit.id, visit.rev)
    }
    await this.show(workspace.file!, workspace.photos, open)
    const identifier = workspace.identifier ?? ''
    if (!open && identifier) this.store.set((s) => ({ ...s, meta: { ...s.meta, patientId: identifier } }))
    this.lastSaved = ''
  }

  /** Workspaces of tabs that are closed now (all others', where the browser cannot tell), newest first. */
  private async orphans(): Promise<TabWorkspace[]> {
    const live = await this.effects.liveTabs()
    return (await this.storage.workspaces())
      .filter((w) => w.tab !== this.effects.tab && !(live?.has(w.tab) ?? false))
      .sort((a, b) => b.workspace.saved.localeCompare(a.workspace.saved))
  }

  /** Work of closed tabs that is in no patient's record, for the Patients dialog. */
  async unfiledElsewhere(): Promise<TabWorkspace[]> {
    return (await this.orphans()).filter((o) => o.workspace.file && !o.workspace.open && o.tab !== this.adopted)
  }

  /** Opens a closed tab's unfiled work here (asking first if this screen holds unfiled work of its own). */
  async openUnfiled(tab: string): Promise<void> {
    if (!(await this.confirmReplace())) return
    const found = (await this.storage.workspaces()).find((w) => w.tab === tab)
    if (!found?.workspace.file) return
    await this.showWorkspace({ ...found.workspace, open: null })
    this.adopted = tab
    await this.saved()
    this.changed()
  }

  /** Discards a closed tab's unfiled work, after asking. */
  async discardUnfiled(tab: string): Promise<void> {
    const found = (await this.storage.workspaces()).find((w) => w.tab === tab)
    if (!found) return
    const confirmed = await this.effects.ask.confirm({
      id: 'discard-unfiled',
      title: t('safety.unfiled.discard'),
      text: t('safety.unfiled.discardText', { saved: formatDateTime(found.workspace.saved, currentLocale()) }),
      confirm: t('safety.unfiled.discard'),
      danger: true,
    })
    if (!confirmed) return
    await this.storage.deleteWorkspace(tab)
    // Its journal too: discarded work never comes back in a later tab.
    this.effects.journal?.clear(tab)
    this.changed()
  }

  private async show(
    file: AssessmentFile,
    photos: Partial<Record<View, PhotoRef>>,
    open: OpenVisit | null,
  ): Promise<void> {
    const loaded = assessmentFromData(file)
    const urls: Partial<Record<View, string>> = {}
    const refused: string[] = []
    for (const v of VIEW_NAMES) {
      const ref = photos[v]
      const data = ref ? await this.storage.photo(ref.key) : undefined
      if (!ref || !data) continue
      const url = await this.effects.urlOf(data.blob)
      if (!url) {
        refused.push(t(`view.${v}.title`))
        continue
      }
      this.stored.set(url, data)
      urls[v] = url
    }
    this.store.set((s) => visitOpened(s, loaded, urls, open))
    if (refused.length) this.notify(t('files.storedNotRaster', { views: refused.join(', ') }), 12_000, 'warning')
  }

  private async showVisit(visit: VisitRecord): Promise<void> {
    this.revs.set(visit.id, visit.rev)
    await this.show(visit.file, visit.photos, { visitId: visit.id, patientId: visit.patientId, created: visit.created })
    this.lastSaved = ''
  }

  /**
   * Before the screen is replaced (another visit, a new one, a file opened as a visit):
   * writes what is pending, then, when the screen holds work that is in no patient's
   * record, asks whether to discard it. True when the screen may be replaced.
   */
  async confirmReplace(): Promise<boolean> {
    await this.saved()
    const work = unfiledWork(this.store.get())
    if (work === null) return true
    return this.effects.ask.confirm({
      id: 'discard-unfiled',
      title: t('safety.unfiled.title'),
      text: t('safety.unfiled.text', { work }),
      confirm: t('safety.unfiled.discard'),
      danger: true,
    })
  }

  /** Opens a stored visit (asking first when the screen holds unfiled work). */
  async openVisit(id: string): Promise<void> {
    if (!(await this.confirmReplace())) return
    const visit = await this.storage.visit(id)
    if (!visit) return
    const patient = (await this.storage.patients()).find((p) => p.id === visit.patientId)
    try {
      await this.showVisit(visit)
    } catch (error) {
      this.store.set((s) => notifyError(s, t('record.visit.cannotOpen'), 8000, errorDetails(error)))
      return
    }
    this.elsewhere = null
    this.notify(t('record.visit.opened', { patient: patient?.identifier ?? '', date: dateText(visit.date) }))
    this.changed()
  }

  /**
   * Compares the visit on screen with another stored visit (any two visits of a
   * patient: open one, compare with the other); its photos come along, so both
   * overlays are shown and printed.
   */
  async compareWith(id: string): Promise<void> {
    const visit = await this.storage.visit(id)
    if (!visit) return
    const loaded = assessmentFromData(visit.file)
    for (const v of VIEW_NAMES) {
      const view = loaded.views[v]
      const ref = visit.photos[v]
      const data = ref ? await this.storage.photo(ref.key) : undefined
      if (!view?.doc.photo || !ref || !data) continue
      const url = await this.effects.urlOf(data.blob)
      if (!url) continue
      this.stored.set(url, data)
      loaded.views[v] = { ...view, doc: { ...view.doc, photo: { ...view.doc.photo, url } } }
    }
    this.store.set((s) => comparisonLoaded(s, visit.date, loaded, visit.created))
    const date = this.store.get().comparison?.meta.date
    // The date as the language writes it, never the ISO form ("2026-11-24").
    if (this.store.get().comparison) this.notify(t('compare.loaded', { date: dateText(date ?? '') }))
  }

  /** Starts a new, empty visit of a patient (asking first when the screen holds unfiled work). */
  async startVisit(patientId: string): Promise<boolean> {
    if (!(await this.confirmReplace())) return false
    const patient = (await this.storage.patients()).find((p) => p.id === patientId)
    if (!patient) return false
    const now = this.effects.now()
    this.elsewhere = null
    this.store.set((s) => newVisit(s, patient, this.effects.newId(), dayOf(now), now.toISOString()))
    this.lastSaved = ''
    this.changed()
    return true
  }

  /**
   * Moves the visit on screen to the patient with `identifier` (a new patient when
   * there is none): the one way a visit changes patient. Asks first, naming both.
   */
  async moveVisit(identifier: string): Promise<boolean> {
    const target = identifier.trim()
    if (!this.store.get().record || !target) return false
    await this.saved()
    // The visit on screen as saving left it: a write refused because another window deleted
    // or changed the visit keeps the work as a separate visit, which is then the one on screen.
    const open = this.store.get().record
    if (!open) return false
    const visit = await this.storage.visit(open.visitId)
    const patients = await this.storage.patients()
    const found = findPatient(patients, target)
    if (!visit) {
      // Not in the record. A new visit that holds nothing moves without a question (nothing
      // is stored, so nothing moves); work on screen whose stored copy is gone (deleted in
      // another window) belongs to the patient it was made for, so moving it is asked
      // first, naming both, as for a stored visit.
      const state = this.store.get()
      if (!holdsWork(state)) return this.renameEmptyVisit(target)
      const from = patients.find((p) => p.id === open.patientId)?.identifier ?? state.meta.patientId
      if (found?.id === open.patientId) {
        this.notify(t('safety.move.same', { patient: found.identifier }))
        return false
      }
      if (!(await this.confirmMove(state.meta.date, from, target, found))) return false
      return this.renameEmptyVisit(target)
    }
    const from = patients.find((p) => p.id === visit.patientId)
    if (found?.id === visit.patientId) {
      this.notify(t('safety.move.same', { patient: found.identifier }))
      return false
    }
    if (!(await this.confirmMove(visit.date, from?.identifier ?? '', target, found))) return false
    const nowIso = this.nowIso()
    const chosen = found ?? newPatient(this.effects.newId(), target, nowIso, 'typed')
    const moved: VisitRecord = {
      ...visit,
      patientId: chosen.id,
      updated: nowIso,
      file: { ...visit.file, patient_id: chosen.identifier },
    }
    const written = await this.storage.saveVisit(moved, this.revs.get(visit.id) ?? null, found ? null : chosen, [])
    if (!written.ok) {
      this.elsewhere = written.current ? 'changed' : 'deleted'
      this.notify(t('safety.move.stale'), 10_000, 'warning')
      this.changed()
      return false
    }
    // The patient of that identifier another tab made meanwhile, when one did: the visit went to it.
    const patient = written.patient ?? chosen
    this.revs.set(visit.id, written.visit.rev)
    this.store.set((s) =>
      s.record?.visitId === visit.id ? visitMoved(s, { ...open, patientId: patient.id }, patient.identifier) : s,
    )
    // A visit moved to another patient is shown as a warning: never dropped for a notice still on screen.
    this.notify(
      t('safety.move.done', { date: dateText(visit.date), from: from?.identifier ?? '', to: patient.identifier }),
      8000,
      'warning',
    )
    this.tell({ kind: 'visit', tab: this.effects.tab, id: visit.id, rev: written.visit.rev })
    this.changed()
    return true
  }

  /** Asks whether to move the visit of `date` from patient `from` to `target` (`found`: its patient, when it exists). */
  private async confirmMove(
    date: string,
    from: string,
    target: string,
    found: PatientRecord | undefined,
  ): Promise<boolean> {
    const count = found ? ((await this.storage.visitCounts(found.id)).get(found.id) ?? 0) : 0
    return this.effects.ask.confirm({
      id: 'move-visit',
      title: t('safety.move.title'),
      text: found
        ? t('safety.move.toExisting', {
            date: dateText(date),
            from,
            to: found.identifier,
            name: found.name || '—',
            count,
          })
        : t('safety.move.toNew', { date: dateText(date), from, to: target }),
      confirm: t('safety.move.confirm', { to: found?.identifier ?? target }),
    })
  }

  /**
   * "Move" of a new visit that holds nothing yet (nothing is stored, so nothing moves):
   * it becomes a new visit of the patient with `identifier`, added to the list when new.
   */
  private async renameEmptyVisit(identifier: string): Promise<boolean> {
    const open = this.store.get().record
    if (!open) return false
    const { patient, isNew } = patientFor(await this.storage.patients(), identifier, this.nowIso(), () =>
      this.effects.newId(),
    )
    if (isNew) await this.storage.putPatient(patient)
    const now = this.effects.now()
    this.store.set((s) => newVisit(s, patient, open.visitId, s.meta.date || dayOf(now), open.created))
    this.tell({ kind: 'record', tab: this.effects.tab })
    this.changed()
    return true
  }

  /** Adds a patient to the list; refused with a notice when the identifier is empty or taken. */
  /** The name of the patient whose visit is on screen ('' when none is open or it has no name): the PDF report shows it. */
  async patientNameOnScreen(): Promise<string> {
    const id = this.store.get().record?.patientId
    if (!id) return ''
    return (await this.storage.patients()).find((p) => p.id === id)?.name ?? ''
  }

  /** The record's visits of the patient whose visit is on screen ([] when none): the clinical PDF report's trends page. */
  async patientVisitsOnScreen(): Promise<VisitRecord[]> {
    const id = this.store.get().record?.patientId
    if (!id) return []
    return this.storage.visits(id)
  }

  async addPatient(identifier: string, name: string): Promise<PatientRecord | null> {
    if (!identifier.trim()) {
      this.notify(t('record.patient.needsIdentifier'), undefined, 'warning')
      return null
    }
    const existing = findPatient(await this.storage.patients(), identifier)
    if (existing) {
      this.notify(t('record.patient.exists', { identifier: existing.identifier }), undefined, 'warning')
      return null
    }
    const patient = newPatient(this.effects.newId(), identifier, this.nowIso(), 'added', name)
    await this.storage.putPatient(patient)
    void this.askPersist()
    this.notify(t('record.patient.added', { identifier: patient.identifier }))
    this.tell({ kind: 'record', tab: this.effects.tab })
    this.changed()
    return patient
  }

  /** The last deletion, while it can be undone (also after a reload). */
  deletion(): Promise<Deletion | undefined> {
    return this.storage.deletion(this.effects.now().getTime())
  }

  /** Words for a deletion that can be undone. */
  deletionText(d: Deletion): string {
    return d.kind === 'patient'
      ? t('record.deleted.patient', { patient: d.patient })
      : t('record.deleted.visit', { date: dateText(d.date) })
  }

  /** Deletes a visit (what is pending on screen is written first, so an undo brings back the last change too). */
  async deleteVisit(id: string): Promise<void> {
    await this.saved()
    if (this.store.get().record?.visitId === id) await this.closeScreenWritten()
    const until = this.effects.now().getTime() + UNDO_MS
    const removed = await this.storage.deleteVisit(id, until)
    if (!removed) return
    this.revs.delete(id)
    this.notify(this.deletionText(removed))
    this.tell({ kind: 'visit', tab: this.effects.tab, id, rev: null })
    this.changed()
  }

  /** Deletes a patient with its visits (what is pending on screen is written first, as for a visit). */
  async deletePatient(id: string): Promise<void> {
    await this.saved()
    if (this.store.get().record?.patientId === id) await this.closeScreenWritten()
    const until = this.effects.now().getTime() + UNDO_MS
    const removed = await this.storage.deletePatient(id, until)
    if (!removed) return
    this.notify(this.deletionText(removed))
    for (const v of removed.visits) this.tell({ kind: 'visit', tab: this.effects.tab, id: v.id, rev: null })
    this.tell({ kind: 'record', tab: this.effects.tab })
    this.changed()
  }

  /**
   * The screen showing what is being deleted cleared, and this tab's workspace written
   * so. A deletion keeps the photos a workspace still shows: the deleted visit's photos
   * then go with it (and come back with the undo) instead of staying in the database,
   * used by nothing.
   */
  private async closeScreenWritten(): Promise<void> {
    this.closeScreen()
    await this.saved()
  }

  /** The visit on screen is going away: clear the screen and this tab's workspace, without saving it again. */
  private closeScreen(): void {
    clearTimeout(this.timer)
    this.store.set((s) => visitClosed(s))
    this.elsewhere = null
    this.lastSaved = ''
  }

  /** Puts back the last deletion, while it can be undone. */
  async undoDelete(): Promise<void> {
    const d = await this.storage.undoDeletion(this.effects.now().getTime())
    if (!d) return
    this.notify(t('record.restored'))
    for (const v of d.visits) this.tell({ kind: 'visit', tab: this.effects.tab, id: v.id, rev: v.rev + 1 })
    this.tell({ kind: 'record', tab: this.effects.tab })
    this.changed()
  }

  /** The backup file of one visit, one patient or the whole record (photos embedded), as it would be saved. */
  async backupOf(scope: BackupFile['scope'], id?: string): Promise<{ name: string; file: BackupFile }> {
    await this.saved()
    // Of one moment: another tab's autosave of a visit with its new patient gives the backup both or neither.
    const content = await this.storage.content()
    const patients = content.patients
    let visits = content.visits
    if (scope === 'visit') visits = visits.filter((v) => v.id === id)
    if (scope === 'patient') visits = visits.filter((v) => v.patientId === id)
    const chosen =
      scope === 'record' ? patients : patients.filter((p) => visits.some((v) => v.patientId === p.id) || p.id === id)
    const photos = new Map<string, string>()
    for (const v of visits) {
      for (const ref of Object.values(v.photos)) {
        const data = await this.storage.photo(ref.key)
        if (data) photos.set(ref.key, base64OfBytes(new Uint8Array(await data.blob.arrayBuffer())))
      }
    }
    const today = dayOf(this.effects.now())
    // The clinic's report settings go with the whole record only: a patient's or a visit's backup is that patient's.
    const settings = scope === 'record' ? await admitReportSettings(await this.storage.reportSettings()) : null
    const file = backupFileOf(scope, chosen, visits, photos, this.nowIso(), await this.storage.pairs(), settings)
    const first = chosen[0]?.identifier ?? ''
    const name =
      scope === 'record'
        ? visitFileName('', today, 'record', 'json')
        : scope === 'patient'
          ? visitFileName(first, today, 'patient', 'json')
          : visitFileName(first, visits[0]?.date ?? '', 'visit', 'json')
    return { name, file }
  }

  /**
   * Saves a backup file of one visit, one patient or the whole record (photos embedded); a backup of the whole
   * record is noted as the last backup (the Patients dialog reminds of it when the browser may clear the record).
   */
  async exportBackup(scope: BackupFile['scope'], id?: string): Promise<void> {
    const { name, file } = await this.backupOf(scope, id)
    this.effects.download(name, 'application/json', JSON.stringify(file))
    if (scope === 'record') await this.storage.saveLastBackup(this.nowIso())
    this.notify(t('record.export.done', { name }))
    this.changed()
  }

  /**
   * At the record's first patient (once, never at page load: a browser may ask the clinician), asks the browser
   * to keep the record under storage pressure and not to clear it after days without use (Safari).
   */
  private async askPersist(): Promise<void> {
    try {
      if (this.effects.persist && (await this.storage.firstPersistAsk())) await this.effects.persist()
    } catch {
      // Not asked: the Patients dialog says whether the browser may clear the record.
    }
    this.changed()
  }

  /**
   * Reads a backup (or an assessment file), plans what it does per patient and visit,
   * shows the plan and asks for the choices it needs, then writes what was chosen in
   * one transaction and says what was written.
   */
  async importBackup(file: File, ask: Ask): Promise<void> {
    const failed = (reason: string, details?: string) =>
      this.store.set((s) => notifyError(s, t('record.import.failed', { name: file.name, reason }), 12_000, details))
    try {
      // Too large to read at all: refused before a byte is read.
      const size = fileSizeProblem('backup', file.size)
      if (size) return failed(size.text)
      let backup: Backup
      try {
        backup = parseBackup(await file.text(), this.nowIso(), () => this.effects.newId())
      } catch (error) {
        // Our own sentence; the engine's text (a file that could not be read) only under "Technical details".
        if (error instanceof BackupError) return failed(error.message, error.details)
        return failed(t('record.import.unexpected'), errorDetails(error))
      }
      await this.saved()
      // The record of one moment (another tab may be writing): no visit planned without its patient.
      const here = await this.storage.content()
      const hereVisits = here.visits
      const plan = planImport(here, backup)
      const herePairs = await this.storage.pairs()
      const pairsOnly = planChangesNothing(plan)
      const hereIds = new Set(hereVisits.map((v) => v.id))
      // The backup's report settings: taken when this record has none, nothing to do when they are the same,
      // and when they differ the clinician is asked (Cancel keeps this record's, and the notice says so).
      const ours = await admitReportSettings(await this.storage.reportSettings())
      const theirs = backup.settings
      const settingsAction: 'none' | 'take' | 'ask' = !settingsSet(theirs)
        ? 'none'
        : !settingsSet(ours)
          ? 'take'
          : sameSettings(ours, theirs)
            ? 'none'
            : 'ask'
      if (
        pairsOnly &&
        settingsAction === 'none' &&
        pairsToImport(backup.pairs, herePairs, hereIds, () => '').length === 0
      ) {
        this.store.set((s) => notify(s, t('record.import.nothing', { name: file.name })))
        return
      }
      const decisions = pairsOnly ? null : await ask.importPlan(plan, file.name)
      if (!pairsOnly && !decisions) return
      const takeSettings =
        settingsAction === 'take' ||
        (settingsAction === 'ask' && (await ask.confirm(settingsQuestion(ours, theirs as ReportSettings))))
      let settings: StoredReportSettings | undefined
      if (takeSettings && theirs) {
        let logo: Blob | null = null
        if (theirs.logo) {
          // Decoded as a logo chosen in the app is, before anything is written.
          const checked = await logoFromFile(
            new Blob([theirs.logo.bytes], { type: theirs.logo.type }),
            'report_settings.logo',
            this.effects.decodeLogo,
          )
          if (!('blob' in checked)) return failed(`report_settings.logo: ${checked.text}`)
          logo = checked.blob
        }
        settings = { clinic: theirs.clinic, clinician: theirs.clinician, logo }
      }
      const write = decisions ? applyImport(plan, decisions, () => this.effects.newId()) : null
      const written = write?.visits ?? []
      // Every photo the written visits refer to, from the file: verified (a JPEG, PNG or WebP of the size it
      // declares) before anything is written. A key the record already holds keeps its photo only when the bytes
      // are the same; other bytes under it are another photo, stored under a key of its own (both kept).
      const filePhotos = new Map(backup.photos.map((p) => [p.key, p]))
      const photos: PhotoData[] = []
      const refs = new Map<string, PhotoRef>()
      for (const v of written)
        for (const ref of Object.values(v.photos)) {
          const p = filePhotos.get(ref.key)
          if (refs.has(ref.key) || !p) continue
          const bytes = bytesOfBase64(p.data)
          const here = await this.storage.photo(ref.key)
          if (here && (await sameBytes(here.blob, bytes))) {
            refs.set(ref.key, refOf(here))
            continue
          }
          let blob: Blob
          try {
            blob = await this.effects.verifyPhoto(new Blob([bytes]), p)
          } catch (error) {
            const where = photoPlace(written, p.key)
            // A RasterError's text is ours (why the bytes are no photo); an engine's goes to the details.
            if (error instanceof RasterError) return failed(t('files.importPhoto', { where, reason: error.message }))
            return failed(
              t('files.importPhoto', { where, reason: t('files.importPhotoUnreadable') }),
              errorDetails(error),
            )
          }
          const stored: PhotoData = {
            key: here ? this.effects.newId() : p.key,
            type: blob.type,
            width: p.width,
            height: p.height,
            blob,
          }
          photos.push(stored)
          refs.set(ref.key, refOf(stored))
        }
      const visits = written.map((v) => ({
        ...v,
        photos: Object.fromEntries(Object.entries(v.photos).map(([view, ref]) => [view, refs.get(ref.key) ?? ref])),
      }))
      // The file's repeat pairs between visits the record will hold.
      const holds = new Set([...hereVisits.map((v) => v.id), ...visits.map((v) => v.id)])
      const pairs = pairsToImport(backup.pairs, herePairs, holds, () => this.effects.newId())
      const patients = write?.patients ?? []
      if (patients.length || visits.length || pairs.length || settings) {
        // One transaction: all of it, or nothing.
        const stored = await this.storage.restore(patients, visits, photos, pairs, settings)
        // Other tabs, and this one, hear of every visit the import wrote: one showing it is told, never overwritten.
        for (const v of stored) this.tell({ kind: 'visit', tab: this.effects.tab, id: v.id, rev: v.rev })
        this.tell({ kind: 'record', tab: this.effects.tab })
        const open = this.store.get().record
        if (open && stored.some((v) => v.id === open.visitId)) this.elsewhere = 'changed'
      }
      const pairsText = pairs.length ? t('study.pairsImported', { count: pairs.length }) : ''
      const done = write ? doneText(file.name, write.counts) : t('record.import.done.pairsOnly', { name: file.name })
      const settingsText =
        settingsAction === 'none'
          ? ''
          : settings
            ? t('record.import.settings.taken', { clinic: settings.clinic || '—' })
            : t('record.import.settings.kept', { clinic: ours.clinic || '—' })
      this.store.set((s) => notify(s, [done, pairsText, settingsText].filter(Boolean).join(' '), 12_000))
      if (settings) this.settingsImported()
      this.changed()
    } catch (error) {
      // Anything unforeseen: nothing was written (the write is one transaction), and the clinician is told
      // in our words; the engine's own text goes to the details.
      failed(t('record.import.unexpected'), errorDetails(error))
    }
  }

  /** For the camera: shows `photo` in `view` of the visit on screen; the autosave stores it with the visit. */
  async addPhoto(view: View, photo: Blob, name: string): Promise<void> {
    this.store.set((s) => setView(s, view))
    await this.openPhoto(new File([photo], name, { type: photo.type }))
    await this.saved()
  }
}
