import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Point } from '#core/geometry/angles.js'
import type { AnteriorMarker } from '#core/markers.js'
import { ANTERIOR_METRICS, type Calibration, evaluate } from '#core/metrics/index.js'
import { absDiff, exactAnterior } from '../reference/exact.js'
import { assertPositiveZero, mirror, valuesOf } from '../support/metric-asserts.js'

type Markers = Record<AnteriorMarker, Point>

/** A plausible upright subject facing the camera (their right on the image's left), integer pixels. */
const BASE: Readonly<Markers> = {
  eminencia_frontal_media: [500, 100],
  espina_nasal: [500, 160],
  punto_mentoniano: [500, 200],
  tragus_der: [440, 150],
  tragus_izq: [560, 150],
  punto_acromion_der: [380, 300],
  punto_acromion_izq: [620, 300],
  escotadura_esternal: [500, 290],
  apendice_xifoides: [500, 420],
  ombligo: [500, 560],
  punto_sinfisis_pubiana: [500, 700],
  espina_iliaca_anterosuperior_der: [420, 640],
  espina_iliaca_anterosuperior_izq: [580, 640],
  centro_rotula_der: [440, 1000],
  centro_rotula_izq: [560, 1000],
  tat_der: [436, 1080],
  tat_izq: [564, 1080],
}
const CAL: Calibration = { lrv_x: 500, fc: 0.1 }

function markers(changes: Partial<Markers> = {}): Markers {
  return { ...BASE, ...changes }
}

function values(m: Markers, c: Calibration = CAL): Record<string, number> {
  return valuesOf(ANTERIOR_METRICS, m, c)
}

