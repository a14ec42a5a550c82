/**
 * TypeBox schemas: the single source of the request validation, the TypeScript
 * types of the handlers, the compiled response serializers and the OpenAPI
 * document. Marker names come from src/markers.ts; metric descriptions come from
 * the metric tables in src/metrics, so the docs page says what the code does.
 */
import { Type, type Static, type TSchema } from 'typebox'
import {
  COORDINATE_LIMIT,
  POPLITEAL_MARKERS,
  SIDES,
  VIEWS,
  type MarkerName,
  type View,
} from '../markers.js'
import { ANTERIOR_METRICS, LATERAL_METRICS, POSTERIOR_METRICS, type Metric } from '../metrics/index.js'
import { EXAMPLES } from './examples.js'

const LIMIT = `absolute value at most ${COORDINATE_LIMIT.toExponential().replace('+', '')}`

/** One pixel coordinate. JSON has no NaN or Infinity; the bound also rejects 1e999 (parsed as Infinity). */
function coordinate(description: string) {
  return Type.Number({ minimum: -COORDINATE_LIMIT, maximum: COORDINATE_LIMIT, description })
}

function markerPair(label: string, hint: string) {
  return Type.Tuple([coordinate('x in pixels (grows to the right).'), coordinate('y in pixels (grows downward).')], {
    maxItems: 2,
    description: `${label}: ${hint} A two-number array [x, y] in image pixels, each finite with ${LIMIT}.`,
  })
}

type MarkerPairSchema = ReturnType<typeof markerPair>

/** A view's marker map: every marker required (names case-sensitive), extra keys ignored. */
function markersOf<V extends View>(view: V, optional: readonly string[] = []) {
  const properties = {} as Record<MarkerName<V>, MarkerPairSchema>
  for (const marker of VIEWS[view]) {
    const schema = markerPair(marker.label, marker.hint)
    properties[marker.name as MarkerName<V>] = (optional.includes(marker.name) ? Type.Optional(schema) : schema) as MarkerPairSchema
  }
  return Type.Object(properties, {
    description: `All ${VIEWS[view].length} ${view} markers, each a two-number array [x, y] in image pixels. Names are case-sensitive; unknown keys are ignored.`,
  })
}

const calibration = Type.Object(
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
        description: 'Size of the calibration grid in cm, > 0. Optional and not used by any metric (a front end derives fc from it).',
      }),
    ),
  },
  { description: 'Calibration of the photograph: lrv_x (plumb line x, px) and fc (cm per pixel).' },
)


export const AnteriorRequest = Type.Object(
  { calibration, markers: markersOf('anterior') },
  { description: 'Anterior view (subject faces the camera).', examples: [EXAMPLES.anterior] },
)

const posteriorMarkers = markersOf('posterior', POPLITEAL_MARKERS)

export const PosteriorRequest = Type.Object(
  {
    calibration,
    markers: posteriorMarkers,
    estimate_popliteal: Type.Optional(
      Type.Boolean({
        default: false,
        description:
          'false (default): popliteo_izq and popliteo_der are required and define each leg axis. true: they are optional and ignored; each leg axis is the image vertical through the Achilles marker.',
      }),
    ),
  },
  {
    description: "Posterior view (subject's back to the camera).",
    examples: [EXAMPLES.posterior],
    // The popliteal markers are required unless estimate_popliteal is true.
    if: { properties: { estimate_popliteal: { const: true } }, required: ['estimate_popliteal'] },
    then: {},
    else: { properties: { markers: { type: 'object', required: [...POPLITEAL_MARKERS] } } },
  },
)

export const LateralRequest = Type.Object(
  {
    calibration,
    markers: markersOf('lateral'),
    side: Type.Enum(SIDES, {
      description:
        "Which side of the subject faces the camera: 'right' (subject faces image right) or 'left' (faces image left). Echoed in the response.",
    }),
  },
  { description: 'Lateral view (profile).', examples: [EXAMPLES.lateral] },
)

