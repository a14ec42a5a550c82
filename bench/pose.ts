/**
 * Benchmark of the marking app's marker suggestions (not a test): in headless Chromium
 * on this machine, against the real service serving the built app,
 *  - the app's first-load size (what the browser fetches to show the page; the pose
 *    files must not be among them) and what the first suggestion adds;
 *  - time to first suggestion: from the click on "Suggest markers" to the suggestions
 *    applied, cold (fresh browser context: nothing cached, model not loaded) and warm
 *    (the same page again, model loaded), median of ROUNDS;
 *  - accuracy: distance between each suggested marker and its reference (hand-marked on
 *    the real photos, exact on the rendered side figure), in % of body height.
 * The shipped model (full) and the lite model (served in its place for this run) are
 * measured side by side, alternating, in one run.
 *
 *     npm run build && node dist/bench/pose.js [--rounds 3]
 *
 * Writes bench/pose-results.json and prints the table for bench/README.md.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { availableParallelism, cpus } from 'node:os'
import { fileURLToPath } from 'node:url'
import { createRequire } from 'node:module'
import { gzipSync } from 'node:zlib'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { buildApp } from '../src/app.js'
import { suggestionPhotos, type SuggestionPhoto } from '../test/web/fixtures/photos.js'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const WEB_ROOT = fileURLToPath(new URL('../web/', import.meta.url))
const RESULTS = fileURLToPath(new URL('../../bench/pose-results.json', import.meta.url))
const ROUNDS = Number(process.argv[process.argv.indexOf('--rounds') + 1]) || 3
const SHIPPED_MODEL = 'pose_landmark_full.tflite'
const MODELS = ['full', 'lite'] as const
type Model = (typeof MODELS)[number]

const require = createRequire(import.meta.url)
const LITE_BYTES = readFileSync(require.resolve('@mediapipe/pose/pose_landmark_lite.tflite'))

interface Run {
  readonly ms: number
  readonly markers: Record<string, [number, number]>
  readonly status: Record<string, string>
}

/** Clicks "Suggest markers" and returns the in-page time until the run has been applied. */
const CLICK_AND_TIME = `new Promise((resolve) => {
  const button = document.querySelector('#suggest-markers')
  const before = button.dataset.completed
  const started = performance.now()
  const observer = new MutationObserver(() => {
    if (button.dataset.completed !== before && button.dataset.busy === 'false') {
      observer.disconnect()
      resolve(performance.now() - started)
    }
  })
  observer.observe(button, { attributes: true })
  button.click()
})`

async function newContext(browser: Browser, model: Model): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true })
  if (model === 'lite') {
    await context.route(`**/pose/${SHIPPED_MODEL}`, (route) => route.fulfill({ status: 200, contentType: 'application/octet-stream', body: LITE_BYTES }))
  }
  return context
}

async function openPhoto(page: Page, base: string, photo: SuggestionPhoto): Promise<void> {
  await page.goto(base)
  await page.locator(`#view-tabs button[data-view="${photo.view}"]`).click()
  if (photo.view === 'lateral') await page.locator(`#side-${photo.side}`).check()
  await page.locator('#photo-input').setInputFiles({ name: photo.name, mimeType: photo.mimeType, buffer: photo.buffer })
  await page.locator('.stage.has-photo image.photo').waitFor()
}

async function suggestOnce(page: Page, view: string): Promise<Run> {
  const ms = (await page.evaluate(CLICK_AND_TIME)) as number
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#save-session').click()])
  const file = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
    views: Record<string, { markers: Record<string, [number, number]>; marker_status?: Record<string, string> }>
  }
  const v = file.views[view]
  return { ms, markers: v?.markers ?? {}, status: v?.marker_status ?? {} }
}

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const m = Math.floor(s.length / 2)
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2
}
const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length

