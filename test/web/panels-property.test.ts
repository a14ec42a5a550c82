/**
 * A property-based browser test of the marking app's input (issue 38): fast-check draws random
 * sequences of user commands (place the prompted marker by a click or a tap on the photo, type x,
 * Tab, y in a marker's row, drag a marker, undo, redo, remove, choose a marker in the list or by
 * its handle, confirm a suggestion, switch the view and back, open and close dialogs that
 * re-render, a click or a tap just beside the photo that shows a notice, press/release pairs on a
 * control, the prompt's or a row's button, with a change of state between the press and the
 * release) interleaved with changes of state that redraw the page: notices (Ctrl+S), suggestions
 * arriving (a suggestion run started, its result arriving on its own, mid-drag or between a press
 * and its release: POSE_STANDIN below), and the sync's status (signed in to a real record server,
 * support/sync-app.ts, the app syncs after each edit; the browser offline and online, the server
 * stopped and started, "Sync now"). It drives them in real Chromium, in Spanish, on the anterior
 * test figure, at three sizes: 1440 x 900 (a touch screen beside the mouse), 820 x 1180 and
 * 390 x 844 (touch: taps), starting from a random mix of markers placed, suggested and missing. A
 * pure reference model (below, written from docs/app.md "The pointer and the prompt" and "Typed
 * coordinates" and docs/suggestions.md, not from the app's code) says what the record must then
 * hold; after each command the store (the assessment file as saved), the marker list and the
 * stage equal it: the markers and their positions, which are suggestions (none confirmed or
 * placed by an act that did not aim at it), the prompt's marker, the focus left in the y field
 * after typing, and the focus never on the page's body after an action inside a panel or a
 * dialog; a press/release pair does its control's action exactly once; "Sync now" ends as the
 * network and the server say.
 *
 * Every run prints its seed; a failure prints the shrunk sequence. Replay one with
 * `FC_SEED=<seed> [FC_PATH=<path> FC_REPLAY=<replayPath>] node --test --test-name-pattern=<size> dist/test/web/panels-property.test.js`
 * (each size runs the seed printed plus its place: desktop +0, tablet +1, phone +2). FC_RUNS sets
 * the number of runs at the desktop size (5 by default, each of at most 12 commands; the tablet
 * and the phone a third of it, at least 2); FC_LOG=1 prints every run's commands. The shrunk
 * sequences of the faults it found are replayed on every run (REGRESSIONS, at the end).
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import fc from 'fast-check'
import type { BrowserContext, Page } from 'playwright-core'
import { VIEWS } from '#core/markers.js'
import { loadPhoto, openApp, screenOf } from '../support/browser.js'
import { testStores } from '../support/postgres.js'
import { savedToRecord } from '../support/record.js'
import {
  closeSync,
  openSync,
  type SyncSetup,
  signIn,
  startSyncSetup,
  syncedSince,
  syncNow,
} from '../support/sync-app.js'
import { FIGURES } from './fixtures/figure.js'

const SPEC = FIGURES.anterior
/** The anterior view's markers in protocol order (the calibration is complete in every run). */
const ORDER: readonly string[] = VIEWS.anterior.map((m) => m.name)
/** Runs at the desktop size; the tablet and the phone get a third each (at least 2). */
const RUNS = Number(process.env.FC_RUNS ?? 5)
const SMALL_RUNS = Math.max(2, Math.round(RUNS / 3))
/** The most commands in one run. */
const MAXCMD = 12
const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : (Date.now() ^ (Math.random() * 0x100000000)) | 0

type Pt = readonly [number, number]
interface Mark {
  readonly p: Pt
  readonly suggested: boolean
}
/** A document of the model: its identity is its version (as the app's Doc objects are). */
interface Doc {
  readonly markers: ReadonlyMap<string, Mark>
}
interface Model {
  doc: Doc
  past: Doc[]
  future: Doc[]
  /** The clinician's choice and the document it was made on: it holds while that document is the current one. */
  sel: { id: string; doc: Doc } | null
  /** The id of the element that must have the focus after the last command (null: not asserted). */
  focus: string | null
  /** The last command acted inside a panel or a dialog: the focus must then not fall to the page's body. */
  inside: boolean
  /** Signed in to the record server (the app then syncs after each edit). */
  signed: boolean
  /** The browser online (Playwright's setOffline) and the record server running. */
  online: boolean
  up: boolean
  /** A suggestion run under way: the pose result held until it arrives (null: no run). */
  pending: readonly Sug[] | null
  /** The markers the last run was sure of: "Confirm N sure suggestions" is in the toolbar while one is still a suggestion. */
  sure: readonly string[]
}
/** A marker the pose model suggests at p (sure: "Confirm all" may confirm it). */
interface Sug {
  readonly i: number
  readonly p: Pt
  readonly sure: boolean
}
interface Real {
  page: Page
  context: BrowserContext
  /** A touch screen (phone, tablet): the pointer's acts on the photo and the lists are taps. */
  touch: boolean
}

const firstMissing = (doc: Doc): string | null => ORDER.find((id) => !doc.markers.has(id)) ?? null
const promptOf = (m: Model): string | null => (m.sel && m.sel.doc === m.doc ? m.sel.id : firstMissing(m.doc))
/** A new document with `id` at p (confirmed: a hand's act) or removed (null). */
function withMark(doc: Doc, id: string, p: Pt | null): Doc {
  const markers = new Map(doc.markers)
  if (p === null) markers.delete(id)
  else markers.set(id, { p: [snap(p[0]), snap(p[1])], suggested: false })
  return { markers }
}
const snap = (v: number) => Math.round(v * 10) / 10
/** Commits `doc` to the history, as every change of the document does. */
function commit(m: Model, doc: Doc): void {
  m.past.push(m.doc)
  m.future = []
  m.doc = doc
}
/**
 * A suggestion run's result arrives (docs/suggestions.md): each suggested marker goes in as a
 * suggestion at its place unless the clinician confirmed one there (placed or confirmed: kept),
 * replacing an earlier suggestion; one step of the history when anything changed; the choice ends.
 */
function arrive(m: Model): void {
  const markers = new Map(m.doc.markers)
  let changed = false
  for (const s of m.pending ?? []) {
    const id = ORDER[s.i]!
    if (markers.get(id)?.suggested === false) continue
    markers.set(id, { p: s.p, suggested: true })
    changed = true
  }
  m.sure = (m.pending ?? []).filter((s) => s.sure && markers.get(ORDER[s.i]!)?.suggested).map((s) => ORDER[s.i]!)
  if (changed) commit(m, { markers })
  m.sel = null
  m.pending = null
}

