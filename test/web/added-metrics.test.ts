/**
 * The metrics added after the specification's (docs/metrics.md, "Added metrics") in
 * the marking app, in real Chromium against the real service: each one shown with
 * its value ± u, its name and sign meaning in Spanish and in English, drawn on the
 * photo, and in the printed report with its ± (issue 16).
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Page } from 'playwright-core'
import type { View } from '#core/markers.js'
import { ANTERIOR_METRICS, LATERAL_METRICS, POSTERIOR_METRICS } from '#core/metrics/index.js'
import {
  clickPixel,
  type Harness,
  loadPhoto,
  OUTPUT,
  openApp,
  pixelOf,
  placeGuided,
  shownResults,
  startHarness,
} from '../support/browser.js'
import { FIGURES } from './fixtures/figure.js'

/** How many metrics each view's response had in the specification; the table rows after them are the added ones. */
const SPECIFICATION_COUNT: Record<View, number> = { anterior: 8, posterior: 7, lateral: 4 }
const TABLES = { anterior: ANTERIOR_METRICS, posterior: POSTERIOR_METRICS, lateral: LATERAL_METRICS } as const
const VIEWS = Object.keys(TABLES) as View[]

function addedMetrics(view: View): string[] {
  return TABLES[view].slice(SPECIFICATION_COUNT[view]).map((m) => m.name)
}

let h: Harness
before(async () => {
  h = await startHarness()
})
after(async () => {
  await h?.close()
})

/** Places one optional calibration target (the lateral view's scale points and line) by selecting it in the list. */
async function placeOptional(page: Page, view: View, id: string): Promise<void> {
  const spec = FIGURES[view]
  // Placing scale point A asks for B next: B is then already chosen, and a click on a chosen target lets it go.
  const item = page.locator(`#calibration-list [data-target="${id}"] .target-main`)
  if ((await item.getAttribute('aria-current')) !== 'step') await item.click()
  await page.locator(`#prompt[data-target="${id}"]`).waitFor()
  await clickPixel(page, spec, pixelOf(spec, id))
  await page.locator(`#stage [data-target="${id}"]`).first().waitFor()
}

/** Marks the view's figure with its calibration, and waits for every metric's value. */
async function markView(page: Page, view: View): Promise<void> {
  const spec = FIGURES[view]
  await page.locator(`#tab-${view}`).click()
  if (view === 'lateral') await page.locator('#side-left').check()
  await loadPhoto(page, h, view)
  await placeGuided(page, spec)
  if (view === 'lateral') {
    // Optional in this view; the lumbar apex distance needs them.
    for (const id of ['scale-a', 'scale-b', 'lrv']) await placeOptional(page, view, id)
    await page.locator('#grid-cm').fill(String(spec.scaleCm))
    await page.locator('#grid-cm').press('Enter')
  } else {
    await page.locator('#prompt-grid-cm').fill(String(spec.scaleCm))
    await page.locator('#prompt-grid-cm').press('Enter')
  }
  await shownResults(page)
  for (const name of addedMetrics(view))
    await page.locator(`#results[data-state="ready"] #metrics-table tr[data-metric="${name}"][data-value]`).waitFor()
}

interface Shown {
  readonly label: string
  readonly meaning: string
  readonly value: string
  readonly u: string
}

async function shownRow(page: Page, name: string): Promise<Shown> {
  const row = page.locator(`#metrics-table tr[data-metric="${name}"]`)
  return {
    label: (await row.locator('.metric-label').innerText()).trim(),
    meaning: (await row.locator('.meaning').innerText()).trim(),
    value: (await row.locator('td.value').innerText()).trim(),
    u: (await row.locator('td.u').innerText()).trim(),
  }
}

