/**
 * One analysis request to the service as a process, pinned whole: the answer's status
 * line, every header in the order sent (security headers, X-Request-Id, the body's
 * type and length, Node's own), the body, the debug log line that request leaves
 * (LOG_LEVEL=debug: method, path, status, time, request id, and nothing more) and its
 * count in /metrics. Work on the request path for speed (bench/README.md, "Fifth
 * round") must leave all of it as it is; this test says so when it does not.
 */
import assert from 'node:assert/strict'
import { request } from 'node:http'
import { after, before, describe, it } from 'node:test'
import { analyzeAnterior } from '#core/metrics/analysis.js'
import { EXAMPLES } from '../../src/api/examples.js'
import { DEFAULT_TIMEOUTS } from '../../src/limits.js'
import { collectLogLines, type LogLine, waitForLogLine } from '../support/log-lines.js'
import { ROOT } from '../support/paths.js'
import { type ServerProcess, startServer } from '../support/server-process.js'

interface Answer {
  readonly status: number
  /** Name and value of every header, in the order sent, names as sent. */
  readonly headers: readonly (readonly [string, string])[]
  readonly body: string
}

/** POST `body` to `url` with node:http, which keeps the headers as they came (rawHeaders). */
function post(url: string, body: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => {
        const raw = res.rawHeaders
        const pairs: [string, string][] = []
        for (let i = 0; i < raw.length; i += 2) pairs.push([raw[i] as string, raw[i + 1] as string])
        resolve({ status: res.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks).toString('utf8') })
      })
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(body)
  })
}

describe('one analysis request, pinned', () => {
  let service: ServerProcess
  const logs: LogLine[] = []

  before(async () => {
    service = await startServer(
      { name: 'service', script: 'dist/src/main.js', env: { LOG_LEVEL: 'debug' }, stdio: 'pipe' },
      ROOT,
    )
    collectLogLines(service.child.stdout, logs)
  })

  after(async () => {
    await service.stop()
  })

  it('answers with exactly these headers, this body, this log line and this count', async () => {
    const sent = JSON.stringify(EXAMPLES.anterior)
    const answer = await post(`${service.url}/api/analyze/anterior`, sent, { 'x-request-id': 'pinned-1' })
    assert.equal(answer.status, 200)

    const expected = analyzeAnterior(EXAMPLES.anterior)
    assert.ok(expected.ok)
    assert.deepEqual(JSON.parse(answer.body), expected.answer)

    const date = answer.headers.find(([name]) => name === 'Date')?.[1] ?? ''
    assert.ok(!Number.isNaN(Date.parse(date)), `a Date header, got '${date}'`)
    assert.deepEqual(answer.headers, [
      ['x-request-id', 'pinned-1'],
      ['content-security-policy', "default-src 'none';frame-ancestors 'none'"],
      ['cross-origin-resource-policy', 'same-origin'],
      ['x-content-type-options', 'nosniff'],
      ['content-type', 'application/json; charset=utf-8'],
      ['content-length', String(Buffer.byteLength(answer.body))],
      ['Date', date],
      ['Connection', 'keep-alive'],
      ['Keep-Alive', `timeout=${DEFAULT_TIMEOUTS.keepAliveMs / 1000}`],
    ])

    const line = await waitForLogLine(logs, (l) => l.reqId === 'pinned-1')
    const { time, pid, hostname, ms, ...rest } = line
    assert.equal(typeof time, 'number')
    assert.equal(pid, service.child.pid)
    assert.equal(typeof hostname, 'string')
    assert.ok(typeof ms === 'number' && ms >= 0, `ms: ${ms}`)
    assert.deepEqual(rest, {
      level: 20,
      reqId: 'pinned-1',
      method: 'POST',
      url: '/api/analyze/anterior',
      statusCode: 200,
      msg: 'request completed',
    })
    assert.equal(logs.filter((l) => l.reqId === 'pinned-1').length, 1, 'one line for the request')

    const metrics = await (await fetch(`${service.url}/metrics`)).text()
    assert.match(
      metrics,
      /^http_requests_total\{route="\/api\/analyze\/anterior",method="POST",status_code="200"\} 1$/m,
    )
    assert.match(metrics, /^http_request_duration_seconds_count\{route="\/api\/analyze\/anterior",method="POST"\} 1$/m)
    // The scrape itself is the one request in flight.
    assert.match(metrics, /^http_requests_in_flight 1$/m)
  })
})
