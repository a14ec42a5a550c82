import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Point } from '#core/geometry/angles.js'
import type { LateralMarker, Side } from '#core/markers.js'
import { evaluate, forward, LATERAL_METRICS } from '#core/metrics/index.js'
import { absDiff, exactLateral } from '../reference/exact.js'
import { assertPositiveZero, mirror, valuesOf } from '../support/metric-asserts.js'

type Markers = Record<LateralMarker, Point>

/** Right side to the camera, facing image right; straight arm and knee, integer pixels. */
const BASE: Readonly<Markers> = {
  tragus: [540, 150],
  apex_cervical: [500, 250],
  punto_acromion: [500, 300],
  punto_epicondilo: [500, 500],
  base_3er_metacarpiano: [500, 700],
  apex_lumbar: [480, 600],
  trocanter_mayor: [500, 700],
  tuberculo_condilo_externo: [500, 1000],
  borde_anterior_maleolo: [500, 1300],
}

const CONTEXT_RIGHT = { forward: 1, lrv_x: 400, fc: 0.1 } as const

function markers(changes: Partial<Markers> = {}): Markers {
  return { ...BASE, ...changes }
}

function values(m: Markers, side: Side = 'right', lrvX = 400): Record<string, number> {
  return valuesOf(LATERAL_METRICS, m, { forward: forward(side), lrv_x: lrvX, fc: 0.1 })
}

function assertExact(m: Markers, side: Side, name: string): void {
  const v = values(m, side)[name]!
  const r = exactLateral(m, CONTEXT_RIGHT, side)[name]!
  assert.ok(r !== null, name)
  assert.ok(absDiff(v, r) <= 1e-12, `${name}: ${v} vs exact ${r.toString()}`)
}

