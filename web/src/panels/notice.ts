/**
 * The notice (toast): shows the state's notice for its time, then dismisses it. It is a
 * popover, shown in the top layer: above an open dialog (not dimmed behind it), and
 * placed by sizes.css where it covers no part of the photo.
 */

import { byId, setText } from '../render/dom.js'
import { dismissNotice } from '../state/commands.js'
import type { AppState } from '../state/state.js'
import type { Store } from '../state/store.js'
import { mountPanel } from './panel.js'

export function mountNotice(store: Store<AppState>): void {
  const el = byId('toast')
  el.popover = 'manual'
  let timer: number | undefined
  mountPanel(store, (state, previous) => {
    if (state.notice === (previous?.notice ?? null)) return
    window.clearTimeout(timer)
    const notice = state.notice
    if (!notice) {
      el.classList.remove('show')
      if (el.matches(':popover-open')) el.hidePopover()
      return
    }
    // Shown again, so it comes above a dialog opened since.
    if (el.matches(':popover-open')) el.hidePopover()
    el.showPopover()
    setText(el, notice.text)
    el.classList.add('show')
    timer = window.setTimeout(() => store.set((s) => (s.notice === notice ? dismissNotice(s) : s)), notice.ms)
  })
}
