/**
 * The FHIR R4 export (web/src/fhir/bundle.ts): every bundle it makes validates against
 * the base specification with validators that are not the code under test
 * (test/support/fhir-validate.ts) — one view, three views, a patient with several
 * visits, estimated popliteal points, a stature scale, provisional values, a report,
 * as a collection and as a transaction — and its references resolve inside the bundle;
 * each component's value and uncertainty equal the app's own to full precision, through
 * JSON; the validators refuse a broken bundle (so these tests can fail); the Patient is
 * the record's (identifier as given, name as family and given when typed "Family, Given",
 * a conditional update only when asked); and an export that cannot be made (a send
 * without an identifier system among them) says why.
 */
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { after, describe, test } from 'node:test'
import type { Bundle, DocumentReference, Observation, ObservationComponent, Quantity } from '@medplum/fhirtypes'
import { VIEWS } from '#core/markers.js'
import { metricTable } from '#core/metrics/index.js'
import { assessmentOf } from '../../../../web/src/compare/from-state.js'
import {
  type BundleKind,
  FhirExportError,
  type FhirExportInput,
  type FhirPhoto,
  type FhirVisit,
  fhirBundle,
  patientHumanName,
  placementMethod,
  sameName,
} from '../../../../web/src/fhir/bundle.js'
import {
  CODE_SYSTEM_URL,
  codeDefinitions,
  IDENTIFIER_SYSTEMS,
  metricCode,
  UNCERTAINTY_EXTENSION,
  UNCERTAINTY_TYPE_EXTENSION,
  viewCode,
} from '../../../../web/src/fhir/codes.js'
import { setLocale } from '../../../../web/src/i18n/index.js'
import {
  ASSESSMENT_FILE_FORMAT,
  ASSESSMENT_FILE_VERSION,
  type AssessmentFile,
  savedView,
} from '../../../../web/src/state/assessment-file.js'
import { type Doc, VIEW_NAMES, type View } from '../../../../web/src/state/model.js'
import { validateBundle } from '../../../support/fhir-validate.js'
import { markedDoc, png } from '../fixtures.js'

const SD = 2

function photoOf(salt: number): FhirPhoto {
  const bytes = Buffer.from(png(600, 1000, salt))
  return {
    contentType: 'image/png',
    base64: bytes.toString('base64'),
    sha1Base64: createHash('sha1').update(bytes).digest('base64'),
    size: bytes.length,
    width: 600,
    height: 1000,
  }
}

function fileOf(docs: Partial<Record<View, Doc>>, date: string): AssessmentFile {
  const views: AssessmentFile['views'] = {}
  for (const [view, doc] of Object.entries(docs) as [View, Doc][]) views[view] = savedView(view, doc, null)
  return {
    format: ASSESSMENT_FILE_FORMAT,
    version: ASSESSMENT_FILE_VERSION,
    saved_at: `${date}T10:00:00.000Z`,
    view: Object.keys(docs)[0] as View,
    patient_id: 'HC-0042',
    assessment_date: date,
    placement_error_px: SD,
    views,
  }
}

let visitCount = 0
function visitOf(docs: Partial<Record<View, Doc>>, date: string, extra: Partial<FhirVisit> = {}): FhirVisit {
  visitCount++
  const photos: Partial<Record<View, FhirPhoto>> = {}
  for (const view of Object.keys(docs) as View[]) photos[view] = photoOf(visitCount * 10 + VIEW_NAMES.indexOf(view))
  return {
    id: `visit-${visitCount}`,
    date,
    created: `${date || '2026-11-20'}T09:00:00.000Z`,
    file: fileOf(docs, date),
    photos,
    ...extra,
  }
}

function inputOf(
  visits: FhirVisit[],
  kind: BundleKind = 'collection',
  more: Partial<FhirExportInput> = {},
): FhirExportInput {
  let n = 0
  return {
    kind,
    patient: { identifier: 'HC-0042', name: 'María López' },
    visits,
    placementSd: SD,
    options: { identifierSystem: 'https://clinica.example/mrn', performerName: 'Ana Ruiz' },
    versions: { app: '1.0.0', poseModel: '@mediapipe/pose 0.5.1675469404 full' },
    now: '2026-11-27T08:00:00.000Z',
    newUuid: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
    ...more,
  }
}

const resources = <T>(bundle: Bundle, type: string): T[] =>
  (bundle.entry ?? []).flatMap((e) => (e.resource?.resourceType === type ? [e.resource as T] : []))

