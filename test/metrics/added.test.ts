/**
 * The metrics added after the specification's (docs/metrics.md, "Added metrics") on
 * hand-made hard cases: exact 0, 90 and 180 degrees, coordinates near the 1e9 px
 * limit, segments of 1e-6 px; each value within 1e-12 of the decimal.js reference
 * (test/reference, written from docs/metrics.md), and the sign meanings of the docs.
 * The property-based sweep over the generated cases is precision.test.ts.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Point } from '#core/geometry/angles.js'
import type { AnteriorMarker, LateralMarker, PosteriorMarker, Side } from '#core/markers.js'
import {
  ANTERIOR_METRICS,
  type Calibration,
  evaluate,
  forward,
  LATERAL_METRICS,
  POSTERIOR_METRICS,
} from '#core/metrics/index.js'
import { type ExactMetrics, exact, exactAnterior, exactLateral, exactPosterior } from '../reference/exact.js'
import { mirror, valuesOf } from '../support/metric-asserts.js'

const ANTERIOR_ADDED = [
  'shoulder_angle',
  'shoulder_pelvis_angle',
  'tibial_tuberosity_angle',
  'dist_apendice_xifoides',
  'dist_ombligo',
]
const POSTERIOR_ADDED = ['coronal_balance_t3', 'coronal_balance_t12']
const LATERAL_ADDED = ['head_angle_vertical', 'hip_angle', 'ankle_angle', 'body_angle_vertical', 'dist_apex_lumbar']

/** Every value within 1e-12 of the reference (relative 1e-14 where |exact| >= 1000, as precision.test.ts). */
function assertAgrees(values: Record<string, number>, ref: ExactMetrics, what: string): void {
  assert.deepEqual(Object.keys(values), Object.keys(ref), what)
  for (const [name, value] of Object.entries(values)) {
    const r = ref[name]
    assert.ok(r !== null && r !== undefined, `${what}: ${name} defined in the reference`)
    const diff = exact(value).minus(r).abs()
    const bound = r.abs().gte(1000) ? r.abs().times(1e-14) : 1e-12
    assert.ok(diff.lte(bound), `${what}: ${name} = ${value}, exact ${r.toString()}`)
  }
}

/** Moves every marker by (dx, dy) and scales about the origin by k (k a power of two keeps the arithmetic exact). */
function placed<M extends string>(m: Record<M, Point>, k: number, dx: number, dy: number): Record<M, Point> {
  const out = {} as Record<M, Point>
  for (const [name, [x, y]] of Object.entries(m) as [M, Point][]) out[name] = [x * k + dx, y * k + dy]
  return out
}

// ---------------------------------------------------------------------------

type Anterior = Record<AnteriorMarker, Point>
const ANTERIOR: Anterior = {
  eminencia_frontal_media: [500, 100],
  espina_nasal: [500, 160],
  punto_mentoniano: [500, 200],
  tragus_der: [440, 150],
  tragus_izq: [560, 150],
  punto_acromion_der: [380, 300],
  punto_acromion_izq: [620, 300],
  escotadura_esternal: [500, 290],
  apendice_xifoides: [503, 420],
  ombligo: [497, 560],
  punto_sinfisis_pubiana: [500, 700],
  espina_iliaca_anterosuperior_der: [420, 640],
  espina_iliaca_anterosuperior_izq: [580, 640],
  centro_rotula_der: [440, 1000],
  centro_rotula_izq: [560, 1000],
  tat_der: [436, 1080],
  tat_izq: [564, 1080],
}
const CAL: Calibration = { lrv_x: 500, fc: 0.1 }

function anterior(m: Anterior, c: Calibration = CAL): Record<string, number> {
  const v = valuesOf(ANTERIOR_METRICS, m, c)
  assertAgrees(v, exactAnterior(m, c), 'anterior')
  return v
}

