/**
 * Files in and out: opening a photo (picker or drop; only a verified JPEG, PNG or
 * WebP, files/raster.ts), saving and loading the
 * assessment file (photo-free JSON), the CSV export, printing the report and saving
 * it as a PDF (report-pdf.ts, loaded on first use).
 * Reading and downloading live here; what they do to the state is in state/commands.ts.
 */

import { type ComparisonCsvText, comparisonCsv } from '../compare/comparison-rows.js'
import { comparisonOf } from '../compare/from-state.js'
import { MACHINE_CSV, spreadsheetCsv } from '../i18n/csv-text.js'
import { t, terms } from '../i18n/index.js'
import { assessmentOpenedAs, hasAssessment, patientConflict } from '../record/commands.js'
import { type Ask, dialogAsk } from '../record/dialogs.js'
import { type VisitRecord, visitFileName } from '../record/model.js'
import { dateText } from '../render/comparison-table.js'
import { byId, download } from '../render/dom.js'
import type { Viewport } from '../render/viewport.js'
import { AssessmentFileError, assessmentFileOf, assessmentFromData } from '../state/assessment-file.js'
import { assessmentLoaded, comparisonLoaded, notifyAs, photoOpened } from '../state/commands.js'
import { errorDetails } from '../state/error-details.js'
import type { Photo } from '../state/model.js'
import type { AppState, LoadedAssessment, NoticeKind } from '../state/state.js'
import type { Store } from '../state/store.js'
import { fileSizeProblem, problemsDetails, problemsText, readFile } from './file-schema.js'
import { RasterError, verifiedRasterImage } from './raster.js'
import { NO_PRINTED_EXTRAS, type PrintedExtras, renderReport } from './report.js'
import { admitReportSettings } from './report-settings.js'
import { csvOf, resultEntries } from './results-csv.js'

export class Files {
  /**
   * Asked before an assessment file replaces the work on screen (the record sets it:
   * it asks when that work is in no patient's record); true when it may.
   */
  beforeReplace: () => Promise<boolean> = async () => true

  /** The name of the record's patient whose visit is on screen, '' when none (the record sets it; the PDF shows it). */
  patientName: () => Promise<string> = async () => ''

  /** The record's visits of that patient, [] when none (the record sets it; the clinical PDF's trends page). */
  patientVisits: () => Promise<readonly VisitRecord[]> = async () => []

  /** The clinic's report settings as stored, admitted before use (the record sets it). */
  reportSettings: () => Promise<unknown> = async () => undefined

  constructor(
    private readonly store: Store<AppState>,
    private readonly viewport: Viewport,
    private readonly ask: Ask = dialogAsk,
  ) {}

  private notify(text: string, ms?: number, kind: NoticeKind = 'info', details?: string): void {
    this.store.set((s) => notifyAs(s, kind, text, ms, details))
  }

  /** Something failed: an error notice, never replaced by a routine one before its time. */
  private fail(text: string, details?: string): void {
    this.notify(text, 10_000, 'error', details)
  }

  /**
   * Opens a photo from a file: only a JPEG, PNG or WebP by its bytes, within the photo
   * limits and decodable (raster.ts); anything else is refused with the reason and
   * nothing on screen changes. The data: URL is made from the verified bytes, with
   * the sniffed type, never the type the file declares.
   */
  async openPhoto(file: File): Promise<void> {
    let photo: Photo
    try {
      const raster = await verifiedRasterImage(file)
      const url = await new Promise<string>((resolve, reject) => {
        const reader = new FileReader()
        reader.onload = () => resolve(reader.result as string)
        reader.onerror = () => reject(reader.error ?? new Error('read failed'))
        reader.readAsDataURL(raster.blob)
      })
      // The size as the page shows the picture (EXIF orientation applied), as before.
      const img = new Image()
      img.src = url
      await img.decode()
      if (!img.naturalWidth || !img.naturalHeight) throw new Error('no size')
      photo = { name: file.name, width: img.naturalWidth, height: img.naturalHeight, url }
    } catch (error) {
      return this.fail(
        error instanceof RasterError
          ? t('raster.refused', { name: file.name, reason: error.message })
          : t('photo.cannotDisplay', { name: file.name }),
      )
    }
    this.store.set((s) => photoOpened(s, photo))
    this.viewport.fit()
    byId('stage').focus({ preventScroll: true })
  }

