/**
 * One report layout, two outputs (issue 41, item 1): the print route ("Imprimir
 * informe", printed to PDF by Chromium with the print stylesheet) and the saved PDF
 * ("Guardar PDF", as downloaded) of the same visit, in Spanish, for a record patient
 * with a name: one view, three views and one view compared with an earlier visit, on
 * A4 (es-ES) and Letter (es-US), without notes and then with notes of a few lines.
 * Both outputs hold the same page counts (one view 1 page, three views 2, a comparison
 * 2), page 1 holds the first view beside the title block, and every page is labelled
 * (patient, date, "Página n de m"), read back with pdfinfo and pdftotext. The two
 * defects of the printed comparison: the two visits' values never run together
 * ("−1,5 cm ± 0,8 cm−6,2 cm ± 0,8 cm") and no column header is broken inside a word
 * ("DIFERENC" / "IA"). One page per case and paper makes all its PDFs.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { View } from '#core/markers.js'
import { type Harness, startHarness } from '../support/browser.js'
import { pagesOf } from '../support/pdf-words.js'
import { openVisit, pdfPageTexts, printedPdf, savedDownload } from '../support/report-visit.js'

let h: Harness

before(async () => {
  h = await startHarness()
})

after(async () => {
  await h?.close()
})

const PATIENT = 'PAC-0042 (José Núñez)'
const DATE = '14 de abril de 2026'
/** Notes of realistic length: a few lines, as a clinician writes them after a visit. */
const NOTES = [
  'Dolor lumbar mecánico de 3 meses de evolución, peor al final de la jornada.',
  'Anteversión pélvica leve y rectificación cervical; hombro derecho algo más alto.',
  '',
  'Plan: ejercicios de control motor 3 veces por semana; revisión en 6 semanas con nuevas fotos.',
].join('\n')

const CASES: readonly { name: string; views: readonly View[]; compare: boolean; pages: number }[] = [
  { name: 'one-view', views: ['anterior'], compare: false, pages: 1 },
  { name: 'three-views', views: ['anterior', 'posterior', 'lateral'], compare: false, pages: 2 },
  { name: 'comparison', views: ['anterior'], compare: true, pages: 2 },
]
const PAPERS = [
  { paper: 'A4', locale: 'es-ES' },
  { paper: 'Letter', locale: 'es-US' },
] as const

const VIEW_TITLE: Readonly<Record<View, string>> = {
  anterior: 'Vista Anterior',
  posterior: 'Vista Posterior',
  lateral: 'Vista Lateral',
}

/** The words of the comparison's column headers, in Spanish, that a header broken inside a word would split. */
const HEADER_WORDS = ['Medida', 'Visita', 'previa', 'reciente', 'Cambio', 'Diferencia', 'mínima', 'Juzgado', 'Supera']

/** Every page of `path`: `pages` of them, each with the patient, the date and "Página n de m"; returns their texts. */
function labelledPages(path: string, pages: number, where: string): string[] {
  const texts = pdfPageTexts(path)
  assert.equal(texts.length, pages, `${where}: ${texts.length} pages, not ${pages}`)
  texts.forEach((text, i) => {
    const at = `${where} page ${i + 1}`
    assert.ok(text.includes(PATIENT), `${at}: the patient: ${text.slice(0, 300)}`)
    assert.ok(text.includes(DATE), `${at}: the date`)
    assert.ok(text.includes(`Página ${i + 1} de ${pages}`), `${at}: "Página ${i + 1} de ${pages}"`)
  })
  return texts
}

/** The comparison's defects: two values run together, a column header broken inside a word. */
function assertComparisonReads(path: string, text: string, where: string): void {
  // A value ends with its unit; the next cell's value must not follow it with no space between.
  const glued = /(?:cm|°|%)[−+-]?\d/u.exec(text)
  assert.equal(
    glued,
    null,
    `${where}: two values run together: "${glued ? text.slice(glued.index - 20, glued.index + 20) : ''}"`,
  )
  // A header broken inside a word leaves its first part as a word of its own ("DIFERENC" over "IA"): the words of
  // the header row (from the line with "Medida" and "Cambio", 4 lines of 8 pt) are each a whole header word or none.
  const bare = (text: string) => text.toLocaleLowerCase('es').replace(/^[¿(]+|[?:.,)]+$/gu, '')
  const header = pagesOf(path).flatMap((p) => {
    const top = p.words.find(
      (w) => bare(w.text) === 'medida' && p.words.some((o) => bare(o.text) === 'cambio' && Math.abs(o.y0 - w.y0) < 1),
    )
    return top ? p.words.filter((w) => w.y0 > top.y0 - 1 && w.y0 < top.y0 + 45).map((w) => bare(w.text)) : []
  })
  assert.ok(header.length > 0, `${where}: the comparison's header row`)
  for (const word of HEADER_WORDS.map((w) => w.toLocaleLowerCase('es'))) {
    const part = header.find((w) => w.length >= 3 && w.length < word.length && word.startsWith(w))
    assert.equal(part, undefined, `${where}: the header word "${word}" broken as "${part}"`)
    assert.ok(header.includes(word), `${where}: the header word "${word}" printed`)
  }
}

describe('the printed report and the saved PDF: one layout', () => {
  for (const c of CASES)
    for (const p of PAPERS)
      test(`${c.name} on ${p.paper}: ${c.pages} page(s) printed and saved, with and without notes, every page labelled`, async () => {
        const page = await openVisit(h, {
          views: c.views,
          locale: p.locale,
          patient: { id: 'PAC-0042', name: 'José Núñez' },
          ...(c.compare ? { compare: { date: '2026-01-20', shift: 9 } } : {}),
        })
        for (const notes of [false, true]) {
          if (notes) {
            await page.locator('#visit-notes').fill(NOTES)
            await page.locator('#record-status[data-pending="false"]', { hasText: 'PAC-0042' }).waitFor()
          }
          const name = `report-layout-${c.name}-${p.paper}${notes ? '-notes' : ''}`
          const printed = await printedPdf(page, p.paper, `${name}-print.pdf`)
          const saved = (await savedDownload(page, '#save-pdf-2', `${name}-saved.pdf`)).path
          for (const [output, path] of [
            ['print', printed],
            ['saved', saved],
          ] as const) {
            const where = `${name} ${output}`
            if (c.compare) assertComparisonReads(path, pdfPageTexts(path).join(' '), where)
            const texts = labelledPages(path, c.pages, where)
            // Page 1 holds the title block and the first view, not the title block alone.
            assert.ok(texts[0]!.includes('Análisis postural'), `${where}: the title on page 1`)
            assert.ok(texts[0]!.includes(VIEW_TITLE[c.views[0]!]), `${where}: the first view on page 1`)
            const all = texts.join(' ')
            for (const v of c.views) assert.ok(all.includes(VIEW_TITLE[v]), `${where}: the ${v} view`)
            if (notes) {
              assert.ok(all.includes('Notas e interpretación del profesional'), `${where}: the notes' heading`)
              assert.ok(all.includes('Plan: ejercicios de control motor'), `${where}: the notes`)
            } else assert.ok(!all.includes('Notas e interpretación'), `${where}: no notes, no heading`)
            if (c.compare) assert.ok(all.includes('Comparación con la visita anterior'), `${where}: the comparison`)
          }
        }
        await page.context().close()
      })
})
