/**
 * docs/fhir.md and docs/fhir/ are held to the code: the code table lists every code of
 * web/src/fhir/codes.ts as the code defines it, the published CodeSystem resource is
 * the one the code makes and is valid R4, and the example bundle is valid R4.
 */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import type { Bundle, CodeSystem } from '@medplum/fhirtypes'
import { codeDefinitions, codeSystemResource } from '../../../../web/src/fhir/codes.js'
import { validateBundle } from '../../../support/fhir-validate.js'

const docs = (path: string) => readFileSync(new URL(`../../../../../../docs/${path}`, import.meta.url), 'utf8')

test('docs/fhir.md lists every code of our code system as the code defines it', () => {
  const doc = docs('fhir.md')
  for (const c of codeDefinitions()) {
    const row = `| \`${c.code}\` | ${c.display} | ${c.definition.replace(/\|/g, '\\|')} |`
    assert.ok(doc.includes(row), `docs/fhir.md lacks or differs on the row:\n${row}`)
  }
  assert.ok(doc.includes(codeSystemResource().url!))
})

test('docs/fhir/CodeSystem-posture-metrics.json is the code system the code makes, and valid R4', () => {
  const published = JSON.parse(docs('fhir/CodeSystem-posture-metrics.json')) as CodeSystem
  assert.deepEqual(published, codeSystemResource(), 'regenerate the file from codeSystemResource()')
  const wrapped: Bundle = {
    resourceType: 'Bundle',
    type: 'collection',
    entry: [{ fullUrl: 'urn:uuid:5b0f3a52-8d8e-4c1e-9a8e-0c6f4d3b2a10', resource: published }],
  }
  assert.deepEqual(validateBundle(wrapped), [])
})

test('docs/fhir/example-bundle.json is valid R4', () => {
  const example = JSON.parse(docs('fhir/example-bundle.json')) as Bundle
  assert.equal(example.type, 'collection')
  assert.deepEqual(validateBundle(example), [])
})
