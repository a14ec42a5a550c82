/**
 * Exporting and sending (web/src/fhir/fhir-actions.ts) with stand-in page effects: the
 * download's name and type; a send goes nowhere without an accepted URL, nowhere the
 * page's CSP refuses, and to a new origin only after the clinician said yes (asked once
 * per origin); the token goes in the Authorization header only, never into the bundle.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { FhirActions, type FhirEffects, FhirUnreachable } from '../../../../web/src/fhir/fhir-actions.js'
import { FhirSettingsStore, type KeyValue } from '../../../../web/src/fhir/settings.js'
import { ReportPdfError } from '../../../../web/src/files/report-pdf-error.js'
import { newPatient } from '../../../../web/src/record/model.js'
import type { Question } from '../../../../web/src/record/questions.js'
import type { RecordStorage } from '../../../../web/src/record/storage.js'
import * as commands from '../../../../web/src/state/commands.js'
import { type AppState, initialState } from '../../../../web/src/state/state.js'
import { createStore } from '../../../../web/src/state/store.js'
import { markedDoc, png } from '../fixtures.js'

class MapStorage implements KeyValue {
  readonly map = new Map<string, string>()
  getItem = (key: string) => this.map.get(key) ?? null
  setItem = (key: string, value: string) => void this.map.set(key, value)
  removeItem = (key: string) => void this.map.delete(key)
}

const APP = 'http://127.0.0.1:8000'
const FHIR = 'https://fhir.example.org'

interface Seen {
  questions: Question[]
  downloads: { name: string; type: string; content: string }[]
  posts: { url: string; body: string; token: string }[]
  gets: { url: string; token: string }[]
}

const SYSTEM = 'https://clinica.example/mrn'

/** Stand-in bytes of a PDF report (the real one needs a canvas: test/web/report-pdf.test.ts makes it in Chromium). */
const PDF = new TextEncoder().encode('%PDF-1.3\n%stand-in report\n%%EOF\n')

function setup(
  options: {
    policy?: string | null
    answer?: boolean | ((q: Question) => boolean)
    post?: FhirEffects['post']
    /** 'ours': the report's own ReportPdfError (a sentence of the app); 'engine': an engine's error (its English). */
    reportFails?: 'ours' | 'engine'
    /** The Patients the server's search finds. */
    patients?: unknown[]
  } = {},
) {
  const seen: Seen = { questions: [], downloads: [], posts: [], gets: [] }
  let n = 0
  const effects: FhirEffects = {
    photos: {
      screenPhoto: async () => ({ type: 'image/png', width: 600, height: 1000, blob: new Blob([png(600, 1000)]) }),
      storedPhoto: async () => undefined,
    },
    settings: new FhirSettingsStore(new MapStorage(), new MapStorage()),
    confirm: async (q) => {
      seen.questions.push(q)
      return typeof options.answer === 'function' ? options.answer(q) : (options.answer ?? true)
    },
    download: (name, type, content) => seen.downloads.push({ name, type, content }),
    appOrigin: APP,
    pagePolicy: async () => (options.policy === undefined ? `connect-src 'self' ${FHIR}` : options.policy),
    post:
      options.post ??
      (async (url, body, token) => {
        seen.posts.push({ url, body, token })
        return {
          status: 200,
          body: JSON.stringify({
            resourceType: 'Bundle',
            type: 'transaction-response',
            entry: [{ response: { status: '201 Created' } }],
          }),
        }
      }),
    get: async (url, token) => {
      seen.gets.push({ url, token })
      const found = options.patients ?? []
      return {
        status: 200,
        body: JSON.stringify({
          resourceType: 'Bundle',
          type: 'searchset',
          total: found.length,
          entry: found.map((resource) => ({ resource, search: { mode: 'match' } })),
        }),
      }
    },
    reportPdf: async () => {
      if (options.reportFails === 'ours') throw new ReportPdfError('the photo of Anterior could not be drawn')
      if (options.reportFails === 'engine') throw new DOMException('The operation is insecure.', 'SecurityError')
      return { bytes: new Uint8Array(PDF), name: 'posture-PAC-0042-2026-03-10-report.pdf' }
    },
    now: () => new Date('2026-03-10T10:00:00Z'),
    newUuid: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  }
  let s: AppState = commands.commit(initialState(), markedDoc('anterior', 'data:image/png;base64,AAAA'))
  s = commands.setMeta(s, { patientId: 'PAC-0042', date: '2026-03-10' })
  const store = createStore<AppState>(s)
  return { actions: new FhirActions(store, effects), effects, seen, store }
}

