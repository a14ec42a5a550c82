/**
 * A patient's visits as an HL7 FHIR R4 Bundle: a `collection` to save as a file, or a
 * `transaction` a FHIR server ingests. Per bundle: the Patient (identifier as the record
 * holds it, name as text and, typed "Family, Given", as family and given) and a Device (this app's and its pose model's versions); per visit and
 * view: an Observation (category exam, a component per metric with its value in UCUM
 * units and its standard uncertainty through the ISO 21090 uncertainty extension, the
 * sign meaning in the component's text, how the markers were placed as its method),
 * the photo as a DocumentReference the observation is derived from, and the stature a
 * view was scaled by as a LOINC body-height Observation; per visit, the report as a
 * DocumentReference when one is given. Values and uncertainties are the app's own
 * (the service's metric functions on the visit's markers, uncertainty.ts), at full
 * precision. The mapping, codes and an example are in docs/fhir.md.
 *
 * A transaction needs the clinic's identifier system (FhirExportError otherwise). In it,
 * the Patient and Device are created only if none has their identifier (conditional
 * create), unless the clinic confirmed a corrected name (updatePatient: the Patient is a
 * conditional update),
 * and every resource of a visit is a conditional update on its identifier, so sending
 * a visit again updates what was sent before instead of duplicating it.
 *
 * Pure: no DOM, no network. The bytes, their hashes and the versions come in with the
 * input (fhir/export-input.ts gathers them); words are in the current language.
 */
import type {
  Annotation,
  Bundle,
  BundleEntry,
  BundleEntryRequest,
  CodeableConcept,
  Device,
  DocumentReference,
  HumanName,
  Identifier,
  Observation,
  ObservationComponent,
  Patient,
  Reference,
  Resource,
} from '@medplum/fhirtypes'
import type { View } from '#core/markers.js'
import { placementOf } from '../compare/from-state.js'
import { formatDateTime, formatShortDate } from '../i18n/format.js'
import { currentLocale, type MessageKey, markerText, metricText, t } from '../i18n/index.js'
import { metricsOf } from '../metrics/metric-info.js'
import { propagate } from '../metrics/uncertainty.js'
import { type AssessmentFile, assessmentFromData } from '../state/assessment-file.js'
import { conditionsText, tiltWarningText } from '../state/capture-conditions.js'
import { type Doc, VIEW_NAMES } from '../state/model.js'
import { type PlacementSummary, placementSummary } from '../state/placement.js'
import { provisionalMetrics, unconfirmedMarkers } from '../state/provisional.js'
import {
  CODE_SYSTEM_URL,
  displayOf,
  IDENTIFIER_SYSTEMS,
  LOINC,
  LOINC_CODES,
  methodCode,
  metricCode,
  NORMAL_DISTRIBUTION,
  OBSERVATION_CATEGORY,
  type PlacementMethod,
  UCUM,
  UCUM_UNITS,
  UNCERTAINTY_EXTENSION,
  UNCERTAINTY_TYPE_EXTENSION,
  viewCode,
} from './codes.js'

export type BundleKind = 'collection' | 'transaction'

/** Bytes to attach, as FHIR's Attachment carries them. */
export interface FhirAttachment {
  readonly contentType: string
  /** The bytes in base64. */
  readonly base64: string
  /** SHA-1 of the bytes, base64 (Attachment.hash). */
  readonly sha1Base64: string
  /** Number of bytes. */
  readonly size: number
}

/** A view's photo: its bytes and its pixel size. */
export interface FhirPhoto extends FhirAttachment {
  readonly width: number
  readonly height: number
}

/** One visit to export. */
export interface FhirVisit {
  /** The visit's id in the record (or of the work open in the app): names its resources in the health record. */
  readonly id: string
  /** YYYY-MM-DD; a visit without a date is not exported (FhirExportError 'fhir_undated_visit'). */
  readonly date: string
  /** ISO time the visit was started. */
  readonly created: string
  readonly file: AssessmentFile
  readonly photos: Partial<Record<View, FhirPhoto>>
  /** The visit's report (a PDF), when one was made. */
  readonly report?: FhirAttachment & { readonly title: string }
}