const viewObservations = (bundle: Bundle): Observation[] =>
  resources<Observation>(bundle, 'Observation').filter((o) => o.code.coding?.[0]?.system === CODE_SYSTEM_URL)

/** Checks the bundle is valid both ways (collection, transaction) and returns the collection, through JSON. */
function valid(visits: FhirVisit[]): Bundle {
  let collection: Bundle | undefined
  for (const kind of ['collection', 'transaction'] as const) {
    const bundle = JSON.parse(JSON.stringify(fhirBundle(inputOf(visits, kind)))) as Bundle
    assert.deepEqual(validateBundle(bundle), [], `${kind} bundle`)
    if (kind === 'collection') collection = bundle
  }
  return collection!
}

/** Each component equals the app's value and u for that visit and view, exactly. */
function assertValuesEqualApp(
  bundle: Bundle,
  visits: readonly FhirVisit[],
  docs: readonly Partial<Record<View, Doc>>[],
) {
  const observations = viewObservations(bundle)
  let checked = 0
  visits.forEach((visit, i) => {
    for (const [view, doc] of Object.entries(docs[i]!) as [View, Doc][]) {
      const expected = assessmentOf(view, doc, SD, { patientId: '', date: '', notes: '' })
      const observation = observations.find((o) => o.identifier?.[0]?.value === `${visit.id}/${view}`)
      assert.ok(observation, `observation of ${visit.id}/${view}`)
      const names = Object.keys(expected.values)
      assert.equal(observation.component?.length, names.length, `${view}: a component per metric computed`)
      for (const name of names) {
        const component: ObservationComponent | undefined = observation.component?.find(
          (c) => c.code.coding?.[0]?.code === metricCode(view, name),
        )
        assert.ok(component, `${view}.${name}`)
        const quantity: Quantity = component.valueQuantity!
        assert.ok(
          Object.is(quantity.value, expected.values[name]),
          `${view}.${name}: ${quantity.value} = ${expected.values[name]}`,
        )
        const u = quantity.extension?.find((x) => x.url === UNCERTAINTY_EXTENSION)?.valueDecimal
        assert.ok(Object.is(u, expected.u[name]), `${view}.${name} u: ${u} = ${expected.u[name]}`)
        assert.equal(quantity.extension?.find((x) => x.url === UNCERTAINTY_TYPE_EXTENSION)?.valueCode, 'N')
        const unit = metricTable(view, doc.estimatePopliteal).find((m) => m.name === name)!.unit
        assert.equal(quantity.code, unit === 'cm' ? 'cm' : 'deg')
        assert.equal(quantity.system, 'http://unitsofmeasure.org')
        checked++
      }
    }
  })
  assert.ok(checked > 0)
}

