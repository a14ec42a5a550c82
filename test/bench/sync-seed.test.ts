/**
 * The sync bench's pure parts (bench/sync-seed.ts): the seeded photos are JPEGs the
 * record server takes (core/files/raster-bytes.ts reads their type and stated size),
 * of the stated length, each with bytes of its own; a visit's content is an assessment
 * file the server admits; visits are dealt out to every patient; the latency summary.
 * No server is started and no figure is judged here.
 */
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { describe, it } from 'node:test'
import { checkRaster, STORED_PHOTO_LIMITS } from '#core/files/raster-bytes.js'
import {
  PHOTO_BYTES,
  PHOTO_HEIGHT,
  PHOTO_WIDTH,
  patientOfVisit,
  photoBytes,
  secondsAt,
  summarize,
  visitContent,
} from '../../bench/sync-seed.js'
import { readContent } from '../../src/record-server/content.js'

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

describe('seeded photos', () => {
  it('are JPEGs of the stated size that the record server stores', () => {
    const bytes = photoBytes(7)
    assert.equal(bytes.byteLength, PHOTO_BYTES)
    assert.deepEqual([...bytes.subarray(0, 3)], [0xff, 0xd8, 0xff])
    assert.deepEqual([...bytes.subarray(-2)], [0xff, 0xd9])
    const checked = checkRaster(bytes, STORED_PHOTO_LIMITS)
    assert.ok(checked.ok, JSON.stringify(checked))
    assert.equal(checked.type, 'image/jpeg')
    assert.equal(checked.width, PHOTO_WIDTH)
    assert.equal(checked.height, PHOTO_HEIGHT)
  })

  it('each have bytes of their own, the same for the same number', () => {
    const hashes = new Set(Array.from({ length: 50 }, (_, i) => sha(photoBytes(i, 20_000))))
    assert.equal(hashes.size, 50)
    assert.equal(sha(photoBytes(3, 20_000)), sha(photoBytes(3, 20_000)))
  })

  it('end in a well-formed segment whatever the size', () => {
    for (const size of [30, 65_560, 65_561, 65_562, 131_076, 131_077])
      assert.ok(checkRaster(photoBytes(1, size), STORED_PHOTO_LIMITS).ok, `size ${size}`)
  })
})

describe('seeded visits', () => {
  it('carry content the record server admits (its own check, the app file schema), edited or not', () => {
    for (const content of [visitContent(0), visitContent(4_999, 17)]) {
      const read = readContent(content)
      assert.ok(read.ok, JSON.stringify(read))
    }
    assert.notDeepEqual(visitContent(3, 0), visitContent(3, 1))
  })

  it('are dealt out to every patient alike', () => {
    const size = { patients: 1_000, visits: 5_000 }
    const perPatient = new Map<number, number>()
    for (let v = 0; v < size.visits; v++) {
      const p = patientOfVisit(v, size)
      perPatient.set(p, (perPatient.get(p) ?? 0) + 1)
    }
    assert.equal(perPatient.size, 1_000)
    assert.deepEqual(new Set(perPatient.values()), new Set([5]))
  })
})

describe('latency summary and transfer time', () => {
  it('p50 and p99 by linear interpolation between ranks', () => {
    const s = summarize(Array.from({ length: 101 }, (_, i) => 100 - i))
    assert.deepEqual(s, { count: 101, p50: 50, p99: 99, max: 100 })
    assert.ok(Number.isNaN(summarize([]).p50))
  })

  it('seconds to move bytes at a bit rate', () => {
    assert.equal(secondsAt(125_000_000, 1e9), 1)
    assert.equal(secondsAt(1_500_000_000, 1e8), 120)
  })
})
