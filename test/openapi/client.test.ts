/**
 * A client generated from the served document, as a front-end team would make it:
 * openapi-typescript writes the types, openapi-fetch makes the calls. A program that
 * calls every endpoint - markers typed exactly [number, number], 422 answers read by
 * `type` and `ctx` - must type-check (strict), then run against the real service
 * process.
 */

import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { ANTERIOR_METRICS, LATERAL_METRICS, POSTERIOR_METRICS } from '#core/metrics/index.js'
import { ANSWERS, COINCIDENT_LATERAL, EXAMPLES } from '../../src/api/examples.js'
import { ROOT } from '../support/paths.js'
import { type ServerProcess, startServer } from '../support/server-process.js'
import { binOf, runTool } from '../support/tools.js'

let service: ServerProcess
let dir: string

before(async () => {
  service = await startServer({ name: 'service', script: 'dist/src/main.js', env: { LOG_LEVEL: 'warn' } }, ROOT)
  // Inside the repository, so the program resolves openapi-fetch from its node_modules.
  mkdirSync(join(ROOT, 'dist'), { recursive: true })
  dir = mkdtempSync(join(ROOT, 'dist', 'generated-client-'))
})

after(async () => {
  await service?.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** The calling program. Example bodies are written inline so TypeScript checks them against the generated types. */
function program(): string {
  const literal = (value: unknown) => JSON.stringify(value)
  // Every metric field of a view, read through the generated type: a field the document lacks does not compile.
  const fields = (data: string, metrics: readonly { name: string }[]) =>
    `[${metrics.map((m) => `${data}.${m.name}`).join(', ')}]`
  return `
import assert from 'node:assert/strict'
import createClient from 'openapi-fetch'
import type { components, paths } from './api.js'

type Schemas = components['schemas']
/** true only when A and B are the same type. */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false

// Markers are exactly [number, number] - not unknown[], not number[].
const markerPoint: Same<Schemas['MarkerPoint'], [number, number]> = true
const anteriorMarker: Same<Schemas['AnteriorMarkers']['tragus_der'], [number, number]> = true
const lateralMarker: Same<Schemas['LateralMarkers']['tragus'], [number, number]> = true
const posteriorMarker: Same<Schemas['PosteriorMarkers']['aquiles_der'], [number, number]> = true
// @ts-expect-error three numbers are not a marker
const tooLong: Schemas['MarkerPoint'] = [1, 2, 3]
// @ts-expect-error one number is not a marker
const tooShort: Schemas['MarkerPoint'] = [1]
const coincidentAt: Same<NonNullable<Schemas['UndefinedGeometryError']['ctx']['at']>, [number, number]> = true
// @ts-expect-error a lateral request names its side
const noSide: Schemas['LateralRequest'] = { calibration: { lrv_x: 1, fc: 1 }, markers: ${literal(EXAMPLES.lateral.markers)} }
void [markerPoint, anteriorMarker, lateralMarker, posteriorMarker, tooLong, tooShort, coincidentAt, noSide]

const client = createClient<paths>({ baseUrl: process.env.BASE_URL })

const health = await client.GET('/health')
assert.equal(health.data?.status, 'healthy')

// Bodies are declared with the generated request types, so every marker is checked as [number, number]
// (openapi-fetch 0.17 widens tuples to arrays in its own parameter and result types: openapi-ts/openapi-typescript#2842).
const anteriorBody: Schemas['AnteriorRequest'] = ${literal(EXAMPLES.anterior)}
const posteriorBody: Schemas['PosteriorRequest'] = ${literal(EXAMPLES.posterior)}
const lateralBody: Schemas['LateralRequest'] = ${literal(EXAMPLES.lateral)}
const poplitealBody: Schemas['PoplitealRequest'] = ${literal(EXAMPLES.popliteal)}
const coincidentBody: Schemas['LateralRequest'] = ${literal(COINCIDENT_LATERAL)}

const anterior = await client.POST('/api/analyze/anterior', { body: anteriorBody })
const headAngle: number | undefined = anterior.data?.head_angle
assert.equal(typeof headAngle, 'number')
assert.equal(anterior.data?.unit_distances, 'cm')
assert.ok(anterior.response.headers.get('x-request-id'))

const posterior = await client.POST('/api/analyze/posterior', { body: posteriorBody })
assert.equal(typeof posterior.data?.calcaneo_angle_left, 'number')

const lateral = await client.POST('/api/analyze/lateral', { body: lateralBody })
const side: 'right' | 'left' | undefined = lateral.data?.side
assert.equal(side, 'right')
const lateralDistances: 'cm' | undefined = lateral.data?.unit_distances
assert.equal(lateralDistances, 'cm')

// Every metric, typed number, equal to the documented answer.
if (!anterior.data || !posterior.data || !lateral.data) throw new Error('expected three 200 answers')
const anteriorValues: number[] = ${fields('anterior.data', ANTERIOR_METRICS)}
const posteriorValues: number[] = ${fields('posterior.data', POSTERIOR_METRICS)}
const lateralValues: number[] = ${fields('lateral.data', LATERAL_METRICS)}
assert.deepEqual(anteriorValues, ${literal(ANTERIOR_METRICS.map((m) => ANSWERS.anterior[m.name as keyof typeof ANSWERS.anterior]))})
assert.deepEqual(posteriorValues, ${literal(POSTERIOR_METRICS.map((m) => ANSWERS.posterior[m.name as keyof typeof ANSWERS.posterior]))})
assert.deepEqual(lateralValues, ${literal(LATERAL_METRICS.map((m) => ANSWERS.lateral[m.name as keyof typeof ANSWERS.lateral]))})

const popliteal = await client.POST('/api/estimate-popliteal', { body: poplitealBody })
assert.equal(popliteal.data?.popliteo.x, ${EXAMPLES.popliteal.aquiles.x})

// A 422, read as data: the entry's type narrows its ctx.
const coincident = await client.POST('/api/analyze/lateral', { body: coincidentBody })
assert.equal(coincident.response.status, 422)
// error is the union of the declared error bodies: a 422's detail is a list, the others' a string.
const detail = coincident.error?.detail
if (detail === undefined || typeof detail === 'string') throw new Error('expected a 422 list of problems')
const entry = detail[0]
assert.ok(entry)
if (entry.type !== 'undefined_geometry') throw new Error('expected undefined_geometry, got ' + entry.type)
const markers: string[] = entry.ctx.markers
const at: readonly number[] | undefined = entry.ctx.at
assert.deepEqual(markers, ['trocanter_mayor', 'punto_acromion'])
assert.deepEqual(at, [405, 930])

console.log(JSON.stringify({ calls: 6, headAngle, side, markers }))
`
}

describe('generated TypeScript client (openapi-typescript + openapi-fetch)', () => {
  it('type-checks a program calling every endpoint, which then runs against the live service', {
    timeout: 240_000,
  }, async () => {
    const response = await fetch(`${service.url}/openapi.json`)
    assert.equal(response.status, 200)
    writeFileSync(join(dir, 'openapi.json'), await response.text())

    const generated = await runTool(binOf('openapi-typescript'), ['openapi.json', '-o', 'api.d.ts'], dir)
    assert.equal(generated.code, 0, generated.stderr)
    const types = readFileSync(join(dir, 'api.d.ts'), 'utf8')
    assert.doesNotMatch(types, /unknown, unknown/)

    writeFileSync(join(dir, 'client.mts'), program())
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noUncheckedIndexedAccess: true,
          skipLibCheck: true,
          types: ['node'],
          outDir: '.',
        },
        files: ['client.mts'],
      }),
    )
    const compiled = await runTool(binOf('typescript', 'tsc'), ['-p', join(dir, 'tsconfig.json')], dir)
    assert.equal(compiled.code, 0, `the program does not type-check:\n${compiled.stdout}${compiled.stderr}`)

    const ran = await runTool(join(dir, 'client.mjs'), [], dir, { BASE_URL: service.url })
    assert.equal(ran.code, 0, `the program failed against the service:\n${ran.stdout}${ran.stderr}`)
    assert.deepEqual(JSON.parse(ran.stdout.trim()), {
      calls: 6,
      headAngle: 1.5343414997007685,
      side: 'right',
      markers: ['trocanter_mayor', 'punto_acromion'],
    })
  })
})
