/**
 * Successful analyses: exact fields and order of the spec (then the fields added after it, docs/metrics.md),
 * units, side echo, estimate_popliteal.
 */

import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { EXAMPLES } from '../../src/api/examples.js'
import { copy, makeApp, post, type TestApp } from '../support/app.js'

// The spec's response fields, in its order (docs/service-spec.md, "Response objects").
const ANTERIOR_FIELDS = [
  'head_angle',
  'dist_eminencia_frontal',
  'dist_espina_nasal',
  'dist_punto_mentoniano',
  'trunk_angle',
  'pelvis_angle',
  'q_angle_right',
  'q_angle_left',
  // added after the spec's metrics
  'shoulder_angle',
  'shoulder_pelvis_angle',
  'tibial_tuberosity_angle',
  'dist_apendice_xifoides',
  'dist_ombligo',
  'unit_angles',
  'unit_distances',
]
const POSTERIOR_FIELDS = [
  'calcaneo_angle_left',
  'calcaneo_angle_right',
  'coronal_balance_c7',
  'coronal_balance_t7',
  'coronal_balance_l5',
  'pelvis_angle',
  'head_angle',
  // added after the spec's metrics
  'coronal_balance_t3',
  'coronal_balance_t12',
  'unit_angles',
  'unit_distances',
]
const LATERAL_FIELDS = [
  'head_angle_horizontal',
  'trunk_angle_vertical',
  'elbow_angle',
  'knee_angle',
  // added after the spec's metrics
  'head_angle_vertical',
  'hip_angle',
  'ankle_angle',
  'body_angle_vertical',
  'dist_apex_lumbar',
  'side',
  'unit',
  'unit_distances',
]

let app: TestApp
before(async () => {
  app = await makeApp()
})
after(() => app.close())

function assertMetrics(body: Record<string, unknown>, fields: string[], strings: string[]) {
  assert.deepEqual(Object.keys(body), fields)
  for (const field of fields) {
    if (strings.includes(field)) continue
    assert.equal(typeof body[field], 'number', `${field} is a number`)
    assert.ok(Number.isFinite(body[field]), `${field} is finite`)
  }
}

describe('POST /api/analyze/anterior', () => {
  it('answers 200 with the 8 metrics and unit fields in the spec order, the 5 added metrics before the units', async () => {
    const res = await post(app, '/api/analyze/anterior', EXAMPLES.anterior)
    assert.equal(res.status, 200)
    assert.match(String(res.headers['content-type']), /^application\/json/)
    assertMetrics(res.body, ANTERIOR_FIELDS, ['unit_angles', 'unit_distances'])
    assert.equal(res.body.unit_angles, 'degrees')
    assert.equal(res.body.unit_distances, 'cm')
  })

  it('computes the worked examples of docs/metrics.md', async () => {
    const body = copy(EXAMPLES.anterior)
    body.calibration = { lrv_x: 500, fc: 0.1 }
    Object.assign(body.markers, {
      tragus_der: [100, 210],
      tragus_izq: [300, 200],
      espina_nasal: [480, 300],
      espina_iliaca_anterosuperior_der: [100, 0],
      centro_rotula_der: [130, 400],
      tat_der: [125, 480],
    })
    const res = await post(app, '/api/analyze/anterior', body)
    assert.equal(res.status, 200)
    assert.equal(res.body.head_angle, 2.8624052261117474)
    assert.equal(res.body.dist_espina_nasal, 2)
    assert.equal(res.body.q_angle_right, 7.8654877038163695)
  })

  it('ignores grid_size_cm, unknown fields and unknown marker names', async () => {
    const plain = await post(app, '/api/analyze/anterior', EXAMPLES.anterior)
    const body = copy(EXAMPLES.anterior)
    body.calibration.grid_size_cm = 25
    body.calibration.note = 'x'
    body.patient = { id: 7 }
    body.markers.extra_marker = [1, 2]
    const res = await post(app, '/api/analyze/anterior', body)
    assert.equal(res.status, 200)
    assert.deepEqual(res.body, plain.body)
  })

  it('gives equal responses to equal requests', async () => {
    const a = await post(app, '/api/analyze/anterior', EXAMPLES.anterior)
    const b = await post(app, '/api/analyze/anterior', EXAMPLES.anterior)
    assert.equal(a.text, b.text)
  })
})