interface Accuracy {
  /** Per reference marker: distance in % of body height, or why it was not suggested. */
  readonly perMarker: Record<string, number | 'not suggested'>
  readonly compared: number
  readonly references: number
  readonly meanPct: number
  readonly medianPct: number
  readonly maxPct: number
}

function accuracyOf(photo: SuggestionPhoto, run: Run): Accuracy {
  const perMarker: Record<string, number | 'not suggested'> = {}
  const distances: number[] = []
  for (const [name, ref] of Object.entries(photo.markers)) {
    const p = run.markers[name]
    if (!p || run.status[name] !== 'suggested') {
      perMarker[name] = 'not suggested'
      continue
    }
    const d = (100 * Math.hypot(p[0] - ref.x, p[1] - ref.y)) / photo.bodyHeightPx
    perMarker[name] = Math.round(d * 100) / 100
    distances.push(d)
  }
  return {
    perMarker,
    compared: distances.length,
    references: Object.keys(photo.markers).length,
    meanPct: distances.length ? mean(distances) : Number.NaN,
    medianPct: distances.length ? median(distances) : Number.NaN,
    maxPct: distances.length ? Math.max(...distances) : Number.NaN,
  }
}

/** Bytes the browser fetches to show the app, and whether any pose file is among them. */
async function firstLoad(browser: Browser, base: string): Promise<{ files: Record<string, number>; bytes: number; gzipBytes: number; poseRequests: number }> {
  const context = await browser.newContext()
  const page = await context.newPage()
  const files: Record<string, number> = {}
  let gzipBytes = 0
  let poseRequests = 0
  const bodies: Promise<void>[] = []
  page.on('response', (response) => {
    const url = response.url()
    if (!url.startsWith(base)) return
    if (url.includes('/pose/')) poseRequests++
    bodies.push(
      response.body().then(
        (body) => {
          files[url.slice(base.length) || '/'] = body.length
          gzipBytes += gzipSync(body).length
        },
        () => undefined,
      ),
    )
  })
  await page.goto(base, { waitUntil: 'networkidle' })
  await Promise.all(bodies)
  await context.close()
  const bytes = Object.values(files).reduce((a, b) => a + b, 0)
  return { files, bytes, gzipBytes, poseRequests }
}

/** Bytes the first suggestion fetches (the pose code chunk and the model's files). */
async function suggestionLoad(browser: Browser, base: string, photo: SuggestionPhoto): Promise<{ files: Record<string, number>; bytes: number }> {
  const context = await browser.newContext({ acceptDownloads: true })
  const page = await context.newPage()
  await openPhoto(page, base, photo)
  const files: Record<string, number> = {}
  const bodies: Promise<void>[] = []
  page.on('response', (response) => {
    if (response.request().method() !== 'GET' || !response.url().startsWith(base)) return
    bodies.push(response.body().then((body) => void (files[response.url().slice(base.length)] = body.length), () => undefined))
  })
  await page.evaluate(CLICK_AND_TIME)
  await Promise.all(bodies)
  await context.close()
  return { files, bytes: Object.values(files).reduce((a, b) => a + b, 0) }
}

