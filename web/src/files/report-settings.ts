/**
 * The clinic's report settings (name, clinician, logo), as the record keeps them and
 * the reports print them: a bounded schema that admits what is stored (one line of at
 * most REPORT_TEXT_MAX characters each; the logo a PNG or JPEG checked by its bytes,
 * never by its declared type, within LOGO_LIMITS) and refuses the rest in words. The
 * logo is a file from outside, hostile until its bytes pass raster.ts's checks, as a
 * photo is; the browser decodes it before it is kept (logoFromFile). Pure except
 * logoFromFile, which decodes through the decoder it is given.
 */
import { FILE_LIMITS } from '#core/files/record-file-schema.js'
import { t } from '../i18n/index.js'
import { checkRaster, type RasterDecoder, RasterError, type RasterLimits, verifiedRasterImage } from './raster.js'
import type { ReportLogo, ReportSettings } from './report-pdf-content.js'

/** The longest clinic name or clinician, characters (the backup's schema holds them to the same). */
export const REPORT_TEXT_MAX = FILE_LIMITS.reportSettings.text

/** A logo: at most 512 kB, 2000 px a side, 4 megapixels (a letterhead logo needs far less). */
export const LOGO_LIMITS: RasterLimits = {
  maxBytes: FILE_LIMITS.reportSettings.logoBytes,
  maxSide: 2000,
  maxMegapixels: 4,
}

/** The settings as stored in the record (IndexedDB's 'settings' store, key 'report'). */
export interface StoredReportSettings {
  readonly clinic: string
  readonly clinician: string
  readonly logo: Blob | null
}

/** A problem with a field, as data for programs and in words for people. */
export interface ReportSettingsProblem {
  readonly type: 'too_long' | 'not_one_line' | 'logo'
  readonly ctx: { readonly field: 'clinic' | 'clinician' | 'logo'; readonly max?: number }
  readonly text: string
}

/** Control characters and line or paragraph separators: not one line of text. */
const CONTROL = /[\p{Cc}\u2028\u2029]/u

/** A clinic name or clinician checked: one line, at most REPORT_TEXT_MAX characters; null when it passes. */
export function textProblem(field: 'clinic' | 'clinician', value: string): ReportSettingsProblem | null {
  const name = t(field === 'clinic' ? 'settings.report.clinic' : 'settings.report.clinician')
  if (CONTROL.test(value))
    return {
      type: 'not_one_line',
      ctx: { field },
      text: t('settings.report.tooLong', { field: name, max: REPORT_TEXT_MAX }),
    }
  if ([...value].length > REPORT_TEXT_MAX)
    return {
      type: 'too_long',
      ctx: { field, max: REPORT_TEXT_MAX },
      text: t('settings.report.tooLong', { field: name, max: REPORT_TEXT_MAX }),
    }
  return null
}

/** The logo's bytes checked without decoding: a PNG or JPEG within LOGO_LIMITS, or the reason it is refused. */
export function logoOf(bytes: Uint8Array<ArrayBuffer>, name: string): ReportLogo | ReportSettingsProblem {
  const checked = checkRaster(bytes, LOGO_LIMITS)
  if (!checked.ok) return { type: 'logo', ctx: { field: 'logo' }, text: new RasterError(checked.problem).message }
  // The PDF's standard images are PNG and JPEG; a WebP logo is asked for again as one of those.
  if (checked.type !== 'image/png' && checked.type !== 'image/jpeg')
    return { type: 'logo', ctx: { field: 'logo' }, text: t('settings.report.logoNotImage', { name }) }
  return { bytes, type: checked.type, width: checked.width, height: checked.height }
}

/**
 * What the record holds, admitted for a report: texts trimmed to one bounded line
 * (anything else is left out, never printed), the logo only when its bytes pass.
 * A stored value of any other shape is no settings.
 */
export async function admitReportSettings(stored: unknown): Promise<ReportSettings> {
  const record = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {}
  const text = (field: 'clinic' | 'clinician') => {
    const v = record[field]
    return typeof v === 'string' && textProblem(field, v) === null ? v.trim() : ''
  }
  let logo: ReportLogo | null = null
  const blob = record.logo
  if (blob instanceof Blob && blob.size <= LOGO_LIMITS.maxBytes) {
    const checked = logoOf(new Uint8Array(await blob.arrayBuffer()), '')
    logo = 'bytes' in checked ? checked : null
  }
  return { clinic: text('clinic'), clinician: text('clinician'), logo }
}

/**
 * A logo chosen by the clinician: checked by its bytes, then decoded by the browser
 * (a file that only looks like an image is refused). The stored Blob has the sniffed type.
 */
export async function logoFromFile(
  file: Blob,
  name: string,
  decode?: RasterDecoder,
): Promise<{ readonly blob: Blob } | ReportSettingsProblem> {
  if (file.size > LOGO_LIMITS.maxBytes) {
    return {
      type: 'logo',
      ctx: { field: 'logo', max: LOGO_LIMITS.maxBytes },
      text: new RasterError({ kind: 'too-large', bytes: file.size, limits: LOGO_LIMITS }).message,
    }
  }
  const checked = logoOf(new Uint8Array(await file.arrayBuffer()), name)
  if (!('bytes' in checked)) return checked
  try {
    const image = await verifiedRasterImage(file, undefined, { limits: LOGO_LIMITS, ...(decode ? { decode } : {}) })
    return { blob: image.blob }
  } catch (error) {
    // A RasterError's text is ours; an engine's failure to read the file is said in our words (never its English).
    const text = error instanceof RasterError ? error.message : new RasterError({ kind: 'cannot-decode' }).message
    return { type: 'logo', ctx: { field: 'logo' }, text }
  }
}
