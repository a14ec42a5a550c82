/**
 * Pointer input on the photo: the stage's gestures (click, drag of a target) turned
 * into commands on the store.
 */

import type { StageEvents } from '../render/stage.js'
import { clickAt, dragEnd, dragMove, dragStart } from '../state/commands.js'
import type { Pt } from '../state/model.js'
import { type AppState, current } from '../state/state.js'
import type { Store } from '../state/store.js'

export function pointerCommands(store: Store<AppState>): Omit<StageEvents, 'zoomed'> {
  return {
    click(p: Pt, hit: string | null) {
      const before = current(store.get())
      store.set((s) => clickAt(s, p, hit))
      const after = current(store.get())
      // The scale is complete: the distance between its points is the next thing to enter.
      if (after.doc.scale[1] !== before.doc.scale[1] && after.doc.scale[1] !== null && after.doc.gridCm === null) {
        document.getElementById('prompt-grid-cm')?.focus({ preventScroll: true })
      }
    },
    dragStart: () => store.set(dragStart),
    dragMove: (id: string, p: Pt) => store.set((s) => dragMove(s, id, p)),
    dragEnd: () => store.set(dragEnd),
  }
}
