/**
 * The marker-suggestion controls in the toolbar: "Suggest markers", "Confirm N sure
 * suggestions (M to check one by one)" (shown while the view has sure suggestions
 * unconfirmed; it confirms only those the model was sure of) and the "Suggest on photo
 * load" setting.
 */

import { t } from '../i18n/index.js'
import type { Suggestions } from '../pose/controller.js'
import { confirmAllSuggestions, suggestionsToConfirm } from '../pose/suggestion-commands.js'
import { byId, h, setText } from '../render/dom.js'
import { type AppState, current } from '../state/state.js'
import type { Store } from '../state/store.js'
import { mountPanel } from './panel.js'

export function mountSuggestions(store: Store<AppState>, suggestions: Suggestions): void {
  const slot = byId('toolbar-slot')
  const suggest = h(
    'button',
    { type: 'button', id: 'suggest-markers', title: t('suggest.button.title') },
    t('suggest.button'),
  )
  const confirm = h('button', {
    type: 'button',
    id: 'confirm-suggestions',
    title: t('suggest.confirmAll.title'),
    hidden: true,
  })
  const onLoad = h('input', { type: 'checkbox', id: 'suggest-on-load' })
  suggest.addEventListener('click', () => void suggestions.suggest())
  confirm.addEventListener('click', () => store.set(confirmAllSuggestions))
  onLoad.addEventListener('change', () => suggestions.setSuggestOnLoad(onLoad.checked))
  const onLoadText = document.createTextNode('')
  const onLoadLabel = h('label', { class: 'check toolbar-check' }, onLoad, onLoadText)
  slot.append(suggest, confirm, onLoadLabel)
  const render = (state: AppState) => {
    // Texts follow the language, which can change.
    setText(suggest, t('suggest.button'))
    suggest.title = t('suggest.button.title')
    confirm.title = t('suggest.confirmAll.title')
    onLoadLabel.title = t('suggest.onLoad.title')
    if (onLoadText.textContent !== ` ${t('suggest.onLoad')}`) onLoadText.textContent = ` ${t('suggest.onLoad')}`
    // How many it confirms (the sure ones) and how many stay to be checked one by one.
    const { sure, toCheck } = suggestionsToConfirm(state)
    // Shown while some sure suggestion waits: with none left, those to check are confirmed one by one (their rows and
    // the prompt say so), and a disabled "Confirm 0 sure suggestions" would only take room in the toolbar.
    confirm.hidden = sure.length === 0
    confirm.dataset.sure = String(sure.length)
    confirm.dataset.toCheck = String(toCheck.length)
    confirm.textContent = toCheck.length
      ? `${t('suggest.confirmAll', { count: sure.length })} (${t('suggest.confirmAll.remaining', { count: toCheck.length })})`
      : t('suggest.confirmAll', { count: sure.length })
    suggest.disabled = current(state).doc.photo?.url == null || suggestions.busy
    suggest.dataset.busy = String(suggestions.busy)
    suggest.dataset.completed = String(suggestions.completed)
    suggest.dataset.held = String(suggestions.held)
    suggest.dataset.attempts = suggestions.lastAttempts
    onLoad.checked = state.settings.suggestOnLoad
  }
  mountPanel(store, render)
  suggestions.onChange(() => render(store.get()))
}
