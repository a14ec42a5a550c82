/**
 * The app's layout at each size it is made for (docs/app.md, "Sizes"): a phone in portrait
 * (390 x 844, touch), tablets in portrait and landscape (820 x 1180, 1024 x 768, touch) and
 * a desktop (1440 x 900), in headless Chromium against the real service with a fake camera
 * (fixtures/camera-video.ts). At each size one walk of a whole visit: a new patient and
 * visit in the record, the view, the capture (preview, level, framing and shutter on the
 * screen together; on the phone in landscape too), the marker suggestions, the calibration,
 * every marker, the results and the report. Every control is checked at the moment it is
 * used: scrolled into view, it lies inside the viewport and is the element found at its
 * centre (nothing over it); so is every point tapped on the photo, which a notice never
 * covers; a notice shown never rests over the prompt or the photo area. Every result row
 * shows its value and its ± inside the viewport. The page never grows wider than the screen. axe-core finds no WCAG 2.1 A/AA violation on the page and in
 * each dialog and menu opened on the way.
 */
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { type Browser, chromium, type Locator, type Page } from 'playwright-core'
import {
  activeTarget,
  CHROMIUM,
  CHROMIUM_ARGS,
  type Harness,
  OUTPUT,
  openApp,
  startHarness,
} from '../support/browser.js'
import { writeCameraVideo } from './fixtures/camera-video.js'
import { suggestionPhotos } from './fixtures/photos.js'

/** The pose model loads in a few seconds on a loaded 2-core machine; leave room. */
const MODEL_WAIT_MS = 120_000
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

interface Size {
  readonly name: string
  readonly width: number
  readonly height: number
  readonly touch: boolean
  readonly mobile: boolean
}

const SIZES: readonly Size[] = [
  { name: 'phone', width: 390, height: 844, touch: true, mobile: true },
  { name: 'tablet-portrait', width: 820, height: 1180, touch: true, mobile: false },
  { name: 'tablet-landscape', width: 1024, height: 768, touch: true, mobile: false },
  { name: 'desktop', width: 1440, height: 900, touch: false, mobile: false },
]

let h: Harness
let camera: Browser
const dir = mkdtempSync(join(tmpdir(), 'layout-test-'))

before(async () => {
  h = await startHarness()
  const photos = await suggestionPhotos(h.browser)
  const video = join(dir, 'front.y4m')
  await writeCameraVideo(
    h.browser,
    { photo: photos.anterior, width: 720, height: 1280, share: 0.78, soles: 0.9 },
    video,
  )
  camera = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  })
})

after(async () => {
  await camera?.close()
  await h?.close()
  rmSync(dir, { recursive: true, force: true })
})

/** Where an element is and what is found at its centre: whether it is inside the viewport and on top there. */
interface Placement {
  readonly inside: boolean
  readonly onTop: boolean
  readonly rect: string
  readonly hit: string
}

/** The placement of `locator`'s element (a visually hidden file input is used through its label). */
async function placementOf(locator: Locator): Promise<Placement> {
  // Marked, then measured by a script (a string: the tests are compiled without the DOM's types).
  // A render between the two (the prompt's confirm button drawn anew as suggestions come in) can
  // take the marked element away: then the locator's element is marked again and measured.
  for (let attempt = 1; ; attempt++) {
    const placement = await probe(locator)
    if (placement !== null || attempt === 5) return placement ?? assert.fail('the element kept being replaced')
  }
}

async function probe(locator: Locator): Promise<Placement | null> {
  await locator.evaluate((el: { setAttribute(name: string, value: string): void }) => el.setAttribute('data-probe', ''))
  return (await locator.page().evaluate(`(() => {
    const node = document.querySelector('[data-probe]')
    if (node === null) return null
    node.removeAttribute('data-probe')
    let el = node
    if (el instanceof HTMLInputElement && el.type === 'file' && el.labels && el.labels[0]) el = el.labels[0]
    const r = el.getBoundingClientRect()
    const slack = 0.5
    const inside = r.width > 0 && r.height > 0 && r.left >= -slack && r.top >= -slack &&
      r.right <= window.innerWidth + slack && r.bottom <= window.innerHeight + slack
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
    const control = el instanceof HTMLLabelElement ? el.control : null
    const onTop = hit !== null && (el === hit || el.contains(hit) || hit === control)
    const describe = (e) => e ? '<' + e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (typeof e.className === 'string' && e.className ? '.' + e.className : '') + '>' : 'nothing'
    return { inside, onTop, rect: Math.round(r.left) + ',' + Math.round(r.top) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height), hit: describe(hit) }
  })()`)) as Placement | null
}

