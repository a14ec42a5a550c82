/**
 * The record server's memory while devices transfer large photos at once (issue 43:
 * photos were held whole, and 6 uploads of 16.5 MB grew the server by 178 MB, 20
 * downloads of one by 198 MB). On each store, a real server process takes 8 distinct
 * 16.5 MB uploads at once, then serves one of them to 30 downloads at once; the peak of
 * its resident memory (VmHWM in /proc/<pid>/status, reset before each phase through
 * /proc/<pid>/clear_refs, so no sampling and no timing) must stay well below what
 * holding the photos whole takes. The bytes round-trip exactly, and an upload over the
 * limit (refused as it streams) or with the wrong hash leaves nothing behind: no
 * temporary file, no staged chunk, no row.
 */
import assert from 'node:assert/strict'
import { createHash, randomBytes } from 'node:crypto'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { testStores } from '../support/postgres.js'
import { serverDatabase } from '../support/record-database.js'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  RecordClient as Client,
  pngPhoto,
  type RecordClient,
  type RecordServer,
  sha256Of,
  startRecordServer,
  userClient,
} from '../support/record-server.js'

const PHOTO_BYTES = 16_500_000
const UPLOADS = 8
const DOWNLOADS = 30
/**
 * The bounds on growth. Holding photos whole needs the transfers' bytes at once and more (uploads
 * buffered, then copied): measured 218 and 267 MB for the 8 uploads, 346 and 290 MB for the 30
 * downloads (SQLite, PostgreSQL; bench/README.md, "Photo transfers: memory"). Streamed, a transfer
 * holds a chunk or two, but the peak also holds memory let go and not yet collected: V8 collects
 * Buffers' memory only once about 64 MB more of it was allocated, and the allocator keeps what it
 * got. That does not grow with the photos' size, but with how far the collector lags: measured 24 to
 * 120 MB for the uploads (the most on PostgreSQL, on a quiet machine), 0 to 133 MB for the downloads
 * (the most on PostgreSQL before its photos came by binary COPY, when its young generation also held
 * up to some 48 MB of pg's hex text). Each bound lies about halfway between.
 */
const MAX_UPLOAD_GROWTH_MB = 170
const MAX_DOWNLOAD_GROWTH_MB = 200

/** A PNG the server takes (2000 x 1500, its header) of `bytes` bytes, the rest random: each one new. */
const bigPhoto = (bytes = PHOTO_BYTES): Buffer => Buffer.from(pngPhoto(2000, 1500, bytes - 33))

