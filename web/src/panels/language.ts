/** The language menu in the toolbar: switches the app's language and remembers the choice. */

import type { Locale } from '../i18n/format.js'
import { byId } from '../render/dom.js'
import { setLanguage } from '../state/commands.js'
import type { AppState } from '../state/state.js'
import type { Store } from '../state/store.js'
import { mountPanel } from './panel.js'

export function mountLanguage(store: Store<AppState>): void {
  const select = byId<HTMLSelectElement>('language')
  select.addEventListener('change', () => store.set((s) => setLanguage(s, select.value as Locale)))
  mountPanel(store, (state) => {
    if (select.value !== state.settings.locale) select.value = state.settings.locale
  })
}