/** What the clinician set for the export (the app's FHIR settings). */
export interface FhirOptions {
  /** The system (a URI) of the clinic's patient identifiers, e.g. the health record's MRN system. */
  readonly identifierSystem?: string
  /** Who assessed the patient, as Observation.performer's display (no Practitioner resource is made). */
  readonly performerName?: string
}

export interface FhirExportInput {
  readonly kind: BundleKind
  /** The record's patient: its identifier exactly as the record holds it, and its name (see patientHumanName). */
  readonly patient: { readonly identifier: string; readonly name: string }
  /**
   * In a transaction, write the Patient as a conditional update (PUT Patient?identifier=…)
   * instead of creating it only when absent: the clinic confirmed a corrected name.
   */
  readonly updatePatient?: boolean
  readonly visits: readonly FhirVisit[]
  /** The placement error the uncertainties are computed with, px. */
  readonly placementSd: number
  readonly options: FhirOptions
  readonly versions: { readonly app: string; readonly poseModel: string }
  /** ISO time of the export. */
  readonly now: string
  /** A new random UUID (the resources' temporary ids inside the bundle). */
  readonly newUuid: () => string
}

/** Why nothing could be exported, as data (`type`, `ctx`) for programs and a sentence for people. */
export class FhirExportError extends Error {
  constructor(
    readonly type: 'fhir_no_patient' | 'fhir_no_identifier_system' | 'fhir_undated_visit' | 'fhir_no_values',
    readonly ctx: Readonly<Record<string, string | number>>,
    message: string,
  ) {
    super(message)
    this.name = 'FhirExportError'
  }
}

/** One resource of the bundle and how a transaction writes it. */
interface Entry {
  readonly fullUrl: string
  readonly resource: Resource
  readonly request: BundleEntryRequest
}

/** A reference to an entry of the bundle (its type is the one the referring element asks for). */
function reference<T extends Resource>(entry: Entry, display?: string): Reference<T> {
  return { reference: entry.fullUrl, ...(display ? { display } : {}) }
}

/** A search on an identifier, as a conditional request writes it (`identifier=system|value`, each part escaped). */
function identifierQuery(identifier: Identifier): string {
  const value = encodeURIComponent(identifier.value ?? '')
  return `identifier=${identifier.system ? `${encodeURIComponent(identifier.system)}|${value}` : value}`
}

/** A conditional update of a resource on its (first) identifier: creates it, or replaces what an earlier export wrote. */
function upsert(type: string, identifier: Identifier): BundleEntryRequest {
  return { method: 'PUT', url: `${type}?${identifierQuery(identifier)}` }
}

/** A conditional create: nothing is written when a resource with the identifier exists. */
function createOnce(type: string, identifier: Identifier): BundleEntryRequest {
  return { method: 'POST', url: type, ifNoneExist: identifierQuery(identifier) }
}

/** Whitespace collapsed, Unicode NFC: how names are compared. */
const tidy = (text: string): string => text.normalize('NFC').replace(/\s+/gu, ' ').trim()

/**
 * The record's name as FHIR's HumanName: `text` always; `family` and `given` when the
 * clinic typed it "Family names, Given names" (one comma: "López García, María José"
 * → family "López García", given ["María", "José"]). Without a comma the parts are not
 * guessed (which words are the family name differs by country): text only.
 */
export function patientHumanName(name: string): HumanName | undefined {
  const text = tidy(name)
  if (text === '') return undefined
  const parts = text.split(',')
  if (parts.length !== 2) return { text }
  const family = parts[0]!.trim()
  const given = parts[1]!.trim().split(' ').filter(Boolean)
  if (family === '' || given.length === 0) return { text }
  return { text, family, given }
}

/** A HumanName as one line for people: its text, else its given and family names. */
export function humanNameText(name: HumanName | undefined): string {
  if (!name) return ''
  return tidy(name.text ?? [...(name.given ?? []), name.family ?? ''].join(' '))
}

/**
 * Whether a server's Patient name is the record's: the same text, or the same family and
 * given names (whitespace and Unicode form aside). A record without a name matches anything.
 */
