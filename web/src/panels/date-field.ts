/**
 * A date field in the app's language (i18n/date-field.ts): a text field with a numeric
 * keypad on touch screens that shows dd/mm/aaaa in Spanish and yyyy-mm-dd in English
 * whatever the browser's locale, puts in the separators as digits are typed, commits
 * the ISO date (YYYY-MM-DD) once a whole date is typed, on change and on Enter, and
 * says under the field what is wrong and what is expected when the text is not a date
 * (the store keeps the last good date meanwhile). docs/app.md, "Dates".
 */
import {
  completeDate,
  type DateFieldError,
  formatDateField,
  parseDateField,
  withSeparators,
} from '../i18n/date-field.js'
import { currentLocale, t } from '../i18n/index.js'
import { setText } from '../render/dom.js'

export interface DateField {
  /** Shows the stored ISO date (not while the field has focus, nor over a refused text until the date changes). */
  render(iso: string): void
}

/** The person's words for a refused date, in the current language. */
export function dateErrorText(error: DateFieldError): string {
  const expected = t('date.placeholder')
  const example = formatDateField('2026-11-28', currentLocale())
  if (error.type === 'date_form') return t('date.error.form', { text: error.ctx.text, expected, example })
  if (error.type === 'date_not_on_calendar') return t('date.error.calendar', { text: error.ctx.text, expected })
  return t('date.error.years', { text: error.ctx.text, min: error.ctx.min, max: error.ctx.max })
}

/** Wires `input` (and `message`, the element that holds its error) to commit ISO dates through `commit`. */
export function mountDateField(
  input: HTMLInputElement,
  message: HTMLElement,
  commit: (iso: string) => void,
): DateField {
  input.type = 'text'
  input.inputMode = 'numeric'
  input.autocomplete = 'off'
  input.spellcheck = false
  if (!message.id) message.id = `${input.id}-error`
  input.setAttribute('aria-describedby', message.id)
  let error: DateFieldError | null = null
  let shownIso: string | null = null
  const showError = (e: DateFieldError | null) => {
    error = e
    input.setAttribute('aria-invalid', String(e !== null))
    message.hidden = e === null
    setText(message, e ? dateErrorText(e) : '')
  }
  const read = (final: boolean) => {
    const r = parseDateField(input.value, currentLocale())
    if (r.ok) {
      showError(null)
      input.dataset.iso = r.iso
      commit(r.iso)
      if (final) input.value = formatDateField(r.iso, currentLocale())
    } else if (final) showError(r.error)
  }
  input.addEventListener('input', (event) => {
    const e = event as InputEvent
    // Separators only as digits are typed at the end (deleting one takes no new one).
    if (e.inputType === 'insertText' && input.selectionStart === input.value.length) {
      const next = withSeparators(input.value, currentLocale())
      if (next !== input.value) input.value = next
    }
    if (error !== null && parseDateField(input.value, currentLocale()).ok) showError(null)
    if (completeDate(input.value, currentLocale())) read(false)
  })
  input.addEventListener('change', () => read(true))
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') read(true)
  })
  // Left with a whole date: shown in the language's form (a date set meanwhile shows now).
  input.addEventListener('blur', () => {
    if (error === null && shownIso !== null) input.value = formatDateField(shownIso, currentLocale())
  })
  return {
    render(iso: string) {
      const changed = iso !== shownIso
      shownIso = iso
      input.dataset.iso = iso
      input.placeholder = t('date.placeholder')
      if (error !== null) {
        // Another date came (another visit opened): it replaces the refused text; else the error stays, in the current language.
        if (!changed) {
          setText(message, dateErrorText(error))
          return
        }
        showError(null)
      }
      if (document.activeElement === input) return
      const shown = formatDateField(iso, currentLocale())
      if (input.value !== shown) input.value = shown
    },
  }
}
