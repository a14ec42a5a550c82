/**
 * The propagated uncertainty (web/src/metrics/uncertainty.ts) against a brute-force Monte
 * Carlo simulation: every placed point of a realistic assessment is jittered many
 * times (fixed seed), the metric tables are evaluated directly, and the spread of
 * each metric is compared with the first-order u. Also: exact cases worked by hand,
 * linearity in the placement error, and the ±180 / 0-360 seams.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { wrapDegrees } from '#core/geometry/angles.js'
import type { View } from '#core/markers.js'
import { forward, metricTable } from '#core/metrics/index.js'
import {
  DEFAULT_PLACEMENT_SD_PX,
  type Placement,
  type Point,
  parsePlacementSd,
  propagate,
  uncertaintiesOf,
} from '../../../../web/src/metrics/uncertainty.js'
import { FIGURES } from '../../fixtures/figure.js'

/** Samples per Monte Carlo run: the relative standard error of a sample SD is about 1/sqrt(2N) = 0.5 %. */
const SAMPLES = 20_000
/** Largest relative disagreement accepted between the propagated u and the simulated SD (6 standard errors). */
const TOLERANCE = 0.03

/** mulberry32: a small seeded generator, so every run draws the same samples. */
function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Standard normal deviates by Box-Muller. */
function normal(next: () => number): () => number {
  return () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next())
}

/**
 * The spread of every metric when each placed point moves by N(0, sd) per
 * coordinate: written from scratch against the metric tables (not through the
 * module under test), deviations from the unperturbed value wrapped for angles.
 */
function simulate(p: Placement, sd: number, seed: number, plumbLine = true): Record<string, number> {
  const gauss = normal(random(seed))
  const table = metricTable(p.view, p.estimatePopliteal)
  const context = (markers: Record<string, Point>, lrv: number, a: Point | null, b: Point | null): unknown => {
    const fc = a && b && p.scale ? p.scale.gridCm / Math.hypot(b[0] - a[0], b[1] - a[1]) : p.fc
    void markers
    // Lateral: the angles read only the forward direction, the distance from the line the calibration too.
    if (p.view === 'lateral') return { forward: forward(p.side ?? 'right'), lrv_x: lrv, fc }
    return { lrv_x: lrv, fc }
  }
  const base = table.map((m) =>
    m.compute(
      p.markers,
      context(p.markers as Record<string, Point>, p.lrvX ?? 0, p.scale?.a ?? null, p.scale?.b ?? null),
    ),
  )
  const sum = table.map(() => 0)
  const sumSq = table.map(() => 0)
  const jitter = (q: Point): Point => [q[0] + sd * gauss(), q[1] + sd * gauss()]
  for (let k = 0; k < SAMPLES; k++) {
    const markers: Record<string, Point> = {}
    for (const [name, q] of Object.entries(p.markers)) markers[name] = jitter(q)
    const lrv = (p.lrvX ?? 0) + (plumbLine ? sd * gauss() : 0)
    const a = p.scale ? jitter(p.scale.a) : null
    const b = p.scale ? jitter(p.scale.b) : null
    const c = context(markers, lrv, a, b)
    table.forEach((m, i) => {
      const raw = m.compute(markers, c) - base[i]!
      const d = m.unit === 'degrees' ? wrapDegrees(raw) : raw
      sum[i]! += d
      sumSq[i]! += d * d
    })
  }
  return Object.fromEntries(
    table.map((m, i) => {
      const mean = sum[i]! / SAMPLES
      return [m.name, Math.sqrt((sumSq[i]! - SAMPLES * mean * mean) / (SAMPLES - 1))]
    }),
  )
}

/** A figure's marker set as a placement: calibration from the ruler's two ends. */
function figurePlacement(view: View, zoom = 1): Placement {
  const f = FIGURES[view]
  const z = (q: readonly [number, number]): Point => [q[0] * zoom, q[1] * zoom]
  return {
    view,
    markers: Object.fromEntries(Object.entries(f.markers).map(([n, q]) => [n, z(q)])),
    ...(f.side ? { side: f.side } : {}),
    lrvX: f.lrvX * zoom,
    scale: { a: z(f.scale[0]), b: z(f.scale[1]), gridCm: f.scaleCm },
  }
}