export function sameName(server: HumanName | undefined, recordName: string): boolean {
  const recorded = patientHumanName(recordName)
  if (!recorded) return true
  if (!server) return false
  if (server.text !== undefined && tidy(server.text) === recorded.text) return true
  if (server.family === undefined || recorded.family === undefined) return humanNameText(server) === recorded.text
  return (
    tidy(server.family) === recorded.family && tidy((server.given ?? []).join(' ')) === (recorded.given ?? []).join(' ')
  )
}

const ours = (code: string): CodeableConcept['coding'] => [{ system: CODE_SYSTEM_URL, code, display: displayOf(code) }]

/** The one placement method that describes the counts. */
export function placementMethod(c: PlacementSummary): PlacementMethod {
  if (c.suggestionUnconfirmed > 0) return 'unconfirmed'
  if (c.unknown > 0) return 'not-recorded'
  if (c.suggestionConfirmed === 0) return 'by-hand'
  return c.hand === 0 ? 'suggested-confirmed' : 'mixed'
}

function methodOf(view: View, doc: Doc): CodeableConcept {
  const counts = placementSummary(doc)
  const parts = [t('fhir.method.protocol')]
  const placed: [number, MessageKey][] = [
    [counts.hand, 'fhir.method.hand'],
    [counts.suggestionConfirmed, 'fhir.method.suggestedConfirmed'],
    [counts.suggestionUnconfirmed, 'fhir.method.suggestedUnconfirmed'],
    [counts.unknown, 'fhir.method.unknown'],
  ]
  const counted = placed.filter(([n]) => n > 0).map(([count, key]) => t(key, { count }))
  if (counted.length > 0) parts.push(t('fhir.method.markers', { list: counted.join('; ') }))
  if (view === 'lateral') parts.push(t('fhir.method.side', { side: t(`side.short.${doc.side}`) }))
  if (view === 'posterior' && doc.estimatePopliteal) parts.push(t('fhir.method.poplitealEstimated'))
  const conditions = conditionsText(doc)
  if (conditions) parts.push(conditions)
  return { coding: ours(methodCode(placementMethod(counts))), text: parts.join(' ') }
}

/** A view's metric values and their standard uncertainties at placement error `sd`, in table order. */
function measuredValues(view: View, doc: Doc, sd: number): { name: string; value: number; u: number }[] {
  return propagate(placementOf(view, doc), { sd }).filter((m) => Number.isFinite(m.value) && Number.isFinite(m.u))
}

function componentOf(view: View, name: string, unit: 'degrees' | 'cm', value: number, u: number): ObservationComponent {
  const words = metricText(view, name)
  const ucum = UCUM_UNITS[unit]
  return {
    code: {
      coding: ours(metricCode(view, name)),
      text: words.meaning ? `${words.label}. ${words.meaning}` : words.label,
    },
    valueQuantity: {
      value,
      unit: ucum.unit,
      system: UCUM,
      code: ucum.code,
      extension: [
        { url: UNCERTAINTY_EXTENSION, valueDecimal: u },
        { url: UNCERTAINTY_TYPE_EXTENSION, valueCode: NORMAL_DISTRIBUTION },
      ],
    },
  }
}

