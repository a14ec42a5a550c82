/**
 * Errors as data: turns schema validation errors and undefined geometry into
 * FastAPI's 422 shape with pydantic v2's additions, `{"detail": [{"loc", "msg",
 * "type", "input"?, "ctx"?}]}`: one sentence per problem saying what is wrong and
 * what is expected, and the `type`/`ctx` of error-types.ts for programs.
 */

import { distance } from 'fastest-levenshtein'
import type { FastifyReply } from 'fastify'
import type { ErrorEntry, Loc } from '#core/error-types.js'
import { POPLITEAL_MARKERS, VIEWS, type View } from '#core/markers.js'
import { COORDINATE_LIMIT_TEXT, MAX_ECHOED_INPUT_CHARS } from '../limits.js'
import { MESSAGES } from '../messages.js'

export type { ErrorEntry, Loc } from '#core/error-types.js'

/** The fields of an Ajv error that we read (Fastify's validator is Ajv, run with allErrors and verbose). */
export interface SchemaError {
  keyword: string
  instancePath: string
  params: Record<string, unknown>
  message?: string
  parentSchema?: { description?: string; properties?: Record<string, { description?: string }> }
  data?: unknown
}

type TypeErrorType = 'float_type' | 'bool_type' | 'dict_type' | 'list_type'

const TYPE_NAMES: Record<string, [expected: string, type: TypeErrorType]> = {
  number: ['a number', 'float_type'],
  boolean: ['true or false', 'bool_type'],
  object: ['a JSON object', 'dict_type'],
  array: ['an array', 'list_type'],
}

const LIMIT_TEXT = `a finite number with absolute value at most ${COORDINATE_LIMIT_TEXT}`

function locOf(instancePath: string): Loc {
  const loc: Loc = ['body']
  if (instancePath === '') return loc
  for (const raw of instancePath.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~')
    loc.push(/^(0|[1-9]\d*)$/.test(key) ? Number(key) : key)
  }
  return loc
}

/** How a sentence names the value at `loc`. */
function subject(loc: Loc): string {
  if (loc.length === 1) return 'The request body'
  if (loc[1] === 'markers' && loc.length >= 3) {
    const marker = `marker '${String(loc[2])}'`
    if (loc.length === 3) return `Marker '${String(loc[2])}'`
    if (loc[3] === 0) return `The x coordinate of ${marker}`
    if (loc[3] === 1) return `The y coordinate of ${marker}`
    return `Value ${String(loc[3])} of ${marker}`
  }
  return loc.slice(1).join('.')
}