describe('export', () => {
  test('a file without an identifier system says the identifier has none', async () => {
    const { actions, seen, store } = setup()
    await actions.exportBundle({ kind: 'screen' })
    assert.equal(seen.downloads.length, 1)
    assert.match(store.get().notice?.text ?? '', /identifier PAC-0042 has no system.*FHIR settings/)
  })

  test('downloads a collection Bundle as posture-<patient>-<date>-fhir.json and says so', async () => {
    const { actions, seen, store } = setup()
    await actions.exportBundle({ kind: 'screen' })
    assert.equal(seen.downloads.length, 1)
    const [d] = seen.downloads
    assert.equal(d?.name, 'posture-PAC-0042-2026-03-10-fhir.json')
    assert.equal(d?.type, 'application/fhir+json')
    const bundle = JSON.parse(d?.content ?? '') as { resourceType: string; type: string }
    assert.equal(bundle.resourceType, 'Bundle')
    assert.equal(bundle.type, 'collection')
    assert.match(store.get().notice?.text ?? '', /posture-PAC-0042-2026-03-10-fhir\.json/)
  })

  test('the visit on screen goes with its PDF report, a DocumentReference with the bytes', async () => {
    const { actions, seen } = setup()
    await actions.exportBundle({ kind: 'screen' })
    const bundle = JSON.parse(seen.downloads[0]?.content ?? '{}') as {
      entry: { resource: { resourceType: string; content?: { attachment: Record<string, unknown> }[] } }[]
    }
    const reports = bundle.entry.filter((e) => e.resource.content?.[0]?.attachment.contentType === 'application/pdf')
    assert.equal(reports.length, 1)
    const attachment = reports[0]?.resource.content?.[0]?.attachment
    assert.equal(attachment?.data, Buffer.from(PDF).toString('base64'))
    assert.equal(attachment?.size, PDF.length)
    assert.equal(attachment?.title, 'posture-PAC-0042-2026-03-10-report.pdf')
  })

  test('a report that cannot be made: the visit is exported without it, and the clinician is told', async () => {
    const { actions, seen, store } = setup({ reportFails: 'ours' })
    await actions.exportBundle({ kind: 'screen' })
    assert.equal(seen.downloads.length, 1)
    const content = seen.downloads[0]?.content ?? ''
    assert.doesNotMatch(content, /application\/pdf/)
    assert.match(store.get().notice?.text ?? '', /PDF report could not be made.*Anterior could not be drawn/)
    assert.equal(store.get().notice?.details, undefined)
  })

  test("a report an engine's error stops: our sentence, the engine's text only in the notice's details", async () => {
    // Before the fix: "The PDF report could not be made, so it is not included (The operation is insecure.)".
    const { actions, seen, store } = setup({ reportFails: 'engine' })
    await actions.exportBundle({ kind: 'screen' })
    assert.equal(seen.downloads.length, 1)
    const notice = store.get().notice
    assert.match(
      notice?.text ?? '',
      /PDF report could not be made, so it is not included \(something failed in this browser\)/,
    )
    assert.doesNotMatch(notice?.text ?? '', /insecure/)
    assert.equal(notice?.details, 'SecurityError: The operation is insecure.')
  })

  test('nothing marked: nothing downloaded, and the clinician is told what to do', async () => {
    const { actions, seen, store } = setup()
    store.set(() => initialState())
    await actions.exportBundle({ kind: 'screen' })
    assert.equal(seen.downloads.length, 0)
    assert.match(store.get().notice?.text ?? '', /place the markers/)
  })
})

