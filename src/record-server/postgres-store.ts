/**
 * The RecordStore on PostgreSQL (RECORD_DATABASE_URL; docs/record-server.md,
 * "PostgreSQL"), for clinics that outgrow one machine: several record-server
 * processes over one database, each stateless, with the embedded store's semantics.
 *
 * Concurrency: every transaction takes one transaction-level advisory lock
 * (pg_advisory_xact_lock on TRANSACTION_LOCK) before its first read, and holds it
 * until it commits or rolls back, whichever process runs it. Transactions therefore
 * run one after another, as SQLite's BEGIN IMMEDIATE makes them: the write path's
 * check-then-write steps (a visit's revision, the unique patient key, a change id
 * already applied) see no other writer between the check and the write, and the
 * sequence (one row, incremented inside the transaction) is handed out and committed
 * in the same order, so a pull by cursor never sees seq N+1 committed while N is not.
 * The isolation stays READ COMMITTED on purpose: each statement reads a snapshot taken
 * after the lock was granted (REPEATABLE READ would take it at the lock's own
 * statement, before the wait, and miss the previous holder's commit).
 *
 * Photos' bytes are in the same database (photo_chunks, 256 KiB bytea rows keyed by
 * SHA-256 and place; PostgresPhotos), so pg_dump is the whole backup.
 */
import { randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import pg from 'pg'
import { from as copyFrom, to as copyTo } from 'pg-copy-streams'
import { chainExisting } from './audit-chain.js'
import { checkedSha256 } from './blobs.js'
import { ConnectionQueue } from './connection-queue.js'
import { MIGRATIONS, SCHEMA_VERSION } from './migrations.js'
import { binaryCopyRow, binaryCopyValues, binaryInt32 } from './pg-binary-copy.js'
import { POSTGRES } from './sql-dialect.js'
import {
  type PhotoStore,
  type PhotoUpload,
  type RecordReadTx,
  type RecordStore,
  type RecordTx,
  StoreError,
} from './store.js'
import { type Connection, recordTx, statementsOf } from './store-queries.js'
import { auditOf, type Row, str } from './store-rows.js'

/** This dialect's statements (store-queries.ts). */
const SQL = statementsOf(POSTGRES)

/** The advisory lock every transaction holds (any constant; this one spells 'record' in ASCII). */
export const TRANSACTION_LOCK = 0x7265636f7264

/** Runs queries on one connection (a transaction's, or the pool's for one statement). */
interface Queryable {
  query(text: string, values?: unknown[]): Promise<pg.QueryResult>
}

/** A transaction's connection as store-queries.ts's recordTx runs its statements. */
function connection(db: Queryable): Connection {
  const all = async (sql: string, params: readonly unknown[]) =>
    (await db.query(sql, params as unknown[])).rows as Row[]
  return {
    all,
    get: async (sql, params) => (await all(sql, params))[0],
    run: async (sql, params) => (await db.query(sql, params as unknown[])).rowCount ?? 0,
  }
}

/**
 * How a photo's bytes are cut into rows of photo_chunks (and of photo_uploads): 256 KiB each,
 * the last one shorter. Migration 7 cut the photo_blobs of before the same way.
 */
export const PHOTO_CHUNK_BYTES = 256 * 1024

/** The longest connecting to the database may take before the request fails (a database that does not answer), ms. */
const CONNECT_TIMEOUT_MS = 5_000
/**
 * The longest a request waits for a connection while every one is in use (a burst of saves, each
 * waiting for the writers' lock), ms: past it, 503 with Retry-After and nothing written. Shorter
 * than the app's sync request timeout (30 s), so the device gets an answer and retries.
 */
const CONNECTION_WAIT_MS = 25_000

/** Staged upload chunks older than this are an ended process's, removed at start (an upload lasts at most the request timeout, 60 s). */
const STALE_UPLOADS = '1 hour'

/**
 * Photos' bytes in the database, as chunk rows (photo_chunks: sha256, seq, bytes), so no
 * statement reads or writes more than one chunk of a photo and the server holds at most
 * one chunk per transfer. An upload's chunks are staged in photo_uploads under an id of
 * its own as they arrive (each its own statement: no connection is held while the client
 * sends); its commit copies them under the hash in one statement (all of it or nothing),
 * before the photos row names them. A download reads chunk by chunk as the reader asks.
 */
export class PostgresPhotos implements PhotoStore {
  /** `pool`: one statement on a connection of the store's (through its queue: PostgresStore.query). */
  constructor(
    private readonly pool: { query(text: string, values?: unknown[]): Promise<pg.QueryResult> },
    /** What a `COPY ... TO STDOUT` statement answers, whole, as the pieces the connection delivered. */
    private readonly copyOut: (statement: string) => Promise<Buffer[]>,
    /** Runs a `COPY ... FROM STDIN` statement with `pieces` as its input, in order. */
    private readonly copyIn: (statement: string, pieces: readonly Uint8Array[]) => Promise<void>,
  ) {}

  async receive(): Promise<PhotoUpload> {
    const id = randomUUID()
    let pending: Buffer[] = []
    let pendingBytes = 0
    let seq = 0
    // Each chunk by a binary COPY of one row, its bytes sent as they are (a query's parameter would be
    // hex text twice their size, and a message built around it).
    const insert = async (bytes: Buffer) => {
      await this.copyIn(
        'COPY photo_uploads (id, seq, bytes) FROM STDIN (FORMAT binary)',
        binaryCopyRow([Buffer.from(id, 'utf8'), binaryInt32(seq), bytes]),
      )
      seq++
    }
    return {
      write: async (chunk) => {
        pending.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength))
        pendingBytes += chunk.byteLength
        if (pendingBytes < PHOTO_CHUNK_BYTES) return
        // Whole chunks out, the rest kept: every row but the last is PHOTO_CHUNK_BYTES long.
        let all = Buffer.concat(pending, pendingBytes)
        while (all.length >= PHOTO_CHUNK_BYTES) {
          await insert(all.subarray(0, PHOTO_CHUNK_BYTES))
          all = all.subarray(PHOTO_CHUNK_BYTES)
        }
        pending = all.length > 0 ? [Buffer.from(all)] : []
        pendingBytes = all.length
      },
      commit: async (sha256) => {
        if (pendingBytes > 0 || seq === 0) {
          await insert(Buffer.concat(pending, pendingBytes))
          pending = []
          pendingBytes = 0
        }
        // One statement: all the chunks or none. Bytes already stored under the hash are left as they are.
        await this.pool.query(
          `INSERT INTO photo_chunks (sha256, seq, bytes)
             SELECT $2, seq, bytes FROM photo_uploads
             WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM photo_chunks WHERE sha256 = $2)
           ON CONFLICT (sha256, seq) DO NOTHING`,
          [id, sha256],
        )
      },
      discard: async () => {
        pending = []
        await this.pool.query('DELETE FROM photo_uploads WHERE id = $1', [id])
      },
    }
  }

  async read(sha256: string, bytes: number): Promise<Readable> {
    checkedSha256(sha256)
    // Each chunk by a binary COPY of its row: its bytes come raw, as the connection delivered them, and
    // go to the download as they are. A query brings bytea as hex text twice its size, made into strings
    // and then new Buffers: three copies of every byte, whose collections kept the Buffers in flight
    // until a full one (bench/README.md, "Photo transfers: memory"). The hash is a literal (checked
    // above: 64 hex digits), as COPY takes no parameters.
    const chunk = async (seq: number): Promise<Buffer[] | undefined> => {
      const rows = binaryCopyValues(
        await this.copyOut(
          `COPY (SELECT bytes FROM photo_chunks WHERE sha256 = '${sha256}' AND seq = ${seq}) TO STDOUT (FORMAT binary)`,
        ),
      )
      if (rows.length > 1) throw new Error(`photo ${sha256}: ${rows.length} rows for chunk ${seq}`)
      return rows[0]
    }
    const first = await chunk(0)
    if (first === undefined) throw new Error(`photo ${sha256} has no bytes in photo_chunks`)
    let next: Buffer[] | undefined = first
    let seq = 0
    let sent = 0
    return new Readable({
      // One chunk is bigger than the stream's buffer: the next one is asked for once the socket took this one.
      highWaterMark: 64 * 1024,
      read() {
        const push = (pieces: Buffer[] | undefined) => {
          // No chunk (past the end), or an empty one (only an empty photo's): the end, or bytes missing.
          // Pushing nothing would leave the download waiting.
          if (pieces === undefined || pieces.length === 0) {
            if (sent === bytes) this.push(null)
            else
              this.destroy(
                new Error(
                  `photo ${sha256}: chunk ${seq} ${pieces ? 'empty' : 'missing'} after ${sent} of ${bytes} bytes`,
                ),
              )
            return
          }
          seq++
          for (const piece of pieces) {
            sent += piece.length
            this.push(piece)
          }
        }
        if (next) {
          const pieces = next
          next = undefined
          push(pieces)
          return
        }
        if (sent >= bytes) {
          push(undefined)
          return
        }
        chunk(seq).then(push, (error: Error) => this.destroy(error))
      },
    })
  }

  async has(sha256: string): Promise<boolean> {
    return (
      ((await this.pool.query('SELECT 1 FROM photo_chunks WHERE sha256 = $1 AND seq = 0', [sha256])).rowCount ?? 0) > 0
    )
  }

  /** Nothing to do: the transaction that removed the photos row removed its bytes with it (RecordTx.deletePhoto). */
  async remove(_sha256: string): Promise<void> {}

  /** Removes the staged chunks of uploads a process that ended left behind (at start). */
  async removeStaleUploads(): Promise<void> {
    await this.pool.query(`DELETE FROM photo_uploads WHERE started < now() - interval '${STALE_UPLOADS}'`)
  }
}

