/**
 * The embedded default's RecordStore: one SQLite database (Node's built-in
 * node:sqlite, Node >= 22.5; nothing to compile or download) at
 * <RECORD_DATA_DIR>/record.sqlite, in WAL mode with full sync, so a committed write
 * survives a crash or a power cut. Transactions are BEGIN IMMEDIATE (the write lock
 * at once: no two writers interleave, even from two processes) and queued in this
 * process, since node:sqlite is synchronous and one connection runs one at a time.
 * Reads (`read`) are deferred transactions on the same queue: a snapshot that takes no
 * write lock, so another process's writer is not held up by them (WAL).
 */
import { randomUUID } from 'node:crypto'
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite'
import { chainExisting } from './audit-chain.js'
import { MIGRATIONS, SCHEMA_VERSION } from './migrations.js'
import { SQLITE } from './sql-dialect.js'
import { type RecordReadTx, type RecordStore, type RecordTx, StoreError } from './store.js'
import { recordTx, statementsOf } from './store-queries.js'
import { auditOf } from './store-rows.js'

export { StoreError }

type Row = Record<string, SQLInputValue>

/** This dialect's statements (store-queries.ts). */
const SQL = statementsOf(SQLITE)

export class SqliteStore implements RecordStore {
  private readonly db: DatabaseSync
  private readonly prepared = new Map<string, StatementSync>()
  private queue: Promise<unknown> = Promise.resolve()
  private readonly tx: RecordTx
  private count = 0

  /** Opens (creating it if missing) the database at `path` and applies the migrations it lacks. */
  constructor(path: string) {
    this.db = new DatabaseSync(path)
    this.db.exec(
      'PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;',
    )
    this.migrate()
    this.tx = recordTx(
      {
        get: (sql, params) => this.get(sql, params),
        all: (sql, params) => this.all(sql, params),
        run: (sql, params) => this.run(sql, params),
      },
      SQLITE,
    )
  }

  /** The schema version the database is at (0: empty). */
  schemaVersion(): number {
    const row = this.db.prepare(SQL.schemaVersion).get() as Row | undefined
    return row?.v === null || row?.v === undefined ? 0 : Number(row.v)
  }

  private migrate(): void {
    this.db.exec(SQL.createSchemaMigrations)
    const version = this.schemaVersion()
    if (version > SCHEMA_VERSION)
      throw new StoreError(
        `the database is at schema version ${version}, newer than this server's (${SCHEMA_VERSION}): it was written by a newer release. Run that release (or newer), or restore a backup made by this one; nothing was changed.`,
      )
    for (const migration of MIGRATIONS) {
      if (migration.version <= version) continue
      this.db.exec('BEGIN IMMEDIATE')
      try {
        this.db.exec(migration.sql)
        if (migration.thenChainAudit) {
          const rows = this.db.prepare(SQL.everyAudit).all() as Row[]
          const update = this.db.prepare(SQL.chainAudit)
          for (const link of chainExisting(rows.map(auditOf)))
            update.run(link.chainSeq, link.prevHash, link.hash, link.id)
          this.db.exec(migration.thenChainAudit.sql)
        }
        this.db.prepare(SQL.insertMigration).run(migration.version, migration.name, new Date().toISOString())
        this.db.exec('COMMIT')
      } catch (error) {
        this.db.exec('ROLLBACK')
        throw error
      }
    }
    this.db.prepare(SQL.makeDatabaseId).run(randomUUID())
  }

  /** Gives the database a new id (a backup's copy: a new history for the devices' cursors). */
  static renewDatabaseId(path: string): void {
    const db = new DatabaseSync(path)
    try {
      db.prepare(SQL.renewDatabaseId).run(randomUUID())
    } finally {
      db.close()
    }
  }

  private statement(sql: string): StatementSync {
    let s = this.prepared.get(sql)
    if (!s) {
      s = this.db.prepare(sql)
      this.prepared.set(sql, s)
    }
    return s
  }

  /** Statements run since the store opened (RecordStore.statements). */
  get statements(): number {
    return this.count
  }

  // The statements' parameters are the record's strings, numbers and nulls (store-queries.ts): node:sqlite binds each as it is.
  private get(sql: string, params: readonly unknown[] = []): Row | undefined {
    this.count++
    return this.statement(sql).get(...(params as SQLInputValue[])) as Row | undefined
  }

  private all(sql: string, params: readonly unknown[]): Row[] {
    this.count++
    return this.statement(sql).all(...(params as SQLInputValue[])) as Row[]
  }

  private run(sql: string, params: readonly unknown[]): number {
    this.count++
    return Number(this.statement(sql).run(...(params as SQLInputValue[])).changes)
  }

  private exec(sql: string): void {
    this.count++
    this.db.exec(sql)
  }

  /** Runs `job` after every job queued before it, alone on the connection. */
  private enqueue<T>(job: () => Promise<T>): Promise<T> {
    const next = this.queue.then(job, job)
    this.queue = next.catch(() => undefined)
    return next
  }

  /** Runs `work` in a transaction that `begin` starts, on the queue: committed when it resolves, rolled back when it throws. */
  private inTransaction<T>(begin: 'BEGIN' | 'BEGIN IMMEDIATE', work: (tx: RecordTx) => Promise<T>): Promise<T> {
    return this.enqueue(async () => {
      this.exec(begin)
      try {
        const result = await work(this.tx)
        this.exec('COMMIT')
        return result
      } catch (error) {
        if (this.db.isTransaction) this.exec('ROLLBACK')
        throw error
      }
    })
  }

  transaction<T>(work: (tx: RecordTx) => Promise<T>): Promise<T> {
    return this.inTransaction('BEGIN IMMEDIATE', work)
  }

  read<T>(work: (tx: RecordReadTx) => Promise<T>): Promise<T> {
    // Deferred: a read snapshot at its first statement, no write lock.
    return this.inTransaction('BEGIN', work)
  }

  async ping(): Promise<boolean> {
    try {
      return this.get('SELECT 1 AS one')?.one === 1 && this.schemaVersion() === SCHEMA_VERSION
    } catch {
      return false
    }
  }

  backupTo(path: string): Promise<void> {
    // VACUUM INTO: a consistent copy (one read transaction, after the writes queued before), that any SQLite opens as it is.
    return this.enqueue(async () => {
      this.db.prepare('VACUUM INTO ?').run(path)
    })
  }

  async close(): Promise<void> {
    await this.queue
    this.db.close()
  }
}
