/**
 * Benchmark of the marking app's marker suggestions (not a test): in headless Chromium
 * on this machine, against the real service serving the built app,
 *  - the app's first-load size (what the browser fetches to show the page; the pose
 *    files must not be among them) and what the first suggestion adds;
 *  - time to first suggestion: from the click on "Suggest markers" to the suggestions
 *    applied, cold (fresh browser context: nothing cached, model not loaded) and warm
 *    (the same page again, model loaded), median of ROUNDS;
 *  - accuracy: distance between each suggested marker and its reference (hand-marked on
 *    the real photos, exact on the drawn figures), in % of body height; and, over every
 *    labelled case of the shipped model (the photos, the derived ones, the app's own test
 *    figures), per marker: how many cases, the median and the 90th percentile.
 * The shipped model (full) and the lite model (served in its place for this run) are
 * measured side by side, alternating, in one run.
 * Then, shipped model only, the photos derived from the shipped ones (cut at the knees,
 * dark, far: test/web/fixtures/photos.ts): per case the markers suggested and declined
 * (with the reason the prompt gives) and the distance to the references inside the photo;
 * and, for every case where the photo as it is gave no person, each retry alone
 * (`?pose-retries=<one>`): whether it finds the person and what its run costs.
 *
 *     npm run build && node dist/bench/pose.js [--rounds 3]
 *
 * Writes bench/pose-results.json and prints the table for bench/README.md.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { availableParallelism, cpus } from 'node:os'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { buildApp } from '../src/app.js'
import { CHROMIUM_ARGS } from '../test/support/browser.js'
import {
  DERIVATIONS,
  derivedPhoto,
  figurePhoto,
  type SuggestionPhoto,
  suggestionPhotos,
} from '../test/web/fixtures/photos.js'
import { measuredCommit } from './commit.js'
import { CLICK_AND_TIME } from './page-scripts.js'
import { median, quantile } from './stats.js'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const WEB_ROOT = fileURLToPath(new URL('../web/', import.meta.url))
const RESULTS = fileURLToPath(new URL('../../bench/pose-results.json', import.meta.url))
const ROUNDS = Number(process.argv[process.argv.indexOf('--rounds') + 1]) || 3
const SHIPPED_MODEL = 'pose_landmark_full.tflite'
const MODELS = ['full', 'lite'] as const
type Model = (typeof MODELS)[number]

/**
 * The app's pure modules as the build compiles them for Node (web/tsconfig.node.json):
 * importing web/src from here would compile them into dist/web, which the app's build empties.
 */
const WEB_UNIT = new URL('../web-unit/web/src/', import.meta.url)
const { en } = (await import(new URL('i18n/en.js', WEB_UNIT).href)) as { en: Record<string, unknown> }
const { RETRIES } = (await import(new URL('pose/detection.js', WEB_UNIT).href)) as { RETRIES: readonly string[] }

const require = createRequire(import.meta.url)
const LITE_BYTES = readFileSync(require.resolve('@mediapipe/pose/pose_landmark_lite.tflite'))

interface Run {
  readonly ms: number
  readonly markers: Record<string, [number, number]>
  readonly status: Record<string, string>
}

async function newContext(browser: Browser, model: Model): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true })
  if (model === 'lite') {
    await context.route(`**/pose/${SHIPPED_MODEL}`, (route) =>
      route.fulfill({ status: 200, contentType: 'application/octet-stream', body: LITE_BYTES }),
    )
  }
  return context
}

