/**
 * Fuzz: thousands of malformed bodies (fast-check, fixed seed) to every endpoint.
 * Every answer must be a 4xx with a JSON `detail` in the contract's shape, or a 200
 * whose metrics are all finite numbers (some mutations leave a body valid: an extra
 * field, a -0 coordinate); never a 5xx. The service keeps answering /health after.
 */

import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import fc from 'fast-check'
import { isErrorType } from '#core/error-types.js'
import { EXAMPLES } from '../../src/api/examples.js'
import { buildApp } from '../../src/app.js'
import { MAX_ECHOED_INPUT_CHARS } from '../../src/limits.js'

type App = Awaited<ReturnType<typeof buildApp>>
type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

const SEED = 20240601
const RUNS = Number(process.env.FUZZ_RUNS ?? 150)
const LIMIT = 64 * 1024

const ENDPOINTS = [
  { url: '/api/analyze/anterior', example: EXAMPLES.anterior },
  { url: '/api/analyze/posterior', example: EXAMPLES.posterior },
  { url: '/api/analyze/lateral', example: EXAMPLES.lateral },
  { url: '/api/estimate-popliteal', example: EXAMPLES.popliteal },
] as const

/** A request to send: the body bytes or text, and its Content-Type (undefined: none). */
interface Case {
  body: string | Buffer
  contentType?: string | undefined
  /** The only statuses this case may get; default: 200 or any 4xx. */
  expect?: readonly number[]
}

// Placeholders that JSON.stringify cannot produce, replaced in the text afterwards.
const TOKENS: Record<string, string> = {
  '"@@inf@@"': '1e999',
  '"@@-inf@@"': '-1e999',
  '"@@negzero@@"': '-0',
  '"@@tiny@@"': '5e-324',
  '"@@bigint@@"': '123456789012345678901234567890',
  '"@@exp@@"': '1E+308',
}

function render(value: unknown): string {
  let text = JSON.stringify(value)
  for (const [token, literal] of Object.entries(TOKENS)) text = text.split(token).join(literal)
  return text
}

function deep(depth: number, leaf: string, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? `${'['.repeat(depth)}${leaf}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}${leaf}${'}'.repeat(depth)}`
}

/** Values no field expects: wrong types, extremes, huge and deeply nested ones. */
const weird: fc.Arbitrary<Json | string> = fc.oneof(
  fc.constantFrom<Json | string>(
    null,
    true,
    false,
    '',
    'right',
    'NaN',
    'Infinity',
    '12',
    0,
    -1,
    1e308,
    -1e308,
    1e9,
    1e9 + 1,
    -1e9 - 1,
    5e-324,
    '@@inf@@',
    '@@-inf@@',
    '@@negzero@@',
    '@@tiny@@',
    '@@bigint@@',
    '@@exp@@',
    [],
    [1],
    [1, 2, 3],
    ['1', '2'],
    [null, null],
    [true, false],
    [[1, 2]],
    {},
    { x: 1, y: 2 },
    { __proto__: null },
  ),
  fc.double(),
  fc.integer(),
  fc.string({ maxLength: 40 }),
  fc.array(fc.double(), { maxLength: 5 }),
  fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>,
  fc.integer({ min: 1, max: 30_000 }).map((n) => `@@array:${n}@@`),
  fc.integer({ min: 1, max: 40_000 }).map((n) => `@@string:${n}@@`),
  fc.integer({ min: 1, max: 20_000 }).map((n) => `@@deep:${n}@@`),
)

/** Replaces the big-value placeholders by the text they stand for. */
function expand(text: string): string {
  return text.replace(/"@@(array|string|deep):(\d+)@@"/g, (_m, kind: string, size: string) => {
    const n = Number(size)
    if (kind === 'array') return `[${new Array(n).fill('1').join(',')}]`
    if (kind === 'string') return JSON.stringify('x'.repeat(n))
    return deep(n, '1', n % 2 === 0 ? 'array' : 'object')
  })
}

/** Every path into an example body, to mutate. */
function paths(value: unknown, prefix: string[] = []): string[][] {
  const out: string[][] = [prefix]
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) out.push(...paths(child, [...prefix, key]))
  }
  return out
}

type Mutation =
  | { op: 'delete'; path: string[] }
  | { op: 'set'; path: string[]; value: Json | string }
  | { op: 'extra'; path: string[]; key: string; value: Json | string }
  | { op: 'rename'; path: string[]; to: string }

function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T
}

