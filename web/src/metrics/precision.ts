/**
 * Values the photo is too small to measure usefully: those whose uncertainty u exceeds
 * the clinical limit of their unit (docs/uncertainty.md, "When the photo is too
 * small"), with the photo size that would bring every one of them under it. u shrinks
 * in proportion to the photo's size for the same framing (sd is in photo px), so the
 * size needed is the photo's times the largest u / limit. Pure: no DOM.
 */
import type { Unit } from '#core/metrics/index.js'
import { formatUncertainty } from '../i18n/format.js'
import { currentLocale, t } from '../i18n/index.js'
import type { MetricInfo } from './metric-info.js'

/**
 * The largest u worth showing a value with: the largest standard error of measurement
 * between examiners reported for photographic posture measurement (2.7 degrees, 5.9 mm
 * rounded up to the 1 mm display step). A larger u comes from the photo, not the method.
 */
export const CLINICAL_U_LIMIT: Readonly<Record<Unit, number>> = { degrees: 2.7, cm: 0.6 }

export interface ImpreciseValue {
  readonly info: MetricInfo
  readonly u: number
}

export interface PrecisionWarning {
  readonly values: readonly ImpreciseValue[]
  /** The photo size (px, rounded up to 10) at which every value's u is within its limit. */
  readonly needed: { readonly width: number; readonly height: number }
}

/** The values (those with a number and a u) over their limit, and the photo size they need; null when none is. */
export function precisionWarning(
  metrics: readonly MetricInfo[],
  values: Readonly<Record<string, unknown>>,
  u: Readonly<Record<string, number>>,
  photo: { readonly width: number; readonly height: number },
): PrecisionWarning | null {
  const over = metrics
    .filter((info) => typeof values[info.name] === 'number' && (u[info.name] ?? 0) > CLINICAL_U_LIMIT[info.unit])
    .map((info) => ({ info, u: u[info.name]! }))
  if (over.length === 0) return null
  const factor = Math.max(...over.map((v) => v.u / CLINICAL_U_LIMIT[v.info.unit]))
  const up = (px: number) => Math.ceil((px * factor) / 10) * 10
  return { values: over, needed: { width: up(photo.width), height: up(photo.height) } }
}

/** The warning in the current language. */
export function precisionWarningText(
  warning: PrecisionWarning,
  photo: { readonly width: number; readonly height: number },
): string {
  const locale = currentLocale()
  const list = warning.values
    .map((v) => `${v.info.label} \u00b1\u00a0${formatUncertainty(v.u, v.info.unit, locale)}`)
    .join('; ')
  return t('precision.warning', {
    count: warning.values.length,
    list,
    width: photo.width,
    height: photo.height,
    degrees: formatUncertainty(CLINICAL_U_LIMIT.degrees, 'degrees', locale),
    cm: formatUncertainty(CLINICAL_U_LIMIT.cm, 'cm', locale),
    neededWidth: warning.needed.width,
    neededHeight: warning.needed.height,
  })
}
