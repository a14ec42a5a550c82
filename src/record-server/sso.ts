/**
 * Single sign-on through the clinic's OpenID Connect provider (docs/record-server.md,
 * "Single sign-on"): the authorization code flow with PKCE, state and nonce, by panva's
 * openid-client. GET /api/sso/start sends the browser to the provider; the provider sends
 * it back to GET /api/sso/callback, which checks the answer, finds the clinic user it
 * names and opens the same session a password login opens.
 *
 * What the callback checks is kept server-side (sso_flows, one row per sign-on under way,
 * used once, 10 minutes at most), keyed by the SHA-256 of a random HttpOnly cookie, so a
 * callback from another browser, a replayed one or one with another state finds nothing.
 *
 * Who a provider's user is here: only a clinic user an admin created. The first sign-on
 * matches the provider's verified email (email_verified true) to a user's email and binds
 * the provider's subject (issuer and sub) to that user; later sign-ons match the subject.
 * A provider account with no such user gets no session and no role.
 */
import { randomBytes } from 'node:crypto'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import * as oidc from 'openid-client'
import { Type } from 'typebox'
import type { RecordErrorType } from '#core/record-errors.js'
import { SSO_RETURN } from '#core/record-sync-wire.js'
import { type AuditActor, auditEntry } from './audit.js'
import { type NewSession, sha256Hex } from './auth.js'
import { isEmail, type RecordConfig, SSO_CALLBACK_PATH, type SsoConfig } from './config.js'
import type { RecordStore, RecordTx, UserRow } from './store.js'

/** The browser's cookie naming its sign-on under way: Lax, since the provider's redirect back is a cross-site navigation. */
export const SSO_FLOW_COOKIE = '__Host-record_sso'

/** How long a sign-on may take at the provider, ms. */
export const SSO_FLOW_MS = 10 * 60_000

/** The path that starts a sign-on (the app's "Sign in with <provider>" goes there). */
export const SSO_START_PATH = '/api/sso/start'

const SsoStartQuery = Type.Object(
  { return_to: Type.String({ minLength: 8, maxLength: 2_000 }) },
  { additionalProperties: false },
)

/** What a provider sends back (RFC 6749 4.1.2, RFC 9207 iss, OpenID session_state); other parameters bounded. */
const SsoCallbackQuery = Type.Object(
  {
    code: Type.Optional(Type.String({ maxLength: 4_096 })),
    state: Type.Optional(Type.String({ maxLength: 1_024 })),
    iss: Type.Optional(Type.String({ maxLength: 2_048 })),
    error: Type.Optional(Type.String({ maxLength: 256 })),
  },
  { additionalProperties: Type.String({ maxLength: 2_048 }), maxProperties: 16 },
)

export interface SsoRouteDeps {
  readonly config: RecordConfig
  readonly sso: SsoConfig
  readonly store: RecordStore
  readonly fail: (reply: FastifyReply, type: RecordErrorType, message: string, ctx?: Record<string, unknown>) => unknown
  readonly actorOf: (request: FastifyRequest, user?: UserRow, email?: string) => AuditActor
  /** Opens a session for `user` in `tx` (as a password login does). */
  readonly openSession: (tx: RecordTx, user: UserRow, now: Date) => Promise<NewSession>
  readonly setSessionCookie: (reply: FastifyReply, token: string) => void
  readonly countLogin: (outcome: 'ok' | 'failed' | 'locked') => void
}

/** The provider's configuration, discovered once (again after a failure: the provider may be down at start). */
function providerOf(sso: SsoConfig, log: FastifyBaseLogger) {
  let discovered: Promise<oidc.Configuration> | undefined
  return (): Promise<oidc.Configuration> => {
    discovered ??= oidc
      .discovery(new URL(sso.issuer), sso.clientId, undefined, oidc.ClientSecretBasic(sso.clientSecret), {
        // Plain http only for a provider on this machine (config.ts refuses it elsewhere).
        execute: new URL(sso.issuer).protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
        timeout: 10,
      })
      .catch((error: unknown) => {
        discovered = undefined
        log.error({ err: error, issuer: sso.issuer }, 'single sign-on: the provider cannot be discovered')
        throw error
      })
    return discovered
  }
}

/** A provider's error, for the audit trail: its names and codes only (never text the browser carried). */
function reasonOf(error: unknown): string {
  const e = error as { name?: unknown; code?: unknown; error?: unknown }
  return [e.name, e.code, e.error]
    .filter((part) => typeof part === 'string')
    .join(' ')
    .replace(/[^A-Za-z0-9 _.:-]/g, '')
    .slice(0, 200)
}

interface Refusal {
  readonly kind: 'refused'
  readonly type: 'sso_no_user' | 'account_disabled' | 'account_locked'
}
type Mapped = { readonly kind: 'ok'; readonly user: UserRow; readonly session: NewSession } | Refusal

