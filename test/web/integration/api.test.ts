/**
 * Unit tests of web/src/service/api.ts against the real service (buildApp on a free port):
 * the values of a valid request, a 422 turned into problems placed by marker, an
 * unreachable service, an aborted call, and the health check.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { analyze, health, placesOf } from '../../../web/src/service/api.js'
import { requestOf } from '../../../web/src/state/model.js'
import { type Service, startService } from '../../support/service-for-fetch.js'
import { markedDoc } from '../unit/fixtures.js'

let service: Service

before(async () => {
  service = await startService()
})

after(async () => {
  await service?.close()
})

function bodyOf(doc = markedDoc('anterior')): Record<string, unknown> {
  const request = requestOf('anterior', doc)
  assert.ok(request.ready)
  return request.body
}

describe('api', () => {
  test('a valid request gets the service values, equal to a direct call', async () => {
    const body = bodyOf()
    const result = await analyze('anterior', body)
    assert.ok(result.ok, JSON.stringify(result))
    const direct = await (
      await fetch('api/analyze/anterior', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json()
    assert.deepEqual(result.values, direct)
    assert.equal(typeof result.values.head_angle, 'number')
  })

  test('coincident markers: a 422 whose problem is shown next to both markers', async () => {
    const doc = markedDoc('anterior')
    const body = bodyOf({ ...doc, markers: { ...doc.markers, tragus_izq: doc.markers.tragus_der! } })
    const result = await analyze('anterior', body)
    assert.ok(!result.ok)
    assert.equal(result.status, 422)
    assert.ok(result.problems.length > 0)
    const places = new Set(result.problems.flatMap((p) => placesOf('anterior', p)))
    assert.ok(places.has('tragus_izq') && places.has('tragus_der'), JSON.stringify([...places]))
  })

  test('a bad calibration is placed on the distance or the line', async () => {
    const body = bodyOf()
    const result = await analyze('anterior', { ...body, calibration: { lrv_x: 300, fc: -1 } })
    assert.ok(!result.ok && result.status === 422)
    assert.deepEqual([...new Set(result.problems.flatMap((p) => placesOf('anterior', p)))], ['distance'])
    assert.deepEqual(placesOf('anterior', { loc: ['body', 'calibration', 'lrv_x'], msg: 'x' }), ['lrv'])
    assert.deepEqual(placesOf('anterior', { loc: [], msg: 'x' }), ['general'])
  })

  test('an aborted call rejects with AbortError', async () => {
    const controller = new AbortController()
    controller.abort()
    await assert.rejects(analyze('anterior', bodyOf(), controller.signal), { name: 'AbortError' })
  })

  test('health reports the running service', async () => {
    const h = await health()
    assert.ok(h?.status && h.version, JSON.stringify(h))
  })

  test('a service that does not answer: status 0 and a sentence saying so', async () => {
    // A port that was free a moment ago: nothing listens there.
    const { createServer } = await import('node:net')
    const probe = createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    const port = (probe.address() as { port: number }).port
    await new Promise<void>((resolve) => probe.close(() => resolve()))
    const realFetch = globalThis.fetch
    globalThis.fetch = (input: string | URL | Request, init?: RequestInit) =>
      realFetch(new URL(String(input), `http://127.0.0.1:${port}/`), init)
    try {
      const result = await analyze('anterior', bodyOf())
      assert.ok(!result.ok)
      assert.equal(result.status, 0)
      assert.match(result.problems[0]!.msg, /Could not reach the service/)
      assert.equal(await health(), null)
    } finally {
      globalThis.fetch = realFetch
    }
  })
})
