/**
 * The patient record's pure parts (web/src/record/model.ts, record/commands.ts) and
 * the integrity defects of issue 14: identifiers compared case- and space-
 * insensitively, a file of another patient never merged, a comparison file without
 * the view clearing the old comparison, visit words that are not view names,
 * distinct file names.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { type Assessment, compare } from '../../../../web/src/compare/compare.js'
import { en } from '../../../../web/src/i18n/en.js'
import { es } from '../../../../web/src/i18n/es.js'
import { assessmentOpenedAs, newVisit, patientConflict, visitOpened } from '../../../../web/src/record/commands.js'
import {
  findPatient,
  identifierKey,
  newestFirst,
  newPatient,
  type PatientRecord,
  patientFor,
  searchPatients,
  storedSize,
  type VisitRecord,
  visitFileName,
} from '../../../../web/src/record/model.js'
import { assessmentFileOf, assessmentFromData, parseAssessmentFile } from '../../../../web/src/state/assessment-file.js'
import * as commands from '../../../../web/src/state/commands.js'
import { type AppState, initialState } from '../../../../web/src/state/state.js'
import { markedDoc } from '../fixtures.js'

const NOW = '2026-03-10T09:00:00.000Z'

function patient(id: string, identifier: string, origin: PatientRecord['origin'] = 'added'): PatientRecord {
  return newPatient(id, identifier, NOW, origin)
}

function visit(id: string, patientId: string, date: string, created = NOW, updated = created): VisitRecord {
  const file = assessmentFileOf(initialState(), new Date(NOW)) ?? {
    format: 'posture-metrics-session',
    version: 1,
    saved_at: NOW,
    view: 'anterior',
    views: {},
  }
  return { id, patientId, date, created, updated, file: file as VisitRecord['file'], photos: {}, rev: 1 }
}

/** A state with the anterior view marked, of patient `id` on `date`. */
function marked(id: string, date = '2026-03-10', view: 'anterior' | 'posterior' = 'anterior'): AppState {
  const s = commands.commit(commands.setView(initialState(), view), markedDoc(view))
  return commands.setMeta(s, { patientId: id, date })
}

function fileOf(state: AppState) {
  return parseAssessmentFile(JSON.stringify(assessmentFileOf(state, new Date(NOW))))
}

describe('patients and visits', () => {
  test('identifiers compare without case or whitespace, and are shown as typed', () => {
    assert.equal(identifierKey(' PAC-0042 '), 'pac-0042')
    assert.equal(identifierKey('pac - 0042'), identifierKey('PAC-0042'))
    const patients = [patient('1', ' PAC-0042 ')]
    assert.equal(patients[0]!.identifier, 'PAC-0042')
    assert.equal(findPatient(patients, 'pac-0042')?.id, '1')
    assert.equal(findPatient(patients, 'pac-0043'), undefined)
    assert.equal(findPatient(patients, '   '), undefined, 'an empty identifier is nobody')
  })

  test('search by identifier or name, ignoring case and spaces', () => {
    const patients = [
      newPatient('1', 'PAC-0042', NOW, 'added', 'Ana López'),
      newPatient('2', 'PAC-0100', NOW, 'added'),
      newPatient('3', 'X-1', NOW, 'added'),
    ]
    assert.deepEqual(
      searchPatients(patients, 'pac').map((p) => p.id),
      ['1', '2'],
    )
    assert.deepEqual(
      searchPatients(patients, 'ana lópez').map((p) => p.id),
      ['1'],
    )
    assert.deepEqual(
      searchPatients(patients, '').map((p) => p.id),
      ['1', '2', '3'],
    )
  })

  test('visits newest first: by date, undated last, then by creation', () => {
    const list = [
      visit('a', 'p', '2026-01-05'),
      visit('b', 'p', ''),
      visit('c', 'p', '2026-03-01'),
      visit('d', 'p', '2026-03-01', '2026-03-11T00:00:00Z'),
    ]
    assert.deepEqual(
      newestFirst(list).map((v) => v.id),
      ['d', 'c', 'a', 'b'],
    )
  })

  test('a visit entering the record goes to the patient with the same key, or to a new one', () => {
    let n = 0
    const id = () => `new${++n}`
    const existing = [patient('p1', 'PAC-0042')]
    const same = patientFor(existing, ' pac-0042 ', NOW, id)
    assert.equal(same.patient.id, 'p1')
    assert.equal(same.isNew, false)
    const other = patientFor(existing, 'PAC-004', NOW, id)
    assert.equal(other.isNew, true)
    assert.equal(other.patient.identifier, 'PAC-004')
    assert.equal(other.patient.origin, 'typed')
    assert.equal(other.patient.id, 'new1')
  })

  test('photos: stored as they are up to 2400 px on the long side, else scaled down to it', () => {
    assert.deepEqual(storedSize(1920, 1080), { width: 1920, height: 1080, scaled: false })
    assert.deepEqual(storedSize(2400, 3000), { width: 1920, height: 2400, scaled: true })
    assert.deepEqual(storedSize(4032, 3024), { width: 2400, height: 1800, scaled: true })
  })

  test('a stored visit opens with its photos and no history, replacing the screen entirely', () => {
    const a = marked('PAC-1', '2026-03-10', 'anterior')
    const b = marked('PAC-2', '2026-04-14', 'posterior')
    const loaded = assessmentFromData(assessmentFileOf(b, new Date(NOW)))
    const s = visitOpened(
      a,
      loaded,
      { posterior: 'blob:posterior' },
      { visitId: 'v', patientId: 'p', created: '2026-05-01T09:00:00.000Z' },
    )
    assert.equal(s.meta.patientId, 'PAC-2')
    assert.equal(s.views.anterior.doc.photo, null, 'nothing of the visit on screen is kept')
    assert.equal(s.views.posterior.doc.photo?.url, 'blob:posterior')
    assert.deepEqual(s.views.posterior.doc.markers, b.views.posterior.doc.markers, 'markers as stored')
    assert.equal(s.views.posterior.past.length, 0)
    assert.deepEqual(s.record, { visitId: 'v', patientId: 'p', created: '2026-05-01T09:00:00.000Z' })
  })

  test('a new visit of a patient: empty (no notes of the visit before), dated, tied to the patient', () => {
    const before = commands.setNotes(marked('PAC-1'), 'Notas de la visita anterior.')
    const s = newVisit(before, patient('p1', 'PAC-1'), 'v9', '2026-05-01', '2026-05-01T09:00:00.000Z')
    assert.deepEqual(s.meta, { patientId: 'PAC-1', date: '2026-05-01', notes: '' })
    assert.deepEqual(s.record, { visitId: 'v9', patientId: 'p1', created: '2026-05-01T09:00:00.000Z' })
    assert.equal(s.views.anterior.doc.photo, null)
  })
})

