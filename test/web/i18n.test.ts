/**
 * The marking app in Spanish and English, with uncertainties and a comparison of
 * visits, in headless Chromium against the real service: a Spanish browser gets the
 * Spanish app; a whole assessment, its report and a comparison with an earlier
 * visit show no English word; every value shows ± u with a decimal comma; the
 * comparison flags only the change beyond measurement error; the patient and date
 * stay out of the API requests; the language can be switched and is remembered.
 * Screenshots go to test-output/.
 */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { Page } from 'playwright-core'
import { ANTERIOR_METRICS } from '#core/metrics/index.js'
import {
  type Harness,
  loadPhoto,
  OUTPUT,
  openApp,
  placeGuided,
  shownResults,
  startHarness,
} from '../support/browser.js'
import { englishVocabulary, englishWordsIn } from '../support/english-words.js'
import { ROOT } from '../support/paths.js'
import { FIGURES } from './fixtures/figure.js'

const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8')

/** The string literals of a TypeScript source text, object keys left out. */
function literals(source: string): string[] {
  // Object keys ('photo.notImage': ...) are not text.
  const values = source.replace(/(['"])[^'"\n]*\1\s*:/g, ' ')
  return [...values.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)].map(
    (m) => m[1] ?? m[2] ?? m[3] ?? '',
  )
}

/**
 * English vocabulary: the words of the English catalogue, the service's marker and
 * metric tables, that the Spanish catalogue never uses. Read from the sources (the
 * app's modules are bundled for the browser, not importable here).
 */
function vocabulary(): Set<string> {
  const clinical = read('web/src/i18n/clinical.ts')
  const terms = read('web/src/i18n/terms.ts')
  const split = (text: string, marker: string): [string, string] => [
    text.slice(0, text.indexOf(marker)),
    text.slice(text.indexOf(marker)),
  ]
  const [clinicalEn, clinicalEs] = split(clinical, 'export const CLINICAL_ES')
  const [, termsEs] = split(terms, '// --- Spanish')
  const metrics = ['anterior', 'posterior', 'lateral', 'shapes'].map((f) => read(`core/metrics/${f}.ts`)).join('\n')
  const english = [read('web/src/i18n/en.ts'), clinicalEn, read('core/markers.ts'), metrics].flatMap(literals)
  const spanish = [read('web/src/i18n/es.ts'), clinicalEs, termsEs].flatMap(literals)
  // Not words, or the same in both languages: units, codes, file names, the language's own name.
  const allow = [
    'px',
    'cm',
    'fc',
    'lrv',
    'csv',
    'json',
    'jpeg',
    'png',
    'webp',
    'http',
    'api',
    'ctrl',
    'english',
    'asis',
    'psis',
    'srd',
    'min',
    'max',
    'zoom',
    'figura',
    'deg',
    'lean',
    'tilt',
    'offset',
    'bend',
  ]
  return englishVocabulary(english, spanish, allow)
}

const ENGLISH = vocabulary()
// The check is not vacuous: the app's English sentences are caught.
assert.deepEqual(englishWordsIn('Click this point on the photo.', ENGLISH), [
  'click',
  'this',
  'point',
  'on',
  'the',
  'photo',
])
assert.ok(ENGLISH.size > 300, `${ENGLISH.size} English words`)
const PATIENT = 'PAC-0042'
const ANTERIOR_COUNT = ANTERIOR_METRICS.length
const spec = FIGURES.anterior

let h: Harness
before(async () => {
  h = await startHarness()
})
after(async () => {
  await h?.close()
})

/** Everything a person reads in an element: its text, the photo's SVG labels and tooltips, field values and placeholders, tooltips, labels for screen readers. */
async function readableText(page: Page, selector: string): Promise<string> {
  return page.evaluate(`(() => {
    const root = document.querySelector(${JSON.stringify(selector)})
    const parts = [root.innerText]
    for (const el of root.querySelectorAll('svg text, svg title')) parts.push(el.textContent)
    for (const el of root.querySelectorAll('input')) if (!['file', 'hidden', 'checkbox', 'radio'].includes(el.type)) parts.push(el.value, el.placeholder)
    for (const el of root.querySelectorAll('[title], [aria-label]')) parts.push(el.getAttribute('title') || '', el.getAttribute('aria-label') || '')
    return parts.join('\\n')
  })()`)
}

/** No English word and no '.' decimal (a version number such as 1.0.0, or a DOI, is not a decimal). */
function assertSpanishText(text: string, what: string): void {
  assert.deepEqual(englishWordsIn(text, ENGLISH), [], `${what} has English words:\n${text}`)
  const decimals = text.replace(/\d+(\.\d+){2,}|doi:\S+/gi, ' ').match(/\S*\d\.\d\S*/g) ?? []
  assert.deepEqual(decimals, [], `${what} shows a '.' decimal in Spanish`)
}

async function assertSpanish(page: Page, selector: string, what: string): Promise<void> {
  assertSpanishText(await readableText(page, selector), what)
}

async function downloadText(page: Page, selector: string, name: string): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator(selector).click()])
  const path = `${OUTPUT}${name}`
  await download.saveAs(path)
  return readFileSync(path, 'utf8')
}