/** What the photo has besides the markers that a click must keep clear of: the scale points. */
const SCALE: readonly Pt[] = SPEC.scale
function clearOf(m: Model, p: Pt, radius: number, except: string | null = null): boolean {
  for (const [id, mark] of m.doc.markers)
    if (id !== except && Math.hypot(mark.p[0] - p[0], mark.p[1] - p[1]) < radius) return false
  return SCALE.every((q) => Math.hypot(q[0] - p[0], q[1] - p[1]) >= radius)
}

/** The assessment file a run starts from: the calibration complete, each marker at the figure's place, suggested, or missing. */
function assessment(kinds: readonly ('placed' | 'suggested' | 'missing')[]): Buffer {
  const markers: Record<string, Pt> = {}
  const status: Record<string, string> = {}
  for (const [i, id] of ORDER.entries()) {
    if (kinds[i] === 'missing') continue
    markers[id] = SPEC.markers[id]!
    if (kinds[i] === 'suggested') status[id] = 'suggested'
  }
  const file = {
    format: 'posture-metrics-session',
    version: 1,
    saved_at: '2026-05-02T10:00:00.000Z',
    view: 'anterior',
    views: {
      anterior: {
        image: { name: 'anterior-figure.png', width: SPEC.width, height: SPEC.height },
        calibration: { lrv_x: SPEC.lrvX, fc: null, grid_size_cm: SPEC.scaleCm, scale_points: SPEC.scale },
        markers,
        marker_status: status,
        marker_origin: Object.fromEntries(Object.keys(status).map((id) => [id, 'suggestion'])),
        results: null,
      },
    },
  }
  return Buffer.from(JSON.stringify(file))
}

/**
 * The store as the app saves it ("Guardar evaluación"): the anterior view's markers and which are
 * suggestions. The button's click is dispatched: the focus stays where the command left it.
 */
async function stored(page: Page): Promise<Map<string, Mark>> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('#save-session').dispatchEvent('click'),
  ])
  const chunks: Buffer[] = []
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer)
  const file = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
    views: Record<string, { markers: Record<string, Pt>; marker_status?: Record<string, string> }>
  }
  const view = file.views.anterior!
  return new Map(
    Object.entries(view.markers).map(([id, p]) => [id, { p, suggested: view.marker_status?.[id] === 'suggested' }]),
  )
}

interface Screen {
  prompt: string
  focus: string
  /** The focus is on the page's body (or nowhere): fallen out of whatever had it. */
  body: boolean
  rows: { id: string; cls: string; pos: string }[]
  stage: { id: string; cls: string }[]
}

/** What the page shows, read in one go once the prompt shows what the model asks for (or a timeout says it never did). */
async function screen(page: Page, prompt: string): Promise<Screen> {
  await page
    .locator(`#prompt[data-target="${prompt}"]`)
    .waitFor({ state: 'attached', timeout: 10_000 })
    .catch(() => {})
  // Two frames: the stage, drawn on the next frame, is up to date.
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))')
  return (await page.evaluate(`(() => ({
    prompt: document.querySelector('#prompt')?.getAttribute('data-target') ?? '',
    focus: document.activeElement?.id ?? '',
    body: document.activeElement === null || document.activeElement === document.body,
    rows: [...document.querySelectorAll('#marker-list li[data-target]')].map((li) => ({
      id: li.dataset.target, cls: li.className, pos: li.querySelector('.target-pos')?.textContent ?? '',
    })),
    stage: [...document.querySelectorAll('#stage g.markers > g.marker')].map((g) => ({
      id: g.dataset.target, cls: g.getAttribute('class') ?? '',
    })),
  }))()`)) as Screen
}

const es = (v: number) => v.toLocaleString('es-ES', { maximumFractionDigits: 1 })
const show = (marks: ReadonlyMap<string, Mark>) =>
  JSON.stringify(
    Object.fromEntries(
      [...marks]
        .sort(([a], [b]) => ORDER.indexOf(a) - ORDER.indexOf(b))
        .map(([id, m]) => [id, m.suggested ? [...m.p, 'suggested'] : m.p]),
    ),
  )

/**
 * The app equals the model. `near`: a marker placed by the pointer, whose place the model knows to
 * within a pixel (screen to photo): the app's place is taken into the model when it is that near.
 */
async function same(m: Model, r: Real, near: { id: string; p: Pt } | null = null): Promise<void> {
  const marks = await stored(r.page)
  if (near) {
    const got = marks.get(near.id)
    assert.ok(
      got && Math.hypot(got.p[0] - near.p[0], got.p[1] - near.p[1]) <= 1.5,
      `${near.id} placed at ${JSON.stringify(got?.p)}, aimed at ${JSON.stringify(near.p)}`,
    )
    const markers = new Map(m.doc.markers)
    markers.set(near.id, { p: got.p, suggested: false })
    // The same document (its identity is what the choice holds on), with the place the pointer gave.
    ;(m.doc as { markers: ReadonlyMap<string, Mark> }).markers = markers
  }
  assert.equal(show(marks), show(m.doc.markers), 'the store holds the markers of the model')
  const prompt = promptOf(m) ?? ''
  const s = await screen(r.page, prompt)
  assert.equal(s.prompt, prompt, 'the prompt asks for the model’s target')
  for (const row of s.rows) {
    const mark = m.doc.markers.get(row.id)
    const cls = new Set(row.cls.split(' '))
    assert.equal(cls.has('placed'), mark !== undefined, `row ${row.id}: placed`)
    assert.equal(cls.has('suggested'), mark?.suggested === true, `row ${row.id}: suggested`)
    assert.equal(cls.has('active'), row.id === prompt, `row ${row.id}: the prompt's`)
    if (mark) assert.ok(row.pos.includes(`${es(mark.p[0])}; ${es(mark.p[1])}`), `row ${row.id} shows ${row.pos}`)
  }
  const drawn = s.stage.filter((g) => ORDER.includes(g.id))
  assert.deepEqual(drawn.map((g) => g.id).sort(), [...m.doc.markers.keys()].sort(), 'the stage draws the markers')
  for (const g of drawn) {
    const cls = new Set(g.cls.split(' '))
    assert.equal(cls.has('suggested'), m.doc.markers.get(g.id)?.suggested === true, `stage ${g.id}: suggested`)
    assert.equal(cls.has('active'), g.id === prompt, `stage ${g.id}: the prompt's`)
  }
  if (m.focus !== null) assert.equal(s.focus, m.focus, 'the focus stays in the field typed into')
  if (m.inside) assert.equal(s.body, false, 'the focus is not on the body after an action inside a panel or a dialog')
}

