/**
 * A record server's database opened directly, as an operator with the database's own
 * tools (or whoever holds SQLite's file) would: statements run beside the server, for
 * tests that look at or tamper with what it stored.
 */
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import pg from 'pg'

export interface DirectDatabase {
  query(sql: string): Promise<Record<string, unknown>[]>
  exec(sql: string): Promise<void>
  close(): Promise<void>
}

/** SQLite's file, or a PostgreSQL URL (as whichever role it names). */
export async function directDatabase(target: { file?: string; url?: string }): Promise<DirectDatabase> {
  if (target.file !== undefined) {
    const db = new DatabaseSync(target.file)
    return {
      query: async (sql) => db.prepare(sql).all() as Record<string, unknown>[],
      exec: async (sql) => void db.exec(sql),
      close: async () => db.close(),
    }
  }
  const client = new pg.Client({ connectionString: target.url })
  await client.connect()
  return {
    query: async (sql) => (await client.query(sql)).rows as Record<string, unknown>[],
    exec: async (sql) => void (await client.query(sql)),
    close: () => client.end(),
  }
}

/** The database of a server (support/record-server.ts): its PostgreSQL database, else the embedded store's file in its data directory. */
export function serverDatabase(server: { dataDir: string; database: string | undefined }): Promise<DirectDatabase> {
  return directDatabase(
    server.database === undefined ? { file: join(server.dataDir, 'record.sqlite') } : { url: server.database },
  )
}
