/** Sending to a FHIR server, the pure parts (web/src/fhir/send.ts): accepted base URLs, the page's CSP, what an answer means and the words for it. */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  baseUrlOf,
  cspAllows,
  operationOutcomeDiagnostics,
  outcomeOf,
  outcomeText,
  patientSearchOf,
  patientSearchPath,
} from '../../../../web/src/fhir/send.js'
import { setLocale } from '../../../../web/src/i18n/index.js'

const APP_CSP =
  "default-src 'self';base-uri 'self';connect-src 'self' https://fhir.example.org http://127.0.0.1:8089;font-src 'self' data:"

describe('base URL', () => {
  test('https anywhere, http only on this computer; the base without its trailing slash, with its origin', () => {
    assert.deepEqual(baseUrlOf(' https://FHIR.example.org/fhir/ '), {
      ok: true,
      url: 'https://fhir.example.org/fhir',
      origin: 'https://fhir.example.org',
    })
    assert.deepEqual(baseUrlOf('http://localhost:8080/fhir'), {
      ok: true,
      url: 'http://localhost:8080/fhir',
      origin: 'http://localhost:8080',
    })
    assert.equal(baseUrlOf('http://127.0.0.1:9/').ok, true)
    assert.deepEqual(baseUrlOf(''), { ok: false, problem: 'empty' })
    assert.deepEqual(baseUrlOf('http://fhir.example.org/fhir'), { ok: false, problem: 'insecure' })
    for (const bad of [
      'fhir.example.org',
      'ftp://x.org',
      'https://u:p@x.org/fhir',
      'https://x.org/fhir?a=1',
      'https://x.org/#f',
    ])
      assert.deepEqual(baseUrlOf(bad), { ok: false, problem: 'invalid' }, bad)
  })
})

describe("the page's CSP", () => {
  const self = 'http://127.0.0.1:8000'
  test('connect-src names the origin (as FHIR_SERVER_ORIGINS adds it), or not', () => {
    assert.equal(cspAllows(APP_CSP, 'https://fhir.example.org', self), true)
    assert.equal(cspAllows(APP_CSP, 'http://127.0.0.1:8089', self), true)
    assert.equal(cspAllows(APP_CSP, 'https://other.example.org', self), false)
    assert.equal(cspAllows("default-src 'self';connect-src 'self'", 'https://fhir.example.org', self), false)
    assert.equal(cspAllows("connect-src 'self'", self, self), true)
  })

  test('no policy (the dev server), default-src without connect-src, wildcards and schemes, several policies', () => {
    assert.equal(cspAllows(null, 'https://a.org', self), true)
    assert.equal(cspAllows("default-src 'self'", 'https://a.org', self), false)
    assert.equal(cspAllows('default-src *', 'https://a.org', self), true)
    assert.equal(cspAllows('connect-src https:', 'https://a.org', self), true)
    assert.equal(cspAllows('connect-src https:', 'http://localhost:1', self), false)
    assert.equal(cspAllows("img-src 'self'", 'https://a.org', self), true)
    assert.equal(cspAllows('connect-src *, connect-src https://b.org', 'https://a.org', self), false)
  })
})

