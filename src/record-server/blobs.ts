/**
 * Photos of the embedded default (store.ts PhotoStore), as content-addressed files beside the database:
 * <RECORD_DATA_DIR>/photos/<first two hex digits>/<sha256>. A photo is written to a
 * temporary file, flushed to disk, then renamed into place, so a crash leaves either
 * the whole photo or none (a stray temporary file at most, removed at the next start).
 * Its row in the database (store.ts PhotoRow) is written only after the file is in
 * place: a photo the database names is always on disk.
 */
import { randomUUID } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs'
import { open, readFile, rename } from 'node:fs/promises'
import { join } from 'node:path'
import type { PhotoStore } from './store.js'

export const SHA256_HEX = /^[0-9a-f]{64}$/

export class PhotoBlobs implements PhotoStore {
  private readonly dir: string
  private readonly tmp: string

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'photos')
    this.tmp = join(this.dir, 'tmp')
    mkdirSync(this.tmp, { recursive: true })
    for (const name of readdirSync(this.tmp)) rmSync(join(this.tmp, name), { force: true })
  }

  private pathOf(sha256: string): string {
    if (!SHA256_HEX.test(sha256)) throw new Error(`not a SHA-256: ${sha256}`)
    return join(this.dir, sha256.slice(0, 2), sha256)
  }

  /** Writes the bytes under their hash (the caller has checked that they hash to it). */
  async put(sha256: string, bytes: Uint8Array): Promise<void> {
    const target = this.pathOf(sha256)
    mkdirSync(join(this.dir, sha256.slice(0, 2)), { recursive: true })
    const temporary = join(this.tmp, randomUUID())
    const file = await open(temporary, 'wx', 0o600)
    try {
      await file.writeFile(bytes)
      await file.sync()
    } finally {
      await file.close()
    }
    await rename(temporary, target)
  }

  async get(sha256: string): Promise<Buffer> {
    return readFile(this.pathOf(sha256))
  }

  async has(sha256: string): Promise<boolean> {
    return existsSync(this.pathOf(sha256))
  }

  async remove(sha256: string): Promise<void> {
    rmSync(this.pathOf(sha256), { force: true })
  }
}
