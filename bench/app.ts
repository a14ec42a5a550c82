/**
 * Benchmark of the marking app on a mid-range tablet (not a test): headless Chromium on
 * this machine with its CPU slowed by Chromium's own throttling (`--throttle`, 4x by
 * default: DevTools' Emulation.setCPUThrottlingRate) stands in for the tablet, against
 * the real service serving the built app. For each figure, ROUNDS rounds, each in a
 * fresh browser context (nothing cached), median and range:
 *  - first load to interactive: from the navigation's start to the end of the last long
 *    task (> 50 ms) before the main thread stays free of them for QUIET_MS, and never
 *    before the view tabs are shown (a simplified Time to Interactive); first contentful
 *    paint beside it;
 *  - marker suggestions on the front test photo: cold (model not loaded) and warm (the
 *    same page again), from the click on "Suggest markers" to the run applied;
 *  - the capture preview: video frames presented per second while the framing check
 *    runs (fake camera, bench/fake-camera.ts), over PREVIEW_WINDOW_MS;
 *  - from the end of a marker drag (pointer up) to the results table showing the
 *    values for the marker's new place, painted (computed on the device at once, the
 *    service's own functions: docs/offline.md), and to the service's answer shown;
 *  - the panels' re-render cost (issue 38): elements of the panels replaced per change of
 *    state (a marker nudged, and the answers after it), and how often the marker list is
 *    drawn while coordinates are typed.
 * Aims (issue 27): interactive <= 3 s, drag to values <= 100 ms, preview >= 20 fps.
 *
 *     npm run bench:app [-- --rounds 5 --throttle 4]
 *
 * Prints the table for bench/README.md ("The app on a throttled CPU").
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { availableParallelism, cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import { type Harness, startHarness } from '../test/support/browser.js'
import { figureAssessmentFile } from '../test/web/fixtures/figure-assessment.js'
import { type SuggestionPhoto, suggestionPhotos } from '../test/web/fixtures/photos.js'
import { measuredCommit } from './commit.js'
import { CAMERA_PERMISSIONS, launchWithFakeCamera, openCapturePreview } from './fake-camera.js'
import { CLICK_AND_TIME, MEASURE_PREVIEW, PREVIEW_WINDOW_MS, type PreviewFigures } from './page-scripts.js'
import { median } from './stats.js'

const argument = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(name)
  const value = i < 0 ? Number.NaN : Number(process.argv[i + 1])
  return Number.isFinite(value) && value > 0 ? value : fallback
}
const ROUNDS = argument('--rounds', 5)
const THROTTLE = argument('--throttle', 4)
/** The main thread must stay free of long tasks this long for the page to count as interactive. */
const QUIET_MS = 1000
/** A page still busy this long after its navigation started is reported as never interactive. */
const GIVE_UP_MS = 60_000
/** A tablet's screen, touch. */
const TABLET: BrowserContextOptions = {
  viewport: { width: 1024, height: 768 },
  deviceScaleFactor: 1,
  hasTouch: true,
  acceptDownloads: true,
}

/** Records the page's long tasks from its first script on (read by LOAD_FIGURES). */
const RECORD_LONG_TASKS = `(() => {
  window.__longTasks = []
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.startTime + e.duration])
  }).observe({ type: 'longtask', buffered: true })
})()`

/** In the page, once its view tabs are shown: first contentful paint and time to interactive, ms from navigation start. */
const LOAD_FIGURES = `new Promise((resolve) => {
  const shown = performance.now()
  const check = () => {
    const now = performance.now()
    const lastEnd = Math.max(0, ...window.__longTasks.map(([, end]) => end))
    const quiet = now - Math.max(lastEnd, shown) >= ${QUIET_MS}
    if (!quiet && now < ${GIVE_UP_MS}) return setTimeout(check, 50)
    const paint = performance.getEntriesByName('first-contentful-paint')[0]
    const nav = performance.getEntriesByType('navigation')[0]
    resolve({
      firstPaint: paint ? paint.startTime : NaN,
      interactive: Math.max(lastEnd, shown, nav ? nav.domContentLoadedEventEnd : 0),
      longTasks: window.__longTasks.length,
      quiet,
    })
  }
  check()
})`

/**
 * In the page: installs, before the pointer is released, a promise (window.__dragTimed)
 * that resolves with the ms from that release to the results table showing a value of
 * `metric` other than `before`, with the table answered (data-state ready), to those values
 * painted (the next animation frame), and to the service's answer to the same markers
 * shown (data-computed-on service, no longer confirming the device's values).
 */