function apply(body: Record<string, unknown>, mutation: Mutation): Record<string, unknown> | Json | string {
  if (mutation.path.length === 0) {
    if (mutation.op === 'set') return mutation.value
    if (mutation.op === 'delete') return {}
  }
  let parent: Record<string, unknown> = body
  const parentPath = mutation.op === 'extra' ? mutation.path : mutation.path.slice(0, -1)
  for (const key of parentPath) {
    const next = parent[key]
    if (next === null || typeof next !== 'object') return body
    parent = next as Record<string, unknown>
  }
  const last = mutation.path[mutation.path.length - 1] as string
  switch (mutation.op) {
    case 'delete':
      delete parent[last]
      break
    case 'set':
      parent[last] = mutation.value
      break
    case 'extra':
      // defineProperty: a plain assignment of "__proto__" would set the prototype.
      Object.defineProperty(parent, mutation.key, {
        value: mutation.value,
        enumerable: true,
        configurable: true,
        writable: true,
      })
      break
    case 'rename': {
      const value = parent[last]
      delete parent[last]
      parent[mutation.to] = value
      break
    }
  }
  return body
}

function mutationArb(example: object): fc.Arbitrary<Mutation> {
  const all = paths(example)
  const path = fc.constantFrom(...all)
  const key = fc.oneof(
    fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'x', ''),
    fc.string({ maxLength: 12 }),
  )
  return fc.oneof(
    path.map((p): Mutation => ({ op: 'delete', path: p })),
    fc.record({ path, value: weird }).map(({ path: p, value }): Mutation => ({ op: 'set', path: p, value })),
    fc
      .record({ path, key, value: weird })
      .map(({ path: p, key: k, value }): Mutation => ({ op: 'extra', path: p, key: k, value })),
    fc
      .record({
        path: fc.constantFrom(...all.filter((p) => p.length > 0)),
        how: fc.constantFrom('upper', 'typo', 'space'),
      })
      .map(({ path: p, how }): Mutation => {
        const last = p[p.length - 1] as string
        const to = how === 'upper' ? last.toUpperCase() : how === 'space' ? ` ${last}` : `${last.slice(0, -1)}x`
        return { op: 'rename', path: p, to }
      }),
  )
}

/** The six kinds of malformed input, for one endpoint. */
function cases(example: object): Record<string, fc.Arbitrary<Case>> {
  const valid = JSON.stringify(example)
  return {
    'mutated valid bodies (missing, wrong-typed, extra, renamed fields; extremes; __proto__)': fc
      .array(mutationArb(example), { minLength: 1, maxLength: 4 })
      .map((mutations) => {
        let body: unknown = clone(example)
        for (const m of mutations) {
          if (body === null || typeof body !== 'object' || Array.isArray(body)) break
          body = apply(body as Record<string, unknown>, m)
        }
        const text = expand(render(body))
        return { body: text, contentType: 'application/json', expect: text.length > LIMIT ? [413] : undefined }
      }),
    'arbitrary JSON values': fc
      .jsonValue({ maxDepth: 4 })
      .map((value) => ({ body: render(value) ?? 'null', contentType: 'application/json' })),
    'truncated JSON': fc
      .integer({ min: 1, max: valid.length - 1 })
      .map((cut) => ({ body: valid.slice(0, cut), contentType: 'application/json', expect: [400] })),
    'invalid UTF-8': fc
      .record({
        at: fc.integer({ min: 0, max: valid.length }),
        bytes: fc.constantFrom(
          [0xff],
          [0xfe, 0xff],
          [0xc3],
          [0xe2, 0x82],
          [0xed, 0xa0, 0x80],
          [0xf4, 0x90, 0x80, 0x80],
          [0xc0, 0xaf],
          [0x80],
        ),
      })
      .map(({ at, bytes }) => {
        const raw = Buffer.from(valid)
        return {
          body: Buffer.concat([raw.subarray(0, at), Buffer.from(bytes), raw.subarray(at)]),
          contentType: 'application/json',
        }
      }),
    'deep nesting and huge bodies': fc
      .record({
        depth: fc.integer({ min: 1, max: 40_000 }),
        kind: fc.constantFrom('array' as const, 'object' as const),
        where: fc.constantFrom('body', 'field'),
      })
      .map(({ depth, kind, where }) => {
        const nested = deep(depth, '0', kind)
        // Two required fields replaced (a repeated key wins in JSON.parse).
        const [first, second] = Object.keys(example)
        const text = where === 'body' ? nested : valid.replace(/\}$/, `,"${first}":${nested},"${second}":${nested}}`)
        return { body: text, contentType: 'application/json', expect: text.length > LIMIT ? [413] : [400, 422] }
      }),
    'wrong or missing Content-Type': fc
      .constantFrom(
        undefined,
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
        'application/jsonp',
        'json',
        '*/*',
      )
      .map((contentType) => ({ body: valid, contentType, expect: [415] })),
  }
}

