/**
 * Every marker the clinician places feeds the answer (issue 16): against the real
 * service process, each required marker of each view's example request is moved a
 * few pixels, and at least one value of the answer must change. And every metric's
 * segments, made coincident, give the structured 422 (`undefined_geometry`) that
 * names the metric, the added metrics as much as the specification's.
 */

import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { markerNames, type View } from '#core/markers.js'
import { ANTERIOR_METRICS, LATERAL_METRICS, POSTERIOR_METRICS } from '#core/metrics/index.js'
import { EXAMPLES } from '../../src/api/examples.js'
import { ROOT } from '../support/paths.js'
import { type ServerProcess, startServer } from '../support/server-process.js'

let service: ServerProcess

before(async () => {
  service = await startServer({ name: 'service', script: 'dist/src/main.js', env: { LOG_LEVEL: 'warn' } }, ROOT)
})

after(async () => {
  await service?.stop()
})

interface Answer {
  readonly status: number
  readonly body: Record<string, unknown>
}

async function analyze(view: View, body: unknown): Promise<Answer> {
  const response = await fetch(`${service.url}/api/analyze/${view}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

/** The example request with one marker replaced. */
function withMarker(view: View, name: string, point: readonly [number, number]): unknown {
  const example = EXAMPLES[view]
  return { ...example, markers: { ...example.markers, [name]: point } }
}

const TABLES = { anterior: ANTERIOR_METRICS, posterior: POSTERIOR_METRICS, lateral: LATERAL_METRICS } as const
const VIEWS = Object.keys(TABLES) as View[]

describe('every required marker feeds the answer (real service)', () => {
  for (const view of VIEWS) {
    it(`${view}: moving any one marker by a few pixels changes at least one value`, async () => {
      const base = await analyze(view, EXAMPLES[view])
      assert.equal(base.status, 200)
      const markers = EXAMPLES[view].markers as Record<string, readonly [number, number]>
      // The example's posterior request has estimate_popliteal false: every marker of the view is required.
      const names = markerNames(view)
      assert.deepEqual(Object.keys(markers).sort(), [...names].sort())
      const unused: string[] = []
      await Promise.all(
        names.map(async (name) => {
          const [x, y] = markers[name]!
          // Both directions, one at a time: a move along a line's own direction may leave its angle unchanged.
          for (const moved of [[x + 3, y] as const, [x, y - 3] as const]) {
            const answer = await analyze(view, withMarker(view, name, moved))
            assert.equal(answer.status, 200, JSON.stringify(answer.body))
            if (Object.keys(base.body).some((field) => answer.body[field] !== base.body[field])) return
          }
          unused.push(name)
        }),
      )
      assert.deepEqual(unused, [], `markers that change no value of the ${view} answer`)
    })
  }
})

describe('coincident markers of any metric: the structured 422 naming it (real service)', () => {
  for (const view of VIEWS) {
    it(`${view}: each metric's segments, one at a time`, async () => {
      for (const metric of TABLES[view]) {
        for (const [a, b] of metric.segments) {
          const markers = EXAMPLES[view].markers as Record<string, readonly [number, number]>
          const answer = await analyze(view, withMarker(view, b, markers[a]!))
          assert.equal(answer.status, 422, `${metric.name}: ${a} on ${b}`)
          const detail = answer.body.detail as {
            type: string
            ctx: { markers: string[]; at: number[]; metrics: string[] }
          }[]
          const entry = detail.find((d) => d.ctx.metrics.includes(metric.name))
          assert.ok(entry, `${metric.name} named in ${JSON.stringify(detail)}`)
          assert.equal(entry.type, 'undefined_geometry')
          assert.deepEqual([...entry.ctx.markers].sort(), [a, b].sort())
          assert.deepEqual(entry.ctx.at, markers[a])
        }
      }
    })
  }
})
