/**
 * TypeBox schemas: the single source of the request validation, the TypeScript
 * types of the handlers, the compiled response serializers and the OpenAPI
 * document. Each named schema has an `$id`: the app registers it once
 * (app.addSchema) and routes refer to it by `$ref`, so the document lists it under
 * components/schemas by that name and generated clients get named types.
 *
 * JSON Schema 2020-12 (OpenAPI 3.1's dialect): a marker is a `prefixItems` tuple
 * (with an `items` schema for tools that read only that).
 * Marker names come from core/markers.ts, limits from src/limits.ts, metric
 * descriptions from the metric tables in core/metrics, error types from
 * error-types.ts, so the document says what the code does.
 */
import type { Static, TSchema } from 'typebox'
import { ERROR_MEANINGS, ERROR_TYPES, type ErrorType } from '#core/error-types.js'
import { type MarkerName, POPLITEAL_MARKERS, SIDES, VIEWS, type View } from '#core/markers.js'
import { ANTERIOR_METRICS, LATERAL_METRICS, type Metric, POSTERIOR_METRICS } from '#core/metrics/index.js'
import { COORDINATE_LIMIT, COORDINATE_LIMIT_TEXT, MAX_ECHOED_INPUT_CHARS } from '../limits.js'
import { ANSWERS, EXAMPLES, VALIDATION_ERROR_EXAMPLES } from './examples.js'
import { Type } from './schema-builders.js'

const LIMIT = `absolute value at most ${COORDINATE_LIMIT_TEXT}`

/** The name of a named schema. */
export function idOf(schema: TSchema): string {
  const id = (schema as { $id?: unknown }).$id
  if (typeof id !== 'string') throw new Error('a $ref needs a schema with an $id')
  return id
}

/**
 * A `$ref` to a named schema, typed as that schema. With a description of its own,
 * the reference is wrapped in allOf: the document generator drops a `$ref`'s
 * siblings.
 */
export function ref<T extends TSchema>(schema: T, description?: string) {
  const $ref = idOf(schema)
  return Type.Unsafe<Static<T>>(description === undefined ? { $ref } : { allOf: [{ $ref }], description })
}

/** A route's response: the named schema, and what the answer means (the response's description in the document). */
export function answer<T extends TSchema>(schema: T, description: string) {
  return Type.Unsafe<Static<T>>({ $ref: idOf(schema), description })
}

/** One pixel coordinate. JSON has no NaN or Infinity; the bound also rejects 1e999 (parsed as Infinity). */
function coordinate(description: string) {
  return Type.Number({ minimum: -COORDINATE_LIMIT, maximum: COORDINATE_LIMIT, description })
}

/**
 * A marker position: exactly two numbers [x, y] (a 2020-12 tuple; TypeBox writes the
 * draft-07 form). `items` (a number) beside `prefixItems`, with minItems and maxItems 2,
 * says the same to tools that do not read prefixItems (openapi-generator,
 * openapi-python-client, Spectral's array-items rule): they see an array of two numbers.
 */
export const MarkerPoint = Type.Unsafe<[number, number]>({
  $id: 'MarkerPoint',
  type: 'array',
  prefixItems: [coordinate('x in pixels (grows to the right).'), coordinate('y in pixels (grows downward).')],
  items: coordinate('A coordinate in pixels; maxItems allows no third one.'),
  minItems: 2,
  maxItems: 2,
  description: `A marker position: a two-number array [x, y] in image pixels, each finite with ${LIMIT}.`,
  examples: [[400, 230]],
})

/** A view's marker map: every marker required (names case-sensitive), extra keys ignored. */
function markersOf<V extends View>(view: V, id: string, description: string, optional: readonly string[] = []) {
  const properties = {} as Record<MarkerName<V>, typeof MarkerPoint>
  for (const marker of VIEWS[view]) {
    const schema = ref(MarkerPoint, `${marker.label}: ${marker.hint}`)
    properties[marker.name as MarkerName<V>] = (
      optional.includes(marker.name) ? Type.Optional(schema) : schema
    ) as typeof MarkerPoint
  }
  return Type.Object(properties, {
    $id: id,
    description: `${description} Each is a two-number array [x, y] in image pixels. Names are case-sensitive; unknown keys are ignored.`,
  })
}