describe('send', () => {
  test('without an accepted URL nothing is asked nor sent', async () => {
    for (const [url, words] of [
      ['', /base URL first/],
      ['http://fhir.example.org/fhir', /not an https address/],
      ['fhir', /not a web address/],
    ] as const) {
      const { actions, effects, seen } = setup()
      effects.settings.saveSettings({ baseUrl: url, identifierSystem: '', performerName: '' })
      const result = await actions.send({ kind: 'screen' })
      assert.equal(result.outcome, null)
      assert.match(result.text, words)
      assert.deepEqual([seen.questions.length, seen.posts.length], [0, 0])
    }
  })

  test('a patient identifier system that is not a URI: said, with what to type; nothing sent nor downloaded', async () => {
    const { actions, effects, seen } = setup()
    effects.settings.saveSettings({ baseUrl: `${FHIR}/fhir`, identifierSystem: 'historia clinica', performerName: '' })
    const result = await actions.send({ kind: 'screen' })
    assert.equal(result.outcome, null)
    assert.match(result.text, /"historia clinica" is not a URI/)
    await actions.exportBundle({ kind: 'screen' })
    assert.deepEqual([seen.posts.length, seen.downloads.length], [0, 0])
    effects.settings.saveSettings({
      baseUrl: `${FHIR}/fhir`,
      identifierSystem: 'urn:oid:2.16.724.4.1',
      performerName: '',
    })
    await actions.exportBundle({ kind: 'screen' })
    const bundle = JSON.parse(seen.downloads[0]?.content ?? '{}') as {
      entry: { resource: { resourceType: string; identifier?: { system?: string }[] } }[]
    }
    const patient = bundle.entry.find((e) => e.resource.resourceType === 'Patient')
    assert.equal(patient?.resource.identifier?.[0]?.system, 'urn:oid:2.16.724.4.1')
  })

  test("an origin the page's CSP does not allow: the administrator's setting named, nothing asked nor sent", async () => {
    const { actions, effects, seen } = setup({ policy: "default-src 'self';connect-src 'self'" })
    effects.settings.saveSettings({ baseUrl: `${FHIR}/fhir`, identifierSystem: '', performerName: '' })
    const result = await actions.send({ kind: 'screen' })
    assert.equal(result.outcome?.kind, 'csp')
    assert.match(result.text, /add https:\/\/fhir\.example\.org to FHIR_SERVER_ORIGINS/)
    assert.deepEqual([seen.questions.length, seen.posts.length], [0, 0])
  })

  test('asks before the first send to an origin, naming it; No sends nothing; Yes sends and is remembered', async () => {
    const no = setup({ answer: false })
    no.effects.settings.saveSettings({ baseUrl: `${FHIR}/fhir/`, identifierSystem: SYSTEM, performerName: '' })
    const refused = await no.actions.send({ kind: 'screen' })
    assert.equal(refused.outcome, null)
    assert.equal(no.seen.questions.length, 1)
    assert.match(no.seen.questions[0]?.title ?? '', /https:\/\/fhir\.example\.org/)
    assert.equal(no.seen.posts.length, 0)

    const { actions, effects, seen } = setup()
    effects.settings.saveSettings({ baseUrl: `${FHIR}/fhir/`, identifierSystem: SYSTEM, performerName: '' })
    effects.settings.saveToken(' secret-token ')
    const first = await actions.send({ kind: 'screen' })
    assert.equal(first.outcome?.kind, 'sent')
    assert.match(first.text, /Sent to https:\/\/fhir\.example\.org/)
    await actions.send({ kind: 'screen' })
    assert.equal(seen.questions.length, 1, 'asked once per origin')
    assert.equal(seen.posts.length, 2)
    const post = seen.posts[0]!
    assert.equal(post.url, `${FHIR}/fhir`)
    assert.equal(post.token, 'secret-token')
    assert.equal((JSON.parse(post.body) as { type: string }).type, 'transaction')
    assert.ok(!post.body.includes('secret-token'), 'the token is never in the bundle')
    // Each send searched the server for the Patient first, by the identifier with its system.
    assert.deepEqual(
      seen.gets.map((g) => [g.url, g.token]),
      Array(2).fill([`${FHIR}/fhir/Patient?identifier=${encodeURIComponent(SYSTEM)}|PAC-0042`, 'secret-token']),
    )
  })

  test('without an identifier system: refused, saying where to set it; nothing asked, searched nor sent', async () => {
    const { actions, effects, seen } = setup()
    effects.settings.saveSettings({ baseUrl: `${FHIR}/fhir`, identifierSystem: '', performerName: '' })
    const result = await actions.send({ kind: 'screen' })
    assert.equal(result.outcome, null)
    assert.match(result.text, /has no system.*FHIR settings/)
    assert.deepEqual([seen.questions.length, seen.gets.length, seen.posts.length], [0, 0, 0])
    // A file may go without one, and says so.
    await actions.exportBundle({ kind: 'screen' })
    assert.equal(seen.downloads.length, 1)
    assert.match(actions.effects.settings.settings().identifierSystem, /^$/)
  })

  test("the record's patient, typed otherwise on screen; a name differing on the server: asked, Yes updates, No keeps it", async () => {
    const recorded = newPatient('p1', 'PAC-0042', '2026-03-01T10:00:00Z', 'added', 'López García, María')
    const server = {
      resourceType: 'Patient',
      identifier: [{ system: SYSTEM, value: 'PAC-0042' }],
      name: [{ text: 'Maria Lopez' }],
    }
    for (const rename of [true, false]) {
      const { actions, effects, seen, store } = setup({
        patients: [server],
        answer: (q) => (q.id === 'fhir-patient-name' ? rename : true),
      })
      // Only what build reads of the record: its patients (the visit on screen is not filed in it).
      actions.record = {
        storage: { patients: async () => [recorded] } as unknown as RecordStorage,
        saved: async () => {},
      }
      store.set((s) => commands.setMeta(s, { patientId: ' pac-0042 ' }))
      effects.settings.saveSettings({ baseUrl: `${FHIR}/fhir`, identifierSystem: SYSTEM, performerName: '' })
      const result = await actions.send({ kind: 'screen' })
      assert.equal(result.outcome?.kind, 'sent')
      assert.match(seen.gets[0]?.url ?? '', /\|PAC-0042$/)
      const asked = seen.questions.find((q) => q.id === 'fhir-patient-name')
      assert.equal(asked?.text, 'The patient on the server is named Maria Lopez; update it to López García, María?')
      const bundle = JSON.parse(seen.posts[0]?.body ?? '{}') as {
        entry: { resource: { resourceType: string; identifier?: unknown[]; name?: unknown[] }; request: unknown }[]
      }
      const patient = bundle.entry.find((e) => e.resource.resourceType === 'Patient')
      assert.deepEqual(patient?.resource.identifier, [{ system: SYSTEM, value: 'PAC-0042' }])
      assert.deepEqual(patient?.resource.name, [
        { text: 'López García, María', family: 'López García', given: ['María'] },
      ])
      const query = `identifier=${encodeURIComponent(SYSTEM)}|PAC-0042`
      assert.deepEqual(
        patient?.request,
        rename ? { method: 'PUT', url: `Patient?${query}` } : { method: 'POST', url: 'Patient', ifNoneExist: query },
      )
    }
  })

  test('two Patients with the identifier on the server: reported with the identifier and the count; nothing sent', async () => {
    const patient = { resourceType: 'Patient', identifier: [{ system: SYSTEM, value: 'PAC-0042' }] }
    const { actions, effects, seen } = setup({ patients: [patient, patient] })
    effects.settings.saveSettings({ baseUrl: `${FHIR}/fhir`, identifierSystem: SYSTEM, performerName: '' })
    const result = await actions.send({ kind: 'screen' })
    assert.equal(result.outcome?.kind, 'ambiguous')
    assert.match(result.text, /2 patients with the identifier PAC-0042.*nothing was sent/)
    assert.equal(seen.posts.length, 0)
  })

  test('no answer: the server could not be reached or refuses this origin; a CSP refusal seen on the request says so', async () => {
    for (const csp of [false, true]) {
      const { actions, effects } = setup({
        post: async () => {
          throw new FhirUnreachable(csp)
        },
      })
      effects.settings.saveSettings({ baseUrl: `${FHIR}/fhir`, identifierSystem: SYSTEM, performerName: '' })
      const result = await actions.send({ kind: 'screen' })
      assert.equal(result.outcome?.kind, csp ? 'csp' : 'unreachable')
      if (!csp) assert.match(result.text, /could not be reached.*http:\/\/127\.0\.0\.1:8000/)
    }
  })
})
