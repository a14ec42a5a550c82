/**
 * The record server's entry point (`npm run record-server`; docs/record-server.md):
 * refuses Node older than 22.5 (node:sqlite), reads RECORD_* settings and serves, or
 * runs a command: `backup <dir>` writes a consistent copy of the data directory;
 * `restored` gives a PostgreSQL database restored with pg_restore a new database_id;
 * `verify-audit` walks the audit trail's hash chain (exit 2 when it is broken);
 * `migrate` applies the schema, as its owner with RECORD_DATABASE_OWNER_URL (then grants
 * the server's role INSERT and SELECT only on audit).
 * Configuration errors end the process with a message saying what to set.
 */
import { setFlagsFromString } from 'node:v8'
import { unsupportedNode } from '../node-version.js'
import { RECORD_SERVER_V8_FLAGS } from '../v8-flags.js'

const tooOld = unsupportedNode('record-server', '22.5.0', 'its database is node:sqlite')
if (tooOld !== null) {
  console.error(tooOld)
  process.exit(1)
}

async function main(): Promise<void> {
  // First thing, so that they hold however the server is started (src/v8-flags.ts says why).
  for (const flag of RECORD_SERVER_V8_FLAGS) setFlagsFromString(flag)
  const { ConfigError, readRecordConfig } = await import('./config.js')
  const [command, ...rest] = process.argv.slice(2)
  try {
    const config = readRecordConfig()
    if (command === undefined || command === 'serve') {
      const { serve } = await import('./serve.js')
      await serve(config)
    } else if (command === 'backup') {
      const { backup } = await import('./backup.js')
      const target = rest[0]
      if (!target || rest.length > 1) throw new ConfigError('usage: npm run record-server -- backup <new directory>')
      if (config.database.kind !== 'sqlite')
        throw new ConfigError(
          'backup copies the embedded database; with PostgreSQL (RECORD_DATABASE_URL) back up with pg_dump, photos included (docs/record-server.md, "Backup and restore").',
        )
      const copied = await backup(config.database.dataDir, target)
      console.log(`record-server: backup written to ${copied.dir} (${copied.photos} photos)`)
    } else if (command === 'restored') {
      // After pg_restore: the copy becomes a history of its own, as the embedded backup's does (backup.ts).
      if (config.database.kind !== 'postgres' || rest.length > 0)
        throw new ConfigError(
          'usage: RECORD_DATABASE_URL=postgres://… npm run record-server -- restored (after pg_restore, before serving: gives the restored database a new database_id; the embedded backup command does this itself).',
        )
      const { PostgresStore, renewDatabaseId } = await import('./postgres-store.js')
      await (await PostgresStore.open(config.database.url)).close()
      console.log(
        `record-server: the restored database has the new database_id ${await renewDatabaseId(config.database.url)}`,
      )
    } else if (command === 'verify-audit') {
      if (rest.length > 0) throw new ConfigError('usage: npm run record-server -- verify-audit')
      const { verifyStoreAudit } = await import('./audit-check.js')
      const { chainVerdictText } = await import('./audit-chain.js')
      const { openStore } = await import('./serve.js')
      const { store } = await openStore(config.database)
      try {
        const verdict = await verifyStoreAudit(store)
        console.log(`record-server: ${chainVerdictText(verdict)}`)
        process.exitCode = verdict.ok ? 0 : 2
      } finally {
        await store.close()
      }
    } else if (command === 'migrate') {
      if (rest.length > 0) throw new ConfigError('usage: npm run record-server -- migrate')
      const { databaseOwnerUrlOf } = await import('./config.js')
      const ownerUrl = databaseOwnerUrlOf()
      if (ownerUrl !== undefined) {
        if (config.database.kind !== 'postgres')
          throw new ConfigError(
            "RECORD_DATABASE_OWNER_URL goes with RECORD_DATABASE_URL (PostgreSQL): the owner's URL migrates, the server's gets its grants.",
          )
        const { migrateAsOwner } = await import('./postgres-store.js')
        const done = await migrateAsOwner(ownerUrl, config.database.url)
        console.log(
          `record-server: schema at version ${done.version}, owned by ${done.owner}; ${done.server} (the server's role) may SELECT and INSERT on audit only`,
        )
      } else {
        const { openStore } = await import('./serve.js')
        await (await openStore(config.database)).store.close()
        console.log(
          `record-server: schema at version ${(await import('./migrations.js')).SCHEMA_VERSION}${config.database.kind === 'postgres' ? " (as the server's own role: set RECORD_DATABASE_OWNER_URL to protect the audit table from it)" : ''}`,
        )
      }
    } else {
      throw new ConfigError(
        `unknown command '${command}': run it with no command to serve, 'backup <dir>' (embedded database), 'restored' (PostgreSQL, after pg_restore), 'verify-audit' (check the audit trail's hash chain) or 'migrate' (apply the schema; with RECORD_DATABASE_OWNER_URL as its owner).`,
      )
    }
  } catch (error) {
    if (error instanceof ConfigError || (error instanceof Error && error.name === 'StoreError')) {
      console.error(`record-server: ${error instanceof ConfigError ? 'configuration error: ' : ''}${error.message}`)
    } else {
      console.error('record-server: failed:', error)
    }
    process.exit(1)
  }
}

void main()
