/**
 * Measurement of the app's view check (web/src/pose/facing.ts: does the photo look like the
 * chosen view?), not a test: in headless Chromium, the shipped pose model (full, CPU, as the
 * app's detector runs it) on every photo the repository has, each in its true view, rotated
 * by -5, -2, 0, +2 and +5 degrees, and mirrored (a mirrored front or back view is still one;
 * a mirrored left side view is a right side view). For each case the check's verdict is
 * compared with the truth: a warning on a photo of the right view is a false warning, no
 * verdict is a silence. The photos: the two real ones (test/web/fixtures/photos), the drawn
 * side figure, the app's own test figures of the front and back, and the derived photos (cut
 * at the knees, dark, far; test/web/fixtures/photos.ts), and the view check's hard case: the
 * front photo narrowed to 64 % of its width (a subject turned further), also rotated 1.7 degrees.
 *
 *     npm run bench:view-check            (builds first; or node dist/bench/view-check.js)
 *     node dist/bench/view-check.js --facing /path/to/facing.ts
 *
 * `--facing` judges with another version of web/src/pose/facing.ts (a .ts file Node runs by
 * stripping its types, with its landmarks.js import pointed at a landmarks.ts beside it):
 * how the "before" figures of bench/README.md were made, from the decision as it was.
 *
 * Writes bench/view-check-results.json (the verdicts and, per case, the model's landmarks
 * with x, y and z in photo pixels (z: the model's depth, scaled as x; smaller is nearer the camera) and visibility, from which the unit tests' cases were taken)
 * and prints the confusion table for bench/README.md.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { availableParallelism, cpus } from 'node:os'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { chromium, type Page } from 'playwright-core'
import { buildApp } from '../src/app.js'
import { CHROMIUM_ARGS } from '../test/support/browser.js'
import {
  DERIVATIONS,
  derivedPhoto,
  figurePhoto,
  type SuggestionPhoto,
  suggestionPhotos,
  VIEW_CHECK_DERIVATIONS,
} from '../test/web/fixtures/photos.js'
import { measuredCommit } from './commit.js'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const WEB_ROOT = fileURLToPath(new URL('../web/', import.meta.url))
const RESULTS = fileURLToPath(new URL('../../bench/view-check-results.json', import.meta.url))
const ANGLES = [-5, -2, 0, 2, 5] as const

type Facing = 'front' | 'back' | 'left' | 'right'
interface Point {
  x: number
  y: number
  z: number
  visibility: number
}

/** The app's pure modules as the build compiles them for Node (see bench/pose.ts). */
const WEB_UNIT = new URL('../web-unit/web/src/', import.meta.url)
const FACING_ARG = process.argv.indexOf('--facing')
const FACING_FILE =
  FACING_ARG > 0 ? pathToFileURL(process.argv[FACING_ARG + 1] ?? '').href : new URL('pose/facing.js', WEB_UNIT).href
const facingModule = (await import(FACING_FILE)) as {
  estimateFacing: (landmarks: readonly Point[]) => {
    facing: Facing | null
    widthRatio: number
    yawDeg?: number | null
  }
}
const { POSE_MODEL } = (await import(new URL('pose/model-files.js', WEB_UNIT).href)) as {
  POSE_MODEL: { complexity: number }
}

const require = createRequire(import.meta.url)
/** pose.js, served from the app's origin for this page (the app bundles it; its CSP allows only 'self'). */
export const POSE_JS = readFileSync(require.resolve('@mediapipe/pose/pose.js'))

/** In the page: loads the model as the app's detector does (detector.ts loadPose). */
export const LOAD_MODEL = (base: string, complexity: number) => `(async () => {
  await new Promise((resolve, reject) => {
    const s = document.createElement('script')
    s.src = ${JSON.stringify(`${base}bench-view-check/pose.js`)}
    s.onload = resolve
    s.onerror = reject
    document.head.append(s)
  })
  const pose = new window.Pose({ locateFile: (f) => ${JSON.stringify(`${base}pose/`)} + f })
  pose.setOptions({ modelComplexity: ${complexity}, smoothLandmarks: false, enableSegmentation: false, useCpuInference: true })
  await pose.initialize()
  window.benchPose = pose
})()`