describe('FHIR export: valid R4 and the app values', () => {
  after(() => setLocale('en'))

  test('one view', () => {
    const docs = [{ anterior: markedDoc('anterior') }]
    const visits = docs.map((d) => visitOf(d, '2026-11-20'))
    const bundle = valid(visits)
    assertValuesEqualApp(bundle, visits, docs)
    const [observation] = viewObservations(bundle)
    assert.equal(observation?.status, 'final')
    assert.equal(observation?.code.coding?.[0]?.code, viewCode('anterior'))
    assert.equal(observation?.category?.[0]?.coding?.[0]?.code, 'exam')
    assert.equal(observation?.effectiveDateTime, '2026-11-20')
    assert.deepEqual(observation?.performer, [{ display: 'Ana Ruiz' }])
    assert.match(observation?.method?.text ?? '', /Photogrammetry/)
    // The photo is a DocumentReference with the bytes, their hash and size, and the observation is derived from it.
    const [photo] = resources<DocumentReference>(bundle, 'DocumentReference')
    const attachment = photo?.content[0]?.attachment
    assert.equal(attachment?.data, visits[0]!.photos.anterior!.base64)
    assert.equal(attachment?.hash, visits[0]!.photos.anterior!.sha1Base64)
    assert.equal(photo?.type?.coding?.[0]?.code, '72170-4')
    const photoEntry = bundle.entry?.find((e) => e.resource === photo)
    assert.deepEqual(
      observation?.derivedFrom?.map((r) => r.reference),
      [photoEntry?.fullUrl],
    )
    // The patient as typed, with the clinic's identifier system and the name; the device with both versions.
    const [patient] = resources<{ identifier: unknown; name: unknown }>(bundle, 'Patient')
    assert.deepEqual(patient?.identifier, [{ system: 'https://clinica.example/mrn', value: 'HC-0042' }])
    assert.deepEqual(patient?.name, [{ text: 'María López' }])
    const [device] = resources<{ version: { value: string }[] }>(bundle, 'Device')
    assert.deepEqual(
      device?.version.map((v) => v.value),
      ['1.0.0', '@mediapipe/pose 0.5.1675469404 full'],
    )
  })

  test('three views', () => {
    const docs = [{ anterior: markedDoc('anterior'), posterior: markedDoc('posterior'), lateral: markedDoc('lateral') }]
    const visits = docs.map((d) => visitOf(d, '2026-11-21'))
    const bundle = valid(visits)
    assertValuesEqualApp(bundle, visits, docs)
    assert.equal(viewObservations(bundle).length, 3)
    assert.match(
      viewObservations(bundle).find((o) => o.code.coding?.[0]?.code === 'lateral-view')?.method?.text ?? '',
      /Side facing the camera/,
    )
  })

  test('a patient with several visits, two of them on one day', () => {
    const docs = [
      { anterior: markedDoc('anterior') },
      { anterior: { ...markedDoc('anterior'), gridCm: 101 }, lateral: markedDoc('lateral') },
      { lateral: { ...markedDoc('lateral'), side: 'left' as const } },
    ]
    const dates = ['2026-09-01', '2026-11-20', '2026-11-20']
    const visits = docs.map((d, i) => visitOf(d, dates[i]!))
    const bundle = valid(visits)
    assertValuesEqualApp(bundle, visits, docs)
    assert.equal(resources(bundle, 'Patient').length, 1, 'one patient for all visits')
    assert.equal(resources(bundle, 'Device').length, 1)
    assert.equal(viewObservations(bundle).length, 4)
  })

  test('estimated popliteal points: the rearfoot angles from the vertical, said in the method', () => {
    const doc = { ...markedDoc('posterior'), estimatePopliteal: true }
    const docs = [{ posterior: doc }]
    const visits = docs.map((d) => visitOf(d, '2026-11-22'))
    const bundle = valid(visits)
    assertValuesEqualApp(bundle, visits, docs)
    assert.match(viewObservations(bundle)[0]?.method?.text ?? '', /Popliteal points estimated/)
  })

  test('a stature scale is a LOINC body height the observation is derived from', () => {
    const doc: Doc = { ...markedDoc('lateral'), scaleBy: 'stature', gridCm: 172 }
    const visits = [visitOf({ lateral: doc }, '2026-11-23')]
    const bundle = valid(visits)
    assertValuesEqualApp(bundle, visits, [{ lateral: doc }])
    const height = resources<Observation>(bundle, 'Observation').find((o) => o.code.coding?.[0]?.code === '8302-2')
    assert.equal(height?.valueQuantity?.value, 172)
    assert.equal(height?.valueQuantity?.code, 'cm')
    const heightUrl = bundle.entry?.find((e) => e.resource === height)?.fullUrl
    assert.ok(viewObservations(bundle)[0]?.derivedFrom?.some((r) => r.reference === heightUrl))
  })

  test('values from unconfirmed suggestions: preliminary, named in a note, method "unconfirmed"', () => {
    const doc: Doc = { ...markedDoc('anterior'), markerStatus: { tragus_der: 'suggested' } }
    const visits = [visitOf({ anterior: doc }, '2026-11-24')]
    const bundle = valid(visits)
    assertValuesEqualApp(bundle, visits, [{ anterior: doc }])
    const [observation] = viewObservations(bundle)
    assert.equal(observation?.status, 'preliminary')
    assert.ok(observation?.note?.some((n) => /Provisional: .*Right tragus/.test(n.text)))
    assert.equal(observation?.method?.coding?.[0]?.code, 'markers-unconfirmed')
  })

  test('the report is a DocumentReference related to the visit observations', () => {
    const pdf = Buffer.from('%PDF-1.7\n%stand-in bytes of a report\n%%EOF\n')
    const report = {
      contentType: 'application/pdf',
      base64: pdf.toString('base64'),
      sha1Base64: createHash('sha1').update(pdf).digest('base64'),
      size: pdf.length,
      title: 'posture-HC-0042-2026-11-25-report.pdf',
    }
    const docs = [{ anterior: markedDoc('anterior'), lateral: markedDoc('lateral') }]
    const visits = [visitOf(docs[0]!, '2026-11-25', { report })]
    const bundle = valid(visits)
    const reportDoc = resources<DocumentReference>(bundle, 'DocumentReference').find(
      (d) => d.type?.coding?.[0]?.code === '29545-1',
    )
    assert.equal(reportDoc?.content[0]?.attachment.contentType, 'application/pdf')
    assert.equal(reportDoc?.content[0]?.attachment.data, report.base64)
    // Described for people (what it is and the visit's date); the file name is the attachment's title.
    assert.equal(reportDoc?.description, 'Posture report, Nov 25, 2026')
    assert.equal(reportDoc?.content[0]?.attachment.title, report.title)
    setLocale('es')
    try {
      const spanish = resources<DocumentReference>(valid(visits), 'DocumentReference').find(
        (d) => d.type?.coding?.[0]?.code === '29545-1',
      )
      assert.equal(spanish?.description, 'Informe de postura, 25 nov 2026')
    } finally {
      setLocale('en')
    }
    const observationUrls = viewObservations(bundle).map((o) => bundle.entry?.find((e) => e.resource === o)?.fullUrl)
    assert.deepEqual(
      reportDoc?.context?.related?.map((r) => r.reference),
      observationUrls,
    )
  })

  test('in Spanish, the texts are Spanish and the numbers do not change', () => {
    setLocale('es')
    const docs = [{ anterior: markedDoc('anterior') }]
    const visits = docs.map((d) => visitOf(d, '2026-11-20'))
    const bundle = valid(visits)
    assertValuesEqualApp(bundle, visits, docs)
    const [observation] = viewObservations(bundle)
    assert.match(observation?.method?.text ?? '', /Fotogrametría/)
    assert.match(observation?.note?.[0]?.text ?? '', /2 px/)
    setLocale('en')
  })
})

