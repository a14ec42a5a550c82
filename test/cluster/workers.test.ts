/**
 * WORKERS: that many worker processes behind one port (the primary listens and hands
 * the connections out); a worker that dies is logged and replaced while the others
 * keep serving; a taken port stops the whole service instead of restarting workers
 * in a loop; a worker enforces the slow-client timeouts on the connections it is
 * handed.
 */

import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { lookup } from 'node:dns/promises'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { describe, it } from 'node:test'
import { ALLOCATOR_ENV } from '../../src/allocator.js'
import { EXAMPLES } from '../../src/api/examples.js'
import { ROOT } from '../support/paths.js'
import { RawClient } from '../support/raw-http.js'
import { descendants, freePort } from '../support/server-process.js'
import { alive, startService } from '../support/service-with-logs.js'

async function analyse(base: string): Promise<number> {
  const res = await fetch(`${base}/api/analyze/posterior`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(EXAMPLES.posterior),
  })
  await res.arrayBuffer()
  return res.status
}

describe('WORKERS', () => {
  it('runs WORKERS processes behind one port and replaces one that dies', async () => {
    const service = await startService({ WORKERS: '2', LOG_LEVEL: 'debug' })
    try {
      await service.waitForLog(() => service.countLogs((l) => l.msg === 'worker listening') === 2)
      const primary = service.server.child.pid as number
      const workers = service.logs.filter((l) => l.msg === 'worker listening').map((l) => l.worker as number)
      assert.equal(new Set(workers).size, 2)
      assert.deepEqual(descendants(primary).sort(), [...workers].sort())
      // Each worker started with the allocator setting (src/allocator.ts), which this primary was not given.
      for (const pid of workers) {
        const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0')
        for (const [name, value] of Object.entries(ALLOCATOR_ENV))
          assert.ok(environment.includes(`${name}=${value}`), name)
      }

      // Both workers take requests: the primary hands out connections in turn.
      for (let i = 0; i < 10; i++) {
        const c = new RawClient(service.port)
        c.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')
        await c.closed
        assert.equal(c.responses()[0]?.status, 200)
      }
      // Each worker logs its answer as it sends it: wait for all ten lines.
      await service.waitForLog(() => service.countLogs((l) => l.msg === 'request completed') >= 10)
      const servedBy = new Set(service.logs.filter((l) => l.msg === 'request completed').map((l) => l.pid))
      assert.deepEqual([...servedBy].sort(), [...workers].sort(), 'each worker answered some of the connections')

      // A worker dies: it is logged and replaced; the service keeps answering meanwhile.
      const [victim, survivor] = workers as [number, number]
      process.kill(victim, 'SIGKILL')
      const died = await service.waitForLog((l) => l.msg === 'worker died; starting a replacement')
      assert.equal(died.worker, victim)
      assert.equal(died.signal, 'SIGKILL')
      assert.equal(died.level, 50, 'logged as an error')
      for (let i = 0; i < 10; i++) assert.equal(await analyse(service.base), 200)
      await service.waitForLog(() => service.countLogs((l) => l.msg === 'worker listening') === 3)
      const replacement = service.logs
        .filter((l) => l.msg === 'worker listening')
        .map((l) => l.worker as number)[2] as number
      assert.ok(![victim, survivor].includes(replacement))
      assert.ok(alive(replacement) && alive(survivor) && !alive(victim))
      assert.deepEqual(descendants(primary).sort(), [survivor, replacement].sort())
      for (let i = 0; i < 10; i++) assert.equal(await analyse(service.base), 200)
    } finally {
      await service.server.stop()
    }
    const { code } = await service.exited
    assert.equal(code, 0)
  })

  it('stops, exit code 1, with a message naming the port, when the port is taken (no restart loop)', async () => {
    const port = await freePort()
    const squatter = createServer().listen(port, '127.0.0.1')
    await new Promise((resolve) => squatter.once('listening', resolve))
    try {
      const child = spawn(process.execPath, ['dist/src/main.js'], {
        cwd: ROOT,
        env: { ...process.env, WORKERS: '2', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let output = ''
      child.stdout.on('data', (d: Buffer) => (output += d.toString()))
      child.stderr.on('data', (d: Buffer) => (output += d.toString()))
      const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)))
      assert.equal(code, 1, output)
      assert.match(
        output,
        new RegExp(`cannot listen on 127\\.0\\.0\\.1 port ${port} \\(EADDRINUSE\\): another process holds that port`),
      )
      assert.ok((output.match(/"msg":"worker died/g) ?? []).length === 0, 'no replacement attempted')
      assert.ok((output.match(/"msg":"worker stopped"/g) ?? []).length === 2, 'both workers stopped')
    } finally {
      squatter.close()
    }
  })

  it('WORKERS=2: a worker answers 408 and closes a connection whose headers never end (HEADERS_TIMEOUT_MS)', {
    timeout: 30_000,
  }, async () => {
    const headersMs = 800
    const requestMs = 1500
    const service = await startService({
      WORKERS: '2',
      HEADERS_TIMEOUT_MS: String(headersMs),
      REQUEST_TIMEOUT_MS: String(requestMs),
    })
    try {
      await service.waitForLog(() => service.countLogs((l) => l.msg === 'worker listening') === 2)
      const c = new RawClient(service.port)
      await c.connected
      const dribbling = c.dribble(`GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ${'a'.repeat(200)}`, 50)
      await c.closed
      await dribbling
      const elapsed = (c.closedAt as number) - c.openedAt
      assert.ok(elapsed >= headersMs - 100, `closed after ${elapsed} ms`)
      assert.ok(elapsed < requestMs + 2000, `closed after ${elapsed} ms, headers timeout ${headersMs} ms`)
      assert.equal(c.responses()[0]?.status, 408, c.received)
    } finally {
      await service.server.stop()
    }
  })

  it("WORKERS=2, HOST=localhost: the primary listens on localhost's addresses, as one process does", async () => {
    const service = await startService({ WORKERS: '2', HOST: 'localhost' })
    try {
      await service.waitForLog(() => service.countLogs((l) => l.msg === 'worker listening') === 2)
      const addresses = await lookup('localhost', { all: true })
      for (const { address, family } of addresses) {
        const host = family === 6 ? `[${address}]` : address
        const res = await fetch(`http://${host}:${service.port}/health`)
        assert.equal(res.status, 200, `http://${host}:${service.port}/health`)
      }
      assert.ok(service.logs.some((l) => l.msg === `Server listening at http://localhost:${service.port}`))
    } finally {
      await service.server.stop()
    }
  })

  it('WORKERS=1 serves from a single process (no cluster primary)', async () => {
    const service = await startService({ WORKERS: '1' })
    try {
      assert.equal(await analyse(service.base), 200)
      assert.deepEqual(descendants(service.server.child.pid as number), [])
      assert.equal(
        service.countLogs((l) => l.role === 'primary'),
        0,
      )
    } finally {
      await service.server.stop()
    }
  })
})
