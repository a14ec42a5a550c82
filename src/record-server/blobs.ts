/**
 * Photos of the embedded default (store.ts PhotoStore), as content-addressed files beside the database:
 * <RECORD_DATA_DIR>/photos/<first two hex digits>/<sha256>. An upload is streamed into a
 * temporary file of its own (photos/tmp/<uuid>) as it arrives; once the caller has checked
 * its hash, the file is flushed to disk and linked into place under the hash, so a crash
 * leaves either the whole photo or none (a stray temporary file at most, removed at the
 * next start). Its row in the database (store.ts PhotoRow) is written only after the file
 * is in place: a photo the database names is always on disk. Downloads read the file a
 * chunk at a time as the connection takes them (PHOTO_READ_CHUNK).
 */
import { randomUUID } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs'
import { type FileHandle, link, open, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import type { PhotoStore, PhotoUpload } from './store.js'

const SHA256_HEX = /^[0-9a-f]{64}$/

/** `value` when it is a SHA-256 in lower-case hex (safe in a path, and as a literal in SQL); throws otherwise. */
export function checkedSha256(value: string): string {
  if (!SHA256_HEX.test(value)) throw new Error(`not a SHA-256: ${value}`)
  return value
}

/** How much of a photo file a download reads at a time (and holds at most, with the socket's own buffer). */
export const PHOTO_READ_CHUNK = 256 * 1024

export class PhotoBlobs implements PhotoStore {
  private readonly dir: string
  private readonly tmp: string

  /** Opens the photos of `dataDir`, removing temporary files an earlier process left (only the server itself opens it: one process per data directory). */
  constructor(dataDir: string) {
    this.dir = join(dataDir, 'photos')
    this.tmp = join(this.dir, 'tmp')
    mkdirSync(this.tmp, { recursive: true })
    for (const name of readdirSync(this.tmp)) rmSync(join(this.tmp, name), { force: true })
  }

  private pathOf(sha256: string): string {
    return join(this.dir, sha256.slice(0, 2), checkedSha256(sha256))
  }

  async receive(): Promise<PhotoUpload> {
    const temporary = join(this.tmp, randomUUID())
    let file: FileHandle | undefined = await open(temporary, 'wx', 0o600)
    const flushed = async () => {
      if (!file) return
      const handle = file
      file = undefined
      try {
        await handle.sync()
      } finally {
        await handle.close()
      }
    }
    return {
      write: async (chunk) => {
        if (!file) throw new Error('photo upload: write after commit')
        await file.write(chunk)
      },
      commit: async (sha256) => {
        const target = this.pathOf(sha256)
        await flushed()
        mkdirSync(join(this.dir, sha256.slice(0, 2)), { recursive: true })
        // A link, not a rename: the temporary file stays until discard, so a commit can be made
        // again should a photo collection remove the bytes before the row names them.
        await link(temporary, target).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'EEXIST') throw error // the same bytes are there already
        })
      },
      discard: async () => {
        await file?.close().catch(() => undefined)
        file = undefined
        await rm(temporary, { force: true })
      },
    }
  }

  async read(sha256: string, bytes: number): Promise<Readable> {
    // Opened before the answer starts: a missing file rejects here; once open, a collection removing it does not cut the download.
    const file = await open(this.pathOf(sha256), 'r')
    // Its end given, the stream reads exactly the photo's bytes: without it, each read takes a buffer of
    // PHOTO_READ_CHUNK, the last one is copied into one of its size, and one more read finds the end,
    // nearly three times a 300 KB photo's bytes in buffers for the collector to free.
    return file.createReadStream({
      highWaterMark: PHOTO_READ_CHUNK,
      autoClose: true,
      ...(bytes > 0 ? { end: bytes - 1 } : {}),
    })
  }

  async has(sha256: string): Promise<boolean> {
    return existsSync(this.pathOf(sha256))
  }

  async remove(sha256: string): Promise<void> {
    rmSync(this.pathOf(sha256), { force: true })
  }
}
