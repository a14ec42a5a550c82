/**
 * The patient summary's findings: per metric one short sentence in the patient's
 * language saying what is measured (a plain name), what this value means (its size
 * and its direction, read from the sign's meaning in core/metrics), and, when the
 * view is compared with an earlier visit, whether it changed and whether that change
 * is real (the verdict of compare/comparison-rows.ts, never recomputed here); the
 * numbers apart, for the PDF to print smaller after the sentence.
 *
 * No value is called normal or abnormal: the app has no reference ranges
 * (docs/metrics.md, "Normal values and reliability"), so a sentence gives the value
 * and its direction only, and a change its direction, never "better" or "worse".
 *
 * Every word comes from the message catalogues (i18n/report-pdf.ts): whole sentences
 * with parameters, a plain name per view and metric (`summary.what.{view}.{name}`) and
 * the direction words of each sign family below, so another language is a catalogue,
 * not code. Pure: no DOM.
 */
import type { View } from '#core/markers.js'
import type { Unit } from '#core/metrics/index.js'
import type { Verdict } from '../compare/comparison-rows.js'
import { formatValue } from '../i18n/format.js'
import { currentLocale, type MessageKey, t } from '../i18n/index.js'

/**
 * How a metric's sign reads in words (its `meaning` in core/metrics):
 * - lowerRight: a left-right pair's tilt, positive when the subject's right is lower;
 * - tiltRight: the head tilted to the subject's right (its right tragus or ear lobe lower);
 * - leanRight: a lean to the subject's right (the trunk seen from the front);
 * - rightOfLine / frontOfLine: a plumb-line distance, positive to the right / in front;
 * - forward: a lean seen from the side, positive forward;
 * - outward: the Q angle, positive with the tibial tuberosity lateral to the thigh line;
 * - valgus: the rearfoot angle, positive in valgus (out), negative in varus (in);
 * - shoulderPelvis: the pelvis line descending to the right more than the shoulders';
 * - angle: a joint angle read as its size (no direction);
 * - craniovertebral: an angle read as its size, larger meaning a more upright head.
 */
export type SignFamily =
  | 'lowerRight'
  | 'tiltRight'
  | 'leanRight'
  | 'rightOfLine'
  | 'frontOfLine'
  | 'forward'
  | 'outward'
  | 'valgus'
  | 'shoulderPelvis'
  | 'angle'
  | 'craniovertebral'

/** Each metric's sign family, by view and field name (every metric of every table: the unit tests hold it). */
export const SIGN_FAMILIES: Readonly<Record<View, Readonly<Record<string, SignFamily>>>> = {
  anterior: {
    head_angle: 'tiltRight',
    dist_eminencia_frontal: 'rightOfLine',
    dist_espina_nasal: 'rightOfLine',
    dist_punto_mentoniano: 'rightOfLine',
    trunk_angle: 'leanRight',
    pelvis_angle: 'lowerRight',
    q_angle_right: 'outward',
    q_angle_left: 'outward',
    shoulder_angle: 'lowerRight',
    shoulder_pelvis_angle: 'shoulderPelvis',
    tibial_tuberosity_angle: 'lowerRight',
    dist_apendice_xifoides: 'rightOfLine',
    dist_ombligo: 'rightOfLine',
  },
  posterior: {
    calcaneo_angle_left: 'valgus',
    calcaneo_angle_right: 'valgus',
    coronal_balance_c7: 'rightOfLine',
    coronal_balance_t7: 'rightOfLine',
    coronal_balance_l5: 'rightOfLine',
    pelvis_angle: 'lowerRight',
    head_angle: 'tiltRight',
    coronal_balance_t3: 'rightOfLine',
    coronal_balance_t12: 'rightOfLine',
  },
  lateral: {
    head_angle_horizontal: 'craniovertebral',
    trunk_angle_vertical: 'forward',
    elbow_angle: 'angle',
    knee_angle: 'angle',
    head_angle_vertical: 'forward',
    hip_angle: 'angle',
    ankle_angle: 'angle',
    body_angle_vertical: 'forward',
    dist_apex_lumbar: 'frontOfLine',
  },
}