describe('anterior metrics', () => {
  it('lists the metrics of docs/metrics.md in order', () => {
    assert.deepEqual(
      ANTERIOR_METRICS.map((m) => m.name),
      [
        'head_angle',
        'dist_eminencia_frontal',
        'dist_espina_nasal',
        'dist_punto_mentoniano',
        'trunk_angle',
        'pelvis_angle',
        'q_angle_right',
        'q_angle_left',
        'shoulder_angle',
        'shoulder_pelvis_angle',
        'tibial_tuberosity_angle',
        'dist_apendice_xifoides',
        'dist_ombligo',
      ],
    )
  })

  describe('worked examples of docs/metrics.md', () => {
    it('head_angle: tragus_der [100, 210], tragus_izq [300, 200] -> 2.8624052261117474', () => {
      const v = values(markers({ tragus_der: [100, 210], tragus_izq: [300, 200] }))
      assert.equal(v.head_angle, 2.8624052261117474)
    })
    it('dist_espina_nasal: lrv_x 500, fc 0.1, espina_nasal [480, 300] -> 2', () => {
      const v = values(markers({ espina_nasal: [480, 300] }), { lrv_x: 500, fc: 0.1 })
      assert.equal(v.dist_espina_nasal, 2)
    })
    it('q_angle_right: ASIS [100, 0], patella [130, 400], TAT [125, 480] -> 7.8654877038163695', () => {
      const v = values(
        markers({ espina_iliaca_anterosuperior_der: [100, 0], centro_rotula_der: [130, 400], tat_der: [125, 480] }),
      )
      assert.equal(v.q_angle_right, 7.8654877038163695)
    })
  })

  it('agrees with the decimal.js reference on the base posture', () => {
    const v = values(BASE)
    const ref = exactAnterior(BASE, CAL)
    assert.deepEqual(Object.keys(v), Object.keys(ref))
    for (const [name, value] of Object.entries(v)) {
      const r = ref[name]
      assert.ok(r !== null && r !== undefined, name)
      assert.ok(absDiff(value, r) <= 1e-12, `${name}: ${value} vs ${r.toString()}`)
    }
  })

  describe('signs (docs/metrics.md "positive means")', () => {
    it('the base posture is level and upright: head, pelvis and trunk angles and distances are +0', () => {
      const v = values(BASE)
      for (const name of [
        'head_angle',
        'dist_eminencia_frontal',
        'dist_espina_nasal',
        'dist_punto_mentoniano',
        'trunk_angle',
        'pelvis_angle',
      ])
        assertPositiveZero(v[name], name)
    })
    it('head_angle > 0 when the right tragus is lower, < 0 when the left one is', () => {
      assert.ok(values(markers({ tragus_der: [440, 160] })).head_angle! > 0)
      assert.ok(values(markers({ tragus_izq: [560, 160] })).head_angle! < 0)
    })
    it("distances > 0 for points on the image left of the line (the subject's right)", () => {
      const v = values(
        markers({ eminencia_frontal_media: [490, 100], espina_nasal: [480, 160], punto_mentoniano: [530, 200] }),
      )
      assert.equal(v.dist_eminencia_frontal, 1)
      assert.equal(v.dist_espina_nasal, 2)
      assert.equal(v.dist_punto_mentoniano, -3)
    })
    it('distances scale with fc (cm per pixel)', () => {
      const v = values(markers({ espina_nasal: [480, 160] }), { lrv_x: 500, fc: 0.5 })
      assert.equal(v.dist_espina_nasal, 10)
    })
    it("trunk_angle > 0 when the sternal notch is to the subject's right of the pubis", () => {
      assert.equal(
        values(markers({ escotadura_esternal: [90, 290], punto_sinfisis_pubiana: [500, 700] })).trunk_angle,
        45,
      )
      assert.equal(values(markers({ escotadura_esternal: [910, 290] })).trunk_angle, -45)
    })
    it('pelvis_angle > 0 when the right ASIS is lower', () => {
      assert.equal(
        values(markers({ espina_iliaca_anterosuperior_der: [420, 660], espina_iliaca_anterosuperior_izq: [440, 640] }))
          .pelvis_angle,
        45,
      )
      assert.ok(values(markers({ espina_iliaca_anterosuperior_izq: [580, 660] })).pelvis_angle! < 0)
    })
    it('Q angles > 0 when the tibial tuberosity is lateral to the thigh line, for both legs', () => {
      const v = values(BASE)
      assert.ok(v.q_angle_right! > 5 && v.q_angle_right! < 10, `q_angle_right ${v.q_angle_right}`)
      assert.ok(v.q_angle_left! > 5 && v.q_angle_left! < 10, `q_angle_left ${v.q_angle_left}`)
      assert.equal(v.q_angle_right, v.q_angle_left) // the base posture is symmetric
      // tuberosity medial (toward the midline x = 500) of the thigh line: negative
      const medial = values(markers({ tat_der: [460, 1080], tat_izq: [540, 1080] }))
      assert.ok(medial.q_angle_right! < 0)
      assert.ok(medial.q_angle_left! < 0)
    })
  })

  describe('mirror symmetry', () => {
    const POSTURE = markers({
      tragus_der: [441, 157],
      tragus_izq: [561, 149],
      escotadura_esternal: [488, 290],
      espina_nasal: [493, 161],
      eminencia_frontal_media: [505, 99],
      punto_mentoniano: [490, 201],
      espina_iliaca_anterosuperior_der: [421, 646],
      espina_iliaca_anterosuperior_izq: [577, 638],
      tat_der: [433, 1081],
      tat_izq: [567, 1077],
    })
    const WIDTH = 1000
    it('the left-right mirrored posture negates every lateral sign and swaps the Q angles', () => {
      const v = values(POSTURE, { lrv_x: 503, fc: 0.25 })
      const m = values(mirror(POSTURE, WIDTH, true), { lrv_x: WIDTH - 503, fc: 0.25 })
      for (const name of [
        'head_angle',
        'dist_eminencia_frontal',
        'dist_espina_nasal',
        'dist_punto_mentoniano',
        'trunk_angle',
        'pelvis_angle',
      ]) {
        assert.notEqual(v[name], 0, name)
        assert.equal(m[name], -v[name]!, name)
      }
      assert.equal(m.q_angle_right, v.q_angle_left)
      assert.equal(m.q_angle_left, v.q_angle_right)
    })
  })

  describe("exact values at the conventions' boundaries", () => {
    it('level pairs give +0 whatever their orientation in the image', () => {
      const v = values(markers({ tragus_der: [700, 123.25], tragus_izq: [800, 123.25] }))
      assertPositiveZero(v.head_angle, 'head_angle')
    })
    it('a pair mirrored across each other gives exactly 180 (never -180)', () => {
      // right tragus on the image right of the left tragus, same height
      const v = values(markers({ tragus_der: [560, 150], tragus_izq: [440, 150], escotadura_esternal: [500, 800] }))
      assert.equal(v.head_angle, 180)
      assert.equal(v.trunk_angle, 180) // sternal notch straight below the pubis
    })
    it('straight legs give Q angles of +0; a leg folded back on itself gives 180', () => {
      const straight = values(
        markers({
          espina_iliaca_anterosuperior_der: [420, 640],
          centro_rotula_der: [440, 1000],
          tat_der: [444, 1072],
          espina_iliaca_anterosuperior_izq: [580, 600],
          centro_rotula_izq: [580, 1000],
          tat_izq: [580, 1080],
        }),
      )
      assertPositiveZero(straight.q_angle_right, 'q_angle_right')
      assertPositiveZero(straight.q_angle_left, 'q_angle_left')
      const folded = values(
        markers({
          tat_der: [430, 820],
          tat_izq: [580, 300],
          centro_rotula_izq: [580, 1000],
          espina_iliaca_anterosuperior_izq: [580, 600],
        }),
      )
      assert.equal(folded.q_angle_right, 180)
      assert.equal(folded.q_angle_left, 180)
    })
    it("a tuberosity a hair's breadth off a nearly folded-back leg stays within 1e-12 of exact (no jump to -180)", () => {
      const m = markers({
        espina_iliaca_anterosuperior_der: [420, 640],
        centro_rotula_der: [440, 1000],
        tat_der: [430, 820.0000000000001],
      })
      const v = values(m)
      const r = exactAnterior(m, CAL).q_angle_right!
      assert.ok(absDiff(v.q_angle_right!, r) <= 1e-12, `${v.q_angle_right} vs ${r.toString()}`)
    })
    it('a nearly folded-back leg whose rounded coordinate differences flip the sign of the turn gives the exact side', () => {
      // tat_izq - centro_rotula_izq is not a double; the exact Q angle is +179.99999999999999981
      const m = markers({
        espina_iliaca_anterosuperior_izq: [2424, -2],
        centro_rotula_izq: [1, -500],
        tat_izq: [4846.999999999999, 495.99999999999983],
      })
      const v = values(m)
      assert.equal(v.q_angle_left, 180)
      assert.ok(absDiff(v.q_angle_left!, exactAnterior(m, CAL).q_angle_left!) <= 1e-12)
    })
  })

  describe('coincident markers', () => {
    it('name the markers, where they are and the metric', () => {
      const result = evaluate(ANTERIOR_METRICS, markers({ tragus_izq: [440, 150] }), CAL)
      assert.deepEqual(result, {
        ok: false,
        problems: [{ markers: ['tragus_der', 'tragus_izq'], at: [440, 150], metrics: ['head_angle'] }],
      })
    })
    it('report every undefined metric, one problem per coincident pair', () => {
      const result = evaluate(
        ANTERIOR_METRICS,
        markers({
          escotadura_esternal: [500, 700],
          centro_rotula_der: [436, 1080],
          espina_iliaca_anterosuperior_izq: [560, 1000],
        }),
        CAL,
      )
      assert.deepEqual(result, {
        ok: false,
        problems: [
          { markers: ['punto_sinfisis_pubiana', 'escotadura_esternal'], at: [500, 700], metrics: ['trunk_angle'] },
          { markers: ['centro_rotula_der', 'tat_der'], at: [436, 1080], metrics: ['q_angle_right'] },
          {
            markers: ['espina_iliaca_anterosuperior_izq', 'centro_rotula_izq'],
            at: [560, 1000],
            metrics: ['q_angle_left'],
          },
        ],
      })
    })
    it('a distance metric never fails: a marker on the line or coinciding with another is fine', () => {
      const v = values(markers({ espina_nasal: [500, 100], eminencia_frontal_media: [500, 100] }))
      assertPositiveZero(v.dist_espina_nasal, 'dist_espina_nasal')
    })
  })
})
