/**
 * The codes a visit is exported to HL7 FHIR R4 with: our code system (its canonical URL,
 * a code per view's observation, per metric and per way the markers were placed), the
 * identifier systems of the resources we export, and the external codes we use (LOINC,
 * UCUM, HL7's own code systems), each one checked against HL7's published R4
 * definitions (docs/fhir.md, "Codes"). Metric codes are derived from the metric tables
 * (core/metrics), never retyped: a metric added to a table gets its code here.
 * Pure data and functions: no DOM.
 */
import type { CodeSystem } from '@medplum/fhirtypes'
import type { View } from '#core/markers.js'
import { metricTable, type Unit } from '#core/metrics/index.js'
import { EN_TERMS } from '../i18n/terms.js'
import { VIEW_NAMES } from '../state/model.js'

/**
 * The canonical base of everything this project names in FHIR. A canonical URL is an
 * identifier: it names our code system and identifier systems for good and need not
 * answer a request (docs/fhir.md publishes the code list; docs/fhir/ holds the
 * CodeSystem resource). Never change it: a changed URL is a different code system to
 * every health record that stored our data.
 */
export const FHIR_BASE = 'https://posture-metrics.org/fhir'

/** Our code system: views, metrics and how markers were placed. */
export const CODE_SYSTEM_URL = `${FHIR_BASE}/CodeSystem/posture-metrics`

/** The version of the code system: the codes only ever grow, so a new code raises it and no code changes meaning. */
export const CODE_SYSTEM_VERSION = '1'

/** Identifier systems of the resources we export (each value is unique within its system). */
export const IDENTIFIER_SYSTEMS = {
  /** A view's observation of one visit: `<visit id>/<view>`. */
  observation: `${FHIR_BASE}/sid/observation`,
  /** The stature a view was scaled by, as a body-height observation: `<visit id>/<view>/body-height`. */
  bodyHeight: `${FHIR_BASE}/sid/body-height`,
  /** A view's photo of one visit: `<visit id>/<view>/photo`. */
  photo: `${FHIR_BASE}/sid/photo`,
  /** The report of one visit: `<visit id>/report`. */
  report: `${FHIR_BASE}/sid/report`,
  /** This software at one version with one pose model: `posture-metrics <app version>; pose <model>`. */
  device: `${FHIR_BASE}/sid/device`,
} as const

/** Code systems of others that the export uses. */
export const LOINC = 'http://loinc.org'
export const UCUM = 'http://unitsofmeasure.org'
export const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category'
export const PROBABILITY_DISTRIBUTION = 'http://terminology.hl7.org/CodeSystem/v3-ProbabilityDistributionType'

/** The core extensions that give a Quantity its uncertainty (ISO 21090) and the kind of that uncertainty. */
export const UNCERTAINTY_EXTENSION = 'http://hl7.org/fhir/StructureDefinition/iso21090-uncertainty'
export const UNCERTAINTY_TYPE_EXTENSION = 'http://hl7.org/fhir/StructureDefinition/iso21090-uncertaintyType'
/** A standard uncertainty is the standard deviation of a normal (Gaussian) distribution: code N. */
export const NORMAL_DISTRIBUTION = 'N'

/** LOINC codes, each as HL7's R4 value sets list it (docs/fhir.md). */
export const LOINC_CODES = {
  /** Body height (vital signs): the stature a view was scaled by. */
  bodyHeight: { code: '8302-2', display: 'Body height' },
  /** Document type of a photograph. */
  photo: { code: '72170-4', display: 'Photographic image Unspecified body region Document' },
  /** Document type of the printed report. */
  report: { code: '29545-1', display: 'Physical findings Narrative' },
} as const

/** A unit as UCUM writes it, and the symbol people read. */
export const UCUM_UNITS: Readonly<Record<Unit, { readonly code: string; readonly unit: string }>> = {
  degrees: { code: 'deg', unit: '°' },
  cm: { code: 'cm', unit: 'cm' },
}

/** How the markers of a view were placed (Observation.method), one concept per observation. */
export type PlacementMethod = 'by-hand' | 'suggested-confirmed' | 'mixed' | 'unconfirmed' | 'not-recorded'

/** One code of our code system, with its English display and definition. */
export interface CodeDefinition {
  readonly code: string
  readonly display: string
  readonly definition: string
}

