/**
 * The comparison of two visits as a table element (screen and print report alike):
 * metric, earlier and later value ± u, change, smallest real difference, the limit a
 * real change must exceed and the evidence it comes from (compare/evidence.ts), verdict.
 * Rows whose change exceeds the smallest real difference are marked (class `real`,
 * data-verdict) so the eye and the tests find them. On the screen also as a card per
 * metric (name and verdict, then the values), which a phone shows instead of the table
 * (styles/sizes.css).
 */
import { type ComparedComparison, type DisplayRow, displayRows, type Verdict } from '../compare/comparison-rows.js'
import type { Evidence } from '../compare/evidence.js'
import { MIN_STUDY_PAIRS } from '../compare/evidence.js'
import type { ClinicalKey } from '../i18n/clinical.js'
import { formatDate, type Locale } from '../i18n/format.js'
import type { RepeatabilityKey } from '../i18n/repeatability.js'
import type { Terms } from '../i18n/terms.js'
import { visitLabels, visitLabelText } from '../record/visit-labels.js'
import { h } from './dom.js'

export type ClinicalTranslate = (
  key: ClinicalKey | RepeatabilityKey,
  params?: Readonly<Record<string, string | number>>,
) => string

/** The evidence that judged a change, in words (its source in the cell's title when published). */
export function evidenceText(e: Evidence, t: ClinicalTranslate): string {
  if (e.kind === 'clinic') return t('evidence.clinic', { pairs: e.pairs })
  if (e.kind === 'published') return t('evidence.published', { cite: e.cite })
  return t('evidence.placement')
}

const VERDICT_KEY: Readonly<Record<Verdict, ClinicalKey>> = {
  real: 'compare.verdict.real',
  within: 'compare.verdict.within',
  method_differs: 'compare.verdict.methodDiffers',
  missing: 'compare.verdict.missing',
  unknown: 'compare.verdict.unknown',
}

/** "5 de marzo de 2026", or "undated". */
export function dateText(date: string | undefined, locale: Locale, t: ClinicalTranslate): string {
  return date ? formatDate(date, locale) : t('compare.undated')
}

/**
 * The names of the two compared visits: their dates, and their start times too when
 * the dates are the same (two visits of one day), so "earlier" and "later" can be
 * told apart.
 */
export function comparedNames(
  c: ComparedComparison,
  locale: Locale,
  t: ClinicalTranslate,
): { earlier: string; later: string } {
  const [earlier, later] = visitLabels([c.earlier, c.later], locale, t('compare.undated')).map(visitLabelText)
  return { earlier: earlier!, later: later! }
}

/**
 * The comparison table with its caption (the two visits' dates) and the notes on the SRD
 * and on the evidence. `evidence`: with the columns of the limit and the evidence that
 * judged each change (the screen; the printed report's comparison is files/report.ts's, from
 * the report's content); without them each row still says its evidence in `data-evidence`.
 */
