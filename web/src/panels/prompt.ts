/**
 * The prompt above the photo: what to do next (open a photo, the target to place with
 * its hint and position, what is still needed), the API's problems about the target,
 * notes and warnings features attach to a target or the view, and the known-distance
 * field once the scale points are placed.
 */

import { formatNumber } from '../i18n/format.js'
import { currentLocale, t } from '../i18n/index.js'
import { confirmSuggestion, dismissViewCheck, facingQuestion } from '../pose/suggestion-commands.js'
import { byId, h } from '../render/dom.js'
import { notify, setKnownDistance, step, undo } from '../state/commands.js'
import { positionOf, requestOf, scaleLengthPx, statusOf } from '../state/model.js'
import { type AppState, canUndo, current, problemsByPlace, promptOf, targetsIn } from '../state/state.js'
import type { Store } from '../state/store.js'
import { onNumberCommit } from './number-input.js'
import { mountPanel, reconcileChildren } from './panel.js'

export function mountPrompt(store: Store<AppState>): void {
  const prompt = byId('prompt')
  // One listener for the buttons the prompt re-creates on each render.
  prompt.addEventListener('click', (e) => {
    const act = (e.target as Element).closest<HTMLElement>('button[data-act]')?.dataset.act
    if (act === 'prev') store.set((s) => step(s, -1))
    else if (act === 'next') store.set((s) => step(s, 1))
    else if (act === 'undo') store.set(undo)
    else if (act === 'dismiss-view-check') store.set((s) => dismissViewCheck(s, s.view))
    else if (act === 'confirm')
      store.set((s) => {
        const id = promptOf(s)
        return id ? confirmSuggestion(s, id) : s
      })
    // A button that went with the act (Confirm, once confirmed) or was disabled by it (Undo, with nothing
    // left to undo) leaves the focus on the page: it stays in the prompt, on its Undo or else its next button;
    // a prompt left with no button (the last suggestion confirmed: every step done) gives it to the photo area.
    if (act && (document.activeElement === document.body || (document.activeElement as HTMLButtonElement)?.disabled))
      (
        prompt.querySelector<HTMLElement>('button[data-act="undo"]:not(:disabled), button[data-act="next"]') ??
        byId('stage')
      ).focus()
  })
  const slot = prompt.parentElement as HTMLElement
  const reserve = reserving(prompt, slot)
  mountPanel(store, (state) => {
    const { parts, target } = promptParts(state, store, promptOf(state))
    prompt.dataset.target = target
    reconcileChildren(prompt, parts)
    reserve(state, store)
  })
}

/**
 * Keeps the prompt's slot as tall as the tallest prompt the view can show now (each target with a
 * note or a problem, the view's warnings, the distance field), measured in a hidden copy of the
 * prompt: going from one target to the next then never changes the photo area's size (issue 38:
 * the markers moved under the pointer between aiming and clicking). The slot's height changes
 * only when what the view has to say changes (a suggestion run, the service's answer, the width).
 */
function reserving(prompt: HTMLElement, slot: HTMLElement): (state: AppState, store: Store<AppState>) => void {
  const probe = h('div', { class: 'prompt prompt-probe', 'aria-hidden': 'true' })
  slot.append(probe)
  let measured = ''
  let last: { state: AppState; store: Store<AppState> } | null = null
  const measure = (state: AppState, store: Store<AppState>) => {
    last = { state, store }
    const vs = current(state)
    const problems = problemsByPlace(state)
    const telling = targetsIn(state).filter((x) => vs.targetNotes[x.id] || problems.has(x.id))
    const asking = !vs.doc.viewCheckDismissed && vs.facingMismatch !== null
    const tall = vs.doc.photo !== null && (telling.length > 0 || vs.warnings.length > 0 || asking)
    const key = JSON.stringify([
      tall,
      prompt.clientWidth,
      state.settings.locale,
      telling.map((x) => [x.id, vs.targetNotes[x.id] ?? '', problems.get(x.id) ?? []]),
      vs.warnings,
      asking ? vs.facingMismatch : null,
      vs.doc.scale.map((p) => p !== null),
      vs.doc.gridCm === null,
    ])
    if (key === measured) return
    measured = key
    let height = 0
    // The targets with something to say, and one without (its hint and the view's warnings alone).
    const variants = [...telling.map((x) => x.id), promptOf(state)]
    if (tall)
      for (const id of variants) {
        probe.replaceChildren(...promptParts(state, store, id).parts)
        for (const el of probe.querySelectorAll('[id]')) el.removeAttribute('id')
        height = Math.max(height, probe.offsetHeight)
      }
    probe.replaceChildren()
    slot.style.minHeight = height > 0 ? `${Math.ceil(height)}px` : ''
  }
  new ResizeObserver(() => {
    if (last) measure(last.state, last.store)
  }).observe(slot)
  return measure
}

