/**
 * The results panel: where the analysis stands (what is missing, analysing, the
 * service's problems, where the values come from), the problems not about one target,
 * and the metrics table (value, meaning, colour of its drawing), whose rows are brought up
 * to date in place (panel.ts reconcileElement) only when what they show changed: a row
 * focused or hovered is never replaced. While the view is
 * incomplete, the metrics its markers already give are shown (state/partial.ts) and
 * each other row says which markers it waits for. Hovering or focusing a
 * row emphasises the metric on the photo.
 */

import { VIEWS } from '#core/markers.js'
import { placementOf } from '../compare/from-state.js'
import { formatUncertainty, plainNumber } from '../i18n/format.js'
import { currentLocale, t } from '../i18n/index.js'
import { formatValue, type MetricInfo, metricsOf, unitText } from '../metrics/metric-info.js'
import { CLINICAL_U_LIMIT, precisionWarning, precisionWarningText } from '../metrics/precision.js'
import { uncertaintiesOf } from '../metrics/uncertainty.js'
import { byId, h, setText, swatch } from '../render/dom.js'
import { colorOf } from '../render/scene.js'
import { setHighlight } from '../state/commands.js'
import { type Doc, requestOf, targetsOf, type View } from '../state/model.js'
import { shownValues } from '../state/partial.js'
import { provisionalMetrics } from '../state/provisional.js'
import { type AppState, current, problemsByPlace } from '../state/state.js'
import type { Store } from '../state/store.js'
import { mountPanel, reconcileChildren, reconcileElement } from './panel.js'

export function mountResults(store: Store<AppState>): void {
  const results = byId('results')
  const status = byId('results-status')
  const general = byId('problems-general')
  const table = byId<HTMLTableElement>('metrics-table')
  const precision = byId('precision-warning')
  // What the table shows, so hover and focus survive a render that changes nothing in it.
  let shownFrame = ''
  const shownRows = new Map<string, { readonly signature: string; readonly row: HTMLTableRowElement }>()
  mountPanel(store, (state) => {
    const view = state.view
    const vs = current(state)
    const outcome = vs.outcome
    // The service's answer to the document as it is, or the partial results of an incomplete view.
    const { values, partial } = shownValues(view, vs.doc, outcome)
    results.classList.toggle('pending', outcome.pending)
    results.dataset.state = values
      ? partial
        ? 'partial'
        : outcome.fromFile
          ? 'saved'
          : 'ready'
      : outcome.pending
        ? 'pending'
        : outcome.problems.length
          ? 'error'
          : 'waiting'
    // Where the values shown were computed: 'device' at once after a change (confirming) or when the service could not be reached (analysis.ts).
    results.dataset.computedOn =
      values && !partial && !outcome.fromFile ? (outcome.onDevice ? 'device' : 'service') : ''
    // The device's values shown at once, the service's answer to the same markers still on its way.
    results.dataset.confirming = String(outcome.confirming === true && !partial)
    setText(status, statusText(state))
    reconcileChildren(
      general,
      (problemsByPlace(state).get('general') ?? []).map((m) => h('li', { class: 'problem', role: 'alert' }, m)),
    )

    const metrics = metricsOf(view, vs.doc.estimatePopliteal)
    const sd = state.settings.placementSd
    const u = values ? uncertaintiesOf(placementOf(view, vs.doc), { sd }) : {}
    const provisional = new Set(values ? provisionalMetrics(view, vs.doc) : [])
    const photo = vs.doc.photo
    const warning = values && photo ? precisionWarning(metrics, values, u, photo) : null
    precision.hidden = warning === null
    setText(precision, warning && photo ? precisionWarningText(warning, photo) : '')
    const waiting = new Map((partial?.waiting ?? []).map((w) => [w.name, w.needs]))
    // The table's frame (caption, head, one row per metric) is rebuilt only when the view, its metrics or the language change.
    const frame = JSON.stringify([view, vs.doc.estimatePopliteal, state.settings.locale])
    if (frame !== shownFrame) {
      shownFrame = frame
      shownRows.clear()
      const head = h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, t('results.column.metric')),
          h('th', { scope: 'col', class: 'num' }, t('results.column.value')),
          h('th', { scope: 'col', class: 'num' }, t('results.column.u')),
        ),
      )
      table.replaceChildren(
        h('caption', { class: 'visually-hidden' }, t('results.caption', { view: t(`view.${view}.title`) })),
        head,
        h('tbody'),
      )
    }
    // Each row is brought up to date only when what it shows changed (its value, u, provisional mark or what it waits for).
    const body = table.tBodies[0]!
    for (const [i, info] of metrics.entries()) {
      const value = values?.[info.name]
      const needs = vs.doc.photo ? waiting.get(info.name) : undefined
      const isProvisional = provisional.has(info.name)
      const rowSignature = JSON.stringify([value ?? null, u[info.name] ?? null, isProvisional, needs ?? null, sd])
      const old = shownRows.get(info.name)
      if (old?.signature === rowSignature) continue
      const row = metricRow(info, value, u[info.name], colorOf(i), store, isProvisional, needs, (n) =>
        needsText(view, vs.doc, n),
      )
      // A row shown is brought up to date in place (its listeners are for the same metric): the row the
      // clinician focused or hovers stays, and so does its highlight on the photo.
      if (old) reconcileElement(old.row, row)
      else body.append(row)
      shownRows.set(info.name, { signature: rowSignature, row: old?.row ?? row })
    }
    for (const row of table.querySelectorAll<HTMLTableRowElement>('tr[data-metric]')) {
      row.classList.toggle('highlight', row.dataset.metric === state.highlight)
    }
  })
}

