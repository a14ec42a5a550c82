/**
 * Exporting and sending visits as HL7 FHIR R4: the visit on screen or a patient's
 * visits of the record, gathered (export-input.ts), built (bundle.ts) and either
 * downloaded as a `collection` Bundle (`posture-<patient>-<date>-fhir.json`) or POSTed
 * as a `transaction` to the FHIR server of the settings, after the clinician confirmed
 * that server's origin once; the answer is told in words (send.ts). Both carry the
 * record's patient (its identifier as the record holds it, its name). Before a send the
 * server is searched for the Patient by identifier: several are reported and nothing is
 * sent; one named otherwise than in the record is renamed only if the clinician says so.
 *
 * No DOM: the page's effects (download, the request, the page's CSP, storage, photos,
 * questions) come in through FhirEffects (fhir-effects.ts), so this runs in node too.
 */

import { ReportPdfError } from '../files/report-pdf-error.js'
import { t } from '../i18n/index.js'
import { chronological, dayOf, findPatient, type PatientRecord, visitFileName } from '../record/model.js'
import type { Question } from '../record/questions.js'
import type { RecordStorage } from '../record/storage.js'
import { notifyAs } from '../state/commands.js'
import { errorDetails } from '../state/error-details.js'
import type { AppState, NoticeKind } from '../state/state.js'
import type { Store } from '../state/store.js'
import {
  type BundleKind,
  FhirExportError,
  type FhirExportInput,
  type FhirVisit,
  fhirBundle,
  humanNameText,
  patientHumanName,
  sameName,
} from './bundle.js'
import { exportInput, fhirAttachment, type PhotoSource, recordVisit, screenVisit } from './export-input.js'
import {
  baseUrlOf,
  baseUrlProblemText,
  cspAllows,
  outcomeOf,
  outcomeText,
  patientSearchOf,
  patientSearchPath,
  type SendOutcome,
} from './send.js'
import type { FhirSettingsStore } from './settings.js'

/** A request that never got an answer: the network, CORS, or (csp) the page's own policy refused it. */
export class FhirUnreachable extends Error {
  constructor(readonly csp: boolean) {
    super(csp ? 'blocked by the Content-Security-Policy' : 'no answer' /* i18n-exempt: told through outcomeText */)
  }
}

/** The page's side of FHIR (fhir-effects.ts in the app). */
export interface FhirEffects {
  readonly photos: PhotoSource
  readonly settings: FhirSettingsStore
  confirm(question: Question): Promise<boolean>
  download(name: string, type: string, content: string): void
  /** The page's own origin (the app's address a FHIR server must allow). */
  readonly appOrigin: string
  /** The Content-Security-Policy the page was served with (null: none). */
  pagePolicy(): Promise<string | null>
  /** POSTs a FHIR JSON body; the answer's status and text, or throws FhirUnreachable. */
  post(url: string, body: string, token: string): Promise<{ status: number; body: string }>
  /** GETs a FHIR search; the answer's status and text, or throws FhirUnreachable. */
  get(url: string, token: string): Promise<{ status: number; body: string }>
  /**
   * The report of the state as a PDF (files/report-pdf.ts, loaded when asked) and its file
   * name, with the patient's name of the record; rejects when it cannot be made.
   */
  reportPdf(
    state: AppState,
    patientName: string,
  ): Promise<{ readonly bytes: Uint8Array<ArrayBuffer>; readonly name: string }>
  now(): Date
  newUuid(): string
}

/** The record as FHIR reads it: its storage, and a way to have what is pending on screen written first. */
export interface FhirRecord {
  readonly storage: RecordStorage
  saved(): Promise<void>
}

/** What to export or send: the visit on screen, or every visit of a patient of the record. */
export type FhirScope = { readonly kind: 'screen' } | { readonly kind: 'patient'; readonly patientId: string }

/** A bundle built, with its file name and what the clinician is told it holds; or the reason it could not be. */
type Built =
  | {
      readonly ok: true
      readonly bundle: unknown
      /** What it was built from: the bundle again, with the Patient as an update, if the clinic says so. */
      readonly input: FhirExportInput
      readonly name: string
      readonly done: string
      /** `done` says what the file lacks (no identifier system, the report not attached): a warning, not a routine notice. */
      readonly caveat: boolean
      /** An engine's own text for what could not be included (the report), for the notice's "Technical details". */
      readonly details?: string
    }
  | { readonly ok: false; readonly text: string }

/** What a send came to: the outcome (none when it did not get as far as a request) and its sentence. */
export interface SendResult {
  readonly outcome: SendOutcome | null
  readonly origin: string
  readonly text: string
}

