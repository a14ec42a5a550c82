/**
 * The "Repeatability study" dialog: how to run a study; first its figures, per view a
 * card per metric (its name, whether the study judges that metric's changes yet, and
 * the number of pairs with ICC(2,1), ICC(1,1), ICC(3,1), SEM, MDC95, Bland-Altman bias
 * and 95 % limits of agreement, each with its 95 % interval), which wrap to the
 * dialog's width at every size; then a form to mark two visits of the record as a
 * repeat pair, and the pairs with a removal each. Exported as CSV and JSON. Reads and
 * acts only through StudyActions and the record's storage.
 */
import { MIN_STUDY_PAIRS } from '../compare/evidence.js'
import { formatDate, formatNumber, formatTime, formatValue } from '../i18n/format.js'
import { currentLocale, metricText, t } from '../i18n/index.js'
import type { Estimate } from '../metrics/agreement.js'
import { byId, download, h } from '../render/dom.js'
import { VIEW_NAMES, type View } from '../state/model.js'
import type { RecordController } from './controller.js'
import { chronological, REPEAT_DESIGNS, type RepeatDesign, type VisitRecord, visitFileName } from './model.js'
import { type MetricStudy, studyCsv, studyJson } from './study.js'
import type { StudyActions } from './study-actions.js'

const CSV_HEADERS = [
  'study.csv.view',
  'study.csv.metric',
  'study.csv.label',
  'study.csv.unit',
  'study.csv.pairs',
  ...(['icc', 'sem', 'mdc', 'bias', 'loaLower', 'loaUpper', 'icc1', 'icc3'] as const).flatMap(
    (s) => [`study.csv.${s}`, `study.csv.${s}.lower`, `study.csv.${s}.upper`] as const,
  ),
] as const

/** An estimate with its 95 % interval, at the metric's display precision ("4.2 (3.1 to 6.0)"). */
function withInterval(e: Estimate | null | undefined, unit: MetricStudy['unit'] | null): string {
  if (!e || !Number.isFinite(e.value)) return '\u2014'
  const locale = currentLocale()
  const f = (x: number) => (unit === null ? formatNumber(x, 2, locale) : formatValue(x, unit, locale))
  if (e.lower === null || e.upper === null) return f(e.value)
  return t('study.interval', { value: f(e.value), lower: f(e.lower), upper: f(e.upper) })
}

