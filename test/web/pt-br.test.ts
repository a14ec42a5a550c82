/**
 * The app in Brazilian Portuguese (pt-BR), in headless Chromium against the real
 * service: a Portuguese browser gets pt-BR, and no screen shows an untranslated string.
 * At 1440 px a whole visit of three views (photo, markers, results), the patients
 * dialog, the help, a comparison of visits, the repeatability study, the clinic
 * server's and the FHIR server's dialogs, the report settings, the printed report,
 * the saved PDF, the spreadsheet CSV and the FHIR export; at 390 px the start, a
 * visit and the "More" menu. On each: no visible text node holds an English word or a
 * Spanish word that is not Portuguese, none equals an English or Spanish catalogue
 * text that pt-BR words otherwise, and no '.' decimal. Screenshots go to test-output/.
 */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { Page } from 'playwright-core'
import type { View } from '#core/markers.js'
import { type Harness, loadPhoto, OUTPUT, openApp, startHarness } from '../support/browser.js'
import { englishVocabulary, englishWordsIn, wordsOf } from '../support/english-words.js'
import { ROOT } from '../support/paths.js'
import { SPANISH_NOT_PORTUGUESE } from '../support/portuguese-words.js'
import { openRecord } from '../support/record.js'
import { pdfText } from '../support/report-visit.js'
import { figureAssessmentFile } from './fixtures/figure-assessment.js'

const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8')

