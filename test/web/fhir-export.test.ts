/**
 * A visit as HL7 FHIR R4 in Chromium with the built app (issue 31): "Export to FHIR"
 * downloads a collection Bundle named after the patient and date, for the visit on screen
 * and for a patient of the record; "Send to FHIR server…" posts the transaction to a
 * stand-in FHIR server (test/support/fhir-server.ts), with the service started as a process
 * with FHIR_SERVER_ORIGINS naming it: asked once per origin, then sent with the bearer
 * token, which stays out of the record and of localStorage, for the visit on screen and for
 * a patient of the Patients dialog; a wrong token, a bundle the
 * server refuses, a server that is down, a server that does not allow the app's origin
 * (CORS) and an origin the service does not list (CSP) are each told in their words.
 * The Patient is the record's (issue 41): an identifier typed in another case on screen
 * goes out as the record holds it, with the name as family and given; a server's Patient
 * named otherwise is renamed after the clinician says yes; two Patients with the
 * identifier on the server are reported and nothing is sent.
 */
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { after, before, describe, test } from 'node:test'
import type { Bundle, DocumentReference, Observation, Patient } from '@medplum/fhirtypes'
import type { Page } from 'playwright-core'
import { type Harness, OUTPUT, openApp, shownResults, startHarness } from '../support/browser.js'
import { type FhirServer, startFhirServer } from '../support/fhir-server.js'
import { validateBundle } from '../support/fhir-validate.js'
import { ROOT } from '../support/paths.js'
import { answerQuestion, openRecord, readRecord, todayIn, visitFromCard } from '../support/record.js'
import { freePort, type ServerProcess, startServer } from '../support/server-process.js'

/** Our code system and a metric's code in it, as docs/fhir.md publishes them (the app's modules are not built for node here). */
const CODE_SYSTEM_URL = 'https://posture-metrics.org/fhir/CodeSystem/posture-metrics'
const metricCode = (view: string, metric: string) => `${view}.${metric}`

const TOKEN = 'test-token-4f1c'
/** The clinic's patient identifier system, as set in the FHIR settings (a send needs one). */
const SYSTEM = 'https://clinica.example/mrn'
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

const resources = <T>(bundle: Bundle, type: string): T[] =>
  (bundle.entry ?? []).flatMap((e) => (e.resource?.resourceType === type ? [e.resource as T] : []))

/** The bundle holds the values the app shows, to full precision, and the photo as it was opened (bytes and SHA-1). */
function assertHoldsTheVisit(bundle: Bundle, values: Record<string, number>, photo: Buffer): void {
  const observation = resources<Observation>(bundle, 'Observation').find(
    (o) => o.code.coding?.[0]?.system === CODE_SYSTEM_URL,
  )
  assert.ok(observation, 'an observation of the anterior view')
  const names = Object.keys(values)
  assert.ok(names.length > 0)
  assert.equal(observation.component?.length, names.length, 'a component per metric shown')
  for (const name of names) {
    const component = observation.component?.find((c) => c.code.coding?.[0]?.code === metricCode('anterior', name))
    assert.ok(component, name)
    // The bundle's values are computed in the page, the ones shown by the service in node, with the same functions;
    // Chromium's V8 and node's may round Math.atan2, acos and asin differently in the last bit (measured: node 20's
    // V8 11.3 against Chromium 156), so "equal" here is to within 1e-12 relative, far below any digit shown or exported.
    const value = component.valueQuantity?.value
    const shownValue = values[name]!
    assert.ok(
      typeof value === 'number' && Math.abs(value - shownValue) <= 1e-12 * Math.max(1, Math.abs(shownValue)),
      `${name}: ${value} = ${shownValue}`,
    )
  }
  const attachments = resources<DocumentReference>(bundle, 'DocumentReference').flatMap((d) =>
    d.content.map((c) => c.attachment),
  )
  const shown = attachments.find((a) => a.data === photo.toString('base64'))
  assert.ok(shown, 'the photo, byte for byte')
  assert.equal(shown.hash, createHash('sha1').update(photo).digest('base64'))
  assert.equal(shown.size, photo.length)
  assert.equal(shown.contentType, 'image/png')
}

