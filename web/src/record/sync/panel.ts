/**
 * The clinic-server section (docs/record.md, "Sync with the clinic's record server"): a
 * dialog of its own, opened from the toolbar, with the server's address, signing in and
 * out (with a password, or "Sign in with <provider>" when the server has single sign-on),
 * the sync's status (last sync, changes waiting, deletions waiting for an admin's
 * approval, offline, signed out; for a read-only account, that it may read but not change the
 * clinic's record and each change made here not sent), "Sync now", the deletions an admin rejected (with the
 * admin's words), and the conflicts with their resolutions (keep mine, keep the server's,
 * keep both); for an admin, the button that opens the Administration dialog (record/admin).
 * It reads the engine's status and the record, and acts only through the engine. The dialog's
 * content is a lit-html template: each render brings it up to date in place, the conflicts
 * keyed by entity, so an element being pressed or typed into is never replaced or moved.
 */

import { html, nothing, render as renderInto, type TemplateResult } from 'lit-html'
import { repeat } from 'lit-html/directives/repeat.js'
import type { SignInOptionsView } from '#core/record-sync-wire.js'
import { formatDate, formatDateTime, formatNumber } from '../../i18n/format.js'
import { currentLocale, markerText, t } from '../../i18n/index.js'
import { byId, h } from '../../render/dom.js'
import type { AssessmentFile } from '../../state/assessment-file.js'
import type { View } from '../../state/model.js'
import { mountAdminPanel } from '../admin/panel.js'
import type { RecordController } from '../controller.js'
import type { PatientRecord, VisitRecord } from '../model.js'
import { deviceId, deviceName } from './browser-sync.js'
import { type Difference, patientDifferences, samePhotos, type VisitSide, visitDifferences } from './differences.js'
import type { NotSent, SyncEngine } from './engine.js'
import { type SsoReturn, ssoStartUrl } from './sso-return.js'
import { SyncError, serverFailed } from './transport.js'
import type { Conflict, RejectedDeletion, Resolution, ServerPatient, ServerVisit } from './types.js'

function dateText(date: string): string {
  return date ? formatDate(date, currentLocale()) : t('compare.undated')
}

function visitSummary(date: string, file: unknown): string {
  const views = (file as { views?: Record<string, { markers?: Record<string, unknown> }> } | null)?.views ?? {}
  const names = Object.keys(views) as View[]
  const markers = names.reduce((n, v) => n + Object.keys(views[v]?.markers ?? {}).length, 0)
  return t('sync.summary.visit', {
    date: dateText(date),
    views: names.map((v) => t(`view.${v}.title`)).join(', '),
    markers,
  })
}

const viewName = (view: View) => t(`view.${view}.title`)
const decimal = (value: number) => formatNumber(value, 1, currentLocale())
/** A line of notes as quoted in a difference (an empty line said so). */
const quoted = (line: string) => (line.trim() === '' ? t('sync.diff.emptyLine') : `“${line}”`)

