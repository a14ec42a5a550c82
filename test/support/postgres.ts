/**
 * A throwaway PostgreSQL for the record server's tests: Debian's binaries
 * (/usr/lib/postgresql/<version>/bin, the `postgresql` package), a cluster made by
 * initdb in a temporary directory, the postmaster run as a child process on a free
 * port of 127.0.0.1 (as the `postgres` user when the tests run as root, since
 * PostgreSQL refuses root), waited for by its "ready to accept connections" log line,
 * killed and started again on the same data directory (the crash test), and removed
 * after. Skipped where the binaries are missing, unless CI is set (then a failure
 * saying what to install).
 *
 * testStores() is what each record-server test file runs its tests over: the
 * embedded SQLite always, and PostgreSQL (a new database per server) where it can.
 * The databases come from one cluster for the whole layer when the runner started one
 * (run.ts sets TEST_POSTGRES_PORT), else from one cluster for the test file. A file
 * that kills or stops PostgreSQL takes a cluster of its own (useOwnPostgres()).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after } from 'node:test'
import pg from 'pg'
import { freePort } from './server-process.js'

const ROOT_DIR = '/usr/lib/postgresql'

/** The bin directory of the newest PostgreSQL Debian installed, or undefined. */
export function postgresBin(): string | undefined {
  if (!existsSync(ROOT_DIR)) return undefined
  const versions = readdirSync(ROOT_DIR)
    .filter((v) => existsSync(join(ROOT_DIR, v, 'bin', 'postgres')) && existsSync(join(ROOT_DIR, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] === undefined ? undefined : join(ROOT_DIR, versions[0], 'bin')
}

/** Whether the PostgreSQL tests can run: false, or why they are skipped; with CI set a missing PostgreSQL throws. */
export function postgresSkip(): string | false {
  if (postgresBin() !== undefined) return false
  if (process.env.CI)
    throw new Error(
      `PostgreSQL's binaries are not in ${ROOT_DIR}/<version>/bin, and CI is set: the record server's PostgreSQL tests must run in CI (apt-get install -y postgresql; .ci/run installs it).`,
    )
  return 'PostgreSQL is not installed (apt-get install -y postgresql): the PostgreSQL runs of the record server tests are skipped'
}

export interface PostgresCluster {
  readonly port: number
  readonly dataDir: string
  /** The URL of `database` as the superuser (trust authentication on 127.0.0.1: a test cluster only). */
  url(database?: string): string
  /** A new empty database; its URL. */
  createDatabase(prefix?: string): Promise<string>
  /** SIGKILL of the postmaster and its backends, as a crash of the database server; resolves once the postmaster is gone. */
  kill(): Promise<void>
  /** Starts the postmaster again on the same data directory (crash recovery); resolves once it accepts connections. */
  start(): Promise<void>
  /** Stops it (fast shutdown) and removes its directory. */
  dispose(): Promise<void>
}

/** The processes of process group `pgid` still running (not zombies), read from /proc. */
function liveInGroup(pgid: number): number[] {
  const live: number[] = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    let stat: string
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8')
    } catch {
      continue // gone meanwhile
    }
    // pid (comm) state ppid pgrp ...: comm may hold spaces and parentheses, so split after the last ')'.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    if (Number(pgrp) === pgid && state !== 'Z' && state !== 'X') live.push(Number(name))
  }
  return live
}

