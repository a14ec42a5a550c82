/**
 * Collecting photos no visit names (docs/record-server.md, "Photos"): an admin's action
 * (POST /api/photos/collect; GET /api/photos/unnamed lists them first). Photos are kept
 * when their visits are deleted (another visit may name the same bytes), so their bytes
 * stay until an admin collects them.
 *
 * Safe against uploads in flight: a device uploads a visit's photos before it pushes the
 * visit, so a photo may be named by no visit for a while (the push waits on a conflict the
 * clinician resolves, the device is offline). Only photos older than a grace period are
 * collected; and should a device still push a visit naming a collected photo, the push is
 * refused with photo_missing and the device uploads the photo again (it keeps its photos
 * until its visits are pushed). A photo's row and bytes are removed under the store's
 * transaction lock, and an upload checks its bytes are still stored in the transaction that
 * writes its row (photoBytesStored), so a row never names bytes a collection removed.
 */
import type { PhotoRow, PhotoStore, RecordTx } from './store.js'

/** Photos younger than this many days are never collected unless the admin asks for fewer. */
export const DEFAULT_PHOTO_GRACE_DAYS = 30

/** The SHA-256 of every photo the visits' photos JSON names. */
export function namedPhotos(visitPhotoRefs: readonly string[]): Set<string> {
  const named = new Set<string>()
  for (const text of visitPhotoRefs) {
    const views = JSON.parse(text) as Record<string, { sha256?: unknown } | null>
    for (const ref of Object.values(views)) if (typeof ref?.sha256 === 'string') named.add(ref.sha256)
  }
  return named
}

/** The photos no visit names, created before `cutoff` (ISO time), inside `tx`. */
export async function unnamedPhotos(tx: RecordTx, cutoff: string): Promise<PhotoRow[]> {
  const named = namedPhotos(await tx.visitPhotoRefs())
  return (await tx.photos()).filter((p) => p.created < cutoff && !named.has(p.sha256))
}

/** Whether a photo's bytes are stored, asked inside `tx` (the upload's row is written in the same one). */
export async function photoBytesStored(tx: RecordTx, blobs: PhotoStore, sha256: string): Promise<boolean> {
  return (await tx.photoBytesInDatabase(sha256)) ?? (await blobs.has(sha256))
}

/** Removes the rows of the photos no visit names created before `cutoff` (with PostgreSQL, their bytes too), inside `tx`; answers them. */
export async function collectPhotoRows(tx: RecordTx, cutoff: string): Promise<PhotoRow[]> {
  const collected = await unnamedPhotos(tx, cutoff)
  for (const photo of collected) await tx.deletePhoto(photo.sha256)
  return collected
}

/**
 * Removes the bytes of collected photos, in a transaction after the one that removed their rows
 * committed (a rolled-back collection keeps its bytes), and only those still without a row (an
 * upload of the same bytes since then keeps them).
 */
export async function removeCollectedBytes(tx: RecordTx, blobs: PhotoStore, sha256s: readonly string[]): Promise<void> {
  for (const sha256 of sha256s) if (!(await tx.photo(sha256))) await blobs.remove(sha256)
}
