/**
 * node:http's values for the service's ES modules, taken with require.
 *
 * An ES module import of a built-in module reads every one of its exports. On Node 22
 * and later node:http exports WebSocket, CloseEvent and MessageEvent as getters that
 * load Node's bundled fetch and WebSocket client (undici) on first read, so an
 * `import { createServer } from 'node:http'` loads that client into every process,
 * where it stays: the service uses neither fetch nor WebSocket (bench/README.md,
 * "Memory", has what it cost). require reads only what it is asked for; Fastify takes
 * node:http that way too. Types still come from 'node:http' with `import type`, which
 * compiles to nothing; test/config/node-http.test.ts holds the service to both.
 */
import { createRequire } from 'node:module'

const nodeHttp = createRequire(import.meta.url)('node:http') as typeof import('node:http')

export const { createServer, STATUS_CODES } = nodeHttp
