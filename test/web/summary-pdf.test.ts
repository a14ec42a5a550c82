/**
 * The patient summary PDF in plain words (issue 41, item 2), made in Chromium with the
 * built app ("Resumen para el paciente (PDF)") in Spanish for a record patient's visit:
 * three views on A4, and one view compared with an earlier visit on Letter. Read with
 * poppler (pdftotext -raw for the text in drawing order, -bbox for the words' sizes):
 * one sentence per finding, each opening with the metric's plain name from the Spanish
 * catalogue (web/src/i18n/summary.ts, read as text), no sentence repeated, no metric
 * code name, what judged the changes said once (not on every row), the numbers printed
 * smaller than the sentences, and the summary within its pages (three views 2, a
 * comparison 2). Each PDF is kept in test-output/.
 */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, describe, test } from 'node:test'
import type { Page } from 'playwright-core'
import type { View } from '#core/markers.js'
import { metricTable } from '#core/metrics/index.js'
import { type Harness, startHarness } from '../support/browser.js'
import { pagesOf } from '../support/pdf-words.js'
import { openVisit, pdfText, savedDownload } from '../support/report-visit.js'

let h: Harness

before(async () => {
  h = await startHarness()
})

after(async () => {
  await h?.close()
})

/** The plain name of each metric in the Spanish catalogue, by "view.name" (the source read as text, as i18n.test.ts does). */
function plainNames(): Map<string, string> {
  const source = readFileSync(new URL('../../../web/src/i18n/summary.ts', import.meta.url), 'utf8')
  const spanish = source.slice(source.indexOf('export const SUMMARY_ES'))
  return new Map(
    [...spanish.matchAll(/'summary\.what\.(\w+)\.(\w+)': '([^']*)'/g)].map((m) => [`${m[1]}.${m[2]}`, m[3]!]),
  )
}

/** The app in Spanish (region `locale`: its paper), a record patient's visit of `views`, optionally compared with an earlier one (its markers 9 px to the right). */
function prepare(views: readonly View[], locale: string, compare: boolean): Promise<Page> {
  return openVisit(h, {
    views,
    locale,
    patient: { id: 'PAC-0042', name: 'José Núñez' },
    ...(compare ? { compare: { date: '2026-01-20', shift: 9 } } : {}),
  })
}

const flat = (text: string) => text.replace(/\s+/gu, ' ')

/**
 * The findings in the text: each occurrence of a plain name, the longest one where two
 * start at one place ("El ángulo de su rodilla" and "... rodilla derecha (ángulo Q)"),
 * with its sentence up to the first full stop.
 */
function findingsOf(text: string, names: ReadonlyMap<string, string>): { metric: string; sentence: string }[] {
  const starts = new Map<number, { metric: string; name: string }>()
  for (const [metric, name] of names)
    for (let i = text.indexOf(name); i >= 0; i = text.indexOf(name, i + 1)) {
      const there = starts.get(i)
      if (!there || there.name.length < name.length) starts.set(i, { metric, name })
    }
  return [...starts]
    .sort(([a], [b]) => a - b)
    .map(([i, f]) => ({ metric: f.metric, sentence: text.slice(i, text.indexOf('.', i + f.name.length) + 1) }))
}

const CASES = [
  { name: 'three-views', views: ['anterior', 'posterior', 'lateral'], locale: 'es-ES', compare: false, maxPages: 2 },
  { name: 'comparison', views: ['anterior'], locale: 'es-US', compare: true, maxPages: 2 },
] as const

describe('the patient summary PDF in plain words', () => {
  for (const c of CASES)
    test(`${c.name}: one sentence per finding, none repeated, no code names, numbers smaller, within ${c.maxPages} pages`, async () => {
      const page = await prepare(c.views, c.locale, c.compare)
      const { path } = await savedDownload(page, '#save-summary-pdf', `summary-plain-${c.name}.pdf`)
      await page.context().close()

      const pages = pagesOf(path)
      assert.ok(pages.length >= 1 && pages.length <= c.maxPages, `${pages.length} pages`)
      const text = flat(pdfText(path, 'raw'))

      // One sentence per finding, opening with the metric's plain name.
      const all = plainNames()
      const metrics = c.views.flatMap((v) => metricTable(v).map((m) => `${v}.${m.name}`))
      const names = new Map(metrics.map((k) => [k, all.get(k)!]))
      for (const [k, name] of names) assert.ok(name, `${k}: a plain name in the catalogue`)
      const findings = findingsOf(text, names)
      assert.deepEqual(
        findings.map((f) => f.metric).sort(),
        [...metrics].sort(),
        `a finding per metric, once: ${JSON.stringify(findings.map((f) => f.sentence))}`,
      )
      for (const f of findings)
        assert.ok(f.sentence.length > 0 && f.sentence.length < 220, `${f.metric}: ${f.sentence}`)
      // No sentence written twice.
      const sentences = findings.map((f) => f.sentence)
      assert.equal(new Set(sentences).size, sentences.length, 'a sentence repeated')
      // Metrics by plain names, never their code names.
      for (const k of metrics) assert.ok(!text.includes(k.split('.')[1]!), `code name ${k}`)
      assert.doesNotMatch(text, /\b[a-z]+_[a-z_]+\b/, 'a field-like word')

      if (c.compare) {
        // The changes said in the findings, real or not, and what judged them said once.
        assert.ok(
          sentences.some((s) => s.includes('desde la visita anterior') && s.endsWith('un cambio real.')) ||
            sentences.some((s) => s.endsWith('sin un cambio real desde la visita anterior.')),
          'the change in the findings',
        )
        for (const s of sentences) assert.ok(s.includes('la visita anterior'), `compared: ${s}`)
        assert.equal(text.split('Los cambios se compararon solo con el error de colocar los marcadores').length - 1, 1)
      }

      // The numbers are secondary: every signed value ("+1,2°", "-0,4", pdftotext's minus) smaller than the sentences' words.
      const words = pages.flatMap((p) => p.words)
      const height = (w: { y0: number; y1: number }) => w.y1 - w.y0
      const numbers = words.filter((w) => /^\(?[+-]\d+,\d/.test(w.text))
      const sentenceWords = words.filter((w) =>
        ['referencia.', 'derecha.', 'izquierda.', 'real.', 'anterior.'].includes(w.text),
      )
      assert.ok(numbers.length >= metrics.length / 2, `the numbers: ${numbers.length}`)
      assert.ok(sentenceWords.length > 0, 'sentence words')
      const largestNumber = Math.max(...numbers.map(height))
      const smallestWord = Math.min(...sentenceWords.map(height))
      assert.ok(largestNumber < smallestWord, `numbers ${largestNumber} pt tall, sentences ${smallestWord} pt`)
    })
})
