/**
 * Keyboard input: listens on the document and runs the command the key table
 * (keymap.ts) gives, unless the user is typing in a field or a dialog is open.
 */
import { type CommandTarget, commandFor, runCommand } from './keymap.js'

export function installKeyboard(target: CommandTarget): void {
  document.addEventListener('keydown', (e) => {
    const el = e.target as HTMLElement | null
    const typing =
      el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement
    if (typing || document.querySelector('dialog[open]')) return
    const onControl =
      el instanceof HTMLButtonElement || el instanceof HTMLAnchorElement || el instanceof HTMLLabelElement
    const inTabList = Boolean(el?.closest?.('[role=tablist]'))
    const command = commandFor(e, { onControl, inTabList })
    if (command === null) return
    runCommand(command, e, target)
    e.preventDefault()
  })
  document.addEventListener('keyup', (e) => {
    if (e.key === ' ') target.viewport.spaceHeld = false
  })
}