export class PostgresStore implements RecordStore {
  readonly photos: PostgresPhotos
  private count = 0

  /** Statements run in this store's transactions and reads (RecordStore.statements; the photos' own are not counted). */
  get statements(): number {
    return this.count
  }

  /** A transaction's connection, each statement counted. */
  private counted(client: pg.PoolClient): Queryable {
    return {
      query: (text, values) => {
        this.count++
        return client.query(text, values)
      },
    }
  }

  /** Connections handed out in arrival order; a request waits up to CONNECTION_WAIT_MS for one in use. */
  private readonly connections: ConnectionQueue

  private constructor(
    private readonly pool: pg.Pool,
    poolSize: number,
    connectionWaitMs: number,
  ) {
    this.connections = new ConnectionQueue(poolSize, connectionWaitMs)
    this.photos = new PostgresPhotos(
      { query: (text, values) => this.withClient((client) => client.query(text, values)) },
      (statement) =>
        this.withClient(async (client) => {
          const pieces: Buffer[] = []
          for await (const piece of client.query(copyTo(statement))) pieces.push(piece as Buffer)
          return pieces
        }),
      (statement, pieces) =>
        this.withClient((client) => pipeline(Readable.from(pieces), client.query(copyFrom(statement)))),
    )
  }

  /**
   * Connects to the database at `url`, applies the migrations it lacks (one process at
   * a time: replicas starting together wait on the same lock) and makes its database
   * id once. Rejects with a StoreError saying what to do when it cannot.
   */
  static async open(
    url: string,
    options: {
      poolSize?: number
      /** CONNECT_TIMEOUT_MS by default (a test's shorter limits). */
      connectTimeoutMs?: number
      /** CONNECTION_WAIT_MS by default. */
      connectionWaitMs?: number
    } = {},
  ): Promise<PostgresStore> {
    const poolSize = options.poolSize ?? 10
    const pool = new pg.Pool({
      connectionString: url,
      max: poolSize,
      // A database that does not answer fails the request (and /ready) instead of holding it. Only
      // connecting: a request waits for a connection in use in the store's own queue (CONNECTION_WAIT_MS).
      connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
      application_name: 'posture-record-server',
    })
    // An idle connection dropped by the server (a restart, a failover) is an event, not a crash: the pool makes a new one.
    pool.on('error', () => undefined)
    const store = new PostgresStore(pool, poolSize, options.connectionWaitMs ?? CONNECTION_WAIT_MS)
    try {
      // At this code's version already: nothing to change, so a role that may not change the schema (the
      // two-role setup, where the owner migrates: `migrate`) starts as well as the owner.
      if ((await store.withClient((client) => schemaVersionOf(client).catch(() => -1))) !== SCHEMA_VERSION)
        await store.migrate()
      await store.photos.removeStaleUploads()
    } catch (error) {
      await pool.end()
      if (error instanceof StoreError) throw error
      const code = (error as { code?: string }).code
      if (code === '42501')
        throw new StoreError(
          `the database's schema is not at this server's version (${SCHEMA_VERSION}) and the role of RECORD_DATABASE_URL may not change it (${(error as Error).message}): run \`npm run record-server -- migrate\` with RECORD_DATABASE_OWNER_URL, the schema owner's URL (docs/record-server.md, "The audit table's owner"), then start the server again.`,
        )
      throw new StoreError(
        `cannot open the PostgreSQL database of RECORD_DATABASE_URL (${code ?? ''} ${(error as Error).message}): check that it runs, that the URL names its host, port, database and a user that may create tables in it.`,
      )
    }
    return store
  }

