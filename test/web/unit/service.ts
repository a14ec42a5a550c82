/**
 * The real service for the web modules' unit tests: buildApp from the main build
 * (dist/src, which reads package.json beside dist/), listening on a free port of
 * 127.0.0.1, and a fetch that resolves the app's relative URLs ("api/analyze/...")
 * against it the way the browser resolves them against the page.
 */
import type { buildApp as BuildApp } from '../../../src/app.js'

/** From dist/web-unit/test/web/unit/ to the main build's dist/src/app.js. */
const SERVER = new URL('../../../../src/app.js', import.meta.url)

export interface Service {
  readonly base: string
  close(): Promise<void>
}

export async function startService(): Promise<Service> {
  const { buildApp } = (await import(SERVER.href)) as { buildApp: typeof BuildApp }
  const app = await buildApp({ logger: false, overload: { maxEventLoopDelayMs: 0 }, webRoot: false })
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
