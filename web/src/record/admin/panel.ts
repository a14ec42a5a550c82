/**
 * The Administration dialog (docs/record-server.md, "The admin's screens"; docs/app.md):
 * what a clinic's admin decides on the record server, without curl. Opened from the
 * clinic-server dialog's "Administration" button, which is there only while the signed-in
 * user's role is admin (the server refuses these routes to any other role anyway). Four
 * tabs: users (create, role, disable or enable, unlock, a new password where passwords are
 * on), pending deletion requests (approve, with a reason within the retention period, or
 * reject with words for the clinician), and the audit trail (filter by user, action and
 * dates; export as the server's CSV or JSON), and the retention list (with its CSV) and the
 * photos no visit names (listed by age, then collected, with what was removed); and a line
 * saying how people sign in (the single sign-on provider, read only). Every call goes through client.ts; a refusal is
 * said as a sentence from its error type. Drawn with lit-html: lists wrap at any width.
 */
import { html, nothing, render as renderInto, type TemplateResult } from 'lit-html'
import { repeat } from 'lit-html/directives/repeat.js'
import { AUDIT_ACTIONS, type AuditAction } from '#core/audit-actions.js'
import type { DeletionRequestView, SignInOptionsView } from '#core/record-sync-wire.js'
import { formatDateField, parseDateField } from '../../i18n/date-field.js'
import { formatDate, formatDateTime, formatNumber } from '../../i18n/format.js'
import { currentLocale, t } from '../../i18n/index.js'
import { dateErrorText } from '../../panels/date-field.js'
import { download, h } from '../../render/dom.js'
import { SyncError } from '../sync/transport.js'
import {
  AdminClient,
  type AdminUser,
  AUDIT_ACTION_NAMES,
  AUDIT_EXPORT,
  AUDIT_SHOWN,
  type AuditFilter,
  type AuditRecord,
  type ExpiredPatient,
  ROLES,
  type Role,
  type StoredPhoto,
} from './client.js'

type Tab = 'users' | 'deletions' | 'audit' | 'records'
const TABS: readonly Tab[] = ['users', 'deletions', 'audit', 'records']
/** Photos no visit names are collected only when older than this many days, by default (the server's grace period). */
const PHOTO_GRACE_DAYS = 30
const EARLY_REASONS = ['created_in_error', 'duplicate', 'legal_order'] as const
/** The server's least password length (src/record-server/config.ts MIN_PASSWORD_LENGTH). */
const MIN_PASSWORD = 12

/** The error types said in words; any other is said with its type. */
const KNOWN_ERRORS = new Set([
  'offline',
  'signed_out',
  'forbidden',
  'csrf',
  'email_taken',
  'last_admin',
  'not_found',
  'invalid_request',
  'retention_period',
  'request_decided',
  'has_visits',
  'deleted',
  'conflict',
  'unavailable',
  'internal',
])

/** A refusal or failure as a sentence for the admin. */
/** An audit entry's action in words; an action this app does not know (a newer server's) as its code. */
function auditActionText(action: string): string {
  return action in AUDIT_ACTIONS ? t(`admin.auditAction.${action as AuditAction}`) : action
}

function errorText(error: unknown): string {
  const type = error instanceof SyncError ? error.type : 'internal'
  if (type === 'retention_period') {
    const ends = error instanceof SyncError ? error.ctx?.retention_ends : undefined
    return t('admin.error.retention_period', {
      date: typeof ends === 'string' ? formatDate(ends.slice(0, 10), currentLocale()) : '—',
    })
  }
  if (KNOWN_ERRORS.has(type)) return t(`admin.error.${type}` as 'admin.error.offline', { min: MIN_PASSWORD })
  return t('admin.error.other', { type })
}

/** A request being shown: the request, and what it names in words (read from the server). */
interface DeletionItem {
  readonly request: DeletionRequestView
  readonly what: string
}

