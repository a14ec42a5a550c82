/**
 * Every error answer raised inside Fastify, in the contract's shapes: schema
 * validation as 422 `{"detail": [entries]}` (src/api/errors.ts builds and sends the entries),
 * anything the client caused as `{"detail": "..."}` with its 4xx status, and
 * anything else as a 500 whose cause is logged, never sent.
 */

import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { View } from '#core/markers.js'
import {
  type ErrorEntry,
  MISSING_BODY,
  type SchemaError,
  sendValidationError,
  validationDetail,
} from '../api/errors.js'
import { MESSAGES } from '../messages.js'
import { INVALID_JSON } from './json-body.js'
import { JsonTooDeep } from './json-depth.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The view an analysis route serves, for the wording of its errors. */
    view?: View
  }
}

export const errorHandler = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      try {
        return handleError(error, request, reply)
      } catch (cause) {
        // Whatever goes wrong while describing an error, the answer keeps the contract's shape.
        request.log.error(
          { method: request.method, url: request.url, statusCode: 500, err: cause, original: error },
          'error handler failed',
        )
        return reply.code(500).send({ detail: MESSAGES.internalError })
      }
    })
  },
  { name: 'error-handler' },
)

function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof JsonTooDeep) {
    const detail: ErrorEntry[] = [
      {
        loc: ['body'],
        msg: MESSAGES.tooDeep(error.maxDepth, error.depth),
        type: 'too_deep',
        ctx: { max_depth: error.maxDepth, depth: error.depth },
      },
    ]
    request.log.info(
      { method: request.method, url: request.url, statusCode: 422, detail },
      'request rejected: too deep',
    )
    return sendValidationError(reply, detail)
  }
  if (error.validation) {
    const detail =
      request.body === undefined
        ? MISSING_BODY
        : validationDetail(error.validation as SchemaError[], request.routeOptions.config.view, request.body)
    request.log.info(
      { method: request.method, url: request.url, statusCode: 422, detail },
      'request rejected: validation',
    )
    return sendValidationError(reply, detail)
  }
  const [status, detail] = clientError(error)
  if (status < 500) {
    request.log.info({ method: request.method, url: request.url, statusCode: status, detail }, 'request rejected')
    return reply.code(status).send({ detail })
  }
  request.log.error({ method: request.method, url: request.url, statusCode: 500, err: error }, 'request failed')
  return reply.code(500).send({ detail: MESSAGES.internalError })
}

/** The status and message of an error that the client caused; 500 for anything else. */
function clientError(error: FastifyError): [number, string] {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return [415, MESSAGES.unsupportedMediaType]
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return [413, MESSAGES.bodyTooLarge]
    case INVALID_JSON:
      return [400, error.message]
  }
  const status = error.statusCode ?? 500
  if (status >= 400 && status < 500) return [status, error.message]
  return [500, MESSAGES.internalError]
}
