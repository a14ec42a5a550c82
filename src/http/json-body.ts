/**
 * Request bodies: JSON only (any other Content-Type is 415), their nesting bounded on
 * the raw text first (json-depth.ts: 422 `too_deep` beyond limits.ts MAX_JSON_DEPTH,
 * before anything recursive reads them), then parsed with secure-json-parse so
 * `__proto__` and `constructor` keys are dropped like any unknown field; invalid JSON
 * is a 400 carrying the parser's own words.
 */

import type { FastifyError } from 'fastify'
import fp from 'fastify-plugin'
import secureJson from 'secure-json-parse'
import { MAX_JSON_DEPTH } from '../limits.js'
import { MESSAGES } from '../messages.js'
import { checkJsonDepth, type JsonTooDeep } from './json-depth.js'

/** The error code the error handler maps to 400. */
export const INVALID_JSON = 'INVALID_JSON'

export const jsonBody = fp(
  async (app) => {
    app.removeAllContentTypeParsers()
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      if (body === '') return done(null, undefined)
      try {
        checkJsonDepth(body as string, MAX_JSON_DEPTH)
      } catch (error) {
        return done(error as JsonTooDeep, undefined)
      }
      try {
        done(null, secureJson.parse(body as string, undefined, { protoAction: 'remove', constructorAction: 'remove' }))
      } catch (cause) {
        const error = new Error(MESSAGES.invalidJson((cause as Error).message)) as FastifyError
        error.statusCode = 400
        error.code = INVALID_JSON
        done(error, undefined)
      }
    })
  },
  { name: 'json-body' },
)
