/**
 * The patient record as the browser tests see it: Chromium on a persistent profile (a
 * user-data-dir kept between launches, as a clinician's browser keeps its data), more
 * tabs of that browser, each watched for page errors and for photos leaving it; the
 * record's IndexedDB as stored (patients, visits, photos by hash, every tab's
 * workspace); the autosave; the Patients dialog and the questions the app asks; the
 * markers on screen.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type BrowserContext, chromium, type Page } from 'playwright-core'
import type { View } from '#core/markers.js'
import { FIGURES } from '../web/fixtures/figure.js'
import { CHROMIUM, CHROMIUM_ARGS, type Harness, loadPhoto, placeGuided, startHarness } from './browser.js'

/** A tab on the app, with what went wrong in it (page errors, console errors, a photo in a request). */
export interface Tab {
  readonly page: Page
  readonly errors: string[]
}

/** The context options a record test may set (the language and time zone the browser reports). */
export interface ProfileOptions {
  readonly locale?: string
  readonly timezoneId?: string
}

/** Collects a page's errors into `errors`; photos never leave the browser, so a request carrying one is an error. */
function watch(page: Page, errors: string[]): void {
  page.on('pageerror', (e) => errors.push(String(e)))
  page.on('console', (m) => m.type() === 'error' && !m.text().includes('status of 422') && errors.push(m.text()))
  page.on('request', (r) => {
    // Only the app's files and marker coordinates go to the service.
    const body = r.postData() ?? ''
    if (body.includes('data:image') || body.length > 20_000) errors.push(`a request carried a photo: ${r.url()}`)
  })
}

/**
 * Chromium on one persistent profile (a temporary user-data-dir): launched, closed and
 * launched again on the same data, like a clinician's browser. `close` closes whatever
 * is open (also after a failed test: an open browser keeps the process alive) and
 * removes the profile.
 */
export class PersistentBrowser {
  private readonly launched: BrowserContext[] = []

  private constructor(
    private readonly h: Harness,
    readonly profile: string,
    private readonly options: ProfileOptions,
  ) {}

  static create(h: Harness, options: ProfileOptions = {}): PersistentBrowser {
    return new PersistentBrowser(h, mkdtempSync(join(tmpdir(), 'posture-record-')), options)
  }

  /** Launches Chromium on the profile (closing one left open by a failed test: it locks the profile) with the app in its first tab. */
  async launch(): Promise<Tab & { context: BrowserContext }> {
    for (const open of this.launched.splice(0)) await open.close().catch(() => undefined)
    const context = await chromium.launchPersistentContext(this.profile, {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
      viewport: { width: 1400, height: 900 },
      deviceScaleFactor: 1,
      acceptDownloads: true,
      // The app's service worker blocked, as in openApp (test/support/browser.ts): offline.test.ts tests it.
      serviceWorkers: 'block',
      ...this.options,
    })
    this.launched.push(context)
    const tab = await this.openApp(context.pages()[0] ?? (await context.newPage()))
    return { context, ...tab }
  }

  /** Another tab of the launched browser, on the app (its record status line shown: the record is mounted). */
  async newTab(context: BrowserContext): Promise<Tab> {
    return this.openApp(await context.newPage())
  }

  private async openApp(page: Page): Promise<Tab> {
    const errors: string[] = []
    watch(page, errors)
    await page.goto(this.h.base)
    await page.locator('#view-tabs button').first().waitFor()
    await page.locator('#record-status').waitFor({ state: 'attached' })
    return { page, errors }
  }

  async close(): Promise<void> {
    for (const context of this.launched.splice(0)) await context.close().catch(() => undefined)
    rmSync(this.profile, { recursive: true, force: true })
  }
}

/**
 * The browsers of a test file whose tests each want a profile of their own: the
 * harness, started once; a fresh persistent browser per `create` (in the file's
 * language and time zone unless told otherwise); all closed at the end.
 */
export class RecordBrowsers {
  private readonly created: PersistentBrowser[] = []
  private harness: Harness | undefined

