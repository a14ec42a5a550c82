/** The rest of docs/contract.md's status table, logs, CORS and the docs, for each endpoint. */

import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { ANTERIOR_METRICS, LATERAL_METRICS, POSTERIOR_METRICS } from '#core/metrics/index.js'
import { EXAMPLES } from '../../src/api/examples.js'
import { loggingApp, makeApp, post, type TestApp } from '../support/app.js'

const ENDPOINTS: [string, unknown][] = [
  ['/api/analyze/anterior', EXAMPLES.anterior],
  ['/api/analyze/posterior', EXAMPLES.posterior],
  ['/api/analyze/lateral', EXAMPLES.lateral],
  ['/api/estimate-popliteal', EXAMPLES.popliteal],
]

let app: TestApp
let lines: Record<string, unknown>[]
before(async () => {
  ;({ app, lines } = await loggingApp())
})
after(() => app.close())

function assertDetail(res: { body: { detail: string } }, pattern: RegExp) {
  assert.deepEqual(Object.keys(res.body), ['detail'])
  assert.equal(typeof res.body.detail, 'string')
  assert.match(res.body.detail, pattern)
}

for (const [url, example] of ENDPOINTS) {
  describe(`POST ${url}: statuses`, () => {
    it('200 for the example body', async () => {
      assert.equal((await post(app, url, example)).status, 200)
    })

    it('400 for a body that is not valid JSON, with the parser message', async () => {
      for (const text of ['{"calibration": ', '{calibration: 1}', '{"a": 1,}', "{'a': 1}"]) {
        const res = await post(app, url, text)
        assert.equal(res.status, 400, text)
        assertDetail(res, /not valid JSON \(.+\); send a JSON object\./)
      }
    })

    it('415 for a content type other than JSON, or none', async () => {
      const body = JSON.stringify(example)
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
        const res = await post(app, url, body, { 'content-type': type })
        assert.equal(res.status, 415, type)
        assertDetail(res, /Content-Type: application\/json/)
      }
      const bare = await app.inject({ method: 'POST', url, payload: body })
      assert.equal(bare.statusCode, 415)
      const ok = await post(app, url, body, { 'content-type': 'application/json; charset=utf-8' })
      assert.equal(ok.status, 200)
    })

    it('413 for a body over 64 KiB', async () => {
      const huge = JSON.stringify({ ...(example as object), padding: 'x'.repeat(64 * 1024) })
      const res = await post(app, url, huge)
      assert.equal(res.status, 413)
      assertDetail(res, /64 KiB/)
    })

    it('405 with Allow for another method', async () => {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const res = await app.inject({ method, url })
        assert.equal(res.statusCode, 405, method)
        assert.equal(res.headers.allow, 'POST')
        assert.deepEqual(res.json(), { detail: 'Method Not Allowed' })
      }
    })
  })
}

describe('other statuses', () => {
  it('404 as JSON for an unknown path', async () => {
    for (const [method, url] of [
      ['GET', '/nope'],
      ['POST', '/api/analyze/frontal'],
      ['GET', '/api'],
    ] as const) {
      const res = await app.inject({ method, url, payload: method === 'POST' ? {} : undefined })
      assert.equal(res.statusCode, 404)
      assert.deepEqual(res.json(), { detail: 'Not Found' })
    }
  })

  it('405 for POST /health', async () => {
    const res = await app.inject({ method: 'POST', url: '/health', payload: {} })
    assert.equal(res.statusCode, 405)
    assert.match(String(res.headers.allow), /GET/)
  })

  it('500 without the cause, which is logged with the request id', async () => {
    const failing = await loggingApp()
    failing.app.get('/boom', () => {
      throw new Error('secret database password')
    })
    const res = await failing.app.inject({ method: 'GET', url: '/boom', headers: { 'x-request-id': 'req-boom' } })
    assert.equal(res.statusCode, 500)
    assert.deepEqual(res.json(), { detail: 'Internal Server Error' })
    assert.doesNotMatch(res.body, /secret/)
    const logged = failing.lines.find((l) => l.reqId === 'req-boom' && l.level === 50)
    assert.ok(logged, 'the error is logged at level error with the request id')
    assert.match(JSON.stringify(logged), /secret database password/)
    await failing.app.close()
  })
})

describe('logs', () => {
  it('logs every 4xx with request id, method, path and cause, and returns the id', async () => {
    const res = await post(app, '/api/analyze/lateral', {}, { 'x-request-id': 'req-422' })
    assert.equal(res.status, 422)
    assert.equal(res.headers['x-request-id'], 'req-422')
    const line = lines.find((l) => l.reqId === 'req-422')
    assert.ok(line)
    assert.equal(line.method, 'POST')
    assert.equal(line.url, '/api/analyze/lateral')
    assert.equal(line.statusCode, 422)
    assert.ok(Array.isArray(line.detail))
    await app.inject({ method: 'GET', url: '/missing', headers: { 'x-request-id': 'req-404' } })
    assert.equal(lines.find((l) => l.reqId === 'req-404')?.statusCode, 404)
  })

  it('does not log successful requests at level info', async () => {
    const before = lines.length
    await post(app, '/api/analyze/anterior', EXAMPLES.anterior)
    assert.equal(lines.length, before)
  })
})