/** Families read as a size alone: the value as it is, the same words whatever its sign. */
const SIZE_FAMILIES: ReadonlySet<SignFamily> = new Set(['angle', 'craniovertebral'])

/** The message key of a family's words: a reading of the value (positive, negative, zero) or a change (up, down). */
function familyKey(family: SignFamily, form: 'positive' | 'negative' | 'zero' | 'up' | 'down'): MessageKey {
  if (SIZE_FAMILIES.has(family) && form !== 'up' && form !== 'down') return 'summary.reading.size'
  return `summary.${form === 'up' || form === 'down' ? 'move' : 'reading'}.${family}.${form}` as MessageKey
}

/** The plain name's message key of a metric ("The sideways tilt of your head"). */
export function whatKey(view: View, name: string): MessageKey {
  return `summary.what.${view}.${name}` as MessageKey
}

/** The comparison of one metric as the summary needs it: the earlier value, the change and its verdict. */
export interface FindingChange {
  readonly earlier: number | null
  /** later − earlier; null when there is none. */
  readonly change: number | null
  readonly verdict: Verdict
}

export interface FindingInput {
  readonly view: View
  readonly name: string
  readonly unit: Unit
  /** Whether the value is shown with a sign (the core's display rule). */
  readonly signed: boolean
  /** The value on this visit, or null when it could not be computed. */
  readonly value: number | null
  /** The change since the earlier visit, when this view is compared with one (undefined: not compared). */
  readonly change?: FindingChange
}

export interface Finding {
  /** One sentence: what is measured, what the value means, whether it changed and whether that is real. */
  readonly sentence: string
  /** The numbers behind it, printed smaller: the value, and the earlier value and change when compared. */
  readonly numbers: string
}

/** Whether a value shows as zero at display precision. */
function showsZero(value: number, unit: Unit): boolean {
  return formatValue(Math.abs(value), unit, currentLocale()) === formatValue(0, unit, currentLocale())
}

/** What the value means in words: its size and direction (a size alone for joint angles). */
function reading(family: SignFamily, value: number, unit: Unit): string {
  const locale = currentLocale()
  if (SIZE_FAMILIES.has(family)) return t(familyKey(family, 'zero'), { amount: formatValue(value, unit, locale) })
  if (showsZero(value, unit)) return t(familyKey(family, 'zero'))
  return t(familyKey(family, value > 0 ? 'positive' : 'negative'), {
    amount: formatValue(Math.abs(value), unit, locale),
  })
}

/** One metric's finding in the current language. */
export function findingOf(input: FindingInput): Finding {
  const locale = currentLocale()
  const family = SIGN_FAMILIES[input.view][input.name] ?? (input.signed ? 'rightOfLine' : 'angle')
  const what = t(whatKey(input.view, input.name))
  const value = (v: number) => formatValue(v, input.unit, locale, { signed: input.signed })
  if (input.value === null) return { sentence: t('summary.finding.noValue', { what }), numbers: '\u2014' }
  const read = reading(family, input.value, input.unit)
  const c = input.change
  if (!c) return { sentence: t('summary.finding.alone', { what, reading: read }), numbers: value(input.value) }
  const numbers =
    c.earlier === null
      ? value(input.value)
      : t('summary.numbers.compared', {
          value: value(input.value),
          earlier: value(c.earlier),
          change: c.change === null ? '\u2014' : formatValue(c.change, input.unit, locale, { signed: true }),
        })
  if (c.verdict === 'real' && c.change !== null) {
    const move = t(familyKey(family, c.change > 0 ? 'up' : 'down'), {
      amount: formatValue(Math.abs(c.change), input.unit, locale),
    })
    return { sentence: t('summary.finding.real', { what, reading: read, move }), numbers }
  }
  if (c.verdict === 'within') return { sentence: t('summary.finding.within', { what, reading: read }), numbers }
  return { sentence: t('summary.finding.notCompared', { what, reading: read }), numbers }
}
