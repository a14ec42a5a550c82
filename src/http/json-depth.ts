/**
 * How deeply a JSON text nests its arrays and objects, found by one linear scan of
 * the raw text before it is parsed: both servers' JSON body parsers (the metrics
 * service's http/json-body.ts and the record server's app.ts) refuse a body nested
 * beyond their limit before anything recursive (JSON.parse's reviver, secure-json-parse,
 * the schema validator, JSON.stringify, a canonical hash) walks it. A body thousands of
 * levels deep fits in a few kilobytes and overflows the stack of recursive code
 * (docs/errors.md and docs/record-server.md, Limits).
 *
 * No Node or browser APIs; no recursion, no allocation beyond a few numbers.
 */

const QUOTE = 0x22 // "
const BACKSLASH = 0x5c // \
const OPEN_ARRAY = 0x5b // [
const CLOSE_ARRAY = 0x5d // ]
const OPEN_OBJECT = 0x7b // {
const CLOSE_OBJECT = 0x7d // }

/**
 * The deepest nesting of arrays and objects in `text` (0: a scalar; 1: `[]`, `{"a": 1}`),
 * counting brackets outside strings. Malformed JSON gets a number too (unbalanced
 * brackets count as they come); JSON.parse refuses it afterwards, with its own words.
 */
export function jsonDepth(text: string): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === BACKSLASH) i++
      else if (c === QUOTE) inString = false
    } else if (c === QUOTE) inString = true
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      depth++
      if (depth > deepest) deepest = depth
    } else if ((c === CLOSE_ARRAY || c === CLOSE_OBJECT) && depth > 0) depth--
  }
  return deepest
}

/** A body nested deeper than its limit, refused before it is parsed. */
export class JsonTooDeep extends Error {
  override name = 'JsonTooDeep'
  /** Fastify's error code for it: each server's error handler answers it in its own shape. */
  readonly code = 'JSON_TOO_DEEP'
  readonly statusCode = 422
  constructor(
    readonly maxDepth: number,
    readonly depth: number,
  ) {
    super(`The JSON body nests arrays and objects ${depth} levels deep; at most ${maxDepth} are accepted.`)
  }
}

/** Throws JsonTooDeep when `text` nests deeper than `maxDepth`. */
export function checkJsonDepth(text: string, maxDepth: number): void {
  const depth = jsonDepth(text)
  if (depth > maxDepth) throw new JsonTooDeep(maxDepth, depth)
}
