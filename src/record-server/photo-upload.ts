/**
 * A photo upload's body read as a stream (PUT /api/photos/{sha256}, app.ts): each chunk
 * is counted against the limit, hashed (SHA-256) and handed to the photo store's
 * temporary place as it arrives, so the server holds one chunk of it and the photo's
 * first bytes (its header, for the raster check), never the whole photo, however many
 * devices upload at once. An upload past the limit stops as soon as it passes it;
 * nothing of a refused upload is kept (PhotoUpload.discard).
 */
import { createHash } from 'node:crypto'
import type { PhotoStore, PhotoUpload } from './store.js'

/**
 * How much of a photo's start is kept for the raster check (core/files/raster-bytes.ts
 * checkRaster reads the type and the size its header states): the whole header of a
 * PNG or WebP, and of a JPEG whose metadata segments before its frame header (EXIF, ICC
 * profile, XMP) are under 1 MiB together.
 */
export const PHOTO_HEAD_BYTES = 1024 * 1024

export type Received =
  | { readonly ok: false; readonly bytes: number }
  | {
      readonly ok: true
      /** The SHA-256 of what was sent, lower-case hex. */
      readonly sha256: string
      readonly bytes: number
      /** The first PHOTO_HEAD_BYTES bytes (all of a smaller photo). */
      readonly head: Buffer
      /** The bytes in the store's temporary place: the caller commits or discards them. */
      readonly upload: PhotoUpload
    }

/**
 * Reads `body` into a new upload of `blobs`: `ok: false` (and nothing kept) as soon as it
 * passes `maxBytes`; rejects (nothing kept) when the body fails (the client went away).
 */
export async function receivePhoto(
  body: AsyncIterable<Uint8Array>,
  blobs: PhotoStore,
  maxBytes: number,
): Promise<Received> {
  const upload = await blobs.receive()
  const hash = createHash('sha256')
  const head: Buffer[] = []
  let headBytes = 0
  let bytes = 0
  // Read by hand rather than with for-await: leaving that loop early would destroy the request's
  // stream, and its socket with it, before the refusal is answered.
  const chunks = body[Symbol.asyncIterator]()
  try {
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
      const chunk = next.value
      bytes += chunk.byteLength
      if (bytes > maxBytes) {
        await upload.discard()
        return { ok: false, bytes }
      }
      hash.update(chunk)
      if (headBytes < PHOTO_HEAD_BYTES) {
        const part = chunk.subarray(0, PHOTO_HEAD_BYTES - headBytes)
        head.push(Buffer.from(part)) // a copy: the chunk's memory is let go
        headBytes += part.byteLength
      }
      await upload.write(chunk)
    }
  } catch (error) {
    await upload.discard()
    throw error
  }
  return { ok: true, sha256: hash.digest('hex'), bytes, head: Buffer.concat(head, headBytes), upload }
}
