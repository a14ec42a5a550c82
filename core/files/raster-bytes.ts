/**
 * A photo's bytes checked without decoding them, for the app and the record server
 * alike: its type by its first bytes (its "magic number": JPEG, PNG or WebP, never
 * the type a file, a browser or a client declares), the size its header states, and
 * the limits a photo is held to. Pure: no DOM, no messages (web/src/files/raster.ts
 * words the problems for people; the record server names them as data).
 */

/** Longest side of a stored photo, px; larger photos are stored downscaled as JPEG (web/src/record/photos.ts). */
export const PHOTO_MAX_SIDE = 2400

/** The types a photo may have: what every browser decodes and the photo protocol asks for. */
export const RASTER_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
export type RasterType = (typeof RASTER_TYPES)[number]

/** Bounds on a photo: its file size, its longest side and its pixel count. */
export interface RasterLimits {
  /** Largest file, bytes. */
  readonly maxBytes: number
  /** Longest side, px. */
  readonly maxSide: number
  /** Most pixels, in millions. */
  readonly maxMegapixels: number
}

/**
 * A photo opened from a file (or taken), and so the photo size an assessment file may
 * declare. 40 MB holds a 64-megapixel JPEG at high quality or a 24-megapixel PNG;
 * 64 megapixels are a 48- or 50-megapixel phone photo or a 61-megapixel camera's
 * with room to spare (decoded, 256 MB of memory); 20,000 px a side lets a
 * panorama of those pixels in. Beyond these a browser on a phone may run out of memory.
 */
export const PHOTO_LIMITS: RasterLimits = { maxBytes: 40_000_000, maxSide: 20_000, maxMegapixels: 64 }

/**
 * A photo the record stores (record/photos.ts): at most PHOTO_MAX_SIDE a side (a larger
 * one is stored scaled down), and a file no larger than an opened photo may be.
 */
export const STORED_PHOTO_LIMITS: RasterLimits = {
  maxBytes: PHOTO_LIMITS.maxBytes,
  maxSide: PHOTO_MAX_SIDE,
  maxMegapixels: (PHOTO_MAX_SIDE * PHOTO_MAX_SIDE) / 1e6,
}

/** What a file that is not a JPEG, PNG or WebP looks like, as far as its first bytes tell. */
export type NotRaster = 'empty' | 'svg' | 'html' | 'pdf' | 'gif' | 'bmp' | 'tiff' | 'heif' | 'unknown'

export type Sniffed =
  | { readonly ok: true; readonly type: RasterType }
  | { readonly ok: false; readonly looksLike: NotRaster }

const ascii = (bytes: Uint8Array, at: number, length: number): string =>
  String.fromCharCode(...bytes.subarray(at, at + length))

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0): boolean =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b)

const JPEG = [0xff, 0xd8, 0xff] as const
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const
/** ISO base media brands of HEIC and AVIF pictures (an iPhone saves HEIC). */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis'])

/** What markup (text starting with `<`) is: SVG or HTML by the first tags, else unknown. */
function markupKind(bytes: Uint8Array): NotRaster {
  const head = ascii(bytes, 0, 4096).toLowerCase()
  if (head.includes('<svg')) return 'svg'
  if (/<(!doctype html|html|head|body|script|iframe|meta|title)\b/.test(head)) return 'html'
  return 'unknown'
}

/** The raster type of a file by its first bytes, or what it looks like when it is none of them. */
export function sniffRaster(bytes: Uint8Array): Sniffed {
  if (bytes.length === 0) return { ok: false, looksLike: 'empty' }
  if (startsWith(bytes, JPEG)) return { ok: true, type: 'image/jpeg' }
  if (startsWith(bytes, PNG)) return { ok: true, type: 'image/png' }
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return { ok: true, type: 'image/webp' }
  const looksLike: NotRaster = (() => {
    if (/^GIF8[79]a/.test(ascii(bytes, 0, 6))) return 'gif'
    if (ascii(bytes, 0, 5) === '%PDF-') return 'pdf'
    if (ascii(bytes, 0, 2) === 'BM') return 'bmp'
    if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff'
    if (ascii(bytes, 4, 4) === 'ftyp' && HEIF_BRANDS.has(ascii(bytes, 8, 4))) return 'heif'
    // Text: after a byte order mark and white space, markup starts with '<'.
    let i = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0
    while (i < bytes.length && i < 1024 && (bytes[i] === 0x20 || (bytes[i]! >= 0x09 && bytes[i]! <= 0x0d))) i++
    if (bytes[i] === 0x3c) return markupKind(bytes.subarray(i))
    return 'unknown'
  })()
  return { ok: false, looksLike }
}

