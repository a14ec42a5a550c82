/**
 * Accounts: passwords hashed with argon2id, sessions kept server-side (the cookie
 * holds a random token; the database only its SHA-256), a CSRF token per session,
 * and the lockout after repeated failed logins.
 *
 * argon2id at OWASP's first recommended setting (Password Storage Cheat Sheet):
 * m = 19 MiB, t = 2, p = 1, about 70 ms on one core here. Memory-hard, so a stolen
 * database costs an attacker 19 MiB per guess in flight; low enough that a 2-core
 * clinic machine serves a morning's logins without noticing. The parameters are in
 * each hash, so raising them later re-hashes nothing already stored.
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import { Algorithm, hash, verify } from '@node-rs/argon2'
import type { RecordTx, Role, SessionRow, UserRow } from './store.js'

export const ARGON2_PARAMETERS = {
  algorithm: Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMETERS)
}

/** A hash of no password anyone has, verified when the email is unknown so both answers take as long. */
let decoy: Promise<string> | undefined

/**
 * Whether `password` matches `stored` (a user's hash); for an unknown user (undefined) or
 * one without a password ('': signs in by single sign-on only), false after the same work.
 */
export async function passwordMatches(stored: string | undefined, password: string): Promise<boolean> {
  if (stored === undefined || stored === '') {
    decoy ??= hashPassword(randomBytes(16).toString('hex'))
    await verify(await decoy, password).catch(() => false)
    return false
  }
  return verify(stored, password).catch(() => false)
}

export const sha256Hex = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex')

/** The session cookie's name: __Host- makes browsers keep it only if Secure, for this host, on path / (no subdomain can set it). */
export const SESSION_COOKIE = '__Host-record_session'

/** Header carrying the session's CSRF token on every state-changing request. */
export const CSRF_HEADER = 'x-csrf-token'

/** Header carrying the device id the client chose (the audit trail's "from which device"). */
export const DEVICE_HEADER = 'x-device-id'

export interface NewSession {
  readonly token: string
  readonly row: SessionRow
}

/** A new session for `user`: a 256-bit random token (the cookie), its hash and a CSRF token (the row). */
export function newSession(user: UserRow, now: Date, maxHours: number): NewSession {
  const token = randomBytes(32).toString('base64url')
  const at = now.toISOString()
  return {
    token,
    row: {
      tokenHash: sha256Hex(token),
      userId: user.id,
      csrfToken: randomBytes(32).toString('base64url'),
      created: at,
      expires: new Date(now.getTime() + maxHours * 3_600_000).toISOString(),
      lastSeen: at,
    },
  }
}

/** Whether a session is still valid at `now`: before its absolute end and not idle for longer than allowed. */
export function sessionAlive(session: SessionRow, now: Date, idleMinutes: number): boolean {
  return now.toISOString() < session.expires && now.getTime() - Date.parse(session.lastSeen) < idleMinutes * 60_000
}

/** Constant-time comparison of two tokens. */
export function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

export type LoginOutcome =
  | { readonly kind: 'ok'; readonly user: UserRow }
  | { readonly kind: 'failed'; readonly user: UserRow | undefined; readonly lockedNow: boolean }
  | { readonly kind: 'locked'; readonly user: UserRow }
  | { readonly kind: 'disabled'; readonly user: UserRow }

/**
 * Records a login attempt whose password check gave `matches`: a success resets the
 * failures; a failure counts one more and locks the account at `lockoutFailures`. A
 * locked account stays locked whatever the password (an admin unlocks it). A disabled
 * account is said to be disabled only to the right password (a wrong one is a failure
 * like any other, so a guesser learns nothing more than from any account).
 */
export async function recordLoginAttempt(
  tx: RecordTx,
  user: UserRow | undefined,
  matches: boolean,
  lockoutFailures: number,
  now: Date,
): Promise<LoginOutcome> {
  if (!user) return { kind: 'failed', user, lockedNow: false }
  const current = (await tx.userById(user.id)) ?? user
  if (current.lockedAt !== null) return { kind: 'locked', user: current }
  if (matches) {
    if (current.disabledAt !== null) return { kind: 'disabled', user: current }
    if (current.failedLogins !== 0) await tx.setLogin(current.id, 0, null)
    return { kind: 'ok', user: current }
  }
  const failed = current.failedLogins + 1
  const lockedNow = failed >= lockoutFailures
  await tx.setLogin(current.id, failed, lockedNow ? now.toISOString() : null)
  return { kind: 'failed', user: current, lockedNow }
}

/** A new user row (the password already hashed). */
export function newUser(email: string, role: Role, passwordHash: string, now: Date): UserRow {
  return {
    id: randomUUID(),
    email: email.trim().toLowerCase(),
    role,
    passwordHash,
    failedLogins: 0,
    lockedAt: null,
    disabledAt: null,
    ssoSubject: null,
    created: now.toISOString(),
  }
}
