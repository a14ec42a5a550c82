/**
 * The results CSV for a spreadsheet, opened by a real spreadsheet: Chromium with the
 * built app in Spanish loads a visit of all three views, "Exportar CSV" saves the
 * spreadsheet CSV, and LibreOffice Calc (`soffice --headless --convert-to fods`, its CSV
 * import with ';' between fields, UTF-8 and the Spanish (Spain) locale, as a Spanish
 * installation opens it) turns it into a flat spreadsheet whose cells are read back:
 * every value and uncertainty a number cell equal to the data CSV's (to the 15
 * significant digits a spreadsheet keeps), the accents and
 * the Spanish words intact. The same file read with the English (US) locale gives text
 * cells, so the check depends on the locale's rules and can fail. The byte-order mark
 * (which Excel needs to read UTF-8; LibreOffice is told the charset) is checked on the
 * bytes. "CSV de datos" stays the machine CSV (',' and '.', no mark).
 *
 * LibreOffice is a Debian package (.ci/run installs libreoffice-calc-nogui); without it
 * the test skips, unless CI is set.
 */
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { Page } from 'playwright-core'
import type { View } from '#core/markers.js'
import { type Harness, startHarness } from '../support/browser.js'
import { openVisit, savedDownload } from '../support/report-visit.js'

const SOFFICE = ['/usr/bin/soffice', '/usr/bin/libreoffice'].find((p) => existsSync(p))
const skip = SOFFICE === undefined && !process.env.CI ? 'LibreOffice (soffice) is not installed' : false

/** Windows language ids, as LibreOffice's CSV import takes the locale. */
const LANGUAGE_ID = { 'es-ES': 3082, 'en-US': 1033 } as const

/** LibreOffice's CSV import options: ';' (59), '"' (34), UTF-8 (76), from line 1, standard columns, then the locale. */
const csvFilter = (locale: keyof typeof LANGUAGE_ID) => `CSV:59,34,76,1,,${LANGUAGE_ID[locale]}`

interface Cell {
  readonly type: string
  /** The number of a float cell. */
  readonly value?: number
  readonly text: string
}

/** The cells of the first sheet of a flat ODS document, row by row (repeated cells expanded). */
function sheetRows(fods: string): Cell[][] {
  const table = /<table:table [^>]*>([\s\S]*?)<\/table:table>/.exec(fods)![1]!
  const rows: Cell[][] = []
  for (const row of table.matchAll(/<table:table-row[^>]*>([\s\S]*?)<\/table:table-row>/g)) {
    const cells: Cell[] = []
    for (const c of row[1]!.matchAll(/<table:table-cell([^>]*?)(?:\/>|>([\s\S]*?)<\/table:table-cell>)/g)) {
      const attrs = c[1]!
      const repeat = Number(/table:number-columns-repeated="(\d+)"/.exec(attrs)?.[1] ?? 1)
      const type = /office:value-type="(\w+)"/.exec(attrs)?.[1] ?? 'empty'
      const value = /office:value="([^"]*)"/.exec(attrs)?.[1]
      const text = [...(c[2] ?? '').matchAll(/<text:p>([\s\S]*?)<\/text:p>/g)]
        .map((p) => p[1]!.replace(/<[^>]+>/g, ''))
        .join('\n')
        .replace(/&amp;/g, '&')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'")
      for (let i = 0; i < Math.min(repeat, 64); i++)
        cells.push({ type, ...(value !== undefined ? { value: Number(value) } : {}), text })
    }
    if (cells.some((c) => c.type !== 'empty')) rows.push(cells)
  }
  return rows
}

/** The CSV at `path` as LibreOffice Calc reads it with `locale`'s rules. */
function openedInCalc(path: string, locale: keyof typeof LANGUAGE_ID, work: string): Cell[][] {
  execFileSync(
    SOFFICE!,
    [
      `-env:UserInstallation=file://${work}/profile`,
      '--headless',
      `--infilter=${csvFilter(locale)}`,
      '--convert-to',
      'fods',
      '--outdir',
      work,
      path,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], timeout: 120_000 },
  )
  const name = path
    .split('/')
    .pop()!
    .replace(/\.csv$/, '.fods')
  return sheetRows(readFileSync(join(work, name), 'utf8'))
}

let h: Harness
let work: string

before(async () => {
  if (skip) return
  h = await startHarness()
  work = mkdtempSync(join(tmpdir(), 'spreadsheet-csv-'))
})

after(async () => {
  await h?.close()
  if (work) rmSync(work, { recursive: true, force: true })
})

async function download(page: Page, selector: string, name: string): Promise<string> {
  return (await savedDownload(page, selector, name)).path
}

describe('the spreadsheet CSV in a spreadsheet', { skip }, () => {
  test('Spanish: LibreOffice in a Spanish locale reads numbers as numbers and the accents intact', async () => {
    const views: View[] = ['anterior', 'posterior', 'lateral']
    const page = await openVisit(h, { views, locale: 'es-ES' })
    const path = await download(page, '#export-csv-2', 'spreadsheet-es.csv')
    const bytes = readFileSync(path)
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 byte-order mark')
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n')
    assert.match(lines[0]!, /^paciente;fecha;vista;lado;medida;valor;incertidumbre;unidad;significado;/)

    const rows = openedInCalc(path, 'es-ES', work)
    assert.equal(rows.length, lines.length, 'a spreadsheet row per CSV line')
    const header = rows[0]!.map((c) => c.text)
    const col = (name: string) => {
      const i = header.indexOf(name)
      assert.ok(i >= 0, `column ${name}: ${header.join(' | ')}`)
      return i
    }
    const [value, u, unit, meaning, fc, sd] = [
      'valor',
      'incertidumbre',
      'unidad',
      'significado',
      'fc_cm_por_px',
      'error_colocacion_px',
    ].map(col)
    const machine = readFileSync(await download(page, '#export-csv-data', 'spreadsheet-es-data.csv'), 'utf8')
    assert.notEqual(machine.charCodeAt(0), 0xfeff, 'the data CSV has no byte-order mark')
    const data = machine.trimEnd().split('\r\n')
    assert.equal(data.length, rows.length)
    let accents = 0
    rows.slice(1).forEach((row, i) => {
      for (const c of [value!, u!, fc!, sd!])
        assert.equal(row[c]!.type, 'float', `row ${i + 1}, ${header[c]}: ${row[c]!.text}`)
      // The same numbers as the data CSV's.
      const fields = data[i + 1]!.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/)
      // A spreadsheet keeps 15 significant digits (IEEE double as Calc and Excel read it).
      for (const c of [value!, u!]) {
        const expected = Number(fields[c])
        const got = row[c]!.value!
        assert.ok(
          Math.abs(got - expected) <= 1e-14 * Math.max(1, Math.abs(expected)),
          `row ${i + 1}, ${header[c]}: ${got} ≠ ${expected}`,
        )
      }
      assert.match(row[unit!]!.text, /^(grados|cm)$/)
      assert.doesNotMatch(row[meaning!]!.text, /Ã|\uFFFD/, 'no mangled accents')
      if (/[áéíóúñ]/.test(row[meaning!]!.text)) accents++
    })
    assert.ok(accents > 0, 'the Spanish meanings keep their accents')

    // The same file with the English (US) locale's rules: the decimal comma is not a number there.
    const english = openedInCalc(path, 'en-US', work)
    assert.notEqual(english[1]![value!]!.type, 'float', 'the check depends on the locale')
    await page.context().close()
  })
})
