/**
 * What the overlay draws, as data: the scene of a view (document, targets, flagged
 * targets, metric figures, highlight) built from the state, the transform from photo
 * to screen, and the metric colours. Pure: no DOM (overlay.ts draws it).
 */
import { type MetricInfo, metricsOf } from '../metrics/metric-info.js'
import { type Doc, requestOf, type Target, targetsOf, type View } from '../state/model.js'
import { shownValues } from '../state/partial.js'
import { type AppState, problemsByPlace, promptOf } from '../state/state.js'

export interface Transform {
  readonly s: number
  readonly tx: number
  readonly ty: number
}

export interface Figure {
  readonly info: MetricInfo
  readonly value: number
  readonly color: string
}

export interface Scene {
  readonly doc: Doc
  readonly targets: readonly Target[]
  readonly active: string | null
  /** Targets with an API problem. */
  readonly flagged: ReadonlySet<string>
  readonly figures: readonly Figure[]
  /** Metric to emphasise (hovered in the results table). */
  readonly highlight: string | null
  /** Figures belong to an earlier state (a new analysis is on its way). */
  readonly stale: boolean
}

/** A distinct colour per metric, readable over skin and clothing. */
export const PALETTE = ['#e6194b', '#1f77b4', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf', '#d62790', '#8c6d1f']

export function colorOf(index: number): string {
  return PALETTE[index % PALETTE.length]!
}

/** The scene of a view; `interactive` adds the selection, the highlight and staleness (the stage, not the report). */
export function sceneOf(state: AppState, view: View, interactive: boolean): Scene {
  const vs = state.views[view]
  const outcome = vs.outcome
  const figures: Figure[] = []
  // An incomplete view draws its partial results (state/partial.ts); a complete one the service's last answer, stale until the new one comes.
  const { partial } = shownValues(view, vs.doc, outcome)
  const values = partial ? partial.values : outcome.values
  if (values) {
    metricsOf(view, vs.doc.estimatePopliteal).forEach((info, i) => {
      const value = values[info.name]
      if (typeof value === 'number') figures.push({ info, value, color: colorOf(i) })
    })
  }
  const request = requestOf(view, vs.doc)
  return {
    doc: vs.doc,
    targets: targetsOf(view, vs.doc),
    active: interactive ? promptOf(state, view) : null,
    flagged: new Set(problemsByPlace(state, view).keys()),
    figures,
    highlight: interactive ? state.highlight : null,
    stale: interactive && partial === null && (outcome.pending || !request.ready || request.key !== outcome.key),
  }
}

/**
 * Whether two scenes draw the same (the stage then draws nothing: a change of the app's state
 * that does not concern the photo, a notice say, leaves the drawing as it is).
 */
export function sameScene(a: Scene, b: Scene): boolean {
  return (
    a.doc === b.doc &&
    a.active === b.active &&
    a.highlight === b.highlight &&
    a.stale === b.stale &&
    a.flagged.size === b.flagged.size &&
    [...a.flagged].every((id) => b.flagged.has(id)) &&
    a.targets.length === b.targets.length &&
    a.targets.every((x, i) => {
      const y = b.targets[i]!
      return x.id === y.id && x.label === y.label && x.required === y.required
    }) &&
    a.figures.length === b.figures.length &&
    a.figures.every((f, i) => {
      const g = b.figures[i]!
      return f.info.name === g.info.name && f.value === g.value && f.color === g.color
    })
  )
}
