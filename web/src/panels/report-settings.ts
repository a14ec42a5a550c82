/**
 * The clinic's report settings in the results card: clinic name, clinician and logo,
 * kept in the record (its effects: load and save) and printed on every report and
 * patient summary. A logo is checked by its bytes and decoded before it is kept
 * (files/report-settings.ts); a refused one is said in words and nothing is kept.
 * Read again (reload) when a backup's import wrote other settings.
 */

import {
  admitReportSettings,
  LOGO_LIMITS,
  logoFromFile,
  REPORT_TEXT_MAX,
  type StoredReportSettings,
  textProblem,
} from '../files/report-settings.js'
import { t } from '../i18n/index.js'
import { byId, h } from '../render/dom.js'
import { notify, notifyError, notifyWarning } from '../state/commands.js'
import { errorDetails } from '../state/error-details.js'
import type { AppState } from '../state/state.js'
import type { Store } from '../state/store.js'

/** Where the settings are kept (the record's storage). */
export interface ReportSettingsEffects {
  load(): Promise<unknown>
  save(settings: StoredReportSettings): Promise<void>
  /** Told after a save (the printed report is rebuilt with the new settings). */
  saved?(): void
}

export function mountReportSettings(
  store: Store<AppState>,
  effects: ReportSettingsEffects,
): { readonly reload: () => Promise<void> } {
  const box = byId<HTMLDetailsElement>('report-settings')
  let logo: Blob | null = null
  let stored: StoredReportSettings = { clinic: '', clinician: '', logo: null }
  const say = (text: string) => store.set((s) => notify(s, text))

  function render(): void {
    const open = box.open
    // What is typed and not yet saved stays through a change of language.
    const typed = (id: string, fallback: string) => box.querySelector<HTMLInputElement>(`#${id}`)?.value ?? fallback
    const clinic = h('input', { type: 'text', id: 'report-clinic', maxlength: REPORT_TEXT_MAX })
    const clinician = h('input', { type: 'text', id: 'report-clinician', maxlength: REPORT_TEXT_MAX })
    const file = h('input', { type: 'file', id: 'report-logo', accept: 'image/png,image/jpeg' })
    const remove = h(
      'button',
      { type: 'button', id: 'report-logo-remove', disabled: logo === null },
      t('settings.report.logo.remove'),
    )
    const save = h('button', { type: 'button', id: 'report-settings-save' }, t('settings.report.save'))
    clinic.value = typed('report-clinic', stored.clinic)
    clinician.value = typed('report-clinician', stored.clinician)
    file.addEventListener('change', async () => {
      const chosen = file.files?.[0]
      file.value = ''
      if (!chosen) return
      const checked = await logoFromFile(chosen, chosen.name)
      if ('blob' in checked) {
        logo = checked.blob
        remove.disabled = false
        box.dataset.logo = 'chosen'
      } else store.set((s) => notifyWarning(s, checked.text, 10_000))
    })
    remove.addEventListener('click', () => {
      logo = null
      remove.disabled = true
      box.dataset.logo = 'none'
    })
    save.addEventListener('click', async () => {
      for (const [field, input] of [
        ['clinic', clinic],
        ['clinician', clinician],
      ] as const) {
        const problem = textProblem(field, input.value)
        if (problem) {
          store.set((s) => notifyWarning(s, problem.text, 10_000))
          input.focus()
          return
        }
      }
      const next = { clinic: clinic.value.trim(), clinician: clinician.value.trim(), logo }
      try {
        await effects.save(next)
        stored = next
        box.dataset.saved = 'true'
        effects.saved?.()
        say(t('settings.report.saved'))
      } catch (error) {
        store.set((s) => notifyError(s, t('record.saveFailed'), 10_000, errorDetails(error)))
      }
    })
    box.replaceChildren(
      h('summary', {}, t('settings.report.title')),
      h('p', { class: 'field-help' }, t('settings.report.help')),
      h('label', {}, t('settings.report.clinic'), ' ', clinic),
      h('label', {}, t('settings.report.clinician'), ' ', clinician),
      h('label', {}, t('settings.report.logo', { kb: LOGO_LIMITS.maxBytes / 1000 }), ' ', file),
      h('p', { class: 'results-actions' }, remove, ' ', save),
    )
    box.open = open
  }

  async function load(): Promise<void> {
    const admitted = await admitReportSettings(await effects.load())
    logo = admitted.logo ? new Blob([admitted.logo.bytes], { type: admitted.logo.type }) : null
    stored = { clinic: admitted.clinic, clinician: admitted.clinician, logo }
    box.hidden = false
    box.dataset.loaded = 'true'
    box.dataset.logo = logo ? 'stored' : 'none'
    // The fields show what is stored now (not what was typed before it changed).
    box.replaceChildren()
    render()
  }
  void load()
  store.subscribe((state, previous) => {
    if (state.settings.locale !== previous.settings.locale) render()
  })
  return { reload: load }
}
