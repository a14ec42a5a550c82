/**
 * Browser test harness: the real service (buildApp) on a free port serving the
 * built app, Debian's Chromium through playwright-core, the test figures as PNG
 * photos, and helpers that click image pixels on the app's photo.
 */
import { existsSync, mkdirSync } from 'node:fs'
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core'
import type { View } from '#core/markers.js'
import { type AppOptions, buildApp } from '../../src/app.js'
import { FIGURES, type FigureSpec, figureSvg, type Px } from '../web/fixtures/figure.js'
import { TEST_OUTPUT, WEB_BUILD } from './paths.js'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const OUTPUT = TEST_OUTPUT
/** Chromium's flags for tests and benches: headless as root, and no calls out of this machine. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export interface Harness {
  readonly base: string
  readonly browser: Browser
  readonly photos: Record<View, Buffer>
  close(): Promise<void>
}

/**
 * `options.app` adds to the service's options (e.g. the record servers the app may reach) and
 * `options.port` listens on a port chosen beforehand (another process must know the app's origin).
 */
export async function startHarness(options: { app?: AppOptions; port?: number } = {}): Promise<Harness> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: install it with "apt-get install -y chromium" (or set CHROMIUM_PATH).`,
    )
  }
  if (!existsSync(`${WEB_BUILD}index.html`))
    throw new Error(`The app is not built (${WEB_BUILD}index.html missing): run "npm run build".`)
  mkdirSync(OUTPUT, { recursive: true })
  const app = await buildApp({ logger: false, overload: { maxQueueMs: 0 }, webRoot: WEB_BUILD, ...options.app })
  const base = await app.listen({ port: options.port ?? 0, host: '127.0.0.1' })
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
  })
  try {
    const photos = {} as Record<View, Buffer>
    const page = await browser.newPage({ viewport: { width: 800, height: 1200 }, deviceScaleFactor: 1 })
    for (const view of Object.keys(FIGURES) as View[]) {
      await page.setContent(`<!doctype html><body style="margin:0">${figureSvg(view)}</body>`)
      photos[view] = await page.locator('svg').screenshot({ type: 'png' })
    }
    await page.close()
    return {
      base: `${base}/`,
      browser,
      photos,
      async close() {
        await browser.close()
        await app.close()
      },
    }
  } catch (error) {
    await browser.close()
    await app.close()
    throw error
  }
}

/**
 * A fresh page on the app; records every request so tests can check none leaves the
 * service. `browser` (default the harness's) and `url` (default the app) for a test
 * that needs another browser, such as one with a fake camera. The app's service worker
 * is blocked unless `serviceWorkers: 'allow'` is passed: test/web/offline.test.ts tests
 * it, and elsewhere every request reaches the network as the test sees it (page.route
 * does not see what a service worker answers) and no context precaches the app.
 */
export async function openApp(
  h: Harness,
  options: BrowserContextOptions & { browser?: Browser; url?: string } = {},
): Promise<{ page: Page; requests: string[]; errors: string[] }> {
  const { browser = h.browser, url = h.base, ...contextOptions } = options
  const context = await browser.newContext({
    viewport: { width: 1400, height: 900 },
    deviceScaleFactor: 1,
    acceptDownloads: true,
    serviceWorkers: 'block',
    ...contextOptions,
  })
  const page = await context.newPage()
  const requests: string[] = []
  const errors: string[] = []
  page.on('request', (r) => requests.push(r.url()))
  page.on('pageerror', (e) => errors.push(String(e)))
  page.on('console', (m) => {
    // The browser logs every non-2xx fetch; the 422s the tests provoke on purpose are expected.
    if (m.type() === 'error' && !m.text().includes('status of 422')) errors.push(m.text())
  })
  await page.goto(url)
  await page.locator('#view-tabs button').first().waitFor()
  return { page, requests, errors }
}

/** Opens the view's figure as the photo (or `bytes`: another PNG of that figure) through the file input. */
export async function loadPhoto(page: Page, h: Harness, view: View, bytes: Buffer = h.photos[view]): Promise<void> {
  await page.locator('#photo-input').setInputFiles({ name: `${view}-figure.png`, mimeType: 'image/png', buffer: bytes })
  await page.locator('.stage.has-photo image.photo').waitFor()
}

/** Drops the view's photo on the photo area, as a file dragged from the desktop. */
export async function dropPhoto(page: Page, h: Harness, view: View): Promise<void> {
  const b64 = h.photos[view].toString('base64')
  const transfer = await page.evaluateHandle(`(() => {
    const bin = atob('${b64}')
    const bytes = new Uint8Array(bin.length)
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i)
    const dt = new DataTransfer()
    dt.items.add(new File([bytes], '${view}-figure.png', { type: 'image/png' }))
    return dt
  })()`)
  await page.dispatchEvent('#stage', 'dragover', { dataTransfer: transfer })
  await page.dispatchEvent('#stage', 'drop', { dataTransfer: transfer })
  await page.locator('.stage.has-photo image.photo').waitFor()
}

/** Screen point of image pixel p on the stage's photo. */
export async function screenOf(page: Page, spec: FigureSpec, p: Px): Promise<Px> {
  // Two animation frames: any resize of the photo area has been laid out and refitted.
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))')
  const box = await page.locator('.stage image.photo').boundingBox()
  if (!box) throw new Error('photo not shown')
  return [box.x + (p[0] * box.width) / spec.width, box.y + (p[1] * box.height) / spec.height]
}

export async function clickPixel(page: Page, spec: FigureSpec, p: Px): Promise<void> {
  const [x, y] = await screenOf(page, spec, p)
  await page.mouse.click(x, y)
}

/** The id of the target the prompt asks for ('' when none). */
export async function activeTarget(page: Page): Promise<string> {
  return (await page.locator('#prompt').getAttribute('data-target')) ?? ''
}

/** The known pixel of a target id of the figure. */
export function pixelOf(spec: FigureSpec, id: string): Px {
  if (id === 'scale-a') return spec.scale[0]
  if (id === 'scale-b') return spec.scale[1]
  if (id === 'lrv') return [spec.lrvX, spec.height * 0.3]
  const p = spec.markers[id]
  if (!p) throw new Error(`figure ${spec.view} has no marker ${id}`)
  return p
}

/** Places the target the prompt asks for at its known pixel and waits until the prompt moves on; returns its id ('' when none is asked for). */
async function placeAsked(page: Page, spec: FigureSpec): Promise<string> {
  const id = await activeTarget(page)
  if (id === '') return id
  await clickPixel(page, spec, pixelOf(spec, id))
  await page.locator(`#prompt:not([data-target="${id}"])`).waitFor()
  return id
}