/** The string literals of a TypeScript source text, object keys and comments left out. */
function literals(source: string): string[] {
  // Comments and module paths out first (an apostrophe in a comment would open a literal), then object keys.
  const code = source
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/^\s*\/\/.*$/gm, ' ')
    .replace(/\bfrom '[^']*'|\bimport '[^']*'/g, ' ')
  const values = code.replace(/(['"])[^'"\n]*\1\s*:/g, ' ')
  return [...values.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)].map(
    (m) => m[1] ?? m[2] ?? m[3] ?? '',
  )
}

/** The i18n modules holding an English and a Spanish catalogue, split at the Spanish one. */
const MODULES = [
  ['capture', 'CAPTURE_ES'],
  ['clinical', 'CLINICAL_ES'],
  ['fhir-app', 'FHIR_APP_ES'],
  ['fhir', 'FHIR_ES'],
  ['files', 'FILES_ES'],
  ['notes', 'NOTES_ES'],
  ['offline', 'OFFLINE_ES'],
  ['record', 'RECORD_ES'],
  ['record-safety', 'RECORD_SAFETY_ES'],
  ['repeatability', 'REPEATABILITY_ES'],
  ['report-pdf', 'REPORT_PDF_ES'],
  ['sync', 'SYNC_ES'],
  ['summary', 'SUMMARY_ES'],
  ['touch', 'TOUCH_ES'],
] as const

/**
 * The texts of each language, read from the sources (the app's modules are bundled for
 * the browser, not importable here): English from en.ts, the modules' English halves
 * and the service's marker and metric tables; Spanish from es.ts, the modules' Spanish
 * halves and terms.ts; Portuguese from pt.ts and pt-BR/.
 */
function texts(): { english: string[]; spanish: string[]; portuguese: string[] } {
  const english = [read('web/src/i18n/en.ts'), read('core/markers.ts')]
  const spanish = [read('web/src/i18n/es.ts')]
  for (const [file, marker] of MODULES) {
    const source = read(`web/src/i18n/${file}.ts`)
    const at = source.indexOf(`export const ${marker}`)
    assert.ok(at > 0, `${file}.ts: ${marker}`)
    english.push(source.slice(0, at))
    spanish.push(source.slice(at))
  }
  const terms = read('web/src/i18n/terms.ts')
  spanish.push(terms.slice(terms.indexOf('// --- Spanish')))
  for (const f of ['anterior', 'posterior', 'lateral', 'shapes']) english.push(read(`core/metrics/${f}.ts`))
  const portuguese = [read('web/src/i18n/pt.ts')]
  for (const [file] of [...MODULES, ['terms']]) portuguese.push(read(`web/src/i18n/pt-BR/${file}.ts`))
  return {
    english: english.flatMap(literals),
    spanish: spanish.flatMap(literals),
    portuguese: portuguese.flatMap(literals),
  }
}

const TEXTS = texts()
/** A text's words without its {parameters} (their names are code, not words). */
const words = (list: readonly string[]): string[] => list.map((s) => s.replace(/\{\w+\}/g, ' '))
/** Not words, or the same in English: units, codes, file names, the languages' own names, a test photo's name. */
const ALLOW = ['px', 'cm', 'fc', 'lrv', 'csv', 'json', 'jpeg', 'png', 'webp', 'http', 'https', 'api', 'ctrl', 'english']
  .concat(['español', 'asis', 'psis', 'srd', 'mdc', 'min', 'max', 'zoom', 'figure', 'doi', 'pdf', 'fhir', 'hl'])
  .concat(['et', 'al', 'bearer', 'cors', 'uri', 'url', 'enter', 'delete', 'shift', 'safari', 'webassembly', 'webgl'])
/** English words no Portuguese text of the app uses. */
const ENGLISH = englishVocabulary(words(TEXTS.english), words(TEXTS.portuguese), ALLOW)
/** Spanish words no Portuguese text of the app uses, and the Spanish words that are not Portuguese at all. */
const SPANISH = (() => {
  const portuguese = new Set(words(TEXTS.portuguese).flatMap(wordsOf))
  const spanish = new Set(
    words(TEXTS.spanish)
      .flatMap(wordsOf)
      .filter((w) => !portuguese.has(w) && !ALLOW.includes(w)),
  )
  for (const w of SPANISH_NOT_PORTUGUESE) spanish.add(w)
  return spanish
})()
/** Whole English and Spanish catalogue texts (without parameters) that pt-BR words otherwise. */
const FOREIGN = (() => {
  const portuguese = new Set(TEXTS.portuguese)
  return new Set(
    [...TEXTS.english, ...TEXTS.spanish].filter(
      // A code name (head_angle, tragus_der) is the same in every language, and never a sentence.
      (s) =>
        !portuguese.has(s) && !s.includes('{') && !/^[a-z0-9_]+$/.test(s) && (s.match(/\p{L}{3,}/gu) ?? []).length > 0,
    ),
  )
})()

// The checks are not vacuous.
assert.deepEqual(englishWordsIn('Click this point on the photo.', ENGLISH), [
  'click',
  'this',
  'point',
  'on',
  'the',
  'photo',
])
assert.deepEqual(englishWordsIn('Haga clic en este punto de la foto.', SPANISH), ['haga', 'clic', 'en', 'punto'])
assert.ok(FOREIGN.has('Results') && FOREIGN.has('Resultados del archivo de valoración.'))

const PATIENT = 'PAC-0042'
const VIEWS: readonly View[] = ['anterior', 'posterior', 'lateral']

let h: Harness
before(async () => {
  h = await startHarness()
})
after(async () => {
  await h?.close()
})

/**
 * What a person reads in an element: each visible text node, the photo's SVG labels
 * and tooltips, field values and placeholders, tooltips, labels for screen readers.
 */
async function readable(page: Page, selector: string): Promise<string[]> {
  return page.evaluate(`(() => {
    const root = document.querySelector(${JSON.stringify(selector)})
    const out = []
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement
      if (!el || !n.textContent.trim() || el.closest('script, style, template')) continue
      if (el.closest('svg') || el.checkVisibility({ visibilityProperty: true })) out.push(n.textContent.trim())
    }
    for (const el of root.querySelectorAll('input, textarea')) if (!['file', 'hidden', 'checkbox', 'radio'].includes(el.type)) out.push(el.value, el.placeholder)
    for (const el of root.querySelectorAll('[title], [aria-label]')) out.push(el.getAttribute('title') || '', el.getAttribute('aria-label') || '')
    return out.map((s) => s.trim()).filter(Boolean)
  })()`)
}

/** No English word, no Spanish word, no text of another catalogue, no '.' decimal (a version, a DOI, grouped thousands are not decimals). */
function assertPortugueseTexts(parts: readonly string[], what: string): void {
  const text = parts.join('\n')
  // The texts that hold a word, each with its words: what to translate, and where.
  // An author of a cited study ("Gallego-Izquierdo et al. 2020") is a name, not a word.
  const holding = (vocabulary: ReadonlySet<string>) =>
    parts
      .map((p) => [p, englishWordsIn(p.replace(/[\p{L}-]+ et al\.? \d{4}/gu, ' '), vocabulary).join(', ')])
      .filter(([, w]) => w)
  assert.deepEqual(holding(ENGLISH), [], `${what} has English words`)
  assert.deepEqual(holding(SPANISH), [], `${what} has Spanish words`)
  assert.deepEqual(
    parts.filter((p) => FOREIGN.has(p)),
    [],
    `${what} shows an English or Spanish catalogue text`,
  )
  // Thousands grouped with '.' before a decimal comma ("10.737,5 GB") are Brazilian notation.
  const decimals = text.replace(/\d+(\.\d+){2,}|doi:\S+|\d{1,3}(\.\d{3})+,\d+/gi, ' ').match(/\S*\d\.\d\S*/g) ?? []
  assert.deepEqual(decimals, [], `${what} shows a '.' decimal`)
}

async function assertPortuguese(page: Page, selector: string, what: string): Promise<void> {
  assertPortugueseTexts(await readable(page, selector), what)
}

async function download(page: Page, selector: string): Promise<{ name: string; path: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.locator(selector).click()])
  const path = `${OUTPUT}pt-br-${file.suggestedFilename()}`
  await file.saveAs(path)
  return { name: file.suggestedFilename(), path }
}

