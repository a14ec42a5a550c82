/** End to end: the real server process, started as `npm start` starts it, over real HTTP. */

import assert from 'node:assert/strict'
import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { EXAMPLES } from '../../src/api/examples.js'
import { ROOT } from '../support/paths.js'
import { freePort, waitUntilAnswering } from '../support/server-process.js'

const MAIN = join(ROOT, 'dist', 'src', 'main.js')

describe('the server process', () => {
  let child: ChildProcess
  let base: string
  let output = ''

  before(async () => {
    const port = await freePort()
    base = `http://127.0.0.1:${port}`
    child = spawn(process.execPath, [MAIN], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', WORKERS: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()))
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()))
    await waitUntilAnswering(child, `${base}/health`, 'the server', 20_000, () => `; its output:\n${output}`)
  })

  after(() => {
    if (child.exitCode === null) child.kill('SIGKILL')
  })

  it('answers /health', async () => {
    const res = await fetch(`${base}/health`)
    assert.equal(res.status, 200)
    assert.equal(((await res.json()) as { status: string }).status, 'healthy')
  })

  it('analyses every view over HTTP', async () => {
    for (const [path, body] of [
      ['/api/analyze/anterior', EXAMPLES.anterior],
      ['/api/analyze/posterior', EXAMPLES.posterior],
      ['/api/analyze/lateral', EXAMPLES.lateral],
      ['/api/estimate-popliteal', EXAMPLES.popliteal],
    ] as const) {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      assert.equal(res.status, 200, path)
      const json = (await res.json()) as Record<string, unknown>
      for (const value of Object.values(json)) if (typeof value === 'number') assert.ok(Number.isFinite(value))
    }
  })

  it('answers a bad request with 422 and logs it as a JSON line with the request id', async () => {
    const res = await fetch(`${base}/api/analyze/lateral`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'e2e-422' },
      body: '{}',
    })
    assert.equal(res.status, 422)
    const deadline = Date.now() + 5000
    while (!output.includes('e2e-422') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
    const line = output.split('\n').find((l) => l.includes('e2e-422'))
    assert.ok(line, 'the rejection is logged')
    assert.equal((JSON.parse(line) as { statusCode: number }).statusCode, 422)
  })

  it('serves /docs and /openapi.json', async () => {
    assert.equal((await fetch(`${base}/docs`)).status, 200)
    const doc = (await (await fetch(`${base}/openapi.json`)).json()) as { paths: Record<string, unknown> }
    assert.ok(doc.paths['/api/analyze/anterior'])
  })

  it('stops cleanly on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
    child.kill('SIGTERM')
    assert.equal(await exited, 0)
  })
})