export const Calibration = Type.Object(
  {
    lrv_x: coordinate('x of the vertical reference line (plumb line), in pixels.'),
    fc: Type.Number({
      exclusiveMinimum: 0,
      maximum: COORDINATE_LIMIT,
      description: 'Centimetres per pixel: a length of n pixels is n * fc cm. A finite number > 0.',
    }),
    grid_size_cm: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        maximum: COORDINATE_LIMIT,
        description:
          'Size of the calibration grid in cm, > 0. Optional and not used by any metric (a front end derives fc from it).',
      }),
    ),
  },
  { $id: 'Calibration', description: 'Calibration of the photograph: lrv_x (plumb line x, px) and fc (cm per pixel).' },
)

export const AnteriorMarkers = markersOf(
  'anterior',
  'AnteriorMarkers',
  `All ${VIEWS.anterior.length} anterior markers, all required.`,
)

export const AnteriorRequest = Type.Object(
  { calibration: ref(Calibration), markers: ref(AnteriorMarkers) },
  { $id: 'AnteriorRequest', description: 'Anterior view (subject faces the camera).', examples: [EXAMPLES.anterior] },
)

const POPLITEAL_RULE = `${POPLITEAL_MARKERS.join(' and ')} are required unless estimate_popliteal is true (then they are optional and ignored).`

export const PosteriorMarkers = markersOf(
  'posterior',
  'PosteriorMarkers',
  `All ${VIEWS.posterior.length} posterior markers. ${POPLITEAL_RULE} Every other marker is always required.`,
  POPLITEAL_MARKERS,
)

export const PosteriorRequest = Type.Object(
  {
    calibration: ref(Calibration),
    markers: ref(PosteriorMarkers),
    estimate_popliteal: Type.Optional(
      Type.Boolean({
        default: false,
        description:
          'false (default): popliteo_izq and popliteo_der are required and define each leg axis. true: they are optional and ignored; each leg axis is the image vertical through the Achilles marker.',
      }),
    ),
  },
  {
    $id: 'PosteriorRequest',
    description: `Posterior view (subject's back to the camera). ${POPLITEAL_RULE}`,
    examples: [EXAMPLES.posterior],
    // The popliteal markers are required unless estimate_popliteal is true.
    if: { properties: { estimate_popliteal: { const: true } }, required: ['estimate_popliteal'] },
    then: {},
    // The branch only adds `required`; the schemas above validate every value. Each key is
    // declared here too (as `true`), so a checker that treats undeclared keys as errors
    // (Redocly's example check) reads the branch as the service does.
    else: {
      properties: {
        calibration: true,
        markers: {
          type: 'object',
          required: [...POPLITEAL_MARKERS],
          properties: Object.fromEntries(VIEWS.posterior.map((marker) => [marker.name, true])),
        },
        estimate_popliteal: true,
      },
    },
  },
)

export const LateralMarkers = markersOf(
  'lateral',
  'LateralMarkers',
  `All ${VIEWS.lateral.length} lateral markers, all required.`,
)

export const LateralRequest = Type.Object(
  {
    calibration: ref(Calibration),
    markers: ref(LateralMarkers),
    side: Type.Enum(SIDES, {
      description:
        "Which side of the subject faces the camera: 'right' (subject faces image right) or 'left' (faces image left). Echoed in the response.",
    }),
  },
  { $id: 'LateralRequest', description: 'Lateral view (profile).', examples: [EXAMPLES.lateral] },
)

export const PlanePoint = Type.Object(
  { x: coordinate('x in pixels (grows to the right).'), y: coordinate('y in pixels (grows downward).') },
  { $id: 'PlanePoint', description: `A point {x, y} in image pixels, each finite with ${LIMIT}.` },
)

export const PoplitealRequest = Type.Object(
  {
    aquiles: ref(PlanePoint, 'Achilles marker {x, y} in pixels.'),
    calcaneo: ref(PlanePoint, 'Calcaneus marker {x, y} in pixels.'),
    factor: Type.Number({
      exclusiveMinimum: 0,
      maximum: COORDINATE_LIMIT,
      description:
        'How many Achilles-to-calcaneus distances above the Achilles marker to place the popliteal point. Required, finite, > 0.',
    }),
  },
  {
    $id: 'PoplitealRequest',
    description: 'The Achilles and calcaneus markers of one leg, and the factor.',
    examples: [EXAMPLES.popliteal],
  },
)

