/**
 * The capture screen's commands, pure functions of the app state like commands.ts: a
 * photo taken with the camera opens in the current view as a photo opened from a file
 * does, with the reference line already at the plumb line's x (one undo step), and a
 * notice saying so (and warning when the camera was not level). Pure: no DOM.
 */

import { t } from '../i18n/index.js'
import { notify, photoOpened } from '../state/commands.js'
import { nextUnplaced, type Photo, snap, targetsOf } from '../state/model.js'
import { type AppState, withView } from '../state/state.js'
import type { LevelReading } from './level.js'
import { degrees } from './wording.js'

/** How long the notice after a capture stays, ms (longer when it carries a warning). */
const TAKEN_MS = 5000
const TILTED_MS = 10000

export function photoCaptured(state: AppState, photo: Photo, plumbX: number, level: LevelReading): AppState {
  const opened = photoOpened(state, photo)
  const view = opened.view
  // The line belongs to the same undo step as the photo: replace the document photoOpened committed.
  const next = withView(opened, (vs) => {
    const doc = { ...vs.doc, lrvX: snap(vs.doc, [plumbX, 0])[0] }
    return { ...vs, doc, active: nextUnplaced(targetsOf(view, doc), doc, null) }
  })
  const taken = t('capture.taken', { width: photo.width, height: photo.height })
  if (level.kind === 'tilt' && !level.level) {
    const tilted = t('capture.level.takenTilted', { roll: degrees(level.tilt.roll), pitch: degrees(level.tilt.pitch) })
    return notify(next, `${taken} ${tilted}`, TILTED_MS)
  }
  return notify(next, taken, TAKEN_MS)
}
