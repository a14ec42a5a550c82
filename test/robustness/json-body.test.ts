/**
 * The service's JSON body parser (src/http/json-body.ts) takes JSON.parse alone for a
 * body that cannot hold a `__proto__` or `constructor` key, and secure-json-parse
 * otherwise: both ways must give what secure-json-parse gives, for the plain names, for
 * the names spelled with `\u` escapes, and for a body starting with a BOM.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import secureJson from 'secure-json-parse'
import { EXAMPLES } from '../../src/api/examples.js'
import { mayHoldPoisonedKeys, parseJsonBody } from '../../src/http/json-body.js'

const secure = (text: string) =>
  secureJson.parse(text, undefined, { protoAction: 'remove', constructorAction: 'remove' })

describe('JSON body parser', () => {
  it('parses the realistic bodies with JSON.parse alone, to the same value', () => {
    for (const body of Object.values(EXAMPLES)) {
      const text = JSON.stringify(body)
      assert.equal(mayHoldPoisonedKeys(text), false)
      assert.deepEqual(parseJsonBody(text), secure(text))
    }
  })

  it('drops __proto__ and constructor keys however they are spelled, as secure-json-parse does', () => {
    for (const text of [
      '{"__proto__": {"polluted": true}, "a": 1}',
      '{"constructor": {"prototype": {"x": 1}}, "a": 1}',
      '{"\\u005f_proto__": {"polluted": true}, "a": 1}',
      '{"__pro\\u0074o__": {"polluted": true}, "a": 1}',
      '{"\\u0063onstructor": {"prototype": {"x": 1}}, "a": 1}',
      '{"a": {"b": {"__proto__": {"polluted": true}}}}',
    ]) {
      assert.equal(mayHoldPoisonedKeys(text), true, text)
      const parsed = parseJsonBody(text) as Record<string, unknown>
      assert.deepEqual(parsed, secure(text), text)
      assert.equal(Object.hasOwn(parsed, '__proto__'), false, text)
      assert.equal(Object.hasOwn(parsed, 'constructor'), false, text)
    }
    assert.equal(({} as Record<string, unknown>).polluted, undefined)
  })

  it("reads a body that starts with a BOM, and refuses invalid JSON with the parser's words", () => {
    assert.deepEqual(parseJsonBody('\ufeff{"a": 1}'), { a: 1 })
    assert.throws(
      () => parseJsonBody('{"a": '),
      (error: Error) => {
        assert.throws(() => JSON.parse('{"a": '), { message: error.message })
        return true
      },
    )
  })
})
