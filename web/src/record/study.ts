/**
 * The clinic's own repeatability study: the repeat pairs the clinician marked
 * (model.ts RepeatPair) turned into, per view and metric, the number of pairs with a
 * value in both visits and the statistics of metrics/agreement.ts (ICC(2,1) absolute
 * agreement, SEM, MDC95, Bland-Altman bias and 95 % limits of agreement, ICC(1,1) and
 * ICC(3,1), each with its 95 % interval); the figures a verdict needs (compare/evidence.ts); and the study as
 * CSV and JSON. A pair whose visit is missing (deleted) is left out. Values are those
 * kept with each visit, or computed from its markers (trend.ts). Pure: no DOM.
 */
import { metricTable, type Unit } from '#core/metrics/index.js'
import type { ClinicFigures, StudyFigure } from '../compare/evidence.js'
import { csvText } from '../i18n/csv-text.js'
import { exportNumber } from '../i18n/format.js'
import { type Agreement, agreementOf, type Estimate } from '../metrics/agreement.js'
import { difference } from '../metrics/uncertainty.js'
import { VIEW_NAMES, type View } from '../state/model.js'
import type { RepeatPair, VisitRecord } from './model.js'
import { visitValues } from './trend.js'

/** One metric's study: its pairs with values and their statistics (null below two pairs). */
export interface MetricStudy {
  readonly view: View
  readonly name: string
  readonly unit: Unit
  readonly pairs: number
  readonly agreement: Agreement | null
}

/** Every metric of a view, whichever way its table is chosen, in table order. */
function metricsOf(view: View) {
  const all = [...metricTable(view, false), ...metricTable(view, true)]
  return all.filter((m, i) => all.findIndex((n) => n.name === m.name) === i)
}

/**
 * The study of every metric with at least one pair, by view in the app's order. The
 * second value of a pair is taken as first + the wrapped difference, so an angle near
 * the ±180 (or 0/360) seam is not read as a change of a full turn.
 */
export function studyOf(pairs: readonly RepeatPair[], visits: readonly VisitRecord[], sd: number): MetricStudy[] {
  const byId = new Map(visits.map((v) => [v.id, v]))
  const out: MetricStudy[] = []
  for (const view of VIEW_NAMES) {
    const rows = new Map<string, number[][]>()
    for (const pair of pairs) {
      if (pair.view !== view) continue
      const a = byId.get(pair.first)
      const b = byId.get(pair.second)
      if (!a || !b) continue
      const first = visitValues(a, view, sd)
      const second = visitValues(b, view, sd)
      if (!first || !second) continue
      for (const metric of metricsOf(view)) {
        const x = first.values[metric.name]
        const y = second.values[metric.name]
        if (typeof x !== 'number' || typeof y !== 'number' || !Number.isFinite(x) || !Number.isFinite(y)) continue
        const table = rows.get(metric.name) ?? []
        table.push([x, x + difference(metric.unit, y, x)])
        rows.set(metric.name, table)
      }
    }
    for (const metric of metricsOf(view)) {
      const table = rows.get(metric.name)
      if (!table) continue
      out.push({
        view,
        name: metric.name,
        unit: metric.unit,
        pairs: table.length,
        agreement: table.length >= 2 ? agreementOf(table) : null,
      })
    }
  }
  return out
}

/** The figures the verdicts need: each metric's MDC95 and its number of pairs. */
export function figuresOf(study: readonly MetricStudy[]): ClinicFigures {
  const figures: Partial<Record<View, Record<string, StudyFigure>>> = {}
  for (const m of study) {
    if (!m.agreement || !Number.isFinite(m.agreement.mdc.value)) continue
    figures[m.view] = { ...figures[m.view], [m.name]: { pairs: m.pairs, mdc: m.agreement.mdc.value } }
  }
  return figures
}

/**
 * The statistics of a study row in export order: the first six as the exports had them
 * from the start, then ICC(1,1) and ICC(3,1) after them, so a reader by position reads
 * the earlier columns as before.
 */
const STATISTICS = ['icc2', 'sem', 'mdc', 'bias', 'lowerLimit', 'upperLimit', 'icc1', 'icc3'] as const

/** The names of the statistics in the JSON export. */
const JSON_NAMES: Readonly<Record<(typeof STATISTICS)[number], string>> = {
  icc2: 'icc_2_1',
  sem: 'sem',
  mdc: 'mdc',
  bias: 'bias',
  lowerLimit: 'lowerLimit',
  upperLimit: 'upperLimit',
  icc1: 'icc_1_1',
  icc3: 'icc_3_1',
}

/**
 * The study as CSV: a row per view and metric, with the number of pairs, then each
 * statistic with its 95 % interval (value, lower, upper). `headers` are the column
 * names in the chosen language: view, metric, label, unit, pairs, then for each of
 * ICC(2,1), SEM, MDC95, bias, lower and upper limit of agreement, ICC(1,1) and ICC(3,1)
 * its value, lower and upper bound (29 in all).
 */
export function studyCsv(
  study: readonly MetricStudy[],
  headers: readonly string[],
  label: (view: View, name: string) => string,
  viewName: (view: View) => string,
): string {
  const rows: string[][] = [[...headers]]
  for (const m of study) {
    const cells = STATISTICS.flatMap((k) => {
      const e: Estimate | null | undefined = m.agreement?.[k]
      return [exportNumber(e?.value), exportNumber(e?.lower), exportNumber(e?.upper)]
    })
    rows.push([viewName(m.view), m.name, label(m.view, m.name), m.unit, String(m.pairs), ...cells])
  }
  return csvText(rows)
}

/** The study as JSON data: the method stated, the pairs it rests on, and every statistic with its interval. */
export function studyJson(study: readonly MetricStudy[], pairs: readonly RepeatPair[], now: string): unknown {
  return {
    format: 'posture-metrics-repeatability',
    version: 1,
    exported_at: now,
    // The methods as names a program reads (docs/uncertainty.md, "Running a repeatability study").
    method: {
      icc: 'icc_2_1_two_way_random_absolute_agreement_single',
      icc_interval: 'f_mcgraw_wong_1996',
      icc_1_1: 'icc_1_1_one_way_random_single',
      icc_3_1: 'icc_3_1_two_way_consistency_single',
      icc_1_1_interval: 'f_mcgraw_wong_1996',
      icc_3_1_interval: 'f_mcgraw_wong_1996',
      sem: 'sqrt_rater_plus_error_variance',
      sem_interval: 'chi_square_satterthwaite',
      mdc: '1.96_sqrt2_sem',
      bias: 'mean_second_minus_first',
      limits_of_agreement: 'bias_plus_minus_1.96_sd',
      limits_interval: 'bland_altman_1999',
      level: 0.95,
    },
    pairs: pairs.map((p) => ({ id: p.id, view: p.view, first: p.first, second: p.second, design: p.design })),
    metrics: study.map((m) => ({
      view: m.view,
      metric: m.name,
      unit: m.unit,
      pairs: m.pairs,
      ...(m.agreement ? Object.fromEntries(STATISTICS.map((k) => [JSON_NAMES[k], m.agreement![k]])) : {}),
    })),
  }
}
