/**
 * A photo on screen turned into what the record stores: its own bytes when its
 * longest side is at most PHOTO_MAX_SIDE, else a JPEG scaled down to it. The
 * document keeps the coordinates of the photo as marked (record/model.ts storedSize),
 * so nothing about the markers changes. Photos go to IndexedDB only, never to the service.
 */
import { PHOTO_JPEG_QUALITY, storedSize } from './model.js'
import type { PhotoData } from './storage.js'

/** A new key for a stored photo. */
export function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
}

/** The bytes of a data: or blob: URL, read in the page (no request leaves the browser). */
async function bytesOf(url: string): Promise<Blob> {
  const match = /^data:([^;,]*)(;base64)?,(.*)$/s.exec(url)
  if (!match) return (await fetch(url)).blob()
  const [, type, base64, data] = match
  if (!base64) return new Blob([decodeURIComponent(data ?? '')], { type: type || 'application/octet-stream' })
  const bin = atob(data ?? '')
  const bytes = new Uint8Array(bin.length)
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i)
  return new Blob([bytes], { type: type || 'application/octet-stream' })
}

/** The photo at `url` as the record keeps it. */
export async function storablePhoto(url: string, key: string = newKey()): Promise<PhotoData> {
  const original = await bytesOf(url)
  const bitmap = await createImageBitmap(original)
  try {
    const size = storedSize(bitmap.width, bitmap.height)
    if (!size.scaled) return { key, type: original.type, width: bitmap.width, height: bitmap.height, blob: original }
    const canvas = document.createElement('canvas')
    canvas.width = size.width
    canvas.height = size.height
    const context = canvas.getContext('2d')
    if (!context) throw new Error('no 2d canvas' /* i18n-exempt: a browser without canvas */)
    context.imageSmoothingQuality = 'high'
    context.drawImage(bitmap, 0, 0, size.width, size.height)
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', PHOTO_JPEG_QUALITY))
    if (!blob) throw new Error('the photo could not be encoded' /* i18n-exempt: reported through record.saveFailed */)
    return { key, type: 'image/jpeg', width: size.width, height: size.height, blob }
  } finally {
    bitmap.close()
  }
}
