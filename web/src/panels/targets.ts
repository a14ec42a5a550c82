/**
 * The targets panels: the calibration card (scale points, reference line, the known
 * distance and fc fields) and the markers card (one row per marker, with its position,
 * typed coordinates when selected, remove, and the API's problems about it).
 */

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
import { mountPanel, replaceKeepingFocus } from './panel.js'

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

function targetRow(
  state: AppState,
  target: Target,
  number: string,
  problems: ProblemsByPlace,
  store: Store<AppState>,
  viewport: Viewport,
): HTMLLIElement {
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
  const li = h(
    'li',
    { class: classes.filter(Boolean).join(' '), 'data-target': target.id },
    h(
      'button',
      { type: 'button', class: 'target-main', 'aria-current': active ? 'step' : null, title: target.hint },
      h('span', { class: 'badge' }, p ? (suggested ? '?' : '\u2713') : number),
      h('span', { class: 'target-label' }, target.label),
      h('span', { class: 'target-pos' }, status),
    ),
    suggested
      ? h(
          'button',
          {
            type: 'button',
            class: 'confirm',
            'aria-label': t('target.confirm.label', { label: target.label }),
            title: t('target.confirm.title'),
          },
          '\u2713',
        )
      : null,
    p
      ? h(
          'button',
          {
            type: 'button',
            class: 'remove',
            'aria-label': t('target.remove.label', { label: target.label }),
            title: t('target.remove.title'),
          },
          '\u00d7',
        )
      : null,
  )
  li.querySelector('.confirm')?.addEventListener('click', () => store.set((s) => confirmSuggestion(s, target.id)))
  li.querySelector('.target-main')!.addEventListener('click', () =>
    store.set((s) => select(s, active ? null : target.id)),
  )
  li.querySelector('.remove')?.addEventListener('click', () => store.set((s) => removeTarget(s, target.id)))
  if (active) {
    const fields = h('div', { class: 'target-detail' }, h('p', { class: 'target-hint' }, target.hint))
    if (target.note) fields.append(h('p', { class: 'target-hint' }, target.note))
    if (vs.doc.photo) {
      const coords = h('div', { class: 'coords' })
      const axes = target.kind === 'lrv' ? (['x'] as const) : (['x', 'y'] as const)
      for (const axis of axes) {
        const k = axis === 'x' ? 0 : 1
        const input = h('input', {
          type: 'text',
          class: 'number',
          inputmode: 'decimal',
          autocomplete: 'off',
          id: `coord-${axis}`,
          value: p ? plainNumber(p[k], currentLocale()) : '',
          'aria-label': t('target.coord.label', { label: target.label, axis }),
        })
        const commit = () => {
          const v = parseDecimal(input.value)
          if (v === null) return
          const placed = positionOf(current(store.get()).doc, target.id)
          if (placed !== null && placed[k] === v) return
          const cur = placed ?? viewport.center()
          const next: Pt = k === 0 ? [v, cur[1]] : [cur[0], v]
          store.set((s) => moveTarget(s, target.id, next))
        }
        input.addEventListener('change', commit)
        // Enter commits even when the list was re-rendered while typing (an analysis
        // answer arrived): the browser's change event does not fire for a value the
        // re-render carried over into the new input.
        input.addEventListener('keydown', (event) => {
          if (event.key === 'Enter') commit()
        })
        coords.append(h('label', {}, `${axis} `, input))
      }
      coords.append(h('span', { class: 'unit' }, t('target.coord.unit')))
      fields.append(coords)
    }
    li.append(fields)
  }
  for (const m of errors) li.append(h('p', { class: 'problem', role: 'alert' }, m))
  return li
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
  replaceKeepingFocus(
    byId('calibration-list'),
    targets.map((x) => targetRow(state, x, tag(x.id), problems, store, viewport)),
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
  replaceKeepingFocus(
    byId('marker-list'),
    markers.map((x, i) => targetRow(state, x, String(i + 1), problems, store, viewport)),
  )
}
