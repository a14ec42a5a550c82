/**
 * A small store: one immutable state value, replaced by `set`, and listeners told of
 * every change with the new and the previous state. Panels, input and rendering read
 * the state and call commands; none of them calls another. A pure derivation step
 * (`derive`) may complete each new state before any listener hears it, so what follows
 * from a change is rendered with it, once. Pure: no DOM.
 */

export type Listener<S> = (state: S, previous: S) => void
/** A pure step from a new state (and the one it replaces) to the state listeners hear; returns `state` when nothing follows. */
export type Derivation<S> = (state: S, previous: S) => S

export interface Store<S> {
  get(): S
  /** Replaces the state (or derives it from the current one); no-op when unchanged. */
  set(next: S | ((state: S) => S)): void
  /** Calls `listener` after every change; returns the function that stops it. */
  subscribe(listener: Listener<S>): () => void
  /** Applies `step` to every new state before listeners hear it; returns the function that stops it. */
  derive(step: Derivation<S>): () => void
}

export function createStore<S>(initial: S): Store<S> {
  let state = initial
  const listeners = new Set<Listener<S>>()
  const derivations = new Set<Derivation<S>>()
  let notifying = false
  return {
    get: () => state,
    set(next) {
      let value = typeof next === 'function' ? (next as (state: S) => S)(state) : next
      if (Object.is(value, state)) return
      for (const step of derivations) value = step(value, state)
      if (Object.is(value, state)) return
      const previous = state
      state = value
      // A listener that sets the state again: the others first finish this round, then all hear the newer one.
      if (notifying) return
      notifying = true
      try {
        let from = previous
        while (!Object.is(from, state)) {
          const current = state
          for (const listener of [...listeners]) listener(current, from)
          from = current
        }
      } finally {
        notifying = false
      }
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    derive(step) {
      derivations.add(step)
      return () => derivations.delete(step)
    },
  }
}