/**
 * Places every target the app asks for, by clicking its known pixel, until the
 * prompt asks for nothing more. Returns the order in which the app asked.
 */
export async function placeGuided(
  page: Page,
  spec: FigureSpec,
  photoBoxes: string[] = [],
  limit = 40,
): Promise<string[]> {
  const asked: string[] = []
  for (let i = 0; i < limit; i++) {
    const id = await placeAsked(page, spec)
    if (id === '') return asked
    asked.push(id)
    photoBoxes.push(JSON.stringify(await page.locator('.stage image.photo').boundingBox()))
  }
  throw new Error(`still asking after ${limit} clicks: ${asked.join(', ')}`)
}

/** Places the next `count` targets the app asks for (calibration first, then markers); returns their ids. */
export async function placeNext(page: Page, spec: FigureSpec, count: number): Promise<string[]> {
  const placed: string[] = []
  while (placed.length < count) {
    const id = await placeAsked(page, spec)
    if (id === '') throw new Error(`only ${placed.length} of ${count} targets asked for: ${placed.join(', ')}`)
    placed.push(id)
  }
  return placed
}

/** Waits for the results table to show the service's answer and returns metric -> value. */
export async function shownResults(page: Page): Promise<Record<string, number>> {
  await page.locator('#results[data-state="ready"]').waitFor()
  const rows = page.locator('#metrics-table tbody tr')
  const out: Record<string, number> = {}
  for (let i = 0; i < (await rows.count()); i++) {
    const row = rows.nth(i)
    const name = await row.getAttribute('data-metric')
    const value = await row.getAttribute('data-value')
    if (name && value !== null) out[name] = Number(value)
  }
  return out
}

// biome-ignore lint/suspicious/noExplicitAny: any JSON answer, good or bad; the tests' assertions check its shape
export async function postJson(base: string, path: string, body: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(new URL(path, base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: response.status, json: await response.json() }
}
