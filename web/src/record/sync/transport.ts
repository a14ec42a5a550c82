/**
 * The sync's network effect: the record server's API over fetch, with the session
 * cookie (credentials: 'include'; the cookie is HttpOnly, so no script here ever reads
 * it), the session's CSRF token in X-CSRF-Token on every request but GET, and this
 * device's id in X-Device-Id for the server's audit trail. Every failure is a SyncError
 * with a type the engine decides from: offline (no answer), signed_out (401), or the
 * server's own error type and message (docs/record-server.md, "Errors"). A request the
 * server does not answer in time (SYNC_TIMEOUT_MS; a photo's longer, by its size) is
 * aborted and is 'offline' too: a hung server is "cannot reach the server, will retry".
 */
import type { SignInOptionsView } from '#core/record-sync-wire.js'
import type {
  DeletionRequestView,
  PulledEntity,
  PullPage,
  PushResult,
  ServerPatient,
  ServerVisit,
  SignedInUser,
  WireChange,
} from './types.js'

/** How long a request to the record server may take, its answer's body read included. */
export const SYNC_TIMEOUT_MS = 30_000
/** A photo sent takes SYNC_TIMEOUT_MS and its bytes at this rate more (a slow clinic uplink, 512 kbit/s). */
export const PHOTO_BYTES_PER_SECOND = 64 * 1024
/** A photo fetched (its size unknown before it comes): four times SYNC_TIMEOUT_MS. */
const PHOTO_FETCH_FACTOR = 4

/**
 * The timeout a page asks for in its address (`?sync-timeout-ms=500`, for tests: a hung server
 * is found without waiting 30 s), else SYNC_TIMEOUT_MS. Not a number, or under 1: the default.
 */
export function syncTimeoutOf(asked: string | null): number {
  const ms = asked === null ? Number.NaN : Number(asked)
  return Number.isFinite(ms) && ms >= 1 ? ms : SYNC_TIMEOUT_MS
}

/** Why a request to the record server failed. */
export class SyncError extends Error {
  override name = 'SyncError'
  constructor(
    /** 'offline' (no answer), 'signed_out' (no valid session), or the server's error type. */
    readonly type: string,
    message: string,
    readonly status = 0,
    readonly ctx?: Record<string, unknown>,
  ) {
    super(message)
  }
}

/**
 * Whether a failure's type (a SyncError's, or the engine's status problem) says the server failed
 * or could not answer (its 500 or 503, e.g. its database down; a proxy's 5xx): nothing was
 * refused, and the same request may go through later.
 */
export function serverFailed(type: string): boolean {
  return type === 'internal' || type === 'unavailable' || /^http_5\d\d$/.test(type)
}

/** The record server as the engine uses it. */
export interface SyncTransport {
  /** How the server lets people sign in (before any session): passwords, and its single sign-on provider. */
  signInOptions(): Promise<SignInOptionsView>
  signIn(email: string, password: string): Promise<SignedInUser>
  signOut(): Promise<void>
  /** The session's user (and its CSRF token kept for the requests after), or null when signed out. */
  session(): Promise<SignedInUser | null>
  push(changes: readonly WireChange[]): Promise<PushResult[]>
  pull(cursor: number, limit: number): Promise<PullPage>
  /** Stores a photo by its SHA-256 (the server answers 200 when it had it). */
  putPhoto(sha256: string, blob: Blob): Promise<void>
  getPhoto(sha256: string): Promise<Blob>
  /** Deletes on the server (an admin's action) from revision `rev`; 'gone' when the server has no such entity. */
  deleteEntity(kind: 'patient' | 'visit', id: string, rev: number): Promise<'deleted' | 'gone'>
  /**
   * Asks an admin to delete, from revision `rev` (a clinician's deletion, or an admin's within the
   * retention period): the request as the server holds it; the same `requestId` answers the same request.
   */
  requestDeletion(requestId: string, kind: 'patient' | 'visit', id: string, rev: number): Promise<DeletionRequestView>
  /** The server's copy of a patient or visit, as a pull would answer it; null when it has none. */
  fetchEntity(kind: 'patient' | 'visit', id: string): Promise<PulledEntity | null>
}

/** A request that got no answer (no connection, or none in time): 'offline', the engine's "cannot reach the server". */
function unanswered(error: unknown): SyncError {
  return new SyncError('offline', error instanceof Error ? error.message : String(error))
}

/** An answer's body read; cut off by the timeout, it is no answer ('offline'); any other failure as it was. */
async function read<T>(body: () => Promise<T>): Promise<T> {
  try {
    return await body()
  } catch (error) {
    if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError'))
      throw unanswered(error)
    throw error
  }
}

export class FetchTransport implements SyncTransport {
  private csrf: string | null = null

  constructor(
    /** The record server's origin, e.g. https://record.clinic.example. */
    readonly base: string,
    private readonly deviceId: string,
    private readonly fetchFn: typeof fetch = (...args) => fetch(...args),
    /** The time a request may take (SYNC_TIMEOUT_MS; a photo's is longer by its size). */
    private readonly timeoutMs = SYNC_TIMEOUT_MS,
  ) {}