export function comparisonTable(
  c: ComparedComparison,
  locale: Locale,
  t: ClinicalTranslate,
  terms: Terms,
  options: { readonly evidence?: boolean; readonly cards?: boolean } = {},
): HTMLElement {
  const evidence = options.evidence ?? false
  const rows = displayRows(c, locale, terms)
  const real = rows.filter((r) => r.verdict === 'real').length
  const judged = rows.filter((r) => r.verdict === 'real' || r.verdict === 'within').length
  const { earlier, later } = comparedNames(c, locale, t)
  const body = h('tbody')
  for (const r of rows) {
    body.append(
      h(
        'tr',
        {
          'data-metric': r.name,
          'data-verdict': r.verdict,
          'data-evidence': r.evidence.kind,
          class: r.verdict === 'real' ? 'real' : null,
        },
        h('th', { scope: 'row' }, r.label),
        h('td', { class: 'num' }, r.earlier),
        h('td', { class: 'num' }, r.later),
        h('td', { class: 'num change' }, r.change),
        h('td', { class: 'num' }, r.srd),
        evidence ? h('td', { class: 'num limit' }, r.limitIsSrd ? t('compare.limit.isSrd') : r.limit) : null,
        evidence
          ? h(
              'td',
              {
                class: 'evidence',
                'data-evidence': r.evidence.kind,
                title: r.evidence.kind === 'published' ? r.evidence.source : null,
              },
              evidenceText(r.evidence, t),
            )
          : null,
        h('td', { class: 'verdict' }, t(VERDICT_KEY[r.verdict])),
      ),
    )
  }
  const earlierHead = `${t('compare.column.earlier')} (${earlier})`
  const laterHead = `${t('compare.column.later')} (${later})`
  return h(
    'div',
    { class: options.cards ? 'comparison with-cards' : 'comparison' },
    h('p', { class: 'comparison-dates' }, t('compare.between', { earlier, later })),
    h('p', { class: 'comparison-summary' }, t('compare.summary', { real, total: judged })),
    options.cards ? comparisonCards(rows, { earlier: earlierHead, later: laterHead }, t, evidence) : null,
    h(
      'div',
      { class: 'table-wrap' },
      h(
        'table',
        { class: 'metrics comparison-table' },
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            h('th', { scope: 'col' }, t('compare.column.metric')),
            h('th', { scope: 'col', class: 'num' }, earlierHead),
            h('th', { scope: 'col', class: 'num' }, laterHead),
            h('th', { scope: 'col', class: 'num' }, t('compare.column.change')),
            h('th', { scope: 'col', class: 'num' }, t('compare.column.srd')),
            evidence ? h('th', { scope: 'col', class: 'num' }, t('compare.column.limit')) : null,
            evidence ? h('th', { scope: 'col' }, t('compare.column.evidence')) : null,
            h('th', { scope: 'col' }, t('compare.column.verdict')),
          ),
        ),
        body,
      ),
    ),
    h('p', { class: 'field-help' }, t('compare.note')),
    h('p', { class: 'field-help' }, t('compare.evidenceNote', { min: MIN_STUDY_PAIRS })),
  )
}

/**
 * The comparison as a list of cards, one per metric: its name with the verdict beside it,
 * then both values, the change, the smallest real difference and (with `evidence`) the
 * limit and what judged it, each under its own label. The same row attributes as the
 * table's, so a card is found as its row is.
 */
function comparisonCards(
  rows: readonly DisplayRow[],
  heads: { readonly earlier: string; readonly later: string },
  t: ClinicalTranslate,
  evidence: boolean,
): HTMLElement {
  const field = (label: string, value: string, cls: string, attrs: Record<string, string> = {}) =>
    h(
      'div',
      { class: cls === 'evidence' ? 'comparison-field wide' : 'comparison-field' },
      h('dt', {}, label),
      h('dd', { class: cls, ...attrs }, value),
    )
  return h(
    'ul',
    { class: 'comparison-cards' },
    ...rows.map((r) =>
      h(
        'li',
        {
          'data-metric': r.name,
          'data-verdict': r.verdict,
          'data-evidence': r.evidence.kind,
          class: r.verdict === 'real' ? 'comparison-item real' : 'comparison-item',
        },
        h(
          'p',
          { class: 'comparison-item-head' },
          h('strong', { class: 'metric-name' }, r.label),
          ' ',
          h('span', { class: 'verdict' }, t(VERDICT_KEY[r.verdict])),
        ),
        h(
          'dl',
          {},
          field(heads.earlier, r.earlier, 'num'),
          field(heads.later, r.later, 'num'),
          field(t('compare.column.change'), r.change, 'num change'),
          field(t('compare.column.srd'), r.srd, 'num'),
          evidence
            ? field(t('compare.column.limit'), r.limitIsSrd ? t('compare.limit.isSrd') : r.limit, 'num limit')
            : null,
          evidence
            ? field(t('compare.column.evidence'), evidenceText(r.evidence, t), 'evidence', {
                'data-evidence': r.evidence.kind,
              })
            : null,
        ),
      ),
    ),
  )
}
