import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import type { Point } from '#core/geometry/angles.js'
import { type POPLITEAL_MARKERS, type PosteriorMarker, SIDE_SUFFIX } from '#core/markers.js'
import {
  type Calibration,
  type Evaluation,
  estimatePopliteal,
  evaluate,
  POSTERIOR_METRICS,
  POSTERIOR_METRICS_ESTIMATED,
} from '#core/metrics/index.js'
import { absDiff, exact, exactPopliteal, exactPosterior } from '../reference/exact.js'
import { assertPositiveZero, ok } from '../support/metric-asserts.js'

type Markers = Record<PosteriorMarker, Point>
type WithoutPopliteal = Omit<Markers, (typeof POPLITEAL_MARKERS)[number]>

const BASE: Readonly<Markers> = {
  lobulo_izq: [440, 170],
  lobulo_der: [560, 172],
  cervical_7: [503, 280],
  toracica_3: [500, 340],
  toracica_7: [498, 440],
  toracica_12: [500, 560],
  lumbar_5: [497, 680],
  espina_iliaca_posterosuperior_izq: [470, 702],
  espina_iliaca_posterosuperior_der: [530, 700],
  popliteo_izq: [445, 1050],
  popliteo_der: [551, 1050],
  aquiles_izq: [440, 1400],
  aquiles_der: [560, 1400],
  calcaneo_izq: [433, 1462],
  calcaneo_der: [563, 1458],
}
const CAL: Calibration = { lrv_x: 500, fc: 0.1 }

function withoutPopliteal(m: Markers): WithoutPopliteal {
  const { popliteo_der: _d, popliteo_izq: _i, ...rest } = m
  return rest
}

function evaluateEstimated(m: WithoutPopliteal | Markers, c: Calibration = CAL): Evaluation {
  // The table reads no popliteal marker; the record type of the table still names them.
  return evaluate(POSTERIOR_METRICS_ESTIMATED, m as Markers, c)
}

describe('estimatePopliteal', () => {
  it('places the point straight above the Achilles marker, factor times the Achilles-calcaneus distance away', () => {
    assert.deepEqual(estimatePopliteal({ x: 100, y: 500 }, { x: 103, y: 504 }, 2), { x: 100, y: 490 })
    assert.deepEqual(estimatePopliteal({ x: 100, y: 500 }, { x: 97, y: 496 }, 0.5), { x: 100, y: 497.5 })
    assert.deepEqual(estimatePopliteal({ x: -0, y: 0 }, { x: 0, y: 60 }, 5.5), { x: -0, y: -330 })
  })
  it('keeps x exactly and puts y within a few ulps of the operands of the exact value', () => {
    const coordinate = fc.oneof(
      fc.double({ min: -1e9, max: 1e9, noNaN: true }),
      fc.integer({ min: -5000, max: 5000 }),
      fc.double({ min: -1e-6, max: 1e-6, noNaN: true }),
    )
    const factor = fc.oneof(fc.double({ min: 1e-9, max: 1e3, noNaN: true }), fc.constantFrom(1, 2, 2.5, 3))
    fc.assert(
      fc.property(coordinate, coordinate, coordinate, coordinate, factor, (ax, ay, cx, cy, f) => {
        const p = estimatePopliteal({ x: ax, y: ay }, { x: cx, y: cy }, f)
        const r = exactPopliteal([ax, ay], [cx, cy], f)
        assert.equal(p.x, ax)
        // y = ay - f*d rounds f*d and the difference: its error is relative to
        // the operands (|ay| and f*d), not to the (possibly cancelling) result.
        const scale = Math.max(Math.abs(ay), exact(ay).minus(r.y).toNumber()) // f * d = ay - y
        const d = absDiff(p.y, r.y)
        assert.ok(d <= Math.max(1e-12, scale * 2 ** -50), `y = ${p.y}, exact ${r.y.toString()}, |diff| ${d}`)
      }),
      { numRuns: 2000, seed: 1234 },
    )
  })
})