export const PoplitealResponse = Type.Object(
  {
    popliteo: Type.Object(
      { x: Type.Number(), y: Type.Number() },
      {
        description:
          'Estimated popliteal point: x = aquiles.x, y = aquiles.y - factor * |aquiles - calcaneo| (pixels, y grows downward).',
      },
    ),
  },
  { $id: 'PoplitealResponse', description: 'The estimated popliteal point.', examples: [ANSWERS.popliteal] },
)

function metricFields(metrics: readonly Metric<string, never>[]) {
  const properties: Record<string, TSchema> = {}
  for (const m of metrics) {
    const landmarks =
      (m.landmarks === undefined ? '' : ` Landmarks: ${m.landmarks}`) +
      (m.published === undefined ? '' : ` ${m.published}`)
    const unit = m.unit === 'cm' ? 'centimetres' : 'degrees'
    properties[m.name] = Type.Number({
      description: `${m.formula} ${m.meaning} Unit: ${unit}. Source: ${m.source}${landmarks}`,
    })
  }
  return properties
}

const UNIT_FIELDS = {
  unit_angles: Type.Literal('degrees', { description: 'Unit of every angle: degrees.' }),
  unit_distances: Type.Literal('cm', { description: 'Unit of every distance: centimetres.' }),
}

// Metric fields first, in the spec's order, then the unit fields.
const METRICS_DESCRIPTION = 'The metrics, unrounded, in the order below.'
export const AnteriorResponse = Type.Object(
  { ...metricFields(ANTERIOR_METRICS), ...UNIT_FIELDS },
  { $id: 'AnteriorResponse', description: METRICS_DESCRIPTION, examples: [ANSWERS.anterior] },
)
export const PosteriorResponse = Type.Object(
  { ...metricFields(POSTERIOR_METRICS), ...UNIT_FIELDS },
  { $id: 'PosteriorResponse', description: METRICS_DESCRIPTION, examples: [ANSWERS.posterior] },
)
export const LateralResponse = Type.Object(
  {
    ...metricFields(LATERAL_METRICS),
    side: Type.Enum(SIDES, { description: 'The side sent in the request.' }),
    unit: Type.Literal('degrees', { description: 'Unit of every angle: degrees.' }),
    unit_distances: UNIT_FIELDS.unit_distances,
  },
  { $id: 'LateralResponse', description: METRICS_DESCRIPTION, examples: [ANSWERS.lateral] },
)

export const HealthResponse = Type.Object(
  {
    status: Type.Literal('healthy'),
    version: Type.String({ description: 'Service version (package version).' }),
    message: Type.String(),
  },
  { $id: 'HealthResponse', description: 'The service is running.' },
)

export const ReadyResponse = Type.Object(
  { status: Type.Literal('ready', { description: 'The process takes requests.' }) },
  { $id: 'ReadyResponse', description: 'Ready: send this instance traffic.' },
)

// ---------------------------------------------------------------------------------
// Errors

/** The ctx schema of each type that has one (error-types.ts has the TypeScript form). */
const CONTEXTS: Partial<Record<ErrorType, TSchema>> = {
  missing: Type.Object(
    { found: Type.String({ description: 'A key that was sent and looks like a misspelling of the missing one.' }) },
    { description: 'Present when the request has a key that looks like a misspelling of the missing one.' },
  ),
  too_short: Type.Object({ min_length: Type.Integer(), actual_length: Type.Integer() }),
  too_long: Type.Object({ max_length: Type.Integer(), actual_length: Type.Integer() }),
  greater_than: Type.Object({ gt: Type.Number() }),
  greater_than_equal: Type.Object({ ge: Type.Number() }),
  less_than_equal: Type.Object({ le: Type.Number() }),
  literal_error: Type.Object({ expected: Type.Array(Type.String(), { description: 'The allowed values.' }) }),
  undefined_geometry: Type.Object({
    markers: Type.Array(Type.String(), {
      description:
        'The marker names involved: the coincident pair, or every marker the metrics use when no pair coincides.',
    }),
    at: Type.Optional(ref(MarkerPoint, 'Where the coincident markers are; absent when no pair coincides.')),
    metrics: Type.Array(Type.String(), { description: 'The response fields (metric names) that cannot be computed.' }),
  }),
  too_deep: Type.Object({
    max_depth: Type.Integer({ description: 'The deepest nesting of arrays and objects a body may have.' }),
    depth: Type.Integer({ description: "The body's deepest nesting." }),
  }),
}

