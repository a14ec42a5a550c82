/**
 * Trends read at a glance and printed (issue 28), in real Chromium with touch: a patient
 * with eight visits at uneven intervals (the last three 97 and 70 days apart), imported
 * as a backup. Each chart has a time axis with dates and a value axis with its unit; the
 * visits lie in proportion to the time between them; the ± band and the change-threshold
 * band are drawn; a tap on a visit reads its value and change; the table opens on the
 * latest visit, with signed values and date headers alike; the trends page, with the charts
 * chosen, prints on one A4 and one US Letter page (page.pdf, pdfinfo, pdftotext), its text as text (vectors);
 * the trend CSV names the unit in Spanish when the app is in Spanish.
 */
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { after, before, describe, test } from 'node:test'
import { type Harness, OUTPUT, openApp, startHarness } from '../support/browser.js'
import { FIGURES } from './fixtures/figure.js'

let h: Harness
before(async () => {
  h = await startHarness()
})
after(async () => {
  await h?.close()
})

const PATIENT = 'PAC-T'
/** The visits' dates: uneven intervals, the last three 97 and 70 days apart (the issue's case). */
const DATES = [
  '2025-06-02',
  '2025-07-14',
  '2025-09-01',
  '2025-10-20',
  '2025-12-15',
  '2026-01-05',
  '2026-04-12',
  '2026-06-21',
]

/** A visit of the anterior figure, the right tragus lowered by `dy` px (the head angle changes). */
function visit(i: number, date: string) {
  const f = FIGURES.anterior
  const dy = [0, 1, 3, 2, 6, 5, 12, 4][i]!
  const markers = { ...f.markers, tragus_der: [f.markers.tragus_der![0], f.markers.tragus_der![1] + dy] }
  return {
    id: `v${i}`,
    patient_id: 'pt',
    date,
    created: `${date}T09:00:00.000Z`,
    updated: `${date}T09:30:00.000Z`,
    assessment: {
      format: 'posture-metrics-session',
      version: 1,
      saved_at: `${date}T09:30:00.000Z`,
      view: 'anterior',
      patient_id: PATIENT,
      assessment_date: date,
      views: {
        anterior: {
          image: { name: 'anterior.png', width: f.width, height: f.height },
          calibration: { lrv_x: f.lrvX, fc: null, grid_size_cm: f.scaleCm, scale_points: f.scale },
          markers,
          results: null,
        },
      },
    },
    photos: {},
  }
}

const BACKUP = Buffer.from(
  JSON.stringify({
    format: 'posture-metrics-record',
    version: 1,
    exported_at: '2026-07-01T10:00:00.000Z',
    scope: 'record',
    patients: [{ id: 'pt', identifier: PATIENT, name: '', notes: '', created: '2025-06-02T09:00:00.000Z' }],
    visits: DATES.map((d, i) => visit(i, d)),
  }),
)

function pdfInfo(path: string): { pages: number; size: string } {
  const text = execFileSync('pdfinfo', [path], { encoding: 'utf8' })
  return { pages: Number(/Pages:\s+(\d+)/.exec(text)![1]), size: /Page size:\s+(.*)/.exec(text)![1]!.trim() }
}

