/**
 * The service's error answers in the user's language: each 422 entry is worded
 * from its `type` and `ctx` (core/error-types.ts) with the app's message
 * catalogue, names the markers by their label in that language, and says where it
 * belongs (a marker, the calibration, or the analysis as a whole). An unknown
 * `type` falls back to the service's own `msg`. Pure: no DOM.
 */
import { isErrorType } from '#core/error-types.js'
import { VIEWS, type View } from '#core/markers.js'
import type { Terms } from '../i18n/terms.js'

/** One problem as the app received it (api.ts). */
export interface ApiProblem {
  readonly loc: readonly (string | number)[]
  readonly msg: string
  readonly type?: string
  readonly ctx?: Readonly<Record<string, unknown>>
  readonly input?: unknown
  /** HTTP status; 0 when the service could not be reached. */
  readonly status?: number
}

/** The message keys this module needs from the catalogue, with their parameters. */
export type ApiErrorKey =
  | 'apiError.subject.body'
  | 'apiError.subject.marker'
  | 'apiError.subject.marker_x'
  | 'apiError.subject.marker_y'
  | 'apiError.subject.lrv_x'
  | 'apiError.subject.fc'
  | 'apiError.subject.grid_size_cm'
  | 'apiError.subject.side'
  | 'apiError.subject.estimate_popliteal'
  | 'apiError.subject.field'
  | 'apiError.missing'
  | 'apiError.missing_found'
  | 'apiError.wrong_type'
  | 'apiError.too_short'
  | 'apiError.too_long'
  | 'apiError.finite_number'
  | 'apiError.too_deep'
  | 'apiError.greater_than'
  | 'apiError.greater_than_equal'
  | 'apiError.less_than_equal'
  | 'apiError.literal_error'
  | 'apiError.undefined_geometry_at'
  | 'apiError.undefined_geometry'
  | 'apiError.value_error'
  | 'apiError.unreachable'
  | 'apiError.rate_limited'
  | 'apiError.too_large'
  | 'apiError.server_error'
  | 'apiError.http_error'
  | 'list.and'

export type Translate = (key: ApiErrorKey, params?: Readonly<Record<string, string | number>>) => string

export interface RenderedProblem {
  /** Where it is shown: a marker name, 'lrv', 'distance' (fc, known distance) or 'general'. */
  readonly places: readonly string[]
  readonly text: string
}

function markerLabel(view: View, name: string, terms: Terms): string {
  const known = VIEWS[view].some((m) => m.name === name)
  return known ? ((terms.markers as Record<string, { label: string }>)[name]?.label ?? name) : name
}

/** "A, B and C" in the language. */
function list(items: readonly string[], t: Translate): string {
  if (items.length <= 1) return items.join('')
  return t('list.and', { items: items.slice(0, -1).join(', '), last: items[items.length - 1]! })
}

/** How the message names the value at `loc` (lower case: it may stand inside a sentence). */
function subjectOf(view: View, loc: readonly (string | number)[], t: Translate, terms: Terms): string {
  const [, section, field, index] = loc
  if (section === undefined) return t('apiError.subject.body')
  if (section === 'markers' && typeof field === 'string') {
    const marker = markerLabel(view, field, terms)
    if (index === 0) return t('apiError.subject.marker_x', { marker })
    if (index === 1) return t('apiError.subject.marker_y', { marker })
    return t('apiError.subject.marker', { marker })
  }
  if (section === 'calibration' && (field === 'lrv_x' || field === 'fc' || field === 'grid_size_cm'))
    return t(`apiError.subject.${field}`)
  if (section === 'side' || section === 'estimate_popliteal') return t(`apiError.subject.${section}`)
  return t('apiError.subject.field', { field: loc.slice(1).join('.') })
}

