/**
 * The HTTP routes. Each validates (by its schema), calls the pure metric functions
 * and shapes the response; nothing is computed here.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { TSchema } from 'typebox'
import type { Point } from '../geometry/angles.js'
import type { PosteriorMarker } from '../markers.js'
import {
  ANTERIOR_METRICS,
  LATERAL_METRICS,
  POSTERIOR_METRICS,
  POSTERIOR_METRICS_ESTIMATED,
  estimatePopliteal,
  evaluate,
  forward,
  type Evaluation,
  type LateralContext,
} from '../metrics/index.js'
import { geometryDetail } from './errors.js'
import {
  AnteriorRequest,
  AnteriorResponse,
  errorResponse,
  HealthResponse,
  LateralRequest,
  LateralResponse,
  PoplitealRequest,
  PoplitealResponse,
  PosteriorRequest,
  PosteriorResponse,
  ValidationErrorResponse,
} from './schemas.js'

export interface RoutesOptions {
  version: string
}

type App = FastifyInstance<any, any, any, any, TypeBoxTypeProvider>

const ERRORS = {
  400: errorResponse('The body is not valid JSON.'),
  413: errorResponse('The body is larger than 64 KiB.'),
  415: errorResponse('The Content-Type is not application/json.'),
  422: ValidationErrorResponse,
  500: errorResponse('Unexpected failure; the cause is logged, never sent.'),
}

const ERROR_TEXT =
  'Errors: 422 lists every problem of the request at once ({"detail": [{"loc", "msg", "type"}]}: missing or mistyped fields, missing markers, ' +
  'values that are not two finite numbers within 1e9, fc <= 0, coincident markers that make a metric undefined); 400 body is not valid JSON; ' +
  '415 Content-Type is not application/json; 413 body over 64 KiB.'

const COORDINATES =
  'Coordinates are image pixels, x to the right and y downward; fc is centimetres per pixel; lrv_x is the x of the vertical reference line. ' +
  'Signs follow the subject\'s body, not the photo (see each metric). No value is rounded.'

const LATERAL_CONTEXT: Record<'right' | 'left', LateralContext> = {
  right: { forward: forward('right') },
  left: { forward: forward('left') },
}

/**
 * The unit fields of the anterior and posterior responses. Handlers add them to the
 * fresh `values` object instead of spreading it into a new literal: V8 copies a
 * spread object with number fields on a slow path that allocates in the old
 * generation (about 2 us and 0.5 KB of old-space garbage per request).
 */
const UNITS = { unit_angles: 'degrees', unit_distances: 'cm' } as const

/** The schema of an analysis route: its body, its 200 response and every error, for validation and the docs. */
function analysis<B extends TSchema, R extends TSchema>(summary: string, view: string, body: B, ok: R) {
  return { summary, description: `${view} ${COORDINATES} ${ERROR_TEXT}`, tags: ['analysis'], body, response: { 200: ok, ...ERRORS } }
}

/** 422 for metrics that coincident markers make undefined. */
function undefinedGeometry(request: FastifyRequest, reply: FastifyReply, result: Evaluation & { ok: false }) {
  const detail = geometryDetail(result.problems)
  request.log.info({ method: request.method, url: request.url, statusCode: 422, detail }, 'request rejected: undefined geometry')
  reply.code(422)
  return { detail }
}

export async function routes(app: App, options: RoutesOptions) {
  const health = { status: 'healthy' as const, version: options.version, message: 'posture-metrics is running.' }

  app.get('/health', {
    schema: { summary: 'Liveness', tags: ['service'], response: { 200: HealthResponse } },
  }, () => health)

  app.post('/api/analyze/anterior', {
    config: { view: 'anterior' },
    schema: analysis('Anterior view: head, trunk and pelvis tilts, facial offsets, Q angles', 'Subject faces the camera.', AnteriorRequest, AnteriorResponse),
  }, (request, reply) => {
    const { calibration, markers } = request.body
    const result = evaluate(ANTERIOR_METRICS, markers, calibration)
    if (!result.ok) return undefinedGeometry(request, reply, result)
    return Object.assign(result.values, UNITS)
  })

  app.post('/api/analyze/posterior', {
    config: { view: 'posterior' },
    schema: analysis('Posterior view: rearfoot angles, coronal balance, pelvis and head tilts', "Subject's back to the camera.", PosteriorRequest, PosteriorResponse),
  }, (request, reply) => {
    const { calibration, estimate_popliteal: estimate } = request.body
    // The schema requires both popliteal markers unless estimate_popliteal is true,
    // and the estimated table never reads them.
    const markers = request.body.markers as Record<PosteriorMarker, Point>
    const result = evaluate(estimate === true ? POSTERIOR_METRICS_ESTIMATED : POSTERIOR_METRICS, markers, calibration)
    if (!result.ok) return undefinedGeometry(request, reply, result)
    return Object.assign(result.values, UNITS)
  })

  app.post('/api/analyze/lateral', {
    config: { view: 'lateral' },
    schema: analysis('Lateral view: head and trunk angles, elbow and knee angles', 'Profile photo; side says which side of the subject faces the camera.', LateralRequest, LateralResponse),
  }, (request, reply) => {
    const { markers, side } = request.body
    const result = evaluate(LATERAL_METRICS, markers, LATERAL_CONTEXT[side])
    if (!result.ok) return undefinedGeometry(request, reply, result)
    return Object.assign(result.values, { side, unit: 'degrees' as const })
  })

  app.post('/api/estimate-popliteal', {
    schema: {
      summary: 'Estimate a popliteal point from the Achilles and calcaneus markers',
      description:
        'popliteo.x = aquiles.x; popliteo.y = aquiles.y - factor * hypot(aquiles.x - calcaneo.x, aquiles.y - calcaneo.y): the point straight above the Achilles marker, ' +
        `factor times the Achilles-to-calcaneus distance away (pixels, y grows downward). ${ERROR_TEXT}`,
      tags: ['analysis'],
      body: PoplitealRequest,
      response: { 200: PoplitealResponse, ...ERRORS },
    },
  }, (request) => {
    const { aquiles, calcaneo, factor } = request.body
    return { popliteo: estimatePopliteal(aquiles, calcaneo, factor) }
  })
}