describe('CORS', () => {
  const origin = 'http://localhost:5173'

  it('allows the default front-end origins, by name and by IP, with credentials', async () => {
    for (const allowed of ['http://localhost:3000', origin, 'http://127.0.0.1:3000', 'http://127.0.0.1:5173']) {
      const res = await post(app, '/api/analyze/anterior', EXAMPLES.anterior, { origin: allowed })
      assert.equal(res.headers['access-control-allow-origin'], allowed)
      assert.equal(res.headers['access-control-allow-credentials'], 'true')
      assert.equal(res.headers.vary, 'Origin')
    }
  })

  it('lets browser code read the request id, Retry-After and the rate-limit headers, on errors too', async () => {
    for (const res of [
      await post(app, '/api/analyze/anterior', EXAMPLES.anterior, { origin }),
      await post(app, '/api/analyze/anterior', {}, { origin }),
    ]) {
      const exposed = String(res.headers['access-control-expose-headers']).split(', ')
      for (const name of [
        'x-request-id',
        'retry-after',
        'x-ratelimit-limit',
        'x-ratelimit-remaining',
        'x-ratelimit-reset',
      ]) {
        assert.ok(exposed.includes(name), `${name} in ${exposed.join()}`)
      }
    }
  })

  it('does no CORS work on a request without Origin', async () => {
    const res = await post(app, '/api/analyze/anterior', EXAMPLES.anterior)
    assert.equal(res.status, 200)
    for (const name of Object.keys(res.headers)) assert.doesNotMatch(name, /^access-control-|^vary$/)
  })

  it('answers a preflight with every method and the requested headers', async () => {
    const res = await app.inject({
      method: 'OPTIONS',
      url: '/api/analyze/posterior',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-clinic-id',
      },
    })
    assert.equal(res.statusCode, 204)
    assert.equal(res.headers['access-control-allow-origin'], origin)
    assert.equal(res.headers['access-control-allow-credentials'], 'true')
    assert.equal(res.headers['access-control-allow-methods'], 'GET, HEAD, POST')
    assert.equal(res.headers['access-control-allow-headers'], 'content-type, x-clinic-id')
  })

  it('refuses other origins (no allow-origin header)', async () => {
    const res = await post(app, '/api/analyze/anterior', EXAMPLES.anterior, { origin: 'http://evil.example' })
    assert.equal(res.headers['access-control-allow-origin'], undefined)
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/analyze/anterior',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'POST' },
    })
    assert.equal(preflight.headers['access-control-allow-origin'], undefined)
  })

  it('takes its origins from the configuration', async () => {
    const custom = await makeApp({ corsOrigins: ['https://clinic.example'] })
    const res = await post(custom, '/health', {}, { origin: 'https://clinic.example' })
    assert.equal(res.headers['access-control-allow-origin'], 'https://clinic.example')
    const old = await post(custom, '/api/analyze/anterior', EXAMPLES.anterior, { origin })
    assert.equal(old.headers['access-control-allow-origin'], undefined)
    await custom.close()
  })
})

describe('docs', () => {
  it('serves the Swagger UI page at /docs', async () => {
    const res = await app.inject({ method: 'GET', url: '/docs' })
    assert.equal(res.statusCode, 200)
    assert.match(String(res.headers['content-type']), /text\/html/)
    assert.match(res.body, /swagger-ui/i)
    const init = await app.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' })
    assert.equal(init.statusCode, 200)
    assert.match(init.body, /"url":"\.\.\/openapi\.json"/)
  })

  it('has one address for the document: /docs/json and /docs/yaml redirect to /openapi.json', async () => {
    for (const url of ['/docs/json', '/docs/yaml']) {
      const res = await app.inject({ method: 'GET', url })
      assert.equal(res.statusCode, 301, url)
      assert.equal(res.headers.location, '/openapi.json')
    }
  })

  it('serves the OpenAPI document at /openapi.json, generated from the schemas', async () => {
    const res = await app.inject({ method: 'GET', url: '/openapi.json' })
    assert.equal(res.statusCode, 200)
    const doc = res.json()
    assert.match(doc.openapi, /^3\./)
    assert.deepEqual(Object.keys(doc.paths).sort(), [
      '/api/analyze/anterior',
      '/api/analyze/lateral',
      '/api/analyze/posterior',
      '/api/estimate-popliteal',
      '/health',
      '/ready',
    ])
    const views: [string, readonly { name: string; meaning: string }[]][] = [
      ['/api/analyze/anterior', ANTERIOR_METRICS],
      ['/api/analyze/posterior', POSTERIOR_METRICS],
      ['/api/analyze/lateral', LATERAL_METRICS],
    ]
    for (const [path, metrics] of views) {
      const op = doc.paths[path].post
      const media = op.requestBody.content['application/json']
      const request = doc.components.schemas[media.schema.$ref.split('/').pop()]
      assert.ok(request.examples?.length, `${path} has an example body`)
      const ok = doc.components.schemas[op.responses['200'].content['application/json'].schema.$ref.split('/').pop()]
      for (const metric of metrics) {
        const description: string = ok.properties[metric.name].description
        assert.ok(description.includes(metric.meaning), `${path} ${metric.name} describes its sign`)
      }
      assert.ok(op.responses['422'], `${path} documents 422`)
      assert.ok(op.responses['415'] && op.responses['413'] && op.responses['400'] && op.responses['408'])
    }
  })
})
