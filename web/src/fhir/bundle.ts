/**
 * STAND-IN for the lead's pure FHIR R4 builder (issue 31), with the agreed contract, so
 * the app around it (export-input.ts, send.ts, the panel) builds and runs until the
 * real module lands on main; the merge takes main's file in place of this one.
 * It builds only a Patient and one Encounter per visit: never ship it.
 */

import type { AssessmentFile } from '../state/assessment-file.js'
import type { View } from '../state/model.js'

export type BundleKind = 'collection' | 'transaction'
export interface FhirAttachment {
  contentType: string
  base64: string
  sha1Base64: string
  size: number
}
export interface FhirPhoto extends FhirAttachment {
  width: number
  height: number
}
export interface FhirVisit {
  id: string
  date: string
  created: string
  file: AssessmentFile
  photos: Partial<Record<View, FhirPhoto>>
  report?: FhirAttachment & { title: string }
}
export interface FhirOptions {
  identifierSystem?: string
  performerName?: string
}
export interface FhirExportInput {
  kind: BundleKind
  patient: { identifier: string; name: string }
  visits: readonly FhirVisit[]
  placementSd: number
  options: FhirOptions
  versions: { app: string; poseModel: string }
  now: string
  newUuid: () => string
}

/** A bundle as JSON (the real module returns @medplum/fhirtypes' Bundle). */
export interface Bundle {
  resourceType: 'Bundle'
  type: string
  timestamp?: string
  entry?: { fullUrl?: string; resource?: Record<string, unknown>; request?: { method: string; url: string } }[]
}

/** Why a visit cannot be exported (the real module words it through the catalogues). */
export class FhirExportError extends Error {
  constructor(
    readonly type: string,
    readonly ctx: Record<string, unknown>,
    message: string,
  ) {
    super(message)
  }
}

export function fhirBundle(input: FhirExportInput): Bundle {
  if (!input.patient.identifier.trim()) throw new FhirExportError('no_identifier', {}, 'no patient identifier')
  const patient = `urn:uuid:${input.newUuid()}`
  const entry = (resource: Record<string, unknown>, fullUrl = `urn:uuid:${input.newUuid()}`) => ({
    fullUrl,
    resource,
    ...(input.kind === 'transaction' ? { request: { method: 'POST', url: String(resource.resourceType) } } : {}),
  })
  return {
    resourceType: 'Bundle',
    type: input.kind,
    timestamp: input.now,
    entry: [
      entry(
        {
          resourceType: 'Patient',
          identifier: [{ system: input.options.identifierSystem, value: input.patient.identifier }],
        },
        patient,
      ),
      ...input.visits.map((v) =>
        entry({
          resourceType: 'Encounter',
          status: 'finished',
          subject: { reference: patient },
          period: { start: v.date },
        }),
      ),
    ],
  }
}