class Walk {
  constructor(
    readonly page: Page,
    readonly size: Size,
  ) {}

  /** Scrolls `locator` into view and asserts it lies inside the viewport with nothing over it. */
  async reachable(locator: Locator, what: string): Promise<void> {
    await locator.scrollIntoViewIfNeeded()
    const p = await placementOf(locator)
    assert.ok(
      p.inside,
      `${this.size.name}: ${what} at ${p.rect} is outside the ${this.size.width}x${this.size.height} viewport`,
    )
    assert.ok(p.onTop, `${this.size.name}: ${what} at ${p.rect} is under ${p.hit}`)
  }

  /** Uses a control as the device would (a tap on a touch screen, a click otherwise), after checking it is reachable. */
  async use(locator: Locator, what: string): Promise<void> {
    await this.reachable(locator, what)
    if (this.size.touch) await locator.tap()
    else await locator.click()
  }

  /** Taps or clicks a point of the photo (fractions of its width and height): on screen, on the photo area, under no notice. */
  async usePhoto(fx: number, fy: number, what: string): Promise<void> {
    const page = this.page
    await page.locator('#stage').scrollIntoViewIfNeeded()
    await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))')
    const box = await page.locator('#stage image.photo').boundingBox()
    assert.ok(box, 'the photo is shown')
    const x = box.x + fx * box.width
    const y = box.y + fy * box.height
    const at = (await page.evaluate(`(() => {
      const hit = document.elementFromPoint(${x}, ${y})
      const toast = document.getElementById('toast')
      const t = toast.classList.contains('show') ? toast.getBoundingClientRect() : null
      return {
        onStage: hit !== null && document.getElementById('stage').contains(hit),
        hit: hit ? hit.tagName : 'nothing',
        // A notice shown covers no part of the photo area (its offsets: where it rests, without its sliding transform).
        underToast: t !== null && (() => {
          const s = document.getElementById('stage').getBoundingClientRect()
          const top = toast.offsetTop, left = toast.offsetLeft
          return left < s.right && s.left < left + toast.offsetWidth && top < s.bottom && s.top < top + toast.offsetHeight
        })(),
        inside: ${x} >= 0 && ${y} >= 0 && ${x} <= window.innerWidth && ${y} <= window.innerHeight,
      }
    })()`)) as { onStage: boolean; hit: string; underToast: boolean; inside: boolean }
    assert.ok(at.inside, `${this.size.name}: ${what} (${Math.round(x)},${Math.round(y)}) is outside the viewport`)
    assert.ok(at.onStage, `${this.size.name}: ${what} (${Math.round(x)},${Math.round(y)}) is under ${at.hit}`)
    assert.ok(!at.underToast, `${this.size.name}: a notice covers the photo area as ${what} is placed`)
    await this.noticeClear(`as ${what} is placed`)
    if (this.size.touch) await page.touchscreen.tap(x, y)
    else await page.mouse.click(x, y)
  }

  /**
   * A notice shown rests over neither the prompt nor the photo area (its offsets: where it rests, without its
   * sliding transform); nothing is checked while no notice is shown.
   */
  async noticeClear(when: string): Promise<void> {
    const over = (await this.page.evaluate(`(() => {
      const toast = document.getElementById('toast')
      if (!toast.classList.contains('show')) return []
      const top = toast.offsetTop, left = toast.offsetLeft
      const bottom = top + toast.offsetHeight, right = left + toast.offsetWidth
      const covered = []
      for (const [id, what] of [['prompt', 'the prompt'], ['stage', 'the photo area']]) {
        const r = document.getElementById(id).getBoundingClientRect()
        if (left < r.right && r.left < right && top < r.bottom && r.top < bottom)
          covered.push(what + ' at ' + Math.round(r.top) + '-' + Math.round(r.bottom) + ' under the notice at ' + Math.round(top) + '-' + Math.round(bottom) + ' ("' + toast.textContent + '")')
      }
      return covered
    })()`)) as string[]
    assert.deepEqual(over, [], `${this.size.name}, ${when}: ${over.join('; ')}`)
  }

  /** axe-core's WCAG 2.1 A and AA rules on the page as it is now (open dialogs and menus included); its source is
   * evaluated through the DevTools protocol, which the app's Content-Security-Policy leaves alone. */
  async axe(when: string): Promise<void> {
    const page = this.page
    if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.evaluate(AXE_SOURCE)
    const violations = (await page.evaluate(
      `axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(WCAG_21_AA)} }, resultTypes: ['violations'] })
        .then((r) => r.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) })))`,
    )) as { id: string; help: string; nodes: string[] }[]
    assert.deepEqual(
      violations,
      [],
      `${this.size.name}, ${when}: axe found ${violations.map((v) => `${v.id} (${v.help}): ${v.nodes.join(', ')}`).join('; ')}`,
    )
  }

  /** The page is no wider than the screen (a phone would otherwise zoom the whole app out). */
  async noSidewaysScroll(when: string): Promise<void> {
    const widths = (await this.page.evaluate(
      '({ inner: window.innerWidth, scroll: document.documentElement.scrollWidth })',
    )) as { inner: number; scroll: number }
    assert.equal(
      widths.inner,
      this.size.width,
      `${this.size.name}, ${when}: the layout viewport grew to ${widths.inner} px`,
    )
    assert.ok(widths.scroll <= widths.inner, `${this.size.name}, ${when}: the page is ${widths.scroll} px wide`)
  }

  /** Opens the toolbar's "More" menu where the size has one; returns whether it did. */
  async openMenu(): Promise<boolean> {
    const more = this.page.locator('#toolbar-more-button')
    if (!(await more.isVisible())) return false
    if ((await more.getAttribute('aria-expanded')) !== 'true') await this.use(more, '"More"')
    await this.page.locator('#toolbar-more.open').waitFor()
    return true
  }

  /** Tabs through the page's first `count` stops: each control shows a focus ring (a file input's on its label). */
  async focusRings(count: number): Promise<void> {
    const page = this.page
    await page.locator('body').evaluate((b: { focus(): void }) => b.focus())
    const missing: string[] = []
    const seen = new Set<string>()
    for (let i = 0; i < count; i++) {
      await page.keyboard.press('Tab')
      const r = (await page.evaluate(`(() => {
        let el = document.activeElement
        if (!el || el === document.body) return null
        const id = el.id || el.tagName + ':' + (el.textContent || '').trim().slice(0, 20)
        if (el instanceof HTMLInputElement && el.type === 'file' && el.labels && el.labels[0]) el = el.labels[0]
        const s = getComputedStyle(el)
        return { id, ring: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2 }
      })()`)) as { id: string; ring: boolean } | null
      if (!r || seen.has(r.id)) continue
      seen.add(r.id)
      if (!r.ring) missing.push(r.id)
    }
    assert.ok(seen.size >= Math.min(count, 8), `${this.size.name}: Tab reached only ${[...seen].join(', ')}`)
    assert.deepEqual(missing, [], `${this.size.name}: no focus ring on ${missing.join(', ')}`)
  }

  /** The "More" menu from the keyboard: Enter opens it on its first item, Down moves, Escape closes it on the button. */
  async menuByKeyboard(): Promise<void> {
    const page = this.page
    const more = page.locator('#toolbar-more-button')
    if (!(await more.isVisible())) return
    await more.focus()
    await page.keyboard.press('Enter')
    await page.locator('#toolbar-more.open').waitFor()
    assert.equal(await more.getAttribute('aria-expanded'), 'true')
    assert.equal(
      await page.evaluate('document.activeElement.id'),
      'save-session',
      'Enter opens the menu on its first item',
    )
    await page.keyboard.press('ArrowDown')
    assert.equal(await page.evaluate('document.activeElement.id'), 'session-input', 'Down moves to the next item')
    await page.keyboard.press('Escape')
    await page.locator('#toolbar-more:not(.open)').waitFor({ state: 'attached' })
    assert.equal(await more.getAttribute('aria-expanded'), 'false')
    assert.equal(await page.evaluate('document.activeElement.id'), 'toolbar-more-button', 'Escape gives the focus back')
  }

  /** Checks that the capture screen shows preview, level, framing and shutter together, without scrolling. */
  async captureTogether(when: string): Promise<void> {
    for (const [selector, what] of [
      ['#capture-preview', 'the preview'],
      ['#capture-level', 'the level'],
      ['#capture-framing', 'the framing sentences'],
      ['#capture-shoot', 'the shutter'],
    ] as const) {
      const p = await placementOf(this.page.locator(selector))
      assert.ok(
        p.inside && p.onTop,
        `${this.size.name}, ${when}: ${what} at ${p.rect} (under ${p.hit}) is not on screen with the rest`,
      )
    }
  }
}

