/**
 * The marking app: the built files of web/ served at `/`, each at its path below the
 * folder, and index.html at `/` too. Without a build (or with webRoot false) nothing
 * is served there, and a warning says how to build it.
 *
 * The files are listed once, at start, as routes of their own (a new build comes with
 * a restart), so a path that is not one of them is never looked up on disk: it is 404
 * like any unknown path, and another method is 405. Each answer carries its type and
 * length, a weak ETag and Last-Modified, and `Cache-Control: public, max-age=0`: the
 * browser asks again each time and gets 304 while the file is unchanged. A Range
 * header is answered with the whole file (HTTP lets a server ignore it).
 *
 * Our own code rather than @fastify/static, which served the same files with the same
 * headers: that plugin loads glob (to list the files) and send (with its MIME database)
 * into every worker, more memory than the whole service's request path holds
 * (bench/README.md, "Memory"). @fastify/static still serves Swagger UI's files at
 * /docs, where it is loaded on the first request.
 */

import { once } from 'node:events'
import { createReadStream, existsSync, type ReadStream, readdirSync, type Stats, statSync } from 'node:fs'
import { extname, join, sep } from 'node:path'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'

export interface StaticOptions {
  /** Folder of the built marking app; false to serve none. */
  readonly webRoot: string | false
}

/** Content-Type by file extension (what a browser needs to run or show it); any other is application/octet-stream. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/vnd.microsoft.icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
}

const INDEX_FILE = 'index.html'
const CACHE_CONTROL = 'public, max-age=0'

/** One file of the build, as listed at start. */
interface StaticFile {
  readonly path: string
  readonly type: string
  readonly size: number
  /** Weak: the size and modification time, as @fastify/send made it. */
  readonly etag: string
  readonly lastModified: string
  /** Modification time in whole seconds, the precision of Last-Modified. */
  readonly modifiedSeconds: number
}

function staticFile(path: string, stat: Stats): StaticFile {
  const modified = stat.mtime.getTime()
  return {
    path,
    type: CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
    size: stat.size,
    etag: `W/"${stat.size.toString(16)}-${modified.toString(16)}"`,
    lastModified: stat.mtime.toUTCString(),
    modifiedSeconds: Math.floor(modified / 1000),
  }
}

/**
 * The URL path of each file below `root` ('assets/app.js' -> '/assets/app.js'), index.html
 * also at '/'. Hidden files (a name starting with '.') are left out, and so are names
 * the router would read as a pattern (':' or '*').
 */
function listStaticFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>()
  const names = readdirSync(root, { recursive: true, encoding: 'utf8' }).sort()
  for (const name of names) {
    const segments = name.split(sep)
    if (segments.some((segment) => segment.startsWith('.') || /[:*]/.test(segment))) continue
    const path = join(root, name)
    const stat = statSync(path)
    if (!stat.isFile()) continue
    const file = staticFile(path, stat)
    files.set(`/${segments.join('/')}`, file)
    if (name === INDEX_FILE) files.set('/', file)
  }
  return files
}

/**
 * Whether the browser's copy is current (RFC 9110 13.1.2 and 13.2.2: If-None-Match first,
 * else If-Modified-Since). A request's `Cache-Control: no-cache` speaks to caches on the
 * way, not to the origin server: fetch() adds it to every conditional request.
 */
function notModified(headers: FastifyRequest['headers'], file: StaticFile): boolean {
  const noneMatch = headers['if-none-match']
  if (noneMatch !== undefined) {
    const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
    return noneMatch.trim() === '*' || noneMatch.split(',').some((tag) => opaque(tag) === opaque(file.etag))
  }
  const since = Date.parse(headers['if-modified-since'] ?? '')
  return Number.isFinite(since) && file.modifiedSeconds * 1000 <= since
}

async function answer(file: StaticFile, request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', CACHE_CONTROL).header('last-modified', file.lastModified).header('etag', file.etag)
  if (notModified(request.headers, file)) return reply.code(304).send()
  let body: ReadStream | undefined
  if (request.method !== 'HEAD') {
    body = createReadStream(file.path)
    // A file gone since start fails here, before the headers say what follows: the
    // error handler's 500 then goes out as JSON.
    await once(body, 'open')
  }
  return reply.header('content-type', file.type).header('content-length', file.size).send(body)
}

export const staticFiles = fp<StaticOptions>(
  async (app, options) => {
    const { webRoot } = options
    if (webRoot === false) return
    if (!existsSync(webRoot)) {
      app.log.warn({ webRoot }, 'marking app not built: / is not served (run npm run build)')
      return
    }
    for (const [url, file] of listStaticFiles(webRoot)) {
      app.route({
        method: ['GET', 'HEAD'],
        url,
        schema: { hide: true },
        handler: (request, reply) => answer(file, request, reply),
      })
    }
  },
  { name: 'static' },
)