const row = (id: string) => `#marker-list li[data-target="${id}"]`

/** Takes the focus out of any field (a click on the markers card's heading), so that the app's keys act. */
async function leaveFields(page: Page): Promise<void> {
  await page.locator('#marker-count').click()
}

/**
 * The pose model's module (web/src/pose/suggest.ts, its built chunk) as each context is served it:
 * a stand-in whose result is the test's, held until the test lets it arrive (`__pbtArrive()`), so
 * a run costs nothing and its answer comes exactly between two steps of the user's act. Everything
 * after the model (the app's suggestion controller and commands, the store, the panels) is the app's.
 */
const POSE_STANDIN = `
export function detector() { return { loaded: true } }
export function suggestFor(view, side, image, onPhase) {
  return new Promise((resolve) => {
    globalThis.__pbtArrive = () => {
      globalThis.__pbtArrive = undefined
      resolve({
        kind: 'suggestions',
        view,
        suggestions: globalThis.__pbtSuggestions.map((s) => ({
          marker: s.id, status: 'suggested', x: s.x, y: s.y, confidence: s.sure ? 0.97 : 0.6, basis: 'direct',
        })),
        facing: null, loadMs: 0, runMs: 0, attempts: [],
      })
    }
  })
}
`

/** Lets the held suggestion run's result arrive, and waits until the app has taken it. */
async function letArrive(page: Page): Promise<void> {
  const done = Number(await page.locator('#suggest-markers').getAttribute('data-completed'))
  await page.evaluate('globalThis.__pbtArrive()')
  await page.locator(`#suggest-markers[data-completed="${done + 1}"]`).waitFor({ state: 'attached' })
}

/**
 * Lets the held suggestion run's result arrive while the mouse button is held: the app keeps it
 * until the pointer is let go (docs/app.md, "The pointer and the prompt"). Waits until it is kept;
 * the function returned waits, after the release, until the app has taken it.
 */
async function letArriveHeld(page: Page): Promise<() => Promise<void>> {
  const done = Number(await page.locator('#suggest-markers').getAttribute('data-completed'))
  await page.evaluate('globalThis.__pbtArrive()')
  // Kept (or, were it taken at once, taken: the checks after the release then say what it moved).
  await page
    .locator(`#suggest-markers[data-held="true"], #suggest-markers[data-completed="${done + 1}"]`)
    .waitFor({ state: 'attached' })
  return () => page.locator(`#suggest-markers[data-completed="${done + 1}"]`).waitFor({ state: 'attached' })
}

/** The screen point of photo pixel p, the page scrolled first when p is not well inside the viewport (a phone). */
async function pointOf(page: Page, p: Pt): Promise<Pt> {
  const [x, y] = await screenOf(page, SPEC, p)
  const height = page.viewportSize()!.height
  if (y >= 80 && y <= height - 80) return [x, y]
  await page.evaluate(`window.scrollBy(0, ${Math.round(y - height / 2)})`)
  return screenOf(page, SPEC, p)
}

/** A click, or a tap on a touch screen, on the element. */
async function press(r: Real, selector: string): Promise<void> {
  const control = r.page.locator(selector)
  if (r.touch) await control.tap()
  else await control.click()
}

/** A toolbar button, from behind "More" where the toolbar has no room for it (a phone). */
async function toolbarButton(r: Real, id: string): Promise<void> {
  const more = r.page.locator('#toolbar-more-button')
  if ((await more.isVisible()) && !(await r.page.locator(`#${id}`).isVisible())) {
    if ((await more.getAttribute('aria-expanded')) !== 'true') {
      await press(r, '#toolbar-more-button')
      await r.page.locator('#toolbar-more.open').waitFor()
    }
  }
  await press(r, `#${id}`)
}

type Cmd = fc.AsyncCommand<Model, Real>

/** A click (or a tap) on the photo away from every handle: places the prompted marker there. */
class Place implements Cmd {
  constructor(
    readonly p: Pt,
    readonly tap: boolean,
  ) {}
  check(m: Readonly<Model>): boolean {
    return promptOf(m as Model) !== null && clearOf(m as Model, this.p, 40)
  }
  async run(m: Model, r: Real): Promise<void> {
    const id = promptOf(m)!
    const [x, y] = await pointOf(r.page, this.p)
    if (this.tap || r.touch) await r.page.touchscreen.tap(x, y)
    else await r.page.mouse.click(x, y)
    const wasPlaced = m.doc.markers.has(id)
    commit(m, withMark(m.doc, id, this.p))
    m.sel = firstMissing(m.doc) === null && wasPlaced ? { id, doc: m.doc } : null
    m.focus = null
    m.inside = false
    await same(m, r, { id, p: this.p })
  }
  toString(): string {
    return `${this.tap ? 'tap' : 'click'}(${this.p.join(', ')})`
  }
}

/** A click on a marker's handle: chooses it, moves nothing, confirms nothing. */
class Handle implements Cmd {
  constructor(readonly i: number) {}
  get id(): string {
    return ORDER[this.i]!
  }
  check(m: Readonly<Model>): boolean {
    const mark = m.doc.markers.get(this.id)
    return mark !== undefined && clearOf(m as Model, mark.p, 25, this.id)
  }
  async run(m: Model, r: Real): Promise<void> {
    const [x, y] = await pointOf(r.page, m.doc.markers.get(this.id)!.p)
    if (r.touch) await r.page.touchscreen.tap(x, y)
    else await r.page.mouse.click(x, y)
    m.sel = { id: this.id, doc: m.doc }
    m.focus = null
    m.inside = false
    await same(m, r)
  }
  toString(): string {
    return `handle(${this.id})`
  }
}

/** A click on the marker's row in the list: chooses it, or, when the prompt is on it, lets the prompt go. */
class Choose implements Cmd {
  constructor(readonly i: number) {}
  check(): boolean {
    return true
  }
  async run(m: Model, r: Real): Promise<void> {
    const id = ORDER[this.i]!
    await press(r, `${row(id)} .target-main`)
    m.sel = promptOf(m) === id ? null : { id, doc: m.doc }
    m.focus = null
    m.inside = true
    await same(m, r)
  }
  toString(): string {
    return `choose(${ORDER[this.i]})`
  }
}

