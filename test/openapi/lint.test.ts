/**
 * The served OpenAPI document as third-party tools see it: Redocly (recommended
 * rules) and Spectral (spectral:oas) report no error and no warning - each
 * departure from their rulesets is justified in test/openapi/*.yaml - with and
 * without the rate limit, and Ajv's draft 2020-12 compiles every schema in it.
 */

import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { ROOT } from '../support/paths.js'
import { type App, listening, stopListening } from '../support/raw-http.js'
import { binOf, runTool } from '../support/tools.js'

const REDOCLY_CONFIG = join(ROOT, 'test', 'openapi', 'redocly.yaml')
const SPECTRAL_RULESET = join(ROOT, 'test', 'openapi', 'spectral.yaml')

let dir: string
// biome-ignore lint/suspicious/noExplicitAny: the tests walk the generated document's every part; Ajv and the assertions check its shape
const documents: { name: string; file: string; doc: any }[] = []
const apps: App[] = []

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'posture-openapi-'))
  for (const [name, options] of [
    // Shedding stays registered (the document then declares 503) but sheds nothing: these requests check the document, not overload.
    ['default', { overload: { maxQueueMs: 0 } }],
    ['rate-limited', { rateLimit: 60, overload: { maxQueueMs: 0 } }],
  ] as const) {
    const { app, base } = await listening(options)
    apps.push(app)
    const response = await fetch(`${base}/openapi.json`)
    assert.equal(response.status, 200)
    const text = await response.text()
    const file = join(dir, `${name}.json`)
    writeFileSync(file, text)
    documents.push({ name, file, doc: JSON.parse(text) })
  }
})

after(async () => {
  for (const app of apps) await stopListening(app)
  rmSync(dir, { recursive: true, force: true })
})

