/**
 * Security headers: helmet's page set with a CSP that lets Swagger UI (/docs) work,
 * and the short API set on JSON answers. The marking app's page set and a real
 * browser under these headers: test/web/security-headers.test.ts.
 */

import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { EXAMPLES } from '../../src/api/examples.js'
import { PERMISSIONS, PERMISSIONS_POLICY } from '../../src/http/security-headers.js'
import { type App, listening, stopListening } from '../support/raw-http.js'

const API_CSP = "default-src 'none';frame-ancestors 'none'"

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0] !== '')
      .map(([name, ...values]) => [name as string, values]),
  )
}

describe('security headers', () => {
  let app: App
  let base: string

  before(async () => {
    ;({ app, base } = await listening({ overload: false, webRoot: false }))
  })

  after(async () => {
    await stopListening(app)
  })

  it('sends the short API set on JSON answers, errors included', async () => {
    const answers = [
      await fetch(`${base}/health`),
      await fetch(`${base}/api/estimate-popliteal`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(EXAMPLES.popliteal),
      }),
      await fetch(`${base}/api/analyze/lateral`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
      await fetch(`${base}/api/analyze/lateral`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{',
      }),
      await fetch(`${base}/api/nothing-here`),
    ]
    assert.deepEqual(
      answers.map((r) => r.status),
      [200, 200, 422, 400, 404],
    )
    for (const res of answers) {
      assert.equal(res.headers.get('content-security-policy'), API_CSP)
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff')
      assert.equal(res.headers.get('cross-origin-resource-policy'), 'same-origin')
      assert.equal(res.headers.get('x-powered-by'), null)
      assert.equal(res.headers.get('strict-transport-security'), null, 'HSTS is for the TLS proxy')
      assert.equal(res.headers.get('permissions-policy'), null, 'none on JSON: no feature applies to it')
      await res.arrayBuffer()
    }
  })

  it("sends helmet's page set on /docs, with a CSP for Swagger UI", async () => {
    const res = await fetch(`${base}/docs`)
    const html = await res.text()
    assert.equal(res.status, 200)
    assert.equal(res.headers.get('x-frame-options'), 'SAMEORIGIN')
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff')
    assert.equal(res.headers.get('referrer-policy'), 'no-referrer')
    assert.equal(res.headers.get('cross-origin-opener-policy'), 'same-origin')
    const csp = directives(res.headers.get('content-security-policy') ?? '')
    assert.deepEqual(csp.get('default-src'), ["'self'"])
    assert.deepEqual(
      csp.get('script-src'),
      ["'self'", "'wasm-unsafe-eval'"],
      "scripts only from the service: no inline, no eval; WebAssembly (the app's pose model) may compile",
    )
    assert.deepEqual(csp.get('object-src'), ["'none'"])
    assert.deepEqual(csp.get('connect-src'), ["'self'"])
    assert.ok(csp.get('img-src')?.includes('data:'), 'Swagger UI shows data: images')
    assert.ok(csp.get('img-src')?.includes('blob:'), 'the marking app shows the photo from a blob: URL')
    assert.ok(!csp.has('upgrade-insecure-requests'), 'the service speaks plain HTTP')
    // data: and blob: URLs (photos of verified raster types) are images and fonts, never scripts, frames or workers.
    for (const [name, values] of csp)
      if (!['img-src', 'font-src'].includes(name))
        assert.ok(!values.some((v) => /^(data|blob):$/.test(v)), `${name} ${values.join(' ')}`)
    assert.deepEqual(csp.get('font-src'), ["'self'", 'data:'])
    // Every script and style of the page comes from this origin, as script-src 'self' needs.
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] as string)
    assert.ok(sources.length >= 4)
    for (const src of sources) {
      assert.ok(!/^(https?:)?\/\//.test(src), `external resource ${src}`)
      const asset = await fetch(new URL(src, `${base}/docs/`))
      assert.equal(asset.status, 200, src)
      assert.ok(asset.headers.get('content-security-policy')?.includes("script-src 'self'"), src)
      await asset.arrayBuffer()
    }
    assert.ok(!/<script>(?!\s*<\/script>)/.test(html), 'no inline script')
  })

  it("sends a Permissions-Policy on every page: the camera and the level's motion sensors for this origin, the rest off", async () => {
    const policy = (header: string | null) =>
      new Map((header ?? '').split(', ').map((d) => d.split('=') as [string, string]))
    const page = await fetch(`${base}/docs`)
    await page.arrayBuffer()
    assert.equal(page.headers.get('permissions-policy'), PERMISSIONS_POLICY)
    const features = policy(PERMISSIONS_POLICY)
    for (const feature of ['camera', 'accelerometer', 'gyroscope'])
      assert.equal(features.get(feature), '(self)', feature)
    for (const feature of ['microphone', 'geolocation', 'usb', 'payment', 'magnetometer', 'display-capture', 'serial'])
      assert.equal(features.get(feature), '()', feature)
    assert.equal(features.size, Object.keys(PERMISSIONS).length)
    const missing = await fetch(`${base}/no-such-page`)
    await missing.arrayBuffer()
    assert.equal(missing.status, 404)
    assert.equal(missing.headers.get('permissions-policy'), PERMISSIONS_POLICY, 'a 404 page too')
  })
})
