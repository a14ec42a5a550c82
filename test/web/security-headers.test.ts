/**
 * The pages under the service's security headers, in a real browser: the marking app
 * (/) gets helmet's page set with no inline script, and Swagger UI (/docs) renders
 * and "Try it out" reaches the API with no CSP violation, nor does the app; under the
 * Permissions-Policy the app may use the camera and the motion sensors and nothing
 * else, and Chromium knows every feature it names (skipped when Chromium is not
 * installed). The headers themselves: test/robustness/headers.test.ts.
 */

import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { after, before, describe, it } from 'node:test'
import { PERMISSIONS } from '../../src/http/security-headers.js'
import { CHROMIUM, CHROMIUM_ARGS } from '../support/browser.js'
import { WEB_BUILD } from '../support/paths.js'
import { type App, listening, stopListening } from '../support/raw-http.js'

const WEB_BUILT = existsSync(`${WEB_BUILD}index.html`)

describe('security headers in the browser', () => {
  let app: App
  let base: string

  before(async () => {
    ;({ app, base } = await listening({ overload: false, webRoot: WEB_BUILT ? WEB_BUILD : false }))
  })

  after(async () => {
    await stopListening(app)
  })

  it('sends the page set on the marking app', { skip: WEB_BUILT ? false : 'web app not built' }, async () => {
    const res = await fetch(`${base}/`)
    const html = await res.text()
    assert.equal(res.status, 200)
    assert.match(res.headers.get('content-security-policy') ?? '', /script-src 'self'/)
    assert.equal(res.headers.get('x-frame-options'), 'SAMEORIGIN')
    for (const m of html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g))
      assert.equal((m[1] as string).trim(), '', 'no inline script')
  })

  it('lets Swagger UI render and call the API in a real browser with no CSP violation', {
    skip: existsSync(CHROMIUM) ? false : `no Chromium at ${CHROMIUM}`,
  }, async () => {
    const { chromium } = await import('playwright-core')
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
    })
    try {
      const page = await browser.newPage()
      const violations: string[] = []
      page.on('console', (message) => {
        if (/Content[- ]Security[- ]Policy|Refused to/i.test(message.text())) violations.push(message.text())
      })
      await page.addInitScript({
        content:
          "document.addEventListener('securitypolicyviolation', (e) => console.error('Content-Security-Policy violation: ' + e.violatedDirective + ' ' + e.blockedURI))",
      })
      const documents: string[] = []
      page.on('request', (request) => {
        if (/openapi\.json|\/docs\/(json|yaml)/.test(request.url())) documents.push(new URL(request.url()).pathname)
      })
      await page.goto(`${base}/docs`)
      await page.waitForSelector('.swagger-ui .info .title', { timeout: 20_000 })
      // The UI reads the one address of the document.
      assert.deepEqual([...new Set(documents)], ['/openapi.json'])
      assert.match((await page.textContent('.swagger-ui .info .title')) ?? '', /posture-metrics/)

      // "Try it out" on GET /health: Swagger UI fetches from this origin (connect-src 'self').
      await page.click('#operations-service-getHealth .opblock-summary')
      await page.click('#operations-service-getHealth .try-out__btn')
      await page.click('#operations-service-getHealth .execute')
      const status = '#operations-service-getHealth .live-responses-table tbody .response-col_status'
      await page.waitForSelector(status, { timeout: 10_000 })
      assert.match((await page.textContent(status)) ?? '', /200/)

      if (WEB_BUILT) {
        await page.goto(`${base}/`)
        await page.waitForLoadState('networkidle')
      }
      assert.deepEqual(violations, [])
    } finally {
      await browser.close()
    }
  })

  it('lets the app use the camera and the motion sensors, for this origin only, and no other powerful feature', {
    skip: existsSync(CHROMIUM) ? false : `no Chromium at ${CHROMIUM}`,
  }, async () => {
    const { chromium } = await import('playwright-core')
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
    try {
      const page = await browser.newPage()
      const complaints: string[] = []
      page.on('console', (message) => {
        if (/Permissions-Policy|Feature Policy/i.test(message.text())) complaints.push(message.text())
      })
      await page.goto(WEB_BUILT ? `${base}/` : `${base}/docs`)
      const names = Object.keys(PERMISSIONS)
      const seen = (await page.evaluate(`(() => {
        const policy = document.featurePolicy
        const names = ${JSON.stringify(names)}
        return {
          known: policy.features(),
          here: names.filter((name) => policy.allowsFeature(name)),
          elsewhere: names.filter((name) => policy.allowsFeature(name, 'https://example.com')),
        }
      })()`)) as { known: string[]; here: string[]; elsewhere: string[] }
      assert.deepEqual(
        names.filter((name) => !seen.known.includes(name)),
        [],
        'features this Chromium does not know (each costs a console warning)',
      )
      assert.deepEqual(seen.here.sort(), ['accelerometer', 'camera', 'gyroscope'])
      assert.deepEqual(seen.elsewhere, [], 'a frame of another origin gets none')
      assert.deepEqual(complaints, [])
    } finally {
      await browser.close()
    }
  })
})

describe('FHIR_SERVER_ORIGINS in the CSP', () => {
  const fhir = ['https://fhir.example.org', 'http://127.0.0.1:8089']
  let app: App
  let base: string

  before(async () => {
    ;({ app, base } = await listening({
      overload: false,
      webRoot: WEB_BUILT ? WEB_BUILD : false,
      fhirServerOrigins: fhir,
    }))
  })

  after(async () => {
    await stopListening(app)
  })

  const connectSrc = (res: Response): string[] =>
    /(?:^|;)\s*connect-src ([^;]*)/
      .exec(res.headers.get('content-security-policy') ?? '')?.[1]
      ?.trim()
      .split(/\s+/) ?? []

  it("adds the origins to connect-src of the marking app's pages and files, and nothing else", {
    skip: WEB_BUILT ? false : 'web app not built',
  }, async () => {
    const page = await fetch(`${base}/`)
    const html = await page.text()
    assert.deepEqual(connectSrc(page), ["'self'", ...fhir])
    const script = /<script[^>]*src="\.\/([^"]+)"/.exec(html)?.[1]
    assert.ok(script, 'the page loads a script')
    const asset = await fetch(`${base}/${script}`)
    await asset.arrayBuffer()
    assert.deepEqual(connectSrc(asset), ["'self'", ...fhir])
    // The rest of the policy is the page set unchanged.
    const without = await listening({ overload: false, webRoot: WEB_BUILD })
    try {
      const plain = await fetch(`${without.base}/`)
      await plain.arrayBuffer()
      const strip = (csp: string | null) => (csp ?? '').replace(/connect-src [^;]*/, '')
      assert.equal(
        strip(page.headers.get('content-security-policy')),
        strip(plain.headers.get('content-security-policy')),
      )
      assert.deepEqual(connectSrc(plain), ["'self'"], 'default: this origin only')
    } finally {
      await stopListening(without.app)
    }
  })

  it('leaves /docs and the JSON answers as they are: only the marking app sends to a FHIR server', async () => {
    const docs = await fetch(`${base}/docs`)
    await docs.arrayBuffer()
    assert.deepEqual(connectSrc(docs), ["'self'"])
    const health = await fetch(`${base}/health`)
    await health.arrayBuffer()
    assert.equal(health.headers.get('content-security-policy'), "default-src 'none';frame-ancestors 'none'")
  })
})