/** A difference between the two sides of a conflict (differences.ts), in words; notes with their differing lines. */
function differenceTemplate(d: Difference): TemplateResult {
  let text: string
  let lines: TemplateResult | typeof nothing = nothing
  switch (d.field) {
    case 'date':
      text = t('sync.diff.date', { mine: dateText(d.mine), theirs: dateText(d.theirs) })
      break
    case 'patient':
    case 'identifier':
    case 'name':
      text = t(`sync.diff.${d.field}`, { mine: d.mine || '—', theirs: d.theirs || '—' })
      break
    case 'notes':
      text = t('sync.diff.notes')
      lines = html`<ul>${d.mine.map(
        (line) => html`<li class="sync-only-mine">${t('sync.diff.onlyMine', { line: quoted(line) })}</li>`,
      )}${d.theirs.map(
        (line) => html`<li class="sync-only-theirs">${t('sync.diff.onlyTheirs', { line: quoted(line) })}</li>`,
      )}</ul>`
      break
    case 'marker': {
      const marker = markerText(d.marker).label
      const view = viewName(d.view)
      text =
        d.px === null
          ? t(d.mine ? 'sync.diff.marker.onlyMine' : 'sync.diff.marker.onlyTheirs', { marker, view })
          : d.cm === null
            ? t('sync.diff.marker.moved', { marker, view, px: decimal(d.px) })
            : t('sync.diff.marker.movedCm', { marker, view, px: decimal(d.px), cm: decimal(d.cm) })
      break
    }
    case 'scale':
      text = t('sync.diff.scale', {
        view: viewName(d.view),
        mine: d.mine === null ? t('sync.diff.scale.none') : formatNumber(d.mine, 4, currentLocale()),
        theirs: d.theirs === null ? t('sync.diff.scale.none') : formatNumber(d.theirs, 4, currentLocale()),
      })
      break
    case 'view':
      text = t(d.mine ? 'sync.diff.view.onlyMine' : 'sync.diff.view.onlyTheirs', { view: viewName(d.view) })
      break
    case 'photo':
      text = t(`sync.diff.photo.${d.change}`, { view: viewName(d.view) })
      break
  }
  return html`<li data-field=${d.field} data-view=${'view' in d ? d.view : ''} data-marker=${
    d.field === 'marker' ? d.marker : ''
  }>${text}${lines}</li>`
}

/** A sync problem (engine.ts SyncStatus.problem, a SyncError's type) in words. */
function problemText(type: string): string {
  if (type === 'unanswered' || type === 'failed' || type === 'offline') return t(`sync.problem.${type}`)
  // A proxy's 5xx page in place of the server's answer: it cannot be reached.
  if (/^http_5\d\d$/.test(type)) return t('sync.problem.offline')
  if (
    type === 'login_failed' ||
    type === 'account_locked' ||
    type === 'account_disabled' ||
    type === 'rate_limited' ||
    type === 'password_login_off' ||
    type === 'sso_failed' ||
    type === 'sso_no_user' ||
    type === 'sso_unavailable' ||
    type === 'change_id_reused'
  )
    return t(`sync.problem.${type}`)
  // The server failed or is down (its database, a proxy's 5xx): nothing was refused, so not said as a refusal.
  if (serverFailed(type)) return t('sync.problem.unavailable', { type })
  return t('sync.problem.server', { type })
}

/**
 * Mounts the section. `ssoBack`: a single sign-on that just came back to this page
 * (sso-return.ts), whose outcome the dialog opens to show.
 */
