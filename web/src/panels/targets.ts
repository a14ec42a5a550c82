/**
 * The targets panels: the calibration card (scale points, reference line, the known
 * distance and fc fields) and the markers card (one row per marker, with its position,
 * typed coordinates when selected, remove, and the API's problems about it). Both lists are
 * lit-html templates keyed by target id: a change of state updates each row in place.
 */

import { html, nothing, render, type TemplateResult } from 'lit-html'
import { repeat } from 'lit-html/directives/repeat.js'
import { formatNumber, formatSignificant, parseDecimal, plainNumber } from '../i18n/format.js'
import { currentLocale, t } from '../i18n/index.js'
import { confirmSuggestion } from '../pose/suggestion-commands.js'
import { byId, h, setText } from '../render/dom.js'
import type { Viewport } from '../render/viewport.js'
import { clearMarkers, moveTarget, removeTarget, select, setKnownDistance, setTypedFc } from '../state/commands.js'
import { fcOf, isPlaced, type Pt, positionOf, scaleFc, scaleLengthPx, statusOf, type Target } from '../state/model.js'
import { type AppState, current, type ProblemsByPlace, problemsByPlace, promptOf, targetsIn } from '../state/state.js'
import type { Store } from '../state/store.js'
import { onNumberCommit } from './number-input.js'
import { mountPanel } from './panel.js'

export function mountTargets(store: Store<AppState>, viewport: Viewport): void {
  const grid = byId<HTMLInputElement>('grid-cm')
  onNumberCommit(grid, {
    field: 'knownDistance',
    current: () => current(store.get()).doc.gridCm,
    apply: (text) => store.set((s) => setKnownDistance(s, text)),
  })
  const fc = byId<HTMLInputElement>('fc-input')
  onNumberCommit(fc, {
    field: 'fc',
    current: () => fcOf(current(store.get()).doc),
    apply: (text) => store.set((s) => setTypedFc(s, text)),
  })
  byId('clear-markers').addEventListener('click', () => store.set(clearMarkers))
  mountPanel(store, (state) => {
    const problems = problemsByPlace(state)
    renderCalibration(state, problems, store, viewport)
    renderMarkers(state, problems, store, viewport)
  })
}

/**
 * One target's row, keyed by its id in the list (lit-html's repeat): brought up to date in
 * place, so a button being pressed or a coordinate being typed into is never replaced.
 */
function targetRow(
  state: AppState,
  target: Target,
  number: string,
  problems: ProblemsByPlace,
  store: Store<AppState>,
  viewport: Viewport,
): TemplateResult {
  const vs = current(state)
  const p = positionOf(vs.doc, target.id)
  const active = promptOf(state) === target.id
  const errors = problems.get(target.id) ?? []
  const suggested = p !== null && statusOf(vs.doc, target.id) === 'suggested'
  // A suggestion "Confirm all" leaves: the model was unsure of it, or its run is not known.
  const toCheck = suggested && !vs.sureSuggestions.includes(target.id)
  const status =
    p === null
      ? t(target.required ? 'target.status.notPlaced' : 'target.status.optional')
      : target.kind === 'lrv'
        ? t('target.status.lineAt', { x: p[0] })
        : toCheck
          ? t('target.status.suggestedToCheck', { x: p[0], y: p[1] })
          : suggested
            ? t('target.status.suggested', { x: p[0], y: p[1] })
            : t('target.status.pointAt', { x: p[0], y: p[1] })
  const classes = [
    'target',
    p ? 'placed' : '',
    active ? 'active' : '',
    errors.length ? 'flagged' : '',
    target.required ? '' : 'optional',
    suggested ? 'suggested' : '',
    toCheck ? 'to-check' : '',
  ]
  // No whitespace between the tags: the rows are laid out as h() made them, without text nodes.
  return html`<li class=${classes.filter(Boolean).join(' ')} data-target=${target.id}><button
      type="button"
      class="target-main"
      aria-current=${active ? 'step' : nothing}
      title=${target.hint}
      @click=${() => store.set((s) => select(s, active ? null : target.id))}
    ><span class="badge">${p ? (suggested ? '?' : '\u2713') : number}</span><span class="target-label"
      >${target.label}</span
    ><span class="target-pos">${status}</span></button
    >${
      suggested
        ? html`<button
            type="button"
            class="confirm"
            aria-label=${t('target.confirm.label', { label: target.label })}
            title=${t('target.confirm.title')}
            @click=${(e: Event) => inRow(e, () => store.set((s) => confirmSuggestion(s, target.id)))}
          >\u2713</button>`
        : nothing
    }${
      p
        ? html`<button
            type="button"
            class="remove"
            aria-label=${t('target.remove.label', { label: target.label })}
            title=${t('target.remove.title')}
            @click=${(e: Event) => inRow(e, () => store.set((s) => removeTarget(s, target.id)))}
          >\u00d7</button>`
        : nothing
    }${active ? targetDetail(vs.doc.photo !== null, target, p, store, viewport) : nothing}${errors.map(
      (m) => html`<p class="problem" role="alert">${m}</p>`,
    )}</li>`
}

/**
 * Does a row's confirm or remove, whose button then goes from the row: the focus moves to the
 * row's own button first, so it stays in the list instead of falling to the page (issue 38).
 */
function inRow(event: Event, act: () => void): void {
  const main = (event.currentTarget as Element).closest('li')?.querySelector<HTMLElement>('.target-main')
  main?.focus()
  act()
}

