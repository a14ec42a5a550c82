/**
 * What an import does (web/src/record/import-plan.ts) and how it is worded
 * (import-text.ts), issue 26 point 5: a patient of the file matched by identifier key
 * is named and its differing name asked about, never merged silently; a changed date
 * is a change, not "nothing new"; newer here / newer in the file / same; "keep both"
 * gives two visits; a patient not imported brings none of its visits; exporting the
 * record and importing it back plans nothing to write.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { setLocale } from '../../../../web/src/i18n/index.js'
import { type Backup, backupFileOf, parseBackup } from '../../../../web/src/record/backup.js'
import {
  applyImport,
  type ImportDecisions,
  type ImportWrite,
  importCounts,
  type PatientChoice,
  planChangesNothing,
  planImport,
  proposedDecisions,
  type RecordContent,
  undecided,
  type VisitChoice,
} from '../../../../web/src/record/import-plan.js'
import {
  differenceTexts,
  patientStatusText,
  summaryLines,
  visitStatusText,
  willText,
} from '../../../../web/src/record/import-text.js'
import { newPatient, type PatientRecord, type VisitRecord } from '../../../../web/src/record/model.js'
import { assessmentFileOf } from '../../../../web/src/state/assessment-file.js'
import * as commands from '../../../../web/src/state/commands.js'
import { initialState } from '../../../../web/src/state/state.js'
import { markedDoc, PNG_BASE64 } from '../fixtures.js'

const CREATED = '2026-03-10T09:00:00.000Z'
const UPDATED = '2026-03-10T09:30:00.000Z'
const LATER = '2026-04-02T12:00:00.000Z'
const EARLIER = '2026-03-01T08:00:00.000Z'

function counter(prefix: string): () => string {
  let n = 0
  return () => `${prefix}${++n}`
}

/** A marked visit of `patient` (its assessment file as the app writes it). */
function visitOf(
  id: string,
  patient: PatientRecord,
  date: string,
  photoKey: string | null = `photo-${id}`,
): VisitRecord {
  const state = commands.setMeta(commands.commit(initialState(), markedDoc('anterior')), {
    patientId: patient.identifier,
    date,
  })
  return {
    id,
    patientId: patient.id,
    date,
    created: CREATED,
    rev: 1,
    updated: UPDATED,
    file: assessmentFileOf(state, new Date(UPDATED))!,
    photos: photoKey ? { anterior: { key: photoKey, type: 'image/png', width: 600, height: 1000 } } : {},
  }
}

/** María López, HC-0042, with two visits; PAC-7 with one. */
function clinic(): RecordContent & { maria: PatientRecord; other: PatientRecord } {
  const maria = newPatient('maria', 'HC-0042', CREATED, 'added', 'María López')
  const other = newPatient('pac7', 'PAC-7', CREATED, 'added', 'Juan Pérez')
  return {
    maria,
    other,
    patients: [maria, other],
    visits: [
      visitOf('v1', maria, '2026-03-10'),
      visitOf('v2', maria, '2026-04-14'),
      visitOf('v3', other, '2026-02-01'),
    ],
  }
}

/** The record exported as the app does it (photo bytes included) and read back. */
function exported(patients: readonly PatientRecord[], visits: readonly VisitRecord[]): Backup {
  const keys = visits.flatMap((v) => Object.values(v.photos).map((p) => p.key))
  const file = backupFileOf('record', patients, visits, new Map(keys.map((k) => [k, PNG_BASE64])), LATER)
  return parseBackup(JSON.stringify(file), LATER, counter('parsed'))
}

/** What the record holds after the write (the storage puts by id). */
function written(record: RecordContent, write: ImportWrite): RecordContent {
  const patients = new Map(record.patients.map((p) => [p.id, p]))
  const visits = new Map(record.visits.map((v) => [v.id, v]))
  for (const p of write.patients) patients.set(p.id, p)
  for (const v of write.visits) visits.set(v.id, v)
  return { patients: [...patients.values()], visits: [...visits.values()] }
}

function decide(
  base: ImportDecisions,
  patients: Record<string, PatientChoice> = {},
  visits: Record<string, VisitChoice> = {},
): ImportDecisions {
  return {
    patients: new Map([...base.patients, ...Object.entries(patients)]),
    visits: new Map([...base.visits, ...Object.entries(visits)]),
  }
}