/** The bundle of the patient's visits (see the file comment); throws FhirExportError when there is nothing to send. */
export function fhirBundle(input: FhirExportInput): Bundle {
  const identifier = input.patient.identifier.trim()
  if (identifier === '') throw new FhirExportError('fhir_no_patient', {}, t('fhir.error.noPatient'))
  // A server matches identifiers by system and value: without the clinic's system a send
  // could file the visit under another system's patient of the same number.
  if (input.kind === 'transaction' && !input.options.identifierSystem?.trim())
    throw new FhirExportError('fhir_no_identifier_system', { identifier }, t('fhir.error.noSystem'))
  for (const visit of input.visits)
    if (!/^\d{4}-\d{2}-\d{2}$/.test(visit.date))
      throw new FhirExportError(
        'fhir_undated_visit',
        { visit: visit.id },
        t('fhir.error.undated', {
          started: Number.isNaN(Date.parse(visit.created))
            ? visit.created
            : formatDateTime(visit.created, currentLocale()),
        }),
      )

  const entries: Entry[] = []
  const add = (resource: Resource, request: BundleEntryRequest): Entry => {
    const entry = { fullUrl: `urn:uuid:${input.newUuid()}`, resource, request }
    entries.push(entry)
    return entry
  }

  const patientIdentifier: Identifier = {
    ...(input.options.identifierSystem ? { system: input.options.identifierSystem } : {}),
    value: identifier,
  }
  const humanName = patientHumanName(input.patient.name)
  const name = humanName?.text ?? ''
  const patientResource: Patient = {
    resourceType: 'Patient',
    identifier: [patientIdentifier],
    ...(humanName ? { name: [humanName] } : {}),
  }
  const patient = add(
    patientResource,
    input.updatePatient ? upsert('Patient', patientIdentifier) : createOnce('Patient', patientIdentifier),
  )
  const subject: Reference<Patient> = reference(patient, name || identifier)

  const deviceIdentifier: Identifier = {
    system: IDENTIFIER_SYSTEMS.device,
    value: `posture-metrics ${input.versions.app}; pose ${input.versions.poseModel}`,
  }
  const deviceResource: Device = {
    resourceType: 'Device',
    identifier: [deviceIdentifier],
    deviceName: [{ name: 'posture-metrics', type: 'model-name' }],
    type: { text: t('fhir.device.type') },
    version: [
      { type: { text: t('fhir.device.appVersion') }, value: input.versions.app },
      { type: { text: t('fhir.device.poseVersion') }, value: input.versions.poseModel },
    ],
  }
  const device = add(deviceResource, createOnce('Device', deviceIdentifier))
  const performer = input.options.performerName?.trim()

  let observed = 0
  for (const visit of input.visits) {
    const loaded = assessmentFromData(visit.file)
    const visitObservations: Entry[] = []
    for (const view of VIEW_NAMES) {
      const doc = loaded.views[view]?.doc
      if (!doc) continue
      const values = measuredValues(view, doc, input.placementSd)
      const photo = visit.photos[view]
      const capturedAt = doc.capture?.takenAt
      const derivedFrom: Reference<DocumentReference | Observation>[] = []

      if (photo) {
        const photoIdentifier = { system: IDENTIFIER_SYSTEMS.photo, value: `${visit.id}/${view}/photo` }
        const photoResource: DocumentReference = {
          resourceType: 'DocumentReference',
          identifier: [photoIdentifier],
          status: 'current',
          type: { coding: [{ system: LOINC, ...LOINC_CODES.photo }], text: t('fhir.photo.type') },
          subject,
          date: capturedAt ?? visit.file.saved_at,
          description: t('fhir.photo.description', { view: t(`view.${view}.title`) }),
          content: [
            {
              attachment: {
                contentType: photo.contentType,
                data: photo.base64,
                size: photo.size,
                hash: photo.sha1Base64,
                title: doc.photo?.name || `${view}.${photo.contentType.split('/')[1] ?? 'image'}`,
                ...(capturedAt ? { creation: capturedAt } : {}),
              },
            },
          ],
          context: { period: { start: visit.date, end: visit.date } },
        }
        derivedFrom.push(reference(add(photoResource, upsert('DocumentReference', photoIdentifier))))
      }
      if (values.length === 0) continue

      if (doc.scaleBy === 'stature' && doc.gridCm !== null && doc.scale[0] && doc.scale[1]) {
        const heightIdentifier = { system: IDENTIFIER_SYSTEMS.bodyHeight, value: `${visit.id}/${view}/body-height` }
        const height: Observation = {
          resourceType: 'Observation',
          identifier: [heightIdentifier],
          status: 'final',
          category: [{ coding: [{ system: OBSERVATION_CATEGORY, code: 'vital-signs', display: 'Vital Signs' }] }],
          code: { coding: [{ system: LOINC, ...LOINC_CODES.bodyHeight }], text: t('fhir.bodyHeight') },
          subject,
          effectiveDateTime: visit.date,
          valueQuantity: { value: doc.gridCm, unit: 'cm', system: UCUM, code: 'cm' },
          note: [{ text: t('fhir.bodyHeight.note') }],
        }
        derivedFrom.push(reference(add(height, upsert('Observation', heightIdentifier))))
      }

      const metrics = metricsOf(view, doc.estimatePopliteal)
      const provisional = new Set(provisionalMetrics(view, doc))
      const notes: Annotation[] = [{ text: t('fhir.note.uncertainty', { sd: input.placementSd }) }]
      if (provisional.size > 0)
        notes.push({
          text: t('fhir.note.provisional', {
            metrics: metrics
              .filter((m) => provisional.has(m.name))
              .map((m) => m.label)
              .join(', '),
            markers: unconfirmedMarkers(doc)
              .map((m) => markerText(m).label)
              .join(', '),
          }),
        })
      const tilt = tiltWarningText(doc.capture)
      if (tilt) notes.push({ text: tilt })

      const observationIdentifier = { system: IDENTIFIER_SYSTEMS.observation, value: `${visit.id}/${view}` }
      const observation: Observation = {
        resourceType: 'Observation',
        identifier: [observationIdentifier],
        status: provisional.size > 0 ? 'preliminary' : 'final',
        category: [{ coding: [{ system: OBSERVATION_CATEGORY, code: 'exam', display: 'Exam' }] }],
        code: { coding: ours(viewCode(view)), text: t('fhir.observation.text', { view: t(`view.${view}.title`) }) },
        subject,
        effectiveDateTime: visit.date,
        issued: input.now,
        ...(performer ? { performer: [{ display: performer }] } : {}),
        method: methodOf(view, doc),
        device: reference(device),
        ...(derivedFrom.length > 0 ? { derivedFrom } : {}),
        note: notes,
        component: values.flatMap((v) => {
          const metric = metrics.find((m) => m.name === v.name)
          return metric ? [componentOf(view, v.name, metric.unit, v.value, v.u)] : []
        }),
      }
      visitObservations.push(add(observation, upsert('Observation', observationIdentifier)))
      observed++
    }
    if (visit.report) {
      const reportIdentifier = { system: IDENTIFIER_SYSTEMS.report, value: `${visit.id}/report` }
      const report: DocumentReference = {
        resourceType: 'DocumentReference',
        identifier: [reportIdentifier],
        status: 'current',
        type: { coding: [{ system: LOINC, ...LOINC_CODES.report }], text: t('fhir.report.type') },
        subject,
        date: input.now,
        ...(performer ? { author: [{ display: performer }] } : {}),
        // For people: what it is and the visit's date ("Informe de postura, 28 nov 2026"); the file name is the attachment's title.
        description: visit.date
          ? t('fhir.report.description', { date: formatShortDate(visit.date, currentLocale()) })
          : t('fhir.report.description.undated'),
        content: [
          {
            attachment: {
              contentType: visit.report.contentType,
              data: visit.report.base64,
              size: visit.report.size,
              hash: visit.report.sha1Base64,
              title: visit.report.title,
              creation: input.now,
            },
          },
        ],
        context: {
          period: { start: visit.date, end: visit.date },
          ...(visitObservations.length > 0 ? { related: visitObservations.map((o) => reference(o)) } : {}),
        },
      }
      add(report, upsert('DocumentReference', reportIdentifier))
    }
  }
  if (observed === 0) throw new FhirExportError('fhir_no_values', {}, t('fhir.error.noValues'))

  const bundle: Bundle = {
    resourceType: 'Bundle',
    ...(input.kind === 'collection'
      ? { identifier: { system: 'urn:ietf:rfc:3986', value: `urn:uuid:${input.newUuid()}` } }
      : {}),
    type: input.kind,
    timestamp: input.now,
    entry: entries.map(
      (e): BundleEntry =>
        input.kind === 'transaction'
          ? { fullUrl: e.fullUrl, resource: e.resource, request: e.request }
          : { fullUrl: e.fullUrl, resource: e.resource },
    ),
  }
  return bundle
}
