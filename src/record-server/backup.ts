/**
 * A consistent copy of the embedded default's data directory, taken while the server
 * runs: the database first, with SQLite's VACUUM INTO (one read transaction, so the
 * copy is the database as of one moment), then every photo file. Photos are written
 * before the database names them (blobs.ts), so every photo the copied database
 * names is already on disk when the photos are copied; later photos in the copy are
 * harmless. Restore: stop the server, put the copy in place of the data directory.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { ConfigError } from './config.js'
import { DATABASE_FILE } from './serve.js'
import { SqliteStore } from './sqlite-store.js'

export async function backup(dataDir: string, target: string): Promise<{ dir: string; photos: number }> {
  const dir = resolve(target)
  if (existsSync(dir) && readdirSync(dir).length > 0)
    throw new ConfigError(
      `the backup directory ${dir} is not empty: give a new or empty directory, so no earlier backup is overwritten.`,
    )
  if (!existsSync(join(dataDir, DATABASE_FILE)))
    throw new ConfigError(`there is no record database in ${dataDir} (RECORD_DATA_DIR) to back up.`)
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  // The database only: opening the photos (PhotoBlobs) would clear the running server's uploads under way.
  const store = new SqliteStore(join(dataDir, DATABASE_FILE))
  try {
    await store.backupTo(join(dir, DATABASE_FILE))
  } finally {
    await store.close()
  }
  // The copy is a history of its own once restored: devices pull it from 0 (docs/record-server.md, "Backup and restore").
  SqliteStore.renewDatabaseId(join(dir, DATABASE_FILE))
  let photos = 0
  const from = join(dataDir, 'photos')
  for (const shard of readdirSync(from)) {
    if (shard === 'tmp') continue
    mkdirSync(join(dir, 'photos', shard), { recursive: true })
    for (const name of readdirSync(join(from, shard))) {
      try {
        copyFileSync(join(from, shard, name), join(dir, 'photos', shard, name))
        photos++
      } catch (error) {
        // Removed since it was listed: a photo no visit names, collected meanwhile (photo-collection.ts).
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
      }
    }
  }
  return { dir, photos }
}