/** A line of /proc/<pid>/status, in MB (the kernel gives kB). */
function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`))
  assert.ok(line, `no ${field} in /proc/${pid}/status`)
  return Number(line.split(/\s+/)[1]) / 1024
}

/** Resets the process's peak resident memory to its current one (Linux: "5" to clear_refs), so VmHWM is the peak from now. */
function resetPeak(pid: number): number {
  writeFileSync(`/proc/${pid}/clear_refs`, '5')
  return statusMb(pid, 'VmRSS')
}

/** GET of a photo, its body hashed as it arrives (never held whole here either): its status, length header and hash. */
async function download(
  client: RecordClient,
  sha: string,
): Promise<{ status: number; length: string | null; sha: string }> {
  const response = await fetch(`${client.url}/api/photos/${sha}`, { headers: { cookie: client.cookie as string } })
  const hash = createHash('sha256')
  if (response.body) for await (const chunk of response.body) hash.update(chunk)
  return { status: response.status, length: response.headers.get('content-length'), sha: hash.digest('hex') }
}

/**
 * A PUT whose body is sent chunked (no Content-Length) until the server answers: the server
 * must refuse it by counting the bytes as they arrive. Resolves with the answer.
 */
function putChunked(client: RecordClient, path: string, total: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    let answered = false
    const req = request(
      new URL(path, client.url),
      {
        method: 'PUT',
        headers: {
          cookie: client.cookie as string,
          'x-csrf-token': client.csrf as string,
          'content-type': 'image/png',
          'transfer-encoding': 'chunked',
        },
      },
      (res) => {
        answered = true
        let body = ''
        res.on('data', (d: Buffer) => (body += d))
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body })
          req.destroy()
        })
        res.on('error', reject)
      },
    )
    // After the answer the server closes the connection: what the client then fails to write is expected.
    req.on('error', (error) => {
      if (!answered) reject(error)
    })
    const piece = randomBytes(1024 * 1024)
    const header = Buffer.from(pngPhoto(2000, 1500)).subarray(0, 33)
    let sent = 0
    const pump = () => {
      while (!answered && sent < total) {
        const chunk = sent === 0 ? Buffer.concat([header, piece.subarray(header.length)]) : piece
        sent += chunk.length
        if (!req.write(chunk)) {
          req.once('drain', pump)
          return
        }
      }
      if (!answered) req.end()
    }
    pump()
  })
}

for (const store of testStores()) {
  describe(`record server (${store.name}): memory during concurrent photo transfers`, { skip: store.skip }, () => {
    let server: RecordServer
    let clinician: RecordClient
    let pid: number

    /** What the server keeps of uploads under way: temporary files or staged chunks (none once they are answered). */
    const leftovers = async (): Promise<number> => {
      if (server.database === undefined) return readdirSync(join(server.dataDir, 'photos', 'tmp')).length
      const db = await serverDatabase(server)
      try {
        return Number((await db.query('SELECT count(*) AS n FROM photo_uploads'))[0]?.n)
      } finally {
        await db.close()
      }
    }
    /** Whether the server has a row or bytes for `sha`. */
    const holds = async (sha: string): Promise<boolean> => {
      const db = await serverDatabase(server)
      try {
        const rows = await db.query(`SELECT 1 FROM photos WHERE sha256 = '${sha}'`)
        if (rows.length > 0) return true
        if (server.database === undefined)
          return readdirSync(join(server.dataDir, 'photos')).some(
            (shard) => shard === sha.slice(0, 2) && readdirSync(join(server.dataDir, 'photos', shard)).includes(sha),
          )
        return (await db.query(`SELECT 1 FROM photo_chunks WHERE sha256 = '${sha}'`)).length > 0
      } finally {
        await db.close()
      }
    }

    before(async () => {
      server = await startRecordServer({ database: await store.database() })
      assert.ok(server.child.pid)
      pid = server.child.pid
      const admin = new Client(server.url)
      assert.equal((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status, 200)
      clinician = await userClient(admin, 'clinician')
      // The routes' code warmed once with a small photo, so its compilation is not counted as the transfers' memory.
      const small = pngPhoto()
      assert.equal((await clinician.request('PUT', `/api/photos/${sha256Of(small)}`, small)).status, 201)
      assert.equal((await download(clinician, sha256Of(small))).status, 200)
    })
    after(async () => {
      await server?.dispose()
    })

    it(`holds under ${MAX_UPLOAD_GROWTH_MB} MB more while ${UPLOADS} devices upload 16.5 MB photos, under ${MAX_DOWNLOAD_GROWTH_MB} MB while ${DOWNLOADS} download one, and the bytes round-trip`, async () => {
      const photos = Array.from({ length: UPLOADS }, () => bigPhoto())
      const shas = photos.map(sha256Of)

      const beforeUploads = resetPeak(pid)
      const uploads = await Promise.all(
        photos.map((bytes, i) => clinician.request('PUT', `/api/photos/${shas[i]}`, bytes)),
      )
      const uploadGrowth = statusMb(pid, 'VmHWM') - beforeUploads
      const beforeDownloads = resetPeak(pid)
      const downloads = await Promise.all(
        Array.from({ length: DOWNLOADS }, () => download(clinician, shas[0] as string)),
      )
      const downloadGrowth = statusMb(pid, 'VmHWM') - beforeDownloads
      console.log(
        `# ${store.name}: peak RSS growth ${uploadGrowth.toFixed(1)} MB during ${UPLOADS} uploads (from ${beforeUploads.toFixed(1)} MB), ${downloadGrowth.toFixed(1)} MB during ${DOWNLOADS} downloads (from ${beforeDownloads.toFixed(1)} MB)`,
      )

      for (const answer of uploads) assert.equal(answer.status, 201, JSON.stringify(answer.body))
      assert.deepEqual(
        uploads.map((a) => a.body.photo.bytes),
        photos.map((p) => p.length),
      )
      for (const got of downloads) assert.deepEqual(got, { status: 200, length: String(PHOTO_BYTES), sha: shas[0] })
      // Every photo comes back as it went in.
      for (const sha of shas.slice(1)) assert.equal((await download(clinician, sha as string)).sha, sha)
      assert.ok(
        uploadGrowth < MAX_UPLOAD_GROWTH_MB,
        `uploads grew the server's memory by ${uploadGrowth.toFixed(1)} MB`,
      )
      assert.ok(
        downloadGrowth < MAX_DOWNLOAD_GROWTH_MB,
        `downloads grew the server's memory by ${downloadGrowth.toFixed(1)} MB`,
      )
      assert.equal(await leftovers(), 0)
    })

    it('keeps nothing of an upload with the wrong hash, or of one that passes the limit as it streams', async () => {
      const photo = bigPhoto()
      const named = sha256Of(bigPhoto(1000))
      const wrong = await clinician.request('PUT', `/api/photos/${named}`, photo)
      assert.equal(wrong.status, 422)
      assert.equal(wrong.body.error.type, 'photo_mismatch')
      assert.equal(wrong.body.error.ctx.actual, sha256Of(photo))
      assert.equal(await holds(named), false)
      assert.equal(await holds(sha256Of(photo)), false)
      assert.equal(await leftovers(), 0)

      const oversize = sha256Of(bigPhoto(1000))
      const refused = await putChunked(clinician, `/api/photos/${oversize}`, 41 * 1024 * 1024)
      assert.equal(refused.status, 413, refused.body)
      assert.equal(JSON.parse(refused.body).error.type, 'too_large')
      assert.equal(await holds(oversize), false)
      assert.equal(await leftovers(), 0)
      // The server goes on serving.
      assert.equal((await clinician.request('GET', '/api/patients')).status, 200)
    })
  })
}