/** Mounts the dialog; `open(url)` opens it for the record server at `url` (the sync's). */
export function mountAdminPanel(deviceId: string): { open(url: string): void; redraw(): void } {
  const dialog = h('dialog', {
    id: 'admin-dialog',
    class: 'record-dialog admin-dialog',
    'aria-labelledby': 'admin-title',
  })
  document.body.append(dialog)
  let client: AdminClient | null = null
  let tab: Tab = 'users'
  let options: SignInOptionsView | null = null
  let users: AdminUser[] = []
  let deletions: DeletionItem[] = []
  let entries: AuditRecord[] | null = null
  let filter: AuditFilter = {}
  let retention: { years: number; today: string; patients: ExpiredPatient[] } | null = null
  let photoDays = PHOTO_GRACE_DAYS
  let unnamed: StoredPhoto[] | null = null
  let collected: { photos: StoredPhoto[]; bytes: number } | null = null
  /** What the last action did (role=status), or why it was refused (role=alert). */
  let message = ''
  let problem = ''
  let busy = 0

  const passwordsOn = () => options !== null && options.password_login !== 'off'
  const emailOf = (id: string | null) => (id ? (users.find((u) => u.id === id)?.email ?? id) : '—')

  /** Runs an admin action: its outcome said, the lists read again, the dialog drawn. */
  async function act(work: () => Promise<string>): Promise<void> {
    busy++
    problem = ''
    message = ''
    draw()
    try {
      message = await work()
    } catch (error) {
      problem = errorText(error)
    } finally {
      busy--
    }
    await load(false)
  }

  async function describe(r: DeletionRequestView): Promise<string> {
    const c = client!
    const patient = await c.patient(r.patient_id).then(
      (p) => p.identifier,
      () => r.patient_id,
    )
    if (r.kind === 'patient') return t('admin.deletion.patient', { patient })
    const date = await c.visit(r.entity_id).then(
      (v) => (v.date ? formatDate(v.date, currentLocale()) : t('compare.undated')),
      () => r.entity_id,
    )
    return t('admin.deletion.visit', { patient, date })
  }

  /** Reads what the open tab shows (and the users, whose emails every tab names). */
  /** The latest load's number: an earlier load answered later (a slow list) never replaces what a later one read. */
  let loads = 0

  async function load(clear = true): Promise<void> {
    if (!client) return
    const round = ++loads
    const latest = () => round === loads
    if (clear) problem = ''
    busy++
    draw()
    try {
      const readUsers = await client.users()
      if (latest()) users = readUsers
      if (tab === 'deletions') {
        const pending = await client.pendingDeletions()
        const described = await Promise.all(
          pending.map(async (request) => ({ request, what: await describe(request) })),
        )
        if (latest()) deletions = described
      }
      if (tab === 'audit' && entries !== null) {
        const read = await client.audit(filter)
        if (latest()) entries = read
      }
      if (tab === 'records') {
        const list = await client.retention()
        const photos = await client.unnamedPhotos(photoDays)
        if (latest()) {
          retention = { years: list.retention_years, today: list.today, patients: list.patients }
          unnamed = photos
        }
      }
    } catch (error) {
      if (latest()) problem = errorText(error)
    } finally {
      busy--
    }
    draw()
  }

  // ---------------------------------------------------------------------------------------------
  // Users.

  function createUser(e: SubmitEvent): void {
    e.preventDefault()
    const form = e.currentTarget as HTMLFormElement
    const data = new FormData(form)
    const email = String(data.get('email') ?? '').trim()
    const role = String(data.get('role')) as Role
    const password = String(data.get('password') ?? '')
    void act(async () => {
      const made = await client!.createUser(email, role, password === '' ? undefined : password)
      form.reset()
      return t('admin.users.created', { email: made.email, role: t(`sync.role.${made.role}`) })
    })
  }

  function userState(u: AdminUser): string {
    return u.disabled ? 'disabled' : u.locked ? 'locked' : 'active'
  }

  function userTemplate(u: AdminUser): TemplateResult {
    const state = userState(u)
    const setPassword = (e: SubmitEvent) => {
      e.preventDefault()
      const form = e.currentTarget as HTMLFormElement
      const password = String(new FormData(form).get('password') ?? '')
      void act(async () => {
        await client!.updateUser(u.id, { password })
        form.reset()
        return t('admin.users.passwordSet', { email: u.email })
      })
    }
    return html`<li class="admin-item" data-email=${u.email} data-role=${u.role} data-state=${state}>
      <p class="admin-line"><strong class="admin-email">${u.email}</strong>
        <span class="admin-state" data-state=${state}>${t(`admin.state.${state}` as 'admin.state.active')}</span></p>
      <div class="admin-actions">
        <label>${t('admin.users.role')}
          <select class="admin-role" .value=${u.role} @change=${(e: Event) => {
            const role = (e.currentTarget as HTMLSelectElement).value as Role
            void act(async () => {
              await client!.updateUser(u.id, { role })
              return t('admin.users.roleChanged', { email: u.email, role: t(`sync.role.${role}`) })
            })
          }}>${ROLES.map((r) => html`<option value=${r} ?selected=${r === u.role}>${t(`sync.role.${r}`)}</option>`)}</select>
        </label>
        <button type="button" class="admin-disable" @click=${() =>
          void act(async () => {
            await client!.updateUser(u.id, { disabled: !u.disabled })
            return t(u.disabled ? 'admin.users.enabled' : 'admin.users.disabled', { email: u.email })
          })}>${t(u.disabled ? 'admin.users.enable' : 'admin.users.disable')}</button>
        ${
          u.locked
            ? html`<button type="button" class="admin-unlock" @click=${() =>
                void act(async () => {
                  await client!.unlock(u.id)
                  return t('admin.users.unlocked', { email: u.email })
                })}>${t('admin.users.unlock')}</button>`
            : nothing
        }
      </div>
      ${
        passwordsOn()
          ? html`<details class="admin-password"><summary>${t('admin.users.setPassword')}</summary>
              <form class="admin-form" @submit=${setPassword}>
                <label>${t('admin.users.newPassword')}
                  <input type="password" name="password" autocomplete="new-password" required minlength=${MIN_PASSWORD} /></label>
                <button type="submit">${t('admin.users.savePassword')}</button>
              </form></details>`
          : nothing
      }
    </li>`
  }

  function usersTemplate(): TemplateResult {
    const passwordHelp = options?.sso
      ? t('admin.users.passwordOptional')
      : t('admin.users.passwordHelp', { min: MIN_PASSWORD })
    return html`<section id="admin-users-section">
      <h3>${t('admin.users.create')}</h3>
      <form id="admin-new-user" class="admin-form" @submit=${createUser}>
        <label>${t('sync.email')}
          <input type="email" name="email" id="admin-new-email" required autocomplete="off" /></label>
        <label>${t('admin.users.role')}
          <select name="role" id="admin-new-role">${ROLES.map(
            (r) => html`<option value=${r} ?selected=${r === 'clinician'}>${t(`sync.role.${r}`)}</option>`,
          )}</select></label>
        ${
          passwordsOn()
            ? html`<label>${t('admin.users.initialPassword')}
                <input type="password" name="password" id="admin-new-password" autocomplete="new-password"
                  minlength=${MIN_PASSWORD} ?required=${!options?.sso} /></label>
                <p class="field-help">${passwordHelp}</p>`
            : html`<p class="field-help">${t('admin.users.ssoOnly')}</p>`
        }
        <button type="submit" class="primary" id="admin-new-submit">${t('admin.users.createButton')}</button>
      </form>
      <h3>${t('admin.users.title')}</h3>
      <ul id="admin-users" class="admin-list">${repeat(users, (u) => u.id, userTemplate)}</ul>
    </section>`
  }

  // ---------------------------------------------------------------------------------------------
  // Deletion requests.

  function deletionTemplate({ request: r, what }: DeletionItem): TemplateResult {
    const approve = (e: SubmitEvent) => {
      e.preventDefault()
      const reason = String(new FormData(e.currentTarget as HTMLFormElement).get('reason') ?? '')
      void act(async () => {
        await client!.approve(r.id, reason || undefined)
        return t('admin.deletion.approved', { what })
      })
    }
    const reject = (e: SubmitEvent) => {
      e.preventDefault()
      const comment = String(new FormData(e.currentTarget as HTMLFormElement).get('comment') ?? '').trim()
      if (comment === '') {
        problem = t('admin.deletion.commentRequired')
        draw()
        return
      }
      void act(async () => {
        await client!.reject(r.id, comment)
        return t('admin.deletion.rejected', { what })
      })
    }
    return html`<li class="admin-item" data-request=${r.id} data-kind=${r.kind}>
      <p class="admin-line"><strong>${what}</strong></p>
      <p class="admin-line">${t('admin.deletion.asked', {
        who: emailOf(r.requested_by),
        time: formatDateTime(r.requested_at, currentLocale()),
        device: r.device_id ?? '—',
      })}</p>
      <form class="admin-form admin-approve" @submit=${approve}>
        <label>${t('admin.deletion.reason')}
          <select name="reason"><option value="">${t('admin.deletion.reason.none')}</option>${EARLY_REASONS.map(
            (reason) => html`<option value=${reason}>${t(`admin.deletion.reason.${reason}`)}</option>`,
          )}</select></label>
        <button type="submit" class="danger">${t('admin.deletion.approve')}</button>
      </form>
      <form class="admin-form admin-reject" @submit=${reject}>
        <label>${t('admin.deletion.comment')}
          <input type="text" name="comment" maxlength="500" required autocomplete="off" /></label>
        <button type="submit">${t('admin.deletion.reject')}</button>
      </form>
    </li>`
  }

  function deletionsTemplate(): TemplateResult {
    return html`<section id="admin-deletions-section">
      <h3>${t('admin.deletion.title')}</h3>
      <p class="field-help">${t('admin.deletion.help')}</p>
      ${
        deletions.length
          ? html`<ul id="admin-deletions" class="admin-list">${repeat(deletions, (d) => d.request.id, deletionTemplate)}</ul>`
          : html`<p id="admin-deletions-none">${t('admin.deletion.none')}</p>`
      }
    </section>`
  }

  // ---------------------------------------------------------------------------------------------
  // The audit trail.

  /** A day (YYYY-MM-DD) at this browser's midnight, as the server's times are written (ISO, UTC). */
  const dayStart = (day: string, plusDays = 0) => {
    const d = new Date(`${day}T00:00:00`)
    d.setDate(d.getDate() + plusDays)
    return d.toISOString()
  }

  /** A filter's time back as the day written in the form (`to` is the midnight after its last day). */
  const dayOf = (iso: string | undefined, plusDays: number) => {
    if (!iso) return ''
    const d = new Date(iso)
    d.setDate(d.getDate() + plusDays)
    const day = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
    return formatDateField(day, currentLocale())
  }

  /** The filter as written in the form (its days in the app's date format), or the sentence that says why not. */
  function readFilter(form: HTMLFormElement): AuditFilter | string {
    const data = new FormData(form)
    const locale = currentLocale()
    const from = parseDateField(String(data.get('from') ?? ''), locale)
    const to = parseDateField(String(data.get('to') ?? ''), locale)
    if (!from.ok) return dateErrorText(from.error)
    if (!to.ok) return dateErrorText(to.error)
    const user = String(data.get('user') ?? '')
    const action = String(data.get('action') ?? '')
    return {
      ...(user ? { user } : {}),
      ...(action ? { action } : {}),
      ...(from.iso ? { from: dayStart(from.iso) } : {}),
      // The last day included whole: up to the next day's midnight.
      ...(to.iso ? { to: dayStart(to.iso, 1) } : {}),
    }
  }

  /** Takes the form's filter; false (the reason shown) when a day cannot be read. */
  function takeFilter(): boolean {
    const form = dialog.querySelector<HTMLFormElement>('#admin-audit-filter')
    const read = form ? readFilter(form) : filter
    if (typeof read === 'string') {
      problem = read
      message = ''
      draw()
      return false
    }
    filter = read
    return true
  }

  function showAudit(e: SubmitEvent): void {
    e.preventDefault()
    if (!takeFilter()) return
    entries = []
    void load()
  }

  function exportAudit(format: 'csv' | 'json'): void {
    if (!takeFilter()) return
    void act(async () => {
      const text = await client!.auditExport(filter, format)
      const day = new Date().toISOString().slice(0, 10)
      download(`audit-${day}.${format}`, format === 'csv' ? 'text/csv;charset=utf-8' : 'application/json', text)
      return t('admin.audit.exported', { format: format.toUpperCase(), max: AUDIT_EXPORT })
    })
  }

  function entryTemplate(e: AuditRecord): TemplateResult {
    return html`<li class="admin-item admin-entry" data-action=${e.action} data-outcome=${String(e.outcome)}>
      <p class="admin-line"><strong>${formatDateTime(e.recorded, currentLocale())}</strong> ·
        <span class="admin-action">${auditActionText(e.action)}</span> <code>${e.action}</code> ·
        ${t(e.outcome === 0 ? 'admin.audit.ok' : 'admin.audit.refused')}</p>
      <p class="admin-line">${e.user_email ?? '—'}${e.device_id ? ` · ${e.device_id}` : ''} · ${e.address}</p>
      ${e.detail ? html`<p class="admin-line admin-detail">${e.detail}</p>` : nothing}
    </li>`
  }

  function auditTemplate(): TemplateResult {
    return html`<section id="admin-audit-section">
      <h3>${t('admin.audit.title')}</h3>
      <form id="admin-audit-filter" class="admin-form" @submit=${showAudit}>
        <label>${t('admin.audit.user')}
          <select name="user" id="admin-audit-user"><option value="">${t('admin.audit.anyone')}</option>${users.map(
            (u) => html`<option value=${u.id} ?selected=${filter.user === u.id}>${u.email}</option>`,
          )}</select></label>
        <label>${t('admin.audit.action')}
          <select name="action" id="admin-audit-action"><option value="">${t('admin.audit.anyAction')}</option>${AUDIT_ACTION_NAMES.map(
            (a) => html`<option value=${a} ?selected=${filter.action === a}>${auditActionText(a)}</option>`,
          )}</select></label>
        <label>${t('admin.audit.from')}
          <input type="text" inputmode="numeric" name="from" id="admin-audit-from" autocomplete="off"
            placeholder=${t('date.placeholder')} .value=${dayOf(filter.from, 0)} /></label>
        <label>${t('admin.audit.to')}
          <input type="text" inputmode="numeric" name="to" id="admin-audit-to" autocomplete="off"
            placeholder=${t('date.placeholder')} .value=${dayOf(filter.to, -1)} /></label>
        <button type="submit" class="primary" id="admin-audit-show">${t('admin.audit.show')}</button>
        <button type="button" id="admin-audit-csv" @click=${() => exportAudit('csv')}>${t('admin.audit.csv')}</button>
        <button type="button" id="admin-audit-json" @click=${() => exportAudit('json')}>${t('admin.audit.json')}</button>
      </form>
      ${
        entries === null
          ? nothing
          : html`<p id="admin-audit-count" data-count=${String(entries.length)}>${t(
              entries.length >= AUDIT_SHOWN ? 'admin.audit.countMore' : 'admin.audit.count',
              { count: entries.length },
            )}</p>
            <ul id="admin-audit" class="admin-list">${entries.map(entryTemplate)}</ul>`
      }
    </section>`
  }

  // ---------------------------------------------------------------------------------------------
  // The retention list and the photos no visit names.

  const kilobytes = (bytes: number) => formatNumber(bytes / 1024, 1, currentLocale())
  const dayText = (day: string) => formatDate(day, currentLocale())

  function exportRetention(): void {
    void act(async () => {
      const text = await client!.retentionCsv()
      download(`retention-expired-${new Date().toISOString().slice(0, 10)}.csv`, 'text/csv;charset=utf-8', text)
      return t('admin.retention.exported')
    })
  }

  function listPhotos(e: SubmitEvent): void {
    e.preventDefault()
    const days = Number(new FormData(e.currentTarget as HTMLFormElement).get('days'))
    photoDays = Number.isInteger(days) && days >= 1 && days <= 3650 ? days : PHOTO_GRACE_DAYS
    collected = null
    void load()
  }

  function collect(): void {
    const days = photoDays
    void act(async () => {
      const done = await client!.collectPhotos(days)
      collected = { photos: done.collected, bytes: done.bytes }
      return t('admin.photos.collected', { count: done.collected.length, size: kilobytes(done.bytes) })
    })
  }

  const photoTemplate = (p: StoredPhoto) =>
    html`<li class="admin-item" data-sha=${p.sha256}><p class="admin-line"><code>${p.sha256.slice(0, 16)}…</code> · ${
      p.type
    } · ${t('admin.photos.size', { size: kilobytes(p.bytes) })}</p><p class="admin-line">${t('admin.photos.uploaded', {
      time: formatDateTime(p.created, currentLocale()),
    })}</p></li>`

  function recordsTemplate(): TemplateResult {
    const patients = retention?.patients ?? []
    return html`<section id="admin-records-section">
      <h3>${t('admin.retention.title')}</h3>
      ${
        retention
          ? html`<p class="field-help">${t('admin.retention.help', { years: retention.years, today: dayText(retention.today) })}</p>`
          : nothing
      }
      ${
        patients.length
          ? html`<ul id="admin-retention" class="admin-list">${patients.map(
              (p) =>
                html`<li class="admin-item" data-patient=${p.patient_id}><p class="admin-line"><strong>${p.identifier}</strong>${
                  p.name ? ` · ${p.name}` : ''
                }</p><p class="admin-line">${t('admin.retention.entry', {
                  count: p.visits,
                  last: p.last_care_date ? dayText(p.last_care_date) : '—',
                  ends: dayText(p.retention_ends),
                })}</p></li>`,
            )}</ul>`
          : html`<p id="admin-retention-none">${t('admin.retention.none')}</p>`
      }
      <p class="admin-form"><button type="button" id="admin-retention-csv" @click=${exportRetention}>${t(
        'admin.retention.csv',
      )}</button></p>
      <h3>${t('admin.photos.title')}</h3>
      <p class="field-help">${t('admin.photos.help')}</p>
      <form id="admin-photo-form" class="admin-form" @submit=${listPhotos}>
        <label>${t('admin.photos.days')}
          <input type="number" name="days" id="admin-photo-days" min="1" max="3650" step="1" required .value=${String(photoDays)} /></label>
        <button type="submit" id="admin-photo-list">${t('admin.photos.list')}</button>
      </form>
      ${
        unnamed === null
          ? nothing
          : unnamed.length
            ? html`<ul id="admin-photos" class="admin-list">${unnamed.map(photoTemplate)}</ul>
                <p class="admin-form"><button type="button" class="danger" id="admin-photo-collect" @click=${collect}>${t(
                  'admin.photos.collect',
                  { count: unnamed.length },
                )}</button></p>`
            : html`<p id="admin-photos-none">${t('admin.photos.none', { days: photoDays })}</p>`
      }
      ${
        collected
          ? html`<div id="admin-collected" data-count=${String(collected.photos.length)}><p>${t(
              'admin.photos.collected',
              {
                count: collected.photos.length,
                size: kilobytes(collected.bytes),
              },
            )}</p><ul class="admin-list">${collected.photos.map(photoTemplate)}</ul></div>`
          : nothing
      }
    </section>`
  }

  // ---------------------------------------------------------------------------------------------

  function signInText(): string {
    if (!options) return ''
    const passwords = t(`admin.signIn.password.${options.password_login}`)
    return options.sso ? t('admin.signIn.sso', { provider: options.sso.name, passwords }) : passwords
  }

  const close = () => dialog.close()

  function draw(): void {
    if (!dialog.open) return
    const body =
      client === null
        ? nothing
        : tab === 'users'
          ? usersTemplate()
          : tab === 'deletions'
            ? deletionsTemplate()
            : tab === 'audit'
              ? auditTemplate()
              : recordsTemplate()
    renderInto(
      html`<h2 id="admin-title">${t('admin.title')}</h2>
        <p class="field-help" id="admin-sign-in">${signInText()}</p>
        <nav class="admin-tabs" aria-label=${t('admin.title')}>${TABS.map(
          (name) =>
            html`<button type="button" id=${`admin-tab-${name}`} aria-pressed=${String(tab === name)} @click=${() => {
              tab = name
              message = ''
              collected = null
              void load()
            }}>${t(`admin.tab.${name}`)}</button>`,
        )}</nav>
        <p role="alert" id="admin-problem" ?hidden=${!problem}>${problem}</p>
        <p role="status" id="admin-message" data-busy=${String(busy > 0)}>${message}</p>
        ${body}
        <p class="dialog-actions"><button type="button" id="admin-close" @click=${close}>${t('record.close')}</button></p>`,
      dialog,
    )
  }

  return {
    redraw: draw,
    open(url: string) {
      client = new AdminClient(url, deviceId)
      tab = 'users'
      message = ''
      problem = ''
      entries = null
      filter = {}
      deletions = []
      retention = null
      unnamed = null
      collected = null
      photoDays = PHOTO_GRACE_DAYS
      dialog.showModal()
      const c = client
      busy++
      draw()
      void (async () => {
        try {
          // The session's CSRF token, and whether its user is an admin still (the role may have changed).
          const user = await c.session()
          if (!user) throw new SyncError('signed_out', 'signed out')
          if (user.role !== 'admin') throw new SyncError('forbidden', 'not an admin')
          options = await c.signInOptions().catch(() => null)
        } catch (error) {
          problem = errorText(error)
          client = null
        } finally {
          busy--
        }
        if (client) await load()
        else draw()
      })()
    },
  }
}
