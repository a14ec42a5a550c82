/**
 * Fills the page's fixed text from the catalogue: an element with data-i18n="key" gets
 * that text; data-i18n-title, -aria-label, -placeholder and -content fill those
 * attributes. index.html carries keys, not words.
 */
import { type MessageKey, t } from './index.js'

const ATTRIBUTES = ['title', 'aria-label', 'placeholder', 'content', 'aria-roledescription'] as const

export function applyStaticText(root: ParentNode = document): void {
  for (const el of root.querySelectorAll<HTMLElement>('[data-i18n]')) el.textContent = t(el.dataset.i18n as MessageKey)
  for (const attr of ATTRIBUTES) {
    for (const el of root.querySelectorAll<HTMLElement>(`[data-i18n-${attr}]`)) {
      el.setAttribute(attr, t(el.getAttribute(`data-i18n-${attr}`) as MessageKey))
    }
  }
}