export function registerSsoRoutes(app: FastifyInstance, deps: SsoRouteDeps): void {
  const { config, sso, store, fail } = deps
  const routes = app.withTypeProvider<TypeBoxTypeProvider>()
  const provider = providerOf(sso, app.log)
  const rateLimit = { max: config.loginRateLimit, timeWindow: 60_000 }
  const flowCookie = { httpOnly: true, secure: true, sameSite: 'lax', path: '/' } as const

  routes.get(
    SSO_START_PATH,
    { schema: { querystring: SsoStartQuery }, config: { access: 'public', rateLimit } },
    async (request, reply) => {
      let target: URL | undefined
      try {
        target = new URL(request.query.return_to)
      } catch {
        target = undefined
      }
      if (!target || !config.allowedOrigins.includes(target.origin))
        return fail(
          reply,
          'invalid_request',
          'return_to must be a page of the marking app, at an origin the operator listed in RECORD_ALLOWED_ORIGINS: the browser goes back there after signing in. Start from the app\'s "Sign in with" button.',
        )
      target.hash = ''
      let configuration: oidc.Configuration
      try {
        configuration = await provider()
      } catch {
        return fail(
          reply,
          'sso_unavailable',
          `${sso.name} (the clinic's sign-in provider) cannot be reached from the record server just now. Try again in a minute; if it persists, tell the clinic's admin (the server's log says why).`,
        )
      }
      const now = new Date()
      const flowToken = randomBytes(32).toString('base64url')
      const flow = {
        idHash: sha256Hex(flowToken),
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
        returnTo: target.href,
        expires: new Date(now.getTime() + SSO_FLOW_MS).toISOString(),
      }
      await store.transaction(async (tx) => {
        await tx.deleteEndedSsoFlows(now.toISOString())
        await tx.insertSsoFlow(flow)
      })
      const authorization = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: sso.redirectUrl,
        scope: 'openid email',
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
        code_challenge_method: 'S256',
      })
      reply.setCookie(SSO_FLOW_COOKIE, flowToken, { ...flowCookie, maxAge: SSO_FLOW_MS / 1000 })
      return reply.redirect(authorization.href, 303)
    },
  )

  routes.get(
    SSO_CALLBACK_PATH,
    { schema: { querystring: SsoCallbackQuery }, config: { access: 'public', rateLimit } },
    async (request, reply) => {
      const token = request.cookies[SSO_FLOW_COOKIE]
      reply.clearCookie(SSO_FLOW_COOKIE, flowCookie)
      const now = new Date()
      const flow =
        token === undefined
          ? undefined
          : await store.transaction(async (tx) => {
              const found = await tx.takeSsoFlow(sha256Hex(token))
              return found && found.expires > now.toISOString() ? found : undefined
            })
      const back = (fragment: string) => reply.redirect(`${flow?.returnTo}#${fragment}`, 303)
      const refusalEntry = (detail: string, user?: UserRow, email?: string) =>
        auditEntry(deps.actorOf(request, user, email), 'login', 4, { detail: `sso ${sso.name}: ${detail}` })
      /** A refused sign-on (already audited): the browser goes back to the app with the error's type, or, with no sign-on to go back to, the error. */
      const refused = (type: RecordErrorType, message: string) => {
        deps.countLogin(type === 'account_locked' ? 'locked' : 'failed')
        if (flow) return back(`${SSO_RETURN.errorPrefix}${type}`)
        return fail(reply, type, message)
      }
      const refuse = async (type: RecordErrorType, message: string, detail: string) => {
        await store.transaction((tx) => tx.appendAudit(refusalEntry(detail)))
        return refused(type, message)
      }
      if (!flow)
        return refuse(
          'sso_failed',
          `This sign-in through ${sso.name} did not start in this browser, was already used, or took longer than ${SSO_FLOW_MS / 60_000} minutes. Start again from the app ("Sign in with ${sso.name}").`,
          'no sign-on under way for this browser (unknown, used or expired)',
        )
      let claims: oidc.IDToken & Record<string, unknown>
      try {
        const configuration = await provider()
        const current = new URL(sso.redirectUrl)
        current.search = new URL(request.url, 'http://callback.invalid').search
        const tokens = await oidc.authorizationCodeGrant(configuration, current, {
          pkceCodeVerifier: flow.codeVerifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        })
        const idToken = tokens.claims()
        if (!idToken) throw new Error('no ID token')
        // Many providers put the email only in the userinfo answer (OpenID Connect Core 5.4): asked for there, for the same subject.
        claims =
          typeof idToken.email === 'string'
            ? idToken
            : {
                ...idToken,
                ...(await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub)),
                iss: idToken.iss,
                sub: idToken.sub,
              }
      } catch (error) {
        request.log.warn({ err: error }, 'single sign-on: the callback was refused')
        return refuse('sso_failed', '', `answer refused (${reasonOf(error)})`)
      }
      const subject = `${claims.iss} ${claims.sub}`
      const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : ''
      const verified = claims.email_verified === true && isEmail(email)
      const mapped = await store.transaction(async (tx): Promise<Mapped> => {
        const refusal = async (type: Refusal['type'], detail: string, user?: UserRow): Promise<Refusal> => {
          await tx.appendAudit(refusalEntry(detail, user, user ? undefined : email || undefined))
          return { kind: 'refused', type }
        }
        let user = await tx.userBySsoSubject(subject)
        let binding = false
        if (!user && verified) {
          const byEmail = await tx.userByEmail(email)
          if (byEmail && byEmail.ssoSubject !== null)
            return refusal('sso_no_user', 'the email is bound to another account of the provider', byEmail)
          user = byEmail
          binding = user !== undefined
        }
        if (!user)
          return refusal(
            'sso_no_user',
            verified ? 'no clinic user has this email' : 'no clinic user for this account; its email is not verified',
          )
        if (user.disabledAt !== null) return refusal('account_disabled', 'account disabled', user)
        if (user.lockedAt !== null) return refusal('account_locked', 'account locked', user)
        if (binding) await tx.setSsoSubject(user.id, subject)
        const session = await deps.openSession(tx, user, now)
        await tx.appendAudit(
          auditEntry(deps.actorOf(request, user), 'login', 0, {
            detail: `sso ${sso.name}${binding ? ': first sign-on, account bound' : ''}`,
          }),
        )
        return { kind: 'ok', user, session }
      })
      if (mapped.kind !== 'ok') return refused(mapped.type, '')
      deps.countLogin('ok')
      deps.setSessionCookie(reply, mapped.session.token)
      return back(SSO_RETURN.signedIn)
    },
  )
}
