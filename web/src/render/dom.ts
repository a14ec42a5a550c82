/** Tiny DOM helpers: build HTML and SVG elements from attributes and children. */

type Attr = string | number | boolean | null | undefined
type Child = Node | string | number | null | undefined | false

function apply(el: Element, attrs: Record<string, Attr>, children: Child[]): void {
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue
    el.setAttribute(k, v === true ? '' : String(v))
  }
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue
    el.append(c instanceof Node ? c : String(c))
  }
}

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, Attr> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag)
  apply(el, attrs, children)
  return el
}

const SVG_NS = 'http://www.w3.org/2000/svg'

export function s<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, Attr> = {},
  ...children: Child[]
): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG_NS, tag)
  apply(el, attrs, children)
  return el
}

export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id)
  if (!el) throw new Error(`#${id} is missing from index.html` /* i18n-exempt: a programming error */)
  return el as T
}

/** A small colour sample (set through CSSOM, so no inline style attribute is needed). */
export function swatch(color: string): HTMLSpanElement {
  const el = h('span', { class: 'swatch', 'aria-hidden': 'true' })
  el.style.backgroundColor = color
  return el
}

/** Sets text only when it changed (keeps selection and avoids layout churn). */
export function setText(el: Element, text: string): void {
  if (el.textContent !== text) el.textContent = text
}

/** Offers `content` (text, or bytes such as a PDF's) as a file download. */
export function download(name: string, type: string, content: string | Uint8Array<ArrayBuffer>): void {
  const url = URL.createObjectURL(new Blob([content], { type }))
  const a = h('a', { href: url, download: name })
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