describe('FHIR export: a transaction a server ingests without duplicates', () => {
  test('the patient and device are created only when new; each visit resource is an update on its identifier', () => {
    const bundle = fhirBundle(inputOf([visitOf({ anterior: markedDoc('anterior') }, '2026-11-20')], 'transaction'))
    const byType = (type: string) => bundle.entry?.find((e) => e.resource?.resourceType === type)
    assert.deepEqual(byType('Patient')?.request, {
      method: 'POST',
      url: 'Patient',
      ifNoneExist: `identifier=${encodeURIComponent('https://clinica.example/mrn')}|HC-0042`,
    })
    assert.equal(byType('Device')?.request?.method, 'POST')
    const observation = bundle.entry?.find((e) => e.resource?.resourceType === 'Observation')
    assert.equal(observation?.request?.method, 'PUT')
    assert.equal(
      observation?.request?.url,
      `Observation?identifier=${encodeURIComponent(IDENTIFIER_SYSTEMS.observation)}|${encodeURIComponent(`visit-${visitCount}/anterior`)}`,
    )
    // A collection carries no requests.
    const collection = fhirBundle(inputOf([visitOf({ anterior: markedDoc('anterior') }, '2026-11-20')]))
    assert.ok(collection.entry?.every((e) => e.request === undefined))
  })

  test('the same visit exported twice names its resources the same way', () => {
    const visit = visitOf({ anterior: markedDoc('anterior'), lateral: markedDoc('lateral') }, '2026-11-20')
    const urls = () => fhirBundle(inputOf([visit], 'transaction')).entry?.map((e) => e.request?.url)
    assert.deepEqual(urls(), urls())
  })
})