const PlanePoint = (description: string) =>
  Type.Object(
    { x: coordinate('x in pixels.'), y: coordinate('y in pixels (grows downward).') },
    { description },
  )

export const PoplitealRequest = Type.Object(
  {
    aquiles: PlanePoint('Achilles marker {x, y} in pixels.'),
    calcaneo: PlanePoint('Calcaneus marker {x, y} in pixels.'),
    factor: Type.Number({
      exclusiveMinimum: 0,
      maximum: COORDINATE_LIMIT,
      description: 'How many Achilles-to-calcaneus distances above the Achilles marker to place the popliteal point. Required, finite, > 0.',
    }),
  },
  { examples: [EXAMPLES.popliteal] },
)

export const PoplitealResponse = Type.Object({
  popliteo: Type.Object(
    { x: Type.Number(), y: Type.Number() },
    { description: 'Estimated popliteal point: x = aquiles.x, y = aquiles.y - factor * |aquiles - calcaneo| (pixels, y grows downward).' },
  ),
}, { description: 'The estimated popliteal point.' })

function metricFields(metrics: readonly Metric<string, never>[]) {
  const properties: Record<string, TSchema> = {}
  for (const m of metrics) {
    properties[m.name] = Type.Number({ description: `${m.formula} ${m.meaning} Unit: ${m.unit === 'cm' ? 'centimetres' : 'degrees'}.` })
  }
  return properties
}

const UNIT_FIELDS = {
  unit_angles: Type.Literal('degrees', { description: 'Unit of every angle: degrees.' }),
  unit_distances: Type.Literal('cm', { description: 'Unit of every distance: centimetres.' }),
}

// Metric fields first, in the spec's order, then the unit fields.
const METRICS_DESCRIPTION = 'The metrics, unrounded, in the order below.'
export const AnteriorResponse = Type.Object({ ...metricFields(ANTERIOR_METRICS), ...UNIT_FIELDS }, { description: METRICS_DESCRIPTION })
export const PosteriorResponse = Type.Object({ ...metricFields(POSTERIOR_METRICS), ...UNIT_FIELDS }, { description: METRICS_DESCRIPTION })
export const LateralResponse = Type.Object(
  {
    ...metricFields(LATERAL_METRICS),
    side: Type.Enum(SIDES, { description: 'The side sent in the request.' }),
    unit: Type.Literal('degrees', { description: 'Unit of every angle: degrees.' }),
  },
  { description: METRICS_DESCRIPTION },
)

export const HealthResponse = Type.Object(
  {
    status: Type.Literal('healthy'),
    version: Type.String({ description: 'Service version (package version).' }),
    message: Type.String(),
  },
  { description: 'The service is running.' },
)

/** FastAPI's validation error shape: every problem of the request, one entry each. */
export const ValidationErrorResponse = Type.Object(
  {
    detail: Type.Array(
      Type.Object({
        loc: Type.Array(Type.Union([Type.String(), Type.Integer()]), {
          description: 'Path to the offending value, e.g. ["body", "markers", "tat_der"].',
        }),
        msg: Type.String({ description: 'What is wrong and what is expected.' }),
        type: Type.String({ description: 'Error kind, e.g. missing, float_type, too_short, greater_than, literal_error, undefined_geometry.' }),
        input: Type.Optional(Type.Unknown({ description: 'The offending value, when short enough to echo.' })),
        ctx: Type.Optional(Type.Object({}, { additionalProperties: true, description: 'Facts about the error, by type.' })),
      }),
    ),
  },
  { description: 'Validation error (422): every problem of the request at once.' },
)

/** `{"detail": "..."}`, described for one status. */
export function errorResponse(description: string) {
  return Type.Object({ detail: Type.String({ description: 'What went wrong and what to send instead.' }) }, { description })
}

export type AnteriorBody = Static<typeof AnteriorRequest>
export type PosteriorBody = Static<typeof PosteriorRequest>
export type LateralBody = Static<typeof LateralRequest>
export type PoplitealBody = Static<typeof PoplitealRequest>
