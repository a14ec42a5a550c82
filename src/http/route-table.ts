/**
 * The routes an app answers, as its onRoute hook saw them registered: each method and
 * URL pattern. Both servers (src/app.ts and the record server's app.ts) keep theirs as
 * `app.routeTable`, so that a test covers every route, a route added later included
 * (test/robustness/json-depth.test.ts sends a too-deep body to each).
 */
import type { FastifyInstance } from 'fastify'

export interface RouteEntry {
  readonly method: string
  /** The URL pattern as registered, e.g. `/api/visits/:id`. */
  readonly url: string
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on this app, with each of its methods (HEAD routes Fastify adds for GET left out). */
    routeTable: readonly RouteEntry[]
  }
}

/** Keeps `app`'s routes in `app.routeTable` from now on: call it before any route is registered. */
// biome-ignore lint/suspicious/noExplicitAny: any server, request, reply, logger and type provider
export function keepRouteTable(app: FastifyInstance<any, any, any, any, any>): void {
  const table: RouteEntry[] = []
  app.decorate('routeTable', table)
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') table.push({ method, url: route.url })
  })
}
