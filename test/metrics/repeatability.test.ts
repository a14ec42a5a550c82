/**
 * The published repeatability table (core/metrics/repeatability.ts) against the metric
 * tables: every entry names a metric of its view, its figures are in the metric's unit
 * range and cite a source, at most one entry per metric judges changes and only one
 * with an MDC, and a metric without an entry says it has no published figure.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { VIEWS, type View } from '#core/markers.js'
import {
  judgingPublication,
  metricTable,
  PUBLISHED_REPEATABILITY,
  publishedRepeatability,
} from '#core/metrics/index.js'

const VIEW_LIST = Object.keys(VIEWS) as View[]
const names = (view: View) => new Set([...metricTable(view, false), ...metricTable(view, true)].map((m) => m.name))

describe('published repeatability', () => {
  it('every entry names a metric of its view and cites its source', () => {
    for (const p of PUBLISHED_REPEATABILITY) {
      assert.ok(names(p.view).has(p.metric), `${p.view}/${p.metric}`)
      assert.match(p.source, /doi:10\.|PMC\d+/, p.metric)
      assert.ok(p.cite.length > 0 && p.population.length > 0 && p.method.length > 0 && p.definition.length > 0)
      for (const v of [p.mdc95, p.sem]) assert.ok(v === null || (v > 0 && v < 90), `${p.metric}: ${v}`)
      assert.ok(p.icc === null || (p.icc > 0 && p.icc <= 1))
    }
  })

  it('at most one entry per metric judges changes, and it has an MDC95', () => {
    for (const view of VIEW_LIST)
      for (const metric of names(view)) {
        const judging = publishedRepeatability(view, metric).filter((p) => p.judges)
        assert.ok(judging.length <= 1, `${view}/${metric}`)
        if (judging.length === 1) {
          assert.notEqual(judging[0]!.mdc95, null)
          assert.equal(judgingPublication(view, metric), judging[0])
        } else assert.equal(judgingPublication(view, metric), undefined)
      }
  })

  it('the craniovertebral angle is judged by the inter-rater MDC95 of Gallego-Izquierdo et al. 2020', () => {
    const p = judgingPublication('lateral', 'head_angle_horizontal')!
    assert.equal(p.mdc95, 5.52)
    assert.equal(p.design, 'inter_rater')
    // A metric with no study says so: an empty list.
    assert.deepEqual(publishedRepeatability('anterior', 'head_angle'), [])
  })
})