/**
 * Places every target the prompt asks for at a point of a spread grid; a suggestion the prompt asks for
 * (a tap on or beside one chooses it: docs/app.md, "The pointer and the prompt") is confirmed with the
 * prompt's button.
 */
async function placeEveryTarget(walk: Walk): Promise<string[]> {
  const page = walk.page
  const asked: string[] = []
  for (let i = 0; i < 45; i++) {
    const id = await activeTarget(page)
    if (id === '') return asked
    asked.push(id)
    const suggestion = (await page.locator(`#stage g.marker.suggested[data-target="${id}"]`).count()) > 0
    if (suggestion)
      await walk.use(page.locator('#prompt button[data-act="confirm"]'), `the prompt's "Confirm" for ${id}`)
    else {
      let point: [number, number]
      if (id === 'scale-a') point = [0.1, 0.96]
      else if (id === 'scale-b') point = [0.9, 0.96]
      else if (id === 'lrv') point = [0.5, 0.3]
      else point = [0.3 + (0.4 * ((i * 7) % 10)) / 10, 0.15 + (0.7 * i) / 45]
      await walk.usePhoto(point[0], point[1], `the point for ${id}`)
    }
    await page.locator(`#prompt:not([data-target="${id}"])`).waitFor()
    // A warning, problem or note in the prompt is all on show, never in a box that scrolls.
    const prompt = (await page.evaluate(`(() => {
      const p = document.getElementById('prompt')
      return { warned: p.querySelector('.problem, .prompt-warning, .prompt-note') !== null, hidden: p.scrollHeight - p.clientHeight }
    })()`)) as { warned: boolean; hidden: number }
    assert.ok(
      !prompt.warned || prompt.hidden <= 1,
      `${walk.size.name}: ${prompt.hidden} px of the prompt's warning scrolled out of sight`,
    )
  }
  throw new Error(`${walk.size.name}: still asking after 45 targets: ${asked.join(', ')}`)
}

