/** 422 responses: FastAPI's shape, every problem at once, sentences a person can act on. */

import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { type ErrorEntry, isErrorType } from '#core/error-types.js'
import { markerNames, type View } from '#core/markers.js'
import { EXAMPLES } from '../../src/api/examples.js'
import { copy, makeApp, post, type TestApp } from '../support/app.js'

let app: TestApp
before(async () => {
  app = await makeApp()
})
after(() => app.close())

type Entry = ErrorEntry

/** The ctx keys each type carries (error-types.ts); undefined: no ctx. */
const CTX_KEYS: Record<string, string[] | undefined> = {
  too_short: ['actual_length', 'min_length'],
  too_long: ['actual_length', 'max_length'],
  greater_than: ['gt'],
  greater_than_equal: ['ge'],
  less_than_equal: ['le'],
  literal_error: ['expected'],
}

const VIEWS: { view: View; url: string; body: unknown }[] = [
  { view: 'anterior', url: '/api/analyze/anterior', body: EXAMPLES.anterior },
  { view: 'posterior', url: '/api/analyze/posterior', body: EXAMPLES.posterior },
  { view: 'lateral', url: '/api/analyze/lateral', body: EXAMPLES.lateral },
]

async function problems(url: string, body: unknown): Promise<Entry[]> {
  const res = await post(app, url, body)
  assert.equal(res.status, 422, res.text)
  assert.deepEqual(Object.keys(res.body), ['detail'])
  assert.ok(Array.isArray(res.body.detail) && res.body.detail.length > 0)
  for (const entry of res.body.detail as Entry[]) {
    const keys = Object.keys(entry)
    assert.deepEqual(keys.slice(0, 3), ['loc', 'msg', 'type'])
    assert.ok(
      keys.slice(3).every((k) => k === 'input' || k === 'ctx'),
      keys.join(),
    )
    assert.ok(isErrorType(entry.type), entry.type)
    const ctx = (entry as { ctx?: object }).ctx
    if (entry.type in CTX_KEYS) assert.deepEqual(Object.keys(ctx ?? {}).sort(), CTX_KEYS[entry.type], entry.type)
    else if (entry.type === 'undefined_geometry')
      assert.ok(['markers,at,metrics', 'markers,metrics'].includes(Object.keys(entry.ctx).join()))
    else if (entry.type === 'missing') assert.ok(ctx === undefined || Object.keys(ctx).join() === 'found')
    else assert.equal(ctx, undefined, entry.type)
    assert.equal(entry.loc[0], 'body')
    assert.match(entry.msg, /^[A-Z'a-z].*[.?]$/, 'msg is a sentence')
  }
  return res.body.detail
}

/** The data fields of an entry (input, ctx), without the prose. */
function pick(entry: Entry): { input?: unknown; ctx?: unknown } {
  const { loc: _loc, msg: _msg, type: _type, ...rest } = entry
  return rest
}

function at(detail: Entry[], ...loc: (string | number)[]): Entry {
  const entry = detail.find((e) => JSON.stringify(e.loc) === JSON.stringify(['body', ...loc]))
  assert.ok(entry, `an entry at ${JSON.stringify(loc)} in ${JSON.stringify(detail)}`)
  return entry
}

for (const { view, url, body } of VIEWS) {
  describe(`${url} validation`, () => {
    it('lists every missing marker at once, naming the view and its markers', async () => {
      const names = markerNames(view)
      const missing = [names[0], names[3], names[names.length - 1]] as string[]
      const bad = copy(body)
      for (const name of missing) delete bad.markers[name]
      const detail = await problems(url, bad)
      assert.equal(detail.length, 3)
      for (const name of missing) {
        const entry = at(detail, 'markers', name)
        assert.equal(entry.type, 'missing')
        assert.match(entry.msg, new RegExp(`Marker '${name}' is missing`))
      }
      assert.match(
        at(detail, 'markers', missing[0]!).msg,
        new RegExp(`the ${view} view needs all ${names.length} markers`),
      )
    })

    it('hints at a key that differs only in case', async () => {
      const name = markerNames(view)[1]!
      const bad = copy(body)
      bad.markers[name.toUpperCase()] = bad.markers[name]
      delete bad.markers[name]
      const entry = at(await problems(url, bad), 'markers', name)
      assert.match(entry.msg, new RegExp(`Found '${name.toUpperCase()}' - marker names are case-sensitive`))
    })

    it('hints at a key with a small typo', async () => {
      const name = markerNames(view)[2]!
      const typo = name.slice(0, -2) + name.slice(-1) // drop the second-to-last letter
      const bad = copy(body)
      bad.markers[typo] = bad.markers[name]
      delete bad.markers[name]
      const entry = at(await problems(url, bad), 'markers', name)
      assert.match(entry.msg, new RegExp(`Found '${typo}' - did you mean '${name}'\\?`))
      assert.deepEqual(pick(entry), { ctx: { found: typo } })
    })

    it('rejects marker values that are not exactly two finite numbers within 1e9', async () => {
      const [a, b, c, d, e, f] = markerNames(view) as string[]
      const bad = copy(body)
      bad.markers[a!] = [1, 2, 3]
      bad.markers[b!] = [1]
      bad.markers[c!] = ['1', 2]
      bad.markers[d!] = { x: 1, y: 2 }
      bad.markers[e!] = [1, 2e9]
      bad.markers[f!] = null
      const detail = await problems(url, bad)
      assert.equal(at(detail, 'markers', a!).type, 'too_long')
      assert.match(at(detail, 'markers', a!).msg, /exactly two numbers \[x, y\].*got 3 values/)
      assert.equal(at(detail, 'markers', b!).type, 'too_short')
      assert.equal(at(detail, 'markers', c!, 0).type, 'float_type')
      assert.match(at(detail, 'markers', c!, 0).msg, /x coordinate of marker .* must be a number/)
      assert.equal(at(detail, 'markers', d!).type, 'list_type')
      assert.equal(at(detail, 'markers', e!, 1).type, 'less_than_equal')
      assert.match(at(detail, 'markers', e!, 1).msg, /absolute value at most 1e9/)
      assert.equal(at(detail, 'markers', f!).type, 'list_type')
      assert.equal(detail.length, 6)
      // The same facts as data: the value sent and the bound it broke.
      assert.deepEqual(pick(at(detail, 'markers', a!)), { input: [1, 2, 3], ctx: { max_length: 2, actual_length: 3 } })
      assert.deepEqual(pick(at(detail, 'markers', b!)), { input: [1], ctx: { min_length: 2, actual_length: 1 } })
      assert.deepEqual(pick(at(detail, 'markers', c!, 0)), { input: '1' })
      assert.deepEqual(pick(at(detail, 'markers', d!)), { input: { x: 1, y: 2 } })
      assert.deepEqual(pick(at(detail, 'markers', e!, 1)), { input: 2e9, ctx: { le: 1e9 } })
      assert.deepEqual(pick(at(detail, 'markers', f!)), { input: null })
    })

    it('answers a third value of a marker with one too_long entry, whatever the value', async () => {
      const [a, b, c] = markerNames(view) as string[]
      const bad = copy(body)
      bad.markers[a!] = [1, 2, 'x']
      bad.markers[b!] = [1, 2, 2e9]
      bad.markers[c!] = [1, 2, null, 4]
      const detail = await problems(url, bad)
      assert.deepEqual(
        detail.map((entry: { loc: unknown[]; type: string }) => [entry.loc, entry.type]),
        [a, b, c].map((name) => [['body', 'markers', name], 'too_long']),
      )
      assert.deepEqual(pick(at(detail, 'markers', c!)), {
        input: [1, 2, null, 4],
        ctx: { max_length: 2, actual_length: 4 },
      })
    })

    it('rejects a number too large for a double (JSON 1e999)', async () => {
      const name = markerNames(view)[0]!
      const text = JSON.stringify(body).replace(new RegExp(`"${name}":\\[[^\\]]*\\]`), `"${name}":[1e999,-1e999]`)
      const detail = await problems(url, text)
      assert.equal(at(detail, 'markers', name, 0).type, 'finite_number')
      assert.equal(at(detail, 'markers', name, 1).type, 'finite_number')
      // Infinity has no JSON form: no input.
      assert.deepEqual(pick(at(detail, 'markers', name, 0)), {})
    })

    it('echoes short inputs only', async () => {
      const [a, b] = markerNames(view) as string[]
      const bad = copy(body)
      bad.markers[a!] = 'x'.repeat(1000)
      bad.markers[b!] = [[[[[[[[[[[[1]]]]]]]]]]], 2]
      const detail = await problems(url, bad)
      assert.deepEqual(pick(at(detail, 'markers', a!)), {})
      assert.equal(at(detail, 'markers', b!, 0).type, 'float_type')
      assert.deepEqual(pick(at(detail, 'markers', b!, 0)), { input: [[[[[[[[[[[1]]]]]]]]]]] })
    })

    it('requires calibration.lrv_x and calibration.fc > 0', async () => {
      const bad = copy(body)
      bad.calibration = { fc: 0 }
      const detail = await problems(url, bad)
      assert.equal(at(detail, 'calibration', 'lrv_x').type, 'missing')
      assert.equal(at(detail, 'calibration', 'fc').type, 'greater_than')
      assert.match(at(detail, 'calibration', 'fc').msg, /must be greater than 0; got 0/)
      assert.deepEqual(pick(at(detail, 'calibration', 'fc')), { input: 0, ctx: { gt: 0 } })
      assert.deepEqual(pick(at(detail, 'calibration', 'lrv_x')), {})
      bad.calibration = { lrv_x: 'a', fc: -2, grid_size_cm: 0 }
      const second = await problems(url, bad)
      assert.equal(at(second, 'calibration', 'lrv_x').type, 'float_type')
      assert.equal(at(second, 'calibration', 'fc').type, 'greater_than')
      assert.equal(at(second, 'calibration', 'grid_size_cm').type, 'greater_than')
    })

    it('reports missing top-level fields together', async () => {
      const detail = await problems(url, {})
      assert.equal(at(detail, 'calibration').type, 'missing')
      assert.equal(at(detail, 'markers').type, 'missing')
      if (view === 'lateral') assert.equal(at(detail, 'side').type, 'missing')
    })

    it('rejects a body that is not an object, and a missing body', async () => {
      for (const payload of ['[1, 2]', '"text"', '42', 'null']) {
        const detail = await problems(url, payload)
        assert.deepEqual(detail[0]!.loc, ['body'])
      }
      const empty = await problems(url, '')
      assert.equal(empty[0]!.type, 'missing')
    })

    it('ignores __proto__ and constructor keys like any unknown field', async () => {
      const text = JSON.stringify(body).replace(
        '{',
        '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}},',
      )
      const res = await post(app, url, text)
      assert.equal(res.status, 200)
      assert.equal(({} as Record<string, unknown>).polluted, undefined)
    })

    it('rejects coincident markers that make a metric undefined, naming the markers and the metric', async () => {
      const bad = copy(body)
      const pairs: Record<View, [string, string, string]> = {
        anterior: ['tragus_der', 'tragus_izq', 'head_angle'],
        posterior: ['aquiles_der', 'calcaneo_der', 'calcaneo_angle_right'],
        lateral: ['punto_epicondilo', 'base_3er_metacarpiano', 'elbow_angle'],
      }
      const [a, b, metric] = pairs[view]
      bad.markers[b] = [...bad.markers[a]]
      const detail = await problems(url, bad)
      assert.equal(detail.length, 1)
      const entry = detail[0]!
      assert.equal(entry.type, 'undefined_geometry')
      // Programs read ctx: both markers, where they coincide, and the metrics lost.
      if (entry.type === 'undefined_geometry') {
        assert.deepEqual(entry.ctx.markers.slice().sort(), [a, b].sort())
        assert.deepEqual(entry.ctx.at, bad.markers[a])
        assert.ok(entry.ctx.metrics.includes(metric), JSON.stringify(entry.ctx))
      }
      assert.match(detail[0]!.msg, new RegExp(`'${a}'`))
      assert.match(detail[0]!.msg, new RegExp(`'${b}'`))
      assert.match(detail[0]!.msg, new RegExp(metric))
      assert.match(detail[0]!.msg, /same point/)
    })
  })
}

describe('view-specific validation', () => {
  it('posterior: popliteal markers are required unless estimate_popliteal is true', async () => {
    const bad = copy(EXAMPLES.posterior)
    delete bad.markers.popliteo_izq
    delete bad.markers.popliteo_der
    const detail = await problems('/api/analyze/posterior', bad)
    assert.equal(detail.length, 2)
    assert.match(at(detail, 'markers', 'popliteo_izq').msg, /estimate_popliteal is true/)
    bad.estimate_popliteal = true
    assert.equal((await post(app, '/api/analyze/posterior', bad)).status, 200)
  })

  it('posterior: estimate_popliteal must be a boolean', async () => {
    const bad = copy(EXAMPLES.posterior)
    bad.estimate_popliteal = 'yes'
    assert.equal(at(await problems('/api/analyze/posterior', bad), 'estimate_popliteal').type, 'bool_type')
  })

  it("lateral: side must be 'right' or 'left'", async () => {
    for (const side of ['Right', 'up', '', 1]) {
      const bad = copy(EXAMPLES.lateral)
      bad.side = side
      const entry = at(await problems('/api/analyze/lateral', bad), 'side')
      assert.match(entry.msg, /'right', 'left'/)
      assert.equal(entry.type, 'literal_error')
      assert.deepEqual(pick(entry), { input: side, ctx: { expected: ['right', 'left'] } })
    }
  })

  it('estimate-popliteal: factor > 0 and points with finite x and y', async () => {
    const detail = await problems('/api/estimate-popliteal', { aquiles: { x: 1 }, calcaneo: [1, 2], factor: 0 })
    assert.equal(at(detail, 'aquiles', 'y').type, 'missing')
    assert.equal(at(detail, 'calcaneo').type, 'dict_type')
    assert.equal(at(detail, 'factor').type, 'greater_than')
    const missing = await problems('/api/estimate-popliteal', { aquiles: { x: 1, y: 2 }, calcaneo: { x: 1, y: 3 } })
    assert.equal(at(missing, 'factor').type, 'missing')
  })

  it('lists schema problems of every kind in one answer', async () => {
    const bad = copy(EXAMPLES.anterior)
    delete bad.markers.tat_der
    delete bad.markers.tat_izq
    bad.markers.ombligo = [1, 'a']
    bad.calibration.fc = -1
    const detail = await problems('/api/analyze/anterior', bad)
    assert.equal(detail.length, 4)
  })
})
