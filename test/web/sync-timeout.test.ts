/**
 * A record server that takes the request and never answers (docs/record.md, "Sync with the
 * clinic's record server"): the app's request is aborted after its timeout and the status goes
 * from "Sincronizando…" to "No se puede contactar con el servidor" (data-phase "unreachable"),
 * and syncs again once the server answers. In front of a real record-server process
 * a tiny node:http proxy forwards every request, or while `hold` is set takes it and never
 * answers. The page asks for a short timeout in its address (`?sync-timeout-ms=`), so the test
 * waits for the status, never for the 30 s of the default.
 */
import assert from 'node:assert/strict'
import { EventEmitter, once } from 'node:events'
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, test } from 'node:test'
import { openApp } from '../support/browser.js'
import { testStores } from '../support/postgres.js'
import { lastSync, openSync, type SyncSetup, signIn, startSyncSetup, syncedSince } from '../support/sync-app.js'

// The store changes nothing of what a hung server does to the app: the embedded one only.
const [store] = testStores()

/** The timeout the page asks for: short, since nothing answers a held request however long it waits. */
const TIMEOUT_MS = 1500

/** A proxy to `target` that, while `hold` is set, takes each request and never answers it. */
async function holdingProxy() {
  const held: ServerResponse[] = []
  const heldEvents = new EventEmitter()
  const proxy = {
    target: '',
    hold: false,
    url: '',
    held,
    /** Resolves at the next request held. */
    nextHeld: () => once(heldEvents, 'held'),
    async close() {
      for (const res of held) res.destroy()
      server.closeAllConnections()
      server.close()
      await once(server, 'close')
    },
  }
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (proxy.hold) {
      held.push(res)
      heldEvents.emit('held')
      return
    }
    const to = new URL(req.url ?? '/', proxy.target)
    const upstream = request(to, { method: req.method, headers: { ...req.headers, host: to.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
    upstream.on('error', () => res.destroy())
    req.pipe(upstream)
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return proxy
}

describe('a record server that never answers (sqlite)', () => {
  let setup: SyncSetup
  let proxy: Awaited<ReturnType<typeof holdingProxy>>
  before(async () => {
    proxy = await holdingProxy()
    setup = await startSyncSetup(store!, {}, [proxy.url])
    proxy.target = setup.server.url
  })
  after(async () => {
    await proxy?.close()
    await setup?.close()
  })

  test('the sync leaves "Sincronizando…" for "No se puede contactar con el servidor", and syncs once it answers', async () => {
    // Signed in at the default timeout (a slow answer on a loaded machine is no hung server).
    const { page } = await openApp(setup.h, { locale: 'es-ES' })
    await signIn(page, proxy.url)
    await syncedSince(page)
    const synced = (await lastSync(page)) ?? ''

    // The server takes every request now and never answers; the page, opened again with a short
    // timeout, syncs at load.
    proxy.hold = true
    const held = proxy.nextHeld()
    await page.goto(`${setup.h.base}?sync-timeout-ms=${TIMEOUT_MS}`)
    await held
    await openSync(page)
    const status = page.locator('#sync-status')
    await page
      .locator('#sync-status[data-phase="unreachable"]', { hasText: /^No se puede contactar con el servidor/ })
      .waitFor()
    assert.doesNotMatch(await status.innerText(), /Sincronizando/)
    assert.ok(proxy.held.length >= 1, 'the request was taken and held, never answered')

    // Answering again: the page opened at the default timeout syncs at load.
    proxy.hold = false
    await page.goto(setup.h.base)
    await openSync(page)
    await syncedSince(page, synced)
    await page.context().close()
  })
})
