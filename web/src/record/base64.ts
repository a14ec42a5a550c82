/**
 * Base64 of a photo's bytes for the backup file, and back, with what both a page
 * and node have (btoa, atob): no FileReader, so the record's export and import run
 * the same in the model-based test as in the app. Pure: no DOM.
 */

/** Bytes per String.fromCharCode call: well below any engine's argument limit. */
const CHUNK = 0x8000

export function base64OfBytes(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += CHUNK)
    binary += String.fromCharCode(...bytes.subarray(i, Math.min(i + CHUNK, bytes.length)))
  return btoa(binary)
}

/** The bytes of base64 text (already checked to be base64 by the backup's reader). */
export function bytesOfBase64(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}