const VIEW_WORDS: Record<View, string> = { anterior: 'anterior', posterior: 'posterior', lateral: 'lateral' }

/** The code of a view's observation. */
export function viewCode(view: View): string {
  return `${view}-view`
}

/** The code of a view's metric (a metric name is unique within its view, not across views). */
export function metricCode(view: View, metric: string): string {
  return `${view}.${metric}`
}

/** The code of a placement method. */
export function methodCode(method: PlacementMethod): string {
  return `markers-${method}`
}

const METHOD_DEFINITIONS: Record<PlacementMethod, { display: string; definition: string }> = {
  'by-hand': {
    display: 'Markers placed by hand',
    definition: 'The clinician placed every marker by hand on the photograph.',
  },
  'suggested-confirmed': {
    display: 'Markers suggested by a pose model, confirmed',
    definition:
      'Every marker was suggested by the in-browser pose model and confirmed by the clinician where it was suggested.',
  },
  mixed: {
    display: 'Markers placed by hand and suggested then confirmed',
    definition:
      'Some markers were placed (or moved) by hand, the others suggested by the pose model and confirmed where suggested.',
  },
  unconfirmed: {
    display: 'Some markers unconfirmed suggestions',
    definition:
      'Some markers are pose-model suggestions the clinician has not confirmed: the metrics that use them are provisional.',
  },
  'not-recorded': {
    display: 'Marker placement not recorded',
    definition:
      'The assessment was saved before the app recorded how each marker was placed (by hand or suggested): unknown.',
  },
}

/** Every metric of a view, whichever table the view uses (both posterior tables share their names). */
function metricsOfView(view: View) {
  const all = [...metricTable(view, false), ...metricTable(view, true)]
  return all.filter((m, i) => all.findIndex((n) => n.name === m.name) === i)
}

/** Every code of our code system, in a stable order: views, then each view's metrics, then placement methods. */
export function codeDefinitions(): CodeDefinition[] {
  const views = VIEW_NAMES.map((view) => ({
    code: viewCode(view),
    display: `Postural assessment, ${VIEW_WORDS[view]} view photograph`,
    definition: `The posture metrics measured on one ${VIEW_WORDS[view]}-view photograph of the patient standing, from anatomical markers placed on it (docs/photo-protocol.md, docs/metrics.md).`,
  }))
  const metrics = VIEW_NAMES.flatMap((view) =>
    metricsOfView(view).map((m) => ({
      code: metricCode(view, m.name),
      display: `${EN_TERMS.metrics[view][m.name]?.label ?? m.name} (${VIEW_WORDS[view]} view)`,
      definition: `${m.formula} ${m.meaning} Unit: ${UCUM_UNITS[m.unit].code} (UCUM).`,
    })),
  )
  const methods = (Object.keys(METHOD_DEFINITIONS) as PlacementMethod[]).map((method) => ({
    code: methodCode(method),
    ...METHOD_DEFINITIONS[method],
  }))
  return [...views, ...metrics, ...methods]
}

/** The English display of a code of ours ('' for a code not in the system). */
export function displayOf(code: string): string {
  return codeDefinitions().find((c) => c.code === code)?.display ?? ''
}

/**
 * Our code system as a FHIR CodeSystem resource (docs/fhir/CodeSystem-posture-metrics.json
 * is this, held to the code by a test): what a terminology server or a health record
 * loads to know our codes.
 */
export function codeSystemResource(): CodeSystem {
  const concept = codeDefinitions().map((c) => ({ code: c.code, display: c.display, definition: c.definition }))
  return {
    resourceType: 'CodeSystem',
    url: CODE_SYSTEM_URL,
    version: CODE_SYSTEM_VERSION,
    name: 'PostureMetrics',
    title: 'posture-metrics: views, metrics and marker placement',
    status: 'active',
    experimental: false,
    publisher: 'posture-metrics',
    description:
      'The codes posture-metrics exports a postural assessment with: an observation per photographed view, a component per metric (formula, sign meaning and UCUM unit in each definition; docs/metrics.md), and how the markers were placed (Observation.method). Codes are only ever added; none changes meaning.',
    caseSensitive: true,
    content: 'complete',
    count: concept.length,
    concept,
  }
}