  saveAssessment(): void {
    const state = this.store.get()
    const file = assessmentFileOf(state, new Date())
    if (!file) {
      this.notify(t('assessment.nothingToSave'))
      return
    }
    download(
      visitFileName(state.meta.patientId, state.meta.date, 'assessment', 'json'),
      'application/json',
      `${JSON.stringify(file, null, 2)}\n`,
    )
    this.notify(t('assessment.saved'))
  }

  /** The assessment a file holds, or undefined after telling the user why it cannot be read. */
  /** An assessment file read through the one file schema (files/file-schema.ts), or undefined with a notice saying why. */
  private async readAssessment(file: File): Promise<LoadedAssessment | undefined> {
    try {
      const size = fileSizeProblem('assessment', file.size)
      if (size) throw new AssessmentFileError(size.text)
      const reading = readFile('assessment', await file.text())
      if (!reading.ok) throw new AssessmentFileError(problemsText(reading.problems), problemsDetails(reading.problems))
      return assessmentFromData(reading.value)
    } catch (error) {
      // The reason in our words; an engine's own text only as the notice's details.
      if (error instanceof AssessmentFileError)
        this.fail(t('assessment.cannotLoad', { name: file.name, reason: error.message }), error.details)
      else this.fail(t('assessment.cannotLoadUnknown', { name: file.name }), errorDetails(error))
      return undefined
    }
  }

  async loadAssessment(file: File): Promise<void> {
    const loaded = await this.readAssessment(file)
    if (!loaded) return
    const state = this.store.get()
    if (!hasAssessment(state)) {
      this.store.set((s) => assessmentLoaded(s, loaded))
      this.viewport.fit()
      return
    }
    // Work on screen is never merged with a file nor replaced by it silently: the file opens as a visit of its own.
    if (!(await this.beforeReplace())) return
    // A file of another patient than the visit on screen: asked, naming both.
    const conflict = patientConflict(this.store.get(), loaded)
    if (conflict) {
      const params = {
        open: conflict.open || t('record.noIdentifier'),
        file: conflict.file || t('record.noIdentifier'),
      }
      const question = {
        id: 'patient-conflict',
        title: t('record.conflict.title'),
        text: t('record.conflict.text', params),
        confirm: t('record.conflict.open', params),
      }
      if (!(await this.ask.confirm(question))) return
    }
    this.store.set((s) => assessmentOpenedAs(s, loaded))
    this.viewport.fit()
  }

  /** A dropped or picked file: an assessment file (JSON) or a photo. */
  open(file: File): Promise<void> {
    const json = file.type === 'application/json' || file.name.toLowerCase().endsWith('.json')
    return json ? this.loadAssessment(file) : this.openPhoto(file)
  }

  /**
   * The results as CSV: for a spreadsheet in the clinician's language (Spanish: ';',
   * decimal comma, byte-order mark), or as data for programs (',' and '.', no mark);
   * every digit in both (csv-text.ts).
   */
  exportCsv(form: 'spreadsheet' | 'data' = 'spreadsheet'): void {
    const entries = resultEntries(this.store.get()).filter((e) => e.values)
    if (entries.length === 0) {
      this.notify(t('csv.nothing'))
      return
    }
    const { meta, settings } = this.store.get()
    download(
      visitFileName(meta.patientId, meta.date, form === 'data' ? 'metrics-data' : 'metrics', 'csv'),
      'text/csv',
      csvOf(entries, settings.placementSd, meta, form === 'data' ? MACHINE_CSV : spreadsheetCsv(settings.locale)),
    )
    this.notify(t('csv.exported'))
  }

  /** Reads an assessment file to compare the current one with. */
  async loadComparison(file: File): Promise<void> {
    const loaded = await this.readAssessment(file)
    if (!loaded) return
    this.store.set((s) => comparisonLoaded(s, file.name, loaded))
    const state = this.store.get()
    if (state.comparison)
      this.notify(
        t('compare.loaded', { date: dateText(state.comparison.meta.date || undefined, state.settings.locale, t) }),
      )
  }