/** A button that sits behind "More" on a narrow screen: opens the menu first when it is hidden. */
async function clickTool(page: Page, selector: string): Promise<void> {
  const more = page.locator('#toolbar-more-button')
  if (!(await page.locator(selector).isVisible()) && (await more.isVisible())) await more.click()
  await page.locator(selector).click()
}

/**
 * A patient with a visit of `views` (the figures' known markers, 14 April 2026), its
 * photos open, answered; `unfiled`: work on screen that no patient holds yet, which the
 * new visit asks to discard (the question read, then answered yes).
 */
async function visit(page: Page, views: readonly View[], unfiled = false): Promise<void> {
  await openRecord(page)
  await assertPortuguese(page, '#record-dialog', 'the empty patients dialog')
  await page.locator('#record-new-id').fill(PATIENT)
  await page.locator('#record-new-name').fill('Maria Souza')
  await page.locator('#record-add').click()
  await page.locator(`.record-patient-visits[data-patient="${PATIENT}"] #record-new-visit`).click()
  if (unfiled) {
    const asked = page.locator('dialog[data-question="discard-unfiled"][open]')
    await asked.waitFor()
    await assertPortuguese(
      page,
      'dialog[data-question="discard-unfiled"]',
      'the question before discarding unfiled work',
    )
    await asked.locator('button[data-answer="yes"]').click()
  }
  await page.locator('#record-dialog').waitFor({ state: 'hidden' })
  await page.locator('#session-input').setInputFiles({
    name: 'consulta.json',
    mimeType: 'application/json',
    buffer: figureAssessmentFile(views, '2026-04-14'),
  })
  for (const v of views) {
    await page.locator(`#tab-${v}`).click()
    await loadPhoto(page, h, v)
    await page.locator('#results[data-state="ready"]').waitFor()
    await assertPortuguese(page, '#app', `the ${v} view, marked`)
  }
  await page.locator(`#record-status[data-pending="false"]`, { hasText: PATIENT }).waitFor()
}