  private async migrate(): Promise<void> {
    await this.withClient(async (client, fail) => {
      try {
        await client.query('BEGIN')
        await client.query('SELECT pg_advisory_xact_lock($1)', [TRANSACTION_LOCK])
        await client.query(SQL.createSchemaMigrations)
        const version = await schemaVersionOf(client)
        if (version > SCHEMA_VERSION)
          throw new StoreError(
            `the database is at schema version ${version}, newer than this server's (${SCHEMA_VERSION}): it was written by a newer release. Run that release (or newer), or restore a backup made by this one; nothing was changed.`,
          )
        for (const migration of MIGRATIONS) {
          if (migration.version <= version) continue
          await client.query(migration.postgres)
          if (migration.thenChainAudit) {
            const existing = (await client.query(SQL.everyAudit)).rows as Row[]
            for (const link of chainExisting(existing.map(auditOf)))
              await client.query(SQL.chainAudit, [link.chainSeq, link.prevHash, link.hash, link.id])
            await client.query(migration.thenChainAudit.postgres)
          }
          await client.query(SQL.insertMigration, [migration.version, migration.name, new Date().toISOString()])
        }
        await client.query(SQL.makeDatabaseId, [randomUUID()])
        await client.query('COMMIT')
      } catch (error) {
        await client.query('ROLLBACK').catch(fail)
        throw error
      }
    })
  }

  /**
   * What would let this server's own role (the one it logs in as) change or remove audit
   * entries: superuser, member of the table's or the schema's owner, UPDATE, DELETE or
   * TRUNCATE on it. Empty when the table is protected from it (the two-role setup).
   */
  async auditUnprotected(): Promise<string[]> {
    const result = await this.pool.query(
      `SELECT current_user AS role, r.rolsuper AS superuser,
         pg_has_role(current_user, c.relowner, 'MEMBER') AS table_owner,
         pg_has_role(current_user, n.nspowner, 'MEMBER') AS schema_owner,
         has_table_privilege(c.oid, 'UPDATE') AS may_update,
         has_table_privilege(c.oid, 'DELETE') AS may_delete,
         has_table_privilege(c.oid, 'TRUNCATE') AS may_truncate
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_roles r ON r.rolname = current_user
       WHERE c.oid = 'audit'::regclass`,
    )
    const row = result.rows[0] as Row | undefined
    if (!row) return ['the audit table was not found']
    const reasons: string[] = []
    if (row.superuser === true) reasons.push('is a superuser')
    if (row.table_owner === true) reasons.push('owns the audit table (or is a member of its owner)')
    if (row.schema_owner === true) reasons.push("owns the audit table's schema (or is a member of its owner)")
    for (const privilege of ['update', 'delete', 'truncate'])
      if (row[`may_${privilege}`] === true) reasons.push(`may ${privilege.toUpperCase()} it`)
    return reasons.map((r) => `the role ${str(row.role)} ${r}`)
  }

  /**
   * Runs `use` on a connection of the pool. A connection that failed (the server
   * restarted or went away) is dropped, not reused; its 'error' event, which a
   * checked-out connection emits when the server goes away, is taken here rather than
   * left to crash the process.
   */
  async withClient<T>(use: (client: pg.PoolClient, fail: (error: Error) => void) => Promise<T>): Promise<T> {
    // A slot first (waiting in arrival order while every connection is in use), then a connection:
    // the pool has one for every slot, so pg's timeout only bounds connecting.
    const release = await this.connections.acquire()
    let broken: Error | undefined
    const fail = (error: Error) => {
      broken ??= error
    }
    let client: pg.PoolClient
    try {
      // The listener goes on in the pool's callback, as the pool hands the connection over (taking its own
      // listener off): after `await pool.connect()` it would go on a turn later, and a new connection's
      // first read may hold its ready message and then the server's error (PostgreSQL shutting down,
      // 57P01), which the client then emits with no listener: an uncaught 'error' event ends the process.
      client = await new Promise<pg.PoolClient>((resolve, reject) =>
        this.pool.connect((error, connected) => {
          if (error || !connected) return reject(error ?? new Error('the pool gave no connection'))
          connected.on('error', fail)
          resolve(connected)
        }),
      )
    } catch (error) {
      release()
      throw error
    }
    try {
      return await use(client, fail)
    } finally {
      client.off('error', fail)
      client.release(broken)
      release()
    }
  }