/** An earlier visit's assessment file: the figure, with the right tragus lower (head tilted) and a knee marker 1 px off. */
function earlierVisit(): string {
  const markers: Record<string, readonly [number, number]> = { ...spec.markers }
  markers.tragus_der = [spec.markers.tragus_der![0], spec.markers.tragus_der![1] - 14]
  markers.centro_rotula_der = [spec.markers.centro_rotula_der![0] + 1, spec.markers.centro_rotula_der![1]]
  return JSON.stringify({
    format: 'posture-metrics-session',
    version: 1,
    saved_at: '2026-01-15T10:00:00.000Z',
    view: 'anterior',
    patient_id: PATIENT,
    assessment_date: '2026-01-15',
    views: {
      anterior: {
        image: { name: 'visita-1.png', width: spec.width, height: spec.height },
        calibration: { lrv_x: spec.lrvX, fc: null, grid_size_cm: spec.scaleCm, scale_points: spec.scale },
        markers,
        results: null,
      },
    },
  })
}

describe('the app in Spanish and English', () => {
  test('a Spanish browser: whole assessment, value ± u, report, comparison of visits, no English word; then English, remembered', async () => {
    const { page, errors } = await openApp(h, { locale: 'es-ES' })
    const bodies: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/api/')) bodies.push(r.postData() ?? '')
    })
    assert.equal(await page.locator('html').getAttribute('lang'), 'es')
    assert.equal(await page.locator('#language').inputValue(), 'es')
    assert.match(await page.locator('#prompt').innerText(), /abra una foto/i)
    await assertSpanish(page, '#app', 'the empty app')
    await page.screenshot({ path: `${OUTPUT}i18n-es-start.png` })

    // Patient and date: typed here, saved in the file, never sent to the service.
    await page.locator('#patient-id').fill(PATIENT)
    await page.locator('#assessment-date').fill('2026-03-20')
    await loadPhoto(page, h, 'anterior')
    await placeGuided(page, spec)
    await page.locator('#prompt-grid-cm').fill('40')
    await page.locator('#prompt-grid-cm').press('Enter')
    const values = await shownResults(page)
    assert.equal(Object.keys(values).length, ANTERIOR_COUNT)

    // Every value with its uncertainty, decimal comma, the unit on both.
    for (const row of await page.locator('#metrics-table tbody tr').all()) {
      const value = (await row.locator('td.value').innerText()).trim()
      const u = (await row.locator('td.u').innerText()).trim()
      assert.match(value, /^[+\u2212]?\d+,\d(°|\u00a0cm)$/, value)
      assert.match(u, /^±\u00a0\d+,\d(°|\u00a0cm)$/, u)
      assert.ok(Number((await row.locator('td.u').getAttribute('data-u')) ?? 'NaN') > 0)
    }
    await assertSpanish(page, '#app', 'the marked assessment')
    await page.screenshot({ path: `${OUTPUT}i18n-es.png` })

    // A larger placement error: every u grows in proportion.
    const uBefore = Number(
      await page.locator('#metrics-table tr[data-metric="head_angle"] td.u').getAttribute('data-u'),
    )
    await page.locator('#placement-sd').fill('4')
    await page.locator('#placement-sd').press('Enter')
    await page.locator(`#metrics-table tr[data-metric="head_angle"] td.u:not([data-u="${uBefore}"])`).waitFor()
    const uAfter = Number(await page.locator('#metrics-table tr[data-metric="head_angle"] td.u').getAttribute('data-u'))
    assert.ok(Math.abs(uAfter - 2 * uBefore) < 1e-9, `${uBefore} -> ${uAfter}`)
    await page.locator('#placement-sd').fill('2')
    await page.locator('#placement-sd').press('Enter')
    await page.locator(`#metrics-table tr[data-metric="head_angle"] td.u[data-u="${uBefore}"]`).waitFor()

    // The assessment file carries the patient and date; no request to the service does.
    const saved = JSON.parse(await downloadText(page, '#save-session', 'i18n-assessment.json'))
    assert.equal(saved.patient_id, PATIENT)
    assert.equal(saved.assessment_date, '2026-03-20')
    assert.equal(saved.placement_error_px, 2)
    assert.ok(bodies.length > 0)
    for (const body of bodies) {
      assert.ok(
        !body.includes(PATIENT) && !body.includes('2026-03-20'),
        `an API request carries the patient or date: ${body}`,
      )
      assert.deepEqual(Object.keys(JSON.parse(body)).sort(), ['calibration', 'markers'])
    }

    // The data CSV: Spanish headers, u in its own column at full precision.
    const csv = (await downloadText(page, '#export-csv-data', 'i18n-es.csv')).trim().split('\r\n')
    assert.equal(
      csv[0],
      'paciente,fecha,vista,lado,medida,valor,incertidumbre,unidad,significado,foto,fc_cm_por_px,lrv_x_px,error_colocacion_px,estado',
    )
    for (const line of csv.slice(1)) assert.ok(Number(line.split(',')[6]) > 0, line)
    // Its words are Spanish (side, unit, meaning, status); its numbers keep '.' for scripts (docs/uncertainty.md).
    const words = csv
      .map((line) => line.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/))
      .map((f) => [f[0], f[1], f[2], f[3], f[7], f[8], f[13]].join(' '))
    assertSpanishText(words.join('\n'), 'the CSV')
    assert.ok(
      csv.slice(1).every((line) => line.endsWith(',confirmado')),
      'the status column in Spanish',
    )

    // Compare with the earlier visit: only the head tilt changed beyond measurement error.
    await page
      .locator('#compare-input')
      .setInputFiles({ name: 'visita-1.json', mimeType: 'application/json', buffer: Buffer.from(earlierVisit()) })
    await page.locator('#comparison[data-state="ready"]').waitFor()
    const verdicts: Record<string, string> = {}
    for (const row of await page.locator('#comparison tbody tr').all())
      verdicts[(await row.getAttribute('data-metric'))!] = (await row.getAttribute('data-verdict'))!
    assert.equal(Object.keys(verdicts).length, ANTERIOR_COUNT)
    assert.deepEqual(
      Object.entries(verdicts)
        .filter(([, v]) => v === 'real')
        .map(([k]) => k),
      ['head_angle'],
      JSON.stringify(verdicts),
    )
    assert.ok(Object.entries(verdicts).every(([k, v]) => k === 'head_angle' || v === 'within'))
    const comparisonText = await page.locator('#comparison').innerText()
    assert.match(comparisonText, /15 de enero de 2026 → 20 de marzo de 2026/)
    assert.match(comparisonText, new RegExp(`1 de ${ANTERIOR_COUNT} medidas han cambiado`))
    await assertSpanish(page, '#app', 'the comparison')
    await page.locator('#comparison').screenshot({ path: `${OUTPUT}i18n-es-comparison.png` })
    // The comparison CSV is for a Spanish spreadsheet: byte-order mark, ';' and the decimal comma.
    const comparedText = await downloadText(page, '#compare-csv', 'i18n-es-comparison.csv')
    assert.equal(comparedText.charCodeAt(0), 0xfeff, 'the byte-order mark')
    const compared = comparedText.trim().split('\r\n')
    assert.match(compared[0]!, /^\ufeff?vista;lado;medida;nombre;unidad;fecha_anterior;valor_anterior/)
    // The verdict column found by its header: the evidence columns come after it.
    const verdictColumn = compared[0]!.split(';').indexOf('supera_error')
    assert.ok(verdictColumn > 0, 'the verdict column')
    assert.equal(compared.filter((l) => l.split(';')[verdictColumn] === 'sí').length, 1)
    assert.ok(
      compared.slice(1).every((l) => /;-?\d+,\d+;/.test(l)),
      'decimal commas',
    )

    // The report in Spanish, with the comparison's table.
    await page.emulateMedia({ media: 'print' })
    const report = page.locator('#report')
    assert.equal(await report.locator('.report-comparison tr[data-verdict="real"]').count(), 1)
    assert.match(await report.innerText(), /Análisis postural/)
    assert.match(await report.innerText(), /± \d+,\d°|±\u00a0\d+,\d°/)
    await assertSpanish(page, '#report', 'the report')
    await page.screenshot({ path: `${OUTPUT}i18n-es-report.png`, fullPage: true })
    await page.emulateMedia({ media: 'screen' })

    // A comparison that would mislead is refused, in Spanish.
    const other = JSON.parse(earlierVisit())
    other.patient_id = 'PAC-9999'
    await page
      .locator('#compare-input')
      .setInputFiles({ name: 'otro.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(other)) })
    await page.locator('#comparison[data-state="refused"]').waitFor()
    assert.match(await page.locator('#comparison').innerText(), /No se puede comparar: .*PAC-9999/)

    // The other two views, marked in Spanish too (from the top of the page: scrolled down to the comparison,
    // the comparison panel is drawn over the bottom of the sticky photo area).
    await page.evaluate('window.scrollTo(0, 0)')
    await page.locator('#tab-posterior').click()
    await loadPhoto(page, h, 'posterior')
    await placeGuided(page, FIGURES.posterior)
    await page.locator('#prompt-grid-cm').fill('40')
    await page.locator('#prompt-grid-cm').press('Enter')
    await shownResults(page)
    await assertSpanish(page, '#app', 'the posterior view')
    await page.locator('#tab-lateral').click()
    await page.locator('#side-left').check()
    await loadPhoto(page, h, 'lateral')
    await placeGuided(page, FIGURES.lateral)
    await shownResults(page)
    await assertSpanish(page, '#app', 'the lateral view')
    await page.emulateMedia({ media: 'print' })
    await assertSpanish(page, '#report', 'the report of three views')
    await page.emulateMedia({ media: 'screen' })
    await page.locator('#tab-anterior').click()

    // Switch to English: the whole page follows, and the choice is remembered over the browser's language.
    await page.locator('#language').selectOption('en')
    await page.locator('html[lang="en"]').waitFor()
    assert.equal(await page.locator('#results-title').innerText(), 'Results')
    assert.match(
      await page.locator('#metrics-table tr[data-metric="head_angle"] td.value').innerText(),
      /^[+\u2212]?\d+\.\d°$/,
    )
    assert.match(await page.locator('#comparison').innerText(), /Cannot compare/)
    await page.screenshot({ path: `${OUTPUT}i18n-en.png` })
    await page.reload()
    await page.locator('#view-tabs button').first().waitFor()
    assert.equal(await page.locator('html').getAttribute('lang'), 'en')
    assert.equal(await page.locator('#language').inputValue(), 'en')
    assert.deepEqual(errors, [])
    await page.context().close()
  })

  test('an English browser gets English; API errors are worded in the chosen language', async () => {
    const { page, errors } = await openApp(h, { locale: 'en-GB' })
    assert.equal(await page.locator('html').getAttribute('lang'), 'en')
    assert.equal(await page.locator('#results-title').innerText(), 'Results')
    await loadPhoto(page, h, 'anterior')
    await placeGuided(page, spec)
    await page.locator('#prompt-grid-cm').fill('40')
    await page.locator('#prompt-grid-cm').press('Enter')
    await shownResults(page)
    // Two markers on one pixel: the service's 422 (undefined_geometry) worded from its ctx.
    const tragus = spec.markers.tragus_der!
    await page.locator('li[data-target="tragus_izq"] .target-main').click()
    await page.locator('#coord-x').fill(String(tragus[0]))
    await page.locator('#coord-x').press('Enter')
    await page.locator('#coord-y').fill(String(tragus[1]))
    await page.locator('#coord-y').press('Enter')
    await page.locator('li[data-target="tragus_izq"] .problem').waitFor()
    assert.match(
      await page.locator('li[data-target="tragus_izq"] .problem').innerText(),
      /Right tragus and Left tragus are at the same point/,
    )
    await page.locator('#language').selectOption('es')
    await page.locator('html[lang="es"]').waitFor()
    assert.match(
      await page.locator('li[data-target="tragus_izq"] .problem').innerText(),
      /Trago derecho y Trago izquierdo están en el mismo punto/,
    )
    await assertSpanish(page, '#app', 'the app with an API error')
    await page.screenshot({ path: `${OUTPUT}i18n-es-error.png` })
    assert.deepEqual(errors, [])
    await page.context().close()
  })
})
