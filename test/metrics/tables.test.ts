/**
 * What the metric tables declare about each metric, checked against what its
 * function does: the markers of its segments, and the marker of a plumb-line offset
 * (plumbMarker, which the marking app draws from), are the markers its value
 * depends on; its values lie in its declared range. And metricTable, the one choice
 * of a view's table.
 */

import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import { markerNames, type View } from '#core/markers.js'
import {
  ANTERIOR_METRICS,
  type AnyMetric,
  inRange,
  LATERAL_METRICS,
  metricTable,
  POSTERIOR_METRICS,
  POSTERIOR_METRICS_ESTIMATED,
  showsSign,
  VALUE_RANGES,
} from '#core/metrics/index.js'

const TABLES: [string, View, readonly AnyMetric[]][] = [
  ['anterior', 'anterior', ANTERIOR_METRICS],
  ['posterior', 'posterior', POSTERIOR_METRICS],
  ['posterior (estimated popliteal)', 'posterior', POSTERIOR_METRICS_ESTIMATED],
  ['lateral', 'lateral', LATERAL_METRICS],
]

/** The markers whose move changes the metric's value, found by moving each in turn. */
function dependencies(metric: AnyMetric, view: View): string[] {
  const names = markerNames(view) as readonly string[]
  const base: Record<string, [number, number]> = {}
  for (const [i, n] of names.entries()) base[n] = [100 + 37 * i, 50 + 61 * i]
  const context = { lrv_x: 7, fc: 0.5, forward: 1 }
  const before = metric.compute(base, context)
  return names.filter((n) => {
    const [x, y] = base[n]!
    return metric.compute({ ...base, [n]: [x + 11, y - 5] }, context) !== before
  })
}

describe('metric tables', () => {
  for (const [label, view, metrics] of TABLES) {
    it(`${label}: each distance names its plumb-line marker, each angle its segments`, () => {
      for (const metric of metrics) {
        const depends = dependencies(metric, view)
        if (metric.unit === 'cm') {
          assert.ok(metric.plumbMarker, `${metric.name} declares plumbMarker`)
          assert.deepEqual(depends, [metric.plumbMarker], metric.name)
          assert.deepEqual(metric.segments, [], metric.name)
        } else {
          assert.equal(metric.plumbMarker, undefined, metric.name)
          assert.deepEqual(depends.sort(), [...new Set(metric.segments.flat())].sort(), metric.name)
        }
      }
    })
  }

  for (const [label, view, metrics] of TABLES) {
    it(`${label}: every value lies in the metric's declared range, in its unit`, () => {
      const names = markerNames(view) as readonly string[]
      const coordinate = fc.double({ min: -1e4, max: 1e4, noNaN: true })
      fc.assert(
        fc.property(
          fc.array(fc.tuple(coordinate, coordinate), { minLength: names.length, maxLength: names.length }),
          fc.boolean(),
          (points, right) => {
            const markers = Object.fromEntries(names.map((n, i) => [n, points[i]!]))
            const context = { lrv_x: 3, fc: 0.25, forward: right ? 1 : -1 }
            for (const metric of metrics) {
              assert.equal(VALUE_RANGES[metric.range].unit, metric.unit, `${metric.name}: range and unit agree`)
              const value = metric.compute(markers, context)
              if (!Number.isNaN(value))
                assert.ok(inRange(metric.range, value), `${metric.name} = ${value} is in ${metric.range}`)
            }
          },
        ),
        { numRuns: 300, seed: 7 },
      )
    })
  }
  it('shows every value with a sign except the full turns (joint angles read 0 to 360)', () => {
    const unsigned = TABLES.flatMap(([, , metrics]) => metrics.filter((m) => !showsSign(m)).map((m) => m.name))
    assert.deepEqual(unsigned, ['elbow_angle', 'knee_angle', 'hip_angle'])
  })
})

describe('metricTable', () => {
  it("is each view's table, the posterior one by estimate_popliteal", () => {
    assert.equal(metricTable('anterior'), ANTERIOR_METRICS)
    assert.equal(metricTable('lateral', true), LATERAL_METRICS)
    assert.equal(metricTable('posterior'), POSTERIOR_METRICS)
    assert.equal(metricTable('posterior', true), POSTERIOR_METRICS_ESTIMATED)
  })
})