describe('the answer', () => {
  const bundle = (statuses: string[]) =>
    JSON.stringify({
      resourceType: 'Bundle',
      type: 'transaction-response',
      entry: statuses.map((status) => ({ response: { status } })),
    })

  test('a transaction-response: its entries counted as created (201) and updated (200)', () => {
    assert.deepEqual(outcomeOf(200, bundle(['201 Created', '201', '200 OK'])), {
      kind: 'sent',
      total: 3,
      created: 2,
      updated: 1,
    })
  })

  test('401 and 403: the token; 4xx and 5xx with the OperationOutcome said; anything else is no FHIR answer', () => {
    assert.deepEqual(outcomeOf(401, ''), { kind: 'unauthorized', status: 401 })
    assert.deepEqual(outcomeOf(403, '{}'), { kind: 'unauthorized', status: 403 })
    const oo = JSON.stringify({
      resourceType: 'OperationOutcome',
      issue: [
        {
          severity: 'error',
          code: 'invalid',
          diagnostics: 'Patient.identifier:\nmissing',
          expression: ['Bundle.entry[0]'],
        },
        { severity: 'error', code: 'invalid', details: { text: 'bad date' } },
        { severity: 'error', code: 'invalid' },
      ],
    })
    assert.deepEqual(outcomeOf(400, oo), {
      kind: 'rejected',
      status: 400,
      diagnostics: ['Bundle.entry[0]: Patient.identifier: missing', 'bad date'],
    })
    assert.deepEqual(outcomeOf(422, '<html>'), { kind: 'rejected', status: 422, diagnostics: [] })
    assert.deepEqual(outcomeOf(503, oo).kind, 'serverError')
    assert.deepEqual(outcomeOf(200, '<html>welcome</html>'), { kind: 'badAnswer', status: 200 })
    assert.deepEqual(outcomeOf(200, JSON.stringify({ resourceType: 'Bundle', type: 'collection' })).kind, 'badAnswer')
    assert.deepEqual(outcomeOf(302, ''), { kind: 'badAnswer', status: 302 })
  })

  test("the server's words are bounded: at most five issues of 500 characters, one line each", () => {
    const issue = { severity: 'error', code: 'invalid', diagnostics: `x${'y'.repeat(2000)}` }
    const d = operationOutcomeDiagnostics({ resourceType: 'OperationOutcome', issue: Array(9).fill(issue) })
    assert.equal(d.length, 5)
    assert.ok(d.every((line) => line.length === 500))
    assert.deepEqual(operationOutcomeDiagnostics({ resourceType: 'Patient' }), [])
  })

  test('each outcome in words, in English, Spanish and Brazilian Portuguese: what went wrong and what to do', () => {
    const origin = 'https://fhir.example.org'
    const app = 'https://posture.example.org'
    const outcomes = [
      { kind: 'sent', total: 5, created: 4, updated: 1 },
      { kind: 'unauthorized', status: 401 },
      { kind: 'rejected', status: 400, diagnostics: ['Patient.identifier: missing'] },
      { kind: 'serverError', status: 500, diagnostics: [] },
      { kind: 'badAnswer', status: 200 },
      { kind: 'unreachable' },
      { kind: 'csp' },
    ] as const
    for (const locale of ['en', 'es', 'pt-BR']) {
      setLocale(locale)
      try {
        const texts = outcomes.map((o) => outcomeText(o, origin, app))
        assert.equal(new Set(texts).size, texts.length)
        for (const text of texts) assert.doesNotMatch(text, /\{\w+\}/, text)
        assert.match(texts[0]!, /fhir\.example\.org.*5.*4.*1/)
        assert.match(texts[1]!, /401/)
        assert.match(texts[2]!, /400.*Patient\.identifier: missing\. /)
        assert.match(texts[5]!, /posture\.example\.org.*CORS/)
        assert.match(
          texts[6]!,
          /add https:\/\/fhir\.example\.org to FHIR_SERVER_ORIGINS|(añada|adicione) https:\/\/fhir\.example\.org a FHIR_SERVER_ORIGINS/,
        )
      } finally {
        setLocale('en')
      }
    }
  })
})

describe('the Patient search before a send', () => {
  test('by system and value, each escaped; the matches of a searchset counted (its total when larger), includes left out', () => {
    assert.equal(
      patientSearchPath('https://clinica.example/mrn', 'HC-2025/0731'),
      'Patient?identifier=https%3A%2F%2Fclinica.example%2Fmrn|HC-2025%2F0731',
    )
    const patient = { resourceType: 'Patient', identifier: [{ value: 'HC-1' }] }
    const searchset = (entry: unknown[], total?: number) =>
      JSON.stringify({ resourceType: 'Bundle', type: 'searchset', ...(total === undefined ? {} : { total }), entry })
    const two = patientSearchOf(
      200,
      searchset([
        { resource: patient, search: { mode: 'match' } },
        { resource: patient },
        { resource: { resourceType: 'Organization' }, search: { mode: 'include' } },
      ]),
    )
    assert.ok(two.ok)
    assert.equal(two.count, 2)
    const paged = patientSearchOf(200, searchset([{ resource: patient }], 3))
    assert.ok(paged.ok && paged.count === 3 && paged.patients.length === 1)
    const none = patientSearchOf(200, searchset([], 0))
    assert.ok(none.ok && none.count === 0)
  })

  test('a refusal is told as for a transaction; a 2xx that is not a searchset is no FHIR answer', () => {
    assert.deepEqual(patientSearchOf(401, ''), { ok: false, outcome: { kind: 'unauthorized', status: 401 } })
    const transactionLike = JSON.stringify({ resourceType: 'Bundle', type: 'transaction-response', entry: [] })
    assert.deepEqual(patientSearchOf(200, transactionLike), { ok: false, outcome: { kind: 'badAnswer', status: 200 } })
    assert.deepEqual(patientSearchOf(200, '<html>'), { ok: false, outcome: { kind: 'badAnswer', status: 200 } })
  })
})