/** In the marker's row: x, Tab, y, Enter (the row chosen first when the prompt is elsewhere). */
class Type implements Cmd {
  constructor(
    readonly i: number,
    readonly x: number,
    readonly y: number,
  ) {}
  check(): boolean {
    return true
  }
  async run(m: Model, r: Real): Promise<void> {
    const id = ORDER[this.i]!
    const page = r.page
    if (promptOf(m) !== id) {
      await press(r, `${row(id)} .target-main`)
      m.sel = { id, doc: m.doc }
    }
    await press(r, `${row(id)} #coord-x`)
    await page.keyboard.press('Control+a')
    await page.keyboard.type(String(this.x))
    await page.keyboard.press('Tab')
    await page.keyboard.press('Control+a')
    await page.keyboard.type(String(this.y))
    await page.keyboard.press('Enter')
    const was = m.doc.markers.get(id)
    const before = m.doc
    if (was) {
      // Each field moves a placed marker on its own commit, when its value changes: x keeps y, y keeps x.
      if (was.p[0] !== this.x) commit(m, withMark(m.doc, id, [this.x, was.p[1]]))
      if (was.p[1] !== this.y) commit(m, withMark(m.doc, id, [this.x, this.y]))
    } else commit(m, withMark(m.doc, id, [this.x, this.y]))
    // The prompt stays on the target typed into.
    if (m.doc !== before) m.sel = { id, doc: m.doc }
    m.focus = 'coord-y'
    m.inside = true
    await same(m, r)
  }
  toString(): string {
    return `type(${ORDER[this.i]}, ${this.x}, ${this.y})`
  }
}

/**
 * A mouse drag of a marker from its place by (dx, dy) photo px; `arrive`: a held suggestion run's
 * result arrives while the button is held. Nothing moves under the held pointer: the marker ends
 * where the drag aimed, and the result is taken in after the release (a marker placed by hand,
 * the one dragged included, is kept).
 */
class Drag implements Cmd {
  constructor(
    readonly i: number,
    readonly d: Pt,
    readonly arrive = false,
  ) {}
  /** The arrival comes mid-drag: a run is held. */
  mid(m: Readonly<Model>): boolean {
    return this.arrive && m.pending !== null
  }
  get id(): string {
    return ORDER[this.i]!
  }
  to(m: Readonly<Model>): Pt {
    const p = m.doc.markers.get(this.id)!.p
    return [p[0] + this.d[0], p[1] + this.d[1]]
  }
  check(m: Readonly<Model>): boolean {
    const mark = m.doc.markers.get(this.id)
    if (!mark || !clearOf(m as Model, mark.p, 25, this.id)) return false
    const [x, y] = this.to(m)
    return x >= 10 && y >= 10 && x <= SPEC.width - 10 && y <= SPEC.height - 10
  }
  async run(m: Model, r: Real): Promise<void> {
    const from = m.doc.markers.get(this.id)!.p
    const to = this.to(m)
    await pointOf(r.page, [(from[0] + to[0]) / 2, (from[1] + to[1]) / 2])
    const [x0, y0] = await screenOf(r.page, SPEC, from)
    const [x1, y1] = await screenOf(r.page, SPEC, to)
    const mid = this.mid(m)
    await r.page.mouse.move(x0, y0)
    await r.page.mouse.down()
    await r.page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2, { steps: 3 })
    const taken = mid ? await letArriveHeld(r.page) : null
    await r.page.mouse.move(x1, y1, { steps: 3 })
    await r.page.mouse.up()
    const holds = m.sel !== null && m.sel.doc === m.doc
    commit(m, withMark(m.doc, this.id, to))
    // A choice that held before the drag holds after it.
    m.sel = holds && m.sel ? { id: m.sel.id, doc: m.doc } : null
    const dragged = m.doc
    if (taken) {
      await taken()
      arrive(m)
    }
    m.focus = null
    m.inside = false
    await same(m, r, { id: this.id, p: to })
    if (dragged !== m.doc) {
      // The arrival after the drag is a step of its own: the drag's step holds the place the pointer gave too.
      const markers = new Map(dragged.markers)
      markers.set(this.id, m.doc.markers.get(this.id)!)
      ;(dragged as { markers: ReadonlyMap<string, Mark> }).markers = markers
    }
  }
  toString(): string {
    return `drag(${this.id}, ${this.d.join(', ')}${this.arrive ? ', arrival' : ''})`
  }
}

/** Ctrl+Z or Ctrl+Y with no field focused, when the model has a step to undo or redo (not the file and the photo opened). */
class History implements Cmd {
  constructor(readonly redo: boolean) {}
  check(m: Readonly<Model>): boolean {
    return (this.redo ? m.future : m.past).length > 0
  }
  async run(m: Model, r: Real): Promise<void> {
    await leaveFields(r.page)
    await r.page.keyboard.press(this.redo ? 'Control+y' : 'Control+z')
    const from = this.redo ? m.future : m.past
    const doc = from.pop()!
    {
      ;(this.redo ? m.past : m.future).push(m.doc)
      // The choice is carried on while its target is placed in the document gone back (or on) to.
      const sel = m.sel && m.sel.doc === m.doc && doc.markers.has(m.sel.id) ? { id: m.sel.id, doc } : null
      m.doc = doc
      m.sel = sel
    }
    m.focus = null
    m.inside = false
    await same(m, r)
  }
  toString(): string {
    return this.redo ? 'redo' : 'undo'
  }
}

/** The row's remove (×) or confirm (✓) button. */
class RowButton implements Cmd {
  constructor(
    readonly i: number,
    readonly confirm: boolean,
  ) {}
  check(m: Readonly<Model>): boolean {
    const mark = m.doc.markers.get(ORDER[this.i]!)
    return mark !== undefined && (!this.confirm || mark.suggested)
  }
  async run(m: Model, r: Real): Promise<void> {
    const id = ORDER[this.i]!
    await press(r, `${row(id)} button.${this.confirm ? 'confirm' : 'remove'}`)
    commit(m, withMark(m.doc, id, this.confirm ? m.doc.markers.get(id)!.p : null))
    m.sel = null
    m.focus = null
    m.inside = true
    await same(m, r)
  }
  toString(): string {
    return `${this.confirm ? 'confirm' : 'remove'}(${ORDER[this.i]})`
  }
}

