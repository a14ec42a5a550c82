/**
 * The calibration's number fields (the known distance, in the prompt and in the
 * calibration card, and fc): text fields for a decimal in either notation, read by
 * number-field.ts. A value outside the plausible range is used only once the person
 * confirms it, with the reason in the question; declined, the field shows the value
 * in use again.
 */
import { plainNumber } from '../i18n/format.js'
import { currentLocale, t } from '../i18n/index.js'
import { type NumberField, PLAUSIBLE, readNumberField } from '../state/number-field.js'

export interface NumberCommit {
  readonly field: NumberField
  /** The value in use (null: none), to skip a commit that changes nothing. */
  readonly current: () => number | null
  /** Runs the command with the typed text. */
  readonly apply: (text: string) => void
  /** Asks a yes/no question (the browser's confirm dialog by default). */
  readonly confirm?: (question: string) => boolean
}

/** Commits the field on change and on Enter (once per value). */
export function onNumberCommit(input: HTMLInputElement, options: NumberCommit): void {
  const ask = options.confirm ?? ((question: string) => window.confirm(question))
  const commit = () => {
    const reading = readNumberField(options.field, input.value)
    const value =
      reading.kind === 'number' || reading.kind === 'implausible'
        ? reading.value
        : reading.kind === 'empty'
          ? null
          : undefined
    if (value !== undefined && value !== null && value === options.current()) return
    if (reading.kind === 'implausible') {
      const range = PLAUSIBLE[options.field]
      const question = t(`number.implausible.${options.field}.${reading.side}`, {
        value: reading.value,
        min: range.min,
        max: range.max,
      })
      if (!ask(question)) {
        const now = options.current()
        input.value = now === null ? '' : plainNumber(now, currentLocale())
        return
      }
    }
    options.apply(input.value)
  }
  input.addEventListener('change', commit)
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') commit()
  })
}
