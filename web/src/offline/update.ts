/**
 * Installable and offline, the page's side (docs/offline.md): registers the service worker
 * (sw.js, built from sw.ts) and offers a new version of the app when one is installed and
 * waiting: "A new version of the app is available — Update". It is never forced: the new
 * version takes over only when the clinician presses Update, never during a marker drag,
 * and only after the record has written the work on screen (the record saves the workspace
 * a moment after every change: "unsaved" is what that moment has not written yet). Then
 * the page reloads in the new version and the record restores the work. Another tab that
 * pressed Update does not reload this one: the offer stays until this one is reloaded.
 */
import { t } from '../i18n/index.js'
import { h, setText } from '../render/dom.js'
import { VIEW_NAMES } from '../state/model.js'
import type { AppState } from '../state/state.js'
import type { Store } from '../state/store.js'
import './update.css'

export interface OfflineApp {
  /** Writes what the record has not yet written (set once the record is open; nothing to write without it). */
  flush: () => Promise<void>
}

/** True while a marker is being dragged in some view: its end is the change the record writes. */
function dragging(state: AppState): boolean {
  return VIEW_NAMES.some((v) => state.views[v].dragFrom !== null)
}

/** Registers the worker (where the browser has service workers) and mounts the update offer. */
export function installOffline(store: Store<AppState>): OfflineApp {
  const app: OfflineApp = { flush: () => Promise.resolve() }
  const container = navigator.serviceWorker
  // No worker under the dev server (vite web): the build makes sw.js.
  if (!container || import.meta.env.DEV) return app

  const text = h('span', { id: 'update-text' })
  const apply = h('button', { type: 'button', id: 'update-apply', class: 'primary' })
  const later = h('button', { type: 'button', id: 'update-later' })
  const banner = h(
    'div',
    { id: 'update-banner', class: 'update-banner', role: 'status', hidden: true },
    text,
    apply,
    later,
  )
  document.body.append(banner)
  const render = () => {
    setText(text, t('update.available'))
    setText(apply, t('update.apply'))
    apply.title = t('update.applyTitle')
    setText(later, t('update.later'))
    apply.disabled = applying || dragging(store.get())
  }
  let applying = false
  let asked = false
  let registration: ServiceWorkerRegistration | null = null
  const offer = () => {
    banner.hidden = false
    render()
  }
  store.subscribe((state, previous) => {
    if (state.settings.locale !== previous.settings.locale || dragging(state) !== dragging(previous)) render()
  })
  later.addEventListener('click', () => {
    banner.hidden = true
  })
  apply.addEventListener('click', () => {
    if (applying || dragging(store.get())) return
    applying = true
    render()
    void app
      .flush()
      .then(() => {
        const waiting = registration?.waiting
        // Another tab already let the new version take over: this one only needs to reload.
        if (!waiting) return location.reload()
        asked = true
        waiting.postMessage('skip-waiting')
      })
      .catch(() => {
        // The record said why it could not write (a notice); the clinician decides again.
        applying = false
        render()
      })
  })
  // The first worker taking control of this page (it claims it) is no new version; a later change is one.
  let controlled = container.controller !== null
  container.addEventListener('controllerchange', () => {
    if (asked) location.reload()
    else if (controlled) offer()
    controlled = true
  })

  /** A worker installed while an older one controls this page is a new version. */
  const watch = (reg: ServiceWorkerRegistration) => {
    registration = reg
    if (reg.waiting && container.controller) offer()
    reg.addEventListener('updatefound', () => {
      const installing = reg.installing
      installing?.addEventListener('statechange', () => {
        if (installing.state === 'installed' && container.controller) offer()
      })
    })
    // A page left open for days looks for a new version when it is shown again.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') reg.update().catch(() => undefined)
    })
  }
  container
    .register('sw.js', { updateViaCache: 'none' })
    .then(watch)
    .catch((error: unknown) => console.warn('The app will not work offline: its service worker was refused.', error)) // i18n-exempt: for the console
  return app
}