/** Types whose entry has no ctx and no input (the value has no JSON form, or is the parent object). */
const WITHOUT_INPUT: readonly ErrorType[] = ['missing', 'finite_number', 'undefined_geometry', 'too_deep']

/** The types that share one entry schema: they differ only in the type they expected. */
const WRONG_TYPE: readonly ErrorType[] = ['model_attributes_type', 'dict_type', 'list_type', 'float_type', 'bool_type']

const Loc = Type.Array(Type.Union([Type.String(), Type.Integer()]), {
  description: 'Path to the offending value, starting with "body", e.g. ["body", "markers", "tat_der", 0].',
})

function entrySchema(id: string, types: readonly ErrorType[]) {
  const [first] = types
  const context = first === undefined ? undefined : CONTEXTS[first]
  const typeSchema =
    types.length === 1
      ? Type.Literal(types[0] as string, { description: ERROR_MEANINGS[types[0] as ErrorType] })
      : Type.Enum([...types], { description: types.map((t) => `${t}: ${ERROR_MEANINGS[t]}`).join(' ') })
  const properties: Record<string, TSchema> = {
    loc: Loc,
    msg: Type.String({ description: 'What is wrong and what is expected, in English, for people.' }),
    type: typeSchema,
  }
  if (first !== undefined && !WITHOUT_INPUT.includes(first)) {
    properties.input = Type.Optional(
      Type.Unknown({
        description: `The offending value as sent, when its JSON is at most ${MAX_ECHOED_INPUT_CHARS} characters.`,
      }),
    )
  }
  if (context !== undefined) properties.ctx = first === 'missing' ? Type.Optional(context) : context
  return Type.Object(properties, { $id: id })
}

/** literal_error -> LiteralError, too_short -> TooShortError. */
function entryName(type: string): string {
  const name = type.replace(/(^|_)([a-z])/g, (_m, _u, c: string) => c.toUpperCase())
  return name.endsWith('Error') ? name : `${name}Error`
}

/** One entry schema per type (the wrong-type family shares one), named after the type. */
export const ERROR_ENTRY_SCHEMAS = [
  entrySchema('WrongTypeError', WRONG_TYPE),
  ...ERROR_TYPES.filter((t) => !WRONG_TYPE.includes(t)).map((t) => entrySchema(entryName(t), [t])),
]

export const ValidationErrorEntry = Type.Unsafe<unknown>({
  $id: 'ValidationErrorEntry',
  description: 'One problem of the request. Programs decide by `type` (and `ctx`); `msg` is prose for people.',
  oneOf: ERROR_ENTRY_SCHEMAS.map((s) => ({ $ref: idOf(s) })),
})

/** FastAPI's validation error shape with pydantic v2's input and ctx: every problem of the request, one entry each. */
export const ValidationError = Type.Object(
  { detail: Type.Array(ref(ValidationErrorEntry)) },
  {
    $id: 'ValidationError',
    description: 'Validation error (422): every problem of the request at once.',
    examples: [...VALIDATION_ERROR_EXAMPLES],
  },
)

/** `{"detail": "..."}`: every error answer other than 422. */
export const HTTPError = Type.Object(
  { detail: Type.String({ description: 'What went wrong and what to send instead.' }) },
  { $id: 'HTTPError', description: 'An error other than validation: one sentence in `detail`.' },
)

/** Every named schema, in the order the app registers them (a schema's references come first). */
export const NAMED_SCHEMAS: readonly TSchema[] = [
  MarkerPoint,
  Calibration,
  PlanePoint,
  AnteriorMarkers,
  PosteriorMarkers,
  LateralMarkers,
  AnteriorRequest,
  PosteriorRequest,
  LateralRequest,
  PoplitealRequest,
  AnteriorResponse,
  PosteriorResponse,
  LateralResponse,
  PoplitealResponse,
  HealthResponse,
  ReadyResponse,
  ...ERROR_ENTRY_SCHEMAS,
  ValidationErrorEntry,
  ValidationError,
  HTTPError,
]

export type AnteriorBody = Static<typeof AnteriorRequest>
export type PosteriorBody = Static<typeof PosteriorRequest>
export type LateralBody = Static<typeof LateralRequest>
export type PoplitealBody = Static<typeof PoplitealRequest>