const ARM_DRAG_TIMER = (metric: string, before: string) => `(() => {
  window.__dragTimed = new Promise((resolve) => {
    let released = null
    let domMs = null
    let paintedMs = null
    let confirmedMs = null
    window.addEventListener('pointerup', () => { released = performance.now() }, { capture: true, once: true })
    const results = document.querySelector('#results')
    const shown = () => {
      const row = document.querySelector('#metrics-table tr[data-metric="${metric}"]')
      return released !== null && results.dataset.state === 'ready' && row !== null && row.dataset.value !== '${before}'
    }
    const finish = () => {
      if (paintedMs === null || confirmedMs === null) return
      observer.disconnect()
      resolve({ ms: paintedMs, domMs, confirmedMs })
    }
    const check = () => {
      if (!shown()) return
      const now = performance.now()
      if (domMs === null) {
        domMs = now - released
        // The values are in the DOM; wait for them to be painted.
        requestAnimationFrame(() => {
          paintedMs = performance.now() - released
          finish()
        })
      }
      if (confirmedMs === null && results.dataset.computedOn === 'service' && results.dataset.confirming !== 'true') {
        confirmedMs = now - released
        finish()
      }
    }
    const observer = new MutationObserver(check)
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true })
  })
})()`

/** A fresh context of `browser` with its CPU slowed THROTTLE times. */
async function throttledPage(browser: Browser, options: BrowserContextOptions = TABLET): Promise<Page> {
  const context = await browser.newContext(options)
  const page = await context.newPage()
  page.on('pageerror', (e) => console.error(`page error: ${String(e)}`))
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE })
  return page
}

interface LoadFigures {
  readonly firstPaint: number
  readonly interactive: number
  readonly longTasks: number
  /** False: the main thread never stayed free of long tasks for QUIET_MS within GIVE_UP_MS. */
  readonly quiet: boolean
}

async function firstLoad(h: Harness): Promise<LoadFigures> {
  const page = await throttledPage(h.browser)
  try {
    await page.addInitScript(RECORD_LONG_TASKS)
    await page.goto(h.base)
    await page.locator('#view-tabs button').first().waitFor()
    const figures = (await page.evaluate(LOAD_FIGURES)) as LoadFigures
    if (!figures.quiet) throw new Error(`the page was still busy with long tasks ${GIVE_UP_MS} ms after loading`)
    return figures
  } finally {
    await page.context().close()
  }
}

async function suggestions(h: Harness, photo: SuggestionPhoto): Promise<{ cold: number; warm: number }> {
  const page = await throttledPage(h.browser)
  try {
    await page.goto(h.base)
    await page.locator('#view-tabs button[data-view="anterior"]').click()
    await page
      .locator('#photo-input')
      .setInputFiles({ name: photo.name, mimeType: photo.mimeType, buffer: photo.buffer })
    await page.locator('.stage.has-photo image.photo').waitFor()
    const cold = (await page.evaluate(CLICK_AND_TIME)) as number
    const warm = (await page.evaluate(CLICK_AND_TIME)) as number
    return { cold, warm }
  } finally {
    await page.context().close()
  }
}

async function preview(browser: Browser, base: string): Promise<PreviewFigures> {
  const page = await throttledPage(browser, { ...TABLET, permissions: CAMERA_PERMISSIONS })
  try {
    await page.goto(base)
    await openCapturePreview(page)
    return (await page.evaluate(MEASURE_PREVIEW)) as PreviewFigures
  } finally {
    await page.context().close()
  }
}

interface DragFigures {
  readonly ms: number[]
  readonly domMs: number[]
  readonly confirmedMs: number[]
}

/** Drags the left tragus of a loaded front visit down, `drags` times; the ms from each release to its values. */
async function dragToValues(h: Harness, drags: number): Promise<DragFigures> {
  const page = await throttledPage(h.browser, { ...TABLET, hasTouch: false })
  try {
    await page.goto(h.base)
    await page.locator('#session-input').setInputFiles({
      name: 'visit.json',
      mimeType: 'application/json',
      buffer: figureAssessmentFile(['anterior'], '2026-04-14'),
    })
    await page.locator('#tab-anterior').click()
    await page
      .locator('#photo-input')
      .setInputFiles({ name: 'anterior.png', mimeType: 'image/png', buffer: h.photos.anterior })
    await page.locator('#results[data-state="ready"]').waitFor()
    const ms: number[] = []
    const domMs: number[] = []
    const confirmedMs: number[] = []
    for (let i = 0; i < drags; i++) {
      const before =
        (await page.locator('#metrics-table tr[data-metric="head_angle"]').getAttribute('data-value')) ?? ''
      const handle = page.locator('#stage .markers [data-target="tragus_izq"] .ring')
      // The stage may be between two renders (its markers drawn anew): ask again after the next frames.
      let box = null
      for (let frame = 0; box === null && frame < 120; frame++) {
        await handle.waitFor()
        box = await handle.boundingBox()
        if (box === null) await page.evaluate('new Promise((resolve) => requestAnimationFrame(resolve))')
      }
      if (box === null) throw new Error('the left tragus is not on screen')
      const [x, y] = [box.x + box.width / 2, box.y + box.height / 2]
      const step = i % 2 === 0 ? 12 : -12 // down and back up: the marker stays on the photo
      await page.mouse.move(x, y)
      await page.mouse.down()
      await page.mouse.move(x + 1, y + step / 2, { steps: 3 })
      await page.mouse.move(x + 2, y + step, { steps: 3 })
      await page.evaluate(ARM_DRAG_TIMER('head_angle', before))
      await page.mouse.up()
      const r = (await page.evaluate('window.__dragTimed')) as { ms: number; domMs: number; confirmedMs: number }
      ms.push(r.ms)
      domMs.push(r.domMs)
      confirmedMs.push(r.confirmedMs)
    }
    return { ms, domMs, confirmedMs }
  } finally {
    await page.context().close()
  }
}

