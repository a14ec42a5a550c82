/**
 * Trends: each metric of a view over all visits of a patient, a point per visit in
 * the record's order (date, then the time the visit was started: two visits of one
 * day keep their order), with its standard uncertainty, and whether the change from
 * the previous visit exceeds the limit of the best evidence for the measure
 * (compare/evidence.ts: the clinic's study, a published MDC, or the placement SRD
 * of compare.ts alone, a lower bound); the visits
 * as the columns of the trend table; and the same numbers as CSV, with patient, date
 * and the visit's start time on every row. Values are those kept with each visit
 * when it was saved, or, when a visit has none at this placement error, computed
 * from its markers with the service's metric functions (compare/from-state.ts).
 * Pure: no DOM.
 */
import { metricTable, showsSign, type Unit } from '#core/metrics/index.js'
import { smallestRealDifference } from '../compare/compare.js'
import { type ClinicFigures, changeLimit, type Evidence, evidenceFor } from '../compare/evidence.js'
import { assessmentOf } from '../compare/from-state.js'
import { type CsvDialect, type CsvValue, csvText, MACHINE_CSV } from '../i18n/csv-text.js'
import { difference } from '../metrics/uncertainty.js'
import type { AssessmentFile } from '../state/assessment-file.js'
import { assessmentFromData } from '../state/assessment-file.js'
import { VIEW_NAMES, type View } from '../state/model.js'
import { EMPTY_META } from '../state/state.js'
import { chronological, type ViewValues, type VisitRecord, type VisitValues } from './model.js'

export interface TrendPoint {
  readonly visitId: string
  readonly date: string
  /** ISO time the visit was started: orders and tells apart visits of one date. */
  readonly created: string
  readonly value: number
  readonly u: number
  /** The change from the previous point exceeds the limit of the series' evidence; null for the first point. */
  readonly real: boolean | null
}

export interface TrendSeries {
  readonly view: View
  readonly name: string
  readonly unit: Unit
  /** The metric's display rule (core showsSign): its values shown with + or −. */
  readonly signed: boolean
  /** The evidence that judges its changes (compare/evidence.ts). */
  readonly evidence: Evidence
  readonly points: readonly TrendPoint[]
}

/** One view's values of an assessment file at placement error `sd`, if the file has the view. */
function viewValuesOf(file: AssessmentFile, view: View, sd: number): ViewValues | undefined {
  const doc = assessmentFromData(file).views[view]?.doc
  if (!doc) return undefined
  const a = assessmentOf(view, doc, sd, EMPTY_META)
  return { values: a.values, u: a.u }
}

/** The values of every view of an assessment file at placement error `sd`, to keep with its visit. */
export function valuesOf(file: AssessmentFile, sd: number): VisitValues {
  const views: Partial<Record<View, ViewValues>> = {}
  for (const view of VIEW_NAMES) {
    const values = viewValuesOf(file, view, sd)
    if (values) views[view] = values
  }
  return { sd, views }
}

/** A visit's values of a view at `sd`: those kept with it, else computed from its markers. */
export function visitValues(visit: VisitRecord, view: View, sd: number): ViewValues | undefined {
  return visit.values?.sd === sd ? visit.values.views[view] : viewValuesOf(visit.file, view, sd)
}

/** Every metric of a view, whichever way its table is chosen, for its unit and order. */
function metricsOf(view: View) {
  const all = [...metricTable(view, false), ...metricTable(view, true)]
  return all.filter((m, i) => all.findIndex((n) => n.name === m.name) === i)
}

/**
 * The view's metrics over the visits that have it, oldest first (chronological: date, start time, id);
 * `clinic`: the figures of the clinic's repeatability study, when it has one.
 */
export function trendsOf(
  visits: readonly VisitRecord[],
  view: View,
  sd: number,
  clinic?: ClinicFigures,
): TrendSeries[] {
  const series = new Map<string, TrendPoint[]>()
  const units = new Map<string, Unit>()
  const signed = new Map<string, boolean>()
  const metrics = metricsOf(view)
  for (const visit of chronological(visits)) {
    const a = visitValues(visit, view, sd)
    if (!a) continue
    for (const metric of metrics) {
      const value = a.values[metric.name]
      const u = a.u[metric.name]
      if (typeof value !== 'number' || typeof u !== 'number') continue
      const points = series.get(metric.name) ?? []
      const previous = points.at(-1)
      const limit = changeLimit(smallestRealDifference(previous?.u ?? 0, u), evidenceFor(view, metric.name, clinic))
      const real = previous && limit !== null ? Math.abs(difference(metric.unit, value, previous.value)) > limit : null
      points.push({ visitId: visit.id, date: visit.date, created: visit.created, value, u, real })
      series.set(metric.name, points)
      units.set(metric.name, metric.unit)
      signed.set(metric.name, showsSign(metric))
    }
  }
  return [...series].map(([name, points]) => ({
    view,
    name,
    unit: units.get(name)!,
    signed: signed.get(name)!,
    evidence: evidenceFor(view, name, clinic),
    points,
  }))
}

