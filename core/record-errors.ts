/**
 * The record server's error answers as data (docs/record-server.md, "Errors"): every
 * refusal is `{"error": {"type", "message", "ctx"?}}` with the HTTP status below.
 * Programs (the app's sync client) decide from `type` and `ctx`; `message` is English
 * prose for the operator or the clinician, saying what to do.
 *
 * These names are a contract: add new ones, never rename or remove one.
 * Pure types and data: the web app may import this file too.
 */
export const RECORD_ERRORS = {
  unauthenticated: { status: 401, meaning: 'No valid session: log in (POST /api/session).' },
  login_failed: { status: 401, meaning: 'The email or the password is wrong (which one is not said).' },
  account_locked: {
    status: 423,
    meaning: 'Too many failed logins in a row locked the account; an admin unlocks it.',
  },
  account_disabled: {
    status: 403,
    meaning: 'An admin disabled the account: it cannot sign in and its sessions ended; an admin enables it again.',
  },
  password_login_off: {
    status: 403,
    meaning:
      'The clinic signs in through its single sign-on provider (GET /api/sign-in-options); passwords are off, or kept for admins only.',
  },
  sso_failed: {
    status: 401,
    meaning:
      "A single sign-on did not complete: it did not start in this browser, was used already, expired, or the provider's answer failed its checks. Start again.",
  },
  sso_no_user: {
    status: 403,
    meaning:
      "The provider's account matches no clinic user (by its verified email, or the account bound at its first sign-on); an admin creates the user.",
  },
  sso_unavailable: { status: 503, meaning: "The clinic's sign-in provider cannot be reached from the record server." },
  forbidden: { status: 403, meaning: "The user's role does not allow this (ctx.required: the roles that may)." },
  csrf: { status: 403, meaning: "A state-changing request without the session's X-CSRF-Token header." },
  plain_http: {
    status: 403,
    meaning: 'Plain http from another machine; use https (or set RECORD_ALLOW_HTTP / RECORD_TRUSTED_PROXIES).',
  },
  origin_not_allowed: {
    status: 403,
    meaning:
      'A page of an origin not in RECORD_ALLOWED_ORIGINS asked to call the server (a CORS preflight); ctx.origin.',
  },
  rate_limited: { status: 429, meaning: 'Too many login attempts from this address; wait and retry.' },
  invalid_request: { status: 400, meaning: 'The request does not match its schema; ctx.problems lists where and why.' },
  invalid_content: {
    status: 422,
    meaning: "A visit's content is not an assessment file the app's schema admits; ctx.problems lists where and why.",
  },
  not_found: { status: 404, meaning: 'No such patient, visit, photo or user.' },
  conflict: {
    status: 409,
    meaning:
      'The write was made from another revision than the stored one; ctx.current is the server copy (null: none). Nothing was written.',
  },
  identifier_taken: {
    status: 409,
    meaning: "Another patient has this identifier's key; ctx.current is that patient. Nothing was written.",
  },
  deleted: { status: 409, meaning: 'The patient or visit was deleted by an admin; it is not brought back by a write.' },
  has_visits: { status: 409, meaning: 'A patient with visits is not deleted; delete or move its visits first.' },
  retention_period: {
    status: 409,
    meaning:
      'The patient or visit is within its retention period (ctx.retention_ends); an admin deletes it only stating a reason (ctx.reasons).',
  },
  request_decided: {
    status: 409,
    meaning: 'The deletion request was already approved or rejected (ctx.request); a decision is final.',
  },
  photo_missing: {
    status: 409,
    meaning: 'A visit names a photo the server does not hold; upload it first (PUT /api/photos/{sha256}).',
  },
  photo_mismatch: { status: 422, meaning: "The photo's bytes do not hash to the SHA-256 in its URL." },
  photo_not_raster: {
    status: 415,
    meaning: 'The bytes are not a JPEG, PNG or WebP (ctx.looksLike), or their size cannot be read.',
  },
  photo_too_large: { status: 413, meaning: 'The photo is beyond the stored-photo limits (bytes, side, megapixels).' },
  last_admin: { status: 409, meaning: 'The change would leave the clinic without an admin; make another admin first.' },
  email_taken: { status: 409, meaning: 'A user with this email exists.' },
  too_large: { status: 413, meaning: 'The request body is beyond its limit (ctx.limit, bytes).' },
  too_deep: {
    status: 422,
    meaning:
      'The JSON body nests arrays and objects deeper than the server reads (ctx.max_depth; ctx.depth: how deep it was). Nothing was read or written.',
  },
  change_id_reused: {
    status: 409,
    meaning:
      'The change id (ctx.change_id) was applied before with other content; a change id names one change. Nothing was written: send the change under a new id.',
  },
  internal: {
    status: 500,
    meaning: 'The server failed; the cause is in its log (by request id), never in the answer.',
  },
  unavailable: {
    status: 503,
    meaning:
      'The database cannot be reached, every connection to it stayed busy too long (ctx.reason "busy", with Retry-After), or the server is shutting down; nothing was written.',
  },
} as const

export type RecordErrorType = keyof typeof RECORD_ERRORS

/** The body of every error answer. */
export interface RecordErrorBody {
  readonly error: {
    readonly type: RecordErrorType
    readonly message: string
    readonly ctx?: Readonly<Record<string, unknown>>
  }
}
