/**
 * The record's effects for the store: autosave (the assessment on screen is written
 * to the workspace, and, once it has a patient identifier, as a visit of that
 * patient, a moment after every change and at once when the page is hidden), the
 * restore after a reload, opening and starting visits, adding and deleting patients
 * and visits (with undo for a while), and adding a photo to a view of the visit on
 * screen (for the camera). Storage goes through RecordStorage; state changes are
 * the commands of record/commands.ts.
 */

import { t } from '../i18n/index.js'
import { download } from '../render/dom.js'
import { type AssessmentFile, assessmentFileOf, assessmentFromData } from '../state/assessment-file.js'
import { comparisonLoaded, notify, setView } from '../state/commands.js'
import { VIEW_NAMES, type View } from '../state/model.js'
import type { AppState } from '../state/state.js'
import type { Store } from '../state/store.js'
import { type Backup, BackupError, type BackupFile, backupFileOf, parseBackup } from './backup.js'
import { newVisit, visitClosed, visitOpened, visitSaved } from './commands.js'
import type { Ask } from './dialogs.js'
import { applyImport, planChangesNothing, planImport } from './import-plan.js'
import { doneText } from './import-text.js'
import {
  findPatient,
  newPatient,
  type OpenVisit,
  type PatientRecord,
  type PhotoRef,
  placeVisit,
  type VisitRecord,
  visitFileName,
} from './model.js'
import { newKey, refOf, storablePhoto } from './photos.js'
import type { PhotoData, RecordStorage } from './storage.js'
import { valuesOf } from './trend.js'

/** How long after the last change the autosave writes. */
const AUTOSAVE_DELAY_MS = 300
/** How long a deletion can be undone. */
export const UNDO_MS = 60_000

/** What a deletion removed, until it can no longer be undone. */
export interface Deleted {
  readonly text: string
  readonly until: number
  readonly patients: readonly PatientRecord[]
  readonly visits: readonly VisitRecord[]
  readonly photos: readonly PhotoData[]
}

/** Opens a file (photo) in the current view; main.ts passes the app's photo opener. */
export type PhotoOpener = (file: File) => Promise<void>

async function base64Of(blob: Blob): Promise<string> {
  const url = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(reader.result as string)
    reader.onerror = () => reject(reader.error ?? new Error('read failed'))
    reader.readAsDataURL(blob)
  })
  return url.slice(url.indexOf(',') + 1)
}

function blobOf(base64: string, type: string): Blob {
  const bin = atob(base64)
  const bytes = new Uint8Array(bin.length)
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i)
  return new Blob([bytes], { type })
}

