/** The notice (toast): shows the state's notice for its time, then dismisses it. */
import { dismissNotice } from '../state/commands.js'
import { byId, setText } from '../render/dom.js'
import type { AppState } from '../state/state.js'
import type { Store } from '../state/store.js'
import { mountPanel } from './panel.js'

export function mountNotice(store: Store<AppState>): void {
  const el = byId('toast')
  let timer: number | undefined
  mountPanel(store, (state, previous) => {
    if (state.notice === (previous?.notice ?? null)) return
    window.clearTimeout(timer)
    const notice = state.notice
    if (!notice) {
      el.classList.remove('show')
      return
    }
    setText(el, notice.text)
    el.classList.add('show')
    timer = window.setTimeout(() => store.set((s) => (s.notice === notice ? dismissNotice(s) : s)), notice.ms)
  })
}
