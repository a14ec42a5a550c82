/**
 * The document's examples are true: each 200 example is the service's actual answer
 * to the request example, each 422 example its actual answer to the invalid request,
 * every example is valid against its own schema, and real 422 answers of every kind
 * are valid against the ValidationError schema.
 */

import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import { ERROR_TYPES } from '#core/error-types.js'
import {
  ANSWERS,
  COINCIDENT_LATERAL,
  EXAMPLES,
  INVALID_LATERAL,
  VALIDATION_ERROR_EXAMPLES,
} from '../../src/api/examples.js'
import { copy, makeApp, post, type TestApp } from '../support/app.js'

let app: TestApp
let doc: { components: { schemas: Record<string, { examples?: unknown }> } }
let ajv: Ajv2020

before(async () => {
  // No load shedding: a busy machine must not turn an expected answer into a 503.
  app = await makeApp({ overload: false })
  doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json()
  ajv = new Ajv2020({ strict: false, allErrors: true })
  const text = JSON.stringify({ $id: 'doc', $defs: doc.components.schemas }).replaceAll(
    '#/components/schemas/',
    '#/$defs/',
  )
  ajv.addSchema(JSON.parse(text))
})
after(() => app.close())

function validator(name: string): ValidateFunction {
  const validate = ajv.getSchema(`doc#/$defs/${name}`)
  assert.ok(validate, name)
  return validate
}

const ROUTES = [
  ['anterior', '/api/analyze/anterior', 'AnteriorRequest', 'AnteriorResponse'],
  ['posterior', '/api/analyze/posterior', 'PosteriorRequest', 'PosteriorResponse'],
  ['lateral', '/api/analyze/lateral', 'LateralRequest', 'LateralResponse'],
  ['popliteal', '/api/estimate-popliteal', 'PoplitealRequest', 'PoplitealResponse'],
] as const

describe('OpenAPI examples', () => {
  for (const [name, url, request, response] of ROUTES) {
    it(`${name}: the 200 example is the answer to the request example`, async () => {
      assert.deepEqual(doc.components.schemas[request]?.examples, [EXAMPLES[name]])
      assert.deepEqual(doc.components.schemas[response]?.examples, [ANSWERS[name]])
      const res = await post(app, url, EXAMPLES[name])
      assert.equal(res.status, 200)
      assert.deepEqual(res.body, ANSWERS[name])
      assert.ok(validator(request)(EXAMPLES[name]), JSON.stringify(validator(request).errors))
      assert.ok(validator(response)(res.body), JSON.stringify(validator(response).errors))
    })
  }

  it('the 422 examples are the answers to the invalid requests', async () => {
    assert.deepEqual(doc.components.schemas.ValidationError?.examples, VALIDATION_ERROR_EXAMPLES)
    const [schemaProblems, geometry] = VALIDATION_ERROR_EXAMPLES
    assert.deepEqual((await post(app, '/api/analyze/lateral', INVALID_LATERAL)).body, schemaProblems)
    assert.deepEqual((await post(app, '/api/analyze/lateral', COINCIDENT_LATERAL)).body, geometry)
  })

  it('real 422 answers of every type are valid against the ValidationError schema', async () => {
    const validate = validator('ValidationError')
    const bodies: [string, unknown][] = []
    // biome-ignore lint/suspicious/noExplicitAny: the changes make the example ill-typed on purpose, so no type fits
    const lateral = (change: (body: any) => void) => {
      const body = copy(EXAMPLES.lateral)
      change(body)
      return body
    }
    bodies.push(['/api/analyze/lateral', 'null'])
    bodies.push(['/api/analyze/lateral', ''])
    bodies.push(['/api/analyze/lateral', lateral((b) => (b.calibration = [1]))])
    bodies.push([
      '/api/analyze/lateral',
      lateral((b) => {
        b.markers.tragus = [1, 2, 3]
        b.markers.apex_cervical = [1]
        b.markers.punto_acromion = ['1', 2]
        b.markers.punto_epicondilo = 7
        b.markers.apex_lumbar = [2e9, -2e9]
        b.side = 'up'
        b.calibration.fc = 0
        delete b.markers.trocanter_mayor
        b.markers.Trocanter_mayor = [1, 2]
      }),
    ])
    bodies.push(['/api/analyze/lateral', JSON.stringify(EXAMPLES.lateral).replace('[420,230]', '[1e999,230]')])
    bodies.push(['/api/analyze/lateral', COINCIDENT_LATERAL])
    bodies.push(['/api/analyze/posterior', { ...copy(EXAMPLES.posterior), estimate_popliteal: 'yes' }])
    bodies.push(['/api/analyze/anterior', `${'['.repeat(10_000)}${']'.repeat(10_000)}`])
    const seen = new Set<string>()
    for (const [url, body] of bodies) {
      const res = await post(app, url, body)
      assert.equal(res.status, 422, res.text)
      const answer: { detail: { type: string }[] } = res.body
      assert.ok(validate(answer), `${res.text}\n${JSON.stringify(validate.errors)}`)
      for (const entry of answer.detail) seen.add(entry.type)
    }
    // Every documented type but the catch-all was produced and checked.
    assert.deepEqual([...seen].sort(), ERROR_TYPES.filter((t) => t !== 'value_error').sort())
  })
})
