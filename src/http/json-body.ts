/**
 * Request bodies: JSON only (any other Content-Type is 415), their nesting bounded on
 * the raw text first (json-depth.ts: 422 `too_deep` beyond limits.ts MAX_JSON_DEPTH,
 * before anything recursive reads them), then parsed with secure-json-parse so
 * `__proto__` and `constructor` keys are dropped like any unknown field; invalid JSON
 * is a 400 carrying the parser's own words. A body that cannot hold such a key (no
 * `proto`, no `constructor`, no `\u` escape that could spell one, no BOM) is parsed by
 * JSON.parse alone: secure-json-parse would parse it the same way and then scan it
 * twice with its regular expressions to find nothing, a measurable share of an
 * analysis request's CPU time (bench/README.md, "Fifth round").
 */

import type { FastifyError } from 'fastify'
import fp from 'fastify-plugin'
import secureJson from 'secure-json-parse'
import { MAX_JSON_DEPTH } from '../limits.js'
import { MESSAGES } from '../messages.js'
import { checkJsonDepth, type JsonTooDeep } from './json-depth.js'

/** The error code the error handler maps to 400. */
export const INVALID_JSON = 'INVALID_JSON'

const SECURE_OPTIONS = { protoAction: 'remove', constructorAction: 'remove' } as const

/**
 * Whether `text` might hold a `__proto__` or `constructor` key that secure-json-parse would
 * drop: its own test looks for the key's letters, each either as itself or as a `\uXXXX`
 * escape, so text with neither the plain names nor any `\u` cannot match it; a leading
 * BOM, which secure-json-parse strips and JSON.parse refuses, goes its way too.
 */
export function mayHoldPoisonedKeys(text: string): boolean {
  return text.charCodeAt(0) === 0xfeff || text.includes('proto') || text.includes('constructor') || text.includes('\\u')
}

/** The body's value: JSON.parse, or secure-json-parse when a `__proto__` or `constructor` key is possible. */
export function parseJsonBody(text: string): unknown {
  return mayHoldPoisonedKeys(text) ? secureJson.parse(text, undefined, SECURE_OPTIONS) : JSON.parse(text)
}

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
        done(null, parseJsonBody(body as string))
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
