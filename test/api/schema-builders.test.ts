/**
 * src/api/schema-builders.ts against TypeBox: each builder schemas.ts uses returns
 * what TypeBox's returns, hidden marks and key order included, for the forms the
 * schemas use; and the service's named schemas never load TypeBox at run time.
 */

import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import { Type as TypeBox } from 'typebox'
import { Type } from '../../src/api/schema-builders.js'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

/** Every own property (hidden ones too), in order, recursively: what the two must agree on. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape)
  if (typeof value !== 'object' || value === null) return value
  return Object.getOwnPropertyNames(value).map((key) => [
    key,
    Object.getOwnPropertyDescriptor(value, key)?.enumerable,
    shape((value as Record<string, unknown>)[key]),
  ])
}

type Case = [string, (T: typeof TypeBox) => unknown]

const CASES: Case[] = [
  ['Number', (T) => T.Number()],
  ['Number with options', (T) => T.Number({ minimum: -1, maximum: 1, description: 'x' })],
  ['Integer', (T) => T.Integer()],
  ['String', (T) => T.String({ description: 's' })],
  ['Boolean with a default', (T) => T.Boolean({ default: false, description: 'b' })],
  ['Unknown', (T) => T.Unknown({ description: 'u' })],
  ['Literal', (T) => T.Literal('degrees', { description: 'd' })],
  ['Literal without options', (T) => T.Literal('healthy')],
  ['Enum', (T) => T.Enum(['right', 'left'], { description: 'e' })],
  ['Array', (T) => T.Array(T.String(), { description: 'a' })],
  ['Union', (T) => T.Union([T.String(), T.Integer()])],
  ['Unsafe', (T) => T.Unsafe({ $ref: 'X', description: 'r' })],
  ['Optional', (T) => T.Optional(T.Number({ description: 'o' }))],
  ['Optional of Unsafe', (T) => T.Optional(T.Unsafe({ allOf: [{ $ref: 'X' }], description: 'r' }))],
  ['Optional of Object', (T) => T.Optional(T.Object({ a: T.Number() }))],
  [
    'Object with required and optional properties and options',
    (T) =>
      T.Object(
        { a: T.Number(), b: T.Optional(T.String()), c: T.Unsafe({ $ref: 'X' }) },
        { $id: 'O', description: 'o', examples: [{ a: 1 }] },
      ),
  ],
  ['Object with only optional properties', (T) => T.Object({ a: T.Optional(T.Number()) })],
  // (if/then/else as entries: an object literal with a `then` key reads as a promise to the linter.)
  [
    'Object with if/then/else options',
    (T) =>
      T.Object(
        { a: T.Number() },
        Object.fromEntries([
          ['$id', 'I'],
          ['if', { required: ['a'] }],
          ['then', {}],
          ['else', { properties: {} }],
        ]),
      ),
  ],
]

describe('schema builders', () => {
  for (const [name, build] of CASES) {
    it(`${name}: the same object as TypeBox's`, () => {
      assert.deepEqual(shape(build(Type as unknown as typeof TypeBox)), shape(build(TypeBox)))
    })
  }

  it('no module of the service imports TypeBox at run time (type imports compile away)', () => {
    // The record server (src/record-server/) is a process of its own, not the metrics service: it checks
    // the one file schema (core/files/record-file-schema.ts, TypeBox) at run time.
    const files = readdirSync(join(ROOT, 'dist', 'src'), { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.js') && !f.startsWith('record-server'),
    )
    assert.ok(files.length > 10)
    for (const file of files) {
      const code = readFileSync(join(ROOT, 'dist', 'src', file), 'utf8')
      assert.doesNotMatch(code, /['"](typebox|@fastify\/type-provider-typebox)(\/[^'"]*)?['"]/, file)
    }
  })
})
