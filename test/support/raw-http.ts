/** Helpers for the robustness tests: a listening app and raw-socket HTTP clients. */
import { connect, type Socket } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { type AppOptions, buildApp } from '../../src/app.js'

export type App = Awaited<ReturnType<typeof buildApp>>

/** The app listening on 127.0.0.1 at a free port; no logs, no static files. */
export async function listening(options: AppOptions = {}): Promise<{ app: App; port: number; base: string }> {
  const app = await buildApp({ logger: false, webRoot: false, ...options })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const port = typeof address === 'object' && address !== null ? address.port : 0
  return { app, port, base: `http://127.0.0.1:${port}` }
}

/**
 * Closes an app of `listening` and every connection still open to it, once the test has read
 * every answer it waits for. A plain `app.close()` closes the connections that are idle when it
 * starts; a keep-alive connection whose last answer the client had read before the server saw
 * it finish is not idle yet, gets the 72 s keep-alive timeout once it is, and holds the close
 * (and the test file's process) until the client drops it 70 s later (Node's fetch keeps 2 s in
 * hand): a race, about one run in four of static.test.ts in CI.
 */
export async function stopListening(app: App): Promise<void> {
  const closing = app.close()
  app.server.closeAllConnections()
  await closing
}

/** A raw TCP connection that records everything it receives and when it closed. */
export class RawClient {
  readonly socket: Socket
  received = ''
  closedAt: number | undefined
  readonly openedAt = Date.now()
  readonly closed: Promise<void>
  readonly connected: Promise<void>

  constructor(port: number) {
    this.socket = connect(port, '127.0.0.1')
    this.socket.setNoDelay(true)
    this.socket.on('data', (chunk: Buffer) => (this.received += chunk.toString('latin1')))
    this.socket.on('error', () => {})
    this.connected = new Promise((resolve) => this.socket.once('connect', () => resolve()))
    this.closed = new Promise((resolve) =>
      this.socket.once('close', () => {
        this.closedAt = Date.now()
        resolve()
      }),
    )
  }

  /** Writes `data` one byte every `delayMs` (stops quietly if the server closed the connection). */
  async dribble(data: string | Buffer, delayMs: number): Promise<void> {
    const bytes = typeof data === 'string' ? Buffer.from(data) : data
    for (let i = 0; i < bytes.length; i++) {
      if (this.socket.destroyed || this.closedAt !== undefined) return
      this.socket.write(bytes.subarray(i, i + 1))
      await sleep(delayMs)
    }
  }

  write(data: string | Buffer): void {
    this.socket.write(data)
  }

  /** Waits until `predicate(received)` holds, or throws after `ms`. */
  async waitFor(predicate: (received: string) => boolean, ms = 5000): Promise<void> {
    const deadline = Date.now() + ms
    while (!predicate(this.received)) {
      if (Date.now() > deadline)
        throw new Error(`timed out waiting; received so far: ${JSON.stringify(this.received.slice(0, 500))}`)
      await sleep(5)
    }
  }

  /** The responses received so far: status, headers (lowercase) and body, split by Content-Length. */
  responses(): { status: number; headers: Record<string, string>; body: string }[] {
    const out: { status: number; headers: Record<string, string>; body: string }[] = []
    let rest = this.received
    while (rest.length > 0) {
      const end = rest.indexOf('\r\n\r\n')
      if (end < 0) break
      const [statusLine, ...lines] = rest.slice(0, end).split('\r\n')
      const headers: Record<string, string> = {}
      for (const line of lines) {
        const colon = line.indexOf(':')
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
      }
      const length = Number(headers['content-length'] ?? 0)
      const body = rest.slice(end + 4, end + 4 + length)
      if (body.length < length) break
      out.push({ status: Number(statusLine?.split(' ')[1]), headers, body })
      rest = rest.slice(end + 4 + length)
    }
    return out
  }

  destroy(): void {
    this.socket.destroy()
  }
}

/** The text of an HTTP/1.1 POST of a JSON body. */
export function postText(path: string, body: string, extraHeaders = ''): { head: string; body: string } {
  return {
    head: `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${extraHeaders}\r\n`,
    body,
  }
}
