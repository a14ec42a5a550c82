/**
 * The clinic's report settings (web/src/files/report-settings.ts) admitted as a bounded
 * schema: one line of at most 120 characters per text, a logo only when its bytes are a
 * PNG or JPEG within the limits (never by the type it declares), anything else left
 * out; the logo chosen by the clinician decoded before it is kept; the settings kept in
 * the record's IndexedDB (fake-indexeddb) across a reopening of the database.
 */
import 'fake-indexeddb/auto'
import assert from 'node:assert/strict'
import { afterEach, describe, test } from 'node:test'
import { IDBFactory } from 'fake-indexeddb'
import {
  admitReportSettings,
  LOGO_LIMITS,
  logoFromFile,
  logoOf,
  REPORT_TEXT_MAX,
  textProblem,
} from '../../../../web/src/files/report-settings.js'
import { setLocale } from '../../../../web/src/i18n/index.js'
import { IdbStorage } from '../../../../web/src/record/idb-storage.js'

const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]
/** The start of a PNG of this size: signature and IHDR (what the checks before decoding read). */
const png = (width: number, height: number) =>
  new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...be32(13),
    ...[...'IHDR'].map((c) => c.charCodeAt(0)),
    ...be32(width),
    ...be32(height),
    8,
    6,
    0,
    0,
    0,
  ])

afterEach(() => setLocale('en'))

describe('report settings', () => {
  test('texts: one line of at most 120 characters; a problem as data and in words', () => {
    assert.equal(textProblem('clinic', 'Clínica Núñez'), null)
    assert.equal(textProblem('clinic', 'x'.repeat(REPORT_TEXT_MAX)), null)
    const long = textProblem('clinic', 'x'.repeat(REPORT_TEXT_MAX + 1))
    assert.deepEqual(long?.ctx, { field: 'clinic', max: REPORT_TEXT_MAX })
    assert.equal(long?.type, 'too_long')
    setLocale('es')
    const twoLines = textProblem('clinician', 'Dra. Pérez\nDr. Gómez')
    assert.equal(twoLines?.type, 'not_one_line')
    assert.match(twoLines!.text, /^El campo «Profesional» debe ser una sola línea de 120 caracteres como máximo\.$/)
  })

  test('a logo by its bytes: PNG within the limits admitted; an SVG, a WebP or a huge picture refused in words', () => {
    const ok = logoOf(png(240, 80), 'logo.png')
    assert.ok('bytes' in ok)
    assert.deepEqual([ok.type, ok.width, ok.height], ['image/png', 240, 80])
    const svg = logoOf(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'), 'logo.svg')
    assert.ok(!('bytes' in svg) && svg.type === 'logo' && /SVG/.test(svg.text))
    const webp = new Uint8Array(
      [...'RIFF']
        .map((c) => c.charCodeAt(0))
        .concat(
          [30, 0, 0, 0],
          [...'WEBPVP8X'].map((c) => c.charCodeAt(0)),
          [10, 0, 0, 0, 0, 0, 0, 0],
          [239, 0, 0],
          [79, 0, 0],
        ),
    )
    const refused = logoOf(webp, 'logo.webp')
    assert.ok(
      !('bytes' in refused) && /not a PNG or JPEG/.test(refused.text),
      'a WebP logo is asked for as PNG or JPEG',
    )
    assert.ok(!('bytes' in logoOf(png(LOGO_LIMITS.maxSide + 1, 10), 'big.png')), 'beyond the side limit')
  })

  test('what the record holds is admitted field by field; any other shape is no settings', async () => {
    const none = { clinic: '', clinician: '', logo: null }
    for (const stored of [
      undefined,
      null,
      42,
      'text',
      [],
      { clinic: 7, clinician: ['x'], logo: 'data:image/png;base64,' },
    ])
      assert.deepEqual(await admitReportSettings(stored), none)
    const admitted = await admitReportSettings({
      clinic: '  Clínica Núñez ',
      clinician: 'a\nb',
      logo: new Blob([png(100, 40)], { type: 'image/svg+xml' }),
    })
    assert.equal(admitted.clinic, 'Clínica Núñez')
    assert.equal(admitted.clinician, '', 'two lines are never printed')
    assert.equal(admitted.logo?.type, 'image/png', 'the sniffed type, not the declared one')
    const fake = await admitReportSettings({
      clinic: '',
      clinician: '',
      logo: new Blob(['<html>'], { type: 'image/png' }),
    })
    assert.equal(fake.logo, null)
  })

  test('a logo chosen by the clinician is decoded before it is kept; one that does not decode is refused', async () => {
    const decoded = async () => ({ width: 240, height: 80, close() {} })
    const kept = await logoFromFile(new Blob([png(240, 80)], { type: 'application/octet-stream' }), 'logo.png', decoded)
    assert.ok('blob' in kept)
    assert.equal(kept.blob.type, 'image/png')
    const broken = await logoFromFile(new Blob([png(240, 80)]), 'logo.png', () => Promise.reject(new Error('bad')))
    assert.ok(!('blob' in broken))
    const large = await logoFromFile(new Blob([new Uint8Array(LOGO_LIMITS.maxBytes + 1)]), 'huge.png', decoded)
    assert.ok(!('blob' in large) && large.ctx.field === 'logo')
  })

  test('kept in the record: stored, read back after the database is opened again, cleared with the record', async () => {
    globalThis.indexedDB = new IDBFactory()
    let storage = await IdbStorage.open('settings-test')
    assert.equal(await storage.reportSettings(), undefined)
    await storage.saveReportSettings({
      clinic: 'Clínica',
      clinician: 'Dra. Pérez',
      logo: new Blob([png(10, 10)], { type: 'image/png' }),
    })
    storage.close()
    storage = await IdbStorage.open('settings-test')
    const admitted = await admitReportSettings(await storage.reportSettings())
    assert.deepEqual([admitted.clinic, admitted.clinician, admitted.logo?.width], ['Clínica', 'Dra. Pérez', 10])
    await storage.clear()
    assert.equal(await storage.reportSettings(), undefined)
    storage.close()
  })
})
