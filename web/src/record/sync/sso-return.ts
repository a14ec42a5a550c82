/**
 * The way back from a single sign-on (docs/record-server.md, "Single sign-on"): the record
 * server sends the browser back to this page with `#record-sso=signed-in` or
 * `#record-sso-error=<error type>` (core/record-sync-wire.ts SSO_RETURN). Pure: reads a
 * fragment, and makes the page address the sign-on returns to.
 */
import { SSO_RETURN } from '#core/record-sync-wire.js'

export type SsoReturn = { readonly kind: 'signed_in' } | { readonly kind: 'refused'; readonly type: string }

/** What a fragment (location.hash) says of a sign-on that came back, or null when it says nothing of one. */
export function ssoReturnOf(hash: string): SsoReturn | null {
  const fragment = hash.replace(/^#/, '')
  if (fragment === SSO_RETURN.signedIn) return { kind: 'signed_in' }
  if (!fragment.startsWith(SSO_RETURN.errorPrefix)) return null
  const type = fragment.slice(SSO_RETURN.errorPrefix.length)
  // From the address bar: only an error type's shape is believed; anything else is a failure without a name.
  return { kind: 'refused', type: /^[a-z_]{1,40}$/.test(type) ? type : 'sso_failed' }
}

/** Where "Sign in with <provider>" goes: the server's start path with this page (without its fragment) to come back to. */
export function ssoStartUrl(server: string, start: string, page: string): string {
  const url = new URL(start, server)
  const back = new URL(page)
  back.hash = ''
  url.searchParams.set('return_to', back.href)
  return url.href
}
