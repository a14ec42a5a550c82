/**
 * The two reports of issue 29 made in Chromium (the built app, one browser for every
 * case): the clinical report ("Guardar PDF") and the patient summary ("Resumen para el
 * paciente (PDF)") for one view, three views and a comparison with an earlier visit,
 * on A4 (es-ES) and Letter (es-US), in Spanish, with the clinic's name, clinician and
 * logo set in the report settings (kept in the record) and the visit a record
 * patient's with a name. From each PDF (poppler): the page count within its limit (one
 * view 1, three views 2, a comparison 2; docs/record.md: the clinical report +1 page of
 * trends with 2 or more visits in the record, none here: the patient has one visit, so no
 * trends page); on every page the patient's identifier and
 * name, the visit's date and "Página n de m"; with a comparison, the evidence that
 * judged the changes (the clinical report's "Juzgado con" column, the summary's plain words); every word inside the page with a margin
 * and no two words' boxes overlapping (pdftotext -bbox); no internal field name; every
 * photo printed at least PHOTO_MIN_PT tall, a single view's at least ONE_VIEW_MIN_PT
 * (pdftohtml -xml: the images' placed sizes); the logo on page 1; and the printed report (the print
 * route) with the same clinic, clinician, logo and patient name. Each PDF is kept in
 * test-output/, and page 1 of each as a PNG (pdftoppm) for docs/.
 */
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { Page } from 'playwright-core'
import type { View } from '#core/markers.js'
import { metricTable } from '#core/metrics/index.js'
import { type Harness, OUTPUT, startHarness } from '../support/browser.js'
import { assertLegible, pagesOf } from '../support/pdf-words.js'
import { openVisit, pdfText, savedDownload } from '../support/report-visit.js'

/** Every photo is printed at least this tall (pt; 190 pt = 6.7 cm), a view alone on its page at least ONE_VIEW_MIN_PT. */
const PHOTO_MIN_PT = 190
const ONE_VIEW_MIN_PT = 330
/** Words keep this far from the paper's edge (pt): nothing is cut by a printer's unprintable margin. */
const EDGE_PT = 12
/** Two words' boxes may touch, not overlap by more than this (pt) in both directions. */
const OVERLAP_PT = 0.8

const PAPER = { A4: { width: 595.28, height: 841.89 }, Letter: { width: 612, height: 792 } } as const
const DATE = '14 de abril de 2026'
const PATIENT = 'PAC-0042 (José Núñez)'

let h: Harness
let logo: Buffer
let work: string

before(async () => {
  h = await startHarness()
  // A small PNG logo, drawn here (a real raster file, checked by the app as any logo).
  const page = await h.browser.newPage({ viewport: { width: 240, height: 80 } })
  await page.setContent(
    '<body style="margin:0"><div style="width:240px;height:80px;background:#1b5e8a;color:#fff;font:bold 30px sans-serif;display:flex;align-items:center;justify-content:center">Clínica</div></body>',
  )
  logo = await page.screenshot({ type: 'png' })
  await page.close()
  work = mkdtempSync(join(tmpdir(), 'reports-'))
})

after(async () => {
  await h?.close()
  if (work) rmSync(work, { recursive: true, force: true })
})

