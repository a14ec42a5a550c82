/**
 * The toolbar's "More" menu: below 1280 px (layout.css) the actions that are not steps of
 * the visit (files, exports, the report, the language, the study, settings) sit behind a
 * disclosure button, so the toolbar keeps to one or two rows and every action stays on
 * screen. On a wide screen the menu's box is laid out as part of the toolbar and the
 * button is not shown. Keyboard: Enter, Space or Down on the button opens it on its first
 * item; Up and Down, Home and End move between items; Escape closes it back on the button;
 * choosing an item or leaving the menu closes it. Features mount their controls in
 * #toolbar-slot; those not listed as steps here are moved into the menu as they come.
 */

import { byId } from '../render/dom.js'

/** What stays in the toolbar at every size: the visit's steps. */
const STEPS = new Set([
  'photo-button',
  'photo-input',
  'take-photo',
  'record-button',
  'suggest-markers',
  'confirm-suggestions',
])

const FOCUSABLE = 'button:not([hidden]):not(:disabled), select:not(:disabled), input:not(:disabled), a[href]'

export function mountToolbarMenu(): void {
  const slot = byId('toolbar-slot')
  const button = byId<HTMLButtonElement>('toolbar-more-button')
  const menu = byId('toolbar-more')

  const items = () =>
    [...menu.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (el) => el.getClientRects().length > 0 || el.matches('input[type=file]'),
    )
  const isOpen = () => button.getAttribute('aria-expanded') === 'true'
  const setOpen = (open: boolean, focus: 'first' | 'last' | 'button' | null = null) => {
    button.setAttribute('aria-expanded', String(open))
    menu.classList.toggle('open', open)
    if (focus === 'button') button.focus()
    else if (focus) {
      const list = items()
      ;(focus === 'first' ? list[0] : list[list.length - 1])?.focus()
    }
  }

  // Feature controls that are not steps of the visit go into the menu, now and as features mount.
  const adopt = () => {
    for (const el of [...slot.children]) if (el instanceof HTMLElement && !STEPS.has(el.id)) menu.append(el)
  }
  adopt()
  new MutationObserver(adopt).observe(slot, { childList: true })

  button.addEventListener('click', () => setOpen(!isOpen(), null))
  button.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowDown' || ((e.key === 'Enter' || e.key === ' ') && !isOpen())) {
      e.preventDefault()
      setOpen(true, 'first')
    } else if (e.key === 'ArrowUp') {
      e.preventDefault()
      setOpen(true, 'last')
    } else if (e.key === 'Escape' && isOpen()) {
      e.preventDefault()
      setOpen(false)
    }
  })
  menu.addEventListener('keydown', (e) => {
    if (!isOpen()) return
    const list = items()
    const at = list.indexOf(document.activeElement as HTMLElement)
    let next: HTMLElement | undefined
    if (e.key === 'Escape') {
      e.preventDefault()
      setOpen(false, 'button')
      return
    }
    // A select keeps its own arrows.
    if (e.target instanceof HTMLSelectElement && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) return
    if (e.key === 'ArrowDown') next = list[(at + 1) % list.length]
    else if (e.key === 'ArrowUp') next = list[(at - 1 + list.length) % list.length]
    else if (e.key === 'Home') next = list[0]
    else if (e.key === 'End') next = list[list.length - 1]
    if (!next) return
    e.preventDefault()
    next.focus()
  })
  // An action chosen (a button, or a file picked) closes the menu; a change of language keeps it open.
  menu.addEventListener('click', (e) => {
    const target = e.target as HTMLElement
    if (isOpen() && target.closest('button')) setOpen(false)
  })
  menu.addEventListener('change', (e) => {
    if (isOpen() && e.target instanceof HTMLInputElement && e.target.type === 'file') setOpen(false)
  })
  // Leaving the menu (focus or a tap elsewhere) closes it.
  document.addEventListener('pointerdown', (e) => {
    if (isOpen() && !menu.contains(e.target as Node) && !button.contains(e.target as Node)) setOpen(false)
  })
  menu.addEventListener('focusout', (e) => {
    const to = e.relatedTarget as Node | null
    if (isOpen() && to && !menu.contains(to) && to !== button) setOpen(false)
  })
}
