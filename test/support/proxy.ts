/**
 * Real parts for the operations tests: service instances (dist/src/main.js) on
 * fixed loopback ports that can be stopped and started again on the same port,
 * Debian's nginx run as a foreground child with its own configuration and prefix in
 * a temporary directory (never the system service), and steady autocannon load.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import autocannon from 'autocannon'
import { ANALYSIS_ENDPOINTS, ENDPOINTS } from '../../bench/harness.js'
import { collectLogLines, type LogLine, waitForLogLine } from './log-lines.js'
import { ROOT } from './paths.js'
import { freePort, waitUntilAnswering } from './server-process.js'

export type { LogLine }

// ---------------------------------------------------------------------------------
// nginx

/** The nginx binary, or undefined when it is not installed. */
export function nginxBinary(): string | undefined {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(candidate)) return candidate
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' })
  const path = found.stdout.trim()
  return found.status === 0 && path !== '' ? path : undefined
}

/**
 * Whether the nginx tests can run; in CI (CI set) a missing nginx is a failure,
 * elsewhere the tests are skipped with this message.
 */
export function nginxSkip(): string | false {
  if (nginxBinary() !== undefined) return false
  if (process.env.CI)
    throw new Error(
      "nginx is not installed, and CI is set: the proxy tests must run in CI (.ci/run installs Debian's nginx).",
    )
  return 'nginx is not installed (apt-get install -y nginx): proxy tests skipped'
}

export interface Nginx {
  readonly port: number
  readonly dir: string
  /** The access log's lines (`status upstream_addr upstream_status`): so far, or all of them after stop(). */
  accessLog(): string[]
  errorLog(): string
  stop(): Promise<void>
}

/**
 * Starts nginx in the foreground with `http` as the body of its http { } block
 * (listening on `port`, which the caller put into it). Its logs, pid and temporary
 * files stay in a fresh directory, removed by stop().
 */
