/**
 * The assessment card: the patient identifier and the assessment date the clinician
 * types (kept in the assessment file only, never sent to the service), the placement
 * error the uncertainties are computed from, and the clinician's notes and
 * interpretation of the visit. The identifier is taken when committed, and is
 * read-only once the visit is in the record (docs/record.md). The notes go to the
 * store as they are typed (saved with the visit like any other edit); near their
 * limit the card says how many characters are left.
 */

import { formatNumber } from '../i18n/format.js'
import { t } from '../i18n/index.js'
import { DEFAULT_PLACEMENT_SD_PX } from '../metrics/uncertainty.js'
import { byId, setText } from '../render/dom.js'
import { identifierCommitted, setMeta, setNotes, setPlacementSd } from '../state/commands.js'
import type { AppState } from '../state/state.js'
import type { Store } from '../state/store.js'
import { notesLength, VISIT_NOTES_COUNT_FROM, VISIT_NOTES_MAX } from '../state/visit-notes.js'
import { mountDateField } from './date-field.js'
import { mountPanel } from './panel.js'

export function mountAssessment(store: Store<AppState>): void {
  const patient = byId<HTMLInputElement>('patient-id')
  const date = byId<HTMLInputElement>('assessment-date')
  const sd = byId<HTMLInputElement>('placement-sd')
  const help = byId('placement-sd-help')
  const notes = byId<HTMLTextAreaElement>('visit-notes')
  const notesCount = byId('visit-notes-count')
  // Committed (Enter, Tab, leaving the field), not per letter: a visit enters the record under the whole identifier.
  patient.addEventListener('change', () => store.set((s) => identifierCommitted(s, patient.value)))
  // In the app's language, not the browser's (panels/date-field.ts); the store keeps ISO. The field is not
  // written while it has focus (it may hold a half-typed date): a date set meanwhile (the visit dated today
  // when the Tab that committed the identifier landed here) shows once it is left.
  const dateField = mountDateField(date, byId('assessment-date-error'), (iso) =>
    store.set((s) => setMeta(s, { date: iso })),
  )
  const commitSd = () => store.set((s) => setPlacementSd(s, sd.value))
  sd.addEventListener('change', commitSd)
  sd.addEventListener('keydown', (e) => e.key === 'Enter' && commitSd())
  notes.addEventListener('input', () => {
    store.set((s) => setNotes(s, notes.value))
    // What the store kept (line ends, control characters, the limit) is what the field shows.
    const kept = store.get().meta.notes
    if (notes.value !== kept) notes.value = kept
  })
  mountPanel(store, (state) => {
    // Not while typing: the field is the notes then; another visit opened or loaded shows its own.
    if (document.activeElement !== notes && notes.value !== state.meta.notes) notes.value = state.meta.notes
    const length = notesLength(state.meta.notes)
    const near = length >= VISIT_NOTES_COUNT_FROM
    notesCount.dataset.near = String(near)
    setText(
      notesCount,
      near ? t('notes.left', { count: Math.max(0, VISIT_NOTES_MAX - length), max: VISIT_NOTES_MAX }) : '',
    )
    if (document.activeElement !== patient && patient.value !== state.meta.patientId)
      patient.value = state.meta.patientId
    // A visit in the record keeps its patient: typing never moves it (the record's "Move to another patient…" does).
    patient.readOnly = state.record !== null
    patient.title = state.record ? t('safety.identifier.locked') : ''
    dateField.render(state.meta.date)
    const shown = formatNumber(
      state.settings.placementSd,
      state.settings.placementSd % 1 === 0 ? 0 : 1,
      state.settings.locale,
    )
    if (document.activeElement !== sd) sd.value = shown
    setText(help, t('uncertainty.help', { default: DEFAULT_PLACEMENT_SD_PX }))
  })
}