describe('added anterior metrics', () => {
  it('level shoulders, pelvis and tuberosities: exactly 0; signs as docs/metrics.md says', () => {
    const v = anterior(ANTERIOR)
    for (const name of ['shoulder_angle', 'shoulder_pelvis_angle', 'tibial_tuberosity_angle'])
      assert.ok(Object.is(v[name], 0), name)
    // The subject faces the camera: their right is the image's left, so x 503 is 0.3 cm to their LEFT.
    assert.equal(v.dist_apendice_xifoides, -0.30000000000000004)
    assert.equal(v.dist_ombligo, 0.30000000000000004)
    // Right acromion lower: positive; the pelvis line then turns back to level: negative shoulder_pelvis_angle.
    const drop = anterior({ ...ANTERIOR, punto_acromion_der: [380, 310] })
    assert.ok(drop.shoulder_angle! > 0 && drop.shoulder_pelvis_angle! < 0)
    assert.ok(Math.abs(drop.shoulder_pelvis_angle! - (drop.pelvis_angle! - drop.shoulder_angle!)) < 1e-12)
    // docs/metrics.md, worked example.
    assert.equal(drop.shoulder_angle, 2.3859440303888126)
    // Right tuberosity lower: positive.
    assert.ok(anterior({ ...ANTERIOR, tat_der: [436, 1090] }).tibial_tuberosity_angle! > 0)
  })

  it('parallel, opposite and perpendicular lines: shoulder_pelvis_angle exactly 0, 180 and 90', () => {
    const tilted = {
      ...ANTERIOR,
      punto_acromion_izq: [620, 280] as Point,
      espina_iliaca_anterosuperior_izq: [580, 640 - 20 * (160 / 240)] as Point,
    }
    assert.equal(anterior({ ...tilted, espina_iliaca_anterosuperior_izq: [660, 620] }).shoulder_pelvis_angle, 0)
    // The ASIS marked the other way round: the line points the opposite way.
    assert.equal(anterior({ ...ANTERIOR, espina_iliaca_anterosuperior_izq: [260, 640] }).shoulder_pelvis_angle, 180)
    assert.equal(anterior({ ...ANTERIOR, espina_iliaca_anterosuperior_izq: [420, 560] }).shoulder_pelvis_angle, 90)
  })

  it('near the 1e9 px limit and with 1e-6 px segments: within 1e-12 of the reference', () => {
    for (const [k, dx, dy] of [
      [1, 999_000_000, -999_000_000],
      [1, -1e9 + 2000, 1e9 - 2000],
      [2 ** -28, 0, 0], // the whole body a few micro-pixels tall: segments near 1e-6 px
      [2 ** -28, 123.456, 789.012],
    ] as const) {
      anterior(placed(ANTERIOR, k, dx, dy), { lrv_x: 500 * k + dx, fc: 0.1 / k })
      anterior(placed({ ...ANTERIOR, punto_acromion_der: [380, 300.000001], tat_izq: [564, 1080 - 1e-6] }, k, dx, dy), {
        lrv_x: dx,
        fc: 0.1,
      })
    }
  })

  it('coincident acromions: shoulder_angle and shoulder_pelvis_angle undefined, the pair named', () => {
    const result = evaluate(ANTERIOR_METRICS, { ...ANTERIOR, punto_acromion_izq: [380, 300] }, CAL)
    assert.deepEqual(result, {
      ok: false,
      problems: [
        {
          markers: ['punto_acromion_der', 'punto_acromion_izq'],
          at: [380, 300],
          metrics: ['shoulder_angle', 'shoulder_pelvis_angle'],
        },
      ],
    })
  })

  it("appends the added fields after the specification's, which keep their order", () => {
    assert.deepEqual(
      ANTERIOR_METRICS.slice(8).map((m) => m.name),
      ANTERIOR_ADDED,
    )
  })
})

// ---------------------------------------------------------------------------

type Posterior = Record<PosteriorMarker, Point>
const POSTERIOR: Posterior = {
  lobulo_izq: [440, 150],
  lobulo_der: [560, 150],
  cervical_7: [500, 250],
  toracica_3: [502, 320],
  toracica_7: [500, 420],
  toracica_12: [497, 560],
  lumbar_5: [500, 690],
  espina_iliaca_posterosuperior_izq: [460, 700],
  espina_iliaca_posterosuperior_der: [540, 700],
  popliteo_izq: [440, 1000],
  popliteo_der: [560, 1000],
  aquiles_izq: [440, 1250],
  aquiles_der: [560, 1250],
  calcaneo_izq: [440, 1300],
  calcaneo_der: [560, 1300],
}

describe('added posterior metrics', () => {
  it("T3 and T12 offsets: positive to the subject's right (the image's right from behind), exact at the limits", () => {
    const v = valuesOf(POSTERIOR_METRICS, POSTERIOR, CAL)
    assertAgrees(v, exactPosterior(POSTERIOR, CAL, false), 'posterior')
    assert.equal(v.coronal_balance_t3, 0.2)
    assert.equal(v.coronal_balance_t12, -0.30000000000000004)
    assert.ok(
      Object.is(valuesOf(POSTERIOR_METRICS, { ...POSTERIOR, toracica_3: [500, 320] }, CAL).coronal_balance_t3, 0),
    )
    for (const [k, dx] of [
      [1, 999_000_000],
      [2 ** -28, -3.5],
    ] as const) {
      const m = placed(POSTERIOR, k, dx, 0)
      const c = { lrv_x: 500 * k + dx, fc: 0.1 }
      assertAgrees(valuesOf(POSTERIOR_METRICS, m, c), exactPosterior(m, c, false), `posterior at ${k}, ${dx}`)
    }
    assert.deepEqual(
      POSTERIOR_METRICS.slice(7).map((m) => m.name),
      POSTERIOR_ADDED,
    )
  })
})

