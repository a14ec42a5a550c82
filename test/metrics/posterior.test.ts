import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Point } from '#core/geometry/angles.js'
import type { AnteriorMarker, PosteriorMarker } from '#core/markers.js'
import { ANTERIOR_METRICS, type Calibration, evaluate, POSTERIOR_METRICS } from '#core/metrics/index.js'
import { absDiff, exactPosterior } from '../reference/exact.js'
import { assertPositiveZero, mirror, valuesOf } from '../support/metric-asserts.js'

type Markers = Record<PosteriorMarker, Point>

/** A plausible upright subject seen from behind (their right on the image's right), integer pixels. */
const BASE: Readonly<Markers> = {
  lobulo_izq: [440, 170],
  lobulo_der: [560, 170],
  cervical_7: [500, 280],
  toracica_3: [500, 340],
  toracica_7: [500, 440],
  toracica_12: [500, 560],
  lumbar_5: [500, 680],
  espina_iliaca_posterosuperior_izq: [470, 700],
  espina_iliaca_posterosuperior_der: [530, 700],
  popliteo_izq: [440, 1050],
  popliteo_der: [560, 1050],
  aquiles_izq: [440, 1400],
  aquiles_der: [560, 1400],
  calcaneo_izq: [436, 1460],
  calcaneo_der: [564, 1460],
}
const CAL: Calibration = { lrv_x: 500, fc: 0.1 }

function markers(changes: Partial<Markers> = {}): Markers {
  return { ...BASE, ...changes }
}

function values(m: Markers, c: Calibration = CAL): Record<string, number> {
  return valuesOf(POSTERIOR_METRICS, m, c)
}

function anteriorValues(m: Record<AnteriorMarker, Point>, c: Calibration): Record<string, number> {
  return valuesOf(ANTERIOR_METRICS, m, c)
}

const ANGLES_AND_OFFSETS = [
  'coronal_balance_c7',
  'coronal_balance_t7',
  'coronal_balance_l5',
  'pelvis_angle',
  'head_angle',
  'coronal_balance_t3',
  'coronal_balance_t12',
]

