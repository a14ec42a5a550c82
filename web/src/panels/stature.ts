/**
 * The calibration card's "scale from the subject's height" option: a checkbox that
 * makes the two scale points the top of the head and the floor under the heels and the
 * typed distance the subject's height, with a note that it is less exact (its own
 * uncertainty, STATURE_U_CM, is propagated into every value's ± u).
 */

import { formatNumber } from '../i18n/format.js'
import { t } from '../i18n/index.js'
import { STATURE_U_CM } from '../metrics/uncertainty.js'
import { byId, h, setText } from '../render/dom.js'
import { setScaleBy } from '../state/commands.js'
import { type AppState, current } from '../state/state.js'
import type { Store } from '../state/store.js'
import { mountPanel } from './panel.js'

export function mountStatureScale(store: Store<AppState>): void {
  const input = h('input', { type: 'checkbox', id: 'scale-by-stature' })
  const text = document.createTextNode('')
  const help = h('p', { class: 'field-help', id: 'scale-by-stature-help', hidden: true })
  const label = h('label', { class: 'check' }, input, text)
  byId('fc-help').before(label, help)
  input.addEventListener('change', () => store.set((s) => setScaleBy(s, input.checked ? 'stature' : 'length')))
  const distanceLabel = document.querySelector<HTMLLabelElement>('label[for="grid-cm"]')!
  const distance = byId<HTMLInputElement>('grid-cm')
  mountPanel(store, (state) => {
    const byStature = current(state).doc.scaleBy === 'stature'
    input.checked = byStature
    text.textContent = ` ${t('calibration.byHeight')}`
    label.hidden = state.view === 'lateral'
    help.hidden = !byStature
    setText(help, t('calibration.byHeight.help', { u: formatNumber(STATURE_U_CM, 1, state.settings.locale) }))
    setText(distanceLabel, t(byStature ? 'calibration.stature' : 'calibration.knownDistance'))
    // The example fits what is typed: a stature (e.g. 170 cm), not a ruler's length.
    distance.placeholder = t(byStature ? 'calibration.stature.placeholder' : 'calibration.knownDistance.placeholder')
  })
}
