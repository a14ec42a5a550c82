/**
 * One catalogue for limits and messages: docs/errors.md, the OpenAPI document and
 * the service's answers all say what src/limits.ts, src/messages.ts and
 * core/error-types.ts say. Change a value there and this fails until the docs
 * follow.
 */

import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { ERROR_MEANINGS, ERROR_TYPES } from '#core/error-types.js'
import { DEFAULT_SHUTDOWN_DRAIN_MS } from '../../src/config.js'
import {
  BODY_LIMIT_BYTES,
  BODY_LIMIT_TEXT,
  COORDINATE_LIMIT,
  COORDINATE_LIMIT_TEXT,
  DEFAULT_TIMEOUTS,
  DRAINING_RETRY_AFTER_SECONDS,
  MAX_ECHOED_INPUT_CHARS,
  MAX_JSON_DEPTH,
  OVERLOAD_DEFAULTS,
} from '../../src/limits.js'
import { MESSAGES, STATUS_MEANINGS } from '../../src/messages.js'
import { makeApp, post, type TestApp } from '../support/app.js'
import { ROOT } from '../support/paths.js'

const DOC = readFileSync(join(ROOT, 'docs', 'errors.md'), 'utf8')

/** The lines of the section under `## title`. */
function section(title: string): string[] {
  const start = DOC.indexOf(`## ${title}\n`)
  assert.ok(start >= 0, `docs/errors.md has a section '${title}'`)
  const end = DOC.indexOf('\n## ', start + 1)
  return DOC.slice(start, end < 0 ? undefined : end).split('\n')
}

function hasRow(lines: readonly string[], ...cells: string[]): boolean {
  const prefix = `| ${cells.join(' | ')} |`
  return lines.some((line) => line.startsWith(prefix))
}

describe('docs/errors.md agrees with the catalogue', () => {
  it('lists every validation type with its meaning, and no other', () => {
    const lines = section('Validation types')
    for (const type of ERROR_TYPES) assert.ok(hasRow(lines, `\`${type}\``, ERROR_MEANINGS[type]), type)
    assert.equal(lines.filter((l) => l.startsWith('| `')).length, ERROR_TYPES.length)
    assert.ok(
      hasRow(lines, '`greater_than_equal`', ERROR_MEANINGS.greater_than_equal, `\`{ge: ${-COORDINATE_LIMIT}}\``),
    )
    assert.ok(hasRow(lines, '`less_than_equal`', ERROR_MEANINGS.less_than_equal, `\`{le: ${COORDINATE_LIMIT}}\``))
    assert.ok(hasRow(lines, '`too_deep`', ERROR_MEANINGS.too_deep, `\`{max_depth: ${MAX_JSON_DEPTH}, depth}\``))
  })

  it('says where each status occurs, in the catalogue words', () => {
    const lines = section('Status codes')
    for (const [status, meaning] of Object.entries(STATUS_MEANINGS)) assert.ok(hasRow(lines, status, meaning), status)
  })

  it('quotes every message as sent', () => {
    const lines = section('Messages')
    const rows: [number, string][] = [
      [400, MESSAGES.invalidJson("*the parser's message*")],
      [400, MESSAGES.invalidHttp],
      [404, MESSAGES.notFound],
      [405, MESSAGES.methodNotAllowed],
      [408, MESSAGES.requestTimeout],
      [413, MESSAGES.bodyTooLarge],
      [415, MESSAGES.unsupportedMediaType],
      [422, MESSAGES.missingBody],
      [422, MESSAGES.tooDeep(MAX_JSON_DEPTH, '*D*' as unknown as number)],
      [429, MESSAGES.tooManyRequests('*N*' as unknown as number, '*T*')],
      [431, MESSAGES.headersTooLarge],
      [500, MESSAGES.internalError],
      [503, MESSAGES.overloaded(OVERLOAD_DEFAULTS.retryAfterSeconds)],
      [503, MESSAGES.draining],
    ]
    for (const [status, text] of rows) assert.ok(hasRow(lines, String(status), text), `${status} ${text}`)
    assert.equal(lines.filter((l) => /^\| \d{3} \|/.test(l)).length, rows.length)
    assert.equal(Object.keys(MESSAGES).length, rows.length, 'a new message needs a row here and in the docs')
  })

  it('states every limit with its value', () => {
    const lines = section('Limits')
    const retry = `503 + Retry-After: ${OVERLOAD_DEFAULTS.retryAfterSeconds}`
    assert.ok(hasRow(lines, 'Request body', BODY_LIMIT_TEXT, '413'))
    assert.ok(
      hasRow(
        lines,
        'Nesting of arrays and objects in a body (checked on the text, before it is parsed)',
        `${MAX_JSON_DEPTH} levels`,
        '422 `too_deep`',
      ),
    )
    assert.equal(BODY_LIMIT_TEXT, `${BODY_LIMIT_BYTES / 1024} KiB`)
    assert.ok(
      hasRow(lines, 'Coordinates, lrv_x, fc, grid_size_cm, factor (absolute value)', COORDINATE_LIMIT_TEXT, '422'),
    )
    assert.ok(
      hasRow(
        lines,
        'Whole request (headers and body) must arrive within',
        `${DEFAULT_TIMEOUTS.requestMs} ms`,
        '408',
        '`REQUEST_TIMEOUT_MS`',
      ),
    )
    assert.ok(
      hasRow(
        lines,
        'Request headers must arrive within',
        `${DEFAULT_TIMEOUTS.headersMs} ms`,
        '408',
        '`HEADERS_TIMEOUT_MS`',
      ),
    )
    assert.ok(hasRow(lines, 'Idle keep-alive connection closed after', `${DEFAULT_TIMEOUTS.keepAliveMs} ms`))
    assert.ok(
      hasRow(lines, 'Work queued ahead of a request before shedding it', `${OVERLOAD_DEFAULTS.maxQueueMs} ms`, retry),
    )
    assert.ok(
      hasRow(
        lines,
        'Heap in use before shedding load',
        `${OVERLOAD_DEFAULTS.maxHeapUsedBytes / 1024 / 1024} MiB`,
        retry,
      ),
    )
    assert.ok(
      hasRow(
        lines,
        'Drain after SIGTERM (open connections still served)',
        `${DEFAULT_SHUTDOWN_DRAIN_MS} ms`,
        `\`/ready\` 503 + Retry-After: ${DRAINING_RETRY_AFTER_SECONDS}`,
      ),
    )
    assert.ok(hasRow(lines, 'Longest `input` echoed in a 422 entry', `${MAX_ECHOED_INPUT_CHARS} characters of JSON`))
  })
})

