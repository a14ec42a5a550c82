/**
 * The documentation's own small Fastify app, built on the first request for /docs
 * or /openapi.json (http/docs.ts forwards those requests to it): @fastify/swagger
 * makes the OpenAPI document from the service's routes, replayed here with their
 * schemas and no work behind them, and @fastify/swagger-ui serves Swagger UI. Until
 * then neither plugin, nor what they load (a YAML library, @fastify/static and
 * glob), is in the process.
 */

import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify'
import { NAMED_SCHEMAS } from '../api/schemas.js'
import { completeDocument, type DocsOptions, type Document, infoDescription, OPENAPI_PATH } from './openapi-document.js'

export interface DocsApp {
  /** Answers Swagger UI's pages and files (inject). */
  readonly app: FastifyInstance
  /** The OpenAPI document as JSON text. */
  readonly document: string
}

const noWork = () => undefined

/** Builds the docs app from the service's documented routes (as its onRoute hook saw them). */
export async function buildDocsApp(routes: readonly RouteOptions[], options: DocsOptions): Promise<DocsApp> {
  const app = Fastify({ logger: false })
  // The replayed routes are never called: nothing to validate or serialize.
  app.setValidatorCompiler(() => () => true)
  app.setSerializerCompiler(() => (data) => JSON.stringify(data))
  for (const schema of NAMED_SCHEMAS) app.addSchema(schema)
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'posture-metrics',
        version: options.version,
        description: infoDescription(options),
        // package.json's licence (test/openapi/lint.test.ts holds them together).
        license: { name: 'Apache License 2.0', identifier: 'Apache-2.0' },
      },
      // Relative: the service answers at whatever address this document was fetched from.
      servers: [{ url: '/', description: 'This service (the address this document was fetched from).' }],
      tags: [
        { name: 'analysis', description: 'Posture metrics per view, and the popliteal estimate.' },
        { name: 'service', description: 'Liveness.' },
      ],
    },
    // Named schemas appear under components/schemas by their $id.
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`),
    },
    transformObject: (documentObject) =>
      completeDocument((documentObject as { openapiObject: Document }).openapiObject, options) as never,
  })
  for (const route of routes) {
    app.route({ method: route.method, url: route.url, schema: route.schema, config: route.config, handler: noWork })
  }
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    // Swagger UI reads /openapi.json (its `urls` takes precedence over its own ./json).
    // (Its /docs/json and /docs/yaml are never asked: docs.ts redirects them to /openapi.json.)
    uiConfig: { urls: [{ url: `..${OPENAPI_PATH}`, name: 'posture-metrics' }] },
  })
  await app.ready()
  return { app, document: JSON.stringify(app.swagger()) }
}
