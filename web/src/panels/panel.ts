/**
 * What every panel shares: it renders from the state now and after every change, and
 * changes the state only through commands on the store. Also the focus-keeping rebuild
 * of a list or a box whose content is re-created on each render.
 */
import type { AppState } from '../state/state.js'
import type { Store } from '../state/store.js'

/** Renders now, then after every change; returns the function that stops it. */
export function mountPanel(
  store: Store<AppState>,
  render: (state: AppState, previous: AppState | null) => void,
): () => void {
  render(store.get(), null)
  return store.subscribe(render)
}

/**
 * Replaces `box`'s children, keeping keyboard focus (and any half-typed value) on the
 * element with the same id, or on the same control of the same row (`li[data-target]`).
 */
export function replaceKeepingFocus(box: HTMLElement, children: readonly (Node | string)[]): void {
  const focused = document.activeElement
  const inside = focused instanceof HTMLElement && box.contains(focused)
  const row = inside ? (focused.closest('li')?.dataset.target ?? null) : null
  const input =
    inside && focused instanceof HTMLInputElement && focused.id ? { id: focused.id, value: focused.value } : null
  const remove = inside && focused.classList.contains('remove')
  box.replaceChildren(...children)
  if (!inside) return
  if (input) {
    const again = box.querySelector<HTMLInputElement>(`#${input.id}`)
    if (again) {
      again.value = input.value
      again.focus()
      return
    }
  }
  if (row) box.querySelector<HTMLElement>(`li[data-target="${row}"] ${remove ? '.remove' : '.target-main'}`)?.focus()
}
