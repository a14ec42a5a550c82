/**
 * The capture screen's commands, pure functions of the app state like commands.ts: a
 * photo taken with the camera opens in the current view as a photo opened from a file
 * does, with the reference line already at the plumb line's x and the capture
 * conditions (size, time, level at the shutter) kept with it in the document (one undo
 * step), and a notice saying so (and warning when the camera was not level). Pure: no DOM.
 */

import { t } from '../i18n/index.js'
import { degrees, isTilted } from '../state/capture-conditions.js'
import { notify, notifyWarning, photoOpened } from '../state/commands.js'
import { type CaptureConditions, type Photo, snap } from '../state/model.js'
import { type AppState, withView } from '../state/state.js'

/** How long the notice after a capture stays, ms (longer when it carries a warning). */
const TAKEN_MS = 5000
const TILTED_MS = 10000

export function photoCaptured(state: AppState, photo: Photo, plumbX: number, capture: CaptureConditions): AppState {
  const opened = photoOpened(state, photo)
  // The line and the conditions belong to the same undo step as the photo: replace the document photoOpened committed.
  const next = withView(opened, (vs) => {
    const doc = { ...vs.doc, lrvX: snap(vs.doc, [plumbX, 0])[0], capture }
    return { ...vs, doc, selection: null }
  })
  const taken = t('capture.taken', { width: photo.width, height: photo.height })
  if (isTilted(capture)) {
    const tilted = t('capture.level.takenTilted', {
      roll: degrees(capture.rollDeg ?? 0),
      pitch: degrees(capture.pitchDeg ?? 0),
    })
    return notifyWarning(next, `${taken} ${tilted}`, TILTED_MS)
  }
  return notify(next, taken, TAKEN_MS)
}
