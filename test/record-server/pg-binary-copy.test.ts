/**
 * The PostgreSQL store's photo transfers by binary COPY (src/record-server/pg-binary-copy.ts,
 * PostgresPhotos): the format's reader on answers made by hand, cut into pieces at every place
 * and refused when anything is off, and its row writer; then against a real PostgreSQL, its own
 * COPY answers read back byte for byte, and photos of no bytes, one chunk, several and a partial
 * last one uploaded and downloaded through the store, a missing chunk cutting the download with an
 * error that names it.
 */
import assert from 'node:assert/strict'
import { createHash, randomBytes } from 'node:crypto'
import { describe, it } from 'node:test'
import pg from 'pg'
import { to as copyTo } from 'pg-copy-streams'
import { binaryCopyRow, binaryCopyValues, binaryInt32 } from '../../src/record-server/pg-binary-copy.js'
import { PHOTO_CHUNK_BYTES, PostgresStore } from '../../src/record-server/postgres-store.js'
import { testStores } from '../support/postgres.js'

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1')

/** A binary COPY answer of one-column rows (null: a NULL), as PostgreSQL writes it. */
function copyAnswer(
  rows: readonly (Buffer | null)[],
  options: { flags?: number; extension?: Buffer; columns?: number } = {},
): Buffer {
  const int16 = (n: number) => {
    const b = Buffer.alloc(2)
    b.writeInt16BE(n)
    return b
  }
  const int32 = (n: number) => {
    const b = Buffer.alloc(4)
    b.writeInt32BE(n)
    return b
  }
  const extension = options.extension ?? Buffer.alloc(0)
  const parts = [SIGNATURE, int32(options.flags ?? 0), int32(extension.length), extension]
  for (const row of rows) {
    parts.push(int16(options.columns ?? 1))
    if (row === null) parts.push(int32(-1))
    else parts.push(int32(row.length), row)
  }
  parts.push(int16(-1))
  return Buffer.concat(parts)
}

/** Each row's value joined from its views. */
const joined = (rows: Buffer[][]) => rows.map((views) => Buffer.concat(views))

/** `bytes` cut into pieces at `cuts` (ascending offsets). */
function cut(bytes: Buffer, cuts: readonly number[]): Buffer[] {
  const pieces: Buffer[] = []
  let from = 0
  for (const at of [...cuts, bytes.length]) {
    pieces.push(bytes.subarray(from, at))
    from = at
  }
  return pieces
}

describe('binary COPY answers: the reader', () => {
  const values = [Buffer.from('first value'), Buffer.alloc(0), randomBytes(40)]
  const answer = copyAnswer(values, { extension: Buffer.from('ext') })

  it('reads the rows of a whole answer, and of one cut at any place or into single bytes', () => {
    assert.deepEqual(joined(binaryCopyValues([answer])), values)
    for (let at = 0; at <= answer.length; at++)
      assert.deepEqual(joined(binaryCopyValues(cut(answer, [at]))), values, `cut at ${at}`)
    const bytes = [...answer].map((_, i) => i).slice(1)
    assert.deepEqual(joined(binaryCopyValues(cut(answer, bytes))), values)
  })

  it('answers views of the pieces, not copies', () => {
    const pieces = cut(answer, [30])
    const [, , third] = binaryCopyValues(pieces)
    const view = (third as Buffer[])[0] as Buffer
    assert.equal(view.buffer, (pieces[1] as Buffer).buffer, 'the value lies in the piece it came in')
  })

  it('reads no rows and an empty value', () => {
    assert.deepEqual(binaryCopyValues([copyAnswer([])]), [])
    assert.deepEqual(binaryCopyValues([copyAnswer([Buffer.alloc(0)])]), [[]])
  })

  it('writes a row as the reader reads it, its value among the pieces as it is', () => {
    const value = randomBytes(1000)
    const pieces = binaryCopyRow([value])
    assert.ok(pieces.includes(value), 'the value itself, not a copy')
    assert.deepEqual(joined(binaryCopyValues(pieces)), [value])
    assert.deepEqual(Buffer.concat(pieces), copyAnswer([value]))
    assert.deepEqual(binaryInt32(-2), Buffer.from([0xff, 0xff, 0xff, 0xfe]))
  })

  it('refuses what is not exactly the format, saying what it found', () => {
    const refused: [string, Buffer[], RegExp][] = [
      ['another signature', [Buffer.concat([Buffer.from('PGCOPX'), answer.subarray(6)])], /not a binary COPY answer/],
      ['OIDs', [copyAnswer(values, { flags: 1 << 16 })], /carries OIDs/],
      ['two columns', [copyAnswer(values, { columns: 2 })], /has 2 columns: one expected/],
      ['a NULL', [copyAnswer([null])], /holds NULL/],
      ['bytes after the trailer', [answer, Buffer.from([0])], /goes on after its trailer/],
      ['nothing', [], /ends in the signature/],
    ]
    for (const [what, pieces, message] of refused) assert.throws(() => binaryCopyValues(pieces), message, what)
    for (let length = 0; length < answer.length; length++)
      assert.throws(() => binaryCopyValues([answer.subarray(0, length)]), /ends in/, `cut short at ${length} bytes`)
  })
})

