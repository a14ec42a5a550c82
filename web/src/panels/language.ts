/** The language menu in the toolbar: switches the app's language and remembers the choice. */
import { setLanguage } from '../commands.js'
import { byId } from '../dom.js'
import type { Locale } from '../format.js'
import type { AppState } from '../state.js'
import type { Store } from '../store.js'
import { mountPanel } from './panel.js'

export function mountLanguage(store: Store<AppState>): void {
  const select = byId<HTMLSelectElement>('language')
  select.addEventListener('change', () => store.set((s) => setLanguage(s, select.value as Locale)))
  mountPanel(store, (state) => {
    if (select.value !== state.settings.locale) select.value = state.settings.locale
  })
}