describe('estimate_popliteal = true (posterior view)', () => {
  it('has the same metrics as the plain posterior table', () => {
    assert.deepEqual(
      POSTERIOR_METRICS_ESTIMATED.map((m) => m.name),
      POSTERIOR_METRICS.map((m) => m.name),
    )
  })
  it('needs no popliteal markers', () => {
    const v = ok(evaluateEstimated(withoutPopliteal(BASE)))
    assert.deepEqual(
      Object.keys(v),
      POSTERIOR_METRICS.map((m) => m.name),
    )
  })
  it('ignores popliteal markers when present, even coincident with the Achilles marker', () => {
    const without = ok(evaluateEstimated(withoutPopliteal(BASE)))
    assert.deepEqual(ok(evaluateEstimated(BASE)), without)
    assert.deepEqual(ok(evaluateEstimated({ ...BASE, popliteo_der: [560, 1400], popliteo_izq: [-1e9, 1e9] })), without)
    // the plain table does use them
    assert.equal(evaluate(POSTERIOR_METRICS, { ...BASE, popliteo_der: [560, 1400] }, CAL).ok, false)
  })
  it('measures the heel line against the image vertical: g = (0, -1) in body components', () => {
    const v = ok(evaluateEstimated(withoutPopliteal(BASE)))
    // right foot (lateral = image right): heel 3 px lateral over 58 px; left: 7 px lateral over 62 px
    assert.equal(v.calcaneo_angle_right, (Math.atan2(3, 58) * 180) / Math.PI)
    assert.equal(v.calcaneo_angle_left, (Math.atan2(7, 62) * 180) / Math.PI)
    const ref = exactPosterior(withoutPopliteal(BASE), CAL, true)
    for (const [name, value] of Object.entries(v)) assert.ok(absDiff(value, ref[name]!) <= 1e-12, name)
    // differs from the plain table, whose leg axes are not vertical in BASE
    const plain = ok(evaluate(POSTERIOR_METRICS, BASE, CAL))
    assert.notEqual(plain.calcaneo_angle_right, v.calcaneo_angle_right)
    assert.notEqual(plain.calcaneo_angle_left, v.calcaneo_angle_left)
    // every other metric is the same
    for (const name of ['coronal_balance_c7', 'coronal_balance_t7', 'coronal_balance_l5', 'pelvis_angle', 'head_angle'])
      assert.equal(v[name], plain[name], name)
  })
  it('equals the plain rearfoot angle with the popliteal point from estimatePopliteal, for any factor', () => {
    for (const factor of [0.25, 1, 4, 5.8, 1e3]) {
      const m: Markers = { ...BASE }
      for (const suffix of Object.values(SIDE_SUFFIX)) {
        const a = m[`aquiles_${suffix}`]
        const c = m[`calcaneo_${suffix}`]
        const p = estimatePopliteal({ x: a[0], y: a[1] }, { x: c[0], y: c[1] }, factor)
        m[`popliteo_${suffix}`] = [p.x, p.y]
      }
      const plain = ok(evaluate(POSTERIOR_METRICS, m, CAL))
      const estimated = ok(evaluateEstimated(m))
      for (const name of ['calcaneo_angle_right', 'calcaneo_angle_left'])
        assert.ok(
          Math.abs(plain[name]! - estimated[name]!) <= 1e-13,
          `${name} at factor ${factor}: ${plain[name]} vs ${estimated[name]}`,
        )
    }
  })
  it('gives +0 for a heel straight below the Achilles marker and 180 straight above', () => {
    const v = ok(evaluateEstimated({ ...withoutPopliteal(BASE), calcaneo_der: [560, 1460], calcaneo_izq: [440, 1300] }))
    assertPositiveZero(v.calcaneo_angle_right, 'calcaneo_angle_right')
    assert.equal(v.calcaneo_angle_left, 180)
  })
  it('is positive in valgus for both feet and mirror-symmetric', () => {
    const v = ok(evaluateEstimated({ ...withoutPopliteal(BASE), calcaneo_der: [570, 1460], calcaneo_izq: [430, 1460] }))
    assert.equal(v.calcaneo_angle_right, v.calcaneo_angle_left)
    assert.ok(v.calcaneo_angle_right! > 0)
    const varus = ok(
      evaluateEstimated({ ...withoutPopliteal(BASE), calcaneo_der: [550, 1460], calcaneo_izq: [450, 1460] }),
    )
    assert.equal(varus.calcaneo_angle_right, -v.calcaneo_angle_right!)
    assert.equal(varus.calcaneo_angle_left, -v.calcaneo_angle_left!)
  })
  it('reports a calcaneus on the Achilles marker, naming both markers and the metric', () => {
    assert.deepEqual(evaluateEstimated({ ...withoutPopliteal(BASE), calcaneo_der: [560, 1400] }), {
      ok: false,
      problems: [{ markers: ['aquiles_der', 'calcaneo_der'], at: [560, 1400], metrics: ['calcaneo_angle_right'] }],
    })
  })
})