export function mountSyncPanel(
  engine: SyncEngine,
  controller: RecordController,
  ssoBack: SsoReturn | null = null,
): void {
  const device = deviceName(navigator.userAgent)
  const dialog = h('dialog', { id: 'sync-dialog', class: 'record-dialog', 'aria-labelledby': 'sync-title' })
  document.body.append(dialog)
  const url = h('input', { type: 'url', id: 'sync-url', autocomplete: 'url', spellcheck: 'false' })
  const email = h('input', { type: 'email', id: 'sync-email', autocomplete: 'username' })
  const password = h('input', { type: 'password', id: 'sync-password', autocomplete: 'current-password' })
  let problem = ''
  let rendering = 0
  /** The server's sign-in options, asked for once per server address while signed out. */
  let signInOptions: { url: string; options: SignInOptionsView | null } | null = null
  // The forms and buttons are made once and left where the template put them: a render (the
  // engine's status changes often) between a press and its release must not replace or move the
  // element under the pointer, or the click, pressed on one element and released on another (or
  // on one taken out of the page in between), is lost.
  const saveUrl = h('button', { type: 'submit', id: 'sync-url-save' })
  const urlLabel = h('label', { for: 'sync-url' })
  const urlForm = h('form', { class: 'field-grid', id: 'sync-url-form' }, urlLabel, url, saveUrl)
  urlForm.addEventListener('submit', (e) => {
    e.preventDefault()
    void engine.setServer(url.value).then((ok) => {
      problem = ok ? '' : t('sync.url.invalid')
      return render()
    })
  })
  const signIn = h('button', { type: 'submit', id: 'sync-sign-in', class: 'primary' })
  const emailLabel = h('label', { for: 'sync-email' })
  const passwordLabel = h('label', { for: 'sync-password' })
  const passwordForm = h(
    'form',
    { class: 'field-grid', id: 'sync-sign-in-form' },
    emailLabel,
    email,
    passwordLabel,
    password,
    signIn,
  )
  passwordForm.addEventListener('submit', (e) => {
    e.preventDefault()
    void engine
      .signIn(email.value, password.value)
      .then(() => {
        password.value = ''
        problem = ''
        return engine.run()
      })
      .catch((error: unknown) => {
        const type = error instanceof SyncError ? error.type : 'failed'
        // A sign-in the server cannot check (an email or password out of its bounds) is no refused change.
        problem = t('sync.signInFailed', {
          problem: type === 'invalid_request' ? t('sync.problem.sign_in_invalid') : problemText(type),
        })
        return render()
      })
  })
  // Folded away when only admins sign in with a password: kept open across renders once opened.
  const adminPasswordSummary = h('summary', {})
  const adminPassword = h('details', {})
  const adminPasswordForm = (): HTMLElement => {
    adminPasswordSummary.textContent = t('sync.sso.passwordAdmins')
    if (passwordForm.parentElement !== adminPassword) adminPassword.replaceChildren(adminPasswordSummary, passwordForm)
    return adminPassword
  }
  // The admin's screens: their button shown only while the signed-in user is an admin.
  const admin = mountAdminPanel(deviceId())
  const adminButton = h('button', { type: 'button', id: 'sync-admin' })
  adminButton.addEventListener('click', () => admin.open(engine.status.url))
  const signOut = h('button', { type: 'button', id: 'sync-sign-out' })
  signOut.addEventListener('click', () => void engine.signOut())
  const now = h('button', { type: 'button', id: 'sync-now' })
  now.addEventListener('click', () => void engine.run())
  const close = h('button', { type: 'button', id: 'sync-close' })
  close.addEventListener('click', () => dialog.close())

  /** What a conflict shows: read from the record (async), drawn by conflictTemplate. */
  interface ConflictView {
    readonly conflict: Conflict
    readonly title: string
    readonly mine: string
    readonly theirs: string
    /** What differs, field by field (nothing both sides hold alike). */
    readonly differences: readonly Difference[]
    /** Said beside the differences: the photos are the same on both sides ('' when not so). */
    readonly same: string
    readonly choices: readonly [Resolution, string][]
  }

  /** Where each side comes from: this device (its name) and the server (its host), and when each was last changed. */
  const sideTime = (iso: string | undefined) => (iso ? formatDateTime(iso, currentLocale()) : '—')
  const serverName = () => {
    try {
      return new URL(engine.status.url).host
    } catch {
      return ''
    }
  }

  async function visitSide(v: VisitRecord, patients: readonly PatientRecord[]): Promise<VisitSide> {
    const photos: Partial<Record<View, string>> = {}
    for (const [view, ref] of Object.entries(v.photos) as [View, { key: string }][])
      photos[view] = (await engine.store.photoSha(ref.key)) ?? ref.key
    return {
      date: v.date,
      patient: patients.find((p) => p.id === v.patientId)?.identifier ?? v.patientId,
      file: v.file,
      photos,
    }
  }

  function serverSide(v: ServerVisit, patients: readonly PatientRecord[]): VisitSide {
    const photos: Partial<Record<View, string>> = {}
    for (const [view, ref] of Object.entries(v.photos) as [View, { sha256: string } | undefined][])
      if (ref) photos[view] = ref.sha256
    return {
      date: v.date,
      patient: patients.find((p) => p.id === v.patient_id)?.identifier ?? v.patient_id,
      file: v.content as AssessmentFile,
      photos,
    }
  }

  async function conflictItem(c: Conflict, patients: readonly PatientRecord[]): Promise<ConflictView> {
    const choices: [Resolution, string][] = []
    let title: string
    let mine: string
    let theirs: string
    let differences: Difference[] = []
    let same = ''
    if (c.kind === 'visit') {
      const local: VisitRecord | undefined = await controller.storage.visit(c.id)
      const server = c.theirs as ServerVisit | null
      const patientId = local?.patientId ?? server?.patient_id
      const patient = patients.find((p) => p.id === patientId)
      title = t('sync.conflict.visit', {
        patient: patient?.identifier ?? '',
        date: dateText(local?.date ?? server?.date ?? ''),
      })
      mine = local ? visitSummary(local.date, local.file) : t('sync.summary.none')
      theirs = server ? visitSummary(server.date, server.content) : t('sync.summary.none')
      mine = t('sync.side.mine', { device, time: sideTime(local?.updated), summary: mine })
      theirs = t('sync.side.theirs', { server: serverName(), time: sideTime(server?.updated), summary: theirs })
      const sides = [
        local ? await visitSide(local, patients) : null,
        server ? serverSide(server, patients) : null,
      ] as const
      differences = visitDifferences(...sides)
      if (samePhotos(...sides)) same = t('sync.diff.photosSame')
      if (server && local)
        choices.push(['mine', 'sync.keep.mine'], ['theirs', 'sync.keep.theirs'], ['both', 'sync.keep.both'])
      else if (local) choices.push(['mine', 'sync.keep.mineAsNew'], ['theirs', 'sync.keep.deleteHere'])
      else choices.push(['mine', 'sync.keep.mine'], ['theirs', 'sync.keep.theirs'])
    } else {
      const local = patients.find((p) => p.id === c.id)
      const server = c.theirs as ServerPatient | null
      title = t('sync.conflict.patient', { patient: local?.identifier ?? server?.identifier ?? '' })
      mine = local
        ? t('sync.summary.patient', { identifier: local.identifier, name: local.name })
        : t('sync.summary.none')
      theirs = server
        ? t('sync.summary.patient', { identifier: server.identifier, name: server.name })
        : t('sync.summary.none')
      // A patient here keeps no time of its last change: said as unknown.
      mine = t('sync.side.mine', { device, time: sideTime(undefined), summary: mine })
      theirs = t('sync.side.theirs', { server: serverName(), time: sideTime(server?.updated), summary: theirs })
      differences = patientDifferences(local ?? null, server ?? null)
      if (c.reason === 'identifier_taken') choices.push(['theirs', 'sync.keep.useClinicPatient'])
      else if (server) choices.push(['mine', 'sync.keep.mine'], ['theirs', 'sync.keep.theirs'])
      else choices.push(['mine', 'sync.keep.mine'])
    }
    return { conflict: c, title, mine, theirs, differences, same, choices }
  }

  /** A conflict and its choices, kept in place (keyed by entity) across renders. */
  function conflictTemplate({
    conflict: c,
    title,
    mine,
    theirs,
    differences,
    same,
    choices,
  }: ConflictView): TemplateResult {
    const reason = t(`sync.reason.${c.reason}`, {
      theirs: c.theirs && 'identifier' in c.theirs ? (c.theirs as ServerPatient).identifier : '',
    })
    return html`<li data-entity=${c.entity} data-reason=${c.reason}><strong>${title}</strong><p>${reason}</p><p
        class="sync-mine"
      >${mine}</p><p class="sync-theirs"
      >${theirs}</p>${
        c.theirs && differences.length === 0
          ? html`<p class="sync-differences-none">${t('sync.diff.none')}</p>`
          : differences.length
            ? html`<p>${t('sync.diff.title')}</p><ul class="sync-differences">${differences.map(differenceTemplate)}</ul>`
            : nothing
      }${same ? html`<p class="sync-same">${same}</p>` : nothing}<p class="dialog-actions">${repeat(
        choices,
        ([resolution]) => resolution,
        ([resolution, key]) =>
          html`<button
              type="button"
              data-resolution=${resolution}
              @click=${() => void engine.resolve(c.entity, resolution).then(() => engine.run())}
            >${t(key as 'sync.keep.mine')}</button> `,
      )}</p></li>`
  }

  /** A deletion an admin rejected: what came back, and the admin's words. */
  async function rejectionItem(r: RejectedDeletion, patients: readonly PatientRecord[]): Promise<TemplateResult> {
    let text: string
    if (r.kind === 'visit') {
      const visit = await controller.storage.visit(r.id)
      const patient = patients.find((p) => p.id === visit?.patientId)
      text = t('sync.rejected.visit', { patient: patient?.identifier ?? '', date: dateText(visit?.date ?? '') })
    } else text = t('sync.rejected.patient', { patient: patients.find((p) => p.id === r.id)?.identifier ?? '' })
    return html`<li data-entity=${`${r.kind}:${r.id}`}>${text}${
      r.comment ? html`<p>${t('sync.rejected.comment', { comment: r.comment })}</p>` : nothing
    }<p class="dialog-actions"><button type="button" class="sync-dismiss" @click=${() =>
      void engine.dismissRejected(r.kind, r.id)}>${t('sync.rejected.dismiss')}</button></p></li>`
  }

  /** A change not sent because the account is read-only: which patient or visit, or a deletion made here. */
  async function notSentItem(n: NotSent, patients: readonly PatientRecord[]): Promise<TemplateResult> {
    let text: string
    if (n.op === 'delete') text = t(n.kind === 'visit' ? 'sync.notSent.deletedVisit' : 'sync.notSent.deletedPatient')
    else if (n.kind === 'visit') {
      const visit = await controller.storage.visit(n.id)
      const patient = patients.find((p) => p.id === visit?.patientId)
      text = t('sync.notSent.visit', { patient: patient?.identifier ?? '', date: dateText(visit?.date ?? '') })
    } else text = t('sync.notSent.patient', { patient: patients.find((p) => p.id === n.id)?.identifier ?? '' })
    return html`<li data-entity=${`${n.kind}:${n.id}`} data-op=${n.op}>${text}: ${t('sync.notSent.why')}</li>`
  }

  async function render(): Promise<void> {
    byId('sync-button').textContent = t('sync.button')
    byId('sync-button').title = t('sync.button.title')
    byId('sync-button').dataset.phase = engine.status.phase
    byId('sync-button').dataset.conflicts = String(engine.status.conflicts.length)
    // What waits to be read (conflicts, rejected deletions) shows on the button too, with the dialog closed.
    const unread = engine.status.conflicts.length + engine.status.rejectedDeletions.length
    byId('sync-button').dataset.unread = String(unread)
    if (unread > 0) byId('sync-button').textContent = t('sync.button.unread', { count: unread })
    if (!dialog.open) return
    const round = ++rendering
    const s = engine.status
    const patients = await controller.storage.patients()
    const items = await Promise.all(s.conflicts.map((c) => conflictItem(c, patients)))
    const rejections = await Promise.all(s.rejectedDeletions.map((r) => rejectionItem(r, patients)))
    const notSent = await Promise.all(s.notSent.map((n) => notSentItem(n, patients)))
    if (round !== rendering) return
    if (document.activeElement !== url) url.value = s.url
    saveUrl.textContent = t('sync.url.save')
    urlLabel.textContent = t('sync.url.label')
    let account: TemplateResult | typeof nothing = nothing
    if (s.url && s.user) {
      signOut.textContent = t('sync.signOut')
      adminButton.textContent = t('admin.open')
      account = html`<p id="sync-account" data-role=${s.user.role}>${t('sync.signedIn', { email: s.user.email, role: t(`sync.role.${s.user.role}`) })} ${signOut}${
        s.user.role === 'admin' ? html` ${adminButton}` : nothing
      }</p>${
        s.user.role === 'read-only'
          ? html`<p id="sync-read-only" class="field-help">${t('sync.readOnly')}</p>`
          : nothing
      }`
    } else if (s.url) {
      if (signInOptions?.url !== s.url) {
        const asked = s.url
        signInOptions = { url: asked, options: null }
        void engine.signInOptions().then((options) => {
          if (signInOptions?.url !== asked) return
          signInOptions = { url: asked, options }
          return render()
        })
      }
      const options = signInOptions.options
      signIn.textContent = t('sync.signIn')
      emailLabel.textContent = t('sync.email')
      passwordLabel.textContent = t('sync.password')
      // The provider's page is reached by a plain link (a navigation): the server sends the browser on and back here.
      const sso = options?.sso
        ? html`<p id="sync-sso"><a id="sync-sso-sign-in" class="button primary" href=${ssoStartUrl(
            s.url,
            options.sso.start,
            location.href,
          )}>${t('sync.sso.signIn', { provider: options.sso.name })}</a></p>`
        : nothing
      const form =
        options?.password_login === 'off'
          ? nothing
          : options?.sso && options.password_login === 'admins'
            ? adminPasswordForm()
            : passwordForm
      account = html`<div id="sync-sign-in-options">${sso}${form}</div>`
    }
    now.textContent = t('sync.now')
    now.disabled = !s.user
    close.textContent = t('record.close')
    // A conflict is a change waiting too (for the clinician): never "in step" or "nothing waiting" while one is open.
    const conflicts = s.conflicts.length
    // Nor while changes made here are held because the account is read-only: those are said instead.
    const held = s.notSent.length
    const statusText = [
      s.phase === 'idle' && (conflicts > 0 || held > 0)
        ? ''
        : t(`sync.phase.${s.phase}`, { problem: s.problem ? problemText(s.problem) : '' }),
      held > 0 ? t('sync.phase.notSent', { count: held }) : '',
      conflicts > 0 ? t('sync.phase.conflicts', { count: conflicts }) : '',
      s.lastSync ? t('sync.lastSync', { time: formatDateTime(s.lastSync, currentLocale()) }) : t('sync.lastSync.never'),
      held > 0 || (conflicts > 0 && s.pending === 0) ? '' : t('sync.pending', { count: s.pending }),
    ]
      .filter(Boolean)
      .join(' ')
    const waiting = s.awaitingApproval ? ` ${t('sync.awaitingApproval', { count: s.awaitingApproval })}` : ''
    renderInto(
      html`<h2 id="sync-title">${t('sync.title')}</h2><p class="field-help">${t('sync.privacy')}</p>${urlForm}${account}<p
          role="alert"
          id="sync-problem"
          ?hidden=${!problem}
        >${problem}</p><p
          id="sync-status"
          data-phase=${s.phase}
          data-pending=${String(s.pending)}
          data-awaiting=${String(s.awaitingApproval)}
          data-conflicts=${String(s.conflicts.length)}
          data-not-sent=${String(held)}
          data-last-sync=${s.lastSync ?? ''}
          role="status"
        >${statusText + waiting}</p>${
          notSent.length
            ? html`<section id="sync-not-sent"><h3>${t('sync.notSent.title')}</h3><p class="field-help">${t(
                'sync.notSent.help',
              )}</p><ul>${notSent}</ul></section>`
            : nothing
        }${
          rejections.length
            ? html`<section id="sync-rejected"><h3>${t('sync.rejected.title')}</h3><ul>${rejections}</ul></section>`
            : nothing
        }<p>${now}</p><h3>${t('sync.conflicts.title')}</h3>${
          items.length
            ? html`<ul id="sync-conflicts" class="sync-conflicts">${repeat(
                items,
                (item) => item.conflict.entity,
                conflictTemplate,
              )}</ul>`
            : html`<p class="field-help" id="sync-conflicts-none">${t('sync.conflicts.none')}</p>`
        }<p class="dialog-actions">${close}</p>`,
      dialog,
    )
  }

  const button = h('button', { type: 'button', id: 'sync-button' })
  byId('record-button').after(' ', button)
  button.addEventListener('click', () => {
    dialog.showModal()
    void render()
  })
  engine.onChange(() => void render())
  if (ssoBack) {
    dialog.showModal()
    if (ssoBack.kind === 'refused') problem = t('sync.signInFailed', { problem: problemText(ssoBack.type) })
    else
      void engine
        .completeSso()
        .then(() => engine.run())
        .catch((error: unknown) => {
          problem = t('sync.signInFailed', { problem: problemText(error instanceof SyncError ? error.type : 'failed') })
          return render()
        })
  }
  controller.store.subscribe((state, previous) => {
    if (state.settings.locale !== previous.settings.locale) {
      void render()
      admin.redraw()
    }
  })
  void render()
}