describe('the added metrics in the app', () => {
  test('each shown with ± in Spanish and English, drawn on the photo and in the report', async () => {
    const { page, errors } = await openApp(h, { locale: 'es-ES' })
    const spanish: Record<string, Shown> = {}
    for (const view of VIEWS) {
      await markView(page, view)
      for (const name of addedMetrics(view)) {
        const shown = await shownRow(page, name)
        spanish[`${view}.${name}`] = shown
        assert.match(shown.value, /^[+\u2212]?\d+,\d(°|\u00a0cm)$/, `${view}.${name} value in Spanish: ${shown.value}`)
        assert.match(shown.u, /^±\u00a0\d+,\d(°|\u00a0cm)$/, `${view}.${name} u in Spanish: ${shown.u}`)
        assert.ok(shown.label && shown.meaning, `${view}.${name} has a Spanish name and meaning`)
        assert.equal(
          await page.locator(`#stage .figures .figure[data-metric="${name}"]`).count(),
          1,
          `${view}.${name} is drawn on the photo`,
        )
      }
      await page.screenshot({ path: `${OUTPUT}added-metrics-${view}-es.png` })

      // The report: the same rows, each with value ± u.
      await page.emulateMedia({ media: 'print' })
      const report = page.locator(`#report section[data-view="${view}"]`)
      for (const name of addedMetrics(view)) {
        const cell = (await report.locator(`tr[data-metric="${name}"] td`).innerText()).trim()
        assert.match(
          cell,
          /^[+\u2212]?\d+,\d(°|\u00a0cm) ± \d+,\d(°|\u00a0cm)$|^[+\u2212]?\d+,\d(°|\u00a0cm)\u00a0±\u00a0\d+,\d(°|\u00a0cm)$/,
          `${view}.${name} in the report: ${cell}`,
        )
        assert.equal(
          await report.locator(`svg.report-photo .figure[data-metric="${name}"]`).count(),
          1,
          `${view}.${name} drawn in the report`,
        )
      }
      await page.emulateMedia({ media: 'screen' })
    }
    // A published value is a quiet note beside the metric, in the language shown.
    const note = (
      await page.locator('#metrics-table tr[data-metric="head_angle_horizontal"] .published').innerText()
    ).trim()
    assert.match(note, /^Publicado: 47,4 ± 5,2 grados/)

    // English: every added metric named and explained in English, value ± u with a decimal point.
    await page.locator('#language').selectOption('en')
    await page.locator('html[lang="en"]').waitFor()
    for (const view of VIEWS) {
      await page.locator(`#tab-${view}`).click()
      await page.locator(`#results[data-state="ready"]`).waitFor()
      for (const name of addedMetrics(view)) {
        const shown = await shownRow(page, name)
        const es = spanish[`${view}.${name}`]!
        assert.match(shown.value, /^[+\u2212]?\d+\.\d(°|\u00a0cm)$/, `${view}.${name} value in English: ${shown.value}`)
        assert.match(shown.u, /^±\u00a0\d+\.\d(°|\u00a0cm)$/, `${view}.${name} u in English: ${shown.u}`)
        assert.notEqual(shown.label, es.label, `${view}.${name}: the English name differs from the Spanish one`)
        assert.notEqual(shown.meaning, es.meaning, `${view}.${name}: the English meaning differs from the Spanish one`)
      }
      await page.emulateMedia({ media: 'print' })
      const report = page.locator(`#report section[data-view="${view}"]`)
      for (const name of addedMetrics(view)) {
        assert.match(
          (await report.locator(`tr[data-metric="${name}"] td`).innerText()).trim(),
          /\d\.\d.*±.*\d\.\d/,
          `${view}.${name} in the English report`,
        )
      }
      await page.emulateMedia({ media: 'screen' })
    }
    await page.screenshot({ path: `${OUTPUT}added-metrics-lateral-en.png` })
    assert.match(
      await page.locator('#metrics-table tr[data-metric="head_angle_horizontal"] .published').innerText(),
      /^Published: 47\.4 ± 5\.2 degrees/,
    )
    assert.deepEqual(errors, [])
    await page.context().close()
  })
})