/** Opens the send dialog (of the visit on screen unless a button is given) and fills it. */
async function fillSend(page: Page, url: string, token: string, button = '#send-fhir'): Promise<void> {
  await page.locator(button).click()
  await page.locator('#fhir-dialog[open]').waitFor()
  await page.locator('#fhir-url').fill(url)
  await page.locator('#fhir-token').fill(token)
  await page.locator('#fhir-system').fill(SYSTEM)
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
    const { page, errors, values } = await appWithVisit(h.base.replace(/\/$/, ''))
    const visit = await downloaded(page, '#export-fhir')
    assert.equal(visit.name, `posture-${PATIENT}-${DATE}-fhir.json`)
    assert.equal(visit.json.resourceType, 'Bundle')
    assert.equal(visit.json.type, 'collection')
    assert.deepEqual(validateBundle(visit.json as unknown as Bundle), [])
    assertHoldsTheVisit(visit.json as unknown as Bundle, values, h.photos.anterior)
    // The report of the visit on screen goes with it: the PDF the Save PDF buttons make, related to the observation.
    const report = resources<DocumentReference>(visit.json as unknown as Bundle, 'DocumentReference').find(
      (d) => d.content[0]?.attachment.contentType === 'application/pdf',
    )
    assert.ok(report, 'the PDF report')
    const pdf = Buffer.from(report.content[0]?.attachment.data ?? '', 'base64')
    assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-')
    assert.equal(report.content[0]?.attachment.size, pdf.length)
    assert.equal(report.content[0]?.attachment.hash, createHash('sha1').update(pdf).digest('base64'))
    assert.equal(report.context?.related?.length, 1)
    const patientResource = resources<{ identifier: { value: string }[] }>(visit.json as unknown as Bundle, 'Patient')
    assert.deepEqual(
      patientResource.map((p) => p.identifier[0]?.value),
      [PATIENT],
    )
    await openRecord(page)
    await page.locator(`#record-patients li[data-patient="${PATIENT}"] button`).click()
    const patient = await downloaded(page, '#record-export-patient-fhir')
    assert.equal(patient.name, `posture-${PATIENT}-${await todayIn(page)}-fhir.json`)
    assert.equal(patient.json.type, 'collection')
    assert.deepEqual(validateBundle(patient.json as unknown as Bundle), [])
    assertHoldsTheVisit(patient.json as unknown as Bundle, values, h.photos.anterior)
    assert.deepEqual(errors, [])
    await page.context().close()
  })

  test('Send: asked once for the origin, then the transaction reaches the server with the token; the token stays in the tab', async () => {
    const { page, errors, values } = await appWithVisit(service.url)
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
    // The stand-in validated it (validateBundle) before storing it; it holds what the app shows.
    const bundle = fhir.stored[0] as Bundle
    assert.equal(bundle.type, 'transaction')
    assertHoldsTheVisit(bundle, values, h.photos.anterior)
    const count = bundle.entry?.length ?? 0
    const text = await status.innerText()
    assert.ok(
      text.includes(`Sent to ${fhir.origin}: the server stored ${count} entries (${count} created, 0 updated)`),
      text,
    )
    assert.ok(!request.body.includes(TOKEN), 'the token is not in the bundle')

    // Sent again: not asked again (the origin was confirmed); the server finds what it wrote and creates nothing new.
    const again = await sent(page)
    assert.equal(again.outcome, 'sent')
    assert.ok(again.text.includes(`(0 created, ${count} updated)`), again.text)
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

    // From the Patients dialog: the patient's visits, sent again; the server updates what it has.
    await page.locator('#fhir-close').click()
    await openRecord(page)
    await page.locator(`#record-patients li[data-patient="${PATIENT}"] button`).click()
    await page.locator('#record-send-patient-fhir').click()
    await page.locator('#fhir-dialog[open]').waitFor()
    assert.match(await page.locator('#fhir-what').innerText(), new RegExp(`Sends 1 visit of ${PATIENT}`))
    assert.equal(await page.locator('#fhir-token').inputValue(), TOKEN, 'the token of this tab is kept')
    const patient = await sent(page)
    assert.equal(patient.outcome, 'sent')
    assert.ok(patient.text.includes(`(0 created, ${count} updated)`), patient.text)
    assert.equal(fhir.stored.length, 3)
    assertHoldsTheVisit(fhir.stored[2] as Bundle, values, h.photos.anterior)
    await page.locator('#fhir-close').click()
    await page.locator('#record-close').click()

    // The same page in Spanish: the outcome in Spanish.
    await page.locator('#language').selectOption('es')
    await fillSend(page, fhir.base, 'wrong-token')
    const spanish = await sent(page)
    assert.match(spanish.text, /ha rechazado el token de acceso \(HTTP 401\)/)
    await page.context().close()
  })

  test("the record's patient: its identifier, not the screen's typing; a corrected name asked and sent; two Patients reported", async () => {
    const RECORDED = 'HC-2025/0731'
    const NAME = 'López García, María'
    const { page, errors } = await openApp(h, { url: `${service.url}/` })
    await page.locator('#record-status').waitFor({ state: 'attached' })
    await openRecord(page)
    await page.locator('#record-new-id').fill(RECORDED)
    await page.locator('#record-new-name').fill(NAME)
    await page.locator('#record-add').click()
    await page.locator(`#record-patients li[data-patient="${RECORDED}"]`).waitFor()
    await page.locator('#record-close').click()
    // The visit on screen is typed in lower case; the record files it under its patient.
    await visitFromCard(page, h, 'hc-2025/0731', DATE)

    const file = await downloaded(page, '#export-fhir')
    const [patient] = resources<Patient>(file.json as unknown as Bundle, 'Patient')
    assert.deepEqual(patient?.identifier, [{ value: RECORDED }], "the record's identifier, no system set yet")
    assert.deepEqual(patient?.name, [{ text: NAME, family: 'López García', given: ['María'] }])
    await page.locator('#toast.show').filter({ hasText: 'has no system' }).waitFor()

    // The health record already has the patient, under another spelling of the name.
    const seeded = fhir.seedPatient({
      resourceType: 'Patient',
      identifier: [{ system: SYSTEM, value: RECORDED }],
      name: [{ text: 'Maria Lopez' }],
    })
    await fillSend(page, fhir.base, TOKEN)
    await page.locator('#fhir-send-go').click()
    await answerQuestion(page, 'fhir-send-origin', 'yes')
    const nameQuestion = page.locator('dialog[data-question="fhir-patient-name"][open]')
    await nameQuestion.or(page.locator('#fhir-status:not([data-outcome="sending"])[data-outcome]')).first().waitFor()
    assert.equal(await nameQuestion.count(), 1, "asked whether to rename the server's patient")
    const asked = await answerQuestion(page, 'fhir-patient-name', 'yes')
    assert.ok(asked.includes(`The patient on the server is named Maria Lopez; update it to ${NAME}?`), asked)
    await page.locator('#fhir-status[data-outcome="sent"]').waitFor()
    const search = fhir.requests.findLast((r) => r.method === 'GET')
    assert.equal(
      new URLSearchParams(search?.query).get('identifier'),
      `${SYSTEM}|${RECORDED}`,
      "searched by the record's identifier",
    )
    const bundle = fhir.stored.at(-1) as Bundle
    const entry = bundle.entry?.find((e) => e.resource?.resourceType === 'Patient')
    assert.equal(entry?.request?.method, 'PUT')
    assert.deepEqual((entry?.resource as Patient | undefined)?.identifier, [{ system: SYSTEM, value: RECORDED }])
    const held = fhir.patients.filter((p) =>
      p.identifier?.some((i) => i.value?.toLowerCase() === RECORDED.toLowerCase()),
    )
    assert.equal(held.length, 1, 'one Patient: no second one under the typed identifier')
    assert.equal(held[0]?.id, seeded)
    assert.deepEqual(held[0]?.name, [{ text: NAME, family: 'López García', given: ['María'] }])

    // A duplicate in the health record: reported with the identifier and the count, nothing sent.
    fhir.seedPatient({ resourceType: 'Patient', identifier: [{ system: SYSTEM, value: RECORDED }] })
    const stored = fhir.stored.length
    const twice = await sent(page)
    assert.equal(twice.outcome, 'ambiguous')
    assert.ok(twice.text.includes(`The FHIR server has 2 patients with the identifier ${RECORDED}`), twice.text)
    assert.equal(fhir.stored.length, stored, 'nothing sent')
    assert.deepEqual(errors, [])
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
