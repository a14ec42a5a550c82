/**
 * The app as the engine-neutral browser tests see it (test/support/engines.ts): the
 * guided marking by clicking where the prompt asks, the values shown, the markers on
 * screen, and the record's visits as IndexedDB holds them, all through `EnginePage`
 * (a page expression or a click), so that the same steps run in Chromium, Firefox and WebKit.
 */
import type { FigureSpec, Px } from '../web/fixtures/figure.js'
import { pixelOf } from './browser.js'
import type { EnginePage } from './engines.js'

/** A visit of the record as stored (the fields these tests read). */
export interface StoredVisit {
  id: string
  patientId: string
  file: {
    views: {
      anterior: {
        calibration: { lrv_x: number | null; fc: number | null; grid_size_cm: number | null }
        markers: Record<string, [number, number]>
      }
    }
  }
}

/**
 * Screen point of image pixel p on the stage's photo, once it has settled: the same place in
 * three animation frames in a row (a resize of the photo area, or the stage bringing the asked
 * target into view, moves it meanwhile).
 */
async function screenOf(page: EnginePage, spec: FigureSpec, p: Px): Promise<Px> {
  const box = await page.evaluate<{ x: number; y: number; width: number; height: number }>(
    `new Promise((resolve) => {
      let last = ''
      let same = 0
      const frame = () => {
        const r = document.querySelector('.stage image.photo').getBoundingClientRect()
        const box = { x: r.x, y: r.y, width: r.width, height: r.height }
        same = JSON.stringify(box) === last ? same + 1 : 0
        last = JSON.stringify(box)
        if (same >= 2) resolve(box)
        else requestAnimationFrame(frame)
      }
      requestAnimationFrame(frame)
    })`,
  )
  return [box.x + (p[0] * box.width) / spec.width, box.y + (p[1] * box.height) / spec.height]
}

/**
 * Clicks every target the prompt asks for (the scale, the vertical line, the markers) at
 * its known pixel of the figure, each once the prompt has moved on; returns the ids in the
 * order asked.
 */
export async function placeAskedTargets(page: EnginePage, spec: FigureSpec, limit = 40): Promise<string[]> {
  const asked: string[] = []
  for (let i = 0; i < limit; i++) {
    const id = (await page.attribute('#prompt', 'data-target')) ?? ''
    if (id === '') return asked
    const [x, y] = await screenOf(page, spec, pixelOf(spec, id))
    await page.clickAt(x, y)
    await page.waitFor(`#prompt:not([data-target="${id}"])`, { state: 'attached' })
    asked.push(id)
  }
  throw new Error(`still asking after ${limit} clicks: ${asked.join(', ')}`)
}

/** The results table's values, metric -> value (its data attributes, the service's numbers). */
export function shownValues(page: EnginePage): Promise<Record<string, number>> {
  return page.evaluate<Record<string, number>>(`Object.fromEntries(
    [...document.querySelectorAll('#metrics-table tbody tr[data-metric][data-value]')]
      .map((row) => [row.getAttribute('data-metric'), Number(row.getAttribute('data-value'))]))`)
}

/** The ids of the markers drawn on the photo (scale points and the vertical line left out), sorted. */
export async function markersOf(page: EnginePage): Promise<string[]> {
  const ids = await page.evaluate<string[]>(
    `[...document.querySelectorAll('#stage g.marker[data-target]')].map((g) => g.getAttribute('data-target'))`,
  )
  return ids.filter((id) => !['scale-a', 'scale-b', 'lrv'].includes(id)).sort()
}

/** The visits of the patient with `identifier` in the page's record (IndexedDB), read in one transaction. */
export function storedVisitsOf(page: EnginePage, identifier: string): Promise<StoredVisit[]> {
  return page.evaluate<StoredVisit[]>(`(async () => {
    const done = (r) => new Promise((resolve, reject) => { r.onsuccess = () => resolve(r.result); r.onerror = () => reject(r.error) })
    const db = await done(indexedDB.open('posture-metrics-record'))
    const tx = db.transaction(['patients', 'visits'])
    const [patients, visits] = await Promise.all([done(tx.objectStore('patients').getAll()), done(tx.objectStore('visits').getAll())])
    db.close()
    const patient = patients.find((p) => p.identifier === ${JSON.stringify(identifier)})
    return patient ? JSON.parse(JSON.stringify(visits.filter((v) => v.patientId === patient.id), (k, v) => (v instanceof Blob ? null : v))) : []
  })()`)
}
