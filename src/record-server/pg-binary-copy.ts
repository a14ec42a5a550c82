/**
 * PostgreSQL's binary COPY format (https://www.postgresql.org/docs/current/sql-copy.html,
 * "Binary Format"), as the PostgreSQL store (postgres-store.ts) moves photos' bytes with it:
 * raw, where a query's parameters and answers carry bytea as hex text twice their size.
 *
 * - Reading (`COPY (...) TO STDOUT (FORMAT binary)`, a download's chunk): a result of one
 *   column, from the pieces the connection delivered it in; the values come back as views of
 *   those pieces, not copies. Anything but the format's exact shape (signature, no OIDs, one
 *   column, no NULL, the trailer, nothing after it) is an error naming what was found.
 * - Writing (`COPY ... FROM STDIN (FORMAT binary)`, an upload's chunk): one row, as pieces to
 *   send in order, the values among them as they are.
 */

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1')
/** Flags bit 16: each row carries an OID (WITH OIDS, gone since PostgreSQL 12). */
const HAS_OIDS = 1 << 16

/** The header of a binary COPY input: the signature, no flags, no header extension. */
const HEADER = Buffer.concat([SIGNATURE, Buffer.alloc(8)])
/** The end of a binary COPY input: -1 as a row's 16-bit column count. */
const TRAILER = Buffer.from([0xff, 0xff])

/** A reader over pieces, as if they were one buffer. */
class Pieces {
  private index = 0
  private offset = 0

  constructor(private readonly pieces: readonly Uint8Array[]) {}

  get atEnd(): boolean {
    while (this.index < this.pieces.length && this.offset === (this.pieces[this.index] as Uint8Array).length) {
      this.index++
      this.offset = 0
    }
    return this.index === this.pieces.length
  }

  /** The next `n` bytes, as views of the pieces they lie in; throws when fewer are left. */
  take(n: number, what: string): Buffer[] {
    const views: Buffer[] = []
    let left = n
    while (left > 0) {
      if (this.atEnd) throw new Error(`binary COPY answer ends in ${what} (${n - left} of ${n} bytes)`)
      const piece = this.pieces[this.index] as Uint8Array
      const length = Math.min(left, piece.length - this.offset)
      views.push(Buffer.from(piece.buffer, piece.byteOffset + this.offset, length))
      this.offset += length
      left -= length
    }
    return views
  }

  /** The next `n` bytes as one buffer (a copy only when they span pieces). */
  bytes(n: number, what: string): Buffer {
    const views = this.take(n, what)
    return views.length === 1 ? (views[0] as Buffer) : Buffer.concat(views, n)
  }
}

/**
 * The values of a one-column binary COPY answer, row by row, each as views of `pieces` (in
 * order; empty for a zero-length value). Throws on anything else: a NULL, more than one
 * column, OIDs, a wrong signature, a missing trailer or bytes after it.
 */
export function binaryCopyValues(pieces: readonly Uint8Array[]): Buffer[][] {
  const reader = new Pieces(pieces)
  const signature = reader.bytes(SIGNATURE.length, 'the signature')
  if (!signature.equals(SIGNATURE)) throw new Error(`not a binary COPY answer: it starts ${signature.toString('hex')}`)
  const flags = reader.bytes(4, 'the flags').readUInt32BE(0)
  if ((flags & HAS_OIDS) !== 0) throw new Error('the binary COPY answer carries OIDs: not expected')
  const extension = reader.bytes(4, "the header extension's length").readUInt32BE(0)
  reader.take(extension, 'the header extension')
  const rows: Buffer[][] = []
  for (;;) {
    const columns = reader.bytes(2, "a row's column count").readInt16BE(0)
    if (columns === -1) break
    if (columns !== 1) throw new Error(`a binary COPY row has ${columns} columns: one expected`)
    const length = reader.bytes(4, "a value's length").readInt32BE(0)
    if (length < 0) throw new Error('a binary COPY row holds NULL: a value expected')
    rows.push(reader.take(length, 'a value'))
  }
  if (!reader.atEnd) throw new Error('the binary COPY answer goes on after its trailer')
  return rows
}

/**
 * One row of a binary COPY input whose columns are, in order, the values given: each value's
 * bytes as that column's type has them in binary (text: its UTF-8; integer: 4 bytes, big-endian;
 * bytea: the bytes themselves). Answers the pieces to send in order; the values are among them
 * as they are, not copied.
 */
export function binaryCopyRow(values: readonly Uint8Array[]): Uint8Array[] {
  const count = Buffer.alloc(2)
  count.writeInt16BE(values.length, 0)
  const pieces: Uint8Array[] = [HEADER, count]
  for (const value of values) pieces.push(binaryInt32(value.length), value)
  pieces.push(TRAILER)
  return pieces
}

/** A 32-bit integer column's value in binary COPY (big-endian). */
export function binaryInt32(n: number): Buffer {
  const bytes = Buffer.alloc(4)
  bytes.writeInt32BE(n, 0)
  return bytes
}