describe('the app in Brazilian Portuguese: no untranslated string on any screen', () => {
  test('1440 px: a whole visit, its dialogs, the report, PDF, CSV and FHIR export', async () => {
    const { page, errors } = await openApp(h, { locale: 'pt-BR', viewport: { width: 1440, height: 900 } })
    assert.equal(await page.locator('html').getAttribute('lang'), 'pt-BR')
    assert.equal(await page.locator('#language').inputValue(), 'pt-BR')
    assert.match(await page.locator('#prompt').innerText(), /abra uma foto/i)
    await assertPortuguese(page, '#app', 'the empty app')
    await page.locator('#tab-anterior').click()
    await loadPhoto(page, h, 'anterior')
    await assertPortuguese(page, '#app', 'a photo open, no marker placed')

    await visit(page, VIEWS, true)
    await page.locator('#tab-anterior').click()
    // The date field in dd/mm/aaaa, values with the decimal comma and their u.
    assert.equal(await page.locator('#assessment-date').inputValue(), '14/04/2026')
    for (const row of await page.locator('#metrics-table tbody tr').all()) {
      assert.match((await row.locator('td.value').innerText()).trim(), /^[+\u2212]?\d+,\d(°|\u00a0cm)$/)
      assert.match((await row.locator('td.u').innerText()).trim(), /^±\u00a0\d+,\d(°|\u00a0cm)$/)
    }
    assert.match(await page.locator('#metrics-table').innerText(), /Alinhamento horizontal da cabeça/)
    await page.screenshot({ path: `${OUTPUT}pt-br-1440.png` })

    // The help.
    await page.locator('#help-button').click()
    await page.locator('#help-dialog[open]').waitFor()
    await assertPortuguese(page, '#help-dialog', 'the help')
    await page.keyboard.press('Escape')
    await page.locator('#help-dialog').waitFor({ state: 'hidden' })

    // A comparison with an earlier visit of the same patient.
    await page.locator('#compare-input').setInputFiles({
      name: 'consulta-anterior.json',
      mimeType: 'application/json',
      buffer: figureAssessmentFile(['anterior'], '2026-01-15', 3),
    })
    await page.locator('#comparison[data-state="ready"]').waitFor()
    assert.match(await page.locator('#comparison').innerText(), /15 de janeiro de 2026 → 14 de abril de 2026/)
    await assertPortuguese(page, '#app', 'the comparison')

    // The spreadsheet CSV: ';', the decimal comma, Portuguese headers and words.
    const csv = await download(page, '#export-csv')
    assert.match(csv.name, /^postura-PAC-0042-2026-04-14-medidas\.csv$/)
    const csvText = readFileSync(csv.path, 'utf8')
    assert.equal(csvText.charCodeAt(0), 0xfeff, 'the byte-order mark')
    // (trim() takes the byte-order mark away too)
    const lines = csvText.trim().split('\r\n')
    assert.match(lines[0]!, /^paciente;data;vista;lado;medida;/)
    assert.ok(
      lines.slice(1).every((l) => /;-?\d+,\d+;/.test(l) && !/;-?\d+\.\d+;/.test(l)),
      'decimal commas',
    )
    assertPortugueseTexts(
      lines.flatMap((l) => l.split(';')).filter((cell) => !/^-?\d/.test(cell)),
      'the spreadsheet CSV',
    )

    // The printed report.
    await page.emulateMedia({ media: 'print' })
    assert.match(await page.locator('#report').innerText(), /Análise postural/)
    await assertPortuguese(page, '#report', 'the printed report')
    await page.emulateMedia({ media: 'screen' })

    // The saved PDF: every page's words Portuguese.
    const pdf = await download(page, '#save-pdf-2')
    assert.equal(pdf.name, 'postura-PAC-0042-2026-04-14-relatorio.pdf')
    const savedText = pdfText(pdf.path)
    assert.match(savedText, /Página 1 de \d/)
    assert.match(savedText, /14 de abril de 2026/)
    assertPortugueseTexts(savedText.split('\n'), 'the PDF')

    // The patient summary: plain words in Portuguese, one sentence per finding.
    const summary = await download(page, '#save-summary-pdf')
    assert.equal(summary.name, 'postura-PAC-0042-2026-04-14-resumo.pdf')
    const summaryText = pdfText(summary.path)
    assert.match(summaryText, /Sua avaliação postural/)
    assert.match(summaryText, /Sua cabeça, vista de frente,/)
    assertPortugueseTexts(summaryText.split('\n'), 'the patient summary')

    // The FHIR export: the display texts the app writes are Portuguese (LOINC's and our code system's stay English by HL7's convention).
    const fhir = await download(page, '#export-fhir')
    const shown: string[] = []
    JSON.stringify(JSON.parse(readFileSync(fhir.path, 'utf8')), (key, value) => {
      if ((key === 'text' || key === 'description' || key === 'title') && typeof value === 'string') shown.push(value)
      return value
    })
    assert.ok(shown.length > 5, `${shown.length} display texts`)
    assertPortugueseTexts(shown, 'the FHIR export')

    // The patients dialog, now with a visit and its trends.
    await openRecord(page)
    await assertPortuguese(page, '#record-dialog', 'the patients dialog')
    await page.keyboard.press('Escape')
    await page.locator('#record-dialog').waitFor({ state: 'hidden' })
    // The report settings, shown once the record is open.
    await page.locator('#report-settings[data-loaded="true"] summary').click()
    await assertPortuguese(page, '#report-settings', 'the report settings')

    // The repeatability study, the clinic server and the FHIR server's dialogs.
    for (const [button, dialog] of [
      ['#study-button', '#study-dialog'],
      ['#sync-button', '#sync-dialog'],
      ['#send-fhir', '#fhir-dialog'],
    ] as const) {
      await clickTool(page, button)
      await page.locator(`${dialog}[open]`).waitFor()
      await assertPortuguese(page, dialog, dialog)
      await page.keyboard.press('Escape')
      await page.locator(dialog).waitFor({ state: 'hidden' })
    }
    assert.deepEqual(errors, [])
    await page.context().close()
  })

  test('390 px: the start, a visit and the "More" menu', async () => {
    const { page, errors } = await openApp(h, {
      locale: 'pt-BR',
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    })
    assert.equal(await page.locator('html').getAttribute('lang'), 'pt-BR')
    await assertPortuguese(page, '#app', 'the empty app at 390 px')
    await visit(page, ['anterior'])
    // The longer Portuguese words and names ("Espinha ilíaca ântero-superior direita") fit: nothing scrolls sideways.
    assert.ok(
      ((await page.evaluate('document.documentElement.scrollWidth')) as number) <= 390,
      'the page scrolls sideways at 390 px',
    )
    await page.screenshot({ path: `${OUTPUT}pt-br-390.png`, fullPage: true })
    await page.locator('#toolbar-more-button').click()
    await page.locator('#toolbar-more-button[aria-expanded="true"]').waitFor()
    await assertPortuguese(page, '#toolbar', 'the "More" menu')
    assert.deepEqual(errors, [])
    await page.context().close()
  })
})
