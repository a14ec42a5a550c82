/**
 * A visit as HL7 FHIR R4 in Chromium with the built app (issue 31): "Export to FHIR"
 * downloads a collection Bundle named after the patient and date, for the visit on screen
 * and for a patient of the record; "Send to FHIR server…" posts the transaction to a
 * stand-in FHIR server (test/support/fhir-server.ts), with the service started as a process
 * with FHIR_SERVER_ORIGINS naming it: asked once per origin, then sent with the bearer
 * token, which stays out of the record and of localStorage; a wrong token, a bundle the
 * server refuses, a server that is down, a server that does not allow the app's origin
 * (CORS) and an origin the service does not list (CSP) are each told in their words.
 */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, describe, test } from 'node:test'
import type { Page } from 'playwright-core'
import { type Harness, OUTPUT, openApp, shownResults, startHarness } from '../support/browser.js'
import { type FhirServer, startFhirServer } from '../support/fhir-server.js'
import { ROOT } from '../support/paths.js'
import { answerQuestion, openRecord, readRecord, todayIn, visitFromCard } from '../support/record.js'
import { freePort, type ServerProcess, startServer } from '../support/server-process.js'

const TOKEN = 'test-token-4f1c'
const PATIENT = 'PAC-FHIR-1'
const DATE = '2026-03-10'

let h: Harness
let fhir: FhirServer
/** The service as a process, with FHIR_SERVER_ORIGINS naming the stand-in and a port nothing listens on. */
let service: ServerProcess
let deadOrigin: string

before(async () => {
  h = await startHarness()
  fhir = await startFhirServer({ token: TOKEN })
  deadOrigin = `http://127.0.0.1:${await freePort()}`
  service = await startServer(
    {
      name: 'service with FHIR servers',
      script: 'dist/src/main.js',
      env: { FHIR_SERVER_ORIGINS: `${fhir.origin},${deadOrigin}`, LOG_LEVEL: 'warn' },
    },
    ROOT,
  )
  fhir.allowedOrigins.add(service.url)
})

after(async () => {
  await service?.stop()
  await fhir?.close()
  await h?.close()
})

/** The app at `url` with a visit of PATIENT on screen, analysed and in the record. */
async function appWithVisit(url: string): Promise<{ page: Page; errors: string[]; values: Record<string, number> }> {
  const { page, errors } = await openApp(h, { url: `${url}/` })
  await page.locator('#record-status').waitFor({ state: 'attached' })
  await visitFromCard(page, h, PATIENT, DATE)
  return { page, errors, values: await shownResults(page) }
}

/** Clicks `selector` and returns the download's name and parsed JSON. */
async function downloaded(page: Page, selector: string): Promise<{ name: string; json: Record<string, unknown> }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator(selector).click()])
  const path = `${OUTPUT}${download.suggestedFilename()}`
  await download.saveAs(path)
  return { name: download.suggestedFilename(), json: JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown> }
}

/** Opens the send dialog (of the visit on screen unless a button is given) and fills it. */
async function fillSend(page: Page, url: string, token: string, button = '#send-fhir'): Promise<void> {
  await page.locator(button).click()
  await page.locator('#fhir-dialog[open]').waitFor()
  await page.locator('#fhir-url').fill(url)
  await page.locator('#fhir-token').fill(token)
}

/** Presses Send and waits for its outcome; returns the status line's outcome and text. */
async function sent(page: Page): Promise<{ outcome: string; text: string }> {
  await page.locator('#fhir-send-go').click()
  const status = page.locator('#fhir-status:not([data-outcome="sending"])[data-outcome]')
  await status.waitFor()
  return { outcome: (await status.getAttribute('data-outcome')) ?? '', text: await status.innerText() }
}

