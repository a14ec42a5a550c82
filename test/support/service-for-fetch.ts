/**
 * The real service for the web modules' unit tests: buildApp from the main build
 * (dist/src, which reads package.json beside dist/), listening on a free port of
 * 127.0.0.1, and a fetch that resolves the app's relative URLs ("api/analyze/...")
 * against it the way the browser resolves them against the page.
 */
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { buildApp as BuildApp } from '../../src/app.js'
import { ROOT } from './paths.js'

/** The main build's app: this file is also compiled into dist/web-unit, where no service is built. */
const SERVER = pathToFileURL(join(ROOT, 'dist', 'src', 'app.js'))

export interface Service {
  readonly base: string
  close(): Promise<void>
}

export async function startService(): Promise<Service> {
  const { buildApp } = (await import(SERVER.href)) as { buildApp: typeof BuildApp }
  const app = await buildApp({ logger: false, overload: { maxQueueMs: 0 }, webRoot: false })
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  const base = `${address}/`
  const realFetch = globalThis.fetch
  globalThis.fetch = (input: string | URL | Request, init?: RequestInit) =>
    realFetch(typeof input === 'string' ? new URL(input, base) : input, init)
  return {
    base,
    async close() {
      globalThis.fetch = realFetch
      await app.close()
    },
  }
}
