/**
 * Runs marker suggestions for the app: on the "Suggest markers" action, or on every
 * newly opened photo when the setting asks for it. Loads the pose code (suggest.ts and
 * the model behind it) only on first use, shows progress while it loads and runs, and
 * hands the result to the commands (pose/suggestion-commands.ts). A failure becomes a notice;
 * manual marking is never blocked. A result that comes while a pointer is held is taken in once it
 * is let go (input/held.ts). The setting is remembered in localStorage.
 */

import { t } from '../i18n/index.js'
import { pointerHeld, released, trackHeldPointers } from '../input/held.js'
import { notify } from '../state/commands.js'
import { VIEW_NAMES } from '../state/model.js'
import type { AppState } from '../state/state.js'
import type { Store } from '../state/store.js'
import {
  applySuggestions,
  clearSuggestionNotes,
  type SuggestionResult,
  setSuggestOnLoad,
  suggestionProgress,
} from './suggestion-commands.js'

const SETTING_KEY = 'posture-metrics.suggestOnLoad'

export class Suggestions {
  /** Photos (data: URLs) a run is under way for. */
  private readonly running = new Set<string>()
  /** Photos already suggested automatically, so undo bringing one back does not run again. */
  private readonly seen = new Set<string>()
  private readonly listeners = new Set<() => void>()
  /** Runs finished so far (the toolbar shows it, so tests and people can tell a run ended). */
  completed = 0
  /** A run's result waits for a held pointer to be let go (the toolbar shows it, for tests). */
  held = false
  /** The last run's model runs, as `retry:found:ms` words ('none' for the photo as it is), for the bench and tests. */
  lastAttempts = ''

  /** Whether a run is under way. */
  get busy(): boolean {
    return this.running.size > 0
  }

  /** Calls `listener` when a run starts or ends. */
  onChange(listener: () => void): void {
    this.listeners.add(listener)
  }

  private changed(): void {
    for (const listener of this.listeners) listener()
  }

  constructor(private readonly store: Store<AppState>) {
    trackHeldPointers()
    let saved = false
    try {
      saved = localStorage.getItem(SETTING_KEY) === 'true'
    } catch {
      // Storage disabled: the setting lasts for the page only.
    }
    if (saved) store.set((s) => setSuggestOnLoad(s, true))
    store.subscribe((state, previous) => {
      for (const view of VIEW_NAMES) {
        const url = state.views[view].doc.photo?.url ?? null
        if (url === (previous.views[view].doc.photo?.url ?? null)) continue
        // Another photo: the previous one's notes and warning no longer apply.
        store.set((s) => clearSuggestionNotes(s, view))
        if (url && state.settings.suggestOnLoad && view === state.view && !this.seen.has(url)) void this.suggest()
      }
    })
  }

  setSuggestOnLoad(on: boolean): void {
    this.store.set((s) => setSuggestOnLoad(s, on))
    try {
      localStorage.setItem(SETTING_KEY, String(on))
    } catch {
      // Not remembered; it still applies now.
    }
  }

  /** Suggests the current view's markers on its photo. */
  async suggest(): Promise<void> {
    const state = this.store.get()
    const view = state.view
    const doc = state.views[view].doc
    const url = doc.photo?.url
    if (!url) return this.store.set((s) => notify(s, t('suggest.noPhoto')))
    if (this.running.has(url)) return this.store.set((s) => notify(s, t('suggest.busy')))
    this.running.add(url)
    this.seen.add(url)
    this.changed()
    let result: SuggestionResult
    try {
      const loaded = (await import('./suggest.js').catch(() => null)) as typeof import('./suggest.js') | null
      if (!loaded) {
        result = {
          kind: 'failure',
          failure: {
            type: 'load-error',
            ctx: { file: 'suggest.js', status: null, message: 'the app file could not be loaded' },
          },
        }
      } else {
        if (!loaded.detector().loaded) this.store.set((s) => suggestionProgress(s, 'loading'))
        const image = new Image()
        image.src = url
        await image.decode()
        // Let the progress line paint before the model takes the main thread.
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
        const outcome = await loaded.suggestFor(view, doc.side, image, (phase) =>
          this.store.set((s) => suggestionProgress(s, phase)),
        )
        this.lastAttempts =
          outcome.kind === 'suggestions'
            ? outcome.attempts.map((a) => `${a.retry ?? 'none'}:${a.found}:${Math.round(a.ms)}`).join(' ')
            : ''
        result = outcome
      }
    } catch (error) {
      result = {
        kind: 'failure',
        failure: { type: 'load-error', ctx: { file: null, status: null, message: String(error) } },
      }
    } finally {
      this.running.delete(url)
    }
    if (pointerHeld()) {
      // A press or a drag is held: the result (new markers, rows opened and closed, a toolbar button, a
      // notice) is taken in once it is let go, so that nothing moves under the pointer meanwhile.
      this.held = true
      this.changed()
      await released()
      this.held = false
    }
    this.completed++
    this.store.set((s) => applySuggestions(s, view, url, result))
    this.changed()
  }
}
