/**
 * A server as its own process, for the tests that need a real one (cluster,
 * shutdown, the generated client) and for the benchmark: start it on a free port
 * of 127.0.0.1, wait until /health answers, read its resident memory from /proc,
 * stop it.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'

/** A port that was free a moment ago on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() =>
        typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

export interface ServerProcess {
  readonly name: string
  readonly url: string
  readonly child: ChildProcess
  readonly port: number
  /** Resident memory of the process and all its descendants (cluster workers), bytes. */
  rss(): number
  /** The anonymous (private) part of rss(): without the executable's and libraries' file pages, which every Node process shares. */
  rssAnon(): number
  /** Stops the process (SIGTERM, then SIGKILL after 10 s) and waits for it to exit. */
  stop(): Promise<void>
}

export interface StartOptions {
  readonly name: string
  /** Script to run, relative to the repo root (e.g. dist/src/main.js). */
  readonly script: string
  readonly env?: Record<string, string>
  /** Extra node flags, e.g. --cpu-prof. */
  readonly nodeArgs?: readonly string[]
  /** The server's stdout: discarded (default), this process's, or a pipe (child.stdout, to be read). */
  readonly stdio?: 'ignore' | 'inherit' | 'pipe'
  /** Give up when /health does not answer 200 within this, ms (default 20 s). */
  readonly readyTimeoutMs?: number
}

/**
 * Waits until `url` answers 2xx, polling every 50 ms, and resolves with the time that
 * took, ms. Fails when `child` (if given: the process that should answer) exits first,
 * killing it when nothing answers within `ms`; `details()` ends either message.
 */
export async function waitUntilAnswering(
  child: ChildProcess | undefined,
  url: string,
  name: string,
  ms: number,
  details: () => string = () => '',
): Promise<number> {
  const started = Date.now()
  for (;;) {
    if (child !== undefined && child.exitCode !== null)
      throw new Error(`${name} exited with code ${child.exitCode} before ${url} answered${details()}`)
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) })
      await response.arrayBuffer()
      if (response.ok) return Date.now() - started
    } catch {
      // not listening yet
    }
    if (Date.now() - started > ms) {
      child?.kill('SIGKILL')
      throw new Error(`${name} did not answer ${url} within ${ms} ms${details()}`)
    }
    await sleep(50)
  }
}

export async function startServer(options: StartOptions, root: string): Promise<ServerProcess> {
  const port = await freePort()
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), options.script], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...options.env },
    stdio: ['ignore', options.stdio ?? 'ignore', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  // Never leave a server behind when this process ends.
  const reap = () => child.kill('SIGKILL')
  process.once('exit', reap)
  void exited.then(() => process.off('exit', reap))
  const url = `http://127.0.0.1:${port}`
  const readyTimeoutMs = options.readyTimeoutMs ?? 20_000
  await waitUntilAnswering(child, `${url}/health`, options.name, readyTimeoutMs)
  const pid = child.pid as number
  return {
    name: options.name,
    url,
    child,
    port,
    rss: () => treeRss(pid),
    rssAnon: () => treeRss(pid, 'RssAnon'),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM')
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
        await exited
        clearTimeout(timer)
      }
    },
  }
}

function statusField(pid: number, field: string): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)
    return match ? Number(match[1]) * 1024 : 0
  } catch {
    return 0
  }
}

/** The pids of a process's descendants (Linux /proc). */
export function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      // pid (comm) state ppid ... ; comm may contain spaces and parentheses.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      const list = parents.get(ppid) ?? []
      list.push(Number(entry))
      parents.set(ppid, list)
    } catch {
      // the process ended while we looked
    }
  }
  const out: number[] = []
  const queue = [pid]
  while (queue.length > 0) {
    for (const child of parents.get(queue.shift() as number) ?? []) {
      out.push(child)
      queue.push(child)
    }
  }
  return out
}

function treeRss(pid: number, field = 'VmRSS'): number {
  let total = statusField(pid, field)
  for (const child of descendants(pid)) total += statusField(child, field)
  return total
}