/** Where a problem is shown, from its loc and (undefined geometry) its ctx.markers. */
export function placesOf(view: View, problem: ApiProblem): string[] {
  const [, section, field] = problem.loc
  const names = new Set<string>(VIEWS[view].map((m) => m.name))
  const places = new Set<string>()
  if (section === 'markers') {
    if (typeof field === 'string' && names.has(field)) places.add(field)
    const markers = problem.ctx?.markers
    if (Array.isArray(markers)) for (const m of markers) if (typeof m === 'string' && names.has(m)) places.add(m)
  } else if (section === 'calibration') {
    places.add(field === 'lrv_x' ? 'lrv' : 'distance')
  }
  if (places.size === 0) places.add('general')
  return [...places]
}

/** A number from the answer's ctx (t() writes it in the language's notation), '?' when missing. */
const num = (v: unknown): number | string => (typeof v === 'number' ? v : '?')

/** One problem in the user's language. */
export function renderProblem(view: View, problem: ApiProblem, t: Translate, terms: Terms): RenderedProblem {
  const places = placesOf(view, problem)
  const status = problem.status
  if (status !== undefined && status !== 422) {
    const text =
      status === 0
        ? t('apiError.unreachable')
        : status === 429
          ? t('apiError.rate_limited')
          : status === 413
            ? t('apiError.too_large')
            : status >= 500
              ? t('apiError.server_error', { status })
              : t('apiError.http_error', { status })
    return { places: ['general'], text }
  }
  const type = problem.type
  if (!isErrorType(type)) return { places, text: problem.msg }
  const subject = subjectOf(view, problem.loc, t, terms)
  const ctx = problem.ctx ?? {}
  let text: string
  switch (type) {
    case 'missing':
      text =
        typeof ctx.found === 'string'
          ? t('apiError.missing_found', { subject, found: ctx.found })
          : t('apiError.missing', { subject })
      break
    case 'model_attributes_type':
    case 'dict_type':
    case 'list_type':
    case 'float_type':
    case 'bool_type':
      text = t('apiError.wrong_type', { subject })
      break
    case 'too_short':
      text = t('apiError.too_short', { subject, actual: num(ctx.actual_length) })
      break
    case 'too_long':
      text = t('apiError.too_long', { subject, actual: num(ctx.actual_length) })
      break
    case 'finite_number':
      text = t('apiError.finite_number', { subject })
      break
    case 'greater_than':
      text = t('apiError.greater_than', { subject, limit: num(ctx.gt) })
      break
    case 'greater_than_equal':
      text = t('apiError.greater_than_equal', { subject, limit: num(ctx.ge) })
      break
    case 'less_than_equal':
      text = t('apiError.less_than_equal', { subject, limit: num(ctx.le) })
      break
    case 'literal_error':
      text = t('apiError.literal_error', {
        subject,
        expected: Array.isArray(ctx.expected) ? ctx.expected.join(', ') : '?',
      })
      break
    case 'undefined_geometry': {
      const markers = Array.isArray(ctx.markers) ? ctx.markers.filter((m): m is string => typeof m === 'string') : []
      const metrics = Array.isArray(ctx.metrics) ? ctx.metrics.filter((m): m is string => typeof m === 'string') : []
      const markerText = list(
        markers.map((m) => markerLabel(view, m, terms)),
        t,
      )
      const metricText = list(
        metrics.map((m) => terms.metrics[view][m]?.label ?? m),
        t,
      )
      const at = Array.isArray(ctx.at) && ctx.at.length === 2 ? ctx.at : null
      text = at
        ? t('apiError.undefined_geometry_at', {
            markers: markerText,
            x: num(at[0]),
            y: num(at[1]),
            metrics: metricText,
          })
        : t('apiError.undefined_geometry', { markers: markerText, metrics: metricText })
      break
    }
    case 'too_deep':
      text = t('apiError.too_deep')
      break
    case 'value_error':
      // English keeps the service's own sentence (it says what is expected); other languages name the field.
      text = t('apiError.value_error', { subject, msg: problem.msg })
      break
  }
  return { places, text: capitalized(text) }
}

/** Sentences start with a capital letter even when they start with a subject ("the reference line ..."). */
function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
