/**
 * The marking app: the built files of web/ served at `/`. Without a build (or with
 * webRoot false) nothing is served there, and a warning says how to build it.
 */
import { existsSync } from 'node:fs'
import fastifyStatic from '@fastify/static'
import fp from 'fastify-plugin'

export interface StaticOptions {
  /** Folder of the built marking app; false to serve none. */
  readonly webRoot: string | false
}

export const staticFiles = fp<StaticOptions>(
  async (app, options) => {
    const { webRoot } = options
    if (webRoot === false) return
    if (!existsSync(webRoot)) {
      app.log.warn({ webRoot }, 'marking app not built: / is not served (run npm run build)')
      return
    }
    await app.register(fastifyStatic, { root: webRoot, prefix: '/', wildcard: false, decorateReply: false })
  },
  { name: 'static' },
)