function assertAnswer(c: Case, status: number, headers: Record<string, unknown>, text: string, label: string) {
  assert.ok(status < 500, `${label}: got ${status} ${text.slice(0, 300)}`)
  if (c.expect)
    assert.ok(
      c.expect.includes(status),
      `${label}: expected ${c.expect.join('/')}, got ${status} ${text.slice(0, 200)}`,
    )
  assert.match(String(headers['content-type']), /^application\/json/, label)
  const body = JSON.parse(text) as Record<string, unknown>
  if (status === 200) {
    for (const [key, value] of Object.entries(body)) {
      if (key === 'popliteo') {
        for (const v of Object.values(value as Record<string, unknown>))
          assert.ok(typeof v === 'number' && Number.isFinite(v), `${label}: popliteo ${String(v)}`)
      } else if (!['unit_angles', 'unit_distances', 'unit', 'side'].includes(key)) {
        assert.ok(typeof value === 'number' && Number.isFinite(value), `${label}: ${key} = ${String(value)}`)
      }
    }
    return
  }
  assert.ok(status >= 400 && status < 500, `${label}: ${status}`)
  assert.deepEqual(Object.keys(body), ['detail'], label)
  const detail = body.detail
  if (typeof detail === 'string') {
    assert.ok(detail.length > 0, label)
  } else {
    assert.equal(status, 422, `${label}: a list of problems is a 422`)
    assert.ok(Array.isArray(detail) && detail.length > 0, label)
    for (const entry of detail as Record<string, unknown>[]) {
      const keys = Object.keys(entry)
      assert.deepEqual(keys.slice(0, 3), ['loc', 'msg', 'type'], label)
      assert.ok(
        keys.slice(3).every((k) => k === 'input' || k === 'ctx'),
        `${label}: ${keys.join()}`,
      )
      assert.ok(Array.isArray(entry.loc) && entry.loc[0] === 'body', label)
      assert.ok(typeof entry.msg === 'string' && entry.msg.length > 0, label)
      // A documented type, never the catch-all: every schema violation has its own.
      assert.ok(isErrorType(entry.type) && entry.type !== 'value_error', `${label}: ${String(entry.type)}`)
      if ('input' in entry) assert.ok(JSON.stringify(entry.input).length <= MAX_ECHOED_INPUT_CHARS, label)
    }
  }
}

describe('fuzz: malformed bodies to every endpoint', () => {
  let app: App
  const tally = new Map<string, { total: number; rejected: number }>()

  before(async () => {
    app = await buildApp({ logger: false, webRoot: false, overload: false })
    await app.ready()
  })

  after(async () => {
    await app.close()
  })

  for (const endpoint of ENDPOINTS) {
    for (const [kind, arb] of Object.entries(cases(endpoint.example))) {
      it(`${endpoint.url}: ${kind}`, async () => {
        await fc.assert(
          fc.asyncProperty(arb, async (c) => {
            const res = await app.inject({
              method: 'POST',
              url: endpoint.url,
              payload: c.body,
              headers: c.contentType === undefined ? {} : { 'content-type': c.contentType },
            })
            assertAnswer(c, res.statusCode, res.headers, res.body, `${endpoint.url} ${kind}`)
            const t = tally.get(kind) ?? { total: 0, rejected: 0 }
            t.total += 1
            if (res.statusCode >= 400) t.rejected += 1
            tally.set(kind, t)
          }),
          { seed: SEED, numRuns: RUNS },
        )
      })
    }
  }

  it('sent mostly invalid input (the generators are not producing valid bodies)', () => {
    let total = 0
    for (const [kind, t] of tally) {
      total += t.total
      assert.ok(t.rejected / t.total >= 0.5, `${kind}: only ${t.rejected} of ${t.total} rejected`)
    }
    assert.ok(total >= 3000, `only ${total} requests`)
  })

  it('still answers /health and a valid request afterwards', async () => {
    const health = await app.inject({ method: 'GET', url: '/health' })
    assert.equal(health.statusCode, 200)
    assert.equal((JSON.parse(health.body) as { status: string }).status, 'healthy')
    const ok = await app.inject({ method: 'POST', url: '/api/analyze/lateral', payload: EXAMPLES.lateral })
    assert.equal(ok.statusCode, 200)
  })
})

describe('fuzz over real HTTP', () => {
  let app: App
  let base: string

  before(async () => {
    app = await buildApp({ logger: false, webRoot: false, overload: false })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const address = app.server.address()
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  })

  after(async () => {
    await app.close()
  })

  it('answers malformed bodies sent over sockets the same way', async () => {
    const arbs = ENDPOINTS.map((e) => fc.tuple(fc.constant(e.url), fc.oneof(...Object.values(cases(e.example)))))
    await fc.assert(
      fc.asyncProperty(fc.oneof(...arbs), async ([url, c]) => {
        const res = await fetch(`${base}${url}`, {
          method: 'POST',
          body: c.body,
          headers: c.contentType === undefined ? { 'content-type': '' } : { 'content-type': c.contentType },
        })
        const text = await res.text()
        assertAnswer(
          { ...c, expect: c.contentType === undefined ? undefined : c.expect },
          res.status,
          Object.fromEntries(res.headers),
          text,
          `${url} over HTTP`,
        )
      }),
      { seed: SEED, numRuns: Math.max(50, Math.floor(RUNS * 2)) },
    )
    const health = await fetch(`${base}/health`)
    assert.equal(health.status, 200)
  })
})