const DAY_MS = 86_400_000

/**
 * Where a visit lies on the trend's time axis, ms since 1970: its date (UTC midnight)
 * plus the time of day it was started, so that the spacing of visits is their interval
 * in days and two visits of one date still lie apart in the order they were started. An
 * undated visit lies at its start time; one with neither, at 0.
 */
export function visitTime(visit: { readonly date: string; readonly created: string }): number {
  const started = Date.parse(visit.created)
  const day = /^\d{4}-\d{2}-\d{2}$/.test(visit.date) ? Date.parse(`${visit.date}T00:00:00Z`) : Number.NaN
  if (Number.isNaN(day)) return Number.isNaN(started) ? 0 : started
  return day + (Number.isNaN(started) ? 0 : ((started % DAY_MS) + DAY_MS) % DAY_MS)
}

/**
 * The band of values within measurement error of the first visit: its value ± the
 * limit a real change between it and the latest visit must exceed, by the same rule
 * the comparison of two visits and the trend's marks use (compare.ts
 * smallestRealDifference, raised to the measure's evidence by evidence.ts changeLimit).
 * A later value outside it differs from the first visit by more than measurement error.
 */
export function changeBand(series: TrendSeries): {
  readonly low: number
  readonly high: number
  readonly half: number
} {
  const first = series.points[0]!
  const last = series.points.at(-1)!
  const half = changeLimit(smallestRealDifference(first.u, last.u), series.evidence) ?? 0
  return { low: first.value - half, high: first.value + half, half }
}

/** A visit as a column of the trend table. */
export interface TrendColumn {
  /** The visit's id. */
  readonly id: string
  readonly date: string
  readonly created: string
}

/**
 * The columns of the trend table: one per visit with a value in any of the series,
 * oldest first (chronological), so that two visits of one date are two columns.
 */
export function trendColumns(series: readonly TrendSeries[]): TrendColumn[] {
  const visits = new Map<string, TrendColumn>()
  for (const s of series)
    for (const p of s.points)
      if (!visits.has(p.visitId)) visits.set(p.visitId, { id: p.visitId, date: p.date, created: p.created })
  return chronological([...visits.values()])
}

/**
 * The trend as CSV: a row per visit and metric with patient, date, view, metric,
 * value, uncertainty, unit, whether the change is real, and the visit's start time
 * (ISO), which orders and tells apart the rows of two visits of one date; the unit in
 * words of the language (`units`, as the other CSVs write it); in `dialect`
 * (csv-text.ts). The start time and then the evidence that judged the change are the
 * last columns, added after the others so that a reader of the earlier columns by
 * position reads them as before. `label` (the spreadsheet CSV, for people): the metric
 * column holds the metric's name in the language, and its code follows in a column
 * added last (headers: the caller's).
 */
export function trendCsv(
  patient: string,
  series: readonly TrendSeries[],
  headers: readonly string[],
  verdict: (real: boolean | null) => string,
  units: Readonly<Record<Unit, string>>,
  evidence: (e: Evidence) => string,
  dialect: CsvDialect = MACHINE_CSV,
  label?: (series: TrendSeries) => string,
): string {
  const rows: CsvValue[][] = [[...headers]]
  for (const s of series) {
    for (const p of s.points)
      rows.push([
        patient,
        p.date,
        s.view,
        label ? label(s) : s.name,
        p.value,
        p.u,
        units[s.unit],
        verdict(p.real),
        p.created,
        p.real === null ? '' : evidence(s.evidence),
        ...(label ? [s.name] : []),
      ])
  }
  return csvText(rows, dialect)
}

/** Ticks 1, 2 or 5 × 10^k apart, about `count` of them, covering [lo, hi]. */
export function valueTicks(lo: number, hi: number, count = 4): number[] {
  const span = hi - lo || Math.abs(hi) || 1
  const raw = span / count
  const power = 10 ** Math.floor(Math.log10(raw))
  const step = ([1, 2, 5, 10].find((m) => m * power >= raw) ?? 10) * power
  const ticks: number[] = []
  for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) ticks.push(Math.round(v / step) * step)
  return ticks
}
