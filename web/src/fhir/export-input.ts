/**
 * What the FHIR builder (bundle.ts) is given: the visit on screen or a patient's visits
 * of the record, each with its assessment file and its photos as attachments (bytes in
 * base64, their SHA-1 in base64 as FHIR's Attachment.hash, their size), the patient,
 * the placement error, the clinician's options and the app's and pose model's versions.
 *
 * Photos are taken as the record keeps them (at most PHOTO_MAX_SIDE px a side:
 * record/photos.ts), so a visit exported from the screen and the same visit exported
 * from the record carry one picture. Where the bytes come from is the one effect, behind
 * `PhotoSource` (the page's in fhir-effects.ts, stand-ins in the unit tests); the rest is
 * pure and runs in node (crypto.subtle and btoa are in both).
 */

import { POSE_MODEL } from '../pose/model-files.js'
import { base64OfBytes } from '../record/base64.js'
import type { VisitRecord } from '../record/model.js'
import { type AssessmentFile, assessmentFileOf } from '../state/assessment-file.js'
import type { View } from '../state/model.js'
import type { AppState } from '../state/state.js'
import type { BundleKind, FhirAttachment, FhirExportInput, FhirOptions, FhirPhoto, FhirVisit } from './bundle.js'
import { APP_VERSION, POSE_MODEL_VERSION } from './versions.js'

/** A photo's bytes with their type and pixel size (record/storage.ts PhotoData fits). */
export interface PhotoBytes {
  readonly type: string
  readonly width: number
  readonly height: number
  readonly blob: Blob
}

/** Where photos' bytes come from. */
export interface PhotoSource {
  /** The photo shown at a data: or blob: URL, as the record keeps it. */
  screenPhoto(url: string): Promise<PhotoBytes>
  /** A photo of the record by its key (PhotoRef.key); undefined when it is not stored. */
  storedPhoto(key: string): Promise<PhotoBytes | undefined>
}

/** The SHA-1 of bytes in base64: FHIR's Attachment.hash. */
export async function sha1Base64(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return base64OfBytes(new Uint8Array(await crypto.subtle.digest('SHA-1', bytes)))
}

/** Bytes as a FHIR attachment's content: type, base64, SHA-1 (base64), size in bytes. */
export async function fhirAttachment(bytes: Uint8Array<ArrayBuffer>, contentType: string): Promise<FhirAttachment> {
  return { contentType, base64: base64OfBytes(bytes), sha1Base64: await sha1Base64(bytes), size: bytes.length }
}

/** A photo as a FHIR attachment with its pixel size. */
export async function fhirPhoto(photo: PhotoBytes): Promise<FhirPhoto> {
  const bytes = new Uint8Array(await photo.blob.arrayBuffer())
  return { ...(await fhirAttachment(bytes, photo.type)), width: photo.width, height: photo.height }
}

/** The views of a file, in the file's order. */
function viewsOf(file: AssessmentFile): View[] {
  return Object.keys(file.views) as View[]
}

/**
 * The visit on screen as the builder takes it, or null when nothing is marked. A visit
 * of the record keeps its id and start time; work in no record gets a new id and starts now.
 */
export async function screenVisit(
  state: AppState,
  now: Date,
  photos: PhotoSource,
  newId: () => string,
): Promise<FhirVisit | null> {
  const file = assessmentFileOf(state, now)
  if (!file) return null
  const out: Partial<Record<View, FhirPhoto>> = {}
  for (const view of viewsOf(file)) {
    const url = state.views[view].doc.photo?.url
    if (url) out[view] = await fhirPhoto(await photos.screenPhoto(url))
  }
  return {
    id: state.record?.visitId ?? newId(),
    date: state.meta.date,
    created: state.record?.created ?? now.toISOString(),
    file,
    photos: out,
  }
}

/** A visit of the record as the builder takes it, with its stored photos (a photo no longer stored is left out). */
export async function recordVisit(visit: VisitRecord, photos: PhotoSource): Promise<FhirVisit> {
  const out: Partial<Record<View, FhirPhoto>> = {}
  for (const [view, ref] of Object.entries(visit.photos) as [View, VisitRecord['photos'][View]][]) {
    const stored = ref ? await photos.storedPhoto(ref.key) : undefined
    if (stored) out[view] = await fhirPhoto(stored)
  }
  return { id: visit.id, date: visit.date, created: visit.created, file: visit.file, photos: out }
}

/** Everything else the builder needs besides the visits. */
export interface ExportContext {
  readonly kind: BundleKind
  readonly patient: { readonly identifier: string; readonly name: string }
  readonly placementSd: number
  readonly options: FhirOptions
  readonly now: Date
  readonly newUuid: () => string
}

/** The builder's input: the visits with the context, the versions of this build, empty options left out. */
export function exportInput(context: ExportContext, visits: readonly FhirVisit[]): FhirExportInput {
  const system = context.options.identifierSystem?.trim()
  const performer = context.options.performerName?.trim()
  const options: FhirOptions = {
    ...(system ? { identifierSystem: system } : {}),
    ...(performer ? { performerName: performer } : {}),
  }
  return {
    kind: context.kind,
    patient: { identifier: context.patient.identifier.trim(), name: context.patient.name.trim() },
    visits,
    placementSd: context.placementSd,
    options,
    // The pose model: its package, version and which of its landmark models the app runs.
    versions: { app: APP_VERSION, poseModel: `@mediapipe/pose ${POSE_MODEL_VERSION} ${POSE_MODEL.name}` },
    now: context.now.toISOString(),
    newUuid: context.newUuid,
  }
}
