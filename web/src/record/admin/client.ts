/**
 * The record server's admin routes as the Administration dialog (panel.ts) calls them
 * (docs/record-server.md, "Users", "Deletion requests", "Audit trail"): over the same
 * FetchTransport as the sync (session cookie, the session's CSRF token on every request
 * but GET, this device's id), so the server's own checks of session, CSRF and role apply.
 * A failure is a SyncError carrying the server's error type, which the dialog says in words.
 */
import { AUDIT_ACTIONS, type AuditAction } from '#core/audit-actions.js'
import type { DeletionRequestView, PatientView, SignInOptionsView, VisitView } from '#core/record-sync-wire.js'
import { FetchTransport } from '../sync/transport.js'
import type { SignedInUser } from '../sync/types.js'

export type Role = 'admin' | 'clinician' | 'read-only'
export const ROLES: readonly Role[] = ['admin', 'clinician', 'read-only']

/** A user as GET /api/users answers it. */
export interface AdminUser {
  readonly id: string
  readonly email: string
  readonly role: Role
  readonly locked: boolean
  readonly disabled: boolean
  readonly sso_bound: boolean
}

/** An audit entry as GET /api/audit answers it (the export's columns). */
export interface AuditRecord {
  readonly id: number
  readonly recorded: string
  readonly action: string
  readonly outcome: number
  readonly user_id: string | null
  readonly user_email: string | null
  readonly role: string | null
  readonly patient_id: string | null
  readonly visit_id: string | null
  readonly device_id: string | null
  readonly address: string
  readonly detail: string
}

/** A patient past its retention period, as GET /api/retention/expired answers it. */
export interface ExpiredPatient {
  readonly patient_id: string
  readonly identifier: string
  readonly name: string
  readonly visits: number
  readonly last_care_date: string
  readonly retention_ends: string
}

/** A stored photo as the photo-collection routes answer it. */
export interface StoredPhoto {
  readonly sha256: string
  readonly type: string
  readonly bytes: number
  readonly created: string
}

/** The audit trail's filter: a user id, an action, and times (ISO, from inclusive, to exclusive). */
export interface AuditFilter {
  readonly user?: string
  readonly action?: string
  readonly from?: string
  readonly to?: string
}

/** The actions the server records (core/audit-actions.ts), for the filter's list. */
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as readonly AuditAction[]

/** The audit trail shown at once; the export pages through all of it. */
export const AUDIT_SHOWN = 500
/** The most entries the server answers at once (src/record-server/app.ts, GET /api/audit). */
export const AUDIT_EXPORT = 10_000

export class AdminClient {
  private readonly http: FetchTransport

  constructor(base: string, deviceId: string) {
    this.http = new FetchTransport(base, deviceId)
  }

  private async json<T>(method: string, path: string, body?: unknown): Promise<T> {
    const answer = await this.http.request(
      method,
      path,
      body === undefined ? undefined : JSON.stringify(body),
      body === undefined ? undefined : 'application/json',
    )
    return (await answer.json()) as T
  }

  /** The session's user (and its CSRF token kept for the requests after), or null when signed out. */
  session(): Promise<SignedInUser | null> {
    return this.http.session()
  }

  signInOptions(): Promise<SignInOptionsView> {
    return this.http.signInOptions()
  }

  async users(): Promise<AdminUser[]> {
    return (await this.json<{ users: AdminUser[] }>('GET', '/api/users')).users
  }

  async createUser(email: string, role: Role, password: string | undefined): Promise<AdminUser> {
    const body = password === undefined ? { email, role } : { email, role, password }
    return (await this.json<{ user: AdminUser }>('POST', '/api/users', body)).user
  }

  async updateUser(id: string, change: { role?: Role; disabled?: boolean; password?: string }): Promise<AdminUser> {
    return (await this.json<{ user: AdminUser }>('PATCH', `/api/users/${encodeURIComponent(id)}`, change)).user
  }

  async unlock(id: string): Promise<AdminUser> {
    return (await this.json<{ user: AdminUser }>('POST', `/api/users/${encodeURIComponent(id)}/unlock`)).user
  }

  async pendingDeletions(): Promise<DeletionRequestView[]> {
    return (await this.json<{ requests: DeletionRequestView[] }>('GET', '/api/deletion-requests?status=pending'))
      .requests
  }

  async approve(id: string, reason: string | undefined): Promise<DeletionRequestView> {
    const body = reason ? { reason } : {}
    return (
      await this.json<{ request: DeletionRequestView }>(
        'POST',
        `/api/deletion-requests/${encodeURIComponent(id)}/approve`,
        body,
      )
    ).request
  }

  async reject(id: string, comment: string): Promise<DeletionRequestView> {
    return (
      await this.json<{ request: DeletionRequestView }>(
        'POST',
        `/api/deletion-requests/${encodeURIComponent(id)}/reject`,
        { comment },
      )
    ).request
  }

  async patient(id: string): Promise<PatientView> {
    return (await this.json<{ patient: PatientView }>('GET', `/api/patients/${encodeURIComponent(id)}`)).patient
  }

  async visit(id: string): Promise<VisitView> {
    return (await this.json<{ visit: VisitView }>('GET', `/api/visits/${encodeURIComponent(id)}`)).visit
  }

  retention(): Promise<{ retention_years: number; today: string; patients: ExpiredPatient[] }> {
    return this.json('GET', '/api/retention/expired')
  }

  /** The retention list as the server's CSV file. */
  async retentionCsv(): Promise<string> {
    return (await this.http.request('GET', '/api/retention/expired?format=csv')).text()
  }

  /** The photos no visit names, uploaded more than `days` days ago (nothing is removed). */
  async unnamedPhotos(days: number): Promise<StoredPhoto[]> {
    return (await this.json<{ photos: StoredPhoto[] }>('GET', `/api/photos/unnamed?older_than_days=${days}`)).photos
  }

  /** Removes the photos no visit names uploaded more than `days` days ago: those removed, and their bytes. */
  collectPhotos(days: number): Promise<{ collected: StoredPhoto[]; bytes: number }> {
    return this.json('POST', '/api/photos/collect', { older_than_days: days })
  }

  private auditQuery(filter: AuditFilter, limit: number, after = 0, format?: 'csv'): string {
    const q = new URLSearchParams({ limit: String(limit) })
    if (after > 0) q.set('after', String(after))
    if (filter.user) q.set('user', filter.user)
    if (filter.action) q.set('action', filter.action)
    if (filter.from) q.set('from', filter.from)
    if (filter.to) q.set('to', filter.to)
    if (format) q.set('format', format)
    return `/api/audit?${q}`
  }

  /** The first AUDIT_SHOWN entries that match, oldest first. */
  async audit(filter: AuditFilter): Promise<AuditRecord[]> {
    return (await this.json<{ entries: AuditRecord[] }>('GET', this.auditQuery(filter, AUDIT_SHOWN))).entries
  }

  /**
   * The entries that match as the server exports them (GET /api/audit, at most AUDIT_EXPORT of them,
   * the server's limit for one answer): its CSV file as it is, or its JSON answer's entries.
   */
  async auditExport(filter: AuditFilter, format: 'json' | 'csv'): Promise<string> {
    if (format === 'csv')
      return (await this.http.request('GET', this.auditQuery(filter, AUDIT_EXPORT, 0, 'csv'))).text()
    const { entries } = await this.json<{ entries: AuditRecord[] }>('GET', this.auditQuery(filter, AUDIT_EXPORT))
    return `${JSON.stringify({ entries }, null, 2)}\n`
  }
}