/** Something that re-renders and changes no marker: another view and back, the help or the Patients dialog opened and closed. */
class Elsewhere implements Cmd {
  constructor(readonly what: 'view' | 'help' | 'patients') {}
  check(): boolean {
    return true
  }
  async run(m: Model, r: Real): Promise<void> {
    const page = r.page
    if (this.what === 'view') {
      await press(r, '#tab-posterior')
      await page.locator('#tab-posterior[aria-selected="true"]').waitFor()
      await press(r, '#tab-anterior')
      await page.locator('#tab-anterior[aria-selected="true"]').waitFor()
    } else if (this.what === 'help') {
      await toolbarButton(r, 'help-button')
      await page.locator('#help-dialog[open]').waitFor()
      await page.keyboard.press('Escape')
      await page.locator('#help-dialog').waitFor({ state: 'hidden' })
    } else {
      await toolbarButton(r, 'record-button')
      await press(r, '#record-dialog[open] #record-close')
      await page.locator('#record-dialog').waitFor({ state: 'hidden' })
    }
    m.focus = null
    m.inside = true
    await same(m, r)
  }
  toString(): string {
    return `elsewhere(${this.what})`
  }
}

/** Dismisses a warning or an error still shown (its × dispatched: the focus stays): a routine notice never replaces one. */
async function dismissSerious(page: Page): Promise<void> {
  for (let i = 0; i < 5 && (await page.locator('#toast.show:not([data-kind="info"])').count()); i++) {
    const text = await page.locator('#toast').textContent()
    if (process.env.FC_LOG) console.log(`# dismissed: ${text}`)
    await page.locator('#toast .notice-dismiss').dispatchEvent('click')
    await page.waitForFunction(
      `(() => { const el = document.querySelector('#toast'); return !el?.classList.contains('show') || el.textContent !== ${JSON.stringify(text)} })()`,
    )
  }
}

/**
 * A notice: a click or a tap on the stage just beside the photo (the stage is wider than the portrait
 * photo at 1440 x 900) shows "outside the photo" and changes no marker. The notice is a change of
 * state from outside the control being used: every panel is brought up to date.
 */
async function notice(page: Page, tap: boolean): Promise<boolean> {
  // The photo's middle in view, then a point of the stage beside it (left or right of the photo; at
  // some sizes the photo fills the stage's width and there is none: nothing is done).
  await pointOf(page, [SPEC.width / 2, SPEC.height / 2])
  const stage = (await page.locator('#stage').boundingBox())!
  const photo = (await page.locator('.stage image.photo').boundingBox())!
  const y = Math.max(stage.y, photo.y, 0) + 40
  const x =
    photo.x - stage.x >= 12
      ? (stage.x + photo.x) / 2
      : stage.x + stage.width - (photo.x + photo.width) >= 12
        ? (photo.x + photo.width + stage.x + stage.width) / 2
        : null
  if (x === null) return false
  await dismissSerious(page)
  // Emptied first, so the wait below sees this notice (the same text may still be shown).
  await page.evaluate(`document.querySelector('#toast').textContent = ''`)
  if (tap) await page.touchscreen.tap(x, y)
  else await page.mouse.click(x, y)
  await page.locator('#toast.show', { hasText: 'fuera de la foto' }).waitFor()
  return true
}

/** A click or a tap beside the photo: a notice, nothing else. */
class Beside implements Cmd {
  constructor(readonly tap: boolean) {}
  check(): boolean {
    return true
  }
  async run(m: Model, r: Real): Promise<void> {
    await notice(r.page, this.tap || r.touch)
    m.focus = null
    m.inside = false
    await same(m, r)
  }
  toString(): string {
    return `beside(${this.tap ? 'tap' : 'click'})`
  }
}

type Control = 'undo' | 'confirm' | 'row-remove' | 'row-confirm'

/**
 * A press and a release on one control with a change of state in between: the prompt's Undo or
 * Confirm, or a row's remove or confirm, and while the mouse button is held either Ctrl+S (the
 * assessment saved and its notice) or, `arrive`, a held suggestion run's result arriving (taken in
 * after the release). The control's action happens exactly once: the press is not lost when the
 * page is brought up to date under it, and not doubled.
 */
class Press implements Cmd {
  constructor(
    readonly control: Control,
    readonly i: number,
    readonly arrive = false,
  ) {}
  /**
   * The arrival comes between the press and the release, whatever it brings (it ends a choice, so
   * that another row of the list opens and the chosen one closes; "Confirm N sure suggestions" comes
   * into the toolbar or leaves it; it suggests the marker pressed on): the app takes it in after the
   * release, so the page holds still under the pointer and the press does its action first.
   */
  mid(m: Readonly<Model>): boolean {
    return this.arrive && m.pending !== null
  }
  /** The target the control acts on (the prompt's for the prompt's buttons). */
  target(m: Readonly<Model>): string | null {
    return this.control === 'undo' || this.control === 'confirm' ? promptOf(m as Model) : ORDER[this.i]!
  }
  check(m: Readonly<Model>): boolean {
    if (this.control === 'undo') return m.past.length > 0 && promptOf(m as Model) !== null
    const id = this.target(m)
    const mark = id === null ? undefined : m.doc.markers.get(id)
    if (this.control === 'row-remove') return mark !== undefined
    return mark?.suggested === true
  }
  async run(m: Model, r: Real): Promise<void> {
    const page = r.page
    const id = this.target(m)!
    const selector =
      this.control === 'undo'
        ? '#prompt button[data-act="undo"]'
        : this.control === 'confirm'
          ? '#prompt button[data-act="confirm"]'
          : `${row(id)} button.${this.control === 'row-remove' ? 'remove' : 'confirm'}`
    const control = page.locator(selector)
    // A warning or an error still shown would keep Ctrl+S's notice from coming under the held press.
    if (!this.mid(m)) await dismissSerious(page)
    await control.scrollIntoViewIfNeeded()
    const box = (await control.boundingBox())!
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2]
    // Brought into view, the control is what its middle shows: not under the sticky top bar, where the
    // press lands on the bar's buttons (the row's × pressed "Compare…" and opened its file chooser).
    const over = await page.evaluate(`(() => {
      const hit = document.elementFromPoint(${x}, ${y})
      return document.querySelector(${JSON.stringify(selector)})?.contains(hit) ? null : (hit?.outerHTML.slice(0, 160) ?? 'nothing')
    })()`)
    assert.equal(over, null, `${selector} brought into view is covered at its middle`)
    await page.mouse.move(x, y)
    const mid = this.mid(m)
    await page.mouse.down()
    let taken: (() => Promise<void>) | null = null
    if (mid) {
      // The suggestions arrive while the button is held: kept by the app until the release.
      taken = await letArriveHeld(page)
    } else {
      // Ctrl+S while the button is held: the assessment saved and its notice shown, a change of state
      // that brings every panel up to date under the pressed button. (A tap, a second pointer, cannot
      // serve: Chromium makes a tap's click from the one mouse state, and the held press is then over.)
      await page.evaluate(`document.querySelector('#toast').textContent = ''`)
      await Promise.all([page.waitForEvent('download'), page.keyboard.press('Control+s')])
      await page.locator('#toast.show', { hasText: 'Valoración guardada' }).waitFor()
    }
    await page.mouse.up()
    if (this.control === 'undo') {
      const doc = m.past.pop()!
      m.future.push(m.doc)
      const sel = m.sel && m.sel.doc === m.doc && doc.markers.has(m.sel.id) ? { id: m.sel.id, doc } : null
      m.doc = doc
      m.sel = sel
    } else {
      commit(m, withMark(m.doc, id, this.control.endsWith('remove') ? null : m.doc.markers.get(id)!.p))
      m.sel = null
    }
    if (taken) {
      // Then the suggestions are taken in: a change of the document and a notice.
      await taken()
      arrive(m)
    }
    m.focus = null
    m.inside = true
    await same(m, r)
  }
  toString(): string {
    const between = this.arrive ? ', arrival' : ''
    return this.control === 'undo' || this.control === 'confirm'
      ? `press(prompt ${this.control}${between})`
      : `press(${this.control}, ${ORDER[this.i]}${between})`
  }
}