  /** The comparison shown, as CSV (headers in the current language, full precision). */
  exportComparisonCsv(): void {
    const c = comparisonOf(this.store.get())
    if (!c?.ok) {
      this.notify(t('compare.notReady'))
      return
    }
    const text: ComparisonCsvText = {
      headers: {
        view: t('csv.column.view'),
        side: t('csv.column.side'),
        metric: t('csv.column.metric'),
        label: t('csv.column.label'),
        unit: t('csv.column.unit'),
        earlierDate: t('csv.column.earlierDate'),
        earlierValue: t('csv.column.earlierValue'),
        earlierU: t('csv.column.earlierU'),
        laterDate: t('csv.column.laterDate'),
        laterValue: t('csv.column.laterValue'),
        laterU: t('csv.column.laterU'),
        change: t('csv.column.change'),
        uChange: t('csv.column.uChange'),
        srd: t('csv.column.srd'),
        verdict: t('csv.column.verdict'),
        limit: t('csv.column.limit'),
        evidence: t('csv.column.evidence'),
        evidencePairs: t('csv.column.evidencePairs'),
        evidenceSource: t('csv.column.evidenceSource'),
      },
      evidence: {
        clinic: t('csv.evidence.clinic'),
        published: t('csv.evidence.published'),
        placement: t('csv.evidence.placement'),
      },
      units: { degrees: t('csv.unit.degrees'), cm: t('csv.unit.cm') },
      verdicts: {
        real: t('csv.verdict.real'),
        within: t('csv.verdict.within'),
        method_differs: t('csv.verdict.methodDiffers'),
        missing: t('csv.verdict.missing'),
        unknown: t('csv.verdict.unknown'),
      },
      views: {
        anterior: t('view.anterior.title'),
        posterior: t('view.posterior.title'),
        lateral: t('view.lateral.title'),
      },
      sides: { right: t('side.short.right'), left: t('side.short.left') },
    }
    const dates = [c.earlier.date, c.later.date].filter(Boolean).join('_')
    download(
      visitFileName(c.later.patientId ?? '', dates, 'comparison', 'csv', c.later.view),
      'text/csv',
      comparisonCsv(c, terms(), text, spreadsheetCsv(this.store.get().settings.locale)),
    )
    this.notify(t('compare.csvDone'))
  }

  /** What the record adds to the printed report, as last asked (the print route is built synchronously before printing). */
  private printed: PrintedExtras = NO_PRINTED_EXTRAS

  buildReport(): void {
    this.reportQueued = false
    renderReport(byId('report'), this.store.get(), this.printed)
  }

  private reportQueued = false

  /**
   * Rebuilds the printed report once the frame being drawn is painted (a task after the next
   * animation frame), so new values reach the screen first; changes before then share the one
   * rebuild. Printing rebuilds it at once anyway (installFiles: beforeprint, the print media).
   */
  buildReportAfterPaint(): void {
    if (this.reportQueued) return
    this.reportQueued = true
    requestAnimationFrame(() =>
      setTimeout(() => {
        if (this.reportQueued) this.buildReport()
      }),
    )
  }

  /** Asks the record for the patient's name and the clinic's settings, for the printed report (the visit's notes are in the state). */
  private async printedExtras(): Promise<PrintedExtras> {
    const settings = await admitReportSettings(await this.reportSettings())
    if (this.printed.logoUrl) URL.revokeObjectURL(this.printed.logoUrl)
    return {
      patientName: await this.patientName(),
      clinic: settings.clinic,
      clinician: settings.clinician,
      logoUrl: settings.logo ? URL.createObjectURL(new Blob([settings.logo.bytes], { type: settings.logo.type })) : '',
    }
  }

  /** Asks the record again (another visit or patient on screen, settings saved), then rebuilds the printed report. */
  async refreshPrinted(): Promise<void> {
    this.printed = await this.printedExtras()
    this.buildReport()
  }