  constructor(private readonly defaults: ProfileOptions = {}) {}

  async start(): Promise<Harness> {
    this.harness = await startHarness()
    return this.harness
  }

  create(options: ProfileOptions = {}): PersistentBrowser {
    if (!this.harness) throw new Error('RecordBrowsers.start() first')
    const browser = PersistentBrowser.create(this.harness, { ...this.defaults, ...options })
    this.created.push(browser)
    return browser
  }

  async close(): Promise<void> {
    for (const browser of this.created.splice(0)) await browser.close()
    await this.harness?.close()
  }
}

/** Waits until the autosave has written everything (and the record status line exists). */
export async function savedToRecord(page: Page): Promise<void> {
  await page.locator('#record-status[data-pending="false"]').waitFor({ state: 'attached' })
}

export interface StoredRecord {
  patients: Record<string, unknown>[]
  visits: Record<string, unknown>[]
  photos: { key: string; type: string; width: number; height: number; hash: string }[]
  /** Every tab's workspace, with the tab's id. */
  workspaces: { tab: string; workspace: Record<string, unknown> }[]
}

/** How a store is read by `readStores`: its keys only, or its keys and values. */
export type StoreRead = 'keys' | 'values'

/** A store's keys and (when read) values, in key order. */
export interface StoreContent {
  keys: string[]
  values: Record<string, unknown>[]
}

/**
 * Stores of the page's record database (IndexedDB) as they are now, read in one
 * transaction: each store's keys, and its values where asked, with every Blob or ArrayBuffer
 * in them (a photo's bytes: an ArrayBuffer, or a Blob in rows written before) given as the
 * SHA-256 of its bytes (hex).
 */
export async function readStores<S extends string>(
  page: Page,
  stores: Readonly<Record<S, StoreRead>>,
): Promise<Record<S, StoreContent>> {
  const reads: Record<string, StoreRead> = stores
  return page.evaluate(async (asked) => {
    // The IndexedDB calls used here, typed locally: the tests compile without the DOM library.
    type Request<T> = { result: T; error: unknown; onsuccess: () => void; onerror: () => void }
    type ObjectStore = { getAll(): Request<unknown[]>; getAllKeys(): Request<string[]> }
    type Database = { transaction(stores: string[]): { objectStore(store: string): ObjectStore }; close(): void }
    const done = <T>(r: Request<T>) =>
      new Promise<T>((resolve, reject) => {
        r.onsuccess = () => resolve(r.result)
        r.onerror = () => reject(r.error)
      })
    const idb = (globalThis as unknown as { indexedDB: { open(name: string): Request<Database> } }).indexedDB
    const db = await done(idb.open('posture-metrics-record'))
    const names = Object.keys(asked)
    const tx = db.transaction(names)
    const read = await Promise.all(
      names.map(async (name) => {
        const store = tx.objectStore(name)
        const [keys, values] = await Promise.all([
          done(store.getAllKeys()),
          asked[name] === 'values' ? done(store.getAll()) : Promise.resolve([]),
        ])
        return { name, keys, values }
      }),
    )
    db.close()
    const plain = async (value: unknown): Promise<unknown> => {
      if (value instanceof Blob || value instanceof ArrayBuffer)
        return [
          ...new Uint8Array(
            await crypto.subtle.digest('SHA-256', value instanceof Blob ? await value.arrayBuffer() : value),
          ),
        ]
          .map((x) => x.toString(16).padStart(2, '0'))
          .join('')
      if (Array.isArray(value)) return Promise.all(value.map(plain))
      if (value === null || typeof value !== 'object') return value
      const entries = await Promise.all(Object.entries(value).map(async ([k, v]) => [k, await plain(v)]))
      return Object.fromEntries(entries)
    }
    const contents: Record<string, unknown> = {}
    for (const { name, keys, values } of read) contents[name] = { keys: keys.map(String), values: await plain(values) }
    return contents as Record<S, StoreContent>
  }, reads)
}

