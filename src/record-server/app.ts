/**
 * The record server's HTTP layer: operations (/health, /ready, /metrics), accounts
 * (login, logout, users), the record (reads, the sync push and pull, photos by hash,
 * deletion) and the audit trail, over a RecordStore (store.ts) it never looks past.
 * Listening and shutdown are serve.ts's job, so tests may inject.
 *
 * Every /api route but login needs a session (401 without); every state-changing
 * one the session's CSRF token in X-CSRF-Token (403); roles are checked per route
 * (403); plain http from another machine is refused unless configured (403). Every
 * answer is `no-store`, and errors are `{"error": {"type", "message", "ctx"?}}`
 * (core/record-errors.ts).
 */
import fastifyCookie from '@fastify/cookie'
import fastifyRateLimit from '@fastify/rate-limit'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Fastify, { errorCodes, type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify'
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client'
import { Type } from 'typebox'
import { checkRaster, STORED_PHOTO_LIMITS } from '#core/files/raster-bytes.js'
import { LOCAL_HOSTS } from '#core/local-hosts.js'
import { RECORD_ERRORS, type RecordErrorType } from '#core/record-errors.js'
import type { SignInOptionsView } from '#core/record-sync-wire.js'
import { checkJsonDepth, JsonTooDeep } from '../http/json-depth.js'
import { keepRouteTable } from '../http/route-table.js'
import { buildValidator } from '../http/validator.js'
import { type AuditAction, type AuditActor, auditCsv, auditEntry, auditRecord } from './audit.js'
import { AuditBatcher } from './audit-batch.js'
import { auditChecks } from './audit-check.js'
import {
  CSRF_HEADER,
  DEVICE_HEADER,
  hashPassword,
  type NewSession,
  newSession,
  newUser,
  passwordMatches,
  recordLoginAttempt,
  SESSION_COOKIE,
  sameToken,
  sessionAlive,
  sha256Hex,
} from './auth.js'
import { isEmail, type RecordConfig } from './config.js'
import { deletePatientIn, deleteVisitIn } from './deletion.js'
import { photoBytesStored } from './photo-collection.js'
import { receivePhoto } from './photo-upload.js'
import { registerRecordAdminRoutes } from './record-admin-routes.js'
import type { EarlyDeletionReason } from './retention.js'
import type { ChangeData } from './schemas.js'
import {
  AuditQuerySchema,
  DeletionQuery,
  ID_PATTERN,
  IdParams,
  JSON_BODY_LIMIT,
  LoginBody,
  MAX_JSON_DEPTH,
  MAX_PULL_LIMIT,
  MoveVisitChange,
  NewUserBody,
  PhotoParams,
  PUSH_BODY_LIMIT,
  PullQuery,
  PushBody,
  PutPatientChange,
  PutVisitChange,
  UserUpdateBody,
} from './schemas.js'
import { registerSsoRoutes, SSO_START_PATH } from './sso.js'
import {
  type AuditEntry,
  type PhotoStore,
  type RecordStore,
  type RecordTx,
  type Role,
  type SessionRow,
  StoreBusy,
  type UserRow,
} from './store.js'
import { applyChange, type ChangeResult, patientView, pull, Refused, targetOf, visitView } from './sync.js'

/** Who may call a route: anyone (operations, login), any signed-in user, or the roles listed. */
type Access = 'public' | 'session' | readonly Role[]

const READERS: readonly Role[] = ['admin', 'clinician', 'read-only']
const WRITERS: readonly Role[] = ['admin', 'clinician']
const ADMINS: readonly Role[] = ['admin']

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access
    /** The audit action a refused access to this route is recorded as. */
    audit?: AuditAction
  }
  interface FastifyRequest {
    signedIn: { user: UserRow; session: SessionRow } | undefined
    deviceId: string | null
  }
}

export interface RecordAppOptions {
  readonly config: RecordConfig
  readonly store: RecordStore
  readonly blobs: PhotoStore
  /** pino options, or false. */
  readonly logger?: boolean | object
}

/** The problem as the answer's body, with its status from core/record-errors.ts. */
export function fail(reply: FastifyReply, type: RecordErrorType, message: string, ctx?: Record<string, unknown>) {
  return reply.code(RECORD_ERRORS[type].status).send({ error: ctx ? { type, message, ctx } : { type, message } })
}

const userView = (u: UserRow) => ({
  id: u.id,
  email: u.email,
  role: u.role,
  locked: u.lockedAt !== null,
  locked_at: u.lockedAt,
  failed_logins: u.failedLogins,
  disabled: u.disabledAt !== null,
  disabled_at: u.disabledAt,
  /** Whether an account of the single sign-on provider is bound to the user (its first sign-on through it). */
  sso_bound: u.ssoSubject !== null,
  created: u.created,
})