describe("FHIR export: the record's patient", () => {
  const patientOf = (bundle: Bundle) =>
    resources<{ identifier: { system?: string; value: string }[]; name?: unknown[] }>(bundle, 'Patient')[0]
  const visit = () => visitOf({ anterior: markedDoc('anterior') }, '2026-11-20')

  test("the identifier exactly as given (the record's), in the Patient, its request and every subject", () => {
    const bundle = fhirBundle(
      inputOf([visit()], 'transaction', { patient: { identifier: 'HC-2025/0731', name: 'López García, María' } }),
    )
    assert.deepEqual(patientOf(bundle)?.identifier, [{ system: 'https://clinica.example/mrn', value: 'HC-2025/0731' }])
    const request = bundle.entry?.find((e) => e.resource?.resourceType === 'Patient')?.request
    assert.equal(request?.ifNoneExist, `identifier=${encodeURIComponent('https://clinica.example/mrn')}|HC-2025%2F0731`)
    assert.deepEqual(validateBundle(bundle), [])
  })

  test('a name typed "Family, Given" goes as family and given; without a comma as text only', () => {
    const typed = fhirBundle(
      inputOf([visit()], 'collection', { patient: { identifier: 'HC-1', name: ' López  García,  María José ' } }),
    )
    assert.deepEqual(patientOf(typed)?.name, [
      { text: 'López García, María José', family: 'López García', given: ['María', 'José'] },
    ])
    assert.deepEqual(validateBundle(typed), [])
    const plain = fhirBundle(inputOf([visit()], 'collection', { patient: { identifier: 'HC-1', name: 'María López' } }))
    assert.deepEqual(patientOf(plain)?.name, [{ text: 'María López' }])
    const none = fhirBundle(inputOf([visit()], 'collection', { patient: { identifier: 'HC-1', name: '' } }))
    assert.equal(patientOf(none)?.name, undefined)
    assert.deepEqual(patientHumanName('López, María, José'), { text: 'López, María, José' }, 'two commas: not guessed')
    assert.deepEqual(patientHumanName(', María'), { text: ', María' })
  })

  test('names compare by text or by family and given, whitespace aside', () => {
    assert.ok(sameName({ text: 'López  García, María' }, 'López García, María'))
    assert.ok(sameName({ family: 'López García', given: ['María'] }, 'López García, María'))
    assert.ok(sameName({ given: ['María'], family: 'López' }, 'María López'))
    assert.ok(!sameName({ text: 'Maria Lopez' }, 'López, María'))
    assert.ok(!sameName({ family: 'Lopez', given: ['María'] }, 'López, María'))
    assert.ok(!sameName(undefined, 'López, María'))
    assert.ok(sameName({ text: 'Anyone' }, ''), 'a record without a name renames nothing')
  })

  test('a confirmed correction: the Patient is a conditional update on its identifier', () => {
    const bundle = fhirBundle(
      inputOf([visit()], 'transaction', { patient: { identifier: 'HC-1', name: 'López, María' }, updatePatient: true }),
    )
    assert.deepEqual(bundle.entry?.find((e) => e.resource?.resourceType === 'Patient')?.request, {
      method: 'PUT',
      url: `Patient?identifier=${encodeURIComponent('https://clinica.example/mrn')}|HC-1`,
    })
    assert.deepEqual(validateBundle(bundle), [])
  })
})

describe('FHIR export: the validators refuse a broken bundle', () => {
  const good = () =>
    JSON.parse(
      JSON.stringify(fhirBundle(inputOf([visitOf({ anterior: markedDoc('anterior') }, '2026-11-20')]))),
    ) as Bundle
  const observationOf = (b: Bundle) => viewObservations(b)[0] as unknown as Record<string, unknown>

  test('a status outside its required value set', () => {
    const b = good()
    observationOf(b).status = 'finished'
    assert.ok(validateBundle(b).some((p) => /status/.test(p)))
  })
  test('an uncertainty of the wrong type and an uncertainty type outside its value set', () => {
    const b = good()
    const quantity = viewObservations(b)[0]!.component![0]!.valueQuantity!
    quantity.extension = [
      { url: UNCERTAINTY_EXTENSION, valueString: '0.5' },
      { url: UNCERTAINTY_TYPE_EXTENSION, valueCode: 'Q' },
    ]
    const problems = validateBundle(b)
    assert.ok(
      problems.some((p) => /type decimal/.test(p)),
      problems.join('\n'),
    )
    assert.ok(
      problems.some((p) => /"Q" is not a code/.test(p)),
      problems.join('\n'),
    )
  })
  test('a reference to nothing in the bundle', () => {
    const b = good()
    observationOf(b).subject = { reference: 'urn:uuid:11111111-1111-4111-8111-111111111111' }
    assert.ok(validateBundle(b).some((p) => /resolves to no entry/.test(p)))
  })
  test('a request in a collection, an unknown element, a bad date', () => {
    const b = good()
    b.entry![0]!.request = { method: 'POST', url: 'Patient' }
    observationOf(b).colour = 'red'
    observationOf(b).effectiveDateTime = '2026-13-45'
    const problems = validateBundle(b)
    assert.ok(
      problems.some((p) => /bdl-3|request/.test(p)),
      problems.join('\n'),
    )
    assert.ok(
      problems.some((p) => /colour/.test(p)),
      problems.join('\n'),
    )
    assert.ok(
      problems.some((p) => /dateTime/.test(p)),
      problems.join('\n'),
    )
  })
})