export class FhirActions {
  /** The record, once it has opened (the app works without it: the visit on screen can still be exported). */
  record: FhirRecord | null = null

  constructor(
    private readonly store: Store<AppState>,
    readonly effects: FhirEffects,
  ) {}

  private notify(text: string, ms?: number, kind: NoticeKind = 'info', details?: string): void {
    this.store.set((s) => notifyAs(s, kind, text, ms, details))
  }

  /**
   * The record's patient of the visit on screen: the one the visit is filed under, else
   * the one whose identifier has the typed one's key; undefined when the record has none.
   */
  private async screenPatient(state: AppState): Promise<PatientRecord | undefined> {
    if (!this.record) return undefined
    const patients = await this.record.storage.patients()
    const filed = state.record ? patients.find((p) => p.id === state.record?.patientId) : undefined
    return filed ?? findPatient(patients, state.meta.patientId)
  }

  /**
   * The report of the visit on screen as an attachment, to go with that visit; null (and
   * the sentence saying so, an engine's own text apart as its details) when it cannot be
   * made: the export goes on without it.
   */
  private async report(
    state: AppState,
    patientName: string,
  ): Promise<NonNullable<FhirVisit['report']> | { readonly text: string; readonly details?: string }> {
    try {
      const pdf = await this.effects.reportPdf(state, patientName)
      return { ...(await fhirAttachment(pdf.bytes, 'application/pdf')), title: pdf.name }
    } catch (error) {
      // A ReportPdfError's text is ours (which photo could not be drawn); an engine's never stands in the sentence.
      if (error instanceof ReportPdfError) return { text: t('fhir.report.notAttached', { reason: error.message }) }
      return { text: t('fhir.report.notAttached', { reason: t('pdf.unexpected') }), details: errorDetails(error) }
    }
  }

  /** The bundle of `scope` of `kind`, or the sentence saying why there is none. */
  async build(scope: FhirScope, kind: BundleKind): Promise<Built> {
    const state = this.store.get()
    const now = this.effects.now()
    const newUuid = () => this.effects.newUuid()
    let identifier: string
    let patientName: string
    let visits: FhirVisit[]
    let name: string
    let done: string
    let details: string | undefined
    let reportOf: string | undefined
    if (scope.kind === 'screen') {
      const visit = await screenVisit(state, now, this.effects.photos, newUuid)
      if (!visit) return { ok: false, text: t('fhir.nothing') }
      // The record's patient, identifier as the record holds it; work in no record: the
      // identifier as the record would store it (newPatient: trimmed), never another form.
      const patient = await this.screenPatient(state)
      identifier = patient?.identifier ?? state.meta.patientId.trim()
      patientName = patient?.name ?? ''
      visits = [visit]
      reportOf = visit.id
      name = visitFileName(identifier, state.meta.date, 'fhir', 'json')
      done = t('fhir.exported', { name })
    } else {
      if (!this.record) return { ok: false, text: t('fhir.nothing') }
      await this.record.saved()
      const patient = (await this.record.storage.patients()).find((p) => p.id === scope.patientId)
      if (!patient) return { ok: false, text: t('fhir.nothing') }
      const stored = chronological(await this.record.storage.visits(patient.id))
      if (stored.length === 0) return { ok: false, text: t('fhir.patient.noVisits', { patient: patient.identifier }) }
      identifier = patient.identifier
      patientName = patient.name
      visits = []
      for (const v of stored) visits.push(await recordVisit(v, this.effects.photos))
      // The report is of what is on screen: it goes with the patient's visit open there, if any.
      if (state.record?.patientId === patient.id) reportOf = state.record.visitId
      name = visitFileName(identifier, dayOf(now), 'fhir', 'json')
      done = t('fhir.exported.patient', { name, count: visits.length, patient: identifier })
    }
    const settings = this.effects.settings.settings()
    const system = settings.identifierSystem.trim()
    // An absolute URI (scheme:rest), as Identifier.system must be to match the health record's identifiers.
    if (system && !/^[a-z][a-z0-9+.-]*:\S+$/i.test(system))
      return { ok: false, text: t('fhir.settings.badSystem', { system }) }
    // A file may go out without a system, but says so (a send is refused: bundle.ts).
    let caveat = false
    if (!system && kind === 'collection' && identifier !== '') {
      done = `${done} ${t('fhir.exported.noSystem', { identifier })}`
      caveat = true
    }
    if (reportOf !== undefined && visits.some((v) => v.id === reportOf)) {
      const report = await this.report(state, patientName)
      if ('text' in report) {
        done = `${done} ${report.text}`
        details = report.details
        caveat = true
      } else visits = visits.map((v) => (v.id === reportOf ? { ...v, report } : v))
    }
    const input = exportInput(
      {
        kind,
        patient: { identifier, name: patientName },
        placementSd: state.settings.placementSd,
        options: { identifierSystem: settings.identifierSystem, performerName: settings.performerName },
        now,
        newUuid,
      },
      visits,
    )
    try {
      return {
        ok: true,
        bundle: fhirBundle(input),
        input,
        name,
        done,
        caveat,
        ...(details === undefined ? {} : { details }),
      }
    } catch (error) {
      if (error instanceof FhirExportError)
        return { ok: false, text: t('fhir.cannotExport', { reason: error.message }) }
      throw error
    }
  }