  async print(): Promise<void> {
    await this.refreshPrinted()
    window.print()
  }

  /**
   * Saves the clinical report or the patient summary as a PDF made here, in the
   * browser (report-pdf.ts: jsPDF, loaded now the first time), with the clinic's
   * settings from the record and the visit's notes; nothing is sent. A failure is
   * said, and nothing is saved.
   */
  async savePdf(kind: 'clinical' | 'summary' = 'clinical'): Promise<void> {
    const state = this.store.get()
    let pdf: typeof import('./report-pdf.js')
    try {
      pdf = await import('./report-pdf.js')
    } catch {
      // The chunk is fetched from the service on first use: unreachable, or replaced by a newer build.
      this.fail(t('pdf.failed', { reason: t('pdf.notLoaded') }))
      return
    }
    const { reportPdf, reportPdfFileName, ReportPdfError } = pdf
    try {
      const settings = await admitReportSettings(await this.reportSettings())
      const bytes = await reportPdf(state, {
        patientName: await this.patientName(),
        ...(kind === 'clinical' ? { visits: await this.patientVisits() } : {}),
        settings,
        kind,
      })
      const name = reportPdfFileName(state, kind)
      download(name, 'application/pdf', bytes)
      this.notify(t('pdf.saved', { name }))
    } catch (error) {
      // Our own reason (a view that could not be drawn) in our sentence; an engine's or jsPDF's text only in the details.
      if (error instanceof ReportPdfError) this.fail(t('pdf.failed', { reason: error.message }))
      else this.fail(t('pdf.failed', { reason: t('pdf.unexpected') }), errorDetails(error))
    }
  }
}

/** The file inputs, buttons and drag and drop of the page. */
export function installFiles(files: Files): void {
  const photoInput = byId<HTMLInputElement>('photo-input')
  photoInput.addEventListener('change', () => {
    const file = photoInput.files?.[0]
    photoInput.value = ''
    if (file) void files.openPhoto(file)
  })
  const assessmentInput = byId<HTMLInputElement>('session-input')
  assessmentInput.addEventListener('change', () => {
    const file = assessmentInput.files?.[0]
    assessmentInput.value = ''
    if (file) void files.loadAssessment(file)
  })
  const compareInput = byId<HTMLInputElement>('compare-input')
  compareInput.addEventListener('change', () => {
    const file = compareInput.files?.[0]
    compareInput.value = ''
    if (file) void files.loadComparison(file)
  })
  byId('save-session').addEventListener('click', () => files.saveAssessment())
  for (const id of ['export-csv', 'export-csv-2']) byId(id).addEventListener('click', () => files.exportCsv())
  byId('export-csv-data').addEventListener('click', () => files.exportCsv('data'))
  for (const id of ['print-report', 'print-report-2']) byId(id).addEventListener('click', () => void files.print())
  // Both PDF buttons wait while one PDF is being made (a second click would make it twice).
  const pdfButtons = ['save-pdf', 'save-pdf-2', 'save-summary-pdf'].map((id) => byId<HTMLButtonElement>(id))
  for (const button of pdfButtons)
    button.addEventListener('click', async () => {
      for (const b of pdfButtons) b.disabled = true
      try {
        await files.savePdf(button.id === 'save-summary-pdf' ? 'summary' : 'clinical')
      } finally {
        for (const b of pdfButtons) b.disabled = false
      }
    })
  window.addEventListener('beforeprint', () => files.buildReport())
  matchMedia('print').addEventListener('change', (e) => e.matches && files.buildReport())

  const app = byId('app')
  const stage = byId('stage')
  app.addEventListener('dragover', (e) => {
    if (!e.dataTransfer?.types.includes('Files')) return
    e.preventDefault()
    stage.classList.add('drop-target')
  })
  app.addEventListener('dragleave', (e) => {
    if (e.relatedTarget === null) stage.classList.remove('drop-target')
  })
  app.addEventListener('drop', (e) => {
    stage.classList.remove('drop-target')
    const file = e.dataTransfer?.files[0]
    if (!file) return
    e.preventDefault()
    void files.open(file)
  })
}
