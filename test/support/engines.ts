/**
 * One browser suite, three engines (issue 39): what the app's browser tests need from a
 * browser, behind one interface (`EnginePage`), implemented once per engine:
 *
 * - chromium: Debian's Chromium through playwright-core, as the rest of test/web;
 * - firefox: Debian's Firefox ESR through WebDriver BiDi (puppeteer-core, which downloads no browser);
 * - webkit: WebKitGTK's WebKitWebDriver (W3C WebDriver classic, spoken with plain fetch) under an
 *   Xvfb of its own, driving either MiniBrowser (its automation profile lives in memory only: the
 *   `private` profile, like Safari's Private Browsing) or the small GTK shell webkit-shell.py
 *   (a persistent profile and the page language, like a clinician's Safari).
 *
 * The engines' differences are written here once: text is replaced by selecting it with
 * Ctrl+A (Firefox's triple click does not select an input's text) and Ctrl is released by
 * its own key-up action (WebKitGTK's NUL key does not release it); WebKit's Clear command is
 * never used (it commits an empty value to the input).
 * Every wait polls a condition in the page (each animation frame) until it holds: no sleeps.
 *
 * A test names the engines it needs with `forEngines`; an engine not installed is skipped
 * with the reason, unless CI is set (then it fails: CI must have them).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  watch,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext as PwContext, type Page as PwPage } from 'playwright-core'
import { CHROMIUM, CHROMIUM_ARGS } from './browser.js'
import { ROOT } from './paths.js'
import { freePort, waitUntilAnswering } from './server-process.js'

export type EngineName = 'chromium' | 'firefox' | 'webkit'
export const ENGINES: readonly EngineName[] = ['chromium', 'firefox', 'webkit']

export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr'
export const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver'
export const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser'
export const XVFB = '/usr/bin/Xvfb'
/** The GTK shell with a persistent profile (run from the source tree: it is not compiled). */
export const WEBKIT_SHELL = join(ROOT, 'test', 'support', 'webkit-shell.py')
const GI_WEBKIT = '/usr/lib/x86_64-linux-gnu/girepository-1.0/WebKit2-4.1.typelib'

/** Why an engine cannot run here (its packages missing), or undefined when it can. */
export function missingEngine(engine: EngineName, profile: Profile = 'persistent'): string | undefined {
  const need: [string, string][] =
    engine === 'chromium'
      ? [[CHROMIUM, 'chromium']]
      : engine === 'firefox'
        ? [[FIREFOX, 'firefox-esr']]
        : [
            [WEBKIT_DRIVER, 'webkit2gtk-driver'],
            [XVFB, 'xvfb'],
            ...(profile === 'private'
              ? ([[MINIBROWSER, 'webkit2gtk-driver']] as [string, string][])
              : ([
                  [GI_WEBKIT, 'gir1.2-webkit2-4.1'],
                  ['/usr/lib/python3/dist-packages/gi', 'python3-gi'],
                ] as [string, string][])),
          ]
  const missing = need.filter(([path]) => !existsSync(path))
  if (missing.length === 0) return undefined
  return `${engine} is not installed (${missing.map(([p]) => p).join(', ')} missing): apt-get install -y ${[...new Set(missing.map(([, p]) => p))].join(' ')}`
}

/**
 * Runs `body` once per engine; an engine that is not installed is skipped with the reason
 * (`body` gets the reason as `skip`, for describe/test's `skip` option), unless CI is set:
 * then `skip` is false and the launch fails, saying what to install.
 */
export function forEngines(
  engines: readonly EngineName[],
  body: (engine: EngineName, skip: string | false) => void,
  profile: Profile = 'persistent',
): void {
  for (const engine of engines) {
    const missing = missingEngine(engine, profile)
    body(engine, missing !== undefined && !process.env.CI ? missing : false)
  }
}

/** 'persistent': a profile on disk, kept while the browser runs and across `relaunch`; 'private': WebKit's in-memory profile (MiniBrowser). */
export type Profile = 'persistent' | 'private'

export interface LaunchOptions {
  readonly viewport?: { width: number; height: number }
  /** The page's language (navigator.language), e.g. 'es-ES'; not MiniBrowser's (the private profile), which cannot set it. */
  readonly locale?: string
  readonly profile?: Profile
  /**
   * A persistent profile's folder that the caller keeps (and removes): a browser launched again on
   * it finds what the last one left, as a clinician's browser restarted does. Default: a folder of
   * the browser's own, removed when it closes.
   */
  readonly profileDir?: string
  /**
   * JavaScript run at document start in every page, before the page's own scripts (a test's
   * instrument, e.g. counting calls of an API): Playwright's init script, puppeteer's
   * evaluateOnNewDocument, the GTK shell's user script. Not in the private profile (MiniBrowser has none).
   */
  readonly initScript?: string
}