  /** Downloads the `collection` Bundle of `scope` and says so, or says why it cannot. */
  async exportBundle(scope: FhirScope): Promise<void> {
    const built = await this.build(scope, 'collection')
    if (!built.ok) return this.notify(built.text, 8000, 'warning')
    this.effects.download(built.name, 'application/fhir+json', `${JSON.stringify(built.bundle, null, 2)}\n`)
    // What the file lacks is a warning: never dropped for a notice shown before it, kept until read.
    this.notify(built.done, undefined, built.caveat ? 'warning' : 'info', built.details)
  }

  /**
   * Sends the `transaction` Bundle of `scope` to the FHIR server of the settings: only to
   * an https URL (http on this computer), only where the page's CSP allows that origin,
   * and after the clinician confirmed that origin the first time. Says what came of it.
   */
  async send(scope: FhirScope): Promise<SendResult> {
    const settings = this.effects.settings.settings()
    const base = baseUrlOf(settings.baseUrl)
    if (!base.ok)
      return this.told({ outcome: null, origin: '', text: baseUrlProblemText(base.problem, settings.baseUrl) })
    const { origin, url } = base
    if (!cspAllows(await this.effects.pagePolicy(), origin, this.effects.appOrigin))
      return this.told(this.result({ kind: 'csp' }, origin))
    const built = await this.build(scope, 'transaction')
    if (!built.ok) return this.told({ outcome: null, origin, text: built.text })
    if (!this.effects.settings.confirmed(origin)) {
      const question: Question = {
        id: 'fhir-send-origin',
        title: t('fhir.send.confirm.title', { origin }),
        text: t('fhir.send.confirm.text', { origin }),
        confirm: t('fhir.send.confirm.go', { origin }),
      }
      if (!(await this.effects.confirm(question))) return { outcome: null, origin, text: '' }
      this.effects.settings.confirm(origin)
    }
    const token = this.effects.settings.token().trim()
    let bundle = built.bundle
    let outcome: SendOutcome
    try {
      // The health record's Patient of this identifier, exactly as the record holds it.
      const { identifier: value, name } = built.input.patient
      const system = built.input.options.identifierSystem ?? ''
      const answer = await this.effects.get(`${url}/${patientSearchPath(system, value)}`, token)
      const search = patientSearchOf(answer.status, answer.body)
      if (!search.ok) return this.told(this.result(search.outcome, origin))
      if (search.count > 1)
        return this.told(this.result({ kind: 'ambiguous', identifier: value, count: search.count }, origin))
      const found = search.patients[0]
      if (found && !sameName(found.name?.[0], name)) {
        const record = humanNameText(patientHumanName(name))
        const question: Question = {
          id: 'fhir-patient-name',
          title: t('fhir.send.patientName.title'),
          text: t('fhir.send.patientName.text', {
            server: humanNameText(found.name?.[0]) || t('fhir.send.patientName.none'),
            record,
          }),
          confirm: t('fhir.send.patientName.go', { record }),
        }
        // Yes: the Patient goes as a conditional update; no: the server's name is kept (created only if absent).
        if (await this.effects.confirm(question)) bundle = fhirBundle({ ...built.input, updatePatient: true })
      }
      const sent = await this.effects.post(url, JSON.stringify(bundle), token)
      outcome = outcomeOf(sent.status, sent.body)
    } catch (error) {
      if (!(error instanceof FhirUnreachable)) throw error
      outcome = { kind: error.csp ? 'csp' : 'unreachable' }
    }
    return this.told(this.result(outcome, origin))
  }

  private result(outcome: SendOutcome, origin: string): SendResult {
    return { outcome, origin, text: outcomeText(outcome, origin, this.effects.appOrigin) }
  }

  private told(result: SendResult): SendResult {
    if (!result.text) return result
    // Sent: a confirmation; anything else (refused, unreachable) an error, kept until read.
    if (result.outcome?.kind === 'sent') this.notify(result.text, 8000)
    else this.notify(result.text, 15_000, 'error')
    return result
  }
}