/** What a waiting metric needs, in the current language: the targets' labels as the guided list names them. */
function needsText(view: View, doc: Doc, needs: readonly string[]): string {
  const targets = targetsOf(view, doc)
  return needs
    .map((id) =>
      id === 'distance' ? t('target.missing.knownDistance') : (targets.find((x) => x.id === id)?.label ?? id),
    )
    .join(', ')
}

function statusText(state: AppState): string {
  const vs = current(state)
  const outcome = vs.outcome
  const request = requestOf(state.view, vs.doc)
  if (!request.ready) {
    if (!vs.doc.photo) return t('results.openPhoto', { count: VIEWS[state.view].length })
    const n = request.missing.length
    const shown = request.missing.slice(0, 4).join(', ')
    const still = t('results.stillToPlace', {
      count: n,
      list: n > 4 ? t('results.stillToPlace.more', { list: shown }) : shown,
    })
    const { values } = shownValues(state.view, vs.doc, outcome)
    const count = values ? Object.keys(values).length : 0
    return count ? `${t('results.partial', { count })} ${still}` : still
  }
  if (outcome.pending) return t('results.analysing')
  if (outcome.problems.length) return t('results.serviceProblems', { count: outcome.problems.length })
  if (outcome.values) {
    const provisional = provisionalMetrics(state.view, vs.doc).filter(
      (name) => typeof outcome.values?.[name] === 'number',
    ).length
    const base = outcome.fromFile
      ? t('results.fromFile')
      : t(
          outcome.confirming
            ? 'results.computedOnDeviceConfirming'
            : outcome.onDevice
              ? 'results.computedOnDevice'
              : 'results.computed',
        ) + (request.placeholders ? t('results.placeholders') : '')
    return provisional ? base + t('results.provisional', { count: provisional }) : base
  }
  return ''
}

function metricRow(
  info: MetricInfo,
  value: unknown,
  u: number | undefined,
  color: string,
  store: Store<AppState>,
  provisional: boolean,
  /** What the metric waits for while the view is incomplete (state/partial.ts), if it waits. */
  needs: readonly string[] | undefined,
  wordNeeds: (needs: readonly string[]) => string,
): HTMLTableRowElement {
  const has = typeof value === 'number'
  const waits = !has && needs !== undefined && needs.length > 0
  // Less precise than photographic measurement can be: marked, and explained in #precision-warning.
  const imprecise = has && u !== undefined && u > CLINICAL_U_LIMIT[info.unit]
  const row = h(
    'tr',
    {
      'data-metric': info.name,
      'data-value': has ? String(value) : null,
      'data-provisional': has && provisional ? 'true' : null,
      'data-waiting': waits ? needs.join(' ') : null,
      class: has && provisional ? 'provisional' : null,
      tabindex: 0,
    },
    h(
      'th',
      { scope: 'row' },
      swatch(color),
      h('span', { class: 'metric-label' }, info.label),
      h('code', {}, info.name),
      h('span', { class: 'meaning' }, info.meaning),
      info.note ? h('span', { class: 'published' }, info.note) : null,
      waits ? h('span', { class: 'waiting' }, t('results.waiting', { list: wordNeeds(needs) })) : null,
    ),
    h(
      'td',
      { class: 'num value', title: has ? `${plainNumber(value, currentLocale())} ${unitText(info)}` : null },
      has ? formatValue(info, value) : t('results.noValue'),
      has && provisional
        ? h(
            'span',
            { class: 'provisional-badge', title: t('results.provisional.title') },
            t('results.provisional.badge'),
          )
        : null,
    ),
    // The standard uncertainty from the placement error, rounded up to the display step: read with the value as "value ± u".
    h(
      'td',
      {
        class: imprecise ? 'num u imprecise' : 'num u',
        'data-u': has && u !== undefined ? String(u) : null,
        title: imprecise
          ? t('precision.row.title', {
              limit: formatUncertainty(CLINICAL_U_LIMIT[info.unit], info.unit, currentLocale()),
            })
          : null,
      },
      has && u !== undefined ? `\u00b1\u00a0${formatUncertainty(u, info.unit, currentLocale())}` : '',
    ),
  )
  const on = () => store.set((s) => setHighlight(s, info.name))
  const off = () => store.set((s) => (s.highlight === info.name ? setHighlight(s, null) : s))
  row.addEventListener('mouseenter', on)
  row.addEventListener('focus', on)
  row.addEventListener('mouseleave', off)
  row.addEventListener('blur', off)
  return row
}