/** Every patient, visit, photo (by the SHA-256 of its bytes) and workspace as the page's IndexedDB holds them. */
export async function readRecord(page: Page): Promise<StoredRecord> {
  const { patients, visits, photos, workspace } = await readStores(page, {
    patients: 'values',
    visits: 'values',
    photos: 'values',
    workspace: 'values',
  })
  return {
    patients: patients.values,
    visits: visits.values,
    photos: photos.values.map((p) => ({
      key: String(p.key),
      type: String(p.type),
      width: Number(p.width),
      height: Number(p.height),
      // Bytes as the record writes them, or a Blob in a row written before.
      hash: String(p.bytes ?? p.blob),
    })),
    workspaces: workspace.keys.map((tab, i) => ({ tab, workspace: workspace.values[i]! })),
  }
}

type StoredVisitShape = {
  patientId: unknown
  date: string
  file: { views: Record<string, { markers: unknown; results: unknown }> }
  photos: Record<string, { key: string }>
}

/** The whole record as stored: patients, and each visit's markers, results and photos (by hash). */
export async function snapshot(page: Page): Promise<unknown> {
  const { patients, visits, photos } = await readRecord(page)
  const photoHash: Record<string, string> = {}
  for (const p of photos) photoHash[p.key] = `${p.type} ${p.width}x${p.height} ${p.hash}`
  const byPatient = new Map(patients.map((p) => [p.id, p.identifier]))
  return {
    patients: patients.map((p) => p.identifier).sort(),
    visits: (visits as unknown as StoredVisitShape[])
      .map((v) => ({
        patient: byPatient.get(v.patientId),
        date: v.date,
        views: Object.fromEntries(
          Object.entries(v.file.views).map(([name, view]) => [
            name,
            { markers: JSON.stringify(view.markers), results: JSON.stringify(view.results) },
          ]),
        ),
        photos: Object.fromEntries(Object.entries(v.photos).map(([name, ref]) => [name, photoHash[ref.key]])),
      }))
      .sort((a, b) => `${a.patient} ${a.date}`.localeCompare(`${b.patient} ${b.date}`)),
  }
}

/** Every stored patient and visit as its JSON, and every photo as key, type, size and SHA-256 of its bytes (sorted). */
export async function storedRecord(page: Page): Promise<{ patients: string[]; visits: string[]; photos: string[] }> {
  const { patients, visits, photos } = await readRecord(page)
  return {
    patients: patients.map((p) => JSON.stringify(p)).sort(),
    // Every field but the revision, which a delete and its undo move on (a tab holding the older copy must not write it back).
    visits: visits.map(({ rev: _rev, ...v }) => JSON.stringify(v)).sort(),
    photos: photos.map((p) => `${p.key} ${p.type} ${p.width}x${p.height} ${p.hash}`).sort(),
  }
}

/** Opens the Patients dialog. */
export async function openRecord(page: Page): Promise<void> {
  await page.locator('#record-button').click()
  // aria-busy until the dialog shows the record as it is now (the contents of its last opening till then).
  await page.locator('#record-dialog[open]:not([aria-busy]) #record-search').waitFor()
}

/** Answers the question `question` the app is asking; returns its text, once the question is gone. */
export async function answerQuestion(page: Page, question: string, answer: 'yes' | 'no'): Promise<string> {
  const asked = page.locator(`dialog[data-question="${question}"][open]`)
  await asked.waitFor()
  const text = await asked.innerText()
  await asked.locator(`button[data-answer="${answer}"]`).click()
  await page.locator(`dialog[data-question="${question}"]`).waitFor({ state: 'detached' })
  return text
}

/** Clicks a button that asks first (delete, discard, move) and answers its question; returns the question's text. */
export async function clickAndAnswer(
  page: Page,
  button: string,
  question: string,
  answer: 'yes' | 'no',
): Promise<string> {
  await page.locator(button).click()
  return answerQuestion(page, question, answer)
}