/** A file given to an <input type=file>. */
export interface UploadFile {
  readonly name: string
  readonly mimeType: string
  readonly buffer: Buffer
}

/** Named keys `press` knows (and a single character); 'Control+a', 'Shift+ArrowRight' press the modifier with the key. */
export type Key = 'Enter' | 'Tab' | 'Escape' | 'Backspace' | 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown'

/** A file the page downloaded: the name it was saved under and its bytes. */
export interface Download {
  readonly name: string
  readonly bytes: Buffer
}

/** What the app's tests do with a browser, the same in every engine. */
export interface EnginePage {
  readonly engine: EngineName
  /**
   * Page errors and console errors, where the engine reports them (Chromium and Firefox;
   * WebKit's WebDriver does not: `errors` stays empty there, and a test reads what the page shows;
   * the GTK shell collects them in the page, and a failed wait shows them).
   */
  readonly errors: string[]
  goto(url: string): Promise<void>
  reload(): Promise<void>
  /** The page's viewport in CSS pixels (window.innerWidth × innerHeight). */
  setViewport(width: number, height: number): Promise<void>
  /** A mouse click at a point of the viewport, CSS pixels. */
  clickAt(x: number, y: number): Promise<void>
  /** A mouse click on the middle of the element (scrolled into view first). */
  click(selector: string): Promise<void>
  /** Chooses the option with `value` of a <select>, as a user picking it does (its change event follows). */
  select(selector: string, value: string): Promise<void>
  /** Replaces the text of a field, as typed (clicked, all selected, the text typed). */
  fill(selector: string, text: string): Promise<void>
  /** A key on the focused element; 'Control+a' holds Ctrl while pressing a, 'Shift+ArrowRight' Shift. */
  press(key: Key | `Control+${string}` | `Shift+${string}`): Promise<void>
  /** The element's textContent, trimmed. */
  text(selector: string): Promise<string>
  attribute(selector: string, name: string): Promise<string | null>
  /** The value of a JavaScript expression in the page (awaited when a promise); it must be JSON. */
  evaluate<T>(expression: string): Promise<T>
  /** Waits until the selector matches an element (`state: 'attached'`) or one that is rendered (default `visible`). */
  waitFor(selector: string, options?: { state?: 'attached' | 'visible'; timeoutMs?: number }): Promise<void>
  /** Waits until the expression is truthy in the page, checked each animation frame; `what` names it in the failure. */
  waitUntil(expression: string, what: string, timeoutMs?: number): Promise<void>
  /** Gives a file to an <input type=file>, as a user picking it does (its change event follows). */
  upload(selector: string, file: UploadFile): Promise<void>
  /**
   * Clicks the element and returns the file the page downloads, once saved whole: Playwright's
   * download in Chromium; in Firefox and the GTK shell the new file in the profile's `downloads`
   * folder (saved there without a dialog; Firefox writes a `.part` beside it, WebKit a `.wkdownload`,
   * until the download ends). Not in the private profile (MiniBrowser saves no download).
   */
  download(selector: string): Promise<Download>
  /**
   * A second window of the same browser and profile (a tab in Chromium and Firefox, a window in
   * WebKit), on no URL yet: two windows on one record. Closing it leaves this one open.
   */
  openWindow(): Promise<EnginePage>
  /**
   * Takes the network away from the browser where the engine has a switch for it (Chromium:
   * the context offline; Firefox: WebDriver BiDi's offline emulation) and says whether it did.
   * WebKitGTK's WebDriver has none: false, and a test takes the network away by stopping the
   * server process (connections refused), which is all the app's origin is.
   */
  setOffline(offline: boolean): Promise<boolean>
  close(): Promise<void>
}

/** How long a wait lasts before it fails: generous, for a loaded 2-core machine running other test files beside. */
const WAIT_MS = 60_000

/** A page expression that resolves true once `expression` holds (checked each animation frame), or false after `ms`. */
function pollScript(expression: string, ms: number): string {
  return `new Promise((resolve) => {
    const started = performance.now()
    const check = () => {
      let ok = false
      try { ok = Boolean(${expression}) } catch { ok = false }
      if (ok) return resolve(true)
      if (performance.now() - started > ${ms}) return resolve(false)
      // Each frame; a hidden page gets no frames, so a macrotask there.
      if (document.hidden) setTimeout(check, 16)
      else requestAnimationFrame(check)
    }
    check()
  })`
}