export function mountStudyPanel(record: RecordController, study: StudyActions): void {
  const dialog = h('dialog', { id: 'study-dialog', class: 'record-dialog', 'aria-labelledby': 'study-title' })
  document.body.append(dialog)
  const open = h('button', { type: 'button', id: 'study-button' })
  byId('record-button').after(' ', open)
  let rendering = 0

  const label = (v: VisitRecord, identifiers: ReadonlyMap<string, string>) =>
    t('study.visit', {
      patient: identifiers.get(v.patientId) ?? '',
      date: v.date ? formatDate(v.date, currentLocale()) : t('compare.undated'),
      started: formatTime(v.created, currentLocale()),
    })

  async function render(): Promise<void> {
    open.textContent = t('study.button')
    if (!dialog.open) return
    const round = ++rendering
    const [{ pairs, study: rows }, visits, patients] = await Promise.all([
      study.current(),
      record.storage.visits(),
      record.storage.patients(),
    ])
    if (round !== rendering) return
    const identifiers = new Map(patients.map((p) => [p.id, p.identifier]))
    const ordered = chronological(visits)
    const byId = new Map(visits.map((v) => [v.id, v]))

    const viewSelect = h(
      'select',
      { id: 'study-view' },
      ...VIEW_NAMES.map((v) => h('option', { value: v }, t(`view.${v}.title`))),
    )
    const visitSelect = (id: string) =>
      h(
        'select',
        { id },
        ...ordered.map((v) => h('option', { value: v.id, 'data-visit': v.id }, label(v, identifiers))),
      )
    const first = visitSelect('study-first')
    const second = visitSelect('study-second')
    if (ordered.length > 1) second.selectedIndex = 1
    const design = h(
      'select',
      { id: 'study-design' },
      ...REPEAT_DESIGNS.map((d) => h('option', { value: d }, t(`study.design.${d}`))),
    )
    const form = h(
      'form',
      { class: 'field-grid', id: 'study-form' },
      h('label', { for: 'study-view' }, t('study.view')),
      viewSelect,
      h('label', { for: 'study-first' }, t('study.first')),
      first,
      h('label', { for: 'study-second' }, t('study.second')),
      second,
      h('label', { for: 'study-design' }, t('study.design')),
      design,
    )
    form.addEventListener('submit', (e) => {
      e.preventDefault()
      void study.mark(viewSelect.value as View, first.value, second.value, design.value as RepeatDesign)
    })

    const pairList = h('ol', { class: 'study-pairs', id: 'study-pairs' })
    for (const p of pairs) {
      const a = byId.get(p.first)
      const b = byId.get(p.second)
      const remove = h('button', { type: 'button', class: 'danger' }, t('study.remove'))
      remove.addEventListener('click', () => void study.remove(p.id))
      pairList.append(
        h(
          'li',
          { 'data-pair': p.id },
          t('study.pair', {
            view: t(`view.${p.view}.title`),
            first: a ? label(a, identifiers) : t('study.visitMissing'),
            second: b ? label(b, identifiers) : t('study.visitMissing'),
            design: t(`study.design.${p.design}`),
          }),
          ' ',
          remove,
        ),
      )
    }

    const results = h('div', { id: 'study-results' })
    for (const view of VIEW_NAMES) {
      const ofView = rows.filter((r) => r.view === view)
      if (ofView.length === 0) continue
      const list = h('ul', { class: 'study-cards', 'data-view': view })
      for (const r of ofView) {
        const a = r.agreement
        const figure = (key: Parameters<typeof t>[0], cls: string, value: string) =>
          h(
            'div',
            { class: cls.includes('loa') ? 'study-figure wide' : 'study-figure' },
            h('dt', {}, t(key)),
            h('dd', { class: cls }, value),
          )
        const judges = r.pairs >= MIN_STUDY_PAIRS && a
        list.append(
          h(
            'li',
            {
              class: 'study-metric',
              'data-metric': r.name,
              'data-view': view,
              'data-pairs': r.pairs,
              'data-mdc': a?.mdc.value ?? '',
            },
            h('h5', { class: 'study-name' }, metricText(view, r.name).label),
            h(
              'p',
              { class: judges ? 'study-judges yes' : 'study-judges' },
              t('study.column.judges'),
              ' ',
              h(
                'strong',
                { class: 'judges' },
                judges ? t('study.judges.yes') : t('study.judges.no', { min: MIN_STUDY_PAIRS }),
              ),
            ),
            h(
              'dl',
              { class: 'study-figures' },
              figure('study.column.pairs', 'num pairs', String(r.pairs)),
              figure('study.column.icc', 'num icc2', withInterval(a?.icc2, null)),
              figure('study.column.icc1', 'num icc1', withInterval(a?.icc1, null)),
              figure('study.column.icc3', 'num icc3', withInterval(a?.icc3, null)),
              figure('study.column.sem', 'num sem', withInterval(a?.sem, r.unit)),
              figure('study.column.mdc', 'num mdc', withInterval(a?.mdc, r.unit)),
              figure('study.column.bias', 'num bias', withInterval(a?.bias, r.unit)),
              figure(
                'study.column.loa',
                'num loa',
                a?.lowerLimit && a.upperLimit
                  ? `${withInterval(a.lowerLimit, r.unit)}; ${withInterval(a.upperLimit, r.unit)}`
                  : '\u2014',
              ),
            ),
          ),
        )
      }
      results.append(h('h4', {}, t(`view.${view}.title`)), list)
    }

    const csv = h('button', { type: 'button', id: 'study-csv' }, t('study.csv'))
    csv.addEventListener('click', () => {
      const text = studyCsv(
        rows,
        CSV_HEADERS.map((k) => t(k)),
        (view, name) => metricText(view, name).label,
        (view) => t(`view.${view}.title`),
      )
      download(visitFileName('', '', 'repeatability', 'csv'), 'text/csv', text)
    })
    const json = h('button', { type: 'button', id: 'study-json' }, t('study.json'))
    json.addEventListener('click', () => {
      const data = studyJson(rows, pairs, record.effects.now().toISOString())
      download(visitFileName('', '', 'repeatability', 'json'), 'application/json', JSON.stringify(data, null, 2))
    })
    const close = h('button', { type: 'button', id: 'study-close' }, t('record.close'))
    close.addEventListener('click', () => dialog.close())

    dialog.replaceChildren(
      h('h2', { id: 'study-title' }, t('study.title')),
      h('p', { class: 'field-help' }, t('study.help', { min: MIN_STUDY_PAIRS })),
      h('p', { class: 'field-help' }, t('study.method')),
      // The figures first: what the clinician opens the study for; then marking and the pairs they rest on.
      h('h3', {}, t('study.resultsTitle')),
      rows.length ? results : h('p', { class: 'field-help' }, t('study.noResults')),
      h('h3', {}, t('study.markTitle')),
      ordered.length < 2
        ? h('p', { class: 'field-help' }, t('study.needVisits'))
        : h(
            'div',
            {},
            form,
            h(
              'p',
              {},
              h('button', { type: 'submit', form: 'study-form', class: 'primary', id: 'study-mark' }, t('study.mark')),
            ),
          ),
      h('h3', {}, t('study.pairsTitle', { count: pairs.length })),
      pairs.length ? pairList : h('p', { class: 'field-help' }, t('study.noPairs')),
      h('p', { class: 'dialog-actions' }, csv, ' ', json, ' ', close),
    )
  }

  open.addEventListener('click', () => {
    dialog.showModal()
    void render()
  })
  record.onChange(() => void render())
  record.store.subscribe((state, previous) => {
    if (
      state.settings.locale !== previous.settings.locale ||
      state.clinicFigures !== previous.clinicFigures ||
      state.settings.placementSd !== previous.settings.placementSd
    )
      void render()
  })
  void render()
}