/**
 * A suggestion run starts ("Suggest markers", its click dispatched: the focus stays where it is);
 * its result, the markers `sugs` suggests, is held until a later command lets it arrive.
 */
class Suggest implements Cmd {
  constructor(readonly sugs: readonly Sug[]) {}
  check(m: Readonly<Model>): boolean {
    return m.pending === null
  }
  async run(m: Model, r: Real): Promise<void> {
    const page = r.page
    const list = this.sugs.map((s) => ({ id: ORDER[s.i], x: s.p[0], y: s.p[1], sure: s.sure }))
    await page.evaluate(`globalThis.__pbtSuggestions = ${JSON.stringify(list)}`)
    await page.locator('#suggest-markers').dispatchEvent('click')
    await page.waitForFunction(() => typeof (globalThis as { __pbtArrive?: unknown }).__pbtArrive === 'function')
    m.pending = this.sugs
    await same(m, r)
  }
  toString(): string {
    return `suggest(${this.sugs.map((s) => `${ORDER[s.i]} ${s.p.join(', ')}${s.sure ? ' sure' : ''}`).join('; ')})`
  }
}

/** The held suggestion run's result arrives between two acts of the user. */
class Arrive implements Cmd {
  check(m: Readonly<Model>): boolean {
    return m.pending !== null
  }
  async run(m: Model, r: Real): Promise<void> {
    await letArrive(r.page)
    arrive(m)
    m.focus = null
    await same(m, r)
  }
  toString(): string {
    return 'arrive'
  }
}

/**
 * The clinician signs in to the record server in the clinic-server dialog, and closes it: the visit
 * is sent, and from then on the app syncs after each edit (its status changing under the user's acts).
 */
class SignIn implements Cmd {
  check(m: Readonly<Model>): boolean {
    return !m.signed
  }
  async run(m: Model, r: Real): Promise<void> {
    await signIn(r.page, setup.server.url)
    await syncedSince(r.page)
    await closeSync(r.page)
    m.signed = true
    m.focus = null
    m.inside = true
    await same(m, r)
  }
  toString(): string {
    return 'sign-in'
  }
}

type NetChange = 'offline' | 'online' | 'server-down' | 'server-up'

/**
 * The network or the record server changes (the browser offline or online, Playwright's setOffline;
 * the record server stopped or started again): the sync's status changes (the online event starts
 * a run at once; the app's own runs follow each autosave), and nothing of the visit does.
 */
class Net implements Cmd {
  constructor(readonly what: NetChange) {}
  check(m: Readonly<Model>): boolean {
    if (!m.signed) return false
    if (this.what === 'offline') return m.online
    if (this.what === 'online') return !m.online
    return this.what === 'server-down' ? m.up : !m.up
  }
  async run(m: Model, r: Real): Promise<void> {
    if (this.what === 'offline' || this.what === 'online') {
      m.online = this.what === 'online'
      await r.context.setOffline(!m.online)
    } else if (this.what === 'server-down') {
      m.up = false
      await setup.server.stop()
    } else {
      await setup.restart()
      m.up = true
    }
    await same(m, r)
  }
  toString(): string {
    return this.what
  }
}

/**
 * "Sync now" in the clinic-server dialog, then Close: the status says what the model expects:
 * offline "Sin conexión", the server stopped "No se puede contactar", else in step with nothing
 * waiting (every edit so far sent).
 */
class SyncNow implements Cmd {
  check(m: Readonly<Model>): boolean {
    return m.signed
  }
  async run(m: Model, r: Real): Promise<void> {
    const page = r.page
    if (m.online && m.up) await syncNow(page)
    else {
      await openSync(page)
      const phase = m.online ? 'unreachable' : 'offline'
      await press(r, '#sync-now')
      await page.locator(`#sync-status[data-phase="${phase}"]`).waitFor()
    }
    await closeSync(page)
    m.focus = null
    m.inside = true
    await same(m, r)
  }
  toString(): string {
    return 'sync-now'
  }
}

const index = fc.integer({ min: 0, max: ORDER.length - 1 })
const onPhoto = fc.tuple(fc.integer({ min: 20, max: SPEC.width - 20 }), fc.integer({ min: 20, max: SPEC.height - 60 }))
const offset = fc.integer({ min: 20, max: 60 }).chain((v) => fc.constantFrom(v, -v))
/** A suggestion run's result: one to four markers, each somewhere on the body's half of the photo. */
const suggestions = fc
  .uniqueArray(
    fc.record({
      i: index,
      p: fc.tuple(fc.integer({ min: 150, max: 450 }), fc.integer({ min: 60, max: 800 })),
      sure: fc.boolean(),
    }),
    { minLength: 1, maxLength: 4, selector: (s) => s.i },
  )
  .map((list) => list.map((s) => ({ ...s, p: [s.p[0], s.p[1]] as Pt })))