/** The panels whose elements the churn measure counts (the stage is measured by the drags). */
const PANELS = ['#marker-list', '#calibration-list', '#metrics-table', '#problems-general', '#prompt']

/** In the page: counts, per panel root, the elements removed (with their descendants) and the mutation batches. */
const WATCH_PANELS = `(() => {
  window.__churn = { removed: 0, batches: 0, listBatches: 0 }
  const roots = ${JSON.stringify(PANELS)}.map((s) => document.querySelector(s)).filter(Boolean)
  const list = document.querySelector('#marker-list')
  for (const root of roots) {
    new MutationObserver((records) => {
      window.__churn.batches++
      if (root === list) window.__churn.listBatches++
      for (const r of records)
        for (const n of r.removedNodes) if (n instanceof Element) window.__churn.removed += 1 + n.querySelectorAll('*').length
    }).observe(root, { childList: true, subtree: true, attributes: true, characterData: true })
  }
})()`
const READ_CHURN = `(() => { const c = window.__churn; window.__churn = { removed: 0, batches: 0, listBatches: 0 }; return c })()`

interface ChurnFigures {
  /** Elements of the panels removed (replaced) per marker nudge, with the answers that follow it. */
  readonly removedPerChange: number
  /** Renders (mutation batches) of the marker list per second while a coordinate is typed. */
  readonly listRendersPerS: number
  /** Elements of the panels removed while a coordinate is typed. */
  readonly removedTyping: number
}

/**
 * Re-render cost of the panels on a loaded front visit: the elements the panels replace per change
 * of state (the right tragus nudged with the arrow keys, 10 times, each with the device's values and
 * the service's answer that follow), and how often the marker list is drawn while a coordinate is
 * typed (x, Tab, y: 10 characters, 80 ms apart, a steady typist) with the service's answers arriving.
 */
async function panelChurn(h: Harness): Promise<ChurnFigures> {
  const page = await throttledPage(h.browser, { ...TABLET, hasTouch: false })
  try {
    await page.goto(h.base)
    await page.locator('#session-input').setInputFiles({
      name: 'visit.json',
      mimeType: 'application/json',
      buffer: figureAssessmentFile(['anterior'], '2026-04-14'),
    })
    await page.locator('#tab-anterior').click()
    await page
      .locator('#photo-input')
      .setInputFiles({ name: 'anterior.png', mimeType: 'image/png', buffer: h.photos.anterior })
    await page.locator('#results[data-state="ready"]').waitFor()
    await page.locator('#marker-list li[data-target="tragus_der"] .target-main').click()
    // The focus off the list's button (arrows on a control are the control's): the arrows move the chosen marker.
    await page.locator('#marker-count').click()
    await page.evaluate(WATCH_PANELS)
    const nudges = 10
    for (let i = 0; i < nudges; i++) {
      const before = await page.locator('#metrics-table tr[data-metric="head_angle"]').getAttribute('data-value')
      await page.keyboard.press(i % 2 === 0 ? 'ArrowUp' : 'ArrowDown')
      await page.locator(`#metrics-table tr[data-metric="head_angle"]:not([data-value="${before}"])`).waitFor()
      await page.locator('#results[data-confirming="false"]').waitFor({ state: 'attached' })
    }
    const changes = (await page.evaluate(READ_CHURN)) as { removed: number }
    await page.locator('#marker-list li[data-target="tragus_der"] #coord-x').click()
    await page.keyboard.press('Control+a')
    await page.evaluate(READ_CHURN)
    const t0 = Date.now()
    await page.keyboard.type('253.5', { delay: 80 })
    await page.keyboard.press('Tab')
    await page.keyboard.press('Control+a')
    await page.keyboard.type('130.5', { delay: 80 })
    await page.keyboard.press('Enter')
    await page.locator('#results[data-confirming="false"]').waitFor({ state: 'attached' })
    const seconds = (Date.now() - t0) / 1000
    const typing = (await page.evaluate(READ_CHURN)) as { removed: number; listBatches: number }
    return {
      removedPerChange: changes.removed / nudges,
      listRendersPerS: typing.listBatches / seconds,
      removedTyping: typing.removed,
    }
  } finally {
    await page.context().close()
  }
}