describe('FHIR export: what cannot be exported says why', () => {
  const kindOf = (fn: () => unknown) => {
    try {
      fn()
    } catch (error) {
      assert.ok(error instanceof FhirExportError)
      assert.ok(error.message.length > 20)
      return error.type
    }
    return 'exported'
  }
  test('no patient identifier', () => {
    const input = inputOf([visitOf({ anterior: markedDoc('anterior') }, '2026-11-20')], 'collection', {
      patient: { identifier: '  ', name: '' },
    })
    assert.equal(
      kindOf(() => fhirBundle(input)),
      'fhir_no_patient',
    )
  })
  test('a transaction without an identifier system is refused, saying where to set it; a file is not', () => {
    const visits = [visitOf({ anterior: markedDoc('anterior') }, '2026-11-20')]
    const options = { performerName: 'Ana Ruiz' }
    assert.equal(
      kindOf(() => fhirBundle(inputOf(visits, 'transaction', { options }))),
      'fhir_no_identifier_system',
    )
    assert.throws(() => fhirBundle(inputOf(visits, 'transaction', { options })), /FHIR settings/)
    const file = fhirBundle(inputOf(visits, 'collection', { options }))
    assert.deepEqual(resources<{ identifier: unknown[] }>(file, 'Patient')[0]?.identifier, [{ value: 'HC-0042' }])
  })
  test('an undated visit, named by the time it was started', () => {
    assert.equal(
      kindOf(() => fhirBundle(inputOf([visitOf({ anterior: markedDoc('anterior') }, '')]))),
      'fhir_undated_visit',
    )
    assert.throws(
      () => fhirBundle(inputOf([visitOf({ anterior: markedDoc('anterior') }, '')])),
      /The visit started .*2026.* has no date/,
    )
  })
  test('nothing measured', () => {
    const bare: Doc = { ...markedDoc('anterior'), markers: {} }
    assert.equal(
      kindOf(() => fhirBundle(inputOf([visitOf({ anterior: bare }, '2026-11-20')]))),
      'fhir_no_values',
    )
  })
})

describe('FHIR codes', () => {
  test('one code per view and per metric of every table, each unique, with a display and a definition', () => {
    const codes = codeDefinitions()
    assert.equal(new Set(codes.map((c) => c.code)).size, codes.length)
    for (const view of Object.keys(VIEWS) as View[]) {
      assert.ok(codes.some((c) => c.code === viewCode(view)))
      for (const m of [...metricTable(view, false), ...metricTable(view, true)])
        assert.ok(codes.some((c) => c.code === metricCode(view, m.name) && c.display && c.definition))
    }
    for (const c of codes) assert.match(c.code, /^[^\s]+$/)
  })

  test('the placement method follows the counts', () => {
    assert.equal(placementMethod({ hand: 3, suggestionConfirmed: 0, suggestionUnconfirmed: 0, unknown: 0 }), 'by-hand')
    assert.equal(
      placementMethod({ hand: 0, suggestionConfirmed: 3, suggestionUnconfirmed: 0, unknown: 0 }),
      'suggested-confirmed',
    )
    assert.equal(placementMethod({ hand: 1, suggestionConfirmed: 3, suggestionUnconfirmed: 0, unknown: 0 }), 'mixed')
    assert.equal(
      placementMethod({ hand: 1, suggestionConfirmed: 3, suggestionUnconfirmed: 0, unknown: 1 }),
      'not-recorded',
    )
    assert.equal(
      placementMethod({ hand: 1, suggestionConfirmed: 3, suggestionUnconfirmed: 1, unknown: 1 }),
      'unconfirmed',
    )
    // A view loaded from a file that did not record the origin says so.
    const visits = [visitOf({ anterior: markedDoc('anterior') }, '2026-11-20')]
    assert.equal(viewObservations(fhirBundle(inputOf(visits)))[0]?.method?.coding?.[0]?.code, 'markers-not-recorded')
    // Placed by hand, and a suggestion confirmed where it stood.
    const hand = Object.fromEntries(Object.keys(markedDoc('anterior').markers).map((m) => [m, 'hand' as const]))
    const mixed: Doc = { ...markedDoc('anterior'), markerOrigin: { ...hand, tragus_der: 'suggestion' } }
    const observation = viewObservations(fhirBundle(inputOf([visitOf({ anterior: mixed }, '2026-11-20')])))[0]
    assert.equal(observation?.method?.coding?.[0]?.code, 'markers-mixed')
    assert.match(observation?.method?.text ?? '', /16 placed by hand; 1 suggested by the pose model and confirmed/)
  })
})