describe('POST /api/analyze/posterior', () => {
  it('answers 200 with the 7 metrics and unit fields in the spec order, the 2 added metrics before the units', async () => {
    const res = await post(app, '/api/analyze/posterior', EXAMPLES.posterior)
    assert.equal(res.status, 200)
    assertMetrics(res.body, POSTERIOR_FIELDS, ['unit_angles', 'unit_distances'])
    assert.equal(res.body.unit_angles, 'degrees')
    assert.equal(res.body.unit_distances, 'cm')
  })

  it('defaults estimate_popliteal to false', async () => {
    const body = copy(EXAMPLES.posterior)
    delete body.estimate_popliteal
    const res = await post(app, '/api/analyze/posterior', body)
    assert.equal(res.status, 200)
    assert.deepEqual(res.body, (await post(app, '/api/analyze/posterior', EXAMPLES.posterior)).body)
  })

  it('with estimate_popliteal true, ignores the popliteal markers and uses the vertical leg axis', async () => {
    const body = copy(EXAMPLES.posterior)
    body.estimate_popliteal = true
    const withMarkers = await post(app, '/api/analyze/posterior', body)
    delete body.markers.popliteo_izq
    delete body.markers.popliteo_der
    const without = await post(app, '/api/analyze/posterior', body)
    assert.equal(withMarkers.status, 200)
    assert.equal(without.status, 200)
    assert.deepEqual(withMarkers.body, without.body)
    // Right heel: aquiles [440, 1640] -> calcaneo [445, 1702]; posterior R = +1, lateral for the right foot.
    // g = (0, -1), c = (5, -62): turn = atan2(0*-62 - -1*5, 0*5 + -1*-62) = atan2(5, 62).
    assert.equal(without.body.calcaneo_angle_right, (Math.atan2(5, 62) * 180) / Math.PI)
    // The measured popliteal axis gives a different angle for this body.
    assert.notEqual(
      withMarkers.body.calcaneo_angle_right,
      (await post(app, '/api/analyze/posterior', EXAMPLES.posterior)).body.calcaneo_angle_right,
    )
  })
})

describe('POST /api/analyze/lateral', () => {
  it('answers 200 with the 4 metrics, side and unit in the spec order, the 5 added metrics before them and unit_distances last', async () => {
    const res = await post(app, '/api/analyze/lateral', EXAMPLES.lateral)
    assert.equal(res.status, 200)
    assertMetrics(res.body, LATERAL_FIELDS, ['side', 'unit', 'unit_distances'])
    assert.equal(res.body.side, 'right')
    assert.equal(res.body.unit, 'degrees')
    assert.equal(res.body.unit_distances, 'cm')
  })

  it('echoes side left and mirrors: a mirrored photo with side left gives the same metrics', async () => {
    const mirrored = copy(EXAMPLES.lateral)
    mirrored.side = 'left'
    for (const name of Object.keys(mirrored.markers)) {
      const [x, y] = mirrored.markers[name]
      mirrored.markers[name] = [1000 - x, y]
    }
    mirrored.calibration = { ...mirrored.calibration, lrv_x: 1000 - mirrored.calibration.lrv_x }
    const right = await post(app, '/api/analyze/lateral', EXAMPLES.lateral)
    const left = await post(app, '/api/analyze/lateral', mirrored)
    assert.equal(left.status, 200)
    assert.equal(left.body.side, 'left')
    for (const field of LATERAL_FIELDS.slice(0, -3)) assert.equal(left.body[field], right.body[field], field)
  })

  it('reports a straight knee as exactly 180', async () => {
    const body = copy(EXAMPLES.lateral)
    Object.assign(body.markers, {
      trocanter_mayor: [0, 0],
      tuberculo_condilo_externo: [0, 100],
      borde_anterior_maleolo: [0, 200],
    })
    const res = await post(app, '/api/analyze/lateral', body)
    assert.equal(res.body.knee_angle, 180)
  })
})

describe('POST /api/estimate-popliteal', () => {
  it('places the point straight above the Achilles marker, factor times the heel distance away', async () => {
    const res = await post(app, '/api/estimate-popliteal', {
      aquiles: { x: 100, y: 500 },
      calcaneo: { x: 103, y: 504 },
      factor: 2,
    })
    assert.equal(res.status, 200)
    assert.deepEqual(res.body, { popliteo: { x: 100, y: 490 } })
  })

  it('answers the documented example', async () => {
    const res = await post(app, '/api/estimate-popliteal', EXAMPLES.popliteal)
    assert.equal(res.status, 200)
    assert.deepEqual(Object.keys(res.body), ['popliteo'])
    assert.equal(res.body.popliteo.x, 440)
    assert.equal(res.body.popliteo.y, 1640 - 6 * Math.hypot(3, 60))
  })
})

describe('GET /health', () => {
  it('reports healthy with the package version', async () => {
    const res = await app.inject({ method: 'GET', url: '/health' })
    assert.equal(res.statusCode, 200)
    const body = res.json()
    assert.deepEqual(Object.keys(body), ['status', 'version', 'message'])
    assert.equal(body.status, 'healthy')
    assert.match(body.version, /^\d+\.\d+\.\d+/)
    assert.equal(typeof body.message, 'string')
  })
})