function row(name: string, xs: readonly number[], aim: string, digits = 0): string {
  const f = (x: number) => x.toFixed(digits)
  return `| ${name} | ${f(median(xs))} | ${f(Math.min(...xs))} | ${f(Math.max(...xs))} | ${aim} |`
}

async function main(): Promise<void> {
  const h = await startHarness()
  const dir = mkdtempSync(join(tmpdir(), 'bench-app-'))
  let camera: Browser | undefined
  try {
    const photos = await suggestionPhotos(h.browser)
    camera = await launchWithFakeCamera(dir)
    const loads: LoadFigures[] = []
    const cold: number[] = []
    const warm: number[] = []
    const previews: PreviewFigures[] = []
    const drags: number[] = []
    const dragsDom: number[] = []
    const dragsConfirmed: number[] = []
    const churns: ChurnFigures[] = []
    const stage = (name: string) => process.stdout.write(`${name}… `)
    for (let round = 0; round < ROUNDS; round++) {
      stage(`round ${round + 1}: first load`)
      loads.push(await firstLoad(h))
      stage('suggestions')
      const s = await suggestions(h, photos.anterior)
      cold.push(s.cold)
      warm.push(s.warm)
      stage('capture preview')
      previews.push(await preview(camera, h.base))
      stage('drags')
      const d = await dragToValues(h, 5)
      drags.push(...d.ms)
      dragsDom.push(...d.domMs)
      dragsConfirmed.push(...d.confirmedMs)
      stage('panel churn')
      churns.push(await panelChurn(h))
      process.stdout.write(
        `\ninteractive ${loads.at(-1)!.interactive.toFixed(0)} ms, suggestions ${s.cold.toFixed(0)}/${s.warm.toFixed(0)} ms, ` +
          `preview ${previews.at(-1)!.presentedFps.toFixed(1)} fps, drag to values ${median(d.ms).toFixed(0)} ms\n`,
      )
    }
    const cpu = `${cpus()[0]?.model ?? 'unknown CPU'}, ${availableParallelism()} cores`
    console.log(
      `\n${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${measuredCommit()}, Node ${process.version}, ` +
        `Chromium ${h.browser.version()}, ${cpu}; CPU throttled ${THROTTLE}x; ${ROUNDS} rounds, each in a fresh context; ` +
        `viewport ${TABLET.viewport?.width} x ${TABLET.viewport?.height}.`,
    )
    console.log('| figure | median | min | max | aim |')
    console.log('|---|---|---|---|---|')
    console.log(
      row(
        'first contentful paint, ms',
        loads.map((l) => l.firstPaint),
        '',
      ),
    )
    console.log(
      row(
        'first load to interactive, ms',
        loads.map((l) => l.interactive),
        '<= 3000',
      ),
    )
    console.log(row('suggestions, cold (model loaded on the click), ms', cold, ''))
    console.log(row('suggestions, warm, ms', warm, ''))
    console.log(
      row(
        `capture preview, video frames presented per s (${PREVIEW_WINDOW_MS / 1000} s window)`,
        previews.map((p) => p.presentedFps),
        '>= 20',
        1,
      ),
    )
    console.log(
      row(
        'capture preview, longest gap between animation frames, ms',
        previews.map((p) => p.longestGapMs),
        '',
      ),
    )
    console.log(row(`marker drag released to new values painted, ms (${drags.length} drags)`, drags, '<= 100'))
    console.log(row('of which: until the values are in the page, ms', dragsDom, ''))
    console.log(row("marker drag released to the service's answer shown, ms", dragsConfirmed, ''))
    console.log(
      row(
        'panels: elements replaced per change of state (a marker nudged, with its answers)',
        churns.map((c) => c.removedPerChange),
        '',
        1,
      ),
    )
    console.log(
      row(
        'panels: elements replaced while two coordinates are typed and committed',
        churns.map((c) => c.removedTyping),
        '',
      ),
    )
    console.log(
      row(
        'marker list: renders per s while coordinates are typed and committed',
        churns.map((c) => c.listRendersPerS),
        '',
        1,
      ),
    )
  } finally {
    await camera?.close()
    await h.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
