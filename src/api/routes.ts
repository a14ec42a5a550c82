/**
 * The HTTP routes. Each validates (by its schema) and answers with core's analysis of
 * the view (core/metrics/analysis.ts: the metrics and the answer's unit fields, the same
 * function the marking app runs on the device); nothing is computed here.
 */

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { TSchema } from 'typebox'
import type { Point } from '#core/geometry/angles.js'
import type { PosteriorMarker } from '#core/markers.js'
import {
  type AnalysisResult,
  analyzeAnterior,
  analyzeLateral,
  analyzePosterior,
  geometryDetail,
} from '#core/metrics/analysis.js'
import { estimatePopliteal } from '#core/metrics/index.js'
import { sendValidationError } from './errors.js'
import {
  AnteriorRequest,
  AnteriorResponse,
  answer,
  HealthResponse,
  LateralRequest,
  LateralResponse,
  PoplitealRequest,
  PoplitealResponse,
  PosteriorRequest,
  PosteriorResponse,
  ref,
} from './schemas.js'

export interface RoutesOptions {
  version: string
}

// biome-ignore lint/suspicious/noExplicitAny: the routes take whatever server, request, reply and logger types the app was built with; only the type provider matters here
type App = FastifyInstance<any, any, any, any, TypeBoxTypeProvider>

const COORDINATES =
  'Coordinates are image pixels, x to the right and y downward; fc is centimetres per pixel; lrv_x is the x of the vertical reference line. ' +
  "Signs follow the subject's body, not the photo (see each metric). No value is rounded."

const ERRORS =
  '422 lists every problem of the request at once (missing or mistyped fields, missing markers, values that are not two finite numbers within the limits, ' +
  'fc <= 0, coincident markers that make a metric undefined); the other errors are listed below.'

/** The schema of an analysis route: its body and its 200 response (docs.ts adds the errors). */
function analysis<B extends TSchema, R extends TSchema>(
  operationId: string,
  summary: string,
  view: string,
  body: B,
  ok: R,
) {
  return {
    operationId,
    summary,
    description: `${view} ${COORDINATES} ${ERRORS}`,
    tags: ['analysis'],
    body: ref(body),
    response: { 200: answer(ok, 'The metrics.') },
  }
}

/** 422 for metrics that coincident markers make undefined. */
function undefinedGeometry(request: FastifyRequest, reply: FastifyReply, result: AnalysisResult & { ok: false }) {
  const detail = geometryDetail(result.problems)
  request.log.info(
    { method: request.method, url: request.url, statusCode: 422, detail },
    'request rejected: undefined geometry',
  )
  sendValidationError(reply, detail)
}

export async function routes(app: App, options: RoutesOptions) {
  const health = { status: 'healthy' as const, version: options.version, message: 'posture-metrics is running.' }

  app.get(
    '/health',
    {
      schema: {
        operationId: 'getHealth',
        summary: 'Liveness',
        description:
          'Answers 200 while the process is running, also while it sheds load or is starved of CPU (never shed: a liveness probe must not restart a busy process).',
        tags: ['service'],
        response: { 200: answer(HealthResponse, 'The service is running.') },
      },
    },
    () => health,
  )

  app.post(
    '/api/analyze/anterior',
    {
      config: { view: 'anterior' },
      schema: analysis(
        'analyzeAnterior',
        'Anterior view: head, shoulder, trunk, pelvis and tibial tuberosity tilts, midline offsets, Q angles',
        'Subject faces the camera.',
        AnteriorRequest,
        AnteriorResponse,
      ),
    },
    (request, reply) => {
      const result = analyzeAnterior(request.body)
      if (!result.ok) return undefinedGeometry(request, reply, result)
      return result.answer
    },
  )

  app.post(
    '/api/analyze/posterior',
    {
      config: { view: 'posterior' },
      schema: analysis(
        'analyzePosterior',
        'Posterior view: rearfoot angles, coronal balance of the spine, pelvis and head tilts',
        "Subject's back to the camera.",
        PosteriorRequest,
        PosteriorResponse,
      ),
    },
    (request, reply) => {
      // The schema requires both popliteal markers unless estimate_popliteal is true,
      // and the estimated table never reads them.
      const markers = request.body.markers as Record<PosteriorMarker, Point>
      const { calibration, estimate_popliteal } = request.body
      const result = analyzePosterior({ calibration, markers, estimate_popliteal })
      if (!result.ok) return undefinedGeometry(request, reply, result)
      return result.answer
    },
  )

  app.post(
    '/api/analyze/lateral',
    {
      config: { view: 'lateral' },
      schema: analysis(
        'analyzeLateral',
        'Lateral view: head, trunk and body alignment, elbow, hip, knee and ankle angles, lumbar apex offset',
        'Profile photo; side says which side of the subject faces the camera.',
        LateralRequest,
        LateralResponse,
      ),
    },
    (request, reply) => {
      const result = analyzeLateral(request.body)
      if (!result.ok) return undefinedGeometry(request, reply, result)
      return result.answer
    },
  )

  app.post(
    '/api/estimate-popliteal',
    {
      schema: {
        operationId: 'estimatePopliteal',
        summary: 'Estimate a popliteal point from the Achilles and calcaneus markers',
        description:
          'popliteo.x = aquiles.x; popliteo.y = aquiles.y - factor * hypot(aquiles.x - calcaneo.x, aquiles.y - calcaneo.y): the point straight above the Achilles marker, ' +
          `factor times the Achilles-to-calcaneus distance away (pixels, y grows downward). ${ERRORS}`,
        tags: ['analysis'],
        body: ref(PoplitealRequest),
        response: { 200: answer(PoplitealResponse, 'The estimated popliteal point.') },
      },
    },
    (request) => {
      const body = request.body
      return { popliteo: estimatePopliteal(body.aquiles, body.calcaneo, body.factor) }
    },
  )
}
