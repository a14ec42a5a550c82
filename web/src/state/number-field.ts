/**
 * What a person typed in a number field of the calibration: read with the one parser
 * (format.ts parseDecimal: '.' or ',' as the decimal separator in either language),
 * checked to be a number above 0, and against the range a real photo gives; a value
 * outside that range is not refused but asks the person to confirm it, with the reason
 * (a comma lost or a unit mixed up turns 0,27 cm/px into 27). Pure: no DOM.
 */
import { PLAUSIBLE as CORE_PLAUSIBLE } from '#core/files/input-limits.js'
import { parseDecimal } from '../i18n/format.js'

/** The calibration fields that check their value. */
export type NumberField = 'knownDistance' | 'fc'

/** Plausible values: fc of a posture photo (cm per px), and the known distance between the scale points (cm). */
export const PLAUSIBLE: Readonly<Record<NumberField, { readonly min: number; readonly max: number }>> = CORE_PLAUSIBLE

export type FieldReading =
  /** Nothing typed (the field is cleared). */
  | { readonly kind: 'empty' }
  /** Not a number, or not above 0. */
  | { readonly kind: 'invalid' }
  | { readonly kind: 'number'; readonly value: number }
  /** A number outside the plausible range: used only once the person confirms it. */
  | { readonly kind: 'implausible'; readonly value: number; readonly side: 'below' | 'above' }

/** Reads a typed calibration value. */
export function readNumberField(field: NumberField, text: string): FieldReading {
  if (text.trim() === '') return { kind: 'empty' }
  const value = parseDecimal(text)
  if (value === null || !(value > 0)) return { kind: 'invalid' }
  const range = PLAUSIBLE[field]
  if (value < range.min) return { kind: 'implausible', value, side: 'below' }
  if (value > range.max) return { kind: 'implausible', value, side: 'above' }
  return { kind: 'number', value }
}

/** The value to use: the number, or null for an empty field; undefined when it is not a number above 0. */
export function valueOfReading(reading: FieldReading): number | null | undefined {
  return reading.kind === 'empty' ? null : reading.kind === 'invalid' ? undefined : reading.value
}