const commands = fc.commands(
  [
    fc.tuple(onPhoto, fc.boolean()).map(([p, tap]) => new Place(p, tap)),
    index.map((i) => new Handle(i)),
    index.map((i) => new Choose(i)),
    fc
      .tuple(index, fc.integer({ min: 10, max: SPEC.width - 10 }), fc.integer({ min: 10, max: SPEC.height - 10 }))
      .map(([i, x, y]) => new Type(i, x, y)),
    fc.tuple(index, fc.tuple(offset, offset), fc.boolean()).map(([i, d, a]) => new Drag(i, d, a)),
    fc.boolean().map((redo) => new History(redo)),
    fc.tuple(index, fc.boolean()).map(([i, confirm]) => new RowButton(i, confirm)),
    fc.constantFrom('view' as const, 'help' as const, 'patients' as const).map((w) => new Elsewhere(w)),
    fc.boolean().map((tap) => new Beside(tap)),
    fc
      .tuple(fc.constantFrom<Control>('undo', 'confirm', 'row-remove', 'row-confirm'), index, fc.boolean())
      .map(([c, i, a]) => new Press(c, i, a)),
    suggestions.map((list) => new Suggest(list)),
    fc.constant(new Arrive()),
    fc.constantFrom<NetChange>('offline', 'online', 'server-down', 'server-up').map((w) => new Net(w)),
    fc.constant(new SignIn()),
    fc.constant(new SyncNow()),
  ],
  // FC_REPLAY: the replayPath a failure prints in its counterexample (with FC_SEED and FC_PATH).
  { maxCommands: MAXCMD, ...(process.env.FC_REPLAY ? { replayPath: process.env.FC_REPLAY } : {}) },
)
type Kind = 'placed' | 'suggested' | 'missing'
const start = fc.array(fc.constantFrom<Kind>('placed', 'suggested', 'missing'), {
  minLength: ORDER.length,
  maxLength: ORDER.length,
})

/** The sizes the app is used at (docs/app.md "Sizes"): the desktop has a touch screen beside the mouse. */
interface Device {
  readonly name: string
  readonly viewport: { width: number; height: number }
  readonly mobile: boolean
  readonly runs: number
}
const DEVICES: readonly Device[] = [
  { name: 'desktop 1440 x 900', viewport: { width: 1440, height: 900 }, mobile: false, runs: RUNS },
  { name: 'tablet 820 x 1180, touch', viewport: { width: 820, height: 1180 }, mobile: true, runs: SMALL_RUNS },
  { name: 'phone 390 x 844, touch', viewport: { width: 390, height: 844 }, mobile: true, runs: SMALL_RUNS },
]

// The record server's store changes nothing of what the app shows: the embedded one only.
const [store] = testStores()
let setup: SyncSetup
/** Visits made so far (each run's its own patient). */
let visits = 0

before(async () => {
  setup = await startSyncSetup(store!)
})

after(async () => {
  await setup?.close()
})

/**
 * One run: a fresh context at the device's size, the pose model's module held (POSE_STANDIN), the
 * assessment file with the markers `kinds` says, the figure's photo, a patient (the visit in the
 * record), signed in to the record server (the app syncs after edits); then the commands, each
 * checked against the model (`all`: a fixed sequence, every command of which must be able to run).
 */
async function runCommands(device: Device, kinds: readonly Kind[], cmds: Iterable<Cmd>, all = false): Promise<void> {
  const { page, errors } = await openApp(setup.h, {
    locale: 'es-ES',
    viewport: device.viewport,
    hasTouch: true,
    isMobile: device.mobile,
  })
  const context = page.context()
  // A step that never comes fails in 15 s (a shrinking replays many), not Playwright's 30 s.
  page.setDefaultTimeout(15_000)
  try {
    await context.route('**/assets/suggest-*.js', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: POSE_STANDIN }),
    )
    await page
      .locator('#session-input')
      .setInputFiles({ name: 'visit.json', mimeType: 'application/json', buffer: assessment(kinds) })
    await loadPhoto(page, setup.h, 'anterior')
    await page.locator('#patient-id').fill(`PBT-${++visits}`)
    await page.locator('#patient-id').press('Tab')
    await savedToRecord(page)
    const markers = new Map<string, Mark>()
    for (const [i, id] of ORDER.entries())
      if (kinds[i] !== 'missing') markers.set(id, { p: SPEC.markers[id]!, suggested: kinds[i] === 'suggested' })
    const model: Model = {
      doc: { markers },
      past: [],
      future: [],
      sel: null,
      focus: null,
      inside: false,
      signed: false,
      online: true,
      up: true,
      pending: null,
      sure: [],
    }
    const real: Real = { page, context, touch: device.mobile }
    await same(model, real)
    if (all)
      for (const cmd of cmds) {
        assert.ok(cmd.check(model), `${cmd} can run`)
        await cmd.run(model, real)
      }
    else await fc.asyncModelRun(() => ({ model, real }), cmds)
    if (process.env.FC_LOG) console.log(`# ${device.name}: ${String(cmds)}`)
    // What the browser logs of the sync's requests made offline or to the stopped server is expected.
    assert.deepEqual(
      errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED/.test(e)),
      [],
    )
  } finally {
    await context.close()
    if (setup.server.child.exitCode !== null || setup.server.child.signalCode !== null) await setup.restart()
  }
}

for (const [n, device] of DEVICES.entries())
  test(`${device.name}: random sequences of user commands, notices, suggestions arriving and sync status changes leave the record, the list, the stage and the focus as the model says`, async () => {
    // Each size its own sequences: the seed printed plus the size's place in DEVICES.
    const seed = SEED + n
    console.log(
      `# panels-property (${device.name}): FC_SEED=${SEED}, this size's seed ${seed} (${device.runs} runs of at most ${MAXCMD} commands)`,
    )
    const property = fc.asyncProperty(start, commands, (kinds, cmds) => runCommands(device, kinds, cmds))
    try {
      await fc.assert(property, {
        seed,
        numRuns: device.runs,
        ...(process.env.FC_PATH ? { path: process.env.FC_PATH } : {}),
      })
    } catch (error) {
      console.log(
        `# panels-property (${device.name}) failed; replay with FC_SEED=${SEED}\n${String(error instanceof Error ? error.message : error)}`,
      )
      throw error
    }
  })