export async function startNginx(http: string, port: number): Promise<Nginx> {
  const binary = nginxBinary()
  if (binary === undefined) throw new Error('nginx is not installed')
  const dir = mkdtempSync(join(tmpdir(), 'posture-nginx-'))
  const root = process.getuid?.() === 0
  const conf = `
${root ? 'user root;' : ''}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  log_format retries '$status $upstream_addr $upstream_status';
  access_log ${dir}/access.log retries buffer=64k flush=100ms;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${http}
}
`
  writeFileSync(join(dir, 'nginx.conf'), conf)
  const child = spawn(
    binary,
    ['-p', dir, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  )
  let stderr = ''
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const reap = () => child.kill('SIGKILL')
  process.once('exit', reap)
  const read = (file: string) => (existsSync(join(dir, file)) ? readFileSync(join(dir, file), 'utf8') : '')
  await waitUntilAnswering(
    child,
    `http://127.0.0.1:${port}/health`,
    'nginx',
    10_000,
    () => `: ${stderr}${read('error.log')}`,
  )
  let final: { access: string; error: string } | undefined
  return {
    port,
    dir,
    accessLog: () => (final?.access ?? read('access.log')).split('\n').filter((l) => l !== ''),
    errorLog: () => final?.error ?? read('error.log'),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        // SIGQUIT: graceful, so the access log buffer is written.
        child.kill('SIGQUIT')
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
        await exited
        clearTimeout(timer)
      }
      process.off('exit', reap)
      final ??= { access: read('access.log'), error: read('error.log') }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

// ---------------------------------------------------------------------------------
// nginx configurations (the http { } body startNginx takes)

/**
 * How long nginx skips an instance that refused a connection, s. A restarted instance
 * gets traffic back soon; with nginx's whole-second clock it is skipped for up to 1 s
 * more, which must stay below every drain period tested (docs/operations.md, the
 * fail_timeout rule).
 */
export const FAIL_TIMEOUT_S = 1

/** nginx as the issue's user ran it: keep-alive to the instances, otherwise its defaults (a sent POST is never re-sent). */
export function plainProxy(ports: readonly number[], listen: number): string {
  return `
  upstream service {
    ${ports.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=${FAIL_TIMEOUT_S}s;`).join('\n    ')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${listen};
    location / {
      proxy_pass http://service;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
    }
  }`
}

/** The shipped configuration with the test's instances and listening port in place of its examples. */
export function shippedProxy(ports: readonly [number, number], listen: number): string {
  let conf = readFileSync(join(ROOT, 'deploy/nginx/posture-metrics.conf'), 'utf8')
  const replace = (from: RegExp, to: string) => {
    if (!from.test(conf))
      throw new Error(
        `deploy/nginx/posture-metrics.conf no longer has ${from}; update shippedProxy (test/support/proxy.ts)`,
      )
    conf = conf.replace(from, to)
  }
  replace(/server 127\.0\.0\.1:8000 /, `server 127.0.0.1:${ports[0]} `)
  replace(/server 127\.0\.0\.1:8001 /, `server 127.0.0.1:${ports[1]} `)
  replace(/listen 80;/, `listen 127.0.0.1:${listen};`)
  return conf
}

/** `count` different ports that were free a moment ago on 127.0.0.1. */
export async function distinctPorts(count: number): Promise<number[]> {
  const ports = new Set<number>()
  while (ports.size < count) ports.add(await freePort())
  return [...ports]
}

// ---------------------------------------------------------------------------------
// Service instances

export interface Instance {
  readonly port: number
  readonly child: ChildProcess
  readonly logs: LogLine[]
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>
  /** Pids of the cluster workers that reported listening (WORKERS > 1). */
  workers(): number[]
  waitForLog(predicate: (line: LogLine) => boolean, ms?: number): Promise<LogLine>
}

/**
 * How long an instance may take to answer /ready, ms. A quiet machine takes well under
 * a second; on a shared 2-core machine under load (several test files at once, a CPU
 * load beside a test) a WORKERS=2 instance took over 20 s. Only a failure waits this long.
 */
const READY_MS = 60_000
/** How long a system test waits for an event before it fails (an event, not a duration it judges). */
export const SYSTEM_WAIT_MS = 60_000

/**
 * Starts dist/src/main.js on 127.0.0.1:port and waits until it listens there itself (its own
 * "Server listening at" log line: the process, or with WORKERS > 1 its cluster primary) and
 * /ready answers 200. /ready alone proves nothing about which process answers: while an
 * instance restarts, its port is free, and on a shared machine another process (another test
 * file's server, a record server, which answers /ready but counts no analysis) may take it;
 * the instance then fails to listen (EADDRINUSE) and exits, and a test that took the other
 * process's /ready for this one's waited for traffic that could never show.
 */
export async function startInstance(port: number, env: Record<string, string> = {}): Promise<Instance> {
  const child = spawn(process.execPath, ['dist/src/main.js'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const reap = () => child.kill('SIGKILL')
  process.once('exit', reap)
  const logs: LogLine[] = []
  collectLogLines(child.stdout, logs)
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) => {
    child.once('exit', (code, signal) => {
      process.off('exit', reap)
      resolve({ code, signal, at: Date.now() })
    })
  })
  const waitForLog = (predicate: (line: LogLine) => boolean, ms?: number) => waitForLogLine(logs, predicate, ms)
  const workers = Number(env.WORKERS ?? '1')
  const logged = () => logs.map((l) => JSON.stringify(l)).join('\n')
  try {
    // Its own line, not merely an answer on the port. Watched with the process's exit: one that
    // could not listen exits at once, and its log says why.
    const listening = `Server listening at http://127.0.0.1:${port}`
    const until = performance.now() + READY_MS
    while (!logs.some((l) => l.msg === listening)) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(
          `the service for port ${port} exited (code ${child.exitCode}, signal ${child.signalCode}) before it ` +
            `listened there (another process holds the port?); its log:\n${logged()}`,
        )
      if (performance.now() > until)
        throw new Error(
          `the service for port ${port} did not listen there within ${READY_MS} ms; its log:\n${logged()}`,
        )
      await sleep(20)
    }
    if (workers > 1)
      await waitForLog(() => logs.filter((l) => l.msg === 'worker listening').length >= workers, READY_MS)
    await waitUntilAnswering(child, `http://127.0.0.1:${port}/ready`, `the service on port ${port}`, READY_MS)
  } catch (error) {
    // Not ready in time: the caller never gets the process, so it is stopped here (its
    // output pipe would otherwise keep the test process alive until the test runner's end),
    // its workers first, which would otherwise outlive it for a moment.
    for (const line of logs) {
      if (line.msg !== 'worker listening') continue
      try {
        process.kill(line.worker as number, 'SIGKILL')
      } catch {
        // Gone already.
      }
    }
    child.kill('SIGKILL')
    await exited
    throw error
  }
  return {
    port,
    child,
    logs,
    exited,
    workers: () => logs.filter((l) => l.msg === 'worker listening').map((l) => l.worker as number),
    waitForLog,
  }
}

