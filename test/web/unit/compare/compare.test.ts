/**
 * Comparing two assessments of a view (web/src/compare/compare.ts): the change, its
 * SRD, and the refusals; which is the earlier (by date, then the visit's start time:
 * two visits of one day give the same change whichever is open, issue 26), also
 * through the app state (compare/from-state.ts).
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { metricTable } from '#core/metrics/index.js'
import {
  type Assessment,
  COVERAGE_FACTOR,
  compare,
  smallestRealDifference,
} from '../../../../web/src/compare/compare.js'
import {
  type ComparisonCsvText,
  comparisonCsv,
  displayRows,
  isSigned,
} from '../../../../web/src/compare/comparison-rows.js'
import { type ClinicFigures, evidenceFor, MIN_STUDY_PAIRS } from '../../../../web/src/compare/evidence.js'
import { comparisonOf } from '../../../../web/src/compare/from-state.js'
import { ES_TERMS } from '../../../../web/src/i18n/terms.js'
import { type Placement, type Point, propagate } from '../../../../web/src/metrics/uncertainty.js'
import { assessmentFileOf, parseAssessmentFile } from '../../../../web/src/state/assessment-file.js'
import * as commands from '../../../../web/src/state/commands.js'
import { type AppState, initialState } from '../../../../web/src/state/state.js'
import { FIGURES } from '../../fixtures/figure.js'
import { markedDoc } from '../fixtures.js'

function assessment(p: Placement, extra: Partial<Assessment> = {}, sd = 2): Assessment {
  const list = propagate(p, { sd })
  return {
    view: p.view,
    ...(p.side ? { side: p.side } : {}),
    ...(p.estimatePopliteal ? { estimatePopliteal: true } : {}),
    values: Object.fromEntries(list.map((m) => [m.name, m.value])),
    u: Object.fromEntries(list.map((m) => [m.name, m.u])),
    ...extra,
  }
}

function figure(view: 'anterior' | 'posterior' | 'lateral', move: Record<string, Point> = {}): Placement {
  const f = FIGURES[view]
  return {
    view,
    markers: { ...f.markers, ...move },
    ...(f.side ? { side: f.side } : {}),
    lrvX: f.lrvX,
    scale: { a: f.scale[0], b: f.scale[1], gridCm: f.scaleCm },
  }
}

describe('smallest real difference', () => {
  test('1.96 * sqrt(u1^2 + u2^2), which is 1.96 * sqrt(2) * u for equal u', () => {
    assert.equal(COVERAGE_FACTOR, 1.96)
    assert.ok(Math.abs(smallestRealDifference(1, 1) - 1.96 * Math.SQRT2) < 1e-12)
    assert.ok(Math.abs(smallestRealDifference(3, 4) - 1.96 * 5) < 1e-12)
  })
})

describe('compare', () => {
  test('only the changes beyond measurement error are flagged', () => {
    const earlier = assessment(figure('lateral'), { date: '2026-01-10' })
    // Later visit: the knee marker moved 1 px (within error), the tragus 25 px forward (the head is further forward).
    const f = FIGURES.lateral.markers as Record<string, Point>
    const later = assessment(
      figure('lateral', {
        tuberculo_condilo_externo: [f.tuberculo_condilo_externo![0] + 1, f.tuberculo_condilo_externo![1]],
        tragus: [f.tragus![0] - 25, f.tragus![1]],
      }),
      { date: '2026-03-10' },
    )
    const c = compare(later, earlier)
    assert.ok(c.ok)
    const byName = Object.fromEntries(c.rows.map((r) => [r.name, r]))
    assert.equal(byName.head_angle_horizontal!.exceeds, true)
    assert.equal(byName.knee_angle!.exceeds, false)
    assert.equal(byName.elbow_angle!.change, 0)
    assert.equal(byName.elbow_angle!.exceeds, false)
    assert.deepEqual(
      c.rows.map((r) => r.name),
      metricTable('lateral').map((m) => m.name),
    )
    const h = byName.head_angle_horizontal!
    assert.ok(Math.abs(h.change! - (h.later! - h.earlier!)) < 1e-12)
    assert.ok(
      Math.abs(h.srd! - 1.96 * Math.hypot(earlier.u.head_angle_horizontal!, later.u.head_angle_horizontal!)) < 1e-12,
    )
  })
  test('rows run earlier -> later by date, whichever is loaded second', () => {
    const a = assessment(figure('anterior'), { date: '2026-01-10' })
    const b = assessment(figure('anterior', { tragus_der: [252, 150] }), { date: '2026-02-10' })
    const one = compare(a, b)
    const two = compare(b, a)
    assert.ok(one.ok && two.ok)
    assert.equal(one.earlier, a)
    assert.deepEqual(one.rows, two.rows)
    assert.ok(
      one.rows.find((r) => r.name === 'head_angle')!.change! > 0,
      'right tragus lower later: head tilted more to the right',
    )
  })
  test('two visits of one date: the one started first is the earlier, whichever is on screen', () => {
    // Before and after a treatment, the same day: the right tragus lower after (head tilted more to the right).
    const before = assessment(figure('anterior'), { date: '2026-05-01', created: '2026-05-01T09:00:00.000Z' })
    const after = assessment(figure('anterior', { tragus_der: [252, 150] }), {
      date: '2026-05-01',
      created: '2026-05-01T11:30:00.000Z',
    })
    const afterOnScreen = compare(after, before)
    const beforeOnScreen = compare(before, after)
    assert.ok(afterOnScreen.ok && beforeOnScreen.ok)
    assert.equal(afterOnScreen.earlier, before)
    assert.equal(beforeOnScreen.earlier, before)
    assert.equal(afterOnScreen.current, 'later')
    assert.equal(beforeOnScreen.current, 'earlier')
    assert.deepEqual(afterOnScreen.rows, beforeOnScreen.rows, 'the same change, whichever is open')
    assert.ok(beforeOnScreen.rows.find((r) => r.name === 'head_angle')!.change! > 0)
  })
  test('without start times: a missing one counts as the earlier; with neither, the one on screen is the later', () => {
    const timed = assessment(figure('anterior'), { date: '2026-05-01', created: '2026-05-01T09:00:00.000Z' })
    const untimed = assessment(figure('anterior', { tragus_der: [252, 150] }), { date: '2026-05-01' })
    for (const [current, other] of [
      [timed, untimed],
      [untimed, timed],
    ] as const) {
      const c = compare(current, other)
      assert.ok(c.ok)
      assert.equal(c.earlier, untimed, 'as the record orders visits: no start time first')
    }
    const other = { ...untimed, values: { ...untimed.values } }
    const c = compare(untimed, other)
    assert.ok(c.ok)
    assert.equal(c.later, untimed, 'nothing tells them apart: the one on screen is the later')
    assert.equal(c.current, 'later')
  })
  test('an undated assessment is the earlier of two, whichever is on screen, as the record orders visits', () => {
    const dated = assessment(figure('anterior'), { date: '2026-05-01' })
    const undated = assessment(figure('anterior', { tragus_der: [252, 150] }))
    const one = compare(dated, undated)
    const two = compare(undated, dated)
    assert.ok(one.ok && two.ok)
    assert.equal(one.earlier, undated)
    assert.equal(two.earlier, undated)
    assert.deepEqual(one.rows, two.rows)
  })
  test('an angle change across the ±180 seam is the short way round', () => {
    const base: Assessment = {
      view: 'anterior',
      values: { head_angle: 179.5 },
      u: { head_angle: 0.5 },
      date: '2026-01-01',
    }
    const c = compare({ ...base, values: { head_angle: -179.5 }, date: '2026-02-01' }, base)
    assert.ok(c.ok)
    assert.ok(Math.abs(c.rows.find((r) => r.name === 'head_angle')!.change! - 1) < 1e-9)
  })
  test('refuses different views, a different side toward the camera, different patients', () => {
    const ant = assessment(figure('anterior'))
    const post = assessment(figure('posterior'))
    const c1 = compare(ant, post)
    assert.ok(!c1.ok)
    assert.equal(c1.refusal.type, 'compare.view_differs')
    const left = assessment(figure('lateral'))
    const right = { ...left, side: 'right' as const }
    const c2 = compare(left, right)
    assert.ok(!c2.ok)
    assert.equal(c2.refusal.type, 'compare.side_differs')
    const c3 = compare({ ...ant, patientId: 'P-001' }, { ...ant, patientId: 'P-002' })
    assert.ok(!c3.ok)
    assert.deepEqual(c3.refusal, { type: 'compare.patient_differs', ctx: { earlier: 'P-002', later: 'P-001' } })
    assert.ok(compare({ ...ant, patientId: 'P-001' }, { ...ant, patientId: ' P-001 ' }).ok)
    assert.ok(compare({ ...ant, patientId: 'P-001' }, ant).ok, 'an assessment without an identifier can be compared')
  })
  test('a metric measured another way (estimated popliteal) is shown but not judged', () => {
    const marked = assessment(figure('posterior'))
    const p = figure('posterior')
    const markers = { ...p.markers }
    delete markers.popliteo_izq
    delete markers.popliteo_der
    const estimated = assessment({ ...p, markers, estimatePopliteal: true })
    const c = compare(estimated, marked)
    assert.ok(c.ok)
    const rearfoot = c.rows.find((r) => r.name === 'calcaneo_angle_left')!
    assert.equal(rearfoot.missing, 'method_differs')
    assert.equal(rearfoot.exceeds, null)
    assert.equal(c.rows.find((r) => r.name === 'pelvis_angle')!.exceeds, false)
  })
  test('a metric missing on one side has no change', () => {
    const a = assessment(figure('anterior'))
    const values = { ...a.values }
    delete values.trunk_angle
    const c = compare({ ...a, values }, a)
    assert.ok(c.ok)
    const row = c.rows.find((r) => r.name === 'trunk_angle')!
    assert.equal(row.change, null)
    assert.equal(row.missing, 'later')
  })
})

describe('the visit on screen compared with another visit of the record', () => {
  /** A visit of PAC-1 on 2026-05-01 on screen, started at `created`; the right tragus `dy` px lower. */
  function onScreen(visitId: string, created: string, dy: number): AppState {
    const doc = markedDoc('anterior')
    const tragus = doc.markers.tragus_der!
    const moved = { ...doc, markers: { ...doc.markers, tragus_der: [tragus[0], tragus[1] + dy] as const } }
    const s = commands.setMeta(commands.commit(initialState(), moved), { patientId: 'PAC-1', date: '2026-05-01' })
    return { ...s, record: { visitId, patientId: 'p', created } }
  }
  /** `state` with `other` loaded to compare with, as a visit of the record (its start time) or as a file (none). */
  function comparing(state: AppState, other: AppState, asVisit = true): AppState {
    const loaded = parseAssessmentFile(JSON.stringify(assessmentFileOf(other, new Date('2026-05-01T12:00:00.000Z'))))
    return commands.comparisonLoaded(state, 'other', loaded, asVisit ? other.record?.created : undefined)
  }

  test('two visits of one date: the same change, whichever is open', () => {
    const before = onScreen('v1', '2026-05-01T09:00:00.000Z', 0)
    const after = onScreen('v2', '2026-05-01T11:30:00.000Z', 20)
    const afterOpen = comparisonOf(comparing(after, before))
    const beforeOpen = comparisonOf(comparing(before, after))
    assert.ok(afterOpen?.ok && beforeOpen?.ok)
    assert.equal(comparing(after, before).comparison?.created, '2026-05-01T09:00:00.000Z')
    assert.equal(afterOpen.earlier.created, '2026-05-01T09:00:00.000Z')
    assert.equal(beforeOpen.earlier.created, '2026-05-01T09:00:00.000Z')
    assert.equal(beforeOpen.current, 'earlier')
    assert.deepEqual(afterOpen.rows, beforeOpen.rows)
    assert.ok(afterOpen.rows.find((r) => r.name === 'head_angle')!.change! > 0, 'the tragus lower after')
  })

  test('a file from disk (no start time) of the same date is the earlier, whichever is open', () => {
    const visit = onScreen('v1', '2026-05-01T09:00:00.000Z', 20)
    // A file opened from disk is in no visit of the record: no start time.
    const file = { ...onScreen('f', '', 0), record: null }
    const visitOpen = comparisonOf(comparing(visit, file, false))
    const fileOpen = comparisonOf(comparing(file, visit))
    assert.ok(visitOpen?.ok && fileOpen?.ok)
    assert.equal(comparing(visit, file, false).comparison?.created, undefined)
    assert.equal(visitOpen.current, 'later')
    assert.equal(fileOpen.current, 'earlier')
    assert.deepEqual(visitOpen.rows, fileOpen.rows)
  })
})

