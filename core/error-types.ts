/**
 * The stable vocabulary of 422 answers: every `type` the service puts in
 * `{"detail": [{"loc", "msg", "type", "input"?, "ctx"?}]}`, what it means, and the
 * shape of its `ctx`. Clients (the marking app first) decide from `type` and `ctx`;
 * `msg` is English prose for people. Names follow pydantic v2 where pydantic has one.
 *
 * These names are a contract: add new ones, never rename or remove one.
 * Pure types and data, no Node or browser APIs: the web app imports this file too.
 */

/** Path to the offending value: `["body", "markers", "tragus", 0]`. */
export type Loc = (string | number)[]

/** Every `type` a 422 entry can carry. */
export const ERROR_TYPES = [
  'missing',
  'model_attributes_type',
  'dict_type',
  'list_type',
  'float_type',
  'bool_type',
  'too_short',
  'too_long',
  'finite_number',
  'greater_than',
  'greater_than_equal',
  'less_than_equal',
  'literal_error',
  'undefined_geometry',
  'value_error',
  'too_deep',
] as const

export type ErrorType = (typeof ERROR_TYPES)[number]

/** One line per `type`: when the service answers with it. */
export const ERROR_MEANINGS: { readonly [T in ErrorType]: string } = {
  missing: 'A required field or marker is absent; loc names it (loc ["body"]: no body at all).',
  model_attributes_type: 'The request body is not a JSON object.',
  dict_type: 'A field that must be a JSON object (calibration, markers, aquiles, calcaneo) is something else.',
  list_type: 'A marker is not an array [x, y].',
  float_type: 'A field that must be a number is something else (strings such as "12" are not converted).',
  bool_type: 'estimate_popliteal is not true or false.',
  too_short: 'A marker has fewer than two numbers.',
  too_long: 'A marker has more than two numbers.',
  finite_number: 'A number too large to represent (JSON parsing turns a literal such as 1e999 into Infinity).',
  greater_than: 'A value must be greater than ctx.gt (fc, grid_size_cm and factor must be > 0).',
  greater_than_equal: 'A value is below ctx.ge (coordinates are at least -1e9).',
  less_than_equal: 'A value is above ctx.le (coordinates, fc, grid_size_cm and factor are at most 1e9).',
  literal_error: 'A value is not one of ctx.expected (side).',
  undefined_geometry: 'Markers are placed so that metrics cannot be computed (usually two markers at the same point).',
  value_error: 'Any other schema violation; msg says what is expected.',
  too_deep:
    'The body nests arrays and objects deeper than ctx.max_depth (ctx.depth: how deep it was); it was not read further.',
}

/** The fields every entry has. */
interface Entry<T extends ErrorType> {
  /** Path to the offending value; starts with "body". */
  loc: Loc
  /** What is wrong and what is expected, in English, for people. */
  msg: string
  type: T
}

/** The offending value as sent, when it is short enough to echo (see limits: longest echoed input). */
interface WithInput {
  input?: unknown
}

export type MissingError = Entry<'missing'> & {
  /** Present when the request has a key that looks like a misspelling of the missing one. */
  ctx?: {
    /** The key that was sent, e.g. "Tragus" or "tragus_dr" for the missing "tragus_der". */
    found: string
  }
}

export type WrongTypeError = Entry<'model_attributes_type' | 'dict_type' | 'list_type' | 'float_type' | 'bool_type'> &
  WithInput

export type TooShortError = Entry<'too_short'> & WithInput & { ctx: { min_length: number; actual_length: number } }

export type TooLongError = Entry<'too_long'> & WithInput & { ctx: { max_length: number; actual_length: number } }

/** No input: the value (Infinity) has no JSON form. */
export type FiniteNumberError = Entry<'finite_number'>

export type GreaterThanError = Entry<'greater_than'> & WithInput & { ctx: { gt: number } }

export type GreaterThanEqualError = Entry<'greater_than_equal'> & WithInput & { ctx: { ge: number } }

export type LessThanEqualError = Entry<'less_than_equal'> & WithInput & { ctx: { le: number } }

export type LiteralError = Entry<'literal_error'> & WithInput & { ctx: { expected: string[] } }

export type UndefinedGeometryError = Entry<'undefined_geometry'> & {
  ctx: {
    /** The marker names involved: the coincident pair, or every marker the metrics use when no pair coincides. */
    markers: string[]
    /** Where the coincident markers are, [x, y] in pixels; absent when no pair coincides. */
    at?: [number, number]
    /** The response fields (metric names) that cannot be computed. */
    metrics: string[]
  }
}

export type ValueError = Entry<'value_error'> & WithInput

/** No input: the body is refused before it is parsed. */
export type TooDeepError = Entry<'too_deep'> & { ctx: { max_depth: number; depth: number } }

/** One entry of a 422 answer's `detail`, discriminated by `type`. */
export type ErrorEntry =
  | MissingError
  | WrongTypeError
  | TooShortError
  | TooLongError
  | FiniteNumberError
  | GreaterThanError
  | GreaterThanEqualError
  | LessThanEqualError
  | LiteralError
  | UndefinedGeometryError
  | ValueError
  | TooDeepError

/** The `ctx` of an entry of type T (undefined for types without one). */
export type ErrorContext<T extends ErrorType> =
  Extract<ErrorEntry, { type: T }> extends { ctx?: infer C } ? C : undefined

/** The body of a 422 answer. */
export interface ValidationErrorBody {
  detail: ErrorEntry[]
}

/** Whether a string is one of the documented types (for clients reading an answer). */
export function isErrorType(value: unknown): value is ErrorType {
  return typeof value === 'string' && (ERROR_TYPES as readonly string[]).includes(value)
}