/** Resolves once no process of group `pgid` is running; fails after 30 s naming those that are. */
async function groupGone(pgid: number): Promise<void> {
  const deadline = performance.now() + 30_000
  for (;;) {
    const live = liveInGroup(pgid)
    if (live.length === 0) return
    if (performance.now() > deadline)
      throw new Error(`PostgreSQL's processes ${live.join(', ')} (group ${pgid}) still run 30 s after SIGKILL`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** The user the cluster runs as: `postgres` when we are root (PostgreSQL refuses root), ourselves otherwise. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
  return { uid, gid }
}

/** Starts a new cluster in a temporary directory; `maxConnections` for a cluster that many servers share. */
export async function startPostgres(options: { maxConnections?: number } = {}): Promise<PostgresCluster> {
  const bin = postgresBin()
  if (bin === undefined) throw new Error(postgresSkip() || 'PostgreSQL is not installed')
  const user = runAs()
  const dir = mkdtempSync(join(tmpdir(), 'record-postgres-'))
  const dataDir = join(dir, 'data')
  if (user) chownSync(dir, user.uid, user.gid)
  // initdb as that user: --no-sync and fsync=off below, since the tests kill the process, never the machine (the OS keeps what was written).
  execFileSync(
    join(bin, 'initdb'),
    ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync'],
    { uid: user?.uid, gid: user?.gid, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const port = await freePort()
  let child: ChildProcess | undefined
  let exited: Promise<void> = Promise.resolve()
  let output = ''

  const start = async (): Promise<void> => {
    output = ''
    const postmaster = spawn(
      join(bin, 'postgres'),
      [
        '-D',
        dataDir,
        '-p',
        String(port),
        '-k',
        dir,
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'fsync=off',
        '-c',
        `max_connections=${options.maxConnections ?? 100}`,
      ],
      { uid: user?.uid, gid: user?.gid, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
    )
    child = postmaster
    const gone = new Promise<void>((resolve) => postmaster.once('exit', () => resolve()))
    exited = gone
    const reap = () => {
      try {
        if (postmaster.pid) process.kill(-postmaster.pid, 'SIGKILL')
      } catch {}
    }
    process.once('exit', reap)
    void gone.then(() => process.off('exit', reap))
    await new Promise<void>((resolve, reject) => {
      const onData = (d: Buffer) => {
        output += d
        if (output.includes('database system is ready to accept connections')) resolve()
      }
      postmaster.stdout?.on('data', onData)
      postmaster.stderr?.on('data', onData)
      void gone.then(() =>
        reject(new Error(`PostgreSQL (${join(bin, 'postgres')} -D ${dataDir}) exited before it was ready:\n${output}`)),
      )
    })
  }

  const kill = async (): Promise<void> => {
    const pid = child?.pid
    if (pid === undefined || child?.exitCode !== null || child.signalCode !== null) return
    // The postmaster's process group: the postmaster and every backend it forked (the whole server dies, as in a crash).
    process.kill(-pid, 'SIGKILL')
    await exited
    // The backends die a moment after the postmaster; until the last is gone it holds the cluster's shared
    // memory, and a postmaster started meanwhile refuses to start ("pre-existing shared memory block is
    // still in use"): wait until none of the group is alive.
    await groupGone(pid)
  }

  await start()
  const url = clusterUrl(port)
  return {
    port,
    dataDir,
    url,
    createDatabase: (prefix) => createDatabase(url, prefix),
    kill,
    start,
    async dispose() {
      const pid = child?.pid
      if (pid !== undefined && child?.exitCode === null && child.signalCode === null) {
        child.kill('SIGINT') // fast shutdown
        await exited
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** The URL of a database of the cluster on `port`, as the superuser (trust authentication on 127.0.0.1: a test cluster only). */
function clusterUrl(port: number): (database?: string) => string {
  return (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`
}

async function createDatabase(url: (database?: string) => string, prefix = 'record'): Promise<string> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  const client = new pg.Client({ connectionString: url() })
  await client.connect()
  try {
    await client.query(`CREATE DATABASE ${name}`)
  } finally {
    await client.end()
  }
  return url(name)
}

/** The environment variable by which the runner (run.ts) hands its layer's cluster to the test files: its port. */
export const LAYER_POSTGRES_PORT = 'TEST_POSTGRES_PORT'

/** The layer's cluster, started by the runner: databases only; killing, restarting or removing it is the runner's. */
function layerCluster(port: number): PostgresCluster {
  const url = clusterUrl(port)
  const notHere = (what: string) => async () => {
    throw new Error(
      `${what} the test layer's shared PostgreSQL cluster would break the other test files using it: a test that does this takes a cluster of its own (useOwnPostgres()).`,
    )
  }
  return {
    port,
    dataDir: '',
    url,
    createDatabase: (prefix) => createDatabase(url, prefix),
    kill: notHere('Killing'),
    start: notHere('Starting'),
    dispose: async () => {},
  }
}

/** A store the record server's tests run over. */
export interface TestStore {
  readonly name: 'sqlite' | 'postgres'
  /** false, or why this store's tests are skipped here. */
  readonly skip: string | false
  /** A new empty database for one server: its RECORD_DATABASE_URL, or undefined for the embedded store (a new data directory). */
  database(): Promise<string | undefined>
}

let shared: Promise<PostgresCluster> | undefined
let disposal = false
let own = false

/**
 * The cluster this test file's databases come from: the layer's (run.ts) where the runner
 * started one, else one for the file, started at its first use. Call it (or testStores) at
 * the file's top level first: that registers the file-level `after` that removes a file's
 * cluster (a hook registered later, inside a suite's hook, would run when that hook ends).
 */
export function sharedPostgres(): Promise<PostgresCluster> {
  const layerPort = Number(process.env[LAYER_POSTGRES_PORT])
  if (!own && Number.isInteger(layerPort) && layerPort > 0) return Promise.resolve(layerCluster(layerPort))
  registerDisposal()
  shared ??= startPostgres()
  return shared
}

/**
 * Says that this test file kills, restarts or stops PostgreSQL: its sharedPostgres() and
 * testStores() then give a cluster of the file's own, started at its first use. Call it at
 * the file's top level, before either.
 */
export function useOwnPostgres(): void {
  own = true
}

function registerDisposal(): void {
  if (disposal) return
  disposal = true
  after(async () => {
    const started = shared
    shared = undefined
    if (started) await (await started).dispose()
  })
}

/** The stores to run the record server's tests over: SQLite always, PostgreSQL unless skipped. Call it at a file's top level. */
export function testStores(): TestStore[] {
  const skip = postgresSkip()
  if (!skip) registerDisposal()
  return [
    { name: 'sqlite', skip: false, database: async () => undefined },
    { name: 'postgres', skip, database: async () => (await sharedPostgres()).createDatabase() },
  ]
}
