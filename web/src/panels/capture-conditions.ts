/**
 * The capture conditions beside the results of the view shown: how its photo was taken
 * (with the camera, its resolution, the roll and pitch at the shutter or no level
 * sensor; or opened from a file) and the scale method; and, when the level was beyond
 * the limit at the shutter, a warning that stays there (not a toast) for as long as
 * that photo is the view's. Worded by state/capture-conditions.ts.
 */

import { byId, setText } from '../render/dom.js'
import { conditionsText, tiltWarningText } from '../state/capture-conditions.js'
import { type AppState, current } from '../state/state.js'
import type { Store } from '../state/store.js'
import { mountPanel } from './panel.js'

export function mountCaptureConditions(store: Store<AppState>): void {
  const line = byId('capture-conditions')
  const warning = byId('tilt-warning')
  mountPanel(store, (state) => {
    const doc = current(state).doc
    const text = conditionsText(doc)
    line.hidden = text === ''
    line.dataset.source = doc.photo ? (doc.capture ? 'camera' : 'file') : ''
    setText(line, text)
    const tilt = doc.photo ? tiltWarningText(doc.capture) : ''
    warning.hidden = tilt === ''
    setText(warning, tilt)
  })
}