async function openPhoto(page: Page, base: string, photo: SuggestionPhoto, query = ''): Promise<void> {
  await page.goto(`${base}${query}`)
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

/** The model's runs of the last suggestion, from the toolbar's `retry:found:ms` words. */
async function attemptsOf(page: Page): Promise<{ retry: string; found: boolean; ms: number }[]> {
  const words = ((await page.locator('#suggest-markers').getAttribute('data-attempts')) ?? '')
    .split(' ')
    .filter(Boolean)
  return words.map((w) => {
    const [retry, found, ms] = w.split(':')
    return { retry: retry!, found: found === 'true', ms: Number(ms) }
  })
}

/** The reason of a prompt note (English), as the end of its catalogue key: 'atEdge', 'check.thighLength', ... */
function reasonOf(note: string): string {
  for (const [key, message] of Object.entries(en)) {
    if (key.startsWith('suggest.reason.') && typeof message === 'string' && note.startsWith(message.split('{')[0]!))
      return key.slice('suggest.reason.'.length)
  }
  return `unknown: ${note}`
}

/** Every marker the prompt shows a note for (the model declined it), with the note's reason: walks the prompt. */
async function declinedReasons(page: Page): Promise<Record<string, string>> {
  const reasons: Record<string, string> = {}
  const visited = new Set<string>()
  for (let i = 0; i < 60; i++) {
    const id = await page.locator('#prompt').getAttribute('data-target')
    if (!id || visited.has(id)) break
    visited.add(id)
    const note = page.locator('#prompt .prompt-note')
    if ((await note.count()) > 0) reasons[id] = reasonOf(await note.innerText())
    const next = page.locator('#prompt button[data-act="next"]')
    if ((await next.count()) === 0) break
    await next.click()
  }
  return reasons
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
async function firstLoad(
  browser: Browser,
  base: string,
): Promise<{ files: Record<string, number>; bytes: number; gzipBytes: number; poseRequests: number }> {
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
async function suggestionLoad(
  browser: Browser,
  base: string,
  photo: SuggestionPhoto,
): Promise<{ files: Record<string, number>; bytes: number }> {
  const context = await browser.newContext({ acceptDownloads: true })
  const page = await context.newPage()
  await openPhoto(page, base, photo)
  const files: Record<string, number> = {}
  const bodies: Promise<void>[] = []
  page.on('response', (response) => {
    if (response.request().method() !== 'GET' || !response.url().startsWith(base)) return
    bodies.push(
      response.body().then(
        (body) => {
          files[response.url().slice(base.length)] = body.length
        },
        () => undefined,
      ),
    )
  })
  await page.evaluate(CLICK_AND_TIME)
  await Promise.all(bodies)
  await context.close()
  return { files, bytes: Object.values(files).reduce((a, b) => a + b, 0) }
}

async function main(): Promise<void> {
  // Before the run: edits made while it runs are not what it measured.
  const commit = measuredCommit()
  const app = await buildApp({ logger: false, webRoot: WEB_ROOT })
  const base = `${await app.listen({ port: 0, host: '127.0.0.1' })}/`
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
  })
  try {
    const photos = Object.values(await suggestionPhotos(browser))
    const load = await firstLoad(browser, base)
    const suggestionBytes = await suggestionLoad(browser, base, photos[0]!)
    const timings: Record<Model, Record<string, { cold: number[]; warm: number[]; runs: Run[] }>> = {
      full: {},
      lite: {},
    }
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
          timings[model][photo.id] ??= { cold: [], warm: [], runs: [] }
          const cell = timings[model][photo.id]!
          cell.cold.push(cold.ms)
          cell.warm.push(warm.ms)
          cell.runs.push(warm)
          process.stderr.write(
            `round ${round + 1}/${ROUNDS} ${model} ${photo.id}: cold ${cold.ms.toFixed(0)} ms, warm ${warm.ms.toFixed(0)} ms\n`,
          )
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
    const derived = await derivedCases(browser, base, photos)
    const machine = {
      cpus: availableParallelism(),
      cpu: cpus()[0]?.model ?? 'unknown',
      chromium: browser.version(),
      node: process.version,
    }
    const perMarker = perMarkerError(derived.cases)
    const out = {
      date: new Date().toISOString(),
      commit,
      rounds: ROUNDS,
      machine,
      firstLoad: load,
      firstSuggestionLoad: suggestionBytes,
      results,
      ...derived,
      perMarker,
    }
    writeFileSync(RESULTS, `${JSON.stringify(out, null, 2)}\n`)
    console.log(table(out))
  } finally {
    await browser.close()
    await app.close()
  }
}

/** Suggestion error of one marker over the labelled cases: % of body height. */
interface MarkerError {
  readonly marker: string
  readonly view: string
  /** Cases with a reference for it, and of those where it was suggested (and so compared). */
  readonly references: number
  readonly compared: number
  readonly medianPct: number
  readonly p90Pct: number
  readonly cases: Record<string, number | 'not suggested'>
}

/** Per marker, over every case of the shipped model: the distance to the reference, median and 90th percentile. */
function perMarkerError(cases: readonly CaseResult[]): MarkerError[] {
  const byMarker = new Map<string, { view: string; cases: Record<string, number | 'not suggested'> }>()
  for (const c of cases) {
    for (const [marker, d] of Object.entries(c.accuracy.perMarker)) {
      const key = `${c.view}:${marker}`
      const entry = byMarker.get(key) ?? { view: c.view, cases: {} }
      entry.cases[c.photo] = d
      byMarker.set(key, entry)
    }
  }
  return [...byMarker].map(([key, { view, cases: perCase }]) => {
    const distances = Object.values(perCase).filter((d): d is number => typeof d === 'number')
    return {
      marker: key.slice(view.length + 1),
      view,
      references: Object.keys(perCase).length,
      compared: distances.length,
      medianPct: quantile(distances, 0.5),
      p90Pct: quantile(distances, 0.9),
      cases: perCase,
    }
  })
}

interface CaseResult {
  readonly photo: string
  readonly view: string
  readonly derivation: string
  readonly bodyHeightPx: number
  /** The warm run: the model's runs (as it is, then the retries tried) and the total. */
  readonly warmMs: number
  readonly attempts: { retry: string; found: boolean; ms: number }[]
  readonly suggested: number
  /** The markers the prompt has a note for, with its reason: declined, or `unsure` (suggested, to be checked one by one). */
  readonly declined: Record<string, string>
  readonly accuracy: Accuracy
}

interface RetryResult {
  readonly photo: string
  /** The photo as it is: its run, without a person found. */
  readonly plainMs: number
  readonly byRetry: Record<string, { found: boolean; ms: number }>
}

/** The derived photos with the shipped model, and each retry alone where the photo as it is gave no person. */
async function derivedCases(
  browser: Browser,
  base: string,
  photos: readonly SuggestionPhoto[],
): Promise<{ cases: CaseResult[]; retries: RetryResult[] }> {
  const real = await Promise.all(Object.values(DERIVATIONS).map((d) => derivedPhoto(browser, d)))
  // The app's own test figures (drawn, markers exact): the photos the browser tests suggest on.
  real.push(await figurePhoto(browser, 'anterior'), await figurePhoto(browser, 'posterior'))
  const cases: CaseResult[] = []
  const retries: RetryResult[] = []
  for (const photo of [...photos, ...real]) {
    const context = await newContext(browser, 'full')
    const page = await context.newPage()
    await openPhoto(page, base, photo)
    await suggestOnce(page, photo.view)
    const warm = await suggestOnce(page, photo.view)
    const attempts = await attemptsOf(page)
    const declined = await declinedReasons(page)
    await context.close()
    const derivation = Object.values(DERIVATIONS).find((d) => d.id === photo.id)
    cases.push({
      photo: photo.id,
      view: photo.view,
      derivation: derivation ? JSON.stringify({ ...derivation, id: undefined }) : 'as shipped',
      bodyHeightPx: photo.bodyHeightPx,
      warmMs: Math.round(warm.ms),
      attempts,
      suggested: Object.keys(warm.status).length,
      declined,
      accuracy: accuracyOf(photo, warm),
    })
    process.stderr.write(`case ${photo.id}: ${attempts.map((a) => `${a.retry}:${a.found}:${a.ms}`).join(' ')}\n`)
    if (attempts[0]?.found !== false) continue
    const byRetry: Record<string, { found: boolean; ms: number }> = {}
    for (const retry of RETRIES) {
      const alone = await newContext(browser, 'full')
      const p = await alone.newPage()
      await openPhoto(p, base, photo, `?pose-retries=${retry}`)
      await suggestOnce(p, photo.view)
      await suggestOnce(p, photo.view)
      const runs = await attemptsOf(p)
      await alone.close()
      const run = runs.find((r) => r.retry === retry)
      if (run) byRetry[retry] = { found: run.found, ms: run.ms }
    }
    retries.push({ photo: photo.id, plainMs: attempts[0].ms, byRetry })
  }
  return { cases, retries }
}

function table(out: {
  rounds: number
  firstLoad: { bytes: number; gzipBytes: number; poseRequests: number; files: Record<string, number> }
  firstSuggestionLoad: { bytes: number }
  results: {
    model: string
    photos: {
      photo: string
      view: string
      real: boolean
      coldMs: number
      warmMs: number
      suggested: number
      accuracy: Accuracy
    }[]
  }[]
  cases: CaseResult[]
  retries: RetryResult[]
  perMarker: MarkerError[]
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
  lines.push(
    '',
    `Median of ${out.rounds} rounds; % H: distance to the reference in % of body height. Per marker (shipped model):`,
    '',
  )
  const shipped = out.results.find((r) => r.model === 'full')!
  for (const p of shipped.photos) {
    lines.push(
      `- ${p.photo}: ${Object.entries(p.accuracy.perMarker)
        .map(([m, d]) => `${m} ${typeof d === 'number' ? d.toFixed(1) : d}`)
        .join(', ')}`,
    )
  }
  lines.push(
    '',
    'Cases, shipped model, warm run:',
    '',
    '| Case (view) | Runs: retry, found, ms | Suggested | Of them to check one by one (model unsure) | Declined (reason) | Mean, % H (references compared) |',
    '|---|---|---:|---|---|---:|',
  )
  for (const c of out.cases) {
    const runs = c.attempts.map((a) => `${a.retry} ${a.found ? 'yes' : 'no'} ${Math.round(a.ms)}`).join('; ')
    // A note 'unsure' is a suggestion made but left to be checked one by one ("Confirm all" leaves it), not a declined one.
    const notes = Object.entries(c.declined)
    const declinedOnly = notes.filter(([, r]) => r !== 'unsure')
    const toCheck = notes.filter(([, r]) => r === 'unsure').map(([m]) => m)
    const declined = declinedOnly.map(([m, r]) => `${m} (${r})`).join(', ') || '-'
    lines.push(
      `| ${c.photo} (${c.view}) | ${runs} | ${c.suggested} | ${toCheck.length ? `${toCheck.length}: ${toCheck.join(', ')}` : '-'} | ${declinedOnly.length}: ${declined} | ${pct(c.accuracy.meanPct)} (${c.accuracy.compared} of ${c.accuracy.references}) |`,
    )
  }
  const labelled = out.cases.map((c) => c.photo)
  lines.push(
    '',
    `Suggestion error per marker, shipped model, warm run, over the ${labelled.length} labelled cases (${labelled.join(', ')}): distance to the reference in % of body height; n = cases where it was suggested (of those with a reference). With n this small, the 90th percentile is near the largest value.`,
    '',
    '| View | Marker | n | Median, % H | 90th percentile, % H |',
    '|---|---|---:|---:|---:|',
  )
  for (const m of out.perMarker)
    lines.push(
      `| ${m.view} | ${m.marker} | ${m.compared} of ${m.references} | ${pct(m.medianPct)} | ${pct(m.p90Pct)} |`,
    )
  lines.push(
    '',
    'Each retry alone, where the photo as it is gave no person (warm):',
    '',
    `| Case | As it is, ms | ${RETRIES.join(' | ')} |`,
    `|---|---:|${RETRIES.map(() => '---|').join('')}`,
  )
  for (const r of out.retries) {
    lines.push(
      `| ${r.photo} | ${Math.round(r.plainMs)} | ${RETRIES.map((k) => (r.byRetry[k] ? `${r.byRetry[k]!.found ? 'found' : 'none'}, ${Math.round(r.byRetry[k]!.ms)} ms` : '-')).join(' | ')} |`,
    )
  }
  return lines.join('\n')
}

await main()