describe('import plan', () => {
  test('"hc-0042 " named "Otra María": the same patient as María López, named; both names shown; asked, never merged by default', () => {
    const record = clinic()
    const stranger = { ...newPatient('theirs', 'hc-0042 ', CREATED, 'added', 'Otra María'), identifier: 'hc-0042 ' }
    const plan = planImport(record, exported([stranger], [visitOf('w1', stranger, '2026-05-01')]))
    assert.equal(plan.patients.length, 1)
    const p = plan.patients[0]!
    assert.equal(p.status, 'same')
    assert.equal(p.here?.id, 'maria', 'the existing patient is named')
    assert.deepEqual(p.differences, {
      identifier: { here: 'HC-0042', file: 'hc-0042' },
      name: { here: 'María López', file: 'Otra María' },
    })
    assert.deepEqual(p.choices, ['keep-here', 'take-file', 'skip'])
    assert.equal(p.proposed, null, 'a differing name is never decided for the clinician')
    assert.equal(p.visits[0]!.status, 'new')
    assert.equal(planChangesNothing(plan), false)

    const proposed = proposedDecisions(plan)
    assert.deepEqual(
      undecided(plan, proposed).map((x) => x.file.id),
      ['theirs'],
    )
    assert.throws(() => applyImport(plan, proposed, counter('n')), /no choice for patient/)

    // Kept as María López: the visit goes to her, her name and identifier stay.
    const kept = applyImport(plan, decide(proposed, { theirs: 'keep-here' }), counter('n'))
    assert.deepEqual(kept.patients, [])
    assert.deepEqual(
      kept.visits.map((v) => [v.id, v.patientId]),
      [['w1', 'maria']],
    )
    // The file's details: the same patient (same id), its name and identifier as the file has them.
    const taken = applyImport(plan, decide(proposed, { theirs: 'take-file' }), counter('n'))
    assert.deepEqual(
      taken.patients.map((x) => [x.id, x.identifier, x.name, x.created]),
      [['maria', 'hc-0042', 'Otra María', CREATED]],
    )

    // In the clinician's words, both languages: the existing patient and both names.
    assert.match(patientStatusText(p), /same patient as "HC-0042" \(María López\).*visits go to "HC-0042"/)
    assert.deepEqual(
      differenceTexts(p.differences).map((d) => d.text),
      [
        'Identifier as typed: here "HC-0042", in the file "hc-0042".',
        'Name: here "María López", in the file "Otra María". A different name may mean another person.',
      ],
    )
    assert.equal(summaryLines(plan)[0], '1 patient already in the record: hc-0042.')
    setLocale('es')
    try {
      assert.match(patientStatusText(p), /^Es el mismo paciente que «HC-0042» \(María López\) de este registro/)
      assert.equal(
        differenceTexts(p.differences)[1]!.text,
        'Nombre: aquí «María López», en el archivo «Otra María». Un nombre distinto puede indicar otra persona.',
      )
      assert.equal(
        willText(importCounts(plan, decide(proposed, { theirs: 'keep-here' }))),
        'La importación escribirá: 1 visita nueva.',
      )
    } finally {
      setLocale('en')
    }
  })

  test('a name or notes the file leaves empty is no difference; notes that differ are kept here unless chosen', () => {
    const record = clinic()
    const noName = newPatient('x', 'HC-0042', CREATED, 'added')
    assert.equal(planChangesNothing(planImport(record, exported([noName], []))), true)
    const noted = newPatient('x', 'HC-0042', CREATED, 'added', '', 'left knee')
    const plan = planImport(record, exported([noted], []))
    assert.deepEqual(plan.patients[0]!.differences, { notes: { here: '', file: 'left knee' } })
    assert.deepEqual(plan.patients[0]!.choices, ['keep-here', 'take-file'])
    assert.equal(plan.patients[0]!.proposed, 'keep-here', 'visible default: keep what is here')
    assert.deepEqual(applyImport(plan, proposedDecisions(plan), counter('n')).patients, [])
  })

  test('an edited date with the same update time: "differs" (a changed date is a change), keep both proposed', () => {
    const record = clinic()
    const v1 = record.visits[0]!
    const plan = planImport(record, exported([record.maria], [{ ...v1, date: '2026-03-11' }]))
    const v = plan.patients[0]!.visits[0]!
    assert.equal(v.status, 'differs')
    assert.deepEqual(v.changes, ['date'])
    assert.equal(v.proposed, 'keep-both')
    assert.equal(planChangesNothing(plan), false, 'not "nothing new"')
    assert.match(visitStatusText(v), /same time.*the date \(here March 10, 2026, in the file March 11, 2026\)/)

    // The date inside the assessment edited alone is a change of date too.
    const inside = { ...v1, file: { ...v1.file, assessment_date: '2026-03-12' } }
    assert.deepEqual(planImport(record, exported([record.maria], [inside])).patients[0]!.visits[0]!.changes, ['date'])
  })

  test('newer here and newer in the file, by update time; markers and photos are changes', () => {
    const record = clinic()
    const v1 = record.visits[0]!
    const markers = structuredClone(v1.file)
    const view = markers.views.anterior!
    const [name, point] = Object.entries(view.markers)[0]!
    view.markers = { ...view.markers, [name]: [point[0] + 5, point[1]] }
    const plan = planImport(
      record,
      exported(
        [record.maria],
        [
          { ...v1, file: markers, updated: LATER },
          { ...record.visits[1]!, photos: {}, updated: EARLIER },
        ],
      ),
    )
    const [v2, first] = plan.patients[0]!.visits
    assert.equal(first!.status, 'newer-in-file')
    assert.deepEqual(first!.changes, ['assessment'])
    assert.equal(first!.proposed, 'take-file')
    assert.equal(v2!.status, 'newer-here')
    assert.deepEqual(v2!.changes, ['photos'])
    assert.equal(v2!.proposed, 'keep-here')
    assert.deepEqual(first!.choices, ['keep-here', 'take-file', 'keep-both'])

    const write = applyImport(plan, proposedDecisions(plan), counter('n'))
    assert.deepEqual(
      write.visits.map((v) => [v.id, v.updated, v.created]),
      [['v1', LATER, CREATED]],
      "the file's copy replaces v1 with the file's times; v2 is left",
    )
    assert.equal(write.replaces.get('v1'), v1, 'the visit replaced, for a versioned write')
    assert.deepEqual(write.photos, [], 'its photo is already in the record')
    assert.deepEqual(write.counts, {
      patientsNew: 0,
      patientsUpdated: 0,
      visitsNew: 0,
      visitsReplaced: 1,
      visitsCopied: 0,
      visitsLeft: 1,
      visitsNotImported: 0,
    })
  })

  test('identical content is "same" whatever the save time, key order or update time', () => {
    const record = clinic()
    const v1 = record.visits[0]!
    const { views, ...rest } = v1.file
    const reordered = { views, ...rest, saved_at: LATER } as VisitRecord['file']
    const plan = planImport(record, exported([record.maria], [{ ...v1, file: reordered, updated: LATER }]))
    assert.equal(plan.patients[0]!.visits[0]!.status, 'same')
    assert.equal(planChangesNothing(plan), true)
  })

  test('"keep both": the file\'s copy stored as another visit of the same patient, with a new id and its update time', () => {
    const record = clinic()
    const v1 = record.visits[0]!
    const plan = planImport(record, exported([record.maria], [{ ...v1, date: '2026-03-11', updated: LATER }]))
    const write = applyImport(plan, decide(proposedDecisions(plan), {}, { v1: 'keep-both' }), counter('copy'))
    assert.deepEqual(
      write.visits.map((v) => [v.id, v.patientId, v.date, v.updated]),
      [['copy1', 'maria', '2026-03-11', LATER]],
    )
    assert.equal(write.replaces.size, 0)
    const after = written(record, write).visits.filter((v) => v.patientId === 'maria')
    assert.deepEqual(after.map((v) => [v.id, v.date]).sort(), [
      ['copy1', '2026-03-11'],
      ['v1', '2026-03-10'],
      ['v2', '2026-04-14'],
    ])
    assert.match(willText(write.counts), /^The import will write: 1 copy from the file kept as another visit\./)
  })

  test('a patient not imported brings none of its visits or photos', () => {
    const record = clinic()
    const stranger = newPatient('theirs', 'HC-0042', CREATED, 'added', 'Otra María')
    const backup = exported(
      [stranger, newPatient('p9', 'PAC-9', CREATED, 'added')],
      [visitOf('w1', stranger, '2026-05-01'), { ...record.visits[0]!, patientId: 'theirs', date: '2026-03-12' }],
    )
    const plan = planImport(record, backup)
    const write = applyImport(plan, decide(proposedDecisions(plan), { theirs: 'skip' }), counter('n'))
    assert.deepEqual(
      write.patients.map((p) => p.identifier),
      ['PAC-9'],
    )
    assert.deepEqual(write.visits, [])
    assert.deepEqual(write.photos, [])
    assert.equal(write.counts.visitsNotImported, 2)
    assert.equal(
      willText(write.counts),
      'The import will write: 1 new patient. Not written: 2 visits of patients not imported.',
    )
  })

  test('export then import of the same record: every patient and visit "same", nothing written', () => {
    const record = clinic()
    const plan = planImport(record, exported(record.patients, record.visits))
    assert.deepEqual(
      plan.patients.map((p) => [p.status, p.choices.length, p.visits.map((v) => v.status)]),
      [
        ['same', 0, ['same', 'same']],
        ['same', 0, ['same']],
      ],
    )
    assert.equal(planChangesNothing(plan), true)
    const write = applyImport(plan, proposedDecisions(plan), counter('n'))
    assert.deepEqual([write.patients, write.visits, write.photos], [[], [], []])
  })

  test('into an empty record: everything new, photos once each', () => {
    const record = clinic()
    const backup = exported(record.patients, [...record.visits, { ...record.visits[1]!, id: 'v4' }])
    const plan = planImport({ patients: [], visits: [] }, backup)
    assert.deepEqual(summaryLines(plan), ['2 new patients: HC-0042 and PAC-7.', 'Visits in the file: 4 new.'])
    const write = applyImport(plan, proposedDecisions(plan), counter('n'))
    const byId = <T extends { id: string }>(items: readonly T[]) => [...items].sort((a, b) => a.id.localeCompare(b.id))
    const after = written({ patients: [], visits: [] }, write)
    assert.deepEqual(byId(after.patients), byId(record.patients))
    assert.deepEqual(byId(after.visits), byId(backup.visits))
    assert.deepEqual(write.photos.map((p) => p.key).sort(), ['photo-v1', 'photo-v2', 'photo-v3'])
  })

  test("a visit that is another patient's here is never moved: keep it, or keep the file's copy beside it", () => {
    const record = clinic()
    const v3 = record.visits[2]!
    const newcomer = newPatient('pac7', 'PAC-8', CREATED, 'added')
    const plan = planImport(record, exported([newcomer], [{ ...v3, patientId: 'pac7', updated: LATER }]))
    const p = plan.patients[0]!
    assert.equal(p.status, 'new')
    assert.equal(p.idTaken, true, "PAC-7's id in the file is another patient's here")
    const v = p.visits[0]!
    assert.deepEqual(v.changes, ['patient'])
    assert.equal(v.patientHere?.identifier, 'PAC-7')
    assert.deepEqual(v.choices, ['keep-here', 'keep-both'])
    assert.equal(v.proposed, 'keep-both')
    assert.match(visitStatusText(v), /the patient \(here it is a visit of "PAC-7" \(Juan Pérez\)\)/)
    assert.throws(
      () => applyImport(plan, decide(proposedDecisions(plan), {}, { v3: 'take-file' }), counter('n')),
      /not a choice/,
    )
    const write = applyImport(plan, proposedDecisions(plan), counter('n'))
    assert.deepEqual(
      write.patients.map((x) => [x.id, x.identifier]),
      [['n1', 'PAC-8']],
      'a new id: PAC-7 is not overwritten',
    )
    assert.deepEqual(
      write.visits.map((x) => [x.id, x.patientId]),
      [['n2', 'n1']],
    )
    assert.equal(written(record, write).visits.find((x) => x.id === 'v3')?.patientId, 'pac7', 'v3 stays with PAC-7')
  })

  // A record holds two patients of one identifier while a sync conflict waits (and held them when two tabs made one
  // at once): its backup restores into an empty record and into itself, each patient kept apart and said so.
  test('two patients of one identifier: both new into an empty record, each "same" as itself on its own record; said', () => {
    setLocale('en')
    const { maria } = clinic()
    const twin = newPatient('twin', ' hc - 0042', CREATED, 'added')
    const visits = [visitOf('v1', maria, '2026-03-10'), visitOf('w1', twin, '2026-03-10')]
    const backup = exported([maria, twin], visits)

    const empty = planImport({ patients: [], visits: [] }, backup)
    assert.deepEqual(
      empty.patients.map((p) => [p.file.id, p.status, p.sharesIdentifier]),
      [
        ['maria', 'new', true],
        ['twin', 'new', true],
      ],
    )
    assert.match(patientStatusText(empty.patients[0]!), /same identifier: possibly the same person/)
    const write = applyImport(empty, proposedDecisions(empty), counter('n'))
    assert.deepEqual(
      write.patients.map((p) => p.id),
      ['maria', 'twin'],
    )
    assert.deepEqual(
      write.visits.map((v) => [v.id, v.patientId]),
      [
        ['v1', 'maria'],
        ['w1', 'twin'],
      ],
    )

    const itself = planImport({ patients: [maria, twin], visits }, backup)
    assert.deepEqual(
      itself.patients.map((p) => [p.file.id, p.here?.id]),
      [
        ['maria', 'maria'],
        ['twin', 'twin'],
      ],
    )
    assert.equal(planChangesNothing(itself), true)
  })
})
