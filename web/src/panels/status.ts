/**
 * The status line in the footer (the service's version and health) and the progress
 * indicator of long tasks (shown while the state has a progress).
 */

import { t } from '../i18n/index.js'
import { byId, setText } from '../render/dom.js'
import type { AppState } from '../state/state.js'
import type { Store } from '../state/store.js'
import { mountPanel } from './panel.js'

export function mountStatus(store: Store<AppState>): void {
  const service = byId('service-status')
  const box = byId('progress')
  const bar = byId<HTMLProgressElement>('progress-bar')
  const label = byId('progress-label')
  mountPanel(store, (state) => {
    const s = state.service
    setText(
      service,
      s.kind === 'up'
        ? // The service's health word ('healthy') is data; the footer says it in the language.
          t('service.up', { version: s.version })
        : s.kind === 'unreachable'
          ? t('service.unreachable')
          : '',
    )
    const progress = state.progress
    box.hidden = progress === null
    if (progress) {
      setText(label, progress.label)
      if (progress.fraction === null) bar.removeAttribute('value')
      else bar.value = progress.fraction
    }
  })
}