async function main(): Promise<void> {
  const app = await buildApp({ logger: false, webRoot: WEB_ROOT })
  const base = `${await app.listen({ port: 0, host: '127.0.0.1' })}/`
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
  try {
    const photos = Object.values(await suggestionPhotos(browser))
    const load = await firstLoad(browser, base)
    const suggestionBytes = await suggestionLoad(browser, base, photos[0]!)
    const timings: Record<Model, Record<string, { cold: number[]; warm: number[]; runs: Run[] }>> = { full: {}, lite: {} }
    for (let round = 0; round < ROUNDS; round++) {
      for (const photo of photos) {
        // Alternate the order of the models each round, so neither always runs first.
        for (const model of round % 2 ? [...MODELS].reverse() : MODELS) {
          const context = await newContext(browser, model)
          const page = await context.newPage()
          await openPhoto(page, base, photo)
          const cold = await suggestOnce(page, photo.view)
          const warm = await suggestOnce(page, photo.view)
          await context.close()
          const cell = (timings[model][photo.id] ??= { cold: [], warm: [], runs: [] })
          cell.cold.push(cold.ms)
          cell.warm.push(warm.ms)
          cell.runs.push(warm)
          process.stderr.write(`round ${round + 1}/${ROUNDS} ${model} ${photo.id}: cold ${cold.ms.toFixed(0)} ms, warm ${warm.ms.toFixed(0)} ms\n`)
        }
      }
    }
    const results = MODELS.map((model) => ({
      model,
      shipped: model === 'full',
      photos: photos.map((photo) => {
        const cell = timings[model][photo.id]!
        return {
          photo: photo.id,
          view: photo.view,
          real: photo.real,
          bodyHeightPx: photo.bodyHeightPx,
          coldMs: Math.round(median(cell.cold)),
          warmMs: Math.round(median(cell.warm)),
          coldRunsMs: cell.cold.map(Math.round),
          warmRunsMs: cell.warm.map(Math.round),
          suggested: Object.keys(cell.runs.at(-1)!.status).length,
          accuracy: accuracyOf(photo, cell.runs.at(-1)!),
        }
      }),
    }))
    const machine = { cpus: availableParallelism(), cpu: cpus()[0]?.model ?? 'unknown', chromium: browser.version(), node: process.version }
    const out = { date: new Date().toISOString(), rounds: ROUNDS, machine, firstLoad: load, firstSuggestionLoad: suggestionBytes, results }
    writeFileSync(RESULTS, `${JSON.stringify(out, null, 2)}\n`)
    console.log(table(out))
  } finally {
    await browser.close()
    await app.close()
  }
}

function table(out: {
  rounds: number
  firstLoad: { bytes: number; gzipBytes: number; poseRequests: number; files: Record<string, number> }
  firstSuggestionLoad: { bytes: number }
  results: { model: string; photos: { photo: string; view: string; real: boolean; coldMs: number; warmMs: number; suggested: number; accuracy: Accuracy }[] }[]
}): string {
  const kb = (b: number) => `${(b / 1024).toFixed(1)} KiB`
  const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MiB`
  const pct = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '-')
  const lines = [
    `First load of the app: ${kb(out.firstLoad.bytes)} (${kb(out.firstLoad.gzipBytes)} gzipped) in ${Object.keys(out.firstLoad.files).length} files; pose files fetched: ${out.firstLoad.poseRequests}.`,
    `First suggestion fetches: ${mb(out.firstSuggestionLoad.bytes)} (pose code and model files, once per browser cache).`,
    '',
    `| Model | Photo (view) | Cold, ms | Warm, ms | Suggested (references compared) | Mean, % H | Median, % H | Max, % H |`,
    '|---|---|---:|---:|---:|---:|---:|---:|',
  ]
  for (const r of out.results) {
    for (const p of r.photos) {
      const a = p.accuracy
      lines.push(
        `| ${r.model}${r.model === 'full' ? ' (shipped)' : ''} | ${p.photo} (${p.view}${p.real ? '' : ', drawn'}) | ${p.coldMs} | ${p.warmMs} | ${p.suggested} (${a.compared} of ${a.references}) | ${pct(a.meanPct)} | ${pct(a.medianPct)} | ${pct(a.maxPct)} |`,
      )
    }
  }
  lines.push('', `Median of ${out.rounds} rounds; % H: distance to the reference in % of body height. Per marker (shipped model):`, '')
  const shipped = out.results.find((r) => r.model === 'full')!
  for (const p of shipped.photos) {
    lines.push(`- ${p.photo}: ${Object.entries(p.accuracy.perMarker).map(([m, d]) => `${m} ${typeof d === 'number' ? d.toFixed(1) : d}`).join(', ')}`)
  }
  return lines.join('\n')
}

await main()