describe('the served OpenAPI document', () => {
  it('passes Redocly lint (recommended) with 0 errors and 0 warnings', { timeout: 180_000 }, async () => {
    for (const { name, file } of documents) {
      const result = await runTool(binOf('@redocly/cli', 'redocly'), [
        'lint',
        '--config',
        REDOCLY_CONFIG,
        '--format=json',
        file,
      ])
      const start = result.stdout.indexOf('{')
      assert.ok(start >= 0, `${name}: Redocly printed no JSON report:\n${result.stdout}\n${result.stderr}`)
      const report = JSON.parse(result.stdout.slice(start)) as {
        totals: { errors: number; warnings: number }
        problems: { ruleId: string; message: string }[]
      }
      const problems = report.problems.map((p) => `${p.ruleId}: ${p.message}`).join('\n')
      assert.equal(report.totals.errors, 0, `${name}:\n${problems}`)
      assert.equal(report.totals.warnings, 0, `${name}:\n${problems}`)
      assert.equal(result.code, 0)
    }
  })

  it('passes Spectral lint (spectral:oas) with 0 errors and 0 warnings', { timeout: 180_000 }, async () => {
    for (const { name, file } of documents) {
      const result = await runTool(binOf('@stoplight/spectral-cli', 'spectral'), [
        'lint',
        '--ruleset',
        SPECTRAL_RULESET,
        '--format',
        'json',
        '--quiet',
        file,
      ])
      const start = result.stdout.indexOf('[')
      assert.ok(start >= 0, `${name}: Spectral printed no JSON report:\n${result.stdout}\n${result.stderr}`)
      const results = JSON.parse(result.stdout.slice(start)) as {
        code: string
        message: string
        severity: number
        path: string[]
      }[]
      const listed = results.map((r) => `[${r.severity}] ${r.code}: ${r.message} at ${r.path.join('.')}`).join('\n')
      // Severity 0 is an error, 1 a warning.
      assert.deepEqual(
        results.filter((r) => r.severity <= 1),
        [],
        `${name}:\n${listed}`,
      )
    }
  })

  it('is OpenAPI 3.1 whose every schema compiles with Ajv (JSON Schema 2020-12)', () => {
    for (const { name, doc } of documents) {
      assert.equal(doc.openapi, '3.1.0')
      const ajv = new Ajv2020({ strict: false, allErrors: true })
      // The components become $defs of one schema, so every $ref resolves inside it.
      const text = JSON.stringify({ $id: 'doc', $defs: doc.components.schemas }).replaceAll(
        '#/components/schemas/',
        '#/$defs/',
      )
      ajv.addSchema(JSON.parse(text))
      for (const schemaName of Object.keys(doc.components.schemas)) {
        assert.ok(ajv.getSchema(`doc#/$defs/${schemaName}`), `${name}: ${schemaName} compiles`)
      }
    }
  })

  it('declares every status where it can occur, with its headers', () => {
    const [plain, limited] = documents
    type Operation = { operationId?: string; responses: Record<string, unknown> }
    for (const [path, item] of Object.entries<Record<string, Operation>>(plain!.doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        assert.ok(op.operationId, `${method} ${path} has an operationId`)
        const statuses = Object.keys(op.responses).sort()
        // Every operation can be shed (503) but GET /health, the liveness answer.
        const expected =
          method === 'post'
            ? ['200', '400', '408', '413', '415', '422', '500', '503']
            : path === '/health'
              ? ['200', '408', '500']
              : ['200', '408', '500', '503']
        assert.deepEqual(statuses, expected, `${method} ${path}`)
        assert.equal(
          limited!.doc.paths[path][method].responses['429'] !== undefined,
          path.startsWith('/api/'),
          `429 on ${path} when rate limited`,
        )
      }
    }
    const responses = limited!.doc.components.responses
    assert.deepEqual(Object.keys(responses.TooManyRequests.headers).sort(), [
      'retry-after',
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-reset',
      'x-request-id',
    ])
    assert.ok(responses.ServiceUnavailable.headers['retry-after'])
    assert.equal(plain!.doc.components.responses.TooManyRequests, undefined)
    // 404, 405 and 431 can answer any request: the document says so once.
    for (const status of ['404', '405', '431']) assert.match(plain!.doc.info.description, new RegExp(`${status} \\(`))
  })

  it('names its schemas, has servers, and writes markers as 2020-12 tuples that read as two numbers without prefixItems', () => {
    const { doc } = documents[0]!
    assert.ok(doc.servers?.length >= 1)
    for (const name of [
      'AnteriorRequest',
      'AnteriorResponse',
      'PosteriorRequest',
      'LateralRequest',
      'PoplitealRequest',
      'Calibration',
      'MarkerPoint',
      'ValidationError',
      'HTTPError',
    ]) {
      assert.ok(doc.components.schemas[name], name)
    }
    const marker = doc.components.schemas.MarkerPoint
    assert.equal(marker.prefixItems.length, 2)
    // Tools that do not read prefixItems see an array of two numbers.
    assert.equal(marker.items.type, 'number')
    assert.equal(marker.minItems, 2)
    assert.equal(marker.maxItems, 2)
    assert.doesNotMatch(JSON.stringify(doc), /additionalItems/)
    // Swagger UI reads the same document.
    assert.ok(
      doc.paths['/api/analyze/anterior'].post.requestBody.content['application/json'].schema.$ref.endsWith(
        '/AnteriorRequest',
      ),
    )
  })

  it("names package.json's licence (an SPDX identifier)", () => {
    const { doc } = documents[0]!
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { license: string }
    assert.equal(doc.info.license?.identifier, manifest.license)
    assert.ok(doc.info.license?.name)
  })

  it('says when the posterior popliteal markers are required, and validation keeps the rule', () => {
    const { doc } = documents[0]!
    const request = doc.components.schemas.PosteriorRequest
    assert.match(request.description, /popliteo_izq and popliteo_der are required unless estimate_popliteal is true/)
    assert.match(doc.components.schemas.PosteriorMarkers.description, /required unless estimate_popliteal is true/)
    assert.deepEqual(request.else.properties.markers.required, ['popliteo_izq', 'popliteo_der'])
  })
})