/**
 * In the page: the photo rotated by `angle` degrees about its centre (same size, the corners
 * filled with the photo's top-left pixel's colour) and mirrored when asked, run through the
 * model after a reset (as the detector does for each photo); landmarks in pixels, or null.
 */
export const RUN_CASE = (recipe: {
  b64: string
  mimeType: string
  angle: number
  mirror: boolean
  scaleX?: number
}) => `(async (r) => {
  const image = new Image()
  image.src = 'data:' + r.mimeType + ';base64,' + r.b64
  await image.decode()
  const sx = r.scaleX || 1
  const w = Math.round(image.naturalWidth * sx)
  const h = image.naturalHeight
  const canvas = document.createElement('canvas')
  canvas.width = w
  canvas.height = h
  const c = canvas.getContext('2d')
  c.drawImage(image, 0, 0, w, h)
  const [red, green, blue] = c.getImageData(0, 0, 1, 1).data
  c.fillStyle = 'rgb(' + red + ',' + green + ',' + blue + ')'
  c.fillRect(0, 0, w, h)
  c.save()
  c.translate(w / 2, h / 2)
  c.rotate((r.angle * Math.PI) / 180)
  if (r.mirror) c.scale(-1, 1)
  c.drawImage(image, -w / 2, -h / 2, w, h)
  c.restore()
  const pose = window.benchPose
  await pose.reset()
  let results
  pose.onResults((x) => { results = x })
  await pose.send({ image: canvas })
  const lm = results && results.poseLandmarks
  if (!lm || lm.length < 33) return null
  const round = (v, k) => Math.round(v * k) / k
  return lm.map((l) => ({ x: round(l.x * w, 10), y: round(l.y * h, 10), z: round(l.z * w, 10), visibility: round(l.visibility ?? 0, 100) }))
})(${JSON.stringify(recipe)})`

interface Case {
  readonly photo: string
  readonly real: boolean
  readonly angle: number
  readonly mirror: boolean
  readonly truth: Facing
  /** Whether the model found a person on the photo as it is (the app's detector then tries its retries). */
  readonly person: boolean
  readonly verdict: Facing | null
  /** The check's measures: width across the image over trunk length, and the body's turn (null: not measured). */
  readonly widthRatio: number | null
  readonly yawDeg: number | null
  readonly landmarks: Point[] | null
}

function truthOf(photo: SuggestionPhoto, mirror: boolean): Facing {
  if (photo.view === 'anterior') return 'front'
  if (photo.view === 'posterior') return 'back'
  if (!mirror) return photo.side
  return photo.side === 'left' ? 'right' : 'left'
}

async function runCases(page: Page, photos: readonly SuggestionPhoto[]): Promise<Case[]> {
  const cases: Case[] = []
  for (const photo of photos) {
    for (const mirror of [false, true]) {
      for (const angle of ANGLES) {
        const recipe = { b64: photo.buffer.toString('base64'), mimeType: photo.mimeType, angle, mirror }
        const landmarks = (await page.evaluate(RUN_CASE(recipe))) as Point[] | null
        const estimate = landmarks ? facingModule.estimateFacing(landmarks) : null
        const verdict = estimate?.facing ?? null
        const truth = truthOf(photo, mirror)
        const round = (v: number | null | undefined) => (typeof v === 'number' ? Math.round(v * 100) / 100 : null)
        cases.push({
          photo: photo.id,
          real: photo.real,
          angle,
          mirror,
          truth,
          person: landmarks !== null,
          verdict,
          widthRatio: round(estimate?.widthRatio),
          yawDeg: round(estimate?.yawDeg),
          landmarks,
        })
        process.stderr.write(
          `${photo.id} ${mirror ? 'mirrored ' : ''}${angle} deg: ${landmarks ? (verdict ?? 'no verdict') : 'no person'} (truth ${truth})\n`,
        )
      }
    }
  }
  return cases
}

const FACINGS: readonly Facing[] = ['front', 'back', 'left', 'right']

function confusionTable(cases: readonly Case[]): string {
  const rows = FACINGS.map((truth) => {
    const of = cases.filter((c) => c.truth === truth)
    const cells = [...FACINGS, null].map((v) => of.filter((c) => c.person && c.verdict === v).length)
    return `| ${truth} | ${cells.join(' | ')} | ${of.filter((c) => !c.person).length} | ${of.length} |`
  })
  return [
    '| truth \\ verdict | front | back | left | right | no verdict | no person found | cases |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n')
}