describe('a visit as HL7 FHIR R4', () => {
  test('Export to FHIR: a collection Bundle named after the patient and date, for the visit and for the patient', async () => {
    const { page, errors } = await appWithVisit(h.base.replace(/\/$/, ''))
    const visit = await downloaded(page, '#export-fhir')
    assert.equal(visit.name, `posture-${PATIENT}-${DATE}-fhir.json`)
    assert.equal(visit.json.resourceType, 'Bundle')
    assert.equal(visit.json.type, 'collection')
    await openRecord(page)
    await page.locator(`#record-patients li[data-patient="${PATIENT}"] button`).click()
    const patient = await downloaded(page, '#record-export-patient-fhir')
    assert.equal(patient.name, `posture-${PATIENT}-${await todayIn(page)}-fhir.json`)
    assert.equal(patient.json.type, 'collection')
    assert.deepEqual(errors, [])
    await page.context().close()
  })

  test('Send: asked once for the origin, then the transaction reaches the server with the token; the token stays in the tab', async () => {
    const { page, errors } = await appWithVisit(service.url)
    await fillSend(page, fhir.base, TOKEN)
    await page.locator('#fhir-send-go').click()
    const question = await answerQuestion(page, 'fhir-send-origin', 'yes')
    assert.ok(question.includes(fhir.origin), question)
    const status = page.locator('#fhir-status[data-outcome="sent"]')
    await status.waitFor()
    assert.equal(fhir.stored.length, 1)
    const request = fhir.requests.at(-1)!
    assert.equal(request.status, 200)
    assert.equal(request.headers.authorization, `Bearer ${TOKEN}`)
    assert.equal(request.headers['content-type'], 'application/fhir+json')
    assert.equal(request.headers.accept, 'application/fhir+json')
    assert.equal(request.headers.cookie, undefined)
    const bundle = fhir.stored[0] as { type: string; entry: unknown[] }
    assert.equal(bundle.type, 'transaction')
    const text = await status.innerText()
    assert.ok(text.includes(`Sent to ${fhir.origin}`) && text.includes(`${bundle.entry.length} entr`), text)
    assert.ok(!request.body.includes(TOKEN), 'the token is not in the bundle')

    // Sent again: not asked again; the same origin was confirmed.
    const again = await sent(page)
    assert.equal(again.outcome, 'sent')
    assert.equal(fhir.stored.length, 2)

    // The token: in this tab's sessionStorage only, never in localStorage or the record.
    const storage = (await page.evaluate(
      '({ local: JSON.stringify(Object.entries(localStorage)), session: JSON.stringify(Object.entries(sessionStorage)) })',
    )) as { local: string; session: string }
    assert.ok(storage.session.includes(TOKEN))
    assert.ok(!storage.local.includes(TOKEN), storage.local)
    assert.ok(storage.local.includes(fhir.base), 'the base URL is remembered')
    assert.ok(!JSON.stringify(await readRecord(page)).includes(TOKEN), 'the token is not in the record')
    assert.deepEqual(errors, [])

    // A wrong token: the server's 401, told as the token's problem.
    await page.locator('#fhir-token').fill('wrong-token')
    const wrong = await sent(page)
    assert.equal(wrong.outcome, 'unauthorized')
    assert.match(wrong.text, /refused the access token \(HTTP 401\)/)
    assert.equal(fhir.stored.length, 2)

    // A bundle the server refuses (a rule of its own): its OperationOutcome's diagnostics shown.
    await page.locator('#fhir-token').fill(TOKEN)
    fhir.rules = () => ['Patient.identifier.system: this server requires the identifier system']
    try {
      const refused = await sent(page)
      assert.equal(refused.outcome, 'rejected')
      assert.match(refused.text, /HTTP 400/)
      assert.match(refused.text, /Patient\.identifier\.system: this server requires the identifier system/)
    } finally {
      fhir.rules = null
    }

    // The same page in Spanish: the outcome in Spanish.
    await page.locator('#fhir-close').click()
    await page.locator('#language').selectOption('es')
    await fillSend(page, fhir.base, 'wrong-token')
    const spanish = await sent(page)
    assert.match(spanish.text, /ha rechazado el token de acceso \(HTTP 401\)/)
    await page.context().close()
  })

  test('a server that is down, or that does not allow the app\'s origin: "could not be reached or does not allow"', async () => {
    const { page } = await appWithVisit(service.url)
    await fillSend(page, `${deadOrigin}/fhir`, TOKEN)
    await page.locator('#fhir-send-go').click()
    await answerQuestion(page, 'fhir-send-origin', 'yes')
    const down = page.locator('#fhir-status[data-outcome="unreachable"]')
    await down.waitFor()
    const text = await down.innerText()
    assert.ok(text.includes(deadOrigin) && text.includes(service.url), text)
    await page.context().close()

    // The app at another address (localhost, not 127.0.0.1): the server's CORS does not allow it.
    const requests = fhir.requests.length
    const other = service.url.replace('127.0.0.1', 'localhost')
    const { page: elsewhere } = await appWithVisit(other)
    await fillSend(elsewhere, fhir.base, TOKEN)
    await elsewhere.locator('#fhir-send-go').click()
    await answerQuestion(elsewhere, 'fhir-send-origin', 'yes')
    const refused = elsewhere.locator('#fhir-status[data-outcome="unreachable"]')
    await refused.waitFor()
    assert.ok((await refused.innerText()).includes(other), 'names the address the server must allow')
    assert.equal(fhir.requests.length, requests, 'the browser did not send the POST')
    await elsewhere.context().close()
  })

  test('an origin the service does not list in FHIR_SERVER_ORIGINS: the administrator is named, nothing is sent', async () => {
    const requests = fhir.requests.length
    // The harness's service has no FHIR_SERVER_ORIGINS: connect-src 'self' only.
    const { page } = await appWithVisit(h.base.replace(/\/$/, ''))
    await fillSend(page, fhir.base, TOKEN)
    const refused = await sent(page)
    assert.equal(refused.outcome, 'csp')
    assert.ok(refused.text.includes(`add ${fhir.origin} to FHIR_SERVER_ORIGINS`), refused.text)
    assert.equal(await page.locator('dialog[data-question="fhir-send-origin"]').count(), 0, 'not asked')
    assert.equal(fhir.requests.length, requests)
    await page.context().close()
  })
})