describe('evidence behind a verdict', () => {
  const f = FIGURES.lateral.markers as Record<string, Point>
  const earlier = assessment(figure('lateral'), { date: '2026-01-10' })
  // The tragus and the acromion moved a few px: changes of the craniovertebral and trunk angles.
  const later = assessment(
    figure('lateral', {
      tragus: [f.tragus![0] + 6, f.tragus![1]],
      punto_acromion: [f.punto_acromion![0] + 8, f.punto_acromion![1]],
    }),
    { date: '2026-03-10' },
  )
  const row = (clinic?: ClinicFigures, name = 'trunk_angle_vertical') => {
    const c = compare(later, earlier, clinic)
    assert.ok(c.ok)
    return c.rows.find((r) => r.name === name)!
  }

  test('no study and no publication: placement error alone, the SRD is the limit', () => {
    const r = row()
    assert.deepEqual(r.evidence, { kind: 'placement' })
    assert.equal(r.limit, r.srd)
    assert.equal(r.exceeds, Math.abs(r.change!) > r.srd!)
  })

  test('the published MDC judges the craniovertebral angle, with its source', () => {
    const r = row(undefined, 'head_angle_horizontal')
    assert.equal(r.evidence.kind, 'published')
    assert.ok(r.evidence.kind === 'published' && r.evidence.source.includes('doi:10.3390/ijerph17186521'))
    assert.equal(r.limit, Math.max(r.srd!, 5.52))
  })

  test('a clinic study judges once it has enough pairs; the limit is never below the placement SRD', () => {
    const base = row()
    const change = Math.abs(base.change!)
    assert.ok(change > 0)
    const few = row({ lateral: { trunk_angle_vertical: { pairs: MIN_STUDY_PAIRS - 1, mdc: change * 2 } } })
    assert.equal(few.evidence.kind, 'placement')
    const enough = row({ lateral: { trunk_angle_vertical: { pairs: MIN_STUDY_PAIRS, mdc: change * 2 } } })
    assert.deepEqual(enough.evidence, { kind: 'clinic', mdc: change * 2, pairs: MIN_STUDY_PAIRS })
    assert.equal(enough.limit, Math.max(enough.srd!, change * 2))
    assert.equal(enough.exceeds, false)
    const tiny = row({ lateral: { trunk_angle_vertical: { pairs: 40, mdc: 1e-9 } } })
    assert.equal(tiny.limit, tiny.srd, 'an MDC below the placement SRD does not lower the limit')
  })

  test('the clinic study comes before the publication', () => {
    const r = row({ lateral: { head_angle_horizontal: { pairs: 30, mdc: 0.1 } } }, 'head_angle_horizontal')
    assert.equal(r.evidence.kind, 'clinic')
    assert.equal(evidenceFor('lateral', 'head_angle_horizontal').kind, 'published')
    assert.equal(evidenceFor('anterior', 'head_angle').kind, 'placement')
  })
})

