/**
 * The keyboard: a table from keys to commands, the lookup that picks a key press's
 * command, and what each command does (through the store, the viewport and the few UI
 * actions that open dialogs or files). Adding a shortcut is adding a row here (and a
 * line of help). Pure: no DOM, so the table is tested in node.
 */

import type { Viewport } from '../render/viewport.js'
import { nudge, placeActiveAt, redo, removeActive, step, undo } from '../state/commands.js'
import type { AppState } from '../state/state.js'
import type { Store } from '../state/store.js'

export type CommandId =
  | 'undo'
  | 'redo'
  | 'saveAssessment'
  | 'next'
  | 'previous'
  | 'removeActive'
  | 'zoomIn'
  | 'zoomOut'
  | 'zoomFit'
  | 'zoomActual'
  | 'help'
  | 'openPhoto'
  | 'panMode'
  | 'placeAtCentre'
  | 'nudge'

/** A key press as the table sees it (KeyboardEvent has these fields). */
export interface KeyPress {
  readonly key: string
  readonly ctrlKey: boolean
  readonly metaKey: boolean
  readonly shiftKey: boolean
  readonly altKey: boolean
}

/** Where the key was pressed. */
export interface KeyContext {
  /** Focus is on a button, link or label (Space, Enter and the arrows are theirs). */
  readonly onControl: boolean
  /** Focus is in a tab list (the arrows switch tabs). */
  readonly inTabList: boolean
}

export interface Binding {
  readonly keys: readonly string[]
  /** Ctrl (or Cmd) held; without it, the binding needs no modifier (Shift aside). */
  readonly mod?: boolean
  /** Shift must be held (true) or not (false); absent: either. */
  readonly shift?: boolean
  /** Not when focus is on a control (and, for the arrows, not in a tab list). */
  readonly notOnControl?: boolean
  readonly notInTabList?: boolean
  readonly command: CommandId
}

/** In priority order: the first matching row wins. */
export const KEYMAP: readonly Binding[] = [
  { keys: ['z', 'Z'], mod: true, shift: false, command: 'undo' },
  { keys: ['z', 'Z'], mod: true, shift: true, command: 'redo' },
  { keys: ['y'], mod: true, command: 'redo' },
  { keys: ['s'], mod: true, command: 'saveAssessment' },
  { keys: ['u', 'U'], command: 'undo' },
  { keys: ['n', 'N', ']'], command: 'next' },
  { keys: ['p', 'P', '['], command: 'previous' },
  { keys: ['Delete', 'Backspace'], command: 'removeActive' },
  { keys: ['+', '='], command: 'zoomIn' },
  { keys: ['-', '_'], command: 'zoomOut' },
  { keys: ['0'], command: 'zoomFit' },
  { keys: ['1'], command: 'zoomActual' },
  { keys: ['?'], command: 'help' },
  { keys: ['o', 'O'], command: 'openPhoto' },
  { keys: [' '], notOnControl: true, command: 'panMode' },
  { keys: ['Enter'], notOnControl: true, command: 'placeAtCentre' },
  {
    keys: ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'],
    notOnControl: true,
    notInTabList: true,
    command: 'nudge',
  },
]

/** The command of a key press, or null when the key is not the app's. */
export function commandFor(press: KeyPress, where: KeyContext, keymap: readonly Binding[] = KEYMAP): CommandId | null {
  const mod = press.ctrlKey || press.metaKey
  for (const b of keymap) {
    if (!b.keys.includes(press.key)) continue
    if (b.mod ? !mod : mod || press.altKey) continue
    if (b.shift !== undefined && b.shift !== press.shiftKey) continue
    if (b.notOnControl && where.onControl) continue
    if (b.notInTabList && where.inTabList) continue
    return b.command
  }
  return null
}

/** The arrow keys' step in photo px: 1, or 10 with Shift. */
export function nudgeOf(press: KeyPress): [number, number] {
  const step = press.shiftKey ? 10 : 1
  const dx = press.key === 'ArrowLeft' ? -step : press.key === 'ArrowRight' ? step : 0
  const dy = press.key === 'ArrowUp' ? -step : press.key === 'ArrowDown' ? step : 0
  return [dx, dy]
}

/** The UI actions a command may need that are not state: dialogs and file pickers. */
export interface UiActions {
  openPhotoPicker(): void
  showHelp(): void
  saveAssessment(): void
}

export interface CommandTarget {
  readonly store: Store<AppState>
  readonly viewport: Viewport
  readonly ui: UiActions
}

/** Does what the command means. */
export function runCommand(id: CommandId, press: KeyPress, { store, viewport, ui }: CommandTarget): void {
  switch (id) {
    case 'undo':
      store.set(undo)
      return
    case 'redo':
      store.set(redo)
      return
    case 'saveAssessment':
      ui.saveAssessment()
      return
    case 'next':
      store.set((s) => step(s, 1))
      return
    case 'previous':
      store.set((s) => step(s, -1))
      return
    case 'removeActive':
      store.set(removeActive)
      return
    case 'zoomIn':
      viewport.zoomBy(1.25)
      return
    case 'zoomOut':
      viewport.zoomBy(0.8)
      return
    case 'zoomFit':
      viewport.fit()
      return
    case 'zoomActual':
      viewport.actualSize()
      return
    case 'help':
      ui.showHelp()
      return
    case 'openPhoto':
      ui.openPhotoPicker()
      return
    case 'panMode':
      viewport.spaceHeld = true
      return
    case 'placeAtCentre':
      store.set((s) => placeActiveAt(s, viewport.center()))
      return
    case 'nudge': {
      const [dx, dy] = nudgeOf(press)
      const moved = nudge(store.get(), dx, dy)
      if (moved) store.set(moved)
      else viewport.panBy(-dx * 5, -dy * 5)
      return
    }
  }
}