describe('trends', () => {
  test('axes, time spacing, bands, touch readout, latest visit in view, a printed page on A4 and Letter', async () => {
    const { page, errors } = await openApp(h, { hasTouch: true })
    await page.locator('#record-button').click()
    await page.locator('#record-dialog[open] #record-search').waitFor()
    await page.locator('#record-import-input').setInputFiles({
      name: 'trends.json',
      mimeType: 'application/json',
      buffer: BACKUP,
    })
    await page.locator('dialog[data-question="import"][open] button[data-answer="yes"]').click()
    await page.locator(`#record-patients li[data-patient="${PATIENT}"] button`).click()
    await page.locator(`#record-trends[data-patient="${PATIENT}"] summary`).click()
    const chart = page.locator('#record-trends svg.trend-chart[data-metric="head_angle"]')
    await chart.waitFor()

    // Axes: dates on the time axis (the latest among them), values with their unit, the unit named.
    const dates = await chart.locator('.trend-axis-x .trend-tick-x text').allTextContents()
    assert.ok(dates.length >= 3, `dates on the time axis: ${dates.join(' | ')}`)
    assert.equal(dates.at(-1), 'Jun 21, 2026')
    assert.equal(dates[0], 'Jun 2, 2025')
    const values = await chart.locator('.trend-axis-y .trend-tick-y text').allTextContents()
    assert.ok(values.length >= 2 && values.every((v) => /^[+\u2212]?\d+\.\d°$/.test(v)), values.join(' | '))
    assert.equal(await chart.locator('.trend-axis-title').textContent(), 'degrees')

    // Spacing by time: the same user units per day between every two visits (97 days take more room than 70).
    const points = await chart
      .locator('circle.trend-point')
      .evaluateAll((cs) => cs.map((c) => [Number(c.getAttribute('cx')), Number(c.getAttribute('data-time'))]))
    assert.equal(points.length, DATES.length, 'a point per visit')
    const perDay = points
      .slice(1)
      .map(([x, time], i) => (x! - points[i]![0]!) / ((time! - points[i]![1]!) / 86_400_000))
    for (const r of perDay) assert.ok(Math.abs(r - perDay[0]!) < 0.02, `units per day ${perDay.join(', ')}`)
    const gap = (i: number) => points[i + 1]![0]! - points[i]![0]!
    assert.ok(Math.abs(gap(6) / gap(5) - 70 / 97) < 0.01, `the last two gaps ${gap(5)} and ${gap(6)}`)

    // The ± band and the change-threshold band, labelled with what it rests on.
    assert.equal(await chart.locator('polygon.trend-band').count(), 1)
    const threshold = chart.locator('rect.trend-threshold')
    assert.ok(Number(await threshold.getAttribute('height')) > 0)
    assert.match(
      (await threshold.locator('title').textContent())!,
      /first visit: ± \d+\.\d° \(Placement error only: a lower bound \(no repeatability data for this measure\)\)$/,
    )
    // The evidence is also said under the chart's title, where a finger need not find it.
    const figure = page.locator('#record-trends figure.trend-figure[data-metric="head_angle"]')
    assert.equal(await figure.getAttribute('data-evidence'), 'placement')
    assert.match((await figure.locator('.trend-evidence').textContent())!, /^Placement error only: a lower bound/)

    // Touch: a tap on a visit reads its value and its change from the previous visit.
    const readout = page.locator('#record-trends .trend-readout[data-metric="head_angle"]')
    assert.match((await readout.textContent())!, /^Tap or point at a visit/)
    const april = chart.locator('circle.trend-point[data-visit="v6"]')
    await april.scrollIntoViewIfNeeded()
    const box = (await april.boundingBox())!
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2)
    await page.locator('#record-trends .trend-readout[data-metric="head_angle"][data-visit="v6"]').waitFor()
    assert.match(
      (await readout.textContent())!,
      /^April 12, 2026: [+\u2212]\d+\.\d°\s±\s\d+\.\d°; change from the previous visit [+\u2212]\d+\.\d°, (beyond|within) measurement error$/,
    )
    // A tap beside the dot (a finger is wide) picks the nearest visit.
    const last = (await chart.locator('circle.trend-point[data-visit="v7"]').boundingBox())!
    await page.touchscreen.tap(last.x + last.width / 2 - 6, last.y - 20)
    await page.locator('#record-trends .trend-readout[data-metric="head_angle"][data-visit="v7"]').waitFor()

    // The table: opened on the latest visit, the trends the dialog's whole width.
    const wrap = page.locator('#record-trends .table-wrap').first()
    const scroll = await wrap.evaluate((w) => ({ width: w.scrollWidth, client: w.clientWidth, left: w.scrollLeft }))
    assert.ok(scroll.width > scroll.client, `eight visits overflow the table's width: ${JSON.stringify(scroll)}`)
    const wrapBox = (await wrap.boundingBox())!
    const latest = (await wrap.locator('thead th[data-visit="v7"]').boundingBox())!
    assert.ok(
      latest.x >= wrapBox.x - 1 && latest.x + latest.width <= wrapBox.x + wrapBox.width + 1,
      `the latest visit's column is in view: ${JSON.stringify({ latest, wrapBox })}`,
    )
    const trendsBox = (await page.locator('#record-trends').boundingBox())!
    const columnsBox = (await page.locator('#record-dialog .record-columns').boundingBox())!
    assert.ok(trendsBox.width >= columnsBox.width - 2, 'the trends take the dialog’s whole width')
    // Values signed as their metric shows them; the date headers written alike.
    const cells = await wrap.locator('tbody tr[data-metric="head_angle"] td').allTextContents()
    assert.ok(
      cells.every((c) => /^[+\u2212]\d/.test(c)),
      cells.join(' | '),
    )
    const cases = (await page.evaluate(
      `[...document.querySelectorAll('#record-trends thead th.visit-date')].map((th) => getComputedStyle(th).textTransform)`,
    )) as string[]
    assert.deepEqual(new Set(cases), new Set(['none']))
    await page.locator('#record-dialog').screenshot({ path: `${OUTPUT}trends-dialog.png` })

    // The printed trends page: one page on A4 and on Letter, a chart per metric, text as text.
    // window.print is the browser's dialog; page.pdf prints instead (and fires afterprint, which puts the page back).
    await page.evaluate('window.print = () => {}')
    // A chosen set: the navel's distance left out of the page.
    await page.locator('#record-trends .trend-figure[data-metric="dist_ombligo"] .trend-print-include').uncheck()
    const onScreen = await page.locator('#record-trends .trend-charts').first().locator('.trend-figure').count()
    for (const paper of ['A4', 'Letter'] as const) {
      await page.locator('#record-trends-print').click()
      await page.locator('html.printing-trends #trends-print .trend-figure').first().waitFor({ state: 'attached' })
      assert.equal(await page.locator('#trends-print .trend-figure').count(), onScreen - 1, 'the charts chosen')
      assert.equal(await page.locator('#trends-print .trend-figure[data-metric="dist_ombligo"]').count(), 0)
      assert.equal(await page.locator('#trends-print .trend-print-choice').count(), 0, 'no checkbox on paper')
      await page.emulateMedia({ media: 'print' })
      const path = `${OUTPUT}trends-${paper}.pdf`
      await page.pdf({ path, format: paper })
      await page.emulateMedia({ media: 'screen' })
      const info = pdfInfo(path)
      assert.equal(info.pages, 1, `${paper}: ${info.pages} pages`)
      assert.match(
        info.size,
        paper === 'A4' ? /^59[56](\.\d+)? x 84[12](\.\d+)? pts \(A4\)$/ : /^612(\.\d+)? x 792(\.\d+)? pts \(letter\)$/,
      )
      const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' })
      assert.match(text, /Trends of PAC-T/)
      assert.match(text, /8 visits, from June 2, 2025 to June 21, 2026\./)
      assert.match(text, /Jun 21, 2026/, 'the axes are printed as text')
      assert.match(text, /Placement error only: a lower bound/, 'each chart names the evidence it rests on')
      assert.doesNotMatch(text, /Posture analysis/, 'the visit report is not printed with it')
      execFileSync('pdftoppm', ['-png', '-r', '60', path, `${OUTPUT}trends-${paper}`])
    }
    // Printed, the page is put back: the report prints as before.
    assert.equal(await page.locator('html.printing-trends').count(), 0)

    // The trend CSV in Spanish: the unit in Spanish.
    await page.locator('#record-close').click()
    await page.locator('#language').selectOption('es')
    await page.locator('html[lang="es"]').waitFor()
    await page.locator('#record-button').click()
    await page.locator(`#record-patients li[data-patient="${PATIENT}"] button`).click()
    // The dialog remembers the trends open.
    await page.locator(`#record-trends[data-patient="${PATIENT}"][open] #record-trend-csv`).waitFor()
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#record-trend-csv').click()])
    await download.saveAs(`${OUTPUT}trends-es.csv`)
    const rows = readFileSync(`${OUTPUT}trends-es.csv`, 'utf8').trim().split('\r\n')
    // A spreadsheet CSV in Spanish: ';' between fields (and the decimal comma).
    // The metric named in Spanish; its code in the column added last.
    assert.ok(rows[0]!.endsWith(';codigo'), rows[0])
    const headAngle = rows.filter((r) => r.endsWith(';head_angle'))
    assert.equal(headAngle.length, DATES.length)
    assert.ok(
      headAngle.every((r) => r.split(';')[3] === 'Inclinación de la cabeza'),
      headAngle[0],
    )
    assert.ok(
      headAngle.every((r) => r.includes(';grados;')),
      headAngle[0],
    )
    assert.deepEqual(errors, [])
    await page.context().close()
  })
})
