/**
 * The FHIR buttons and the "Send to a FHIR server" dialog: "Export to FHIR" beside the
 * other exports (toolbar and results), "Send to FHIR server…" in the toolbar, and for a
 * patient of the Patients dialog the same two (patientFhirButtons, which record/panel.ts
 * places). The dialog holds the settings (base URL, token for this tab's session only,
 * identifier system, clinician's name), says what leaves the browser, sends, and shows
 * what came of it (#fhir-status, with data-outcome for the tests and styles).
 */
import { t } from '../i18n/index.js'
import type { PatientRecord } from '../record/model.js'
import { byId, h, setText } from '../render/dom.js'
import { errorDetails } from '../state/error-details.js'
import type { FhirActions, FhirScope } from './fhir-actions.js'

/** Mounts the buttons of the page and the dialog; returns what opens it, for the Patients dialog. */
export function mountFhir(actions: FhirActions): (scope: FhirScope, what: string) => void {
  const settings = actions.effects.settings
  const field = (id: string, type: string, attrs: Record<string, string> = {}) =>
    h('input', { id, type, autocomplete: 'off', spellcheck: 'false', ...attrs })
  const url = field('fhir-url', 'url', { inputmode: 'url', placeholder: 'https://fhir.example.org/fhir' })
  const token = field('fhir-token', 'password')
  const system = field('fhir-system', 'text')
  const performer = field('fhir-performer', 'text', { autocomplete: 'name', spellcheck: 'true' })
  const status = h('p', { id: 'fhir-status', class: 'fhir-status', role: 'status', 'aria-live': 'polite' })
  const what = h('p', { id: 'fhir-what' })
  const go = h('button', { type: 'submit', class: 'primary', id: 'fhir-send-go' })
  const close = h('button', { type: 'button', id: 'fhir-close' })
  const labels = {
    url: h('label', { for: 'fhir-url' }),
    urlHelp: h('p', { class: 'field-help' }),
    token: h('label', { for: 'fhir-token' }),
    tokenHelp: h('p', { class: 'field-help', id: 'fhir-token-help' }),
    system: h('label', { for: 'fhir-system' }),
    performer: h('label', { for: 'fhir-performer' }),
    title: h('h2', { id: 'fhir-title' }),
    privacy: h('p', { class: 'field-help' }),
  }
  const form = h(
    'form',
    {},
    labels.title,
    what,
    labels.privacy,
    h(
      'div',
      { class: 'field-grid' },
      labels.url,
      url,
      labels.token,
      token,
      labels.system,
      system,
      labels.performer,
      performer,
    ),
    labels.urlHelp,
    labels.tokenHelp,
    status,
    h('p', { class: 'dialog-actions' }, close, ' ', go),
  )
  const dialog = h('dialog', { id: 'fhir-dialog', class: 'fhir-dialog', 'aria-labelledby': 'fhir-title' }, form)
  document.body.append(dialog)
  let scope: FhirScope = { kind: 'screen' }

  const texts = () => {
    setText(labels.title, t('fhir.send.title'))
    setText(labels.privacy, t('fhir.send.privacy'))
    setText(labels.url, t('fhir.settings.url'))
    setText(labels.urlHelp, t('fhir.settings.url.help'))
    setText(labels.token, t('fhir.settings.token'))
    setText(labels.tokenHelp, t('fhir.settings.token.help'))
    setText(labels.system, t('fhir.settings.system'))
    setText(labels.performer, t('fhir.settings.performer'))
    setText(go, t('fhir.send.go'))
    setText(close, t('fhir.send.close'))
  }
  const keep = () =>
    settings.saveSettings({ baseUrl: url.value, identifierSystem: system.value, performerName: performer.value })
  for (const input of [url, system, performer]) input.addEventListener('change', keep)
  token.addEventListener('change', () => settings.saveToken(token.value))
  close.addEventListener('click', () => dialog.close())

  form.addEventListener('submit', (e) => {
    e.preventDefault()
    keep()
    settings.saveToken(token.value)
    go.disabled = true
    status.dataset.outcome = 'sending'
    status.hidden = false
    setText(status, t('fhir.send.sending', { origin: url.value.trim() }))
    void actions
      .send(scope)
      .then(
        (result) => {
          status.dataset.outcome = result.outcome?.kind ?? (result.text ? 'refused' : 'cancelled')
          setText(status, result.text)
          status.hidden = result.text === ''
        },
        (error: unknown) => {
          // Our sentence; the engine's own text apart, under "Technical details".
          status.dataset.outcome = 'error'
          setText(status, t('fhir.send.unexpected'))
          status.append(
            h(
              'details',
              { class: 'notice-details' },
              h('summary', {}, t('notice.details')),
              h('pre', {}, errorDetails(error)),
            ),
          )
        },
      )
      .finally(() => {
        go.disabled = false
      })
  })

  const open = (chosen: FhirScope, whatText: string) => {
    scope = chosen
    const s = settings.settings()
    url.value = s.baseUrl
    system.value = s.identifierSystem
    performer.value = s.performerName
    token.value = settings.token()
    texts()
    setText(what, whatText)
    status.hidden = true
    delete status.dataset.outcome
    setText(status, '')
    dialog.showModal()
  }

  for (const id of ['export-fhir', 'export-fhir-2'])
    byId(id).addEventListener('click', () => void actions.exportBundle({ kind: 'screen' }))
  byId('send-fhir').addEventListener('click', () => open({ kind: 'screen' }, t('fhir.send.what.visit')))
  return open
}

/** The Patients dialog's FHIR buttons for one patient: export the patient's visits, and send them. */
export function patientFhirButtons(
  actions: FhirActions,
  open: (scope: FhirScope, what: string) => void,
  patient: PatientRecord,
  visits: number,
): HTMLElement[] {
  const scope: FhirScope = { kind: 'patient', patientId: patient.id }
  const exportButton = h(
    'button',
    { type: 'button', id: 'record-export-patient-fhir', title: t('fhir.export.patient.title') },
    t('fhir.export.patient'),
  )
  exportButton.addEventListener('click', () => void actions.exportBundle(scope))
  const send = h('button', { type: 'button', id: 'record-send-patient-fhir' }, t('fhir.send.patient'))
  send.addEventListener('click', () =>
    open(scope, t('fhir.send.what.patient', { count: visits, patient: patient.identifier })),
  )
  return [exportButton, send]
}