/** Whether a request's body is the byte stream the photo parser hands on (and not a parsed JSON value). */
const isByteStream = (body: unknown): body is AsyncIterable<Uint8Array> =>
  typeof body === 'object' && body !== null && Symbol.asyncIterator in body && 'pipe' in body

const isLoopback = (address: string) =>
  LOCAL_HOSTS.has(address) || address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.')

export async function buildRecordApp(options: RecordAppOptions) {
  const { config, store, blobs } = options
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      // Requests are logged by their route pattern, never their body, query or cookies: no patient data in the log.
      serializers: {
        req: (req: FastifyRequest) => ({ method: req.method, route: req.routeOptions?.url ?? 'unknown', id: req.id }),
      },
    },
    trustProxy: config.trustedProxies.length > 0 ? [...config.trustedProxies] : false,
    bodyLimit: JSON_BODY_LIMIT,
    schemaController: { compilersFactory: { buildValidator } },
    requestTimeout: 60_000,
  }).withTypeProvider<TypeBoxTypeProvider>()

  keepRouteTable(app)
  app.decorateRequest('signedIn', undefined)
  app.decorateRequest('deviceId', null)

  const registry = new Registry()
  collectDefaultMetrics({ register: registry, prefix: 'record_' })
  const requests = new Counter({
    name: 'record_http_requests_total',
    help: 'Requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  })
  const logins = new Counter({
    name: 'record_logins_total',
    help: 'Login attempts by outcome (ok, failed, locked).',
    labelNames: ['outcome'],
    registers: [registry],
  })

  new Counter({
    name: 'record_db_statements_total',
    help: "Statements the record's store has run in its transactions and reads (BEGIN and COMMIT included).",
    registers: [registry],
    collect() {
      this.reset()
      this.inc(store.statements)
    },
  })

  // The audit trail's hash chain checked after the server listens, then hourly (audit-check.ts).
  const checks = auditChecks(store, registry, () => app.log)
  app.addHook('onListen', async () => checks.start())
  app.addHook('onClose', async () => checks.stop())

  // Reads' audit entries, written in batches outside the reads (audit-batch.ts); every one written before the store closes.
  const readAudits = new AuditBatcher((entries) => store.transaction((tx) => tx.appendAudits(entries)))
  app.addHook('onClose', async () => readAudits.drain())
  new Gauge({
    name: 'record_audit_pending_entries',
    help: "Reads' audit entries queued and not yet committed (their reads wait for them before answering).",
    registers: [registry],
    collect() {
      this.set(readAudits.pending)
    },
  })
  new Counter({
    name: 'record_audit_batches_total',
    help: "Batches of reads' audit entries committed (one transaction, one INSERT each).",
    registers: [registry],
    collect() {
      this.reset()
      this.inc(readAudits.written)
    },
  })

  await app.register(fastifyCookie)
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: {
        type: 'rate_limited',
        message: `Too many login attempts from this address: at most ${context.max} a minute. Wait ${context.after} and try again.`,
        ctx: { retry_after: context.after },
      },
    }),
  })

  // JSON bodies: their nesting bounded on the raw text (json-depth.ts) before Fastify's own parser
  // (secure-json-parse, `__proto__` and `constructor` keys refused) or anything recursive reads them.
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    try {
      checkJsonDepth(body as string, MAX_JSON_DEPTH)
    } catch (error) {
      done(error as JsonTooDeep, undefined)
      return
    }
    parseJson(request, body as string, done)
  })

  // A photo's bytes are not read here: the body is handed on as the request's stream, which the
  // upload reads a chunk at a time (photo-upload.ts), so no photo is held whole in memory. A body
  // declared beyond the route's limit is refused before any of it is read.
  app.addContentTypeParser(
    ['application/octet-stream', 'image/jpeg', 'image/png', 'image/webp'],
    (request, payload, done) => {
      const declared = Number(request.headers['content-length'])
      if (Number.isFinite(declared) && declared > request.routeOptions.bodyLimit)
        done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(), undefined)
      else done(null, payload)
    },
  )

  const actorOf = (request: FastifyRequest, user?: UserRow, email?: string): AuditActor => ({
    userId: user?.id ?? request.signedIn?.user.id ?? null,
    userEmail: user?.email ?? request.signedIn?.user.email ?? email ?? null,
    role: user?.role ?? request.signedIn?.user.role ?? null,
    deviceId: request.deviceId,
    address: request.ip,
  })

  const audit = (tx: RecordTx, request: FastifyRequest, action: AuditAction, outcome: 0 | 4 | 8, what = {}) =>
    tx.appendAudit(auditEntry(actorOf(request), action, outcome, what))

  type AuditWhat = Parameters<typeof auditEntry>[3]
  /** A read's audit entries: queued for the next batch, resolved once committed (before the read answers). */
  const auditRead = (request: FastifyRequest, entries: readonly [AuditAction, 0 | 4 | 8, AuditWhat][]) =>
    readAudits.record(
      entries.map(([action, outcome, what]): AuditEntry => auditEntry(actorOf(request), action, outcome, what)),
    )

  /** A refusal recorded in the audit trail when the route reads or writes patient data. */
  const refuseAudited = async (
    request: FastifyRequest,
    reply: FastifyReply,
    type: RecordErrorType,
    message: string,
    ctx?: Record<string, unknown>,
  ) => {
    const action = request.routeOptions.config.audit
    if (action) await auditRead(request, [[action, 4, { detail: type }]])
    return fail(reply, type, message, ctx)
  }

  app.addHook('onRequest', async (request, reply) => {
    // CORS with credentials for the marking app's origins, exactly as listed (RECORD_ALLOWED_ORIGINS); no other origin's page may read an answer.
    reply.header('vary', 'Origin')
    const origin = request.headers.origin
    if (typeof origin === 'string' && config.allowedOrigins.includes(origin))
      reply.header('access-control-allow-origin', origin).header('access-control-allow-credentials', 'true')
    const access = request.routeOptions.config.access ?? 'public'
    const url = request.url
    const operations = url === '/health' || url === '/ready' || url === '/metrics'
    if (!operations && request.protocol !== 'https' && !config.allowHttp && !isLoopback(request.ip))
      return fail(
        reply,
        'plain_http',
        'This server takes patient data over https only. Reach it through its TLS proxy (https://...), or have the operator set RECORD_TRUSTED_PROXIES (the proxy that terminates TLS) or RECORD_ALLOW_HTTP.',
      )
    const device = request.headers[DEVICE_HEADER]
    if (device !== undefined) {
      if (typeof device !== 'string' || !new RegExp(ID_PATTERN).test(device))
        return fail(
          reply,
          'invalid_request',
          `${DEVICE_HEADER} must be the device's id: letters, digits and . _ : -, at most 100.`,
        )
      request.deviceId = device
    }
    if (access === 'public') return
    const token = request.cookies[SESSION_COOKIE]
    const now = new Date()
    if (token) {
      const tokenHash = sha256Hex(token)
      // Read without the writers' lock; written (in a transaction) only when the session ended or its last use is a minute old.
      const found = await store.read(async (tx) => {
        const session = await tx.session(tokenHash)
        return session && { session, user: await tx.userById(session.userId) }
      })
      if (found && !sessionAlive(found.session, now, config.sessionIdleMinutes))
        await store.transaction((tx) => tx.deleteSession(tokenHash))
      else if (found?.user && found.user.lockedAt === null && found.user.disabledAt === null) {
        if (now.getTime() - Date.parse(found.session.lastSeen) > 60_000)
          await store.transaction((tx) => tx.touchSession(tokenHash, now.toISOString()))
        request.signedIn = { user: found.user, session: found.session }
      }
    }
    if (!request.signedIn)
      return refuseAudited(
        request,
        reply,
        'unauthenticated',
        'No valid session: log in (POST /api/session) and send its cookie. A session ends after a while without use, and at logout.',
      )
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      const sent = request.headers[CSRF_HEADER]
      if (typeof sent !== 'string' || !sameToken(sent, request.signedIn.session.csrfToken))
        return refuseAudited(
          request,
          reply,
          'csrf',
          `A state-changing request needs the session's CSRF token in the ${CSRF_HEADER} header (from the login answer, or GET /api/session).`,
        )
    }
    if (access !== 'session' && !access.includes(request.signedIn.user.role))
      return refuseAudited(
        request,
        reply,
        'forbidden',
        `A ${request.signedIn.user.role} user may not do this; it needs the role ${access.join(' or ')}.`,
        {
          required: access,
          role: request.signedIn.user.role,
        },
      )
  })

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('cache-control', 'no-store')
    reply.header('x-content-type-options', 'nosniff')
    reply.header('referrer-policy', 'no-referrer')
    reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000')
    return payload
  })

  app.addHook('onResponse', async (request, reply) => {
    requests.inc({
      method: request.method,
      route: request.routeOptions.url ?? 'unknown',
      status: String(reply.statusCode),
    })
  })

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    // A body refused on a route of patient data is in the audit trail, as every refusal there is.
    const refuse = (type: RecordErrorType, message: string, ctx?: Record<string, unknown>) =>
      refuseAudited(request, reply, type, message, ctx)
    if (error instanceof JsonTooDeep)
      return refuse(
        'too_deep',
        `The body nests arrays and objects ${error.depth} levels deep; at most ${error.maxDepth} are accepted. Nothing was read or written.`,
        { max_depth: error.maxDepth, depth: error.depth },
      )
    if (error.validation)
      return refuse('invalid_request', 'The request does not match its schema: see ctx.problems for where and why.', {
        problems: error.validation.slice(0, 20).map((v) => ({
          path: `${error.validationContext ?? 'body'}${v.instancePath}`,
          rule: v.keyword,
          message: v.message ?? '',
        })),
      })
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return refuse('too_large', 'The request body is beyond its limit.', { limit: request.routeOptions.bodyLimit })
    if (error.statusCode === 429) {
      // @fastify/rate-limit throws what errorResponseBuilder made: answered in the one error shape.
      const limited = (error as unknown as { error?: { message?: string; ctx?: Record<string, unknown> } }).error
      return fail(
        reply,
        'rate_limited',
        limited?.message ?? 'Too many login attempts from this address; wait a minute.',
        limited?.ctx,
      )
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500)
      return refuse('invalid_request', `The request cannot be read: ${error.message}`)
    if ((error as Error) instanceof StoreBusy) {
      const busy = error as unknown as StoreBusy
      request.log.warn({ err: error }, 'database busy: request answered 503')
      reply.header('retry-after', String(busy.retryAfterSeconds))
      return fail(
        reply,
        'unavailable',
        `The server is busy: every connection to its database stayed in use too long. Nothing was read or written; send the request again after ${busy.retryAfterSeconds} s.`,
        { reason: 'busy', retry_after_seconds: busy.retryAfterSeconds },
      )
    }
    request.log.error({ err: error }, 'request failed')
    return fail(
      reply,
      'internal',
      `The server failed on this request (id ${request.id}); the operator finds the cause in its log.`,
    )
  })

  app.setNotFoundHandler((_request, reply) =>
    fail(reply, 'not_found', 'No such route; docs/record-server.md lists them.'),
  )

  // A CORS preflight: answered for the listed origins only; it carries no cookie, so it needs no session.
  app.options('/api/*', { config: { access: 'public' } }, async (request, reply) => {
    const origin = request.headers.origin
    if (typeof origin !== 'string' || !config.allowedOrigins.includes(origin))
      return fail(
        reply,
        'origin_not_allowed',
        `Pages of ${typeof origin === 'string' ? origin : 'this origin'} may not call this server. The operator lists the marking app's origins in RECORD_ALLOWED_ORIGINS.`,
        { origin: typeof origin === 'string' ? origin : null },
      )
    return reply
      .code(204)
      .header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE')
      .header('access-control-allow-headers', `content-type, ${CSRF_HEADER}, ${DEVICE_HEADER}`)
      .header('access-control-max-age', '600')
      .send()
  })

  // -------------------------------------------------------------------------------------------
  // Operations: never a session, never patient data; /health never touches the database.

  app.get('/health', async () => ({ status: 'ok' }))
  app.get('/ready', async (_request, reply) => {
    if (await store.ping()) return { status: 'ready' }
    return fail(
      reply,
      'unavailable',
      'The database cannot be reached or its schema is not applied; see the server log.',
    )
  })
  app.get('/metrics', async (_request, reply) => reply.type(registry.contentType).send(await registry.metrics()))

  // -------------------------------------------------------------------------------------------
  // Accounts.

  /** Opens a session for `user` (a password login or a single sign-on), clearing ended ones. */
  const openSession = async (tx: RecordTx, user: UserRow, now: Date): Promise<NewSession> => {
    const session = newSession(user, now, config.sessionMaxHours)
    await tx.insertSession(session.row)
    await tx.deleteEndedSessions(
      now.toISOString(),
      new Date(now.getTime() - config.sessionIdleMinutes * 60_000).toISOString(),
    )
    return session
  }
  const setSessionCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      secure: true,
      sameSite: 'strict',
      path: '/',
      maxAge: config.sessionMaxHours * 3600,
    })

  // How to sign in here, for the app's sign-in form: before any session, so public; names no user.
  app.get(
    '/api/sign-in-options',
    { config: { access: 'public' } },
    async (): Promise<SignInOptionsView> => ({
      password_login: config.passwordLogin,
      sso: config.sso ? { name: config.sso.name, start: SSO_START_PATH } : null,
    }),
  )

  if (config.sso)
    registerSsoRoutes(app, {
      config,
      sso: config.sso,
      store,
      fail,
      actorOf,
      openSession,
      setSessionCookie,
      countLogin: (outcome) => logins.inc({ outcome }),
    })

  app.post(
    '/api/session',
    {
      schema: { body: LoginBody },
      config: { access: 'public', rateLimit: { max: config.loginRateLimit, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const email = request.body.email.trim().toLowerCase()
      const now = new Date()
      const ssoOnly = `This clinic signs in through ${config.sso?.name ?? 'its provider'}: use "Sign in with ${config.sso?.name ?? 'the provider'}" instead of a password.`
      if (config.passwordLogin === 'off') {
        await store.transaction((tx) =>
          tx.appendAudit(auditEntry(actorOf(request, undefined, email), 'login', 4, { detail: 'password login off' })),
        )
        logins.inc({ outcome: 'failed' })
        return fail(reply, 'password_login_off', ssoOnly)
      }
      const found = isEmail(email) ? await store.transaction((tx) => tx.userByEmail(email)) : undefined
      const matches = await passwordMatches(found?.passwordHash, request.body.password)
      const outcome = await store.transaction(async (tx) => {
        const result = await recordLoginAttempt(tx, found, matches, config.lockoutFailures, now)
        const actor = actorOf(request, result.user, email)
        if (result.kind === 'ok' && config.passwordLogin === 'admins' && result.user.role !== 'admin') {
          await tx.appendAudit(auditEntry(actor, 'login', 4, { detail: 'password login for admins only' }))
          return { kind: 'sso_only' as const, session: undefined }
        }
        if (result.kind === 'ok') {
          const session = await openSession(tx, result.user, now)
          await tx.appendAudit(auditEntry(actor, 'login', 0))
          return { ...result, session }
        }
        await tx.appendAudit(
          auditEntry(actor, 'login', 4, {
            detail:
              result.kind === 'locked'
                ? 'account locked'
                : result.kind === 'disabled'
                  ? 'account disabled'
                  : result.lockedNow
                    ? 'wrong password; account locked now'
                    : found
                      ? 'wrong password'
                      : 'unknown email',
          }),
        )
        return { ...result, session: undefined }
      })
      logins.inc({ outcome: outcome.kind === 'sso_only' ? 'failed' : outcome.kind })
      if (outcome.kind === 'sso_only') return fail(reply, 'password_login_off', ssoOnly)
      if (outcome.kind === 'locked' || (outcome.kind === 'failed' && outcome.lockedNow))
        return fail(
          reply,
          'account_locked',
          `This account is locked after ${config.lockoutFailures} failed logins in a row. Ask an admin of the clinic to unlock it.`,
        )
      if (outcome.kind === 'disabled')
        return fail(
          reply,
          'account_disabled',
          'An admin of the clinic disabled this account. Ask an admin to enable it again if you still need it.',
        )
      if (outcome.kind !== 'ok' || !outcome.session)
        return fail(reply, 'login_failed', 'The email or the password is wrong.')
      setSessionCookie(reply, outcome.session.token)
      return { user: userView(outcome.user), csrf_token: outcome.session.row.csrfToken }
    },
  )

  app.get('/api/session', { config: { access: 'session' } }, async (request) => {
    const signed = request.signedIn!
    return { user: userView(signed.user), csrf_token: signed.session.csrfToken }
  })

  app.delete('/api/session', { config: { access: 'session' } }, async (request, reply) => {
    const signed = request.signedIn!
    await store.transaction(async (tx) => {
      await tx.deleteSession(signed.session.tokenHash)
      await audit(tx, request, 'logout', 0)
    })
    reply.clearCookie(SESSION_COOKIE, { httpOnly: true, secure: true, sameSite: 'strict', path: '/' })
    return reply.code(204).send()
  })

  app.get('/api/users', { config: { access: ADMINS } }, async (request) =>
    store.transaction(async (tx) => {
      const users = await tx.users()
      await audit(tx, request, 'user.list', 0, { detail: `${users.length} users` })
      return { users: users.map(userView) }
    }),
  )

  app.post('/api/users', { schema: { body: NewUserBody }, config: { access: ADMINS } }, async (request, reply) => {
    const email = request.body.email.trim().toLowerCase()
    if (!isEmail(email)) return fail(reply, 'invalid_request', `'${request.body.email}' is not an email address.`)
    const password = request.body.password
    if (password === undefined && !config.sso)
      return fail(
        reply,
        'invalid_request',
        'Give the user a password: without single sign-on (RECORD_OIDC_*) a password is the only way to sign in.',
      )
    // No password: the user signs in through the single sign-on provider only ('' matches no password).
    const passwordHash = password === undefined ? '' : await hashPassword(password)
    const user = newUser(email, request.body.role, passwordHash, new Date())
    const created = await store.transaction(async (tx) => {
      if (await tx.userByEmail(email)) return false
      await tx.insertUser(user)
      await audit(tx, request, 'user.create', 0, { detail: `${user.id} ${user.role}` })
      return true
    })
    if (!created) return fail(reply, 'email_taken', `A user with the email ${email} exists.`)
    return reply.code(201).send({ user: userView(user) })
  })

  app.patch(
    '/api/users/:id',
    { schema: { params: IdParams, body: UserUpdateBody }, config: { access: ADMINS } },
    async (request, reply) => {
      const { role, password, disabled } = request.body
      const passwordHash = password === undefined ? undefined : await hashPassword(password)
      const outcome = await store.transaction(async (tx) => {
        const found = await tx.userById(request.params.id)
        if (!found) return 'not_found' as const
        const newRole = role ?? found.role
        const disabledAt =
          disabled === undefined ? found.disabledAt : disabled ? (found.disabledAt ?? new Date().toISOString()) : null
        // The clinic keeps an admin who can sign in: its last one is neither demoted nor disabled.
        const adminBefore = found.role === 'admin' && found.disabledAt === null
        const adminAfter = newRole === 'admin' && disabledAt === null
        if (adminBefore && !adminAfter && (await tx.adminCount()) <= 1) return 'last_admin' as const
        if (role !== undefined || passwordHash !== undefined)
          await tx.updateUser(found.id, newRole, passwordHash ?? found.passwordHash)
        // A new password ends the user's sessions (a stolen one stops working); a new role applies at the next request.
        if (passwordHash !== undefined) await tx.deleteSessionsOf(found.id)
        if (role !== undefined || passwordHash !== undefined)
          await audit(tx, request, 'user.update', 0, {
            detail: `${found.id}${role ? ` role ${found.role} -> ${newRole}` : ''}${passwordHash ? ' password' : ''}`,
          })
        if (disabledAt !== found.disabledAt) {
          await tx.setDisabled(found.id, disabledAt)
          // Disabling ends the user's sessions at once (every request also checks that its user is not disabled).
          if (disabledAt !== null) await tx.deleteSessionsOf(found.id)
          await audit(tx, request, disabledAt === null ? 'user.enable' : 'user.disable', 0, { detail: found.id })
        }
        return { ...found, role: newRole, disabledAt }
      })
      if (outcome === 'not_found') return fail(reply, 'not_found', `No user ${request.params.id}.`)
      if (outcome === 'last_admin')
        return fail(
          reply,
          'last_admin',
          "This is the clinic's only admin who can sign in: make another user admin first, then demote or disable this one.",
        )
      return { user: userView(outcome) }
    },
  )

  app.post(
    '/api/users/:id/unlock',
    { schema: { params: IdParams }, config: { access: ADMINS } },
    async (request, reply) => {
      const user = await store.transaction(async (tx) => {
        const found = await tx.userById(request.params.id)
        if (!found) return undefined
        await tx.setLogin(found.id, 0, null)
        await audit(tx, request, 'user.unlock', 0, { detail: found.id })
        return { ...found, failedLogins: 0, lockedAt: null }
      })
      if (!user) return fail(reply, 'not_found', `No user ${request.params.id}.`)
      return { user: userView(user) }
    },
  )

  // -------------------------------------------------------------------------------------------
  // The record: reads.

  app.get('/api/patients', { config: { access: READERS, audit: 'patient.list' } }, async (request) => {
    const patients = await store.read((tx) => tx.patients())
    await auditRead(request, [['patient.list', 0, { detail: `${patients.length} patients` }]])
    return { patients: patients.map(patientView) }
  })

  app.get(
    '/api/patients/:id',
    { schema: { params: IdParams }, config: { access: READERS, audit: 'patient.read' } },
    async (request, reply) => {
      const answer = await store.read(async (tx) => {
        const patient = await tx.patient(request.params.id)
        if (!patient) return undefined
        const visits = await tx.visitsOf(patient.id)
        return {
          patient: patientView(patient),
          visits: visits.map((v) => ({ id: v.id, date: v.date, created: v.created, updated: v.updated, rev: v.rev })),
        }
      })
      await auditRead(request, [
        ['patient.read', answer ? 0 : 4, { patientId: request.params.id, detail: answer ? '' : 'not found' }],
      ])
      return answer ?? fail(reply, 'not_found', `No patient ${request.params.id}.`)
    },
  )

  app.get(
    '/api/visits/:id',
    { schema: { params: IdParams }, config: { access: READERS, audit: 'visit.read' } },
    async (request, reply) => {
      const visit = await store.read((tx) => tx.visit(request.params.id))
      await auditRead(request, [
        [
          'visit.read',
          visit ? 0 : 4,
          {
            patientId: visit?.patientId ?? null,
            visitId: request.params.id,
            detail: visit ? `rev ${visit.rev}` : 'not found',
          },
        ],
      ])
      return visit ? { visit: visitView(visit) } : fail(reply, 'not_found', `No visit ${request.params.id}.`)
    },
  )

  app.get(
    '/api/photos/:sha256',
    { schema: { params: PhotoParams }, config: { access: READERS, audit: 'photo.read' } },
    async (request, reply) => {
      const photo = await store.read((tx) => tx.photo(request.params.sha256))
      await auditRead(request, [['photo.read', photo ? 0 : 4, { detail: request.params.sha256 }]])
      if (!photo) return fail(reply, 'not_found', `No photo ${request.params.sha256}.`)
      // Streamed a chunk at a time as the connection takes them: the server never holds the photo whole.
      const bytes = await blobs.read(photo.sha256, photo.bytes)
      return reply.type(photo.type).header('content-length', photo.bytes).send(bytes)
    },
  )

  app.get(
    '/api/sync/pull',
    { schema: { querystring: PullQuery }, config: { access: READERS, audit: 'sync.pull' } },
    async (request) => {
      const cursor = Number(request.query.cursor ?? '0')
      const limit = Math.min(Number(request.query.limit ?? String(MAX_PULL_LIMIT)), MAX_PULL_LIMIT)
      // One snapshot, one statement for the page; then one batch for its audit entries (one per entity).
      const answer = await store.read((tx) => pull(tx, cursor, limit))
      await auditRead(
        request,
        answer.changes.length === 0
          ? [['sync.pull', 0, { detail: `nothing after ${cursor}` }]]
          : answer.changes.map((c) => [
              'sync.pull',
              0,
              {
                patientId: c.deleted
                  ? c.kind === 'patient'
                    ? c.id
                    : null
                  : c.kind === 'patient'
                    ? c.id
                    : c.visit.patient_id,
                visitId: c.kind === 'visit' ? c.id : null,
                detail: c.deleted ? `deleted ${c.kind}` : `seq ${c.seq}`,
              },
            ]),
      )
      return answer
    },
  )

  // -------------------------------------------------------------------------------------------
  // The record: writes.

  /** Applies one change in its own transaction with its audit entry; a refusal writes nothing but its audit entry. */
  const applyOne = async (request: FastifyRequest, change: ChangeData): Promise<ChangeResult> => {
    const target = targetOf(change)
    const user = request.signedIn!.user
    try {
      return await store.transaction(async (tx) => {
        const result = await applyChange(tx, change, user.id)
        if (!(result.status === 'applied' && result.replayed)) {
          const entity = result.status === 'applied' ? result.entity : undefined
          await audit(tx, request, target.action, 0, {
            patientId: target.patientId,
            visitId: target.visitId,
            detail: `${change.change_id} rev ${entity?.rev ?? ''}`,
          })
        }
        return result
      })
    } catch (error) {
      if (!(error instanceof Refused)) throw error
      await store.transaction((tx) =>
        audit(tx, request, target.action, 4, {
          patientId: target.patientId,
          visitId: target.visitId,
          detail: `${change.change_id} ${error.refusal.type}`,
        }),
      )
      return { change_id: change.change_id, status: 'refused', error: error.refusal }
    }
  }

  app.post(
    '/api/sync/push',
    { schema: { body: PushBody }, bodyLimit: PUSH_BODY_LIMIT, config: { access: WRITERS, audit: 'visit.write' } },
    async (request) => {
      const results: ChangeResult[] = []
      for (const change of request.body.changes as ChangeData[]) results.push(await applyOne(request, change))
      return { results }
    },
  )

  app.post(
    '/api/changes',
    {
      schema: { body: Type.Union([PutPatientChange, PutVisitChange, MoveVisitChange]) },
      bodyLimit: PUSH_BODY_LIMIT,
      config: { access: WRITERS, audit: 'visit.write' },
    },
    async (request, reply) => {
      const result = await applyOne(request, request.body as ChangeData)
      if (result.status === 'refused') return fail(reply, result.error.type, result.error.message, result.error.ctx)
      return reply.code(result.replayed ? 200 : 201).send(result)
    },
  )

  app.put(
    '/api/photos/:sha256',
    {
      schema: { params: PhotoParams },
      bodyLimit: STORED_PHOTO_LIMITS.maxBytes,
      config: { access: WRITERS, audit: 'photo.write' },
    },
    async (request, reply) => {
      const sha256 = request.params.sha256
      const body = request.body as unknown
      if (!isByteStream(body))
        return fail(
          reply,
          'invalid_request',
          "Send the photo's bytes as the body, with Content-Type application/octet-stream or its image type.",
        )
      const received = await receivePhoto(body, blobs, STORED_PHOTO_LIMITS.maxBytes)
      if (!received.ok) {
        // Refused as soon as the body passed the limit (the rest is not read): the connection closes after the answer.
        reply.header('connection', 'close')
        throw new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE()
      }
      const upload = received.upload
      // The answer is decided, the upload's temporary bytes thrown away, then the answer sent: once a
      // device has its answer, nothing of the upload is left but what was stored.
      const decide = async (): Promise<() => FastifyReply> => {
        const actual = received.sha256
        if (actual !== sha256) {
          await store.transaction((tx) => audit(tx, request, 'photo.write', 4, { detail: `${sha256} photo_mismatch` }))
          return () =>
            fail(
              reply,
              'photo_mismatch',
              `The bytes sent hash to ${actual}, not to the ${sha256} of the URL: the upload was damaged or names another photo. Send it again.`,
              {
                actual,
              },
            )
        }
        // The header alone is checked (the whole photo's size against the limit was checked as it streamed).
        const raster = checkRaster(received.head, { ...STORED_PHOTO_LIMITS, maxBytes: Number.POSITIVE_INFINITY })
        if (!raster.ok) {
          await store.transaction((tx) =>
            audit(tx, request, 'photo.write', 4, { detail: `${sha256} ${raster.problem.kind}` }),
          )
          const problem = raster.problem
          return () =>
            problem.kind === 'too-large' || problem.kind === 'too-many-pixels'
              ? fail(
                  reply,
                  'photo_too_large',
                  `The photo is beyond what the record stores: at most ${STORED_PHOTO_LIMITS.maxSide} px a side and ${STORED_PHOTO_LIMITS.maxBytes} bytes.`,
                  {
                    limits: STORED_PHOTO_LIMITS,
                  },
                )
              : fail(reply, 'photo_not_raster', 'The bytes are not a JPEG, PNG or WebP photo whose size can be read.', {
                  looksLike: problem.kind === 'not-raster' ? problem.looksLike : problem.kind,
                })
        }
        const known = await store.transaction((tx) => tx.photo(sha256))
        if (known) return () => reply.code(200).send({ photo: known, stored: false })
        const photo = {
          sha256,
          type: raster.type,
          bytes: received.bytes,
          width: raster.width,
          height: raster.height,
          created: new Date().toISOString(),
        }
        // The bytes go first; the row only if they are still there (a photo collection may have removed
        // bytes of the same hash meanwhile: photo-collection.ts), else they are stored again from the upload's
        // temporary place, which stays until the row is written.
        for (let attempt = 0; ; attempt++) {
          await upload.commit(sha256)
          const written = await store.transaction(async (tx) => {
            if (!(await photoBytesStored(tx, blobs, sha256))) return false
            await tx.insertPhoto(photo)
            await audit(tx, request, 'photo.write', 0, { detail: sha256 })
            return true
          })
          if (written) break
          if (attempt === 2) throw new Error(`photo ${sha256}: its bytes were removed three times while being stored`)
        }
        return () => reply.code(201).send({ photo, stored: true })
      }
      let answer: () => FastifyReply
      try {
        answer = await decide()
      } finally {
        await upload.discard()
      }
      return answer()
    },
  )

  /** An admin's deletion (deletion.ts), in one transaction with its audit entry; a refusal writes nothing but its audit entry. */
  const adminDeletion =
    (kind: 'visit' | 'patient') =>
    async (
      request: FastifyRequest<{ Params: { id: string }; Querystring: { rev: string; reason?: EarlyDeletionReason } }>,
      reply: FastifyReply,
    ) => {
      const action = kind === 'visit' ? 'visit.delete' : 'patient.delete'
      const target = (patientId: string | null) =>
        kind === 'visit' ? { patientId, visitId: request.params.id } : { patientId: request.params.id }
      try {
        await store.transaction(async (tx) => {
          const asked = {
            id: request.params.id,
            rev: Number(request.query.rev),
            reason: request.query.reason,
            byUserId: request.signedIn!.user.id,
            retentionYears: config.retentionYears,
            today: new Date().toISOString().slice(0, 10),
          }
          const done = kind === 'visit' ? await deleteVisitIn(tx, asked) : await deletePatientIn(tx, asked)
          await audit(tx, request, action, 0, { ...target(done.patientId), detail: done.detail })
        })
      } catch (error) {
        if (!(error instanceof Refused)) throw error
        await store.transaction((tx) => audit(tx, request, action, 4, { ...target(null), detail: error.refusal.type }))
        return fail(reply, error.refusal.type, error.refusal.message, error.refusal.ctx)
      }
      return reply.code(204).send()
    }

  app.delete(
    '/api/visits/:id',
    { schema: { params: IdParams, querystring: DeletionQuery }, config: { access: ADMINS, audit: 'visit.delete' } },
    adminDeletion('visit'),
  )

  app.delete(
    '/api/patients/:id',
    { schema: { params: IdParams, querystring: DeletionQuery }, config: { access: ADMINS, audit: 'patient.delete' } },
    adminDeletion('patient'),
  )

  registerRecordAdminRoutes(app, { config, store, blobs, audit, fail })

  // -------------------------------------------------------------------------------------------
  // The audit trail (admin).

  app.get(
    '/api/audit',
    { schema: { querystring: AuditQuerySchema }, config: { access: ADMINS } },
    async (request, reply) => {
      const q = request.query
      const limit = Math.min(Number(q.limit ?? '1000'), 10_000)
      const rows = await store.read((tx) =>
        tx.audit({
          afterId: q.after === undefined ? undefined : Number(q.after),
          from: q.from,
          to: q.to,
          userId: q.user,
          patientId: q.patient,
          action: q.action,
          limit,
        }),
      )
      await auditRead(request, [['audit.read', 0, { detail: `${rows.length} entries` }]])
      if (q.format === 'csv')
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="audit.csv"')
          .send(auditCsv(rows))
      return { entries: rows.map(auditRecord), after: rows.at(-1)?.id ?? (q.after === undefined ? 0 : Number(q.after)) }
    },
  )

  return app
}

export type RecordApp = Awaited<ReturnType<typeof buildRecordApp>>