// ---------------------------------------------------------------------------

type Lateral = Record<LateralMarker, Point>
/** Right side to the camera (facing image right), standing straight: acromion, trochanter, condyle and malleolus on one vertical. */
const LATERAL: Lateral = {
  tragus: [540, 150],
  apex_cervical: [500, 250],
  punto_acromion: [500, 300],
  punto_epicondilo: [500, 500],
  base_3er_metacarpiano: [520, 640],
  apex_lumbar: [530, 600],
  trocanter_mayor: [500, 700],
  tuberculo_condilo_externo: [500, 1000],
  borde_anterior_maleolo: [500, 1300],
}

function lateral(m: Lateral, side: Side = 'right', c: Calibration = { lrv_x: 480, fc: 0.1 }): Record<string, number> {
  const v = valuesOf(LATERAL_METRICS, m, { forward: forward(side), ...c })
  assertAgrees(v, exactLateral(m, c, side), `lateral ${side}`)
  return v
}

describe('added lateral metrics', () => {
  it('standing straight: hip exactly 180, ankle exactly 90, body vertical exactly 0; head forward positive', () => {
    for (const side of ['right', 'left'] as const) {
      const m = side === 'right' ? LATERAL : mirror(LATERAL, 1000, false)
      const v = lateral(m, side, { lrv_x: side === 'right' ? 480 : 520, fc: 0.1 })
      assert.equal(v.hip_angle, 180)
      assert.equal(v.ankle_angle, 90)
      assert.ok(Object.is(v.body_angle_vertical, 0))
      assert.equal(v.head_angle_vertical, 14.93141717813755) // deg(atan2(40, 150)): tragus 40 px in front of, 150 px above the acromion
      assert.equal(v.dist_apex_lumbar, 5) // 50 px in front of the line
    }
  })

  it('signs: trunk forward flexes the hip; knee forward lowers the ankle angle; whole body forward is positive', () => {
    const leanForward = lateral({ ...LATERAL, punto_acromion: [560, 310] })
    assert.ok(leanForward.hip_angle! < 180 && leanForward.body_angle_vertical! > 0)
    const kneeForward = lateral({ ...LATERAL, tuberculo_condilo_externo: [540, 1000] })
    assert.ok(kneeForward.ankle_angle! < 90)
    const leanBack = lateral({ ...LATERAL, punto_acromion: [450, 310] })
    assert.ok(leanBack.hip_angle! > 180 && leanBack.body_angle_vertical! < 0)
    assert.ok(lateral({ ...LATERAL, tragus: [480, 150] }).head_angle_vertical! < 0)
  })

  it('trunk folded onto the thigh: hip exactly 0; at the 1e9 px limit and on 1e-6 px segments, within 1e-12', () => {
    assert.equal(lateral({ ...LATERAL, punto_acromion: [500, 900] }).hip_angle, 0)
    for (const [k, dx, dy] of [
      [1, 999_000_000, 999_000_000],
      [2 ** -28, 0, 0],
      [2 ** -28, -0.75, 0.5],
    ] as const) {
      const m = placed({ ...LATERAL, punto_acromion: [500 + 1e-6, 300], tragus: [500, 150] }, k, dx, dy)
      for (const side of ['right', 'left'] as const) lateral(m, side, { lrv_x: 480 * k + dx, fc: 0.1 / k })
    }
  })

  it('coincident trochanter and acromion: trunk and hip angles undefined, the pair named once', () => {
    const result = evaluate(
      LATERAL_METRICS,
      { ...LATERAL, punto_acromion: [500, 700] },
      { forward: 1, lrv_x: 480, fc: 0.1 },
    )
    assert.deepEqual(result, {
      ok: false,
      problems: [
        {
          markers: ['trocanter_mayor', 'punto_acromion'],
          at: [500, 700],
          metrics: ['trunk_angle_vertical', 'hip_angle'],
        },
      ],
    })
    assert.deepEqual(
      LATERAL_METRICS.slice(4).map((m) => m.name),
      LATERAL_ADDED,
    )
  })
})
