/**
 * What every panel shares: it renders from the state now and after every change, and
 * changes the state only through commands on the store. Also the in-place update of a
 * box whose content a panel builds anew on each render.
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
 * Brings `box`'s children to `children` in place, for a panel that builds its content anew
 * on each render (the prompt): an element with an id is the same element as the one with
 * that id and tag before, others are matched by position and kind, and a matched element
 * only has its attributes, form value and children brought up to date. So the element the
 * person is pressing, focusing or typing into is never replaced (a click pressed on one
 * element and released on another is lost, and a field drawn anew loses the keystrokes on
 * their way). The listeners of a matched element stay those it was made with: a panel that
 * uses this reads the state when an event comes (store.get()), never from the render.
 */
export function reconcileChildren(box: Element, children: readonly (Node | string)[]): void {
  const fresh = children.map((c) => (typeof c === 'string' ? document.createTextNode(c) : c))
  const byId = new Map<string, Element>()
  for (const child of box.children) if (child.id) byId.set(child.id, child)
  let cursor: ChildNode | null = box.firstChild
  for (const node of fresh) {
    let match: Node | null = null
    if (node instanceof Element && node.id) {
      const same = byId.get(node.id)
      if (same && same.tagName === node.tagName) match = same
    } else if (cursor && sameKind(cursor, node) && !(cursor instanceof Element && cursor.id)) {
      match = cursor
    }
    if (match === null) {
      box.insertBefore(node, cursor)
      continue
    }
    reconcileElement(match, node)
    if (match === cursor) cursor = cursor.nextSibling
    else box.insertBefore(match, cursor)
  }
  while (cursor) {
    const next: ChildNode | null = cursor.nextSibling
    cursor.remove()
    cursor = next
  }
}

/** Nodes of one kind: text and text, or elements of one tag and one class (an element without an id). */
function sameKind(a: Node, b: Node): boolean {
  if (a.nodeType !== b.nodeType) return false
  if (!(a instanceof Element)) return true
  return b instanceof Element && a.tagName === b.tagName && a.getAttribute('class') === b.getAttribute('class')
}

/**
 * `kept` made to show what `fresh` shows: attributes, a form control's value (not while focused) and
 * children, each reconciled in turn. `kept` stays in the page, with its listeners and its focus.
 */
export function reconcileElement(kept: Node, fresh: Node): void {
  if (!(kept instanceof Element) || !(fresh instanceof Element)) {
    if (kept.nodeValue !== fresh.nodeValue) kept.nodeValue = fresh.nodeValue
    return
  }
  for (const { name } of [...kept.attributes]) if (!fresh.hasAttribute(name)) kept.removeAttribute(name)
  for (const { name, value } of fresh.attributes) if (kept.getAttribute(name) !== value) kept.setAttribute(name, value)
  if (kept instanceof HTMLInputElement && fresh instanceof HTMLInputElement) {
    // The value the person is typing stays theirs; a field they are not in shows the state's.
    if (document.activeElement !== kept && kept.value !== fresh.value) kept.value = fresh.value
    kept.disabled = fresh.disabled
    kept.checked = fresh.checked
  }
  if (kept instanceof HTMLButtonElement && fresh instanceof HTMLButtonElement) kept.disabled = fresh.disabled
  reconcileChildren(kept, [...fresh.childNodes])
}