/** A short rendering of the value that was sent. */
function shown(data: unknown): string {
  if (data === undefined) return 'nothing'
  if (typeof data === 'number') return Number.isFinite(data) ? String(data) : 'a number too large to represent'
  let text: string
  try {
    text = JSON.stringify(data) ?? String(data)
  } catch {
    // JSON.stringify overflows the stack on values nested thousands of levels deep
    // (JSON.parse accepts them, and a 64 KiB body holds 32,000 levels).
    text = Array.isArray(data) ? '[[[[[[[[[[...' : '{...'
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text
}

/** `{input}` when the value is short enough to echo back, else nothing. */
function inputOf(data: unknown): { input?: unknown } {
  if (data === undefined) return {}
  if (typeof data === 'number') return Number.isFinite(data) ? { input: data } : {}
  if (data === null || typeof data === 'boolean') return { input: data }
  if (typeof data === 'string') return data.length <= MAX_ECHOED_INPUT_CHARS - 2 ? { input: data } : {}
  try {
    const text = JSON.stringify(data)
    return text !== undefined && text.length <= MAX_ECHOED_INPUT_CHARS ? { input: data } : {}
  } catch {
    // Nested too deeply to serialize (see shown()).
    return {}
  }
}

/** The schema's description of a field, appended to a message. */
function expectation(description: string | undefined): string {
  return description === undefined ? '' : ` Expected: ${description}`
}

function isMarkerPair(loc: Loc): boolean {
  return loc.length === 3 && loc[1] === 'markers'
}

function isCoordinate(loc: Loc): boolean {
  if (loc.length === 4) return loc[1] === 'markers'
  if (loc.length === 3)
    return loc[1] === 'aquiles' || loc[1] === 'calcaneo' || (loc[1] === 'calibration' && loc[2] === 'lrv_x')
  return false
}

/**
 * The key in `sent` that the user most likely meant for `wanted`: the same name in
 * another case, or one at most two edits away that is not itself a known name.
 */
export function similarKey(wanted: string, sent: readonly string[], known: ReadonlySet<string>): string | undefined {
  let best: string | undefined
  let bestDistance = 3
  for (const key of sent) {
    if (known.has(key)) continue
    if (key.toLowerCase() === wanted.toLowerCase()) return key
    const d = distance(key.toLowerCase(), wanted)
    if (d < bestDistance) {
      best = key
      bestDistance = d
    }
  }
  return best
}

function keysOf(value: unknown): string[] {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : []
}

const KNOWN_MARKERS = Object.fromEntries(
  Object.entries(VIEWS).map(([view, markers]) => [view, new Set<string>(markers.map((m) => m.name))]),
) as unknown as Record<View, ReadonlySet<string>>

function missingMarker(marker: string, view: View, loc: Loc, body: unknown): ErrorEntry {
  const markers = VIEWS[view]
  const popliteal = view === 'posterior' && (POPLITEAL_MARKERS as readonly string[]).includes(marker)
  let msg = popliteal
    ? `Marker '${marker}' is missing; it is required unless estimate_popliteal is true (then each leg axis is taken as the vertical through the Achilles marker).`
    : `Marker '${marker}' is missing; the ${view} view needs all ${markers.length} markers: ${markers.map((m) => m.name).join(', ')}.`
  const sent = keysOf((body as { markers?: unknown } | null)?.markers)
  const near = similarKey(marker, sent, KNOWN_MARKERS[view])
  if (near === undefined) return { loc, msg, type: 'missing' }
  msg +=
    near.toLowerCase() === marker.toLowerCase()
      ? ` Found '${near}' - marker names are case-sensitive; rename it to '${marker}'.`
      : ` Found '${near}' - did you mean '${marker}'?`
  return { loc, msg, type: 'missing', ctx: { found: near } }
}

function tupleLength(loc: Loc, what: string, data: unknown, tooShort: boolean): ErrorEntry {
  const count = Array.isArray(data) ? data.length : 0
  const msg = `${what} must be exactly two numbers [x, y] in pixels; got ${count} value${count === 1 ? '' : 's'}.`
  return tooShort
    ? { loc, msg, type: 'too_short', ...inputOf(data), ctx: { min_length: 2, actual_length: count } }
    : { loc, msg, type: 'too_long', ...inputOf(data), ctx: { max_length: 2, actual_length: count } }
}

function entryFor(error: SchemaError, view: View | undefined, body: unknown): ErrorEntry | undefined {
  const loc = locOf(error.instancePath)
  const what = subject(loc)
  const description = error.parentSchema?.description
  const input = inputOf(error.data)
  // A value past [x, y] fails the `items` schema too; the marker's too_long entry (maxItems) says it all.
  if (isCoordinate(loc) && loc[1] === 'markers' && Number(loc[3]) >= 2) return undefined
  switch (error.keyword) {
    case 'required': {
      const field = String(error.params.missingProperty)
      const at = [...loc, field]
      if (loc.length === 2 && loc[1] === 'markers' && view !== undefined) return missingMarker(field, view, at, body)
      const expected = error.parentSchema?.properties?.[field]?.description
      const name = loc.length === 1 ? field : `${loc.slice(1).join('.')}.${field}`
      return { loc: at, msg: `Field '${name}' is missing.${expectation(expected)}`, type: 'missing' }
    }
    case 'type': {
      if (isMarkerPair(loc)) {
        return {
          loc,
          msg: `${what} must be a two-number array [x, y] in pixels; got ${shown(error.data)}.`,
          type: 'list_type',
          ...input,
        }
      }
      if (loc.length === 1) {
        return {
          loc,
          msg: `The request body must be a JSON object with the fields described at /docs; got ${shown(error.data)}.`,
          type: 'model_attributes_type',
          ...input,
        }
      }
      if (typeof error.data === 'number' && error.params.type === 'number') {
        // JSON.parse turns a literal like 1e999 into Infinity.
        return {
          loc,
          msg: `${what} must be ${LIMIT_TEXT}; got a number too large to represent.`,
          type: 'finite_number',
        }
      }
      const [expected, type] = TYPE_NAMES[String(error.params.type)] ?? [
        String(error.params.type),
        'float_type' as const,
      ]
      if (isCoordinate(loc))
        return { loc, msg: `${what} must be a number (pixels); got ${shown(error.data)}.`, type, ...input }
      return {
        loc,
        msg: `${what} must be ${expected}; got ${shown(error.data)}.${expectation(description)}`,
        type,
        ...input,
      }
    }
    case 'minItems':
      return tupleLength(loc, what, error.data, true)
    case 'maxItems':
    case 'items':
    case 'additionalItems':
      return tupleLength(loc, what, error.data, false)
    case 'minimum':
    case 'maximum': {
      const bound = Number(error.params.limit)
      const msg = isCoordinate(loc)
        ? `${what} must be ${LIMIT_TEXT} (no photograph is that large); got ${shown(error.data)}.`
        : `${what} must be ${error.keyword === 'minimum' ? 'at least' : 'at most'} ${String(bound)}; got ${shown(error.data)}.`
      return error.keyword === 'minimum'
        ? { loc, msg, type: 'greater_than_equal', ...input, ctx: { ge: bound } }
        : { loc, msg, type: 'less_than_equal', ...input, ctx: { le: bound } }
    }
    case 'exclusiveMinimum': {
      const bound = Number(error.params.limit)
      return {
        loc,
        msg: `${what} must be greater than ${String(bound)}; got ${shown(error.data)}.${expectation(description)}`,
        type: 'greater_than',
        ...input,
        ctx: { gt: bound },
      }
    }
    case 'enum':
    case 'const': {
      const allowed = ((error.params.allowedValues as unknown[] | undefined) ?? [error.params.allowedValue]).map(String)
      return {
        loc,
        msg: `${what} must be one of ${allowed.map((v) => `'${v}'`).join(', ')}; got ${shown(error.data)}.`,
        type: 'literal_error',
        ...input,
        ctx: { expected: allowed },
      }
    }
    case 'if':
      // The failing branch reports its own, more precise errors.
      return undefined
    default:
      return { loc, msg: `${what} is invalid: ${error.message ?? error.keyword}.`, type: 'value_error', ...input }
  }
}

/** Every schema problem of a request, one entry each (duplicates, e.g. maxItems + items, merged). */
export function validationDetail(errors: readonly SchemaError[], view: View | undefined, body: unknown): ErrorEntry[] {
  const detail: ErrorEntry[] = []
  const seen = new Set<string>()
  for (const error of errors) {
    const entry = entryFor(error, view, body)
    if (entry === undefined) continue
    const key = `${JSON.stringify(entry.loc)} ${entry.type}`
    if (seen.has(key)) continue
    seen.add(key)
    detail.push(entry)
  }
  return detail
}

/** The 422 entries of undefined geometry: core's, which the marking app also builds when it computes on the device. */
export { geometryDetail } from '#core/metrics/analysis.js'

/** Body of the 422 response when the request body is absent (FastAPI reports it as a missing field). */
export const MISSING_BODY: ErrorEntry[] = [{ loc: ['body'], msg: MESSAGES.missingBody, type: 'missing' }]

/**
 * Sends a 422 with its entries as they are: plain JSON.stringify, not the route's
 * compiled serializer, which would drop the fields of `ctx` it cannot see through
 * the schema's oneOf.
 */
export function sendValidationError(reply: FastifyReply, detail: readonly ErrorEntry[]) {
  return reply.code(422).type('application/json; charset=utf-8').serializer(JSON.stringify).send({ detail })
}
