/**
 * The notice (toast): shows the state's notice for its time, then dismisses it. It is a
 * popover, shown in the top layer: above an open dialog (not dimmed behind it). sizes.css
 * places it over the cards' column, or on a phone above the bottom bar. It never covers the
 * prompt, the photo area (its zoom bar too) or the bar of actions: where one of them is under
 * that place (a page scrolled, a notice of three lines), it rests at the nearest clear height
 * above (render/notice-layout.ts); where there is none (a phone's photo area fills the screen),
 * the room under the photo grows to the notice's height while it is shown (--notice-room).
 * A warning or an error (state/commands.ts `showNotice`) has a close button and takes the
 * pointer; a routine notice has no control. Dismissed, or its time up, the next warning or
 * error waiting is shown.
 */

import { t } from '../i18n/index.js'
import { byId, h, setText } from '../render/dom.js'
import { type Band, NOTICE_GAP_PX, noticeTop } from '../render/notice-layout.js'
import { dismissNotice } from '../state/commands.js'
import type { AppState } from '../state/state.js'
import type { Store } from '../state/store.js'
import { mountPanel } from './panel.js'

export function mountNotice(store: Store<AppState>): void {
  const el = byId('toast')
  el.popover = 'manual'
  // The page scrolls under a fixed notice: it moves off the photo area as that comes under it.
  window.addEventListener('scroll', () => el.classList.contains('show') && placeClear(el, false), { passive: true })
  let timer: number | undefined
  mountPanel(store, (state, previous) => {
    if (state.notice === (previous?.notice ?? null)) return
    window.clearTimeout(timer)
    const notice = state.notice
    if (!notice) {
      el.classList.remove('show')
      if (el.matches(':popover-open')) el.hidePopover()
      document.documentElement.style.removeProperty(ROOM)
      return
    }
    // Shown again, so it comes above a dialog opened since.
    if (el.matches(':popover-open')) el.hidePopover()
    el.showPopover()
    setText(el, notice.text)
    // An engine's own text stands apart, under "Technical details", never inside the sentence.
    if (notice.details)
      el.append(
        h('details', { class: 'notice-details' }, h('summary', {}, t('notice.details')), h('pre', {}, notice.details)),
      )
    el.classList.toggle('has-details', Boolean(notice.details))
    el.dataset.kind = notice.kind
    if (notice.kind !== 'info') {
      const close = h(
        'button',
        { type: 'button', class: 'notice-dismiss', 'aria-label': t('notice.dismiss'), title: t('notice.dismiss') },
        '×',
      )
      close.addEventListener('click', () => store.set((s) => (s.notice === notice ? dismissNotice(s) : s)))
      // After the text: the text stays the notice's first child (what tests and screen readers read first).
      el.append(close)
    }
    el.classList.add('show')
    placeClear(el, true)
    timer = window.setTimeout(() => store.set((s) => (s.notice === notice ? dismissNotice(s) : s)), notice.ms)
  })
}

/** The CSS property of the room under a phone's photo area that a notice takes when no other place is clear (sizes.css). */
const ROOM = '--notice-room'

/** What the notice must never cover. */
const KEEP_CLEAR = ['#prompt', '#stage', '.topbar']

/** The vertical extents of what must stay in sight across the notice's width (offsets: its sliding transform ignored). */
function bandsUnder(el: HTMLElement): Band[] {
  const left = el.offsetLeft
  const right = left + el.offsetWidth
  const bands: Band[] = []
  for (const selector of KEEP_CLEAR) {
    const kept = document.querySelector(selector)
    if (!kept || kept.getClientRects().length === 0) continue
    const r = kept.getBoundingClientRect()
    if (r.left < right && left < r.right && r.height > 0) bands.push({ top: r.top, bottom: r.bottom })
  }
  return bands
}

/**
 * Rests the notice where it covers nothing that must stay in sight. `fresh`: a notice just
 * shown, which may make room under the photo area (a scroll only moves it).
 */
function placeClear(el: HTMLElement, fresh: boolean): void {
  el.style.top = ''
  el.style.bottom = ''
  const root = document.documentElement.style
  if (fresh) root.removeProperty(ROOM)
  let top = noticeTop(el.offsetHeight, el.offsetTop, bandsUnder(el))
  if (top === null && fresh) {
    root.setProperty(ROOM, `${el.offsetHeight + 2 * NOTICE_GAP_PX}px`)
    top = noticeTop(el.offsetHeight, el.offsetTop, bandsUnder(el))
  }
  if (top === null || top === el.offsetTop) return
  el.style.top = `${top}px`
  el.style.bottom = 'auto'
}