// Called at the top level: the file's own cluster, when the runner started none, is removed after it.
const postgres = testStores().find((store) => store.name === 'postgres')!

describe('binary COPY answers: a real PostgreSQL', { skip: postgres.skip }, () => {
  it("reads PostgreSQL's own answers byte for byte (no rows, empty, small, several chunks' worth)", async () => {
    const client = new pg.Client({ connectionString: (await postgres.database())! })
    await client.connect()
    try {
      await client.query('CREATE TABLE blobs (n int PRIMARY KEY, bytes bytea NOT NULL)')
      const values = [Buffer.alloc(0), Buffer.from([0, 255, 10, 13]), randomBytes(3 * PHOTO_CHUNK_BYTES + 17)]
      for (const [n, value] of values.entries()) await client.query('INSERT INTO blobs VALUES ($1, $2)', [n, value])
      const copied = async (where: string) => {
        const pieces: Buffer[] = []
        for await (const piece of client.query(
          copyTo(`COPY (SELECT bytes FROM blobs WHERE ${where} ORDER BY n) TO STDOUT (FORMAT binary)`),
        ))
          pieces.push(piece as Buffer)
        return { pieces: pieces.length, rows: joined(binaryCopyValues(pieces)) }
      }
      assert.deepEqual((await copied('false')).rows, [])
      const all = await copied('true')
      assert.deepEqual(all.rows, values)
      assert.ok(all.pieces > 1, `the large value came in pieces (${all.pieces})`)
    } finally {
      await client.end()
    }
  })

  it('downloads photos through the store, a missing chunk cutting the download with an error naming it', async () => {
    const database = (await postgres.database())!
    const store = await PostgresStore.open(database)
    try {
      const stored = async (bytes: Buffer) => {
        const sha256 = createHash('sha256').update(bytes).digest('hex')
        const upload = await store.photos.receive()
        for (let at = 0; at < bytes.length; at += 100_000) await upload.write(bytes.subarray(at, at + 100_000))
        await upload.commit(sha256)
        await upload.discard()
        return sha256
      }
      const downloaded = async (sha256: string, bytes: number) => {
        const pieces: Buffer[] = []
        for await (const piece of await store.photos.read(sha256, bytes)) pieces.push(piece as Buffer)
        return Buffer.concat(pieces)
      }
      for (const size of [0, 1, PHOTO_CHUNK_BYTES, 2 * PHOTO_CHUNK_BYTES + 12_345]) {
        const bytes = randomBytes(size)
        assert.ok((await downloaded(await stored(bytes), size)).equals(bytes), `a photo of ${size} bytes`)
      }

      const bytes = randomBytes(3 * PHOTO_CHUNK_BYTES)
      const sha256 = await stored(bytes)
      const client = new pg.Client({ connectionString: database })
      await client.connect()
      await client.query('DELETE FROM photo_chunks WHERE sha256 = $1 AND seq = 1', [sha256])
      await client.end()
      await assert.rejects(
        downloaded(sha256, bytes.length),
        new RegExp(`chunk 1 missing after ${PHOTO_CHUNK_BYTES} of`),
      )
      await assert.rejects(store.photos.read('0'.repeat(64), 10), /has no bytes in photo_chunks/)
      await assert.rejects(store.photos.read("x'; DROP TABLE photos; --", 10), /not a SHA-256/)
    } finally {
      await store.close()
    }
  })
})