/** A start with every marker placed but those given as suggested or missing. */
function kindsOf(others: Partial<Record<string, Kind>>): Kind[] {
  return ORDER.map((id) => others[id] ?? 'placed')
}
const at = (id: string) => ORDER.indexOf(id)
const [desktop, tablet, phone] = DEVICES as [Device, Device, Device]

/**
 * The sequences the property found failing, shrunk, replayed on every run at the size they failed
 * at (each a fault since fixed, named with the commit that fixed it), joined into one run per size
 * to keep the file short.
 */
const REGRESSIONS: readonly { name: string; device: Device; kinds: Kind[]; cmds: () => Cmd[] }[] = [
  {
    name: 'choose a row, a row’s ✓ and ×, a click then the prompt’s Undo with a notice between, the prompt’s Confirm',
    device: desktop,
    kinds: kindsOf({ espina_nasal: 'suggested', tragus_izq: 'suggested', ombligo: 'missing' }),
    cmds: () => [
      // 9adad6a: the rows were keyed anew on each render: the focus fell to the page as a row was chosen.
      new Choose(at('centro_rotula_der')),
      // 4cb27ed: a row's ✓ or ×, gone with the act, left the focus on the page.
      new RowButton(at('tragus_izq'), true),
      new RowButton(at('punto_sinfisis_pubiana'), false),
      // 4cb27ed: the prompt rebuilt its buttons on every change: an Undo pressed while a notice came was lost.
      new Place([60, 600], false),
      new Press('undo', 0),
      // 4cb27ed: the prompt's Confirm, gone once confirmed, left the focus on the page.
      new Handle(at('espina_nasal')),
      new Press('confirm', 0),
    ],
  },
  {
    name: 'x, Tab, y in a missing marker’s row; the last suggestion confirmed by the prompt’s Confirm',
    device: tablet,
    kinds: kindsOf({ tragus_der: 'missing', espina_nasal: 'suggested' }),
    cmds: () => [
      // 9adad6a (issue 38, 1): after x the row was drawn anew, the focus fell to the page and y was lost.
      new Type(at('tragus_der'), 151, 162),
      // This branch: with every step done the prompt has no button left to take the focus; it goes to the photo area.
      new Handle(at('espina_nasal')),
      new Press('confirm', 0),
    ],
  },
  {
    // This branch: the clinic-server dialog, opened from "Más", gave the focus back to its hidden opener.
    name: 'the clinic-server dialog opened from "Más" and closed: the focus on "Más", not the page',
    device: phone,
    kinds: kindsOf({}),
    cmds: () => [new SignIn(), new SyncNow()],
  },
  {
    // This branch: the result arrived mid-drag moved the stage down under the held pointer (the toolbar
    // grew a row, the prompt another) and refitted the photo: the forehead's marker landed at the photo's top edge, (325.2, 0).
    name: 'suggestions arriving mid-drag: the marker ends where the drag aimed, the arrival after it',
    device: desktop,
    kinds: kindsOf({ espina_iliaca_anterosuperior_izq: 'missing' }),
    cmds: () => [
      new Suggest([{ i: at('espina_iliaca_anterosuperior_izq'), p: [150, 60], sure: false }]),
      new Drag(at('eminencia_frontal_media'), [20, 20], true),
      new History(false),
    ],
  },
  {
    // This branch: the result arrived mid-press ended the choice (another row opened, the chosen one
    // closed) and the release landed beside the row's ✓: the press was lost.
    name: 'suggestions arriving mid-press: a row’s ✓ as the arrival ends the choice',
    device: desktop,
    kinds: kindsOf({ punto_sinfisis_pubiana: 'suggested', centro_rotula_der: 'missing' }),
    cmds: () => [
      new Suggest([{ i: at('eminencia_frontal_media'), p: [150, 60], sure: false }]),
      new Handle(at('eminencia_frontal_media')),
      new Press('row-confirm', at('punto_sinfisis_pubiana'), true),
    ],
  },
  {
    // This branch: "Confirm N sure suggestions" coming into the toolbar mid-press moved the prompt's
    // Undo 40 px under the held pointer: the press was lost.
    name: 'suggestions arriving mid-press: the prompt’s Undo as "Confirmar N sugerencias" comes into the toolbar',
    device: desktop,
    kinds: kindsOf({ ombligo: 'missing', tat_der: 'suggested' }),
    cmds: () => [
      new RowButton(at('tat_izq'), false),
      new Suggest([{ i: at('tat_der'), p: [220, 780], sure: true }]),
      new Press('undo', 0, true),
    ],
  },
  {
    // This branch: a row chosen far down the list scrolled the page so that the first row's × was brought
    // into view under the sticky top bar (1440 x 900: 135 px high); the press landed on "Compare…" and
    // opened its file chooser, and the marker stayed. What is scrolled into view stops below the bar now.
    name: 'a row chosen far down the list, then the first row’s × pressed with a notice between',
    device: desktop,
    kinds: kindsOf({ espina_iliaca_anterosuperior_der: 'suggested', espina_iliaca_anterosuperior_izq: 'suggested' }),
    cmds: () => [new Choose(at('punto_sinfisis_pubiana')), new Press('row-remove', at('eminencia_frontal_media'))],
  },
  {
    // Not a fault found: a fixed sequence with each new source of redraws at least once, so that every
    // run checks them whatever the random sequences drew.
    name: 'every redraw: the sync after edits, offline and online, suggestions arriving between a press and its release',
    device: desktop,
    kinds: kindsOf({ ombligo: 'missing', tat_der: 'suggested' }),
    cmds: () => [
      new SignIn(),
      new Net('offline'),
      new SyncNow(),
      new Net('online'),
      // Each Suggest can run only once the run before it has arrived: mid-press, here.
      new Suggest([{ i: at('tat_der'), p: [200, 760], sure: false }]),
      new Press('row-remove', at('punto_sinfisis_pubiana'), true),
      new Suggest([{ i: at('tat_der'), p: [220, 780], sure: false }]),
      new Press('undo', 0, true),
      new Suggest([{ i: at('ombligo'), p: [300, 440], sure: true }]),
      new Arrive(),
      new Choose(at('centro_rotula_izq')),
      new SyncNow(),
    ],
  },
]

describe('shrunk failing sequences, replayed', () => {
  for (const r of REGRESSIONS)
    test(`${r.device.name}: ${r.name}`, async () => {
      await runCommands(r.device, r.kinds, r.cmds(), true)
    })
})
