/** The notice (toast): shows the state's notice for its time, then dismisses it; never over the zoom bar. */

import { byId, setText } from '../render/dom.js'
import { dismissNotice } from '../state/commands.js'
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
    clearOfZoomBar(el)
    timer = window.setTimeout(() => store.set((s) => (s.notice === notice ? dismissNotice(s) : s)), notice.ms)
  })
}

/**
 * Raises the notice above the zoom bar when it would cover it (the bar sits at the
 * stage's bottom right, the notice at the bottom centre of the window). Measured
 * without the notice's sliding transform: offset* ignore transforms, and the notice
 * ends centred on its left edge (translate -50%).
 */
function clearOfZoomBar(el: HTMLElement): void {
  el.style.bottom = ''
  const bar = document.querySelector<HTMLElement>('.zoombar')
  if (!bar || bar.getClientRects().length === 0) return
  const b = bar.getBoundingClientRect()
  const left = el.offsetLeft - el.offsetWidth / 2
  const top = el.offsetTop
  const covers = left < b.right && b.left < left + el.offsetWidth && top < b.bottom && b.top < top + el.offsetHeight
  if (covers) el.style.bottom = `${window.innerHeight - b.top + 8}px`
}