describe('integrity (issue 14 defects)', () => {
  test('a file of another patient is a conflict; the same patient in other case and spacing is not', () => {
    const open = marked('PAC-0042')
    assert.deepEqual(patientConflict(open, fileOf(marked('PAC-0099', '2026-04-14', 'posterior'))), {
      open: 'PAC-0042',
      file: 'PAC-0099',
    })
    assert.equal(patientConflict(open, fileOf(marked(' pac-0042', '2026-04-14', 'posterior'))), null)
    assert.equal(patientConflict(initialState(), fileOf(marked('PAC-0099'))), null, 'nothing on screen: nothing to mix')
    const unnamed = commands.commit(initialState(), markedDoc('anterior'))
    assert.ok(patientConflict(unnamed, fileOf(marked('PAC-0099'))), 'unnamed marks are not given to another patient')
  })

  test('opening a file of another patient never merges: only its own views, its own patient', () => {
    const open = marked('PAC-A', '2026-03-10', 'anterior')
    const other = fileOf(marked('PAC-B', '2026-04-14', 'posterior'))
    // What loading did before: patient A's anterior view kept beside patient B's posterior, labelled B.
    const merged = commands.assessmentLoaded(open, other)
    const s = assessmentOpenedAs(open, other)
    assert.equal(s.meta.patientId, 'PAC-B')
    assert.equal(s.views.anterior.doc.photo, null, "patient A's view is not carried into B's visit")
    assert.deepEqual(Object.keys(s.views.anterior.doc.markers), [])
    assert.ok(Object.keys(s.views.posterior.doc.markers).length > 0)
    assert.equal(s.record, null, 'a new visit, not the one of patient A')
    assert.ok(merged.views.anterior.doc.photo, 'the merge the check prevents')
  })

  test('a comparison file without the current view clears the earlier comparison', () => {
    let s = marked('PAC-1', '2026-04-14', 'anterior')
    s = commands.comparisonLoaded(s, 'visit-1.json', fileOf(marked('PAC-1', '2026-03-10', 'anterior')))
    assert.ok(s.comparison)
    s = commands.comparisonLoaded(s, 'posterior-only.json', fileOf(marked('PAC-1', '2026-02-01', 'posterior')))
    assert.equal(s.comparison, null, 'no old table nor "comparing with" message left')
  })

  test('patients compared by key: "pac-0042" is compared with "PAC-0042"', () => {
    const a: Assessment = {
      view: 'anterior',
      patientId: 'pac-0042',
      date: '2026-03-10',
      values: { x: 1 },
      u: { x: 0.1 },
    }
    const b: Assessment = { ...a, patientId: ' PAC-0042', date: '2026-04-14' }
    assert.equal(compare(b, a).ok, true)
    assert.equal(compare(b, { ...a, patientId: 'PAC-0043' }).ok, false)
  })

  test('visit words never repeat a view name, in either language', () => {
    for (const cat of [en, es]) {
      const views = [cat['view.anterior.title'], cat['view.posterior.title'], cat['view.lateral.title']].map((w) =>
        String(w).toLowerCase(),
      )
      for (const key of ['compare.column.earlier', 'compare.column.later'] as const) {
        const words = String(cat[key]).toLowerCase().split(/\s+/)
        for (const v of views) assert.ok(!words.includes(v), `${key} "${cat[key]}" reads like the view "${v}"`)
      }
    }
  })

  test('file names carry patient and date, so two visits never share one', () => {
    assert.equal(
      visitFileName('PAC-0042', '2026-03-10', 'assessment', 'json'),
      'posture-PAC-0042-2026-03-10-assessment.json',
    )
    assert.equal(visitFileName(' Núñez / 7 ', '2026-04-14', 'metrics', 'csv'), 'posture-Nunez_7-2026-04-14-metrics.csv')
    assert.notEqual(
      visitFileName('PAC-1', '2026-03-10', 'assessment', 'json'),
      visitFileName('PAC-1', '2026-04-14', 'assessment', 'json'),
    )
    assert.equal(visitFileName('', '', 'assessment', 'json'), 'posture-assessment.json')
  })
})
