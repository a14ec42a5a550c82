/**
 * The marking app's files (src/http/static.ts), served from a build folder made here
 * by a service listening on a real port: each file at its path with its type, length,
 * bytes and validators, index.html at `/`; HEAD; 304 for a copy the browser has; a
 * Range header answered in full; and nothing else of the disk reachable: a folder, a
 * hidden file, a path climbing out, another method. A file removed after start is a
 * 500 in the service's shape, and the service goes on serving.
 */

import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { type App, listening, RawClient, stopListening } from '../support/raw-http.js'

const FILES: Record<string, { body: Buffer; type: string }> = {
  'index.html': { body: Buffer.from('<!doctype html><title>app</title>'), type: 'text/html; charset=utf-8' },
  'assets/app-1a2b.js': { body: Buffer.from('console.log(1)\n'), type: 'application/javascript; charset=utf-8' },
  'assets/app-1a2b.css': { body: Buffer.from('body{}'), type: 'text/css; charset=utf-8' },
  'pose/model.wasm': { body: Buffer.from([0, 97, 115, 109, 1, 0, 0, 0]), type: 'application/wasm' },
  'pose/model.tflite': { body: Buffer.alloc(70_000, 7), type: 'application/octet-stream' },
  'photo-protocol.txt': { body: Buffer.from('Protocolo / protocol\n'), type: 'text/plain; charset=utf-8' },
}
const MODIFIED = new Date('2026-01-02T03:04:05Z')

/** Sends `head` (request line and headers) on a raw connection with Connection: close; everything received once the service closes it. */
async function rawExchange(port: number, head: string): Promise<string> {
  const client = new RawClient(port)
  await client.connected
  client.write(`${head}\r\nHost: x\r\nConnection: close\r\n\r\n`)
  await client.closed
  return client.received
}

describe('the marking app: static files', () => {
  let root: string
  let app: App
  let base: string
  let port: number

  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'posture-static-'))
    for (const [name, { body }] of Object.entries(FILES)) {
      mkdirSync(join(root, name, '..'), { recursive: true })
      writeFileSync(join(root, name), body)
      utimesSync(join(root, name), MODIFIED, MODIFIED)
    }
    writeFileSync(join(root, '.env'), 'SECRET=1')
    writeFileSync(join(root, 'to-remove.txt'), 'soon gone')
    ;({ app, base, port } = await listening({ overload: false, webRoot: root }))
  })

  after(async () => {
    await stopListening(app)
    rmSync(root, { recursive: true, force: true })
  })

  it('serves each file at its path with its type, length and bytes, and index.html at /', async () => {
    for (const [name, { body, type }] of [...Object.entries(FILES), ['', FILES['index.html']!] as const]) {
      const res = await fetch(`${base}/${name}`)
      assert.equal(res.status, 200, name)
      assert.equal(res.headers.get('content-type'), type, name)
      assert.equal(res.headers.get('content-length'), String(body.length), name)
      assert.deepEqual(Buffer.from(await res.arrayBuffer()), body, name)
      assert.equal(res.headers.get('cache-control'), 'public, max-age=0', name)
      assert.equal(res.headers.get('last-modified'), MODIFIED.toUTCString(), name)
      assert.equal(res.headers.get('etag'), `W/"${body.length.toString(16)}-${MODIFIED.getTime().toString(16)}"`, name)
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff', `${name}: the security headers too`)
    }
  })

  it('answers HEAD with the headers of GET and no body', async () => {
    const raw = await rawExchange(port, 'HEAD /pose/model.tflite HTTP/1.1')
    assert.match(raw, /^HTTP\/1\.1 200 /)
    assert.match(raw, /\r\ncontent-length: 70000\r\n/i)
    assert.match(raw, /\r\ncontent-type: application\/octet-stream\r\n/i)
    assert.ok(raw.endsWith('\r\n\r\n'), 'no body after the headers')
  })

  it('answers 304 without a body when the browser has the file, 200 when it has another or asks afresh', async () => {
    const first = await fetch(`${base}/assets/app-1a2b.js`)
    const etag = first.headers.get('etag') as string
    await first.arrayBuffer()
    const cases: [Record<string, string>, number][] = [
      [{ 'if-none-match': etag }, 304],
      [{ 'if-none-match': etag.replace(/^W\//, '') }, 304],
      [{ 'if-none-match': `W/"0-0", ${etag}` }, 304],
      [{ 'if-none-match': '*' }, 304],
      [{ 'if-none-match': 'W/"0-0"' }, 200],
      [{ 'if-none-match': 'W/"0-0"', 'if-modified-since': MODIFIED.toUTCString() }, 200],
      [{ 'if-modified-since': MODIFIED.toUTCString() }, 304],
      [{ 'if-modified-since': new Date(MODIFIED.getTime() - 1000).toUTCString() }, 200],
      [{ 'if-modified-since': 'not a date' }, 200],
      // What fetch() sends: no-cache is for caches on the way, the service still answers 304.
      [{ 'if-none-match': etag, 'cache-control': 'no-cache' }, 304],
    ]
    for (const [headers, status] of cases) {
      const res = await fetch(`${base}/assets/app-1a2b.js`, { headers })
      const body = await res.text()
      assert.equal(res.status, status, JSON.stringify(headers))
      if (status === 304) {
        assert.equal(body, '')
        assert.equal(res.headers.get('etag'), etag)
      }
    }
  })

  it('answers a Range header with the whole file', async () => {
    const res = await fetch(`${base}/pose/model.tflite`, { headers: { range: 'bytes=0-9' } })
    assert.equal(res.status, 200)
    assert.equal((await res.arrayBuffer()).byteLength, 70_000)
  })

  it('reaches nothing else on the disk: folders, hidden files, paths climbing out are 404; another method is 405', async () => {
    for (const path of [
      '/assets/',
      '/assets',
      '/pose/',
      '/.env',
      '/index.html/',
      '/assets/%2e%2e/.env',
      '/%2e%2e/etc/passwd',
    ]) {
      const res = await fetch(`${base}${path}`)
      assert.equal(res.status, 404, path)
      assert.deepEqual(await res.json(), { detail: 'Not Found' }, path)
    }
    for (const path of ['/assets/../../../etc/passwd', '/../.env', '/assets/..%2f..%2f.env']) {
      assert.match(await rawExchange(port, `GET ${path} HTTP/1.1`), /^HTTP\/1\.1 404 /, path)
    }
    const post = await fetch(`${base}/index.html`, { method: 'POST' })
    assert.equal(post.status, 405)
    assert.equal(post.headers.get('allow'), 'GET, HEAD')
    await post.arrayBuffer()
  })

  it('answers 500 in its own shape for a file removed after start, and goes on serving', async () => {
    rmSync(join(root, 'to-remove.txt'))
    const gone = await fetch(`${base}/to-remove.txt`)
    assert.equal(gone.status, 500)
    assert.deepEqual(await gone.json(), { detail: 'Internal Server Error' })
    const again = await fetch(`${base}/`)
    assert.equal(again.status, 200)
    // Read whole: a body left unread keeps the connection (and this process) open until the keep-alive timeout.
    await again.arrayBuffer()
  })
})
