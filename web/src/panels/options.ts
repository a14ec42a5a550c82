/**
 * The options panel: per view, the settings that change what is measured (posterior:
 * estimate the popliteal points; lateral: the side toward the camera). Hidden for the
 * anterior view. Features add their options here.
 */

import { t } from '../i18n/index.js'
import { byId, h } from '../render/dom.js'
import { setEstimatePopliteal, setSide } from '../state/commands.js'
import { SIDES } from '../state/model.js'
import { type AppState, current } from '../state/state.js'
import type { Store } from '../state/store.js'
import { mountPanel } from './panel.js'

export function mountOptions(store: Store<AppState>): void {
  const card = byId('options-card')
  const box = byId('options')
  mountPanel(store, (state) => {
    const doc = current(state).doc
    card.hidden = state.view === 'anterior'
    if (state.view === 'posterior') {
      if (box.dataset.for !== `posterior:${state.settings.locale}`) {
        box.dataset.for = `posterior:${state.settings.locale}`
        const input = h('input', { type: 'checkbox', id: 'estimate-popliteal' })
        input.addEventListener('change', () => store.set((s) => setEstimatePopliteal(s, input.checked)))
        box.replaceChildren(
          h('label', { class: 'check' }, input, ` ${t('options.estimatePopliteal')}`),
          h('p', { class: 'field-help' }, t('options.estimatePopliteal.help')),
        )
      }
      byId<HTMLInputElement>('estimate-popliteal').checked = doc.estimatePopliteal
    } else if (state.view === 'lateral') {
      if (box.dataset.for !== `lateral:${state.settings.locale}`) {
        box.dataset.for = `lateral:${state.settings.locale}`
        const group = h('fieldset', { class: 'side' }, h('legend', {}, t('options.side')))
        for (const side of SIDES) {
          const input = h('input', { type: 'radio', name: 'side', value: side, id: `side-${side}` })
          input.addEventListener('change', () => input.checked && store.set((s) => setSide(s, side)))
          group.append(h('label', { class: 'check' }, input, ` ${t(`side.${side}`)}`))
        }
        box.replaceChildren(group)
      }
      for (const side of SIDES) byId<HTMLInputElement>(`side-${side}`).checked = doc.side === side
    } else {
      box.dataset.for = ''
      box.replaceChildren()
    }
  })
}
