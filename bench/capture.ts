/**
 * Benchmark of taking the photo in the app (not a test): in headless Chromium on this
 * machine, with a fake camera fed from a file (a 720 x 1280 portrait frame at 30 fps
 * made from the front test photo), against the real service serving the built app:
 *  - the preview's frame rate while the framing check runs: video frames presented
 *    (requestVideoFrameCallback's presentedFrames, and getVideoPlaybackQuality's
 *    dropped frames) over PREVIEW_WINDOW_MS (page-scripts.ts), the page's animation frames in the same window and
 *    the longest gap between two of them (the pose model runs on the main thread), and
 *    how many framing checks ran and how long each took;
 *  - from the click on "Capture" to the marker suggestions shown on the still (the
 *    "suggest on photo load" setting on; the model already loaded by the framing check:
 *    warm), median and range of ROUNDS (the page reloaded between rounds).
 *
 *     npm run bench:capture [-- --rounds 5]
 *
 * Prints the figures for bench/README.md ("Taking the photo").
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { availableParallelism, cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildApp } from '../src/app.js'
import { measuredCommit } from './commit.js'
import { CAMERA_FRAME, CAMERA_PERMISSIONS, launchWithFakeCamera, openCapturePreview } from './fake-camera.js'
import { MEASURE_PREVIEW, PREVIEW_WINDOW_MS, type PreviewFigures } from './page-scripts.js'
import { median } from './stats.js'

const WEB_ROOT = fileURLToPath(new URL('../web/', import.meta.url))
const ROUNDS = Number(process.argv[process.argv.indexOf('--rounds') + 1]) || 5

/** In the page: clicks Capture and resolves with the ms until the suggestions are drawn on the still. */
const CAPTURE_TO_SUGGESTIONS = `new Promise((resolve) => {
  const button = document.querySelector('#suggest-markers')
  const before = button.dataset.completed
  const started = performance.now()
  const observer = new MutationObserver(() => {
    if (button.dataset.completed !== before && button.dataset.busy === 'false') {
      observer.disconnect()
      // The markers are drawn in the same store update; wait for them to be painted.
      requestAnimationFrame(() => resolve({ ms: performance.now() - started, suggested: document.querySelectorAll('#stage g.marker.suggested').length }))
    }
  })
  observer.observe(button, { attributes: true })
  document.querySelector('#capture-shoot').click()
})`

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-capture-'))
  const app = await buildApp({ logger: false, overload: { maxQueueMs: 0 }, webRoot: WEB_ROOT })
  const base = `${await app.listen({ port: 0, host: '127.0.0.1' })}/`
  const browser = await launchWithFakeCamera(dir)
  try {
    const context = await browser.newContext({
      viewport: { width: 1400, height: 1000 },
      permissions: CAMERA_PERMISSIONS,
    })
    const page = await context.newPage()
    page.on('crash', () => console.error('the page crashed'))
    page.on('close', () => console.error('the page closed'))
    browser.on('disconnected', () => console.error('the browser disconnected'))
    page.on('pageerror', (e) => console.error(`page error: ${String(e)}`))
    page.on('console', (m) => m.type() === 'error' && console.error(`console: ${m.text()}`))
    await page.goto(base)
    await page.locator('#suggest-on-load').check()
    const previews: PreviewFigures[] = []
    const captures: number[] = []
    for (let round = 0; round < ROUNDS; round++) {
      // A fresh page each round: the fake camera repeats one frame, so every still is the same picture, and the app
      // suggests on a picture only once. The framing check loads the model during the preview, so the capture is warm.
      if (round > 0) await page.reload()
      // The model loaded and a first check done, so the window sees the loop as it runs.
      await openCapturePreview(page)
      previews.push((await page.evaluate(MEASURE_PREVIEW)) as PreviewFigures)
      const r = (await page.evaluate(CAPTURE_TO_SUGGESTIONS)) as { ms: number; suggested: number }
      if (r.suggested === 0) throw new Error('no suggestions drawn after the capture')
      captures.push(r.ms)
      process.stdout.write(
        `round ${round + 1}: preview ${previews.at(-1)!.presentedFps.toFixed(1)} fps, capture to suggestions ${r.ms.toFixed(0)} ms\n`,
      )
    }
    const commit = measuredCommit()
    const chromiumVersion = browser.version()
    const cpu = `${cpus()[0]?.model ?? 'unknown CPU'}, ${availableParallelism()} cores`
    const fps = previews.map((p) => p.presentedFps)
    const raf = previews.map((p) => p.animationFps)
    console.log(
      `\n${new Date().toISOString().slice(0, 10)}, commit ${commit}, Node ${process.version}, Chromium ${chromiumVersion}, ${cpu}`,
    )
    console.log(
      `Fake camera ${CAMERA_FRAME.width} x ${CAMERA_FRAME.height} at ${CAMERA_FRAME.fps} fps; ${ROUNDS} rounds, preview window ${PREVIEW_WINDOW_MS / 1000} s each.`,
    )
    console.log('| figure | median | min | max |')
    console.log('|---|---|---|---|')
    const row = (name: string, xs: readonly number[], digits = 1) =>
      console.log(
        `| ${name} | ${median(xs).toFixed(digits)} | ${Math.min(...xs).toFixed(digits)} | ${Math.max(...xs).toFixed(digits)} |`,
      )
    row('preview: video frames presented per s (framing check running)', fps)
    row(
      'preview: video frames dropped in the window',
      previews.map((p) => p.dropped),
      0,
    )
    row('page: animation frames per s', raf)
    row(
      'page: longest gap between animation frames, ms',
      previews.map((p) => p.longestGapMs),
      0,
    )
    row(
      'framing checks in the window',
      previews.map((p) => p.checks),
      0,
    )
    row(
      'the last framing check: the model on a 270 x 480 frame, ms',
      previews.map((p) => p.lastCheckMs),
      0,
    )
    row('capture click to suggestions drawn (warm), ms', captures, 0)
  } finally {
    await browser.close()
    await app.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