/** A page expression describing the page for a failed wait: its address, load state, title and the start of its body. */
const PAGE_STATE = `JSON.stringify({
  url: location.href,
  readyState: document.readyState,
  hidden: document.hidden,
  viewport: [window.innerWidth, window.innerHeight],
  title: document.title,
  scripts: [...document.scripts].map((s) => s.src || 'inline').slice(0, 5),
  body: (document.body?.innerHTML ?? '').replace(/\\s+/g, ' ').slice(0, 400),
  errors: window.__pageErrors ?? 'not collected in this engine',
})`

/**
 * Collects the page's uncaught errors, failed loads (a script, a style) and unhandled rejections
 * into window.__pageErrors from document start, for the GTK shell, whose WebDriver reports none:
 * a failed wait shows them (PAGE_STATE).
 */
const ERROR_COLLECTOR = `(() => {
  window.__pageErrors = []
  const keep = (text) => window.__pageErrors.length < 20 && window.__pageErrors.push(text)
  addEventListener('error', (e) => keep(e.target && e.target !== window && (e.target.src || e.target.href)
    ? 'failed to load ' + (e.target.src || e.target.href)
    : String(e.message) + ' at ' + e.filename + ':' + e.lineno), true)
  addEventListener('unhandledrejection', (e) => keep('unhandled rejection: ' + String(e.reason && e.reason.stack || e.reason)))
})();
`

/** A selector's state as a page expression. */
function selectorState(selector: string, state: 'attached' | 'visible'): string {
  const q = `document.querySelector(${JSON.stringify(selector)})`
  return state === 'attached'
    ? `${q} !== null`
    : `(() => { const e = ${q}; if (!e) return false; const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden' })()`
}

/** The parts every engine shares, written once on top of evaluate, clickAt and the keys. */
abstract class BasePage implements EnginePage {
  readonly errors: string[] = []
  abstract readonly engine: EngineName
  abstract goto(url: string): Promise<void>
  abstract reload(): Promise<void>
  abstract setViewport(width: number, height: number): Promise<void>
  abstract clickAt(x: number, y: number): Promise<void>
  abstract press(key: Key | `Control+${string}` | `Shift+${string}`): Promise<void>
  abstract evaluate<T>(expression: string): Promise<T>
  abstract upload(selector: string, file: UploadFile): Promise<void>
  abstract select(selector: string, value: string): Promise<void>
  abstract download(selector: string): Promise<Download>
  abstract openWindow(): Promise<EnginePage>
  abstract setOffline(offline: boolean): Promise<boolean>
  abstract close(): Promise<void>
  /** Types text into the focused element. */
  protected abstract typeText(text: string): Promise<void>

  async waitUntil(expression: string, what: string, timeoutMs = WAIT_MS): Promise<void> {
    const deadline = Date.now() + timeoutMs
    let lastError: unknown
    let polls = 0
    for (;;) {
      // Polled in the page in slices, so that a navigation meanwhile (which ends the script) is survived.
      const left = deadline - Date.now()
      polls++
      const held = await this.evaluate<boolean>(pollScript(expression, Math.max(0, Math.min(left, 10_000)))).catch(
        (error: unknown) => {
          lastError = error
          return false
        },
      )
      if (held) return
      if (Date.now() >= deadline) {
        // What the page was when the wait gave up, so that a failure says why (a page that never
        // loaded, a script that failed, a browser that stopped answering) and not only how long.
        const page = await this.evaluate<string>(PAGE_STATE).catch((error: unknown) => `not readable: ${error}`)
        throw new Error(
          `${this.engine}: waited ${timeoutMs} ms for ${what} (${polls} polls` +
            `${lastError === undefined ? '' : `; the last one failed: ${String(lastError).slice(0, 300)}`}); the page: ${page}`,
        )
      }
    }
  }

  waitFor(selector: string, options: { state?: 'attached' | 'visible'; timeoutMs?: number } = {}): Promise<void> {
    const state = options.state ?? 'visible'
    return this.waitUntil(selectorState(selector, state), `${selector} (${state})`, options.timeoutMs)
  }

  async click(selector: string): Promise<void> {
    await this.waitFor(selector)
    const [x, y] = await this.evaluate<[number, number]>(`(() => {
      const e = document.querySelector(${JSON.stringify(selector)})
      e.scrollIntoView({ block: 'center', inline: 'center' })
      const r = e.getBoundingClientRect()
      return [r.x + r.width / 2, r.y + r.height / 2]
    })()`)
    await this.clickAt(x, y)
  }