describe('lateral metrics', () => {
  it('lists the metrics of docs/metrics.md in order', () => {
    assert.deepEqual(
      LATERAL_METRICS.map((m) => m.name),
      [
        'head_angle_horizontal',
        'trunk_angle_vertical',
        'elbow_angle',
        'knee_angle',
        'head_angle_vertical',
        'hip_angle',
        'ankle_angle',
        'body_angle_vertical',
        'dist_apex_lumbar',
      ],
    )
  })
  it('forward is +1 (image right) for side right and -1 for side left', () => {
    assert.equal(forward('right'), 1)
    assert.equal(forward('left'), -1)
  })

  it('worked example: side right, trochanter [0, 0], condyle [0, 100], malleolus [0, 200] -> knee_angle 180', () => {
    const v = values(
      markers({ trocanter_mayor: [0, 0], tuberculo_condilo_externo: [0, 100], borde_anterior_maleolo: [0, 200] }),
    )
    assert.equal(v.knee_angle, 180)
  })

  it('agrees with the decimal.js reference on the base posture, both sides', () => {
    for (const side of ['right', 'left'] as const) {
      const v = values(BASE, side)
      const ref = exactLateral(BASE, CONTEXT_RIGHT, side)
      assert.deepEqual(Object.keys(v), Object.keys(ref))
      for (const [name, value] of Object.entries(v)) {
        const r = ref[name]
        assert.ok(r !== null && r !== undefined, name)
        assert.ok(absDiff(value, r) <= 1e-12, `${side} ${name}: ${value} vs ${r.toString()}`)
      }
    }
  })

  describe('signs and ranges (docs/metrics.md)', () => {
    it('head_angle_horizontal: angle of apex -> tragus above the forward horizontal; smaller with the head further forward', () => {
      assert.equal(values(markers({ apex_cervical: [500, 250], tragus: [600, 150] })).head_angle_horizontal, 45)
      const upright = values(markers({ tragus: [540, 150] })).head_angle_horizontal!
      const forwardHead = values(markers({ tragus: [600, 180] })).head_angle_horizontal!
      assert.ok(forwardHead < upright)
      assert.equal(values(markers({ tragus: [400, 150] })).head_angle_horizontal, 135) // tragus behind
    })
    it('trunk_angle_vertical > 0 with the acromion in front of the trochanter', () => {
      assert.equal(values(markers({ punto_acromion: [600, 600] })).trunk_angle_vertical, 45)
      assert.equal(values(markers({ punto_acromion: [400, 600] })).trunk_angle_vertical, -45)
      assert.equal(values(markers({ punto_acromion: [400, 600] }), 'left').trunk_angle_vertical, 45)
    })
    it('elbow_angle: 180 straight, < 180 flexed (forearm forward), > 180 hyperextended', () => {
      assert.equal(values(BASE).elbow_angle, 180)
      assert.equal(values(markers({ base_3er_metacarpiano: [700, 500] })).elbow_angle, 90)
      const hyper = values(markers({ base_3er_metacarpiano: [480, 700] })).elbow_angle!
      assert.ok(hyper > 180 && hyper < 190, `${hyper}`)
      assert.equal(values(markers({ base_3er_metacarpiano: [300, 500] })).elbow_angle, 270)
    })
    it('knee_angle: 180 straight, < 180 flexed (ankle behind), > 180 in recurvatum', () => {
      assert.equal(values(BASE).knee_angle, 180)
      const flexed = values(markers({ borde_anterior_maleolo: [400, 1250] })).knee_angle!
      assert.ok(flexed < 180 && flexed > 150, `${flexed}`)
      const recurvatum = values(markers({ borde_anterior_maleolo: [530, 1300] })).knee_angle!
      assert.ok(recurvatum > 180 && recurvatum < 190, `${recurvatum}`)
      assert.equal(values(markers({ borde_anterior_maleolo: [200, 1000] })).knee_angle, 90)
    })
    it('elbow and knee angles are in [0, 360): a fully folded joint is +0, not 360', () => {
      const v = values(markers({ base_3er_metacarpiano: [500, 350], borde_anterior_maleolo: [500, 800] }))
      assertPositiveZero(v.elbow_angle, 'elbow_angle')
      assertPositiveZero(v.knee_angle, 'knee_angle')
      const w = values(markers({ base_3er_metacarpiano: [500, 350], borde_anterior_maleolo: [500, 800] }), 'left')
      assertPositiveZero(w.elbow_angle, 'elbow_angle, left')
      assertPositiveZero(w.knee_angle, 'knee_angle, left')
    })
    it('a joint folded a hair past 0 is just below 360 and one short of it just above 0 (exact sign of the turn)', () => {
      // rounded cross product 0 but exact turn -4.8e-16 degrees (see the geometry tests)
      const e: Point = [0, 0]
      const folded = markers({
        punto_epicondilo: e,
        base_3er_metacarpiano: [39.76995441094067, -93.08514965717538],
        punto_acromion: [29.831551746236006, -69.82342574776085],
      })
      const elbow = values(folded).elbow_angle!
      assert.ok(elbow > 359.9999999999 && elbow < 360, `${elbow}`)
      assertExact(folded, 'right', 'elbow_angle')
      // the mirrored photo (side left) of the same arm
      const mirrored = mirror(folded, 0, false)
      assert.equal(values(mirrored, 'left').elbow_angle, elbow)
      // the arm folded the other way: the turn is +4.8e-16
      const other = markers({
        punto_epicondilo: e,
        base_3er_metacarpiano: [29.831551746236006, -69.82342574776085],
        punto_acromion: [39.76995441094067, -93.08514965717538],
      })
      const small = values(other).elbow_angle!
      assert.ok(small >= 0 && small < 1e-12, `${small}`)
      assertExact(other, 'right', 'elbow_angle')
    })
  })

  describe('mirror symmetry', () => {
    it('side right and the mirrored image with side left give equal values', () => {
      const m = markers({
        tragus: [553, 161],
        apex_cervical: [497, 249],
        punto_acromion: [512, 303],
        punto_epicondilo: [495, 498],
        base_3er_metacarpiano: [610, 620],
        trocanter_mayor: [489, 702],
        tuberculo_condilo_externo: [520, 1001],
        borde_anterior_maleolo: [470, 1290],
      })
      const right = values(m, 'right')
      const left = values(mirror(m, 1200, false), 'left', 1200 - 400)
      assert.deepEqual(left, right)
      // and side left on the unmirrored image is a different (mirrored) posture
      assert.notDeepEqual(values(m, 'left'), right)
    })
  })

  describe("exact values at the conventions' boundaries", () => {
    it('straight joints give exactly 180 for any orientation and side', () => {
      const m = markers({
        punto_acromion: [0, 0],
        punto_epicondilo: [30, 40],
        base_3er_metacarpiano: [90, 120],
        trocanter_mayor: [100, 100],
        tuberculo_condilo_externo: [90, 200],
        borde_anterior_maleolo: [80, 300],
      })
      for (const side of ['right', 'left'] as const) {
        const v = values(m, side)
        assert.equal(v.elbow_angle, 180, side)
        assert.equal(v.knee_angle, 180, side)
      }
      const h = markers({ punto_acromion: [0, 7], punto_epicondilo: [3, 7], base_3er_metacarpiano: [5, 7] })
      assert.equal(values(h, 'left').elbow_angle, 180)
      assert.equal(values(h, 'right').elbow_angle, 180)
    })
    it('a level neck line and a vertical trunk give +0 on both sides', () => {
      for (const side of ['right', 'left'] as const) {
        const m = markers({
          apex_cervical: [500, 250],
          tragus: [side === 'right' ? 560 : 440, 250],
          trocanter_mayor: [500, 700],
          punto_acromion: [500, 300],
        })
        const v = values(m, side)
        assertPositiveZero(v.head_angle_horizontal, `head_angle_horizontal ${side}`)
        assertPositiveZero(v.trunk_angle_vertical, `trunk_angle_vertical ${side}`)
      }
    })
    it('a level neck line pointing backward gives exactly 180', () => {
      assert.equal(
        values(markers({ apex_cervical: [500, 250], tragus: [440, 250] }), 'right').head_angle_horizontal,
        180,
      )
      assert.equal(
        values(markers({ apex_cervical: [500, 250], tragus: [560, 250] }), 'left').head_angle_horizontal,
        180,
      )
    })
    it('a tragus one ulp below a backward neck line stays within 1e-12 of exact (just above -180, not 180)', () => {
      const m = markers({ apex_cervical: [500, 250], tragus: [440, 250.00000000000003] })
      const v = values(m, 'right').head_angle_horizontal!
      assert.ok(v > -180 && v < -179.9999999999, `${v}`)
      assertExact(m, 'right', 'head_angle_horizontal')
    })
    it('nearly straight knees are within 1e-12 of exact on either side of 180', () => {
      for (const x of [500.00000000000006, 499.99999999999994, 500]) {
        const m = markers({ borde_anterior_maleolo: [x, 1300] })
        for (const side of ['right', 'left'] as const) assertExact(m, side, 'knee_angle')
      }
    })
  })

  describe('coincident markers', () => {
    it('name the markers, where they are and the metric', () => {
      assert.deepEqual(evaluate(LATERAL_METRICS, markers({ base_3er_metacarpiano: [500, 500] }), CONTEXT_RIGHT), {
        ok: false,
        problems: [
          { markers: ['punto_epicondilo', 'base_3er_metacarpiano'], at: [500, 500], metrics: ['elbow_angle'] },
        ],
      })
    })
    it('report one problem per coincident pair, in response order', () => {
      const result = evaluate(
        LATERAL_METRICS,
        markers({ trocanter_mayor: [500, 300], tuberculo_condilo_externo: [500, 1000], tragus: [500, 250] }),
        { ...CONTEXT_RIGHT, forward: -1 },
      )
      assert.deepEqual(result, {
        ok: false,
        problems: [
          { markers: ['apex_cervical', 'tragus'], at: [500, 250], metrics: ['head_angle_horizontal'] },
          {
            markers: ['trocanter_mayor', 'punto_acromion'],
            at: [500, 300],
            metrics: ['trunk_angle_vertical', 'hip_angle'],
          },
        ],
      })
      const knee = evaluate(LATERAL_METRICS, markers({ trocanter_mayor: [500, 1000] }), CONTEXT_RIGHT)
      assert.deepEqual(knee, {
        ok: false,
        problems: [
          {
            markers: ['tuberculo_condilo_externo', 'trocanter_mayor'],
            at: [500, 1000],
            metrics: ['knee_angle', 'hip_angle'],
          },
        ],
      })
    })
  })
})
