/**
 * The request validator: Ajv with JSON Schema draft 2020-12, the dialect of the
 * OpenAPI 3.1 document, so the schemas that validate are the ones clients read
 * (markers are `prefixItems` tuples, which Fastify's default draft-07 Ajv lacks).
 * Every problem is reported at once and nothing is coerced ("12" is not 12).
 */
import { Ajv2020 } from 'ajv/dist/2020.js'
import type { FastifySchemaCompiler, FastifyServerOptions } from 'fastify'

type SchemaController = NonNullable<FastifyServerOptions['schemaController']>
type BuildValidator = NonNullable<NonNullable<SchemaController['compilersFactory']>['buildValidator']>

/** Fastify's validator factory: one Ajv per app, knowing the shared schemas (app.addSchema). */
export const buildValidator = ((externalSchemas: unknown) => {
  const ajv = new Ajv2020({
    // allErrors: every problem at once; verbose: the schema descriptions reach the messages.
    allErrors: true,
    verbose: true,
    coerceTypes: false,
    removeAdditional: false,
    useDefaults: true,
    // Annotations the document carries for people and generators.
    keywords: ['example'],
  })
  for (const schema of Object.values(externalSchemas as Record<string, object>)) ajv.addSchema(schema)
  const compile: FastifySchemaCompiler<object> = ({ schema }) => ajv.compile(schema)
  return compile
}) as unknown as BuildValidator
