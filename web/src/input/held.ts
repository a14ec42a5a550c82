/**
 * Whether a pointer is held down on the page (a mouse button, a finger, a pen), and a wait
 * until none is: what arrives on its own (a suggestion run's result) is taken in once the
 * hand lets go, so that nothing moves under a held press or drag because of something the
 * user did not do (docs/app.md, "The pointer and the prompt"). Listens on the window in the
 * capture phase, so every press counts wherever it lands.
 */

const held = new Set<number>()
let waiters: (() => void)[] = []
let installed = false

function install(): void {
  if (installed || typeof window === 'undefined') return
  installed = true
  window.addEventListener('pointerdown', (e) => held.add(e.pointerId), true)
  const release = (e: PointerEvent) => {
    if (!held.delete(e.pointerId) || held.size > 0) return
    const run = waiters
    waiters = []
    if (run.length === 0) return
    // After the release's click (a mouse's comes in the same task; a tap's may come in the next):
    // the press does its action on the page it was made on, then what waited is taken in.
    let done = false
    const go = () => {
      if (done) return
      done = true
      window.removeEventListener('click', onClick, true)
      for (const fn of run) fn()
    }
    const onClick = () => setTimeout(go, 0)
    window.addEventListener('click', onClick, true)
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(go, 0)))
  }
  window.addEventListener('pointerup', release, true)
  window.addEventListener('pointercancel', release, true)
  // A release the page never saw (the button let go outside the window): a mouse moving with no button down.
  window.addEventListener(
    'pointermove',
    (e) => {
      if (e.pointerType === 'mouse' && e.buttons === 0 && held.has(e.pointerId)) release(e)
    },
    true,
  )
}

/** Starts listening (at start-up, so that a press made before the first wait counts). */
export function trackHeldPointers(): void {
  install()
}

/** Whether a pointer is down on the page now. */
export function pointerHeld(): boolean {
  return held.size > 0
}

/** Resolves once no pointer is held and the release's click has been handled (at once when none is held). */
export function released(): Promise<void> {
  install()
  if (held.size === 0) return Promise.resolve()
  return new Promise((resolve) => waiters.push(resolve))
}