describe('comparison table and CSV', () => {
  const text: ComparisonCsvText = {
    headers: {
      view: 'vista',
      side: 'lado',
      metric: 'métrica',
      label: 'nombre',
      unit: 'unidad',
      earlierDate: 'fecha_1',
      earlierValue: 'valor_1',
      earlierU: 'u_1',
      laterDate: 'fecha_2',
      laterValue: 'valor_2',
      laterU: 'u_2',
      change: 'cambio',
      uChange: 'u_cambio',
      srd: 'DRM',
      verdict: 'veredicto',
      limit: 'limite',
      evidence: 'juzgado_con',
      evidencePairs: 'pares',
      evidenceSource: 'fuente',
    },
    evidence: { clinic: 'estudio', published: 'publicado', placement: 'colocación' },
    units: { degrees: 'grados', cm: 'cm' },
    verdicts: { real: 'sí', within: 'no', method_differs: 'método distinto', missing: 'sin dato', unknown: 'sin dato' },
    views: { anterior: 'anterior', posterior: 'posterior', lateral: 'lateral' },
    sides: { right: 'derecho', left: 'izquierdo' },
  }
  const f = FIGURES.lateral.markers as Record<string, Point>
  const earlier = assessment(figure('lateral'), { date: '2026-01-10' })
  const later = assessment(figure('lateral', { tragus: [f.tragus![0] - 25, f.tragus![1]] }), { date: '2026-03-10' })
  const c = compare(later, earlier)
  assert.ok(c.ok)

  test('display rows: value ± u in the locale, signed change, SRD, verdict; joint angles unsigned', () => {
    const rows = displayRows(c, 'es', ES_TERMS)
    const head = rows.find((r) => r.name === 'head_angle_horizontal')!
    assert.equal(head.label, 'Ángulo craneovertebral')
    assert.equal(head.verdict, 'real')
    assert.match(head.earlier, /^\+\d+,\d°\u00a0±\u00a0\d+,\d°$/)
    assert.match(head.change, /^[+\u2212]\d+,\d°$/)
    assert.match(head.srd, /^±\d+,\d°$/)
    const knee = rows.find((r) => r.name === 'knee_angle')!
    assert.match(knee.earlier, /^\d+,\d°/, 'no sign on a [0, 360) angle')
    assert.equal(knee.verdict, 'within')
    assert.equal(isSigned('lateral', 'knee_angle'), false)
    assert.equal(isSigned('lateral', 'trunk_angle_vertical'), true)
  })

  test('CSV: headers in the language, full precision, one line per metric', () => {
    const csv = comparisonCsv(c, ES_TERMS, text)
    const lines = csv.trimEnd().split('\r\n')
    assert.equal(lines.length, 1 + metricTable('lateral').length)
    assert.equal(
      lines[0],
      'vista,lado,métrica,nombre,unidad,fecha_1,valor_1,u_1,fecha_2,valor_2,u_2,cambio,u_cambio,DRM,veredicto,limite,juzgado_con,pares,fuente',
    )
    const head = lines.find((l) => l.includes('head_angle_horizontal'))!.split(',')
    const row = c.rows.find((r) => r.name === 'head_angle_horizontal')!
    assert.equal(head[0], 'lateral')
    assert.equal(head[1], 'izquierdo')
    assert.equal(Number(head[6]), row.earlier)
    assert.equal(Number(head[11]), row.change)
    assert.equal(Number(head[13]), row.srd)
    assert.equal(head[14], 'sí')
    assert.equal(Number(head[15]), row.limit)
    assert.equal(head[16], 'publicado', 'the craniovertebral angle has a published MDC')
    assert.equal(head[17], '')
    assert.ok(lines.find((l) => l.includes('head_angle_horizontal'))!.includes('"Gallego-Izquierdo T'))
    const knee = lines.find((l) => l.includes(',knee_angle,'))!.split(',')
    assert.equal(knee[16], 'colocación')
  })

  test('CSV: a change judged by the clinic study says so, with its pairs', () => {
    const judged = compare(later, earlier, { lateral: { knee_angle: { pairs: 31, mdc: 30 } } })
    assert.ok(judged.ok)
    const knee = comparisonCsv(judged, ES_TERMS, text)
      .split('\r\n')
      .find((l) => l.includes(',knee_angle,'))!
      .split(',')
    assert.deepEqual(knee.slice(15), ['30', 'estudio', '31', ''])
  })
})

describe('patient and date stay out of the service', () => {
  test('the request body of a view is built from its document alone', async () => {
    const { initialState } = await import('../../../../web/src/state/state.js')
    const commands = await import('../../../../web/src/state/commands.js')
    const { requestOf } = await import('../../../../web/src/state/model.js')
    const { markedDoc } = await import('../fixtures.js')
    let s = commands.commit(initialState(), markedDoc('anterior'))
    s = commands.setMeta(s, { patientId: 'PAC-0042', date: '2026-03-20' })
    assert.equal(s.meta.patientId, 'PAC-0042')
    const request = requestOf('anterior', s.views.anterior.doc)
    assert.ok(request.ready)
    const body = JSON.stringify(request.body)
    assert.deepEqual(Object.keys(request.body).sort(), ['calibration', 'markers'])
    assert.ok(!body.includes('PAC-0042') && !body.includes('2026-03-20'))
  })
})