/** The app in Spanish with the region `locale` (its paper), a record patient's visit of `views`, the report settings set. */
async function prepare(views: readonly View[], locale: string, compare: boolean): Promise<Page> {
  const page = await openVisit(h, {
    views,
    locale,
    patient: { id: 'PAC-0042', name: 'José Núñez' },
    // An earlier visit of the anterior view, its markers 9 px to the right.
    ...(compare ? { compare: { date: '2026-01-20', shift: 9 } } : {}),
  })
  // The clinic's settings, kept in the record.
  const settings = page.locator('#report-settings[data-loaded="true"]')
  await settings.waitFor({ state: 'attached' })
  await settings.locator('summary').click()
  await page.locator('#report-clinic').fill('Clínica Postural Núñez & Asociados')
  await page.locator('#report-clinician').fill('Dra. María Pérez Ibáñez')
  await page.locator('#report-logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo })
  await page.locator('#report-settings[data-logo="chosen"]').waitFor({ state: 'attached' })
  await page.locator('#report-settings-save').click()
  await page.locator('#report-settings[data-saved="true"]').waitFor({ state: 'attached' })
  return page
}

async function saved(page: Page, button: string, expectedName: string, name: string): Promise<string> {
  const { path, suggested } = await savedDownload(page, button, `reports-${name}.pdf`)
  assert.equal(suggested, expectedName)
  return path
}

/** The images placed on each page with their printed size, pt (pdftohtml -xml at zoom 1). */
function imagesOf(path: string, name: string): { page: number; width: number; height: number }[] {
  const out = join(work, name)
  execFileSync('pdftohtml', ['-xml', '-q', '-zoom', '1', path, out])
  const xml = readFileSync(`${out}.xml`, 'utf8')
  const found: { page: number; width: number; height: number }[] = []
  for (const p of xml.matchAll(/<page number="(\d+)"[^>]*>([\s\S]*?)<\/page>/g))
    for (const img of p[2]!.matchAll(/<image [^>]*width="([\d.]+)" height="([\d.]+)"/g))
      found.push({ page: Number(p[1]), width: Number(img[1]), height: Number(img[2]) })
  return found
}

const flat = (text: string) => text.replace(/\s+/gu, ' ')
const xmlText = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")

const CASES = [
  { name: 'one-view', views: ['anterior'], compare: false, maxPages: 1 },
  { name: 'three-views', views: ['anterior', 'posterior', 'lateral'], compare: false, maxPages: 2 },
  { name: 'comparison', views: ['anterior'], compare: true, maxPages: 2 },
] as const
const PAPERS = [
  { paper: 'A4', locale: 'es-ES' },
  { paper: 'Letter', locale: 'es-US' },
] as const
const KINDS = [
  { kind: 'clinical', button: '#save-pdf-2', file: 'postura-PAC-0042-2026-04-14-informe.pdf' },
  { kind: 'summary', button: '#save-summary-pdf', file: 'postura-PAC-0042-2026-04-14-resumen.pdf' },
] as const

describe('the clinical report and the patient summary as PDF files', () => {
  for (const c of CASES)
    for (const p of PAPERS)
      test(`${c.name} on ${p.paper}: both reports within ${c.maxPages} page(s), every page headed, nothing clipped or overlapping`, async () => {
        const page = await prepare(c.views, p.locale, c.compare)
        for (const k of KINDS) {
          const name = `${k.kind}-${c.name}-${p.paper}`
          const path = await saved(page, k.button, k.file, name)
          const pages = pagesOf(path)
          assert.ok(pages.length >= 1 && pages.length <= c.maxPages, `${name}: ${pages.length} pages`)
          const texts: string[] = []
          pages.forEach((pg, i) => {
            assert.ok(Math.abs(pg.width - PAPER[p.paper].width) < 1 && Math.abs(pg.height - PAPER[p.paper].height) < 1)
            const text = xmlText(flat(pg.words.map((w) => w.text).join(' ')))
            texts.push(text)
            const where = `${name} page ${i + 1}`
            assert.ok(text.includes(PATIENT), `${where}: the patient's identifier and name`)
            assert.ok(text.includes(DATE), `${where}: the date`)
            assert.ok(text.includes(`Página ${i + 1} de ${pages.length}`), `${where}: "Página n de m"`)
            assertLegible(pg, where, EDGE_PT, OVERLAP_PT)
          })
          const all = texts.join(' ')
          // No field name (head_angle ...), no code-like word.
          const names = c.views.flatMap((v) => metricTable(v).map((m) => m.name))
          for (const n of names) assert.ok(!all.includes(n), `${name}: field name ${n}`)
          assert.doesNotMatch(all, /\b[a-z]+_[a-z_]+\b/, `${name}: a field-like word`)
          // The clinic's settings on page 1.
          assert.ok(texts[0]!.includes('Clínica Postural Núñez & Asociados'), `${name}: the clinic`)
          assert.ok(texts[0]!.includes('Dra. María Pérez Ibáñez'), `${name}: the clinician`)
          assert.ok(all.includes(k.kind === 'summary' ? 'Su valoración postural' : 'Análisis postural'))
          // One visit in the record: no page of trends (repeatability.test.ts has the patient with two).
          assert.ok(!all.includes('Evolución de PAC-0042'), `${name}: a trends page with one visit`)
          if (c.compare)
            assert.ok(
              all.includes(
                k.kind === 'summary' ? 'Cambios desde la visita comparada' : 'Comparación con la visita anterior',
              ),
              `${name}: the comparison`,
            )
          if (c.compare) {
            // Each change with the evidence that judged it (the anterior view has no repeatability data: placement
            // error alone), in the order drawn: a table cell's lines follow one another.
            const drawn = flat(pdfText(path, 'raw'))
            if (k.kind === 'clinical') {
              assert.ok(drawn.includes('Juzgado con'), `${name}: the "Judged by" column`)
              assert.ok(drawn.includes('Un cambio real supera'), `${name}: the limit's column`)
              const judged = drawn.split('Solo el error de colocación: un límite inferior').length - 1
              assert.ok(judged >= 1, `${name}: a change judged by placement error alone`)
            } else
              assert.ok(
                drawn.includes('Los cambios se compararon solo con el error de colocar los marcadores'),
                `${name}: what the changes were judged by, in plain words`,
              )
          }
          // The photos as printed (the logo is the small image).
          const images = imagesOf(path, name)
          const photos = images.filter((i) => i.height > 60)
          assert.equal(photos.length, c.views.length, `${name}: a photo per view: ${JSON.stringify(images)}`)
          const least = c.views.length === 1 ? ONE_VIEW_MIN_PT : PHOTO_MIN_PT
          for (const ph of photos) assert.ok(ph.height >= least, `${name}: a photo printed ${ph.height} pt tall`)
          assert.ok(
            images.some((i) => i.page === 1 && i.height <= 60),
            `${name}: the logo on page 1: ${JSON.stringify(images)}`,
          )
          // Page 1 as a picture for docs/ (kept in test-output/).
          execFileSync('pdftoppm', [
            '-png',
            '-r',
            '50',
            '-f',
            '1',
            '-l',
            '1',
            '-singlefile',
            path,
            `${OUTPUT}reports-${name}-page1`,
          ])
          assert.ok(readFileSync(`${OUTPUT}reports-${name}-page1.png`).length > 1000)
        }
        // The print route has them too: the clinic, the clinician and the logo, the patient's name (asked from the record).
        await page
          .locator('#report .report-clinic', { hasText: 'Clínica Postural Núñez & Asociados' })
          .waitFor({ state: 'attached' })
        assert.match((await page.locator('#report .report-clinician').textContent()) ?? '', /Dra\. María Pérez Ibáñez/)
        assert.equal(await page.locator('#report img.report-logo').count(), 1)
        assert.match((await page.locator('#report .report-patient').textContent()) ?? '', /PAC-0042 \(José Núñez\)/)
        await page.context().close()
      })
})