/** What the prompt shows when it asks for `asked` (null: nothing to place), and that target's id ('' when none). */
function promptParts(
  state: AppState,
  store: Store<AppState>,
  asked: string | null,
): { parts: (Node | string)[]; target: string } {
  const vs = current(state)
  const doc = vs.doc
  const targets = targetsIn(state)
  const problems = problemsByPlace(state)
  const parts: (Node | string)[] = []
  let id = ''
  const view = { view: t(`view.${state.view}.title`), pose: t(`view.${state.view}.pose`) }
  if (!doc.photo) {
    parts.push(
      h('p', { class: 'prompt-title' }, t('prompt.openPhoto', view)),
      h('p', { class: 'prompt-hint' }, t('prompt.openPhoto.hint')),
    )
  } else if (asked) {
    const i = targets.findIndex((x) => x.id === asked)
    const target = targets[i]!
    const p = positionOf(doc, target.id)
    id = target.id
    const errors = problems.get(target.id) ?? []
    const note = vs.targetNotes[target.id]
    // A suggestion asked for: confirming it is this button's act (or Enter's), never a click on the photo.
    const suggested = p !== null && statusOf(doc, target.id) === 'suggested'
    parts.push(
      h(
        'div',
        { class: 'prompt-row' },
        h(
          'p',
          { class: 'prompt-title' },
          h('span', { class: 'step' }, t('prompt.step', { index: i + 1, count: targets.length })),
          ' ',
          h('strong', { id: 'prompt-label' }, target.label),
        ),
        h(
          'span',
          { class: 'prompt-nav' },
          h(
            'button',
            {
              type: 'button',
              'data-act': 'prev',
              title: t('prompt.previous.title'),
              'aria-label': t('prompt.previous.label'),
            },
            '\u25c0',
          ),
          h(
            'button',
            { type: 'button', 'data-act': 'next', title: t('prompt.next.title'), 'aria-label': t('prompt.next.label') },
            '\u25b6',
          ),
          h(
            'button',
            { type: 'button', 'data-act': 'undo', title: t('prompt.undo.title'), disabled: !canUndo(vs) },
            t('prompt.undo'),
          ),
        ),
      ),
      h('p', { class: 'prompt-hint' }, target.hint),
      h(
        'p',
        { class: 'prompt-action' },
        suggested
          ? t('prompt.suggested')
          : p !== null
            ? target.kind === 'lrv'
              ? t('prompt.placedLine', { x: p[0] })
              : t('prompt.placedPoint', { x: p[0], y: p[1] })
            : target.kind === 'lrv'
              ? t('prompt.placeLine')
              : t('prompt.placePoint'),
        target.note ? ` ${target.note}` : '',
      ),
      ...(suggested
        ? [
            h(
              'p',
              { class: 'prompt-confirm' },
              h(
                'button',
                { type: 'button', 'data-act': 'confirm', title: t('prompt.confirm.title') },
                t('prompt.confirm', { label: target.label }),
              ),
            ),
          ]
        : []),
      ...(note ? [h('p', { class: 'prompt-note', 'data-note': target.id }, note)] : []),
      ...errors.map((m) => h('p', { class: 'problem' }, m)),
    )
  } else {
    const request = requestOf(state.view, doc)
    parts.push(
      h(
        'p',
        { class: 'prompt-title' },
        request.ready ? t('prompt.allPlaced') : t('prompt.stillNeeded', { list: request.missing.join(', ') }),
      ),
      h('p', { class: 'prompt-hint' }, t('prompt.adjust')),
    )
  }
  for (const warning of vs.warnings) parts.push(h('p', { class: 'prompt-warning', role: 'alert' }, warning))
  // The view check's question, until the clinician says the view is right (kept with the visit's view).
  const question = doc.viewCheckDismissed ? null : facingQuestion(vs.facingMismatch)
  if (question)
    parts.push(
      h(
        'div',
        { class: 'prompt-warning prompt-question', role: 'alert', 'data-check': 'view' },
        h('p', {}, h('strong', {}, question.question), ' ', question.why),
        h(
          'button',
          { type: 'button', 'data-act': 'dismiss-view-check', title: t('suggest.facing.dismiss.title') },
          t('suggest.facing.dismiss'),
        ),
      ),
    )
  // Once the scale points are placed, ask for their distance here, where the eyes are.
  if (doc.photo && doc.scale[0] && doc.scale[1] && doc.gridCm === null) parts.push(distanceField(state, store))
  return { parts, target: id }
}

/** The known-distance input, inline in the prompt. */
function distanceField(state: AppState, store: Store<AppState>): HTMLElement {
  const input = h('input', {
    type: 'text',
    class: 'number',
    id: 'prompt-grid-cm',
    inputmode: 'decimal',
    autocomplete: 'off',
    placeholder: t('prompt.distance.placeholder'),
  })
  onNumberCommit(input, {
    field: 'knownDistance',
    current: () => current(store.get()).doc.gridCm,
    apply: (text) => {
      // Empty is not a distance here (the calibration panel's field is where it is cleared).
      if (text.trim() === '') return store.set((s) => notify(s, t('calibration.invalidDistance')))
      const before = store.get()
      store.set((s) => setKnownDistance(s, text))
      if (current(store.get()).doc !== current(before).doc) byId('stage').focus({ preventScroll: true })
    },
  })
  const px = scaleLengthPx(current(state).doc) ?? 0
  return h(
    'p',
    { class: 'prompt-distance' },
    h(
      'label',
      { for: 'prompt-grid-cm' },
      t('prompt.distance.label'),
      h('span', { class: 'aside' }, t('prompt.distance.apart', { px: formatNumber(px, 1, currentLocale()) })),
      ':',
    ),
    ' ',
    h('span', { class: 'input-unit' }, input, t('prompt.distance.unit')),
  )
}
