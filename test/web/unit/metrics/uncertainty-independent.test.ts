/**
 * An independent check of the propagated u (web/src/metrics/uncertainty.ts): the
 * first-order law of propagation written again here, not through the module under
 * test, for every metric of every view, with a ruler and with the subject's stature
 * as the scale (whose own u, STATURE_U_CM, enters every distance of every view:
 * docs/uncertainty.md, "The calibration (fc)").
 *
 * The Jacobian is taken over every input the value reads (each marker's x and y, the
 * reference line's x, the two scale points and the scale's length) by central
 * differences refined twice by Richardson extrapolation (error of order h^6, rounding
 * far below 1e-9), and the stature's column is also checked against its analytic
 * form (d / L for a distance, 0 for an angle). Every placement here has segments at
 * least LINEAR_MIN_SEGMENT_SDS * sd long, so the app shows the first-order u alone and
 * both must agree to 1e-9 relative.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { wrapDegrees } from '#core/geometry/angles.js'
import type { View } from '#core/markers.js'
import { type AnyMetric, forward, metricTable } from '#core/metrics/index.js'
import { type Placement, type Point, propagate, STATURE_U_CM } from '../../../../web/src/metrics/uncertainty.js'
import { FIGURES } from '../../fixtures/figure.js'

/** Relative agreement required between the app's u and this one. */
const AGREE = 1e-9

/** The inputs of one placement as a flat vector, with a setter to rebuild the value from it. */
interface Inputs {
  readonly theta: number[]
  /** Standard uncertainty of each input. */
  readonly u: number[]
  /** Index of the scale's length (the stature) in theta, or -1. */
  readonly lengthAt: number
  readonly value: (metric: AnyMetric, theta: readonly number[]) => number
}

function inputsOf(p: Placement, sd: number): Inputs {
  const names = Object.keys(p.markers)
  const theta: number[] = []
  const u: number[] = []
  for (const n of names) {
    theta.push(p.markers[n]![0], p.markers[n]![1])
    u.push(sd, sd)
  }
  const lrvAt = typeof p.lrvX === 'number' ? theta.push(p.lrvX) - 1 : -1
  if (lrvAt >= 0) u.push(sd)
  const scaleAt = p.scale ? theta.push(...p.scale.a, ...p.scale.b) - 4 : -1
  if (p.scale) u.push(sd, sd, sd, sd)
  const lengthAt = p.scale ? theta.push(p.scale.gridCm) - 1 : -1
  if (p.scale) u.push(p.scale.lengthU ?? 0)
  const value = (metric: AnyMetric, t: readonly number[]): number => {
    const markers: Record<string, Point> = {}
    names.forEach((n, i) => {
      markers[n] = [t[2 * i]!, t[2 * i + 1]!]
    })
    const fc =
      scaleAt >= 0
        ? t[lengthAt]! / Math.hypot(t[scaleAt + 2]! - t[scaleAt]!, t[scaleAt + 3]! - t[scaleAt + 1]!)
        : (p.fc ?? NaN)
    const lrv_x = lrvAt >= 0 ? t[lrvAt]! : NaN
    const context = p.view === 'lateral' ? { forward: forward(p.side ?? 'right'), lrv_x, fc } : { lrv_x, fc }
    return metric.compute(markers, context)
  }
  return { theta, u, lengthAt, value }
}

/** ∂f/∂θ_i: central differences at h, h/2, h/4, extrapolated twice (Richardson). */
function derivative(
  f: (t: readonly number[]) => number,
  theta: readonly number[],
  i: number,
  h: number,
  angle: boolean,
): number {
  const base = f(theta)
  const at = (d: number): number => {
    const t = theta.slice()
    t[i] = theta[i]! + d
    const raw = f(t) - base
    return angle ? wrapDegrees(raw) : raw
  }
  const central = (s: number): number => (at(s) - at(-s)) / (2 * s)
  const d1 = central(h)
  const d2 = central(h / 2)
  const d4 = central(h / 4)
  const r1 = (4 * d2 - d1) / 3
  const r2 = (4 * d4 - d2) / 3
  return (16 * r2 - r1) / 15
}