describe('posterior metrics', () => {
  it('lists the metrics of docs/metrics.md in order', () => {
    assert.deepEqual(
      POSTERIOR_METRICS.map((m) => m.name),
      ['calcaneo_angle_left', 'calcaneo_angle_right', ...ANGLES_AND_OFFSETS],
    )
  })

  it('agrees with the decimal.js reference on the base posture', () => {
    const v = values(BASE)
    const ref = exactPosterior(BASE, CAL, false)
    assert.deepEqual(Object.keys(v), Object.keys(ref))
    for (const [name, value] of Object.entries(v)) {
      const r = ref[name]
      assert.ok(r !== null && r !== undefined, name)
      assert.ok(absDiff(value, r) <= 1e-12, `${name}: ${value} vs ${r.toString()}`)
    }
  })

  describe('signs (docs/metrics.md "positive means")', () => {
    it('the base posture is level and centred: offsets, pelvis and head angles are +0', () => {
      const v = values(BASE)
      for (const name of ANGLES_AND_OFFSETS) assertPositiveZero(v[name], name)
    })
    it('rearfoot angles > 0 in valgus (lower end of the calcaneus lateral), for both feet', () => {
      const v = values(BASE)
      // heel 4 px lateral over 60 px below a vertical leg: atan(4/60)
      const expected = (Math.atan2(4, 60) * 180) / Math.PI
      assert.equal(v.calcaneo_angle_right, expected)
      assert.equal(v.calcaneo_angle_left, expected)
      const varus = values(markers({ calcaneo_der: [556, 1460], calcaneo_izq: [444, 1460] }))
      assert.equal(varus.calcaneo_angle_right, -expected)
      assert.equal(varus.calcaneo_angle_left, -expected)
    })
    it('rearfoot angle is measured against the leg axis popliteo -> aquiles, not the vertical', () => {
      // leg axis leaning laterally by (20, 350), heel continuing it: 0
      assertPositiveZero(
        values(markers({ popliteo_der: [540, 1050], aquiles_der: [560, 1400], calcaneo_der: [564, 1470] }))
          .calcaneo_angle_right,
        'straight',
      )
    })
    it("coronal balances > 0 for vertebrae on the image right of the line (the subject's right)", () => {
      const v = values(markers({ cervical_7: [510, 280], toracica_7: [480, 440], lumbar_5: [501, 680] }), {
        lrv_x: 500,
        fc: 0.5,
      })
      assert.equal(v.coronal_balance_c7, 5)
      assert.equal(v.coronal_balance_t7, -10)
      assert.equal(v.coronal_balance_l5, 0.5)
    })
    it('pelvis_angle > 0 when the right PSIS is lower; head_angle > 0 when the right lobe is lower', () => {
      const v = values(markers({ espina_iliaca_posterosuperior_der: [530, 760], lobulo_der: [560, 180] }))
      assert.equal(v.pelvis_angle, 45)
      assert.ok(v.head_angle! > 0)
      const w = values(markers({ espina_iliaca_posterosuperior_izq: [470, 760], lobulo_izq: [440, 180] }))
      assert.equal(w.pelvis_angle, -45)
      assert.ok(w.head_angle! < 0)
    })
  })

  describe('mirror symmetry', () => {
    const POSTURE = markers({
      lobulo_izq: [441, 172],
      lobulo_der: [563, 168],
      cervical_7: [507, 280],
      toracica_7: [495, 440],
      lumbar_5: [491, 680],
      espina_iliaca_posterosuperior_izq: [470, 703],
      espina_iliaca_posterosuperior_der: [531, 698],
      popliteo_der: [566, 1050],
      calcaneo_der: [571, 1463],
      calcaneo_izq: [431, 1455],
    })
    it('the left-right mirrored posture negates every lateral sign and swaps the rearfoot angles', () => {
      const v = values(POSTURE, { lrv_x: 499, fc: 0.125 })
      const m = values(mirror(POSTURE, 1000, true), { lrv_x: 1000 - 499, fc: 0.125 })
      for (const name of ANGLES_AND_OFFSETS) {
        assert.notEqual(v[name], 0, name)
        assert.equal(m[name], -v[name]!, name)
      }
      assert.equal(m.calcaneo_angle_left, v.calcaneo_angle_right)
      assert.equal(m.calcaneo_angle_right, v.calcaneo_angle_left)
    })
    it('a posture photographed from the front and from behind gives the same signs', () => {
      // The same body seen from behind is the front photo mirrored, with every
      // marker keeping its side: right ear, right hip, right leg stay right.
      const front: Record<AnteriorMarker, Point> = {
        eminencia_frontal_media: [500, 100],
        espina_nasal: [493, 160],
        punto_mentoniano: [500, 200],
        tragus_der: [440, 157],
        tragus_izq: [560, 149],
        punto_acromion_der: [380, 300],
        punto_acromion_izq: [620, 300],
        escotadura_esternal: [500, 290],
        apendice_xifoides: [500, 420],
        ombligo: [500, 560],
        punto_sinfisis_pubiana: [500, 700],
        espina_iliaca_anterosuperior_der: [421, 646],
        espina_iliaca_anterosuperior_izq: [580, 640],
        centro_rotula_der: [440, 1000],
        centro_rotula_izq: [560, 1000],
        tat_der: [433, 1081],
        tat_izq: [566, 1079],
      }
      const W = 1000
      const back = markers()
      const mirrored = mirror(front, W, false)
      back.lobulo_der = mirrored.tragus_der
      back.lobulo_izq = mirrored.tragus_izq
      back.cervical_7 = mirrored.espina_nasal
      back.espina_iliaca_posterosuperior_der = mirrored.espina_iliaca_anterosuperior_der
      back.espina_iliaca_posterosuperior_izq = mirrored.espina_iliaca_anterosuperior_izq
      // the rearfoot chain has the shape of the Q-angle chain: both positive laterally
      back.popliteo_der = mirrored.espina_iliaca_anterosuperior_der
      back.aquiles_der = mirrored.centro_rotula_der
      back.calcaneo_der = mirrored.tat_der
      back.popliteo_izq = mirrored.espina_iliaca_anterosuperior_izq
      back.aquiles_izq = mirrored.centro_rotula_izq
      back.calcaneo_izq = mirrored.tat_izq

      const a = anteriorValues(front, { lrv_x: 502, fc: 0.2 })
      const p = values(back, { lrv_x: W - 502, fc: 0.2 })
      assert.ok(a.head_angle! > 0 && a.pelvis_angle! > 0 && a.dist_espina_nasal! > 0)
      assert.equal(p.head_angle, a.head_angle)
      assert.equal(p.pelvis_angle, a.pelvis_angle)
      assert.equal(p.coronal_balance_c7, a.dist_espina_nasal)
      assert.ok(a.q_angle_right! > 0 && a.q_angle_left! > 0)
      assert.equal(p.calcaneo_angle_right, a.q_angle_right)
      assert.equal(p.calcaneo_angle_left, a.q_angle_left)
    })
  })

  describe("exact values at the conventions' boundaries", () => {
    it('level pairs give +0, pairs in swapped image order give exactly 180', () => {
      const swapped = values(markers({ lobulo_izq: [560, 170], lobulo_der: [440, 170] }))
      assert.equal(swapped.head_angle, 180)
      assertPositiveZero(
        values(markers({ lobulo_izq: [1e-300, 1e-7], lobulo_der: [0.5, 1e-7] })).head_angle,
        'head_angle',
      )
    })
    it('a heel folded back up the leg gives exactly 180', () => {
      const v = values(markers({ calcaneo_der: [560, 1200], calcaneo_izq: [440, 1100] }))
      assert.equal(v.calcaneo_angle_right, 180)
      assert.equal(v.calcaneo_angle_left, 180)
    })
  })

  describe('coincident markers', () => {
    it('name the markers, where they are and the metric', () => {
      assert.deepEqual(evaluate(POSTERIOR_METRICS, markers({ popliteo_der: [560, 1400] }), CAL), {
        ok: false,
        problems: [{ markers: ['popliteo_der', 'aquiles_der'], at: [560, 1400], metrics: ['calcaneo_angle_right'] }],
      })
      assert.deepEqual(
        evaluate(
          POSTERIOR_METRICS,
          markers({ calcaneo_izq: [440, 1400], espina_iliaca_posterosuperior_der: [470, 700], lobulo_der: [440, 170] }),
          CAL,
        ),
        {
          ok: false,
          problems: [
            { markers: ['aquiles_izq', 'calcaneo_izq'], at: [440, 1400], metrics: ['calcaneo_angle_left'] },
            {
              markers: ['espina_iliaca_posterosuperior_der', 'espina_iliaca_posterosuperior_izq'],
              at: [470, 700],
              metrics: ['pelvis_angle'],
            },
            { markers: ['lobulo_der', 'lobulo_izq'], at: [440, 170], metrics: ['head_angle'] },
          ],
        },
      )
    })
  })
})
