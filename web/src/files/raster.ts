/**
 * Photos are raster images, verified: a JPEG, PNG or WebP by its first bytes (its
 * "magic number"), never by the type a file, a browser or a backup declares; within
 * the size limits before anything decodes it (a small file can declare a huge
 * picture); decoded by the browser (createImageBitmap) at the size its header says,
 * and at the size expected when one is. What passes comes back as a Blob of the
 * sniffed type, so a blob: or data: URL made from it can only ever show a picture:
 * an SVG (which can carry script), an HTML page or random bytes never get that far.
 *
 * The checks on bytes are pure and unit-tested (test/web/unit/files/raster.test.ts);
 * decoding needs the browser, and its function is passed in (createImageBitmap by
 * default) so the rest of the path is tested in node too.
 */
import {
  checkRaster,
  type NotRaster,
  PHOTO_LIMITS,
  RASTER_TYPES,
  type RasterLimits,
  type RasterProblem,
  type RasterType,
  rasterSize,
  type Sniffed,
  STORED_PHOTO_LIMITS,
  sniffRaster,
  withinLimits,
} from '#core/files/raster-bytes.js'
import { t } from '../i18n/index.js'

/** The checks on bytes live in core (core/files/raster-bytes.ts), shared with the record server. */
export {
  checkRaster,
  type NotRaster,
  PHOTO_LIMITS,
  RASTER_TYPES,
  type RasterLimits,
  type RasterProblem,
  type RasterType,
  rasterSize,
  type Sniffed,
  STORED_PHOTO_LIMITS,
  sniffRaster,
  withinLimits,
}

const FORMAT_NAMES: Readonly<Partial<Record<NotRaster, string>>> = {
  gif: 'GIF',
  bmp: 'BMP',
  tiff: 'TIFF',
  heif: 'HEIC/AVIF',
}

/** Megabytes with one decimal, for people. */
const megabytes = (bytes: number) => Math.round(bytes / 1e5) / 10

/** The problem in a sentence in the user's language: what is wrong and what is expected. */
export function rasterProblemText(problem: RasterProblem): string {
  switch (problem.kind) {
    case 'not-raster': {
      const format = FORMAT_NAMES[problem.looksLike]
      if (format) return t('raster.otherImage', { format })
      if (problem.looksLike === 'empty') return t('raster.empty')
      if (problem.looksLike === 'svg') return t('raster.svg')
      if (problem.looksLike === 'html') return t('raster.html')
      if (problem.looksLike === 'pdf') return t('raster.pdf')
      return t('raster.unknown')
    }
    case 'too-large':
      return t('raster.tooLarge', { size: megabytes(problem.bytes), max: megabytes(problem.limits.maxBytes) })
    case 'too-many-pixels':
      return t('raster.tooManyPixels', {
        width: problem.width,
        height: problem.height,
        megapixels: Math.round((problem.width * problem.height) / 1e5) / 10,
        max: problem.limits.maxMegapixels,
        side: problem.limits.maxSide,
      })
    case 'no-size':
      return t('raster.noSize')
    case 'cannot-decode':
      return t('raster.cannotDecode')
    case 'size-mismatch':
      return t('raster.sizeMismatch', {
        width: problem.width,
        height: problem.height,
        expectedWidth: problem.expected.width,
        expectedHeight: problem.expected.height,
      })
  }
}

/** A photo refused; the message says what is wrong and what is expected, in the user's language. */
export class RasterError extends Error {
  constructor(readonly problem: RasterProblem) {
    super(rasterProblemText(problem))
    this.name = 'RasterError'
  }
}

/** A decoded picture, as createImageBitmap gives it. */
export interface DecodedImage {
  readonly width: number
  readonly height: number
  close(): void
}

/** Decodes a picture (the browser's createImageBitmap unless a test passes another). */
export type RasterDecoder = (blob: Blob) => Promise<DecodedImage>

/** The browser's decoder; a browser without createImageBitmap cannot verify a photo. */
export const decodeInBrowser: RasterDecoder = (blob) => {
  const create = (globalThis as { createImageBitmap?: (blob: Blob) => Promise<DecodedImage> }).createImageBitmap
  return create ? create(blob) : Promise.reject(new RasterError({ kind: 'cannot-decode' }))
}

/** A verified photo: its bytes as a Blob of the sniffed type, and its decoded size. */
export interface VerifiedRaster {
  readonly blob: Blob
  readonly type: RasterType
  readonly width: number
  readonly height: number
}

export interface VerifyOptions {
  /** The bounds the photo must keep (PHOTO_LIMITS unless given). */
  readonly limits?: RasterLimits
  /** The decoder (createImageBitmap unless given). */
  readonly decode?: RasterDecoder
}

/**
 * The photo checked and decoded: its bytes are a JPEG, PNG or WebP within the limits,
 * the browser decodes them, and the decoded size is the expected one when given (the
 * size a file declares for it). Throws RasterError otherwise.
 */
export async function verifiedRasterImage(
  blob: Blob,
  expected?: { readonly width: number; readonly height: number },
  options: VerifyOptions = {},
): Promise<VerifiedRaster> {
  const limits = options.limits ?? PHOTO_LIMITS
  // The size first: a file over the limit is not even read.
  if (blob.size > limits.maxBytes) throw new RasterError({ kind: 'too-large', bytes: blob.size, limits })
  const bytes = new Uint8Array(await blob.arrayBuffer())
  const checked = checkRaster(bytes, limits)
  if (!checked.ok) throw new RasterError(checked.problem)
  const typed = new Blob([bytes], { type: checked.type })
  let image: DecodedImage
  try {
    image = await (options.decode ?? decodeInBrowser)(typed)
  } catch {
    throw new RasterError({ kind: 'cannot-decode' })
  }
  const { width, height } = image
  image.close()
  if (!withinLimits(width, height, limits)) throw new RasterError({ kind: 'too-many-pixels', width, height, limits })
  if (expected && (width !== expected.width || height !== expected.height))
    throw new RasterError({ kind: 'size-mismatch', width, height, expected })
  return { blob: typed, type: checked.type, width, height }
}

/** The photo as a Blob whose type is the sniffed raster type (never the declared one); throws RasterError when refused. */
export async function verifiedRaster(
  blob: Blob,
  expected?: { readonly width: number; readonly height: number },
  options: VerifyOptions = {},
): Promise<Blob> {
  return (await verifiedRasterImage(blob, expected, options)).blob
}
