/** Documents and states built from the browser tests' figures (markers at known pixels), for the unit tests. */
import { crc32 } from 'node:zlib'
import { type Doc, EMPTY_DOC, type View } from '../../../web/src/state/model.js'
import { FIGURES } from '../fixtures/figure.js'

/** The view's figure fully marked and calibrated, as the app's document. */
export function markedDoc(view: View, photoUrl: string | null = 'data:image/png;base64,'): Doc {
  const spec = FIGURES[view]
  return {
    ...EMPTY_DOC,
    photo: { name: `${view}.png`, width: spec.width, height: spec.height, url: photoUrl },
    markers: { ...spec.markers },
    scale: [spec.scale[0], spec.scale[1]],
    gridCm: spec.scaleCm,
    lrvX: spec.lrvX,
    side: spec.side ?? 'right',
  }
}

export { FIGURES }

/** A PNG's signature and chunks with correct CRCs; the header's size is all a header decoder reads. */
export function png(width: number, height: number, salt = 0): Uint8Array<ArrayBuffer> {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width >>> 0, 0)
  header.writeUInt32BE(height >>> 0, 4)
  header[8] = 8 // bit depth
  header[9] = 6 // RGBA
  const bytes = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('tEXt', Buffer.from(`Comment\0test photo ${salt}`, 'latin1')),
    chunk('IEND', Buffer.alloc(0)),
  ])
  return new Uint8Array(bytes)
}

/** A 600 x 1000 PNG, base64: a photo a backup's schema admits. */
export const PNG_BASE64 = Buffer.from(png(600, 1000)).toString('base64')
