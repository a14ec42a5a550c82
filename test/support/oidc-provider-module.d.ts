/** The few parts of panva's oidc-provider (which ships no types) that test/support/oidc-provider-main.ts uses. */
declare module 'oidc-provider' {
  import type { Server } from 'node:http'
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>)
    listen(port: number, host: string, ready: () => void): Server
  }
}