  async fill(selector: string, text: string): Promise<void> {
    const focused = `document.activeElement === document.querySelector(${JSON.stringify(selector)})`
    // A click is aimed at where the field was when it was read: one that the page moved away from
    // meanwhile lands beside it, and the field never takes the focus (Firefox, the first field filled
    // after the app started, once in a CI run). So the field is clicked again, aimed afresh, when the
    // focus has not come; a click that reached it is not repeated.
    for (let attempt = 1; ; attempt++) {
      await this.click(selector)
      try {
        await this.waitUntil(focused, `${selector} focused`, attempt < 3 ? WAIT_MS / 6 : WAIT_MS)
        break
      } catch (error) {
        if (attempt >= 3) throw error
      }
    }
    await this.press('Control+a')
    await this.press('Backspace')
    await this.typeText(text)
  }

  text(selector: string): Promise<string> {
    return this.evaluate<string>(`(document.querySelector(${JSON.stringify(selector)})?.textContent ?? '').trim()`)
  }

  attribute(selector: string, name: string): Promise<string | null> {
    return this.evaluate<string | null>(
      `document.querySelector(${JSON.stringify(selector)})?.getAttribute(${JSON.stringify(name)}) ?? null`,
    )
  }
}

/** Splits 'Control+a' or 'Shift+ArrowRight' into its modifier and key. */
function parseKey(key: string): { modifier: 'Control' | 'Shift' | undefined; key: string } {
  for (const modifier of ['Control', 'Shift'] as const)
    if (key.startsWith(`${modifier}+`)) return { modifier, key: key.slice(modifier.length + 1) }
  return { modifier: undefined, key }
}

/** A download's file while it is being written: Firefox's `.part`, WebKit's `.wkdownload`. */
const PARTIAL = /\.(part|wkdownload)$/

/**
 * Runs `action` (the click that starts a download) and waits until a file not among those
 * `folder` held before is there whole: no partial file of it beside it, and not empty. Waits on
 * the folder's change events (fs.watch), never a sleep.
 */