const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8)
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16)
const u32be = (b: Uint8Array, at: number) =>
  ((b[at]! << 24) >>> 0) + ((b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!)

/** JPEG: the frame header (SOF0..SOF15 but DHT, JPG and DAC) after the segments before it. */
function jpegSize(b: Uint8Array): { width: number; height: number } | null {
  let at = 2
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return null
    const marker = b[at + 1]!
    if (marker === 0xff) {
      at++ // fill byte
      continue
    }
    // Markers without a length: TEM, RST0..7, SOI; EOI or SOS before a frame header: none.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2
      continue
    }
    if (marker === 0xd9 || marker === 0xda) return null
    const length = u16be(b, at + 2)
    if (length < 2) return null
    const frame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc
    if (frame) return at + 9 <= b.length ? { height: u16be(b, at + 5), width: u16be(b, at + 7) } : null
    at += 2 + length
  }
  return null
}

/** WebP: the first chunk, lossy (VP8), lossless (VP8L) or extended (VP8X). */
function webpSize(b: Uint8Array): { width: number; height: number } | null {
  const chunk = ascii(b, 12, 4)
  if (chunk === 'VP8 ' && b.length >= 30 && startsWith(b, [0x9d, 0x01, 0x2a], 23))
    return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff }
  if (chunk === 'VP8L' && b.length >= 25 && b[20] === 0x2f) {
    const bits = (b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24)) >>> 0
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 }
  }
  if (chunk === 'VP8X' && b.length >= 30) return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 }
  return null
}

/**
 * The picture's size as its header states it (before any EXIF rotation), or null
 * when the header cannot be read: read before decoding, so that a small file
 * declaring a huge picture is refused without the browser trying to decode it.
 */
export function rasterSize(type: RasterType, bytes: Uint8Array): { width: number; height: number } | null {
  let size: { width: number; height: number } | null = null
  if (type === 'image/png')
    size =
      bytes.length >= 24 && ascii(bytes, 12, 4) === 'IHDR'
        ? { width: u32be(bytes, 16), height: u32be(bytes, 20) }
        : null
  else if (type === 'image/jpeg') size = jpegSize(bytes)
  else size = webpSize(bytes)
  return size && size.width > 0 && size.height > 0 ? size : null
}

/** Why a photo is refused. */
export type RasterProblem =
  | { readonly kind: 'not-raster'; readonly looksLike: NotRaster }
  | { readonly kind: 'too-large'; readonly bytes: number; readonly limits: RasterLimits }
  | { readonly kind: 'too-many-pixels'; readonly width: number; readonly height: number; readonly limits: RasterLimits }
  | { readonly kind: 'no-size' }
  | { readonly kind: 'cannot-decode' }
  | {
      readonly kind: 'size-mismatch'
      readonly width: number
      readonly height: number
      readonly expected: { readonly width: number; readonly height: number }
    }

/** Whether a picture of this size is within the limits (the side in either orientation). */
export function withinLimits(width: number, height: number, limits: RasterLimits): boolean {
  return (
    Number.isInteger(width) &&
    Number.isInteger(height) &&
    width > 0 &&
    height > 0 &&
    Math.max(width, height) <= limits.maxSide &&
    width * height <= limits.maxMegapixels * 1e6
  )
}

/** The bytes checked without decoding them: a raster type, a readable size, within the limits. */
export function checkRaster(
  bytes: Uint8Array,
  limits: RasterLimits = PHOTO_LIMITS,
):
  | { readonly ok: true; readonly type: RasterType; readonly width: number; readonly height: number }
  | { readonly ok: false; readonly problem: RasterProblem } {
  if (bytes.length > limits.maxBytes) return { ok: false, problem: { kind: 'too-large', bytes: bytes.length, limits } }
  const sniffed = sniffRaster(bytes)
  if (!sniffed.ok) return { ok: false, problem: { kind: 'not-raster', looksLike: sniffed.looksLike } }
  const size = rasterSize(sniffed.type, bytes)
  if (!size) return { ok: false, problem: { kind: 'no-size' } }
  if (!withinLimits(size.width, size.height, limits))
    return { ok: false, problem: { kind: 'too-many-pixels', ...size, limits } }
  return { ok: true, type: sniffed.type, ...size }
}
