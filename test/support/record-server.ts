/**
 * The record server as its own process for the tests (src/record-server): started
 * on a free port of 127.0.0.1 with a new temporary data directory and a first admin
 * (RECORD_ADMIN_EMAIL + a password file, removed once it answers), waited for until /health answers; and a
 * client that keeps one session's cookie and CSRF token, as a browser would, with a
 * device id. Photos for the tests are made here too (a PNG header is all the server
 * reads of a photo).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ROOT } from './paths.js'
import { freePort, waitUntilAnswering } from './server-process.js'

export const RECORD_SERVER_SCRIPT = 'dist/src/record-server/main.js'
export const ADMIN_EMAIL = 'admin@clinic.test'
export const ADMIN_PASSWORD = 'correct horse battery staple'

export interface RecordServer {
  readonly url: string
  /** Its data directory (the embedded store's; with PostgreSQL only the password file's parent). */
  readonly dataDir: string
  /** Its PostgreSQL URL, or undefined for the embedded store. */
  readonly database: string | undefined
  readonly child: ChildProcess
  /** What the process wrote to stderr and stdout so far. */
  output(): string
  /** SIGTERM, and waits for the exit; resolves with the exit code. */
  stop(): Promise<number | null>
  /** Stops it and removes its data directory. */
  dispose(): Promise<void>
}

/** Runs the entry point with `args` and `env` until it exits: its exit code and output. */
export function runRecordCommand(
  args: readonly string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [RECORD_SERVER_SCRIPT, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (d: Buffer) => (output += d))
    child.stderr.on('data', (d: Buffer) => (output += d))
    child.once('exit', (code) => resolve({ code, output }))
  })
}

/**
 * Starts a server. With `database` (a PostgreSQL URL, test/support/postgres.ts) it
 * serves that database; otherwise the embedded store in `dataDir` (a new one unless
 * given). The temporary directory holds the admin's password file either way. `port`:
 * where it listens (a free one unless given: a test that must name the server's URL
 * before it starts, such as a single sign-on callback, takes one with freePort).
 */
export async function startRecordServer(
  options: { env?: Record<string, string>; dataDir?: string; database?: string | undefined; port?: number } = {},
): Promise<RecordServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'record-server-'))
  const passwordFile = join(dataDir, '..', `${dataDir.split('/').pop()}-admin-password`)
  writeFileSync(passwordFile, `${ADMIN_PASSWORD}\n`, { mode: 0o600 })
  const port = options.port ?? (await freePort())
  const child = spawn(process.execPath, [RECORD_SERVER_SCRIPT], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...(options.database === undefined
        ? { RECORD_DATA_DIR: dataDir, RECORD_DATABASE_URL: '' }
        : { RECORD_DATA_DIR: '', RECORD_DATABASE_URL: options.database }),
      RECORD_PORT: String(port),
      RECORD_HOST: '127.0.0.1',
      RECORD_ADMIN_EMAIL: ADMIN_EMAIL,
      RECORD_ADMIN_PASSWORD_FILE: passwordFile,
      RECORD_LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (d: Buffer) => (output += d))
  child.stderr?.on('data', (d: Buffer) => (output += d))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const reap = () => child.kill('SIGKILL')
  process.once('exit', reap)
  void exited.then(() => process.off('exit', reap))
  const url = `http://127.0.0.1:${port}`
  try {
    await waitUntilAnswering(child, `${url}/health`, 'record server', 30_000, () => `\n${output}`)
  } finally {
    // Read at start only (the admin exists once it answers); written again by each start.
    rmSync(passwordFile, { force: true })
  }
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    return exited
  }
  return {
    url,
    dataDir,
    database: options.database,
    child,
    output: () => output,
    stop,
    async dispose() {
      await stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export interface Answer {
  readonly status: number
  readonly headers: Headers
  // biome-ignore lint/suspicious/noExplicitAny: a test reads the JSON answer's fields as it expects them
  readonly body: any
}

/** One device's client: its session cookie and CSRF token, sent as a browser would send them. */
export class RecordClient {
  cookie: string | undefined
  csrf: string | undefined

  constructor(
    readonly url: string,
    readonly deviceId = `device-${randomBytes(4).toString('hex')}`,
  ) {}

  async request(
    method: string,
    path: string,
    body?: unknown,
    options: { headers?: Record<string, string>; csrf?: boolean } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { 'x-device-id': this.deviceId, ...options.headers }
    if (this.cookie) headers.cookie = this.cookie
    if (this.csrf && options.csrf !== false && method !== 'GET') headers['x-csrf-token'] = this.csrf
    let payload: string | Uint8Array | undefined
    if (body instanceof Uint8Array) {
      payload = body
      headers['content-type'] ??= 'application/octet-stream'
    } else if (body !== undefined) {
      payload = JSON.stringify(body)
      headers['content-type'] = 'application/json'
    }
    const response = await fetch(`${this.url}${path}`, { method, headers, body: payload })
    const text = await response.text()
    const type = response.headers.get('content-type') ?? ''
    return {
      status: response.status,
      headers: response.headers,
      body: type.includes('json') && text ? JSON.parse(text) : text,
    }
  }

  /** Logs in; on success keeps the cookie and the CSRF token. */
  async login(email: string, password: string): Promise<Answer> {
    const answer = await this.request('POST', '/api/session', { email, password })
    const setCookie = answer.headers.get('set-cookie')
    if (answer.status === 200 && setCookie) {
      this.cookie = setCookie.split(';')[0]
      this.csrf = answer.body.csrf_token
    }
    return answer
  }
}

/** A new user of `role` made by `admin`, logged in on a client of its own. */
export async function userClient(admin: RecordClient, role: string): Promise<RecordClient> {
  const email = `${role}-${randomBytes(4).toString('hex')}@clinic.test`
  const password = `password of ${email}`
  const made = await admin.request('POST', '/api/users', { email, role, password })
  if (made.status !== 201) throw new Error(`creating a ${role}: ${made.status} ${JSON.stringify(made.body)}`)
  const client = new RecordClient(admin.url)
  const login = await client.login(email, password)
  if (login.status !== 200) throw new Error(`logging in a ${role}: ${login.status}`)
  return client
}

/** Bytes the server takes as a PNG photo of `width` x `height` (its header; the rest, `random` bytes, random, so each photo is new). */
export function pngPhoto(width = 40, height = 60, random = 64): Uint8Array {
  const header = Buffer.alloc(33)
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0)
  header.writeUInt32BE(13, 8)
  header.write('IHDR', 12, 'ascii')
  header.writeUInt32BE(width, 16)
  header.writeUInt32BE(height, 20)
  header[24] = 8
  header[25] = 2
  return Buffer.concat([header, randomBytes(random)])
}

export const sha256Of = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex')

/** An assessment file the app writes (one lateral view, no photo), saved at `savedAt`. */
export function assessment(savedAt = '2026-03-02T10:00:00.000Z', extra: Record<string, unknown> = {}) {
  return {
    format: 'posture-metrics-session',
    version: 1,
    saved_at: savedAt,
    view: 'lateral',
    views: { lateral: { image: { name: 'lateral.jpg', width: 1200, height: 1600 }, markers: { tragus: [600, 300] } } },
    ...extra,
  }
}