describe('the OpenAPI document and the answers agree with the catalogue', () => {
  let app: TestApp
  let doc: {
    info: { description: string }
    components: {
      responses: Record<string, { description: string }>
      schemas: { MarkerPoint: { description: string; prefixItems: [{ maximum: number }, { maximum: number }] } }
    }
  }
  before(async () => {
    app = await makeApp({ overload: false })
    doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json()
  })
  after(() => app.close())

  it('describes each error response and each validation type in the catalogue words', () => {
    const responses: Record<string, { description: string }> = doc.components.responses
    // 400, 408, 413, 415, 422, 500, and 503 (load shedding is off in this app, but /ready answers 503 while draining).
    assert.equal(Object.keys(responses).length, 7)
    for (const response of Object.values(responses)) {
      assert.ok(Object.values(STATUS_MEANINGS).includes(response.description as never), response.description)
    }
    const entries = JSON.stringify(doc.components.schemas)
    for (const type of ERROR_TYPES) assert.ok(entries.includes(JSON.stringify(ERROR_MEANINGS[type]).slice(1, -1)), type)
  })

  it('quotes the limits', () => {
    assert.ok(doc.info.description.includes(BODY_LIMIT_TEXT))
    assert.ok(doc.info.description.includes(`absolute value at most ${COORDINATE_LIMIT_TEXT}`))
    assert.ok(doc.info.description.includes(`${DEFAULT_TIMEOUTS.requestMs / 1000} s`))
    assert.equal(doc.components.schemas.MarkerPoint.prefixItems[0].maximum, COORDINATE_LIMIT)
    assert.match(doc.components.schemas.MarkerPoint.description, new RegExp(`at most ${COORDINATE_LIMIT_TEXT}`))
  })

  it('sends the catalogue messages', async () => {
    const big = await post(app, '/api/analyze/anterior', `{"pad": "${'x'.repeat(BODY_LIMIT_BYTES)}"}`)
    assert.deepEqual([big.status, big.body], [413, { detail: MESSAGES.bodyTooLarge }])
    const text = await app.inject({
      method: 'POST',
      url: '/api/analyze/anterior',
      payload: 'a',
      headers: { 'content-type': 'text/plain' },
    })
    assert.deepEqual([text.statusCode, text.json()], [415, { detail: MESSAGES.unsupportedMediaType }])
    const empty = await post(app, '/api/analyze/anterior', '')
    assert.deepEqual([empty.status, empty.body.detail[0].msg], [422, MESSAGES.missingBody])
    const unknown = await app.inject({ method: 'GET', url: '/nowhere' })
    assert.deepEqual([unknown.statusCode, unknown.json()], [404, { detail: MESSAGES.notFound }])
    const wrongMethod = await app.inject({ method: 'GET', url: '/api/analyze/anterior' })
    assert.deepEqual([wrongMethod.statusCode, wrongMethod.json()], [405, { detail: MESSAGES.methodNotAllowed }])
  })
})
