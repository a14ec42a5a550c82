/**
 * What the metric tables declare about each metric, checked against what its
 * function does: the markers of its segments, and the marker of a plumb-line offset
 * (plumbMarker, which the marking app draws from), are the markers its value
 * depends on.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { markerNames, type View } from '#core/markers.js'
import { ANTERIOR_METRICS, LATERAL_METRICS, POSTERIOR_METRICS, POSTERIOR_METRICS_ESTIMATED, type Metric } from '#core/metrics/index.js'

type AnyMetric = Metric<string, any>

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
  names.forEach((n, i) => (base[n] = [100 + 37 * i, 50 + 61 * i]))
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
})