/** u of every metric of the placement's view, by the law of propagation on this file's own Jacobian. */
function independentU(p: Placement, sd: number): Map<string, { u: number; dLength: number; value: number }> {
  const inputs = inputsOf(p, sd)
  const out = new Map<string, { u: number; dLength: number; value: number }>()
  for (const metric of metricTable(p.view, p.estimatePopliteal)) {
    const f = (t: readonly number[]) => inputs.value(metric, t)
    const value = f(inputs.theta)
    let variance = 0
    let dLength = 0
    inputs.theta.forEach((_, i) => {
      // Pixels: a 0.05 px step; the length (cm): a step of 1e-4 of it.
      const h = i === inputs.lengthAt ? inputs.theta[i]! * 1e-4 : 0.05
      const d = derivative(f, inputs.theta, i, h, metric.unit === 'degrees')
      if (i === inputs.lengthAt) dLength = d
      variance += (d * inputs.u[i]!) ** 2
    })
    out.set(metric.name, { u: Math.sqrt(variance), dLength, value })
  }
  return out
}

/** A figure's markers, zoomed; the scale a 40 cm ruler, or the subject's stature (top of the head to the floor). */
function placement(view: View, zoom: number, scale: 'ruler' | 'stature', side?: 'left' | 'right'): Placement {
  const f = FIGURES[view]
  const z = (q: readonly [number, number]): Point => [q[0] * zoom, q[1] * zoom]
  let markers = Object.fromEntries(Object.entries(f.markers).map(([n, q]) => [n, z(q)]))
  if (side && side !== f.side) {
    markers = Object.fromEntries(Object.entries(markers).map(([n, q]) => [n, [f.width * zoom - q[0], q[1]] as Point]))
  }
  return {
    view,
    markers,
    ...(f.side ? { side: side ?? f.side } : {}),
    lrvX: f.lrvX * zoom,
    scale:
      scale === 'ruler'
        ? { a: z(f.scale[0]), b: z(f.scale[1]), gridCm: f.scaleCm }
        : { a: z([301, 30]), b: z([298, 975]), gridCm: 168.5, lengthU: STATURE_U_CM },
  }
}

function assertAgrees(p: Placement, sd: number): void {
  const app = propagate(p, { sd })
  const mine = independentU(p, sd)
  assert.equal(app.length, mine.size, 'every metric has a u')
  let distances = 0
  for (const m of app) {
    const expected = mine.get(m.name)!
    assert.ok(expected.u > 0, `${m.name}: u > 0`)
    const rel = Math.abs(m.u - expected.u) / expected.u
    assert.ok(rel < AGREE, `${p.view} ${m.name}: the app's u ${m.u} vs ${expected.u} (${rel.toExponential(2)} apart)`)
    // The length's column, analytically: a distance is proportional to fc = L / span, so ∂d/∂L = d / L; an angle does not read it.
    const analytic = m.unit === 'cm' ? expected.value / p.scale!.gridCm : 0
    assert.ok(
      Math.abs(expected.dLength - analytic) <= AGREE * Math.max(Math.abs(analytic), 1e-12),
      `${m.name}: ∂/∂L ${expected.dLength} vs ${analytic}`,
    )
    if (m.unit === 'cm') distances++
  }
  assert.ok(distances > 0, 'the view has a distance')
}

describe('the propagated u agrees with an independent propagation to 1e-9', () => {
  const cases: [string, View, ('left' | 'right')?, boolean?][] = [
    ['anterior', 'anterior'],
    ['posterior', 'posterior'],
    ['posterior, estimated popliteal points', 'posterior', undefined, true],
    ['lateral, left side', 'lateral', 'left'],
    ['lateral, right side', 'lateral', 'right'],
  ]
  for (const [label, view, side, estimate] of cases) {
    for (const scale of ['ruler', 'stature'] as const) {
      for (const [zoom, sd] of [
        [1, 1],
        [5, 3],
      ] as const) {
        test(`${label}, ${scale}, ${600 * zoom} px wide photo, sd ${sd} px`, () => {
          let p = placement(view, zoom, scale, side)
          if (estimate) {
            const markers = { ...p.markers }
            delete markers.popliteo_izq
            delete markers.popliteo_der
            p = { ...p, markers, estimatePopliteal: true }
          }
          assertAgrees(p, sd)
        })
      }
    }
  }
})