async function downloadedInto(folder: string, engine: EngineName, action: () => Promise<void>): Promise<Download> {
  mkdirSync(folder, { recursive: true })
  const before = new Set(readdirSync(folder))
  const whole = (): string | undefined => {
    const names = readdirSync(folder)
    return names.find(
      (name) =>
        !before.has(name) &&
        !PARTIAL.test(name) &&
        !names.some((other) => PARTIAL.test(other) && other.startsWith(name)) &&
        statSync(join(folder, name)).size > 0,
    )
  }
  const watcher = watch(folder)
  try {
    const found = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${engine}: no download saved in ${folder} within ${WAIT_MS} ms`)),
        WAIT_MS,
      )
      const check = () => {
        const name = whole()
        if (name === undefined) return
        clearTimeout(timer)
        resolve(name)
      }
      watcher.on('change', check)
      watcher.on('error', reject)
      // The folder's events only say that something changed: the state is read on each, and once after the click.
      void action().then(check, reject)
    })
    const name = await found
    return { name, bytes: readFileSync(join(folder, name)) }
  } finally {
    watcher.close()
  }
}

/** Writes a file to give to an input into `folder` (a folder of its own per file: names may repeat); returns its path. */
function uploadPath(folder: string, file: UploadFile): string {
  const own = mkdtempSync(join(folder, 'file-'))
  const path = join(own, file.name)
  writeFileSync(path, file.buffer)
  return path
}

/** The profile's folder: the caller's (`profileDir`, kept), or one of its own removed on close. */
function profileFolder(engine: EngineName, options: LaunchOptions): { folder: string; owned: boolean } {
  if (options.profileDir !== undefined) return { folder: options.profileDir, owned: false }
  return { folder: mkdtempSync(join(tmpdir(), `posture-${engine}-`)), owned: true }
}

// ---- Chromium: playwright-core ------------------------------------------------------

class ChromiumPage extends BasePage {
  readonly engine = 'chromium'
  private constructor(
    private readonly context: PwContext,
    private readonly page: PwPage,
    /** The profile's folder, removed when it is the page's own; undefined for a second window (the first one's). */
    private readonly profile: { folder: string; owned: boolean } | undefined,
  ) {
    super()
    page.on('pageerror', (e) => this.errors.push(String(e)))
    page.on('console', (m) => m.type() === 'error' && this.errors.push(m.text()))
  }

  static async launch(options: LaunchOptions): Promise<ChromiumPage> {
    const profile = profileFolder('chromium', options)
    const context = await chromium.launchPersistentContext(profile.folder, {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
      viewport: options.viewport ?? { width: 1400, height: 900 },
      deviceScaleFactor: 1,
      ...(options.locale ? { locale: options.locale } : {}),
    })
    if (options.initScript !== undefined) await context.addInitScript(options.initScript)
    const page = context.pages()[0] ?? (await context.newPage())
    page.setDefaultTimeout(WAIT_MS)
    return new ChromiumPage(context, page, profile)
  }

  async goto(url: string): Promise<void> {
    await this.page.goto(url)
  }
  async reload(): Promise<void> {
    await this.page.reload()
  }
  async setViewport(width: number, height: number): Promise<void> {
    await this.page.setViewportSize({ width, height })
  }
  async clickAt(x: number, y: number): Promise<void> {
    await this.page.mouse.click(x, y)
  }
  async press(key: string): Promise<void> {
    await this.page.keyboard.press(key)
  }
  protected async typeText(text: string): Promise<void> {
    await this.page.keyboard.type(text)
  }
  evaluate<T>(expression: string): Promise<T> {
    return this.page.evaluate(expression) as Promise<T>
  }
  async upload(selector: string, file: UploadFile): Promise<void> {
    await this.page.locator(selector).setInputFiles({ ...file })
  }
  async select(selector: string, value: string): Promise<void> {
    await this.page.locator(selector).selectOption(value)
  }
  async download(selector: string): Promise<Download> {
    const started = this.page.waitForEvent('download', { timeout: WAIT_MS })
    await this.click(selector)
    const file = await started
    const path = await file.path()
    return { name: file.suggestedFilename(), bytes: readFileSync(path) }
  }
  async openWindow(): Promise<EnginePage> {
    const page = await this.context.newPage()
    page.setDefaultTimeout(WAIT_MS)
    return new ChromiumPage(this.context, page, undefined)
  }
  async setOffline(offline: boolean): Promise<boolean> {
    await this.context.setOffline(offline)
    return true
  }
  async close(): Promise<void> {
    if (this.profile === undefined) {
      await this.page.close().catch(() => undefined)
      return
    }
    await this.context.close().catch(() => undefined)
    if (this.profile.owned) rmSync(this.profile.folder, { recursive: true, force: true })
  }
}

// ---- Firefox: puppeteer-core over WebDriver BiDi --------------------------------------

type PuppeteerBrowser = import('puppeteer-core').Browser
type PuppeteerPage = import('puppeteer-core').Page

class FirefoxPage extends BasePage {
  readonly engine = 'firefox'
  /** Files given to inputs: kept until the browser closes (it reads a picked file when the page does). */
  private readonly uploads = mkdtempSync(join(tmpdir(), 'posture-upload-'))
  private constructor(
    private readonly browser: PuppeteerBrowser,
    private readonly page: PuppeteerPage,
    /** The profile's folder (the first window's for a second one) and whether this page ends the browser. */
    private readonly profile: { folder: string; owned: boolean },
    private readonly tabs: { front: PuppeteerPage },
    private readonly ownsBrowser = true,
  ) {
    super()
    page.on('pageerror', (e) => this.errors.push(String(e)))
    page.on('console', (m) => m.type() === 'error' && this.errors.push(m.text()))
  }

  /**
   * Brings this tab to the front before input: of two tabs, only the one in front gets the
   * keyboard's focus (and so focus, blur and change events), as a clinician's click on a tab does.
   */
  private async front(): Promise<void> {
    if (this.tabs.front === this.page) return
    await this.page.bringToFront()
    this.tabs.front = this.page
  }

  static async launch(options: LaunchOptions): Promise<FirefoxPage> {
    const puppeteer = (await import('puppeteer-core')).default
    const profile = profileFolder('firefox', options)
    const browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: FIREFOX,
      headless: true,
      userDataDir: profile.folder,
      // Firefox's start took 30 s (puppeteer's default limit) beside other test files on a loaded 2-core machine.
      timeout: 2 * WAIT_MS,
      defaultViewport: options.viewport ?? { width: 1400, height: 900 },
      extraPrefsFirefox: {
        ...(options.locale ? { 'intl.accept_languages': options.locale, 'intl.locale.requested': options.locale } : {}),
        // Downloads saved in the profile's folder, without a dialog (not the user's Downloads).
        'browser.download.folderList': 2,
        'browser.download.dir': join(profile.folder, 'downloads'),
        'browser.download.useDownloadDir': true,
        'browser.download.always_ask_before_handling_new_types': false,
        // No calls out of this machine.
        'app.update.enabled': false,
        'browser.shell.checkDefaultBrowser': false,
      },
    })
    // A tab of its own: the tab Firefox opens with never gets the focus (no focus, blur or change
    // event there: a field typed into and left with Tab never commits), a new one does.
    const first = await browser.pages()
    const page = await browser.newPage()
    for (const tab of first) await tab.close()
    if (options.initScript !== undefined) await page.evaluateOnNewDocument(options.initScript)
    page.setDefaultTimeout(WAIT_MS)
    page.setDefaultNavigationTimeout(WAIT_MS)
    return new FirefoxPage(browser, page, profile, { front: page })
  }

  async goto(url: string): Promise<void> {
    await this.page.goto(url)
  }
  async reload(): Promise<void> {
    await this.page.reload()
  }
  async setViewport(width: number, height: number): Promise<void> {
    await this.page.setViewport({ width, height })
  }
  async clickAt(x: number, y: number): Promise<void> {
    await this.front()
    await this.page.mouse.click(x, y)
  }
  async press(key: string): Promise<void> {
    await this.front()
    const { modifier, key: k } = parseKey(key)
    if (modifier) await this.page.keyboard.down(modifier)
    // biome-ignore lint/suspicious/noExplicitAny: puppeteer's KeyInput is a union of key names; ours are among them
    await this.page.keyboard.press(k as any)
    if (modifier) await this.page.keyboard.up(modifier)
  }
  protected async typeText(text: string): Promise<void> {
    await this.front()
    await this.page.keyboard.type(text)
  }
  evaluate<T>(expression: string): Promise<T> {
    return this.page.evaluate(expression) as Promise<T>
  }
  async upload(selector: string, file: UploadFile): Promise<void> {
    const path = uploadPath(this.uploads, file)
    const input = await this.page.$(selector)
    if (!input) throw new Error(`firefox: no ${selector} to upload to`)
    // biome-ignore lint/suspicious/noExplicitAny: an <input type=file>'s handle
    await (input as any).uploadFile(path)
  }
  async select(selector: string, value: string): Promise<void> {
    await this.front()
    await this.page.select(selector, value)
  }
  download(selector: string): Promise<Download> {
    return downloadedInto(join(this.profile.folder, 'downloads'), this.engine, () => this.click(selector))
  }
  async openWindow(): Promise<EnginePage> {
    const page = await this.browser.newPage()
    page.setDefaultTimeout(WAIT_MS)
    page.setDefaultNavigationTimeout(WAIT_MS)
    this.tabs.front = page
    return new FirefoxPage(this.browser, page, this.profile, this.tabs, false)
  }
  async setOffline(offline: boolean): Promise<boolean> {
    // WebDriver BiDi's emulation.setNetworkConditions; an ESR without it says so.
    return this.page.setOfflineMode(offline).then(
      () => true,
      () => false,
    )
  }
  async close(): Promise<void> {
    rmSync(this.uploads, { recursive: true, force: true })
    if (!this.ownsBrowser) {
      await this.page.close().catch(() => undefined)
      return
    }
    await this.browser.close().catch(() => undefined)
    if (this.profile.owned) rmSync(this.profile.folder, { recursive: true, force: true })
  }
}

// ---- WebKit: WebKitWebDriver (W3C WebDriver classic over fetch) under Xvfb --------------

const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf'
/** WebDriver's key codes for the named keys. */
const WEBDRIVER_KEYS: Record<string, string> = {
  Enter: '\uE007',
  Tab: '\uE004',
  Escape: '\uE00C',
  Backspace: '\uE003',
  ArrowLeft: '\uE012',
  ArrowUp: '\uE013',
  ArrowRight: '\uE014',
  ArrowDown: '\uE015',
  Control: '\uE009',
  Shift: '\uE008',
}

/** Starts Xvfb on a display number it picks itself (-displayfd: no number guessed, no race with another file's). */
async function startXvfb(): Promise<{ display: string; child: ChildProcess }> {
  const child = spawn(XVFB, ['-displayfd', '3', '-screen', '0', '1920x1400x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const display = await new Promise<string>((resolve, reject) => {
    let out = ''
    const fd3 = child.stdio[3] as NodeJS.ReadableStream
    fd3.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (out.includes('\n')) resolve(`:${out.trim()}`)
    })
    child.once('exit', (code) => reject(new Error(`Xvfb exited (${code}) before it had a display: ${stderr}`)))
  })
  return { display, child }
}

/** Ends a child process and waits for it. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
  await exited
  clearTimeout(timer)
}

/** The init script written beside the profile for the GTK shell (--user-script); returns its path. */
function initScriptFile(profileFolder: string, script: string): string {
  mkdirSync(profileFolder, { recursive: true })
  const path = join(profileFolder, 'init-script.js')
  writeFileSync(path, script)
  return path
}

class WebKitPage extends BasePage {
  readonly engine = 'webkit'
  /** Files given to inputs: kept until the browser closes (it reads a picked file when the page does). */
  private readonly uploads = mkdtempSync(join(tmpdir(), 'posture-upload-'))
  /** This page's window (WebDriver's handle), once known; a session has one current window at a time. */
  private handle: string | undefined
  private constructor(
    private readonly base: string,
    private readonly xvfb: ChildProcess,
    private readonly driver: ChildProcess,
    private readonly profile: { folder: string; owned: boolean } | undefined,
    /** The session's current window, shared by its pages; the first page (the one that ends the session) has `ownsSession`. */
    private readonly session: { current: string | undefined },
    private readonly ownsSession = true,
  ) {
    super()
  }

  static async launch(options: LaunchOptions): Promise<WebKitPage> {
    const { display, child: xvfb } = await startXvfb()
    let driver: ChildProcess | undefined
    const profile = options.profile === 'private' ? undefined : profileFolder('webkit', options)
    try {
      const port = await freePort()
      let log = ''
      driver = spawn(WEBKIT_DRIVER, [`--port=${port}`, '--host=127.0.0.1'], {
        env: { ...process.env, DISPLAY: display },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      driver.stdout?.on('data', (c: Buffer) => {
        log += c.toString()
      })
      driver.stderr?.on('data', (c: Buffer) => {
        log += c.toString()
      })
      const base = `http://127.0.0.1:${port}`
      await waitUntilAnswering(driver, `${base}/status`, 'WebKitWebDriver', WAIT_MS, () => `\n${log}`)
      const browserOptions =
        profile === undefined
          ? { binary: MINIBROWSER, args: ['--automation'] }
          : {
              binary: WEBKIT_SHELL,
              args: [
                '--automation',
                `--profile=${profile.folder}`,
                ...(options.locale ? [`--language=${options.locale}`] : []),
                `--user-script=${initScriptFile(profile.folder, `${ERROR_COLLECTOR}\n${options.initScript ?? ''}`)}`,
              ],
            }
      const session = await webdriver(base, 'POST', '/session', {
        capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': browserOptions } },
      })
      const page = new WebKitPage(`${base}/session/${session.sessionId}`, xvfb, driver, profile, { current: undefined })
      page.handle = await page.command('GET', '/window')
      page.session.current = page.handle
      await page.command('POST', '/timeouts', { script: WAIT_MS + 30_000, pageLoad: WAIT_MS, implicit: 0 })
      await page.setViewport(options.viewport?.width ?? 1400, options.viewport?.height ?? 900)
      return page
    } catch (error) {
      if (driver) await stop(driver)
      await stop(xvfb)
      if (profile?.owned) rmSync(profile.folder, { recursive: true, force: true })
      throw error
    }
  }

  /** One command to this page's window: the session switched to it first when another window was current. */
  // biome-ignore lint/suspicious/noExplicitAny: a WebDriver answer's value, JSON
  private async command(method: string, path: string, body?: unknown): Promise<any> {
    if (this.handle !== undefined && this.session.current !== this.handle) {
      await webdriver(this.base, 'POST', '/window', { handle: this.handle })
      this.session.current = this.handle
    }
    return webdriver(this.base, method, path, body)
  }

  async goto(url: string): Promise<void> {
    await this.command('POST', '/url', { url })
  }
  async reload(): Promise<void> {
    await this.command('POST', '/refresh', {})
  }
  async setViewport(width: number, height: number): Promise<void> {
    // The window's size includes what is not the page (MiniBrowser's toolbar): set, measured, corrected.
    let rect = { width, height }
    for (let i = 0; i < 4; i++) {
      await this.command('POST', '/window/rect', rect)
      const [w, h] = await this.evaluate<[number, number]>('[window.innerWidth, window.innerHeight]')
      if (w === width && h === height) return
      rect = { width: rect.width + width - w, height: rect.height + height - h }
    }
    throw new Error(`webkit: the viewport did not become ${width}x${height}`)
  }
  async clickAt(x: number, y: number): Promise<void> {
    await this.command('POST', '/actions', {
      actions: [
        {
          type: 'pointer',
          id: 'mouse',
          parameters: { pointerType: 'mouse' },
          actions: [
            { type: 'pointerMove', x: Math.round(x), y: Math.round(y), origin: 'viewport', duration: 0 },
            { type: 'pointerDown', button: 0 },
            { type: 'pointerUp', button: 0 },
          ],
        },
      ],
    })
  }
  async press(key: string): Promise<void> {
    const { modifier, key: k } = parseKey(key)
    const value = WEBDRIVER_KEYS[k] ?? k
    const held = modifier === undefined ? undefined : WEBDRIVER_KEYS[modifier]
    const keys = [
      ...(held ? [{ type: 'keyDown', value: held }] : []),
      { type: 'keyDown', value },
      { type: 'keyUp', value },
      // The modifier released by its own key-up: WebKitGTK's NUL key does not release it.
      ...(held ? [{ type: 'keyUp', value: held }] : []),
    ]
    await this.command('POST', '/actions', { actions: [{ type: 'key', id: 'keyboard', actions: keys }] })
  }
  protected async typeText(text: string): Promise<void> {
    const keys = [...text].flatMap((c) => [
      { type: 'keyDown', value: c },
      { type: 'keyUp', value: c },
    ])
    await this.command('POST', '/actions', { actions: [{ type: 'key', id: 'keyboard', actions: keys }] })
  }
  async evaluate<T>(expression: string): Promise<T> {
    // execute/async: the expression's value awaited in the page, its failure returned as data.
    const script = `const done = arguments[arguments.length - 1]
      Promise.resolve().then(() => (${expression})).then(
        (value) => done({ value: value === undefined ? null : value }),
        (error) => done({ error: String(error && error.stack || error) }))`
    const answer = await this.command('POST', '/execute/async', { script, args: [] })
    if (answer?.error !== undefined) throw new Error(`webkit: ${answer.error}`)
    return answer?.value as T
  }
  async upload(selector: string, file: UploadFile): Promise<void> {
    const path = uploadPath(this.uploads, file)
    const element = await this.command('POST', '/element', { using: 'css selector', value: selector })
    await this.command('POST', `/element/${element[ELEMENT]}/value`, { text: path })
  }
  async select(selector: string, value: string): Promise<void> {
    // WebDriver's Element Click on an <option> selects it (the spec's way to use a <select>).
    const option = await this.command('POST', '/element', {
      using: 'css selector',
      value: `${selector} option[value=${JSON.stringify(value)}]`,
    })
    await this.command('POST', `/element/${option[ELEMENT]}/click`, {})
  }
  download(selector: string): Promise<Download> {
    if (this.profile === undefined) throw new Error('webkit: MiniBrowser (the private profile) saves no download')
    return downloadedInto(join(this.profile.folder, 'downloads'), this.engine, () => this.click(selector))
  }
  async openWindow(): Promise<EnginePage> {
    // WebDriver's New Window: the GTK shell makes a window of the same context (profile) for it.
    const { handle } = await this.command('POST', '/window/new', { type: 'window' })
    const page = new WebKitPage(this.base, this.xvfb, this.driver, this.profile, this.session, false)
    page.handle = handle
    const [width, height] = await this.evaluate<[number, number]>('[window.innerWidth, window.innerHeight]')
    await page.setViewport(width, height)
    return page
  }
  async setOffline(): Promise<boolean> {
    // WebKitGTK's WebDriver has no network switch: the caller stops the server process instead.
    return false
  }
  async close(): Promise<void> {
    if (!this.ownsSession) {
      rmSync(this.uploads, { recursive: true, force: true })
      await this.command('DELETE', '/window').catch(() => undefined)
      this.session.current = undefined
      return
    }
    await this.command('DELETE', '').catch(() => undefined)
    await stop(this.driver)
    await stop(this.xvfb)
    if (this.profile?.owned) rmSync(this.profile.folder, { recursive: true, force: true })
    rmSync(this.uploads, { recursive: true, force: true })
  }
}

