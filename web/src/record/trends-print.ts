/**
 * The printed trends page of a patient: a header (patient, the visits' span, the date
 * printed, how to read the charts), then one small chart per metric (trend-chart.ts
 * trendFigure, the charts of the screen), grouped by view, laid out to fit A4 and US
 * Letter (styles/record.css, print). Printing it shows this page alone; the visit's
 * report (files/report.ts) is left as it is. The page is built in `root`, a child of
 * the body outside the dialog (a dialog is not printed).
 */
import { formatDate, type Locale } from '../i18n/format.js'
import { t } from '../i18n/index.js'
import { h } from '../render/dom.js'
import type { View } from '../state/model.js'
import type { TrendSeries } from './trend.js'
import { trendColumns } from './trend.js'
import { trendFigure } from './trend-chart.js'

/** One view's series with their metric names in the current language. */
export interface TrendGroup {
  readonly view: View
  readonly series: readonly TrendSeries[]
  readonly labels: ReadonlyMap<string, string>
}

/** Builds the trends page of `patient` (its identifier) in `root`. */
export function renderTrendsPrint(
  root: HTMLElement,
  patient: string,
  groups: readonly TrendGroup[],
  locale: Locale,
  printed: Date,
): void {
  const visits = trendColumns(groups.flatMap((g) => g.series))
  const dates = visits.map((v) => v.date).filter(Boolean)
  const name = (date: string | undefined) => (date ? formatDate(date, locale) : t('compare.undated'))
  const today = `${printed.getFullYear()}-${String(printed.getMonth() + 1).padStart(2, '0')}-${String(printed.getDate()).padStart(2, '0')}`
  root.replaceChildren(
    h(
      'header',
      { class: 'trends-print-header' },
      h('h1', {}, t('record.trends.print.title', { patient })),
      h(
        'p',
        {},
        t('record.trends.print.span', { count: visits.length, first: name(dates[0]), last: name(dates.at(-1)) }),
        ' ',
        t('record.trends.print.printed', { date: formatDate(today, locale) }),
      ),
      h('p', { class: 'trends-print-legend' }, t('record.trends.legend')),
    ),
    ...groups.map((g) =>
      h(
        'section',
        { class: 'trends-print-view', 'data-view': g.view },
        h('h2', {}, t(`view.${g.view}.title`)),
        h(
          'div',
          { class: 'trends-print-charts' },
          ...g.series.map((sr) => trendFigure(sr, g.labels.get(sr.name) ?? sr.name, locale)),
        ),
      ),
    ),
  )
}

/** Shows the trends page alone for printing, and puts the page back after. */
export function printTrendsPage(root: HTMLElement): void {
  const html = document.documentElement
  html.classList.add('printing-trends')
  root.setAttribute('aria-hidden', 'false')
  window.addEventListener(
    'afterprint',
    () => {
      html.classList.remove('printing-trends')
      root.setAttribute('aria-hidden', 'true')
    },
    { once: true },
  )
  window.print()
}
