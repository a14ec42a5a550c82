/**
 * The comparison of visits (in #panel-slot): after "Compare with a saved assessment",
 * the table of both values ± u, the change, the smallest real difference and whether
 * the change exceeds it, for the view shown (on a phone a card per metric instead); or
 * why the two cannot be compared.
 * With its CSV export and a button to close it.
 */

import type { Refusal } from '../compare/compare.js'
import { comparisonOf } from '../compare/from-state.js'
import { currentLocale, t, terms } from '../i18n/index.js'
import { comparisonTable } from '../render/comparison-table.js'
import { byId, h } from '../render/dom.js'
import { closeComparison } from '../state/commands.js'
import type { AppState } from '../state/state.js'
import type { Store } from '../state/store.js'
import { mountPanel } from './panel.js'

/** Why two assessments are not compared, in the current language. */
export function refusalText(refusal: Refusal): string {
  switch (refusal.type) {
    case 'compare.view_differs':
      return t('compare.viewDiffers', {
        earlier: t(`view.${refusal.ctx.earlier}.title`),
        later: t(`view.${refusal.ctx.later}.title`),
      })
    case 'compare.side_differs':
      return t('compare.sideDiffers', {
        earlier: t(`side.short.${refusal.ctx.earlier}`),
        later: t(`side.short.${refusal.ctx.later}`),
      })
    case 'compare.patient_differs':
      return t('compare.patientDiffers', refusal.ctx)
  }
}

export function mountComparison(store: Store<AppState>, exportCsv: () => void): void {
  const slot = byId('panel-slot')
  let shown = ''
  mountPanel(store, (state) => {
    const source = state.comparison
    slot.hidden = source === null
    if (!source) {
      shown = ''
      slot.replaceChildren()
      return
    }
    const c = comparisonOf(state)
    const signature = JSON.stringify([c, state.settings.locale, state.view])
    if (signature === shown) return
    shown = signature
    const close = h('button', { type: 'button', id: 'compare-close' }, t('compare.close'))
    close.addEventListener('click', () => store.set((s) => closeComparison(s)))
    let body: HTMLElement
    if (!source.views[state.view])
      body = h(
        'p',
        { class: 'problem', role: 'alert' },
        t('compare.noMarkers', { view: t(`view.${state.view}.title`) }),
      )
    else if (!c) body = h('p', {}, t('compare.notReady'))
    else if (!c.ok)
      body = h('p', { class: 'problem', role: 'alert', 'data-refusal': c.refusal.type }, refusalText(c.refusal))
    else body = comparisonTable(c, currentLocale(), t, terms(), { evidence: true, cards: true })
    const csv = h('button', { type: 'button', id: 'compare-csv', disabled: !c?.ok }, t('compare.csv'))
    csv.addEventListener('click', exportCsv)
    slot.replaceChildren(
      h(
        'section',
        {
          class: 'card comparison-card',
          id: 'comparison',
          'aria-labelledby': 'comparison-title',
          'data-state': c ? (c.ok ? 'ready' : 'refused') : 'waiting',
        },
        h('h2', { id: 'comparison-title' }, t('compare.title')),
        body,
        h('p', { class: 'results-actions' }, csv, ' ', close),
      ),
    )
  })
}
