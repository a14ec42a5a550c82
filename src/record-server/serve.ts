/**
 * Starts the record server on its configuration: the store (the embedded default in
 * its data directory, created if missing and readable by this user only; or
 * PostgreSQL at RECORD_DATABASE_URL, with a warning when its role could rewrite the
 * audit table) with its migrations, the
 * first admin when there are no users yet, then the HTTP listener; stops it on
 * SIGTERM or SIGINT, letting requests in flight finish (at most
 * RECORD_SHUTDOWN_GRACE_MS) and closing the database last.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { buildRecordApp } from './app.js'
import { auditEntry } from './audit.js'
import { hashPassword, newUser } from './auth.js'
import { PhotoBlobs } from './blobs.js'
import type { RecordConfig } from './config.js'
import { PostgresStore } from './postgres-store.js'
import { SqliteStore } from './sqlite-store.js'
import type { PhotoStore, RecordStore } from './store.js'

export const DATABASE_FILE = 'record.sqlite'

/** Opens the embedded store in `dataDir` (creating the directory, mode 700). */
export function openEmbedded(dataDir: string): { store: SqliteStore; blobs: PhotoBlobs } {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  return { store: new SqliteStore(join(dataDir, DATABASE_FILE)), blobs: new PhotoBlobs(dataDir) }
}

/** Opens the store the configuration names, with its photo store. */
export async function openStore(
  database: RecordConfig['database'],
): Promise<{ store: RecordStore; blobs: PhotoStore }> {
  if (database.kind === 'sqlite') return openEmbedded(database.dataDir)
  const store = await PostgresStore.open(database.url)
  return { store, blobs: store.photos }
}

export async function serve(config: RecordConfig): Promise<void> {
  const { store, blobs } = await openStore(config.database)
  const app = await buildRecordApp({ config, store, blobs })
  if (store instanceof PostgresStore) {
    const unprotected = await store.auditUnprotected()
    if (unprotected.length > 0)
      app.log.warn(
        { reasons: unprotected },
        'the audit table is not protected from the server\'s own database role (it could change or remove entries; the hash chain would show an edit but not a rewrite from some entry on): give the schema to an owner role and run `migrate` with RECORD_DATABASE_OWNER_URL (docs/record-server.md, "The audit table\'s owner")',
      )
  }
  const admin = config.bootstrapAdmin
  const users = await store.transaction((tx) => tx.userCount())
  if (users === 0 && admin) {
    const user = newUser(admin.email, 'admin', await hashPassword(admin.password), new Date())
    // Checked again inside the transaction: another replica starting at the same time may have made it.
    const created = await store.transaction(async (tx) => {
      if ((await tx.userCount()) > 0) return false
      await tx.insertUser(user)
      await tx.appendAudit(
        auditEntry(
          { userId: null, userEmail: null, role: null, deviceId: null, address: 'bootstrap' },
          'user.create',
          0,
          {
            detail: `${user.id} admin (RECORD_ADMIN_EMAIL)`,
          },
        ),
      )
      return true
    })
    if (created) app.log.info('created the first admin from RECORD_ADMIN_EMAIL and RECORD_ADMIN_PASSWORD_FILE')
  } else if (users === 0) {
    app.log.warn(
      'no users yet: set RECORD_ADMIN_EMAIL and RECORD_ADMIN_PASSWORD_FILE and restart to create the first admin (docs/record-server.md, "Accounts")',
    )
  }
  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    app.log.info({ signal }, 'stopping: finishing the requests in flight')
    const cut = setTimeout(() => {
      app.log.error('requests still in flight after RECORD_SHUTDOWN_GRACE_MS; exiting')
      process.exit(1)
    }, config.shutdownGraceMs + 1_000)
    cut.unref()
    await app.close()
    await store.close()
    app.log.info('stopped')
    process.exit(0)
  }
  process.once('SIGTERM', () => void stop('SIGTERM'))
  process.once('SIGINT', () => void stop('SIGINT'))
  await app.listen({ port: config.port, host: config.host })
}
