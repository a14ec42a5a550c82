/**
 * The toolbar's "More" menu: below 1280 px (layout.css) the actions that are not steps of
 * the visit (files, exports, the report, the language, the study, settings) sit behind a
 * disclosure button, so the toolbar keeps to one or two rows and every action stays on
 * screen. On a wide screen the menu's box is laid out as part of the toolbar and the
 * button is not shown. Keyboard: Enter, Space or Down on the button opens it on its first
 * item; Up and Down, Home and End move between items; Escape closes it back on the button;
 * choosing an item or leaving the menu closes it. Features mount their controls in
 * #toolbar-slot; those not listed as steps here are moved into the menu as they come.
 * On a tablet the toolbar stays one row: when the steps do not fit on it (the model's
 * "Confirm N sure suggestions" is long), "Confirm suggestions" and then "Suggest markers"
 * go to the top of the menu, and come back when the row has room again.
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

/** The steps that give way to the menu, first to go first, when a tablet's toolbar has no room for them on one row. */
const YIELDING = ['confirm-suggestions', 'suggest-markers']

/** The tablet's sizes (sizes.css): the toolbar kept to one row. On a phone the steps have a bar of their own. */
const TABLET = '(min-width: 700px) and (max-width: 1279px)'

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
  keepOneRow(slot, menu)

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
  // A dialog opened from the closed menu (the clinic server, the help...) gives the focus back to its
  // opener, hidden there: the focus would fall to the page. It goes to "More" instead (issue 38).
  document.addEventListener(
    'close',
    (e) => {
      if (!(e.target instanceof HTMLDialogElement)) return
      // Lost: on the page, or still on a control of the closed dialog or the hidden menu (not yet fixed up).
      const active = document.activeElement
      const lost = active === null || active === document.body || active.getClientRects().length === 0
      if (lost && !isOpen() && button.getClientRects().length > 0) button.focus()
    },
    true,
  )
}

/** Whether the toolbar's controls laid out in it (the closed menu's are not) are all on one row. */
function oneRow(toolbar: HTMLElement, menu: HTMLElement): boolean {
  const tops: number[] = []
  for (const el of [...toolbar.children, ...byId('toolbar-slot').children]) {
    if (el === menu || !(el instanceof HTMLElement)) continue
    const r = el.getBoundingClientRect()
    if (r.width > 1 && r.height > 1) tops.push(r.top)
  }
  return tops.length === 0 || Math.max(...tops) - Math.min(...tops) < 4
}

/**
 * On a tablet, moves the yielding steps (YIELDING) into the top of the menu, one at a
 * time, while the toolbar is more than one row, after putting them all back in the
 * toolbar. Measured again when the window's size changes, or when a yielding step is
 * shown, hidden or relabelled, or the language changes (read first from the DOM without
 * measuring: the suggestions panel sets its label on every change of the app's state).
 * Wider and narrower screens keep them in the toolbar.
 */
function keepOneRow(slot: HTMLElement, menu: HTMLElement): void {
  const toolbar = byId('toolbar')
  const tablet = matchMedia(TABLET)
  const steps = () => YIELDING.map((id) => document.getElementById(id)).filter((el) => el !== null)
  let fitted = ''
  const fit = (always: boolean) => {
    const present = steps()
    const signature = JSON.stringify([
      tablet.matches,
      window.innerWidth,
      document.documentElement.lang,
      present.map((el) => [el.id, el.hidden, el.textContent]),
    ])
    if (!always && signature === fitted) return
    fitted = signature
    const focused = present.find((el) => el === document.activeElement)
    // Back in the toolbar in their order (the first to yield is the last of the row); one already there is not
    // moved (a node moved under a press loses its click).
    const row = [...present].reverse()
    row.forEach((el, i) => {
      if (el.parentElement === slot) return
      const next = row.slice(i + 1).find((n) => n.parentElement === slot)
      if (next) slot.insertBefore(el, next)
      else slot.append(el)
    })
    if (tablet.matches)
      for (const el of present) {
        if (oneRow(toolbar, menu)) break
        menu.prepend(el)
      }
    focused?.focus()
  }
  const observer = new MutationObserver(() => {
    fit(false)
    observer.takeRecords()
  })
  observer.observe(toolbar, { subtree: true, childList: true, characterData: true, attributeFilter: ['hidden'] })
  const again = () => {
    fit(true)
    observer.takeRecords()
  }
  window.addEventListener('resize', again)
  tablet.addEventListener('change', again)
  again()
}
