/**
 * The TypeBox builders that schemas.ts uses (`Type.Object`, `Type.Number`, ...), as
 * small plain functions: they return the same JSON Schema objects TypeBox returns
 * (the same keys in the same order, and its hidden `~kind`, `~optional` and
 * `~unsafe` marks) and carry TypeBox's own types, so `Static<...>` and the Fastify
 * type provider work as before. TypeBox itself stays a compile-time dependency:
 * loading it at run time only to build these objects once made it the largest
 * library in a worker's heap (bench/README.md, "Memory"). test/api/schema-builders.test.ts
 * checks every builder against TypeBox.
 */
import type { Type as TypeBox } from 'typebox'

/** The builders schemas.ts calls, typed as TypeBox's. */
export type Builders = Pick<
  typeof TypeBox,
  | 'Array'
  | 'Boolean'
  | 'Enum'
  | 'Integer'
  | 'Literal'
  | 'Number'
  | 'Object'
  | 'Optional'
  | 'String'
  | 'Union'
  | 'Unknown'
  | 'Unsafe'
>

type Schema = Record<string, unknown>
type Options = Record<string, unknown> | undefined

/** Sets one of TypeBox's hidden marks (not enumerable: JSON, Ajv and the document never see it). */
function mark<T extends object>(schema: T, name: string, value: unknown): T {
  Object.defineProperty(schema, name, { value, writable: true, enumerable: false, configurable: true })
  return schema
}

const kind = (name: string, schema: Schema) => mark(schema, '~kind', name)

const scalar = (name: string, type: string) => (options?: Options) => kind(name, { type, ...options })

export const Type = {
  Number: scalar('Number', 'number'),
  Integer: scalar('Integer', 'integer'),
  String: scalar('String', 'string'),
  Boolean: scalar('Boolean', 'boolean'),
  Unknown: (options?: Options) => kind('Unknown', { ...options }),
  Literal: (value: string | number | boolean, options?: Options) =>
    kind('Literal', { type: typeof value, const: value, ...options }),
  Enum: (values: readonly unknown[], options?: Options) => {
    if (!Array.isArray(values)) throw new TypeError('Type.Enum here takes an array of values')
    return kind('Enum', { enum: values, ...options })
  },
  Array: (items: Schema, options?: Options) => kind('Array', { type: 'array', items, ...options }),
  Union: (types: readonly Schema[], options?: Options) => kind('Union', { anyOf: types, ...options }),
  // A copy with every property, the hidden marks too.
  Optional: (schema: Schema) =>
    mark(Object.defineProperties({}, Object.getOwnPropertyDescriptors(schema)), '~optional', true),
  Object: (properties: Record<string, Schema>, options?: Options) => {
    const required = Object.keys(properties).filter(
      (key) => (properties[key] as { '~optional'?: unknown })['~optional'] !== true,
    )
    return kind('Object', { type: 'object', ...(required.length > 0 ? { required } : {}), properties, ...options })
  },
  Unsafe: (schema: Schema) => mark({ ...schema }, '~unsafe', null),
} as unknown as Builders