function today(): string {
  const d = new Date()
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

export class RecordController {
  /** Photos on screen by URL -> their stored reference. */
  private readonly stored = new Map<string, PhotoRef>()
  private timer: ReturnType<typeof setTimeout> | undefined
  private running: Promise<void> = Promise.resolve()
  private lastSaved = ''
  private listeners = new Set<() => void>()
  /** A change not yet written (tests and the status line wait for false). */
  pending = false
  /** How long the last save took, ms (shown as data-write-ms on the status line for bench/record.ts). */
  lastWriteMs = 0
  deleted: Deleted | null = null

  constructor(
    readonly store: Store<AppState>,
    readonly storage: RecordStorage,
    private readonly openPhoto: PhotoOpener,
  ) {}

  /** Restores the workspace, then saves after every change of the assessment. */
  async start(): Promise<void> {
    await this.restore()
    this.store.subscribe((state, previous) => {
      if (
        state.views === previous.views &&
        state.meta === previous.meta &&
        state.record === previous.record &&
        state.settings === previous.settings &&
        state.view === previous.view
      )
        return
      clearTimeout(this.timer)
      this.timer = setTimeout(() => void this.save(), AUTOSAVE_DELAY_MS)
      if (!this.pending) {
        this.pending = true
        this.changed()
      }
    })
    const flush = () => {
      clearTimeout(this.timer)
      void this.save()
    }
    addEventListener('pagehide', flush)
    document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush())
    void this.storage.persist()
  }

  /** Runs when the record changed (patients, visits), for the panel. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private changed(): void {
    for (const l of this.listeners) l()
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
      .catch((error: unknown) => {
        this.store.set((s) =>
          notify(s, t('record.saveFailed', { reason: error instanceof Error ? error.message : String(error) }), 10_000),
        )
      })
      .then(() => {
        if (this.timer !== undefined || !this.pending) return
        this.pending = false
        this.changed()
      })
    return this.running
  }

  /** The stored references of the photos on screen (storing those not stored yet). */
  private async photosOf(state: AppState): Promise<Partial<Record<View, PhotoRef>>> {
    const photos: Partial<Record<View, PhotoRef>> = {}
    for (const v of VIEW_NAMES) {
      const url = state.views[v].doc.photo?.url
      if (!url) continue
      let ref = this.stored.get(url)
      if (!ref) {
        const data = await storablePhoto(url)
        await this.storage.putPhoto(data)
        ref = refOf(data)
        this.stored.set(url, ref)
      }
      photos[v] = ref
    }
    return photos
  }

  private async write(): Promise<void> {
    const started = performance.now()
    await this.writeNow()
    this.lastWriteMs = performance.now() - started
  }

  private async writeNow(): Promise<void> {
    const state = this.store.get()
    const file = assessmentFileOf(state, new Date())
    const photos = await this.photosOf(state)
    const identifier = state.meta.patientId.trim()
    const signature = JSON.stringify([{ ...file, saved_at: '' }, photos, state.record, identifier])
    if (signature === this.lastSaved) return
    const now = new Date().toISOString()
    let open: OpenVisit | null = state.record
    if (file && identifier) {
      const patients = await this.storage.patients()
      const previous = state.record?.patientId ?? null
      const counts = previous ? await this.storage.visitCounts(previous) : new Map<string, number>()
      const placement = placeVisit(patients, counts, previous, identifier, now, newKey)
      const visitId = state.record?.visitId ?? newKey()
      const old = await this.storage.visit(visitId)
      // A visit shown again as stored (e.g. restored after a reload) keeps its `updated` time: backups merge by it.
      const same =
        old !== undefined &&
        placement.put === null &&
        placement.remove === null &&
        old.patientId === placement.patient.id &&
        old.date === state.meta.date &&
        JSON.stringify([{ ...old.file, saved_at: '' }, old.photos]) ===
          JSON.stringify([{ ...file, saved_at: '' }, photos])
      if (!same) {
        const values = valuesOf(file, state.settings.placementSd)
        const visit: VisitRecord = {
          id: visitId,
          patientId: placement.patient.id,
          date: state.meta.date,
          created: old?.created ?? now,
          updated: now,
          file,
          photos,
          values,
        }
        await this.storage.saveVisit(visit, placement.put, placement.remove)
      }
      open = { visitId, patientId: placement.patient.id, created: old?.created ?? state.record?.created ?? now }
      // Only when the screen still shows the visit just saved (not another one opened meanwhile).
      this.store.set((s) => (s.record?.visitId === state.record?.visitId ? visitSaved(s, open!) : s))
      this.changed()
    }
    await this.storage.saveWorkspace({ file, photos, open, saved: now })
    this.lastSaved = signature
  }

  /** Shows the workspace autosaved last (after a reload, a closed tab or a crash). */
  private async restore(): Promise<void> {
    const workspace = await this.storage.workspace()
    if (!workspace?.file) return
    await this.show(workspace.file, workspace.photos, workspace.open)
  }

  private async show(
    file: AssessmentFile,
    photos: Partial<Record<View, PhotoRef>>,
    open: OpenVisit | null,
  ): Promise<void> {
    const loaded = assessmentFromData(file)
    const urls: Partial<Record<View, string>> = {}
    for (const v of VIEW_NAMES) {
      const ref = photos[v]
      const data = ref ? await this.storage.photo(ref.key) : undefined
      if (!ref || !data) continue
      const url = URL.createObjectURL(data.blob)
      this.stored.set(url, ref)
      urls[v] = url
    }
    this.store.set((s) => visitOpened(s, loaded, urls, open))
  }

  /** Opens a stored visit (the one on screen is saved first). */
  async openVisit(id: string): Promise<void> {
    await this.saved()
    const visit = await this.storage.visit(id)
    if (!visit) return
    const patient = (await this.storage.patients()).find((p) => p.id === visit.patientId)
    try {
      await this.show(visit.file, visit.photos, {
        visitId: visit.id,
        patientId: visit.patientId,
        created: visit.created,
      })
    } catch (error) {
      this.store.set((s) =>
        notify(
          s,
          t('record.visit.cannotOpen', { reason: error instanceof Error ? error.message : String(error) }),
          8000,
        ),
      )
      return
    }
    this.store.set((s) =>
      notify(
        s,
        t('record.visit.opened', { patient: patient?.identifier ?? '', date: visit.date || t('compare.undated') }),
      ),
    )
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
      const url = URL.createObjectURL(data.blob)
      this.stored.set(url, ref)
      loaded.views[v] = { ...view, doc: { ...view.doc, photo: { ...view.doc.photo, url } } }
    }
    this.store.set((s) => comparisonLoaded(s, visit.date, loaded))
    const date = this.store.get().comparison?.meta.date
    if (this.store.get().comparison)
      this.store.set((s) => notify(s, t('compare.loaded', { date: date || t('compare.undated') })))
  }

  /** Starts a new, empty visit of a patient (the one on screen is saved first). */
  async startVisit(patientId: string): Promise<void> {
    await this.saved()
    const patient = (await this.storage.patients()).find((p) => p.id === patientId)
    if (!patient) return
    this.store.set((s) => newVisit(s, patient, newKey(), today(), new Date().toISOString()))
  }

  /** Adds a patient to the list; refused with a notice when the identifier is empty or taken. */
  async addPatient(identifier: string, name: string): Promise<PatientRecord | null> {
    if (!identifier.trim()) {
      this.store.set((s) => notify(s, t('record.patient.needsIdentifier')))
      return null
    }
    const existing = findPatient(await this.storage.patients(), identifier)
    if (existing) {
      this.store.set((s) => notify(s, t('record.patient.exists', { identifier: existing.identifier })))
      return null
    }
    const patient = newPatient(newKey(), identifier, new Date().toISOString(), 'added', name)
    await this.storage.putPatient(patient)
    this.store.set((s) => notify(s, t('record.patient.added', { identifier: patient.identifier })))
    this.changed()
    return patient
  }

  private remember(deleted: Omit<Deleted, 'until'>): void {
    this.deleted = { ...deleted, until: Date.now() + UNDO_MS }
    this.store.set((s) => notify(s, deleted.text))
    this.changed()
  }

  async deleteVisit(id: string): Promise<void> {
    if (this.store.get().record?.visitId === id) this.closeScreen()
    await this.running
    const removed = await this.storage.deleteVisit(id)
    if (!removed) return
    this.remember({
      text: t('record.deleted.visit', { date: removed.visit.date || t('compare.undated') }),
      patients: [],
      visits: [removed.visit],
      photos: removed.photos,
    })
  }

  async deletePatient(id: string): Promise<void> {
    if (this.store.get().record?.patientId === id) this.closeScreen()
    await this.running
    const removed = await this.storage.deletePatient(id)
    if (!removed) return
    this.remember({
      text: t('record.deleted.patient', { patient: removed.patient.identifier }),
      patients: [removed.patient],
      visits: removed.visits,
      photos: removed.photos,
    })
  }

  /** The visit on screen is going away: clear the screen and the workspace, without saving it again. */
  private closeScreen(): void {
    clearTimeout(this.timer)
    this.store.set((s) => visitClosed(s))
    this.lastSaved = ''
  }

  /** Puts back the last deletion, while it can be undone. */
  async undoDelete(): Promise<void> {
    const d = this.deleted
    if (!d || Date.now() > d.until) return
    this.deleted = null
    await this.storage.restore(d.patients, d.visits, d.photos)
    this.store.set((s) => notify(s, t('record.restored')))
    this.changed()
  }

  /** Saves a backup file of one visit, one patient or the whole record (photos embedded). */
  async exportBackup(scope: BackupFile['scope'], id?: string): Promise<void> {
    await this.saved()
    const patients = await this.storage.patients()
    let visits = await this.storage.visits()
    if (scope === 'visit') visits = visits.filter((v) => v.id === id)
    if (scope === 'patient') visits = visits.filter((v) => v.patientId === id)
    const chosen =
      scope === 'record' ? patients : patients.filter((p) => visits.some((v) => v.patientId === p.id) || p.id === id)
    const photos = new Map<string, string>()
    for (const v of visits) {
      for (const ref of Object.values(v.photos)) {
        const data = await this.storage.photo(ref.key)
        if (data) photos.set(ref.key, await base64Of(data.blob))
      }
    }
    const file = backupFileOf(scope, chosen, visits, photos, new Date().toISOString())
    const first = chosen[0]?.identifier ?? ''
    const name =
      scope === 'record'
        ? visitFileName('', today(), 'record', 'json')
        : scope === 'patient'
          ? visitFileName(first, today(), 'patient', 'json')
          : visitFileName(first, visits[0]?.date ?? '', 'visit', 'json')
    download(name, 'application/json', JSON.stringify(file))
    this.store.set((s) => notify(s, t('record.export.done', { name })))
  }

  /**
   * Reads a backup (or an assessment file), plans what it does per patient and visit,
   * shows the plan and asks for the choices it needs, then writes what was chosen in
   * one transaction and says what was written.
   */
  async importBackup(file: File, ask: Ask): Promise<void> {
    const now = new Date().toISOString()
    let backup: Backup
    try {
      backup = parseBackup(await file.text(), now, newKey)
    } catch (error) {
      const reason = error instanceof BackupError ? error.message : String(error)
      this.store.set((s) => notify(s, t('record.import.failed', { name: file.name, reason }), 12_000))
      return
    }
    await this.saved()
    const plan = planImport({ patients: await this.storage.patients(), visits: await this.storage.visits() }, backup)
    if (planChangesNothing(plan)) {
      this.store.set((s) => notify(s, t('record.import.nothing', { name: file.name })))
      return
    }
    const decisions = await ask.importPlan(plan, file.name)
    if (!decisions) return
    const write = applyImport(plan, decisions, newKey)
    const photos = write.photos.map((p) => ({
      key: p.key,
      type: p.type,
      width: p.width,
      height: p.height,
      blob: blobOf(p.data, p.type),
    }))
    if (write.patients.length || write.visits.length) await this.storage.restore(write.patients, write.visits, photos)
    this.store.set((s) => notify(s, doneText(file.name, write.counts), 8000))
    this.changed()
  }

  /** For the camera: shows `photo` in `view` of the visit on screen; the autosave stores it with the visit. */
  async addPhoto(view: View, photo: Blob, name: string): Promise<void> {
    this.store.set((s) => setView(s, view))
    await this.openPhoto(new File([photo], name, { type: photo.type }))
    await this.saved()
  }
}