function perPhotoTable(cases: readonly Case[]): string {
  const ids = [...new Set(cases.map((c) => c.photo))]
  const rows = ids.map((id) => {
    const of = cases.filter((c) => c.photo === id)
    const wrong = of.filter((c) => c.verdict !== null && c.verdict !== c.truth)
    const silent = of.filter((c) => c.person && c.verdict === null).length
    const list = wrong.map((c) => `${c.mirror ? 'mirrored ' : ''}${c.angle}°: ${c.verdict}`).join(', ')
    const range = (values: (number | null)[]) => {
      const v = values.filter((x): x is number => x !== null).map(Math.abs)
      return v.length ? `${Math.min(...v).toFixed(2)}-${Math.max(...v).toFixed(2)}` : '-'
    }
    const yaw = (() => {
      const v = of
        .map((c) => c.yawDeg)
        .filter((x): x is number => x !== null)
        .map(Math.abs)
      return v.length ? `${Math.min(...v).toFixed(0)}-${Math.max(...v).toFixed(0)}` : '-'
    })()
    return `| ${id} | ${of[0]?.truth}${of.some((c) => c.truth !== of[0]?.truth) ? ' (mirrored: the other side)' : ''} | ${of.length} | ${of.filter((c) => !c.person).length} | ${range(of.map((c) => c.widthRatio))} | ${yaw} | ${wrong.length} | ${silent} | ${list || '-'} |`
  })
  return [
    '| photo | truth | cases | no person found | \\|width\\| | \\|turn\\| (deg) | false warnings | no verdict | the false warnings |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n')
}

async function main(): Promise<void> {
  const commit = measuredCommit()
  const app = await buildApp({ logger: false, webRoot: WEB_ROOT })
  const base = `${await app.listen({ port: 0, host: '127.0.0.1' })}/`
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
  try {
    const shipped = Object.values(await suggestionPhotos(browser))
    const photos = [
      ...shipped,
      await figurePhoto(browser, 'anterior'),
      await figurePhoto(browser, 'posterior'),
      ...(await Promise.all(Object.values(DERIVATIONS).map((d) => derivedPhoto(browser, d)))),
      ...(await Promise.all(Object.values(VIEW_CHECK_DERIVATIONS).map((d) => derivedPhoto(browser, d)))),
    ]
    const page = await browser.newPage()
    await page.route('**/bench-view-check/pose.js', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: POSE_JS }),
    )
    await page.goto(base)
    await page.evaluate(LOAD_MODEL(base, POSE_MODEL.complexity))
    const cases = await runCases(page, photos)
    const wrong = cases.filter((c) => c.verdict !== null && c.verdict !== c.truth).length
    const silent = cases.filter((c) => c.person && c.verdict === null).length
    const noPerson = cases.filter((c) => !c.person).length
    const out = {
      date: new Date().toISOString(),
      commit,
      facing: FACING_ARG > 0 ? process.argv[FACING_ARG + 1] : 'web/src/pose/facing.ts',
      machine: {
        cpus: availableParallelism(),
        cpu: cpus()[0]?.model ?? 'unknown',
        chromium: browser.version(),
        node: process.version,
      },
      angles: ANGLES,
      summary: { cases: cases.length, noPerson, falseWarnings: wrong, noVerdict: silent },
      cases,
    }
    // One case a line: the file stays readable and a new run's diff shows which cases changed.
    const text = JSON.stringify({ ...out, cases: '@cases' }, null, 1).replace(
      '"@cases"',
      `[\n${cases.map((c) => JSON.stringify(c)).join(',\n')}\n]`,
    )
    writeFileSync(RESULTS, `${text}\n`)
    console.log(
      `View check (${out.facing}), run of ${out.date} (commit ${commit}, Node ${process.version}, Chromium ${out.machine.chromium}): ` +
        `${cases.length} cases, ${noPerson} with no person found, ${wrong} false warnings, ${silent} without a verdict\n`,
    )
    console.log(confusionTable(cases))
    console.log()
    console.log(perPhotoTable(cases))
  } finally {
    await browser.close()
    await app.close()
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main()
