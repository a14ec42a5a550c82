/**
 * The view tabs (anterior, posterior, lateral): switch the view shown, with the arrow
 * keys moving between tabs; a tab is marked done when its view has results.
 */

import { t } from '../i18n/index.js'
import { byId, h } from '../render/dom.js'
import { setView } from '../state/commands.js'
import { VIEW_NAMES, type View } from '../state/model.js'
import type { AppState } from '../state/state.js'
import type { Store } from '../state/store.js'
import { mountPanel } from './panel.js'

export function mountViewTabs(store: Store<AppState>): void {
  const tabs = byId('view-tabs')
  for (const v of VIEW_NAMES) {
    const b = h(
      'button',
      { type: 'button', role: 'tab', 'data-view': v, id: `tab-${v}`, title: t(`view.${v}.pose`) },
      t(`view.${v}.title`),
    )
    b.addEventListener('click', () => store.set((s) => setView(s, v)))
    tabs.append(b)
  }
  tabs.addEventListener('keydown', (e) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return
    const i = VIEW_NAMES.indexOf(store.get().view)
    const next = VIEW_NAMES[(i + (e.key === 'ArrowRight' ? 1 : VIEW_NAMES.length - 1)) % VIEW_NAMES.length]!
    store.set((s) => setView(s, next))
    byId(`tab-${next}`).focus()
    e.preventDefault()
    e.stopPropagation()
  })
  mountPanel(store, (state) => {
    document.body.dataset.view = state.view
    for (const b of tabs.querySelectorAll<HTMLButtonElement>('button')) {
      const on = b.dataset.view === state.view
      b.setAttribute('aria-selected', String(on))
      b.tabIndex = on ? 0 : -1
      b.classList.toggle('done', state.views[b.dataset.view as View].outcome.values !== null)
      // The language may have changed.
      const v = b.dataset.view as View
      if (b.textContent !== t(`view.${v}.title`)) b.textContent = t(`view.${v}.title`)
      b.title = t(`view.${v}.pose`)
    }
  })
}