/** A GET /metrics that answered, but not with this service's figures. */
export class MetricsAnswerError extends Error {}

/**
 * The analysis requests this instance has answered (from its own GET /metrics, all workers).
 * Any answer but this service's figures is an error, not 0: a /metrics of another process
 * (one that took the port), or a cluster that could not collect every worker's figures (503).
 */
export async function analysesServed(port: number): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(7000) })
  const text = await response.text()
  if (response.status !== 200)
    throw new MetricsAnswerError(`GET /metrics on port ${port} answered ${response.status}: ${text.slice(0, 200)}`)
  // Every answer of this service's /metrics declares the series.
  if (!/^# TYPE http_requests_total counter$/m.test(text))
    throw new MetricsAnswerError(`GET /metrics on port ${port} is not this service's figures: ${text.slice(0, 200)}`)
  let total = 0
  for (const line of text.split('\n')) {
    const match = /^http_requests_total\{route="\/api\/[^"]*"[^}]*\} (\d+)/.exec(line)
    if (match) total += Number(match[1])
  }
  return total
}

/**
 * Waits until the proxy sends this instance traffic again (its count of analyses rises).
 * The deadline only keeps a broken run from hanging: on a 2-core machine under a CPU
 * load and other tests, a replacement worker or a restarted instance has taken more than
 * 15 s to take traffic (a repeat run at load 37). It is measured on the monotonic clock;
 * a /metrics answer that is not the figures (a cluster that could not collect a starved
 * worker's figures in time) is read again, and a failure says what the readings were.
 */
export async function waitForTraffic(port: number, ms = SYSTEM_WAIT_MS): Promise<void> {
  const deadline = performance.now() + ms
  let start: number | undefined
  let last: number | undefined
  let lastError: unknown
  let readings = 0
  for (;;) {
    try {
      const count = await analysesServed(port)
      readings++
      last = count
      if (start === undefined) start = count
      else if (count > start) return
    } catch (error) {
      // No answer at all (nothing listens: the instance is gone) ends the wait at once.
      if (!(error instanceof MetricsAnswerError)) throw error
      lastError = error
    }
    if (performance.now() > deadline)
      throw new Error(
        `the proxy sent no analysis to the instance on port ${port} within ${ms} ms ` +
          `(its count of analyses: ${start ?? 'never read'} at first, ${last ?? 'never read'} at the end, ${readings} readings` +
          `${lastError === undefined ? '' : `; last failed reading: ${(lastError as Error).message}`})`,
      )
    await sleep(100)
  }
}

// ---------------------------------------------------------------------------------
// Load

export interface SteadyLoad {
  /** Stops the load and resolves with what was sent and how it went. */
  stop(): Promise<LoadFigures>
}

export interface LoadFigures {
  readonly requests: number
  readonly ok: number
  readonly non2xx: number
  readonly errors: number
  readonly timeouts: number
  readonly statuses: Record<string, number>
}

/** Analysis requests (all four endpoints in turn) at `connections` keep-alive connections until stop(), at most `maxSeconds`. */
export function steadyLoad(url: string, connections: number, maxSeconds: number, timeoutSeconds = 10): SteadyLoad {
  const requests = ENDPOINTS.filter((e) => ANALYSIS_ENDPOINTS.has(e.name)).map((e) => ({
    method: e.method,
    path: e.path,
    body: e.body,
    headers: { 'content-type': 'application/json' },
  }))
  const statuses: Record<string, number> = {}
  const instance = autocannon({
    url,
    connections,
    pipelining: 1,
    duration: maxSeconds,
    timeout: timeoutSeconds,
    requests,
  })
  instance.on('response', (_client: unknown, statusCode: number) => {
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1
  })
  const done = instance.then((result) => ({
    requests: result.requests.total,
    ok: Object.entries(statuses).reduce((sum, [status, n]) => (status.startsWith('2') ? sum + n : sum), 0),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses,
  }))
  return {
    async stop() {
      instance.stop()
      return done
    },
  }
}