function assertAgrees(p: Placement, sd: number, seed: number, plumbLine = true): void {
  const propagated = propagate(p, { sd, plumbLine })
  const simulated = simulate(p, sd, seed, plumbLine)
  assert.equal(propagated.length, metricTable(p.view, p.estimatePopliteal).length, 'every metric has a u')
  for (const m of propagated) {
    const s = simulated[m.name]!
    assert.ok(m.u > 0, `${m.name}: u > 0`)
    const rel = Math.abs(m.u - s) / s
    assert.ok(
      rel < TOLERANCE,
      `${p.view} ${m.name}: propagated ${m.u} vs simulated ${s} (${(rel * 100).toFixed(2)} % apart)`,
    )
  }
}

describe('propagated uncertainty agrees with a Monte Carlo simulation', () => {
  for (const view of ['anterior', 'posterior', 'lateral'] as const) {
    test(`${view} view, default placement error, figure photo (600 x 1000 px)`, () => {
      assertAgrees(figurePlacement(view), DEFAULT_PLACEMENT_SD_PX, 11)
    })
    test(`${view} view, 3 px on a phone-sized photo (3000 x 5000 px)`, () => {
      assertAgrees(figurePlacement(view, 5), 3, 12)
    })
  }
  test('posterior view with estimated popliteal points', () => {
    const p = figurePlacement('posterior')
    const markers = { ...p.markers }
    delete markers.popliteo_izq
    delete markers.popliteo_der
    assertAgrees({ ...p, markers, estimatePopliteal: true }, 2, 13)
  })
  test('lateral view, the other side toward the camera (mirrored figure)', () => {
    const p = figurePlacement('lateral')
    const markers = Object.fromEntries(Object.entries(p.markers).map(([n, q]) => [n, [600 - q[0], q[1]] as Point]))
    assertAgrees({ ...p, markers, side: 'right' }, 2, 14)
  })
  test('distances with fc typed in and the reference line taken as exact', () => {
    const p = figurePlacement('anterior')
    assertAgrees({ ...p, scale: null, fc: 0.1 }, 2, 15, false)
  })
})

describe('worked cases', () => {
  test('a plumb-line offset with fc typed in: u = fc * sd * sqrt(2) (marker and line), fc * sd without the line', () => {
    const p: Placement = { ...figurePlacement('anterior'), scale: null, fc: 0.1 }
    const withLine = uncertaintiesOf(p, { sd: 2 })
    const withoutLine = uncertaintiesOf(p, { sd: 2, plumbLine: false })
    assert.ok(Math.abs(withLine.dist_espina_nasal! - 0.1 * 2 * Math.SQRT2) < 1e-9)
    assert.ok(Math.abs(withoutLine.dist_espina_nasal! - 0.1 * 2) < 1e-9)
  })
  test('a left-right tilt: u = deg(sd * sqrt(2) / length) for two points a length apart', () => {
    // Level pair 100 px apart: only the y errors move the angle, each by deg(1/100) per px.
    const p: Placement = {
      ...figurePlacement('anterior'),
      markers: { ...figurePlacement('anterior').markers, tragus_der: [250, 130], tragus_izq: [350, 130] },
    }
    const u = uncertaintiesOf(p, { sd: 2 }).head_angle!
    assert.ok(Math.abs(u - ((2 * Math.SQRT2) / 100) * (180 / Math.PI)) < 1e-6, `u = ${u}`)
  })
  test('u is proportional to the placement error while the first-order u holds, and 0 for none', () => {
    // Every segment of the posterior figure is at least 40 px = LINEAR_MIN_SEGMENT_SDS * 2 px long.
    const p = figurePlacement('posterior')
    const one = uncertaintiesOf(p, { sd: 1 })
    const two = uncertaintiesOf(p, { sd: 2 })
    const none = uncertaintiesOf(p, { sd: 0 })
    for (const [name, u] of Object.entries(one)) {
      assert.ok(Math.abs(two[name]! - 2 * u) < 1e-9 * Math.max(1, u), name)
      assert.equal(none[name], 0)
    }
  })
  test('a larger photo of the same posture has smaller angle uncertainty', () => {
    const small = uncertaintiesOf(figurePlacement('lateral'), { sd: 2 })
    const large = uncertaintiesOf(figurePlacement('lateral', 4), { sd: 2 })
    assert.ok(Math.abs(large.knee_angle! - small.knee_angle! / 4) < 1e-6)
  })
  test('a negative or non-numeric placement error is refused', () => {
    assert.throws(() => propagate(figurePlacement('lateral'), { sd: -1 }), /placement error/)
    assert.throws(() => propagate(figurePlacement('lateral'), { sd: NaN }), /placement error/)
  })
  test('metrics that cannot be computed are left out, the others keep their u', () => {
    const p = figurePlacement('anterior')
    const markers = { ...p.markers, tragus_izq: p.markers.tragus_der! }
    const names = propagate({ ...p, markers }, { sd: 2 }).map((m) => m.name)
    assert.ok(!names.includes('head_angle'))
    assert.ok(names.includes('pelvis_angle'))
  })
  test('parsePlacementSd reads "2,5" and "2.5", refuses out-of-range and empty text', () => {
    assert.equal(parsePlacementSd('2,5'), 2.5)
    assert.equal(parsePlacementSd(' 2.5 '), 2.5)
    assert.equal(parsePlacementSd(''), null)
    assert.equal(parsePlacementSd('-1'), null)
    assert.equal(parsePlacementSd('abc'), null)
    assert.equal(parsePlacementSd('1000'), null)
  })
})