/** The markers and scale points on screen: each target's id with its tooltip (its label and image-pixel position). */
export async function markersOnScreen(page: Page): Promise<string[]> {
  return page
    .locator('#stage g.marker[data-target]')
    .evaluateAll((marks) =>
      marks.map((g) => `${g.getAttribute('data-target')} ${g.querySelector('title')?.textContent}`),
    )
}

/** The tab id the page's record uses (its workspace's key). */
export async function tabIdOf(page: Page): Promise<string> {
  return (await page.evaluate("sessionStorage.getItem('posture-metrics.tab')")) as string
}

/** Today's date (YYYY-MM-DD) in the page's time zone. */
export function todayIn(page: Page): Promise<string> {
  return page.evaluate(() => {
    const d = new Date()
    return [d.getFullYear(), d.getMonth() + 1, d.getDate()].map((n) => String(n).padStart(2, '0')).join('-')
  })
}

/** The stored visits of the patient with `identifier` (none when there is no such patient). */
export function visitsOf(record: StoredRecord, identifier: string): Record<string, unknown>[] {
  const patient = record.patients.find((p) => p.identifier === identifier)
  return patient ? record.visits.filter((v) => v.patientId === patient.id) : []
}

type AnteriorMarkers = Record<string, [number, number]>

/** The anterior markers of every stored visit of a patient, by visit id. */
export async function storedMarkers(page: Page, patient: string): Promise<Map<string, AnteriorMarkers>> {
  const visits = visitsOf(await readRecord(page), patient) as unknown as {
    id: string
    file: { views: { anterior: { markers: AnteriorMarkers } } }
  }[]
  return new Map(visits.map((v) => [v.id, v.file.views.anterior.markers]))
}

/** Each patient's line in the Patients dialog (identifier, name, number of visits), by identifier; the dialog is left closed. */
export async function patientLines(page: Page): Promise<Record<string, string>> {
  await openRecord(page)
  const lines = await page
    .locator('#record-patients li[data-patient]')
    .evaluateAll((items) => items.map((li) => [li.getAttribute('data-patient'), li.textContent.trim()]))
  await page.locator('#record-close').click()
  await page.locator('#record-dialog').waitFor({ state: 'hidden' })
  return Object.fromEntries(lines)
}

/** Selects a marker in the list and moves it with the arrow keys from the photo (`key`: e.g. Shift+ArrowRight, 10 px). */
export async function nudgeMarker(page: Page, target: string, key: string): Promise<void> {
  const active = page.locator(`#marker-list li.active[data-target="${target}"]`)
  // A click on the selected marker's line unselects it.
  if ((await active.count()) === 0) await page.locator(`#marker-list li[data-target="${target}"] .target-main`).click()
  await active.waitFor()
  await page.locator('#stage').focus()
  await page.keyboard.press(key)
}

/**
 * Waits until the service has answered for the view on screen (not the values saved in
 * a visit: an opened visit is analysed again) and the autosave has written it.
 */
export async function analysedAndSaved(page: Page): Promise<void> {
  await page.locator('#results[data-state="ready"]').waitFor()
  await savedToRecord(page)
}

/** Opens the figure of `view` and marks it whole (every target, and the ruler's length): the service can answer. */
async function markWholeView(page: Page, h: Harness, view: View): Promise<void> {
  const spec = FIGURES[view]
  await loadPhoto(page, h, view)
  await placeGuided(page, spec)
  await page.locator('#grid-cm').fill(String(spec.scaleCm))
  await page.locator('#grid-cm').press('Enter')
}

/**
 * A visit of the patient `identifier` entering the record from the assessment card:
 * the identifier typed and committed (Tab), the date typed when given, the anterior
 * view marked whole; returns once the service has answered and the visit is saved.
 */
export async function visitFromCard(page: Page, h: Harness, identifier: string, date?: string): Promise<void> {
  await page.locator('#patient-id').fill(identifier)
  await page.locator('#patient-id').press('Tab')
  if (date !== undefined) await page.locator('#assessment-date').fill(date)
  await markWholeView(page, h, 'anterior')
  await page.locator('#record-status[data-saved="true"]').waitFor()
  await analysedAndSaved(page)
}