  /**
   * One request to the server with this device's headers and the session's CSRF token (known after
   * signIn or session); a failure is thrown as a SyncError. The admin's screens (record/admin) call
   * their routes through it.
   */
  async request(
    method: string,
    path: string,
    body?: BodyInit,
    type?: string,
    timeoutMs = this.timeoutMs,
  ): Promise<Response> {
    const headers: Record<string, string> = { 'x-device-id': this.deviceId }
    if (type) headers['content-type'] = type
    if (method !== 'GET' && this.csrf) headers['x-csrf-token'] = this.csrf
    let answer: Response
    try {
      answer = await this.fetchFn(new URL(path, this.base), {
        method,
        headers,
        body: body ?? null,
        credentials: 'include',
        cache: 'no-store',
        // Aborts the body's reading too: an answer that stops halfway is no answer.
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (error) {
      throw unanswered(error)
    }
    if (answer.ok) return answer
    let problem: { type?: string; message?: string; ctx?: Record<string, unknown> } = {}
    try {
      problem = ((await answer.json()) as { error?: typeof problem }).error ?? {}
    } catch {
      // Not the server's error shape (a proxy's page): the status says it.
    }
    if (answer.status === 401 && problem.type !== 'login_failed') {
      this.csrf = null
      throw new SyncError('signed_out', problem.message ?? 'signed out', 401)
    }
    throw new SyncError(
      problem.type ?? `http_${answer.status}`,
      problem.message ?? answer.statusText,
      answer.status,
      problem.ctx,
    )
  }

  private async json<T>(method: string, path: string, body?: unknown): Promise<T> {
    const answer = await this.request(
      method,
      path,
      body === undefined ? undefined : JSON.stringify(body),
      body === undefined ? undefined : 'application/json',
    )
    return (await read(() => answer.json())) as T
  }

  signInOptions(): Promise<SignInOptionsView> {
    return this.json<SignInOptionsView>('GET', '/api/sign-in-options')
  }

  async signIn(email: string, password: string): Promise<SignedInUser> {
    const answer = await this.json<{ user: SignedInUser; csrf_token: string }>('POST', '/api/session', {
      email,
      password,
    })
    this.csrf = answer.csrf_token
    return { id: answer.user.id, email: answer.user.email, role: answer.user.role }
  }

  async signOut(): Promise<void> {
    try {
      await this.request('DELETE', '/api/session')
    } catch (error) {
      if (!(error instanceof SyncError && error.type === 'signed_out')) throw error
    }
    this.csrf = null
  }

  async session(): Promise<SignedInUser | null> {
    try {
      const answer = await this.json<{ user: SignedInUser; csrf_token: string }>('GET', '/api/session')
      this.csrf = answer.csrf_token
      return { id: answer.user.id, email: answer.user.email, role: answer.user.role }
    } catch (error) {
      if (error instanceof SyncError && error.type === 'signed_out') return null
      throw error
    }
  }

  async push(changes: readonly WireChange[]): Promise<PushResult[]> {
    return (await this.json<{ results: PushResult[] }>('POST', '/api/sync/push', { changes })).results
  }

  pull(cursor: number, limit: number): Promise<PullPage> {
    return this.json<PullPage>('GET', `/api/sync/pull?cursor=${cursor}&limit=${limit}`)
  }

  async putPhoto(sha256: string, blob: Blob): Promise<void> {
    const ms = this.timeoutMs + Math.ceil((blob.size / PHOTO_BYTES_PER_SECOND) * 1000)
    await this.request('PUT', `/api/photos/${sha256}`, blob, 'application/octet-stream', ms)
  }

  async getPhoto(sha256: string): Promise<Blob> {
    const answer = await this.request(
      'GET',
      `/api/photos/${sha256}`,
      undefined,
      undefined,
      this.timeoutMs * PHOTO_FETCH_FACTOR,
    )
    return read(() => answer.blob())
  }

  async deleteEntity(kind: 'patient' | 'visit', id: string, rev: number): Promise<'deleted' | 'gone'> {
    try {
      await this.request('DELETE', `/api/${kind}s/${encodeURIComponent(id)}?rev=${rev}`)
      return 'deleted'
    } catch (error) {
      if (error instanceof SyncError && error.type === 'not_found') return 'gone'
      throw error
    }
  }

  async requestDeletion(
    requestId: string,
    kind: 'patient' | 'visit',
    id: string,
    rev: number,
  ): Promise<DeletionRequestView> {
    const answer = await this.json<{ request: DeletionRequestView }>('POST', '/api/deletion-requests', {
      request_id: requestId,
      kind,
      id,
      rev,
    })
    // Asked again with the same id (every sync while it waits): the request as it stands now, decided or not.
    return answer.request
  }

  async fetchEntity(kind: 'patient' | 'visit', id: string): Promise<PulledEntity | null> {
    try {
      if (kind === 'visit') {
        const { visit } = await this.json<{ visit: ServerVisit }>('GET', `/api/visits/${encodeURIComponent(id)}`)
        return { seq: visit.seq, kind, id, deleted: false, visit }
      }
      const { patient } = await this.json<{ patient: ServerPatient }>('GET', `/api/patients/${encodeURIComponent(id)}`)
      return { seq: patient.seq, kind, id, deleted: false, patient }
    } catch (error) {
      if (error instanceof SyncError && error.type === 'not_found') return null
      throw error
    }
  }
}