  /**
   * Runs `work` in a transaction that `begin` starts on a connection of the pool: committed when
   * it resolves, rolled back when it throws (when the connection is gone, the server has rolled it
   * back itself).
   */
  private inTransaction<T>(begin: (db: Queryable) => Promise<unknown>, work: (tx: RecordTx) => Promise<T>): Promise<T> {
    return this.withClient(async (client, fail) => {
      const db = this.counted(client)
      try {
        await begin(db)
        const result = await work(recordTx(connection(db), POSTGRES))
        await db.query('COMMIT')
        return result
      } catch (error) {
        await db.query('ROLLBACK').catch(fail)
        throw error
      }
    })
  }

  transaction<T>(work: (tx: RecordTx) => Promise<T>): Promise<T> {
    return this.inTransaction(async (db) => {
      await db.query('BEGIN')
      await db.query('SELECT pg_advisory_xact_lock($1)', [TRANSACTION_LOCK])
    }, work)
  }

  read<T>(work: (tx: RecordReadTx) => Promise<T>): Promise<T> {
    // No transaction lock: writers commit in sequence order (they hold it), so any snapshot holds
    // every change up to some seq and none after. REPEATABLE READ: one snapshot for all of `work`.
    return this.inTransaction((db) => db.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY'), work)
  }

  async ping(): Promise<boolean> {
    try {
      return await this.withClient(async (client, fail) => {
        try {
          return (await schemaVersionOf(client)) === SCHEMA_VERSION
        } catch (error) {
          fail(error as Error)
          return false
        }
      })
    } catch {
      return false
    }
  }

  async close(): Promise<void> {
    await this.pool.end()
  }
}

async function schemaVersionOf(db: Queryable): Promise<number> {
  const row = (await db.query(SQL.schemaVersion)).rows[0] as Row | undefined
  return row?.v === null || row?.v === undefined ? 0 : Number(row.v)
}

/** Gives the database at `url` a new id: a restored copy is a new history for the devices' cursors (backup.ts says why). */
export async function renewDatabaseId(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const id = randomUUID()
    await client.query(SQL.renewDatabaseId, [id])
    return id
  } finally {
    await client.end()
  }
}

/**
 * What the `migrate` command does with RECORD_DATABASE_OWNER_URL: applies the migrations
 * as the schema's owner, then gives the server's role (the user of `serverUrl`) what it
 * needs and no more: SELECT, INSERT, UPDATE, DELETE on the record's tables, SELECT on
 * schema_migrations, and SELECT, INSERT only on audit (no UPDATE, DELETE, TRUNCATE; not
 * being the owner, it cannot ALTER or DROP the table or disable its triggers). Run again
 * after every upgrade: the grants are made anew for the tables there are then.
 */
export async function migrateAsOwner(
  ownerUrl: string,
  serverUrl: string,
): Promise<{ version: number; owner: string; server: string }> {
  const server = new pg.Client({ connectionString: serverUrl })
  await server.connect()
  let serverRole: string
  try {
    serverRole = str((await server.query('SELECT current_user AS role')).rows[0]?.role)
  } finally {
    await server.end()
  }
  await (await PostgresStore.open(ownerUrl, { poolSize: 1 })).close()
  const owner = new pg.Client({ connectionString: ownerUrl })
  await owner.connect()
  try {
    const ownerRole = str((await owner.query('SELECT current_user AS role')).rows[0]?.role)
    if (ownerRole === serverRole)
      throw new StoreError(
        `RECORD_DATABASE_OWNER_URL and RECORD_DATABASE_URL log in as the same role (${ownerRole}): the audit table would not be protected from the server. Give the server a role of its own (docs/record-server.md, "The audit table's owner").`,
      )
    const role = owner.escapeIdentifier(serverRole)
    const tables = (
      await owner.query(
        'SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tableowner = current_user ORDER BY tablename',
      )
    ).rows.map((r: Row) => str(r.tablename))
    await owner.query('BEGIN')
    try {
      for (const table of tables) {
        const name = owner.escapeIdentifier(table)
        await owner.query(`REVOKE ALL ON TABLE ${name} FROM ${role}`)
        const privileges =
          table === 'audit'
            ? 'SELECT, INSERT'
            : table === 'schema_migrations'
              ? 'SELECT'
              : 'SELECT, INSERT, UPDATE, DELETE'
        await owner.query(`GRANT ${privileges} ON TABLE ${name} TO ${role}`)
      }
      await owner.query('COMMIT')
    } catch (error) {
      await owner.query('ROLLBACK').catch(() => undefined)
      throw error
    }
    return { version: SCHEMA_VERSION, owner: ownerRole, server: serverRole }
  } finally {
    await owner.end()
  }
}