describe('angles at the seams', () => {
  test('a tilt near ±180 (pair marked the wrong way round) gets the same u as the level pair, and matches a simulation', () => {
    const base = figurePlacement('anterior')
    const level: Placement = { ...base, markers: { ...base.markers, tragus_der: [250, 130], tragus_izq: [350, 130] } }
    const flipped: Placement = {
      ...base,
      markers: { ...base.markers, tragus_der: [350, 130], tragus_izq: [250, 130.2] },
    }
    const uLevel = uncertaintiesOf(level, { sd: 2 }).head_angle!
    const uFlipped = uncertaintiesOf(flipped, { sd: 2 }).head_angle!
    assert.ok(Math.abs(uLevel - uFlipped) < 1e-3, `${uLevel} vs ${uFlipped}`)
    assert.ok(uFlipped < 5, 'no 360-degree jump')
    assertAgrees(flipped, 2, 21)
  })
  test('an elbow angle near 0/360 (forearm folded onto the upper arm) matches a simulation', () => {
    const base = figurePlacement('lateral')
    const e = base.markers.punto_epicondilo!
    const a = base.markers.punto_acromion!
    // The hand lies on the line from the epicondyle to the acromion: the turn is about 0, read as 0 or 360.
    const hand: Point = [e[0] + (a[0] - e[0]) * 0.6, e[1] + (a[1] - e[1]) * 0.6]
    const p: Placement = { ...base, markers: { ...base.markers, base_3er_metacarpiano: hand } }
    const u = uncertaintiesOf(p, { sd: 2 }).elbow_angle!
    assert.ok(u > 0 && u < 5, `u = ${u}`)
    assertAgrees(p, 2, 22)
  })
})

describe('small photos: the shown u is never below the simulated spread', () => {
  // 160 px wide (the 160 x 320 px photo): short segments, where the first-order u alone fell 5-7 % short.
  for (const [i, view] of (['anterior', 'posterior', 'lateral'] as const).entries()) {
    for (const sd of [2, 3]) {
      test(`${view} view, ${sd} px on a 160 px wide photo`, () => {
        const p = figurePlacement(view, 160 / 600)
        const simulated = simulate(p, sd, 31 + i * 2 + sd)
        for (const m of propagate(p, { sd })) {
          const s = simulated[m.name]!
          // 3 standard errors of the simulated SD below it at most; not more than 10 % above it.
          assert.ok(
            m.u >= s * (1 - 3 / Math.sqrt(2 * SAMPLES)),
            `${view} ${m.name}: shown ${m.u} is below the simulated ${s} (${((m.u / s) * 100).toFixed(1)} %)`,
          )
          assert.ok(m.u <= s * 1.1, `${view} ${m.name}: shown ${m.u} is more than 10 % above the simulated ${s}`)
        }
      })
    }
  }
})