/** One WebDriver command; an error answer (`value.error`) is thrown with its message. */
// biome-ignore lint/suspicious/noExplicitAny: a WebDriver answer's value, JSON
async function webdriver(base: string, method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${base}${path}`, {
    method,
    // Longer than any wait in the page (WAIT_MS): a browser that never starts or answers fails the test.
    signal: AbortSignal.timeout(2 * WAIT_MS),
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const json = (await response.json().catch(() => ({}))) as { value?: { error?: string; message?: string } }
  if (!response.ok || (json.value && typeof json.value === 'object' && 'error' in json.value && json.value.error))
    throw new Error(`webkit: ${method} ${path}: ${json.value?.error} ${json.value?.message ?? response.status}`)
  return json.value
}

/** Launches the engine with one page (not yet on any URL); the caller closes it. */
export async function launch(engine: EngineName, options: LaunchOptions = {}): Promise<EnginePage> {
  const missing = missingEngine(engine, options.profile)
  if (missing) throw new Error(missing)
  if (options.profile === 'private' && engine !== 'webkit')
    throw new Error(`${engine}: the private profile is WebKit's (MiniBrowser) only`)
  if (options.profile === 'private' && options.initScript !== undefined)
    throw new Error(`${engine}: no init script in the private profile (MiniBrowser runs none)`)
  mkdirSync(tmpdir(), { recursive: true })
  if (engine === 'chromium') return ChromiumPage.launch(options)
  if (engine === 'firefox') return FirefoxPage.launch(options)
  return WebKitPage.launch(options)
}
