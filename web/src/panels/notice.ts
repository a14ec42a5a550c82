/**
 * The notice (toast): shows the state's notice for its time, then dismisses it. It is a
 * popover, shown in the top layer: above an open dialog (not dimmed behind it). sizes.css
 * places it over the cards' column, or on a phone above the bottom bar; where the photo
 * area is scrolled under that place, it goes to the top of the window instead (the photo
 * area is never as tall as the window, so one of the two is clear of it).
 */

import { byId, setText } from '../render/dom.js'
import { dismissNotice } from '../state/commands.js'
import type { AppState } from '../state/state.js'
import type { Store } from '../state/store.js'
import { mountPanel } from './panel.js'

export function mountNotice(store: Store<AppState>): void {
  const el = byId('toast')
  el.popover = 'manual'
  // The page scrolls under a fixed notice: it moves off the photo area as that comes under it.
  window.addEventListener('scroll', () => el.classList.contains('show') && clearOfPhoto(el), { passive: true })
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
    clearOfPhoto(el)
    timer = window.setTimeout(() => store.set((s) => (s.notice === notice ? dismissNotice(s) : s)), notice.ms)
  })
}

/** Moves the notice to the top of the window when, at its place, it would cover the photo area (offsets ignore its sliding transform). */
function clearOfPhoto(el: HTMLElement): void {
  el.style.top = ''
  el.style.bottom = ''
  const stage = document.getElementById('stage')
  if (!stage || stage.getClientRects().length === 0) return
  const s = stage.getBoundingClientRect()
  const covers = (top: number) =>
    el.offsetLeft < s.right &&
    s.left < el.offsetLeft + el.offsetWidth &&
    top < s.bottom &&
    s.top < top + el.offsetHeight
  if (!covers(el.offsetTop)) return
  el.style.top = '8px'
  el.style.bottom = 'auto'
}