describe('a layout for each size: a whole visit, every control reachable, axe clean', () => {
  for (const size of SIZES) {
    test(`${size.name} ${size.width}x${size.height}${size.touch ? ', touch' : ''}`, { timeout: 600_000 }, async () => {
      const { page, errors } = await openApp(h, {
        browser: camera,
        viewport: { width: size.width, height: size.height },
        hasTouch: size.touch,
        isMobile: size.mobile,
        permissions: ['camera', 'accelerometer', 'gyroscope', 'magnetometer'],
      })
      const walk = new Walk(page, size)
      try {
        await page.locator('#record-status').waitFor({ state: 'attached' })
        await walk.noSidewaysScroll('at start')
        await walk.axe('at start')
        await walk.focusRings(24)
        await walk.menuByKeyboard()

        // The patient: a new one in the record, and a new visit of theirs.
        await walk.use(page.locator('#record-button'), '"Patients"')
        await page.locator('#record-dialog[open] #record-search').waitFor()
        await walk.axe('the Patients dialog')
        await walk.reachable(page.locator('#record-new-id'), 'the new patient ID')
        await page.locator('#record-new-id').fill(`LAYOUT-${size.name}`)
        await walk.use(page.locator('#record-add'), '"Add patient"')
        const newVisit = page.locator(`.record-patient-visits[data-patient="LAYOUT-${size.name}"] #record-new-visit`)
        await newVisit.waitFor()
        await walk.use(newVisit, '"New visit"')
        await page.locator('#record-dialog').waitFor({ state: 'hidden' })

        // The view, and the setting that runs the suggestions on the photo (in the menu below desktop size).
        await walk.use(page.locator('#view-tabs button[data-view="anterior"]'), 'the anterior view tab')
        const inMenu = await walk.openMenu()
        if (inMenu) await walk.axe('the "More" menu')
        await walk.use(page.locator('#suggest-on-load'), '"Suggest on photo load"')
        if (inMenu && (await page.locator('#toolbar-more.open').isVisible())) {
          await page.keyboard.press('Escape')
          await page.locator('#toolbar-more:not(.open)').waitFor({ state: 'attached' })
        }

        // The capture: preview, level, framing and shutter on the screen together.
        await walk.use(page.locator('#take-photo'), '"Take photo"')
        await page.locator('#capture-preview[data-state="live"]').waitFor()
        await page.locator('#capture-framing li[data-check="person"]').waitFor({ timeout: MODEL_WAIT_MS })
        await walk.captureTogether('capture')
        await walk.axe('the capture dialog')
        if (size.mobile) {
          await page.setViewportSize({ width: size.height, height: size.width })
          await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))')
          await walk.captureTogether('capture in landscape')
          await page.setViewportSize({ width: size.width, height: size.height })
          await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))')
        }
        await page.screenshot({ path: `${OUTPUT}layout-${size.name}-capture.png` })
        // On a touch screen the shutter is tapped; with a keyboard, Space is the shutter from the moment the dialog opens.
        if (size.touch) await walk.use(page.locator('#capture-shoot'), 'the shutter')
        else {
          await walk.reachable(page.locator('#capture-shoot'), 'the shutter')
          await page.keyboard.press(' ')
        }
        await page.locator('#capture-dialog').waitFor({ state: 'hidden' })
        await page.locator('.stage.has-photo image.photo').waitFor()
        await page
          .locator('#suggest-markers[data-completed="1"][data-busy="false"]')
          .waitFor({ timeout: MODEL_WAIT_MS })
        // The suggestions' notice (how many were placed, how many are left) is shown as they end: clear of the prompt.
        await page.locator('#toast.show').waitFor()
        await walk.noticeClear('the suggestions said')
        const confirm = page.locator('#confirm-suggestions')
        if ((await confirm.isVisible()) && (await confirm.isEnabled())) {
          // Confirmed with the page at its top, where marking rests (on a phone the prompt and the photo fill the
          // screen, with a notice's room under the photo): the notice that says so is clear of the prompt and photo.
          await page.evaluate('window.scrollTo(0, 0)')
          const said = await page.locator('#toast').textContent()
          await walk.use(confirm, '"Confirm suggestions"')
          // The new notice, waited on by an observer in the page (page.waitForFunction evaluates a string: the CSP forbids it).
          await page.evaluate(`new Promise((resolve) => {
            const toast = document.getElementById('toast')
            const shown = () => toast.classList.contains('show') && toast.textContent !== ${JSON.stringify(said)}
            const observer = new MutationObserver(() => shown() && (observer.disconnect(), resolve(true)))
            observer.observe(toast, { attributes: true, childList: true, characterData: true, subtree: true })
            if (shown()) (observer.disconnect(), resolve(true))
          })`)
          await walk.noticeClear('the suggestions confirmed')
        }

        // Calibration and every marker, on the photo; the known distance in its field.
        const asked = await placeEveryTarget(walk)
        await walk.reachable(page.locator('#grid-cm'), 'the known distance')
        await page.locator('#grid-cm').fill('40')
        await page.locator('#grid-cm').press('Tab')
        assert.ok(asked.length > 0, `${size.name}: the prompt asked for targets`)

        // The results: every row's value and ± on the screen.
        await page.locator('#results[data-state="ready"]').waitFor()
        await walk.noSidewaysScroll('with the results')
        const rows = page.locator('#metrics-table tbody tr')
        const count = await rows.count()
        assert.ok(count >= 10, `${size.name}: ${count} result rows`)
        for (let i = 0; i < count; i++) {
          const row = rows.nth(i)
          await walk.reachable(row.locator('th'), `row ${i + 1}'s metric`)
          await walk.reachable(row.locator('td.value'), `row ${i + 1}'s value`)
          await walk.reachable(row.locator('td.u'), `row ${i + 1}'s ±`)
        }
        const wrap = (await page
          .locator('#results .table-wrap')
          .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }))) as { scroll: number; client: number }
        assert.ok(
          wrap.scroll <= wrap.client,
          `${size.name}: the results table is cut (${wrap.scroll} > ${wrap.client} px)`,
        )
        await page.screenshot({ path: `${OUTPUT}layout-${size.name}-results.png` })
        await walk.axe('with the results')

        // The report, from the results.
        const [pdf] = await Promise.all([
          page.waitForEvent('download'),
          walk.use(page.locator('#save-pdf-2'), '"Save PDF" under the results'),
        ])
        assert.match(pdf.suggestedFilename(), /\.pdf$/)

        // Help, from the toolbar.
        await walk.use(page.locator('#help-button'), '"?"')
        await page.locator('#help-dialog[open]').waitFor()
        await walk.axe('the help dialog')
        await walk.reachable(page.locator('#help-dialog .dialog-actions button'), 'the help dialog\'s "Close"')
        assert.deepEqual(errors, [])
      } catch (error) {
        await page.screenshot({ path: `${OUTPUT}layout-${size.name}-failed.png` })
        throw error
      } finally {
        await page.context().close()
      }
    })
  }
})