/**
 * The selected target's hint and typed coordinates. A target already placed (or suggested)
 * moves on each field's own commit (change or Enter): x keeps its y, y its x. A point not
 * placed yet is placed once both fields hold a number, at exactly (x, y): x alone places
 * nothing (Enter in it goes on to y), so a Tab or a tap from x to y loses nothing. The
 * reference line has x only. The fields are not replaced while the row is brought up to
 * date, so what is typed, the caret and the focus stay.
 */
function targetDetail(
  hasPhoto: boolean,
  target: Target,
  p: Pt | null,
  store: Store<AppState>,
  viewport: Viewport,
): TemplateResult {
  const axes = target.kind === 'lrv' ? (['x'] as const) : (['x', 'y'] as const)
  const commit = (event: Event) => {
    const box = (event.currentTarget as HTMLInputElement).closest('.coords')
    const field = (axis: 'x' | 'y') => box?.querySelector<HTMLInputElement>(`#coord-${axis}`) ?? null
    const input = event.currentTarget as HTMLInputElement
    const k = input.id === 'coord-y' ? 1 : 0
    const v = parseDecimal(input.value)
    const placed = positionOf(current(store.get()).doc, target.id)
    if (v === null) {
      // Not a number: the field shows the value in use again (empty while not placed).
      if (placed !== null) input.value = plainNumber(placed[k], currentLocale())
      return
    }
    if (placed !== null) {
      if (placed[k] === v) return
      const next: Pt = k === 0 ? [v, placed[1]] : [placed[0], v]
      store.set((s) => moveTarget(s, target.id, next))
      return
    }
    if (target.kind === 'lrv') {
      store.set((s) => moveTarget(s, target.id, [v, viewport.center()[1]]))
      return
    }
    const x = parseDecimal(field('x')?.value ?? '')
    const y = parseDecimal(field('y')?.value ?? '')
    if (x === null || y === null) return
    store.set((s) => moveTarget(s, target.id, [x, y]))
  }
  const keydown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return
    const input = event.currentTarget as HTMLInputElement
    const y = input.closest('.coords')?.querySelector<HTMLInputElement>('#coord-y')
    // x typed for a point not placed, y still empty: Enter goes on to y.
    if (input.id === 'coord-x' && y && y.value.trim() === '' && p === null) {
      event.preventDefault()
      y.focus()
      return
    }
    commit(event)
  }
  return html`<div class="target-detail"><p class="target-hint">${target.hint}</p>${
    target.note ? html`<p class="target-hint">${target.note}</p>` : nothing
  }${
    hasPhoto
      ? html`<div class="coords">${axes.map(
          (axis) =>
            html`<label>${axis} <input
                type="text"
                class="number"
                inputmode="decimal"
                autocomplete="off"
                id=${`coord-${axis}`}
                .value=${p ? plainNumber(p[axis === 'x' ? 0 : 1], currentLocale()) : ''}
                aria-label=${t('target.coord.label', { label: target.label, axis })}
                @change=${commit}
                @keydown=${keydown}
            /></label>`,
        )}<span class="unit">${t('target.coord.unit')}</span></div>`
      : nothing
  }</div>`
}

function renderCalibration(
  state: AppState,
  problems: ProblemsByPlace,
  store: Store<AppState>,
  viewport: Viewport,
): void {
  const doc = current(state).doc
  const targets = targetsIn(state).filter((x) => x.kind !== 'marker')
  const tag = (id: string) => (id === 'scale-a' ? 'A' : id === 'scale-b' ? 'B' : '|')
  render(
    repeat(
      targets,
      (x) => x.id,
      (x) => targetRow(state, x, tag(x.id), problems, store, viewport),
    ),
    byId('calibration-list'),
  )
  setText(byId('calibration-note'), state.view === 'lateral' ? t('calibration.lateralNote') : '')
  const grid = byId<HTMLInputElement>('grid-cm')
  const locale = currentLocale()
  if (document.activeElement !== grid) grid.value = doc.gridCm === null ? '' : plainNumber(doc.gridCm, locale)
  const fcInput = byId<HTMLInputElement>('fc-input')
  const fc = fcOf(doc)
  if (document.activeElement !== fcInput) fcInput.value = fc === null ? '' : formatSignificant(fc, 6, locale)
  const px = scaleLengthPx(doc)
  const help =
    scaleFc(doc) !== null
      ? t('calibration.help.fromScale', {
          cm: doc.gridCm!,
          px: formatNumber(px!, 1, locale),
          fc: formatSignificant(fc!, 4, locale),
        })
      : px !== null && px > 0
        ? t('calibration.help.typeDistance', { px: formatNumber(px, 1, locale) })
        : px === 0
          ? t('calibration.help.samePlace')
          : doc.fcTyped !== null && fc !== null
            ? t('calibration.help.typedFc')
            : t('calibration.help.start')
  setText(byId('fc-help'), help)
  const distanceProblems = problems.get('distance') ?? []
  byId('problems-distance').replaceChildren(
    ...distanceProblems.map((m) => h('li', { class: 'problem', role: 'alert' }, m)),
  )
}

function renderMarkers(state: AppState, problems: ProblemsByPlace, store: Store<AppState>, viewport: Viewport): void {
  const doc = current(state).doc
  const markers = targetsIn(state).filter((x) => x.kind === 'marker')
  const placed = markers.filter((x) => x.required && isPlaced(doc, x.id)).length
  const required = markers.filter((x) => x.required).length
  setText(byId('marker-count'), t('markers.count', { placed, required }))
  render(
    repeat(
      markers,
      (x) => x.id,
      (x, i) => targetRow(state, x, String(i + 1), problems, store, viewport),
    ),
    byId('marker-list'),
  )
}
