/**
 * The Administration dialog end to end (docs/record-server.md, "The admin's screens"), over
 * each store (the embedded SQLite, then a throwaway PostgreSQL database; skipped where
 * PostgreSQL is not installed, unless CI is set): a real record-server process, the app in
 * Chromium (one browser, a fresh context per test). The admin signs in from the clinic-server
 * dialog and, in Spanish on a 390 px touch phone and in English on a 1440 px desktop, walks
 * users (create, change role, disable and enable, unlock a user locked by failed logins),
 * deletion requests (one rejected with words, which the clinician reads back; one approved
 * with a reason, after the server's refusal without one is said as a sentence), and the audit
 * trail (filtered by user and action, exported as CSV and JSON through the server's route), the
 * retention list (a patient last seen in 2015, and its CSV) and photo collection (a photo no visit
 * names, 40 days old, listed, collected and gone from the server),
 * with no horizontal scroll and, on touch, controls at least 44 px high. A clinician signed
 * in sees no Administration button (and the server refuses the admin routes to them).
 */
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { after, before, describe, test } from 'node:test'
import type { Page } from 'playwright-core'
import { testStores } from '../support/postgres.js'
import { serverDatabase } from '../support/record-database.js'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  assessment,
  pngPhoto,
  RecordClient,
  type RecordServer,
  sha256Of,
} from '../support/record-server.js'
import {
  CLINICIAN,
  CLINICIAN_PASSWORD,
  device,
  openSync,
  type SyncSetup,
  signIn,
  startSyncSetup,
  unexpected,
} from '../support/sync-app.js'

const today = new Date().toISOString().slice(0, 10)
/** A day as typed in the app's date fields: dd/mm/aaaa in Spanish, yyyy-mm-dd in English. */
const typed = (iso: string, locale: string) => (locale === 'es' ? iso.split('-').reverse().join('/') : iso)

/** Two visits of a new patient and a clinician's pending deletion request for each: [patient identifier, request ids]. */
async function pendingRequests(url: string, tag: string): Promise<{ identifier: string; ids: [string, string] }> {
  const clinician = new RecordClient(url)
  assert.equal((await clinician.login(CLINICIAN, CLINICIAN_PASSWORD)).status, 200)
  const patient = `p-${tag}`
  const identifier = `DEL-${tag}`
  const visits = [`v-${tag}-1`, `v-${tag}-2`]
  const pushed = await clinician.request('POST', '/api/sync/push', {
    changes: [
      {
        change_id: randomUUID(),
        op: 'put_patient',
        base_rev: null,
        patient: { id: patient, identifier, name: '', notes: '', created: `${today}T08:00:00.000Z` },
      },
      ...visits.map((id) => ({
        change_id: randomUUID(),
        op: 'put_visit',
        base_rev: null,
        visit: {
          id,
          patient_id: patient,
          date: today,
          created: `${today}T09:00:00.000Z`,
          content: assessment(),
          photos: {},
        },
      })),
    ],
  })
  assert.ok(
    pushed.body.results.every((r: { status: string }) => r.status === 'applied'),
    JSON.stringify(pushed.body),
  )
  const ids = [randomUUID(), randomUUID()] as [string, string]
  for (const [i, id] of visits.entries()) {
    const asked = await clinician.request('POST', '/api/deletion-requests', {
      request_id: ids[i],
      kind: 'visit',
      id,
      rev: 1,
    })
    assert.equal(asked.status, 201, JSON.stringify(asked.body))
  }
  return { identifier, ids }
}

/**
 * For the fourth tab: a patient whose only visit was in 2015 (past a 5-year retention period), and a
 * photo no visit names, uploaded (its creation time set in the database itself) 40 days ago: its SHA-256.
 */
async function recordsToDecide(server: RecordServer, tag: string): Promise<string> {
  const clinician = new RecordClient(server.url)
  assert.equal((await clinician.login(CLINICIAN, CLINICIAN_PASSWORD)).status, 200)
  const pushed = await clinician.request('POST', '/api/sync/push', {
    changes: [
      {
        change_id: randomUUID(),
        op: 'put_patient',
        base_rev: null,
        patient: {
          id: `p-exp-${tag}`,
          identifier: `EXP-${tag}`,
          name: '',
          notes: '',
          created: '2015-06-15T08:00:00.000Z',
        },
      },
      {
        change_id: randomUUID(),
        op: 'put_visit',
        base_rev: null,
        visit: {
          id: `v-exp-${tag}`,
          patient_id: `p-exp-${tag}`,
          date: '2015-06-15',
          created: '2015-06-15T09:00:00.000Z',
          content: assessment(),
          photos: {},
        },
      },
    ],
  })
  assert.ok(
    pushed.body.results.every((r: { status: string }) => r.status === 'applied'),
    JSON.stringify(pushed.body),
  )
  const photo = pngPhoto()
  const sha = sha256Of(photo)
  const put = await clinician.request('PUT', `/api/photos/${sha}`, photo)
  assert.equal(put.status, 201, JSON.stringify(put.body))
  const db = await serverDatabase(server)
  try {
    const created = new Date(Date.now() - 40 * 86_400_000).toISOString()
    await db.exec(`UPDATE photos SET created = '${created}' WHERE sha256 = '${sha}'`)
  } finally {
    await db.close()
  }
  return sha
}

/** The page scrolls neither itself nor the dialog sideways. */
async function noSidewaysScroll(page: Page, what: string): Promise<void> {
  const widths = await page.evaluate(() => {
    interface Box {
      scrollWidth: number
      clientWidth: number
    }
    const d = (globalThis as unknown as { document: { documentElement: Box; getElementById(id: string): Box } })
      .document
    const dialog = d.getElementById('admin-dialog')
    return {
      page: d.documentElement.scrollWidth - d.documentElement.clientWidth,
      dialog: dialog.scrollWidth - dialog.clientWidth,
    }
  })
  assert.deepEqual(widths, { page: 0, dialog: 0 }, `sideways scroll at ${what}`)
}

/** Every visible button, select and input in the dialog is at least 44 px high (touch). */
async function touchSized(page: Page, what: string): Promise<void> {
  const small = await page.evaluate(() => {
    interface El {
      tagName: string
      id: string
      className: string
      getBoundingClientRect(): { width: number; height: number }
    }
    const d = (globalThis as unknown as { document: { querySelectorAll(s: string): Iterable<El> } }).document
    return [...d.querySelectorAll('#admin-dialog button, #admin-dialog select, #admin-dialog input')]
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.height < 44)
      .map(({ el, box }) => `${el.tagName} ${el.id || el.className} ${box.height}`)
  })
  assert.deepEqual(small, [], `controls under 44 px at ${what}`)
}

/** Waits until the dialog is not waiting for the server. */
async function settled(page: Page): Promise<void> {
  await page.locator('#admin-message[data-busy="false"]').waitFor({ state: 'attached' })
}

/** Waits for the dialog's outcome: the message (role=status) or the refusal (role=alert), and returns its text. */
async function outcome(page: Page, which: 'message' | 'problem'): Promise<string> {
  await settled(page)
  const el = page.locator(which === 'message' ? '#admin-message' : '#admin-problem')
  await el.and(page.locator(':not([hidden]):not(:empty)')).waitFor()
  return (await el.textContent()) ?? ''
}

const WORDS = {
  es: {
    open: 'Administración',
    created: /Se creó .* como clínico/,
    readOnly: /ahora es solo lectura/,
    disabled: /Se desactivó/,
    enabled: /Se volvió a activar/,
    unlocked: /Se desbloqueó/,
    emailTaken: 'Ya existe un usuario con este correo.',
    retention: /periodo de conservación/,
    rejected: /Rechazado: Visita del .* del paciente DEL-/,
    approved: /Borrado: Visita del .* del paciente DEL-/,
    commentRequired: /Escriba por qué/,
    count: /^1 entrada\.$/,
    rejectAction: 'Eliminación rechazada',
    collected: /^Se recogi(ó|eron) \d+ fotos?: /,
    state: { active: 'activo', disabled: 'desactivado', locked: 'bloqueado' },
  },
  en: {
    open: 'Administration',
    created: /was created as clinician/,
    readOnly: /is read only now/,
    disabled: /was disabled/,
    enabled: /was enabled again/,
    unlocked: /was unlocked/,
    emailTaken: 'A user with this email exists already.',
    retention: /retention period/,
    rejected: /Rejected: Visit of .* of patient DEL-/,
    approved: /Deleted: Visit of .* of patient DEL-/,
    commentRequired: /Write why/,
    count: /^1 entry\.$/,
    rejectAction: 'Deletion rejected',
    collected: /^Collected \d+ photos?: /,
    state: { active: 'active', disabled: 'disabled', locked: 'locked' },
  },
} as const

const WALKS = [
  { locale: 'es', width: 390, height: 844, touch: true },
  { locale: 'en', width: 1440, height: 900, touch: false },
] as const

for (const store of testStores()) {
  describe(`the admin's screens in the app (${store.name})`, { skip: store.skip }, () => {
    let setup: SyncSetup
    before(async () => {
      // Fewer failed logins lock an account, and more logins a minute pass the rate limit, than by default.
      setup = await startSyncSetup(store, { RECORD_LOCKOUT_FAILURES: '3', RECORD_LOGIN_RATE_LIMIT: '100' })
    })
    after(async () => {
      await setup?.close()
    })

    for (const walk of WALKS) {
      test(`an admin manages users, deletion requests, the audit trail, retention and photos (${walk.locale}, ${walk.width} px)`, async () => {
        const words = WORDS[walk.locale]
        const url = setup.server.url
        const tag = `${walk.locale}${walk.width}`
        const { ids } = await pendingRequests(url, tag)
        const sha = await recordsToDecide(setup.server, tag)
        const { page, errors } = await setup.h.browser
          .newContext({
            viewport: { width: walk.width, height: walk.height },
            locale: walk.locale === 'es' ? 'es-ES' : 'en-US',
            hasTouch: walk.touch,
            isMobile: walk.touch,
            acceptDownloads: true,
            serviceWorkers: 'block',
          })
          .then(async (context) => {
            const p = await context.newPage()
            const errs: string[] = []
            p.on('pageerror', (e) => errs.push(String(e)))
            await p.goto(setup.h.base)
            await p.locator('#view-tabs button').first().waitFor()
            return { page: p, errors: errs }
          })
        try {
          await signIn(page, url, ADMIN_EMAIL, ADMIN_PASSWORD)
          const open = page.locator('#sync-admin')
          assert.equal(await open.textContent(), words.open)
          await open.click()
          await page.locator('#admin-dialog[open] #admin-users li').first().waitFor()
          await settled(page)
          await noSidewaysScroll(page, 'users')
          if (walk.touch) await touchSized(page, 'users')

          // Users: create, refused twice (said in words), change role, disable, enable, unlock.
          const email = `nurse-${tag}@clinic.test`
          const password = `a password of ${tag}`
          await page.locator('#admin-new-email').fill(email)
          await page.locator('#admin-new-role').selectOption('clinician')
          await page.locator('#admin-new-password').fill(password)
          await page.locator('#admin-new-submit').click()
          assert.match(await outcome(page, 'message'), words.created)
          const row = page.locator(`#admin-users li[data-email="${email}"]`)
          await row.waitFor()
          assert.equal(await row.locator('.admin-state').textContent(), words.state.active)
          await page.locator('#admin-new-email').fill(email)
          await page.locator('#admin-new-password').fill(password)
          await page.locator('#admin-new-submit').click()
          assert.equal(await outcome(page, 'problem'), words.emailTaken)

          await row.locator('.admin-role').selectOption('read-only')
          assert.match(await outcome(page, 'message'), words.readOnly)
          await page.locator(`#admin-users li[data-email="${email}"][data-role="read-only"]`).waitFor()
          await row.locator('.admin-disable').click()
          assert.match(await outcome(page, 'message'), words.disabled)
          await page.locator(`#admin-users li[data-email="${email}"][data-state="disabled"]`).waitFor()
          assert.equal(await row.locator('.admin-state').textContent(), words.state.disabled)
          const user = new RecordClient(url)
          assert.equal((await user.login(email, password)).body.error.type, 'account_disabled')
          await row.locator('.admin-disable').click()
          assert.match(await outcome(page, 'message'), words.enabled)
          await page.locator(`#admin-users li[data-email="${email}"][data-state="active"]`).waitFor()
          // Locked by three wrong passwords in a row; the list read again shows it, and Unlock lets them in.
          for (let i = 0; i < 3; i++) await user.login(email, 'a wrong password!!')
          assert.equal((await user.login(email, password)).body.error.type, 'account_locked')
          await page.locator('#admin-tab-deletions').click()
          await settled(page)
          await page.locator('#admin-tab-users').click()
          await page.locator(`#admin-users li[data-email="${email}"][data-state="locked"]`).waitFor()
          assert.equal(await row.locator('.admin-state').textContent(), words.state.locked)
          await row.locator('.admin-unlock').click()
          assert.match(await outcome(page, 'message'), words.unlocked)
          await page.locator(`#admin-users li[data-email="${email}"][data-state="active"]`).waitFor()
          assert.equal((await user.login(email, password)).status, 200)

          // Deletion requests: one rejected with words (required), one approved with a reason.
          await page.locator('#admin-tab-deletions').click()
          const rejecting = page.locator(`#admin-deletions li[data-request="${ids[0]}"]`)
          await rejecting.waitFor()
          assert.match((await rejecting.textContent()) ?? '', new RegExp(CLINICIAN.replace('.', '\\.')))
          await noSidewaysScroll(page, 'deletion requests')
          if (walk.touch) await touchSized(page, 'deletion requests')
          const comment = 'La visita es la única con la radiografía: se conserva.'
          await rejecting.locator('.admin-reject input[name="comment"]').fill(comment)
          await rejecting.locator('.admin-reject button').click()
          assert.match(await outcome(page, 'message'), words.rejected)
          await rejecting.waitFor({ state: 'detached' })
          const approving = page.locator(`#admin-deletions li[data-request="${ids[1]}"]`)
          // Within the retention period the server wants a reason: its refusal said as a sentence.
          await approving.locator('.admin-approve button').click()
          assert.match(await outcome(page, 'problem'), words.retention)
          await approving.locator('.admin-approve select').selectOption('duplicate')
          await approving.locator('.admin-approve button').click()
          assert.match(await outcome(page, 'message'), words.approved)
          await approving.waitFor({ state: 'detached' })
          const clinician = new RecordClient(url)
          await clinician.login(CLINICIAN, CLINICIAN_PASSWORD)
          const read = await clinician.request('GET', `/api/deletion-requests/${ids[0]}`)
          assert.deepEqual([read.body.request.status, read.body.request.comment], ['rejected', comment])
          const approved = await clinician.request('GET', `/api/deletion-requests/${ids[1]}`)
          assert.deepEqual([approved.body.request.status, approved.body.request.reason], ['approved', 'duplicate'])
          assert.equal((await clinician.request('GET', `/api/visits/v-${tag}-2`)).status, 404)

          // The audit trail: the admin's own rejections today, one entry; exported as CSV and JSON.
          await page.locator('#admin-tab-audit').click()
          await page.locator('#admin-audit-filter').waitFor()
          const admins = await page.locator('#admin-audit-user option').allTextContents()
          assert.ok(admins.includes(ADMIN_EMAIL), admins.join(', '))
          await page.locator('#admin-audit-user').selectOption({ label: ADMIN_EMAIL })
          await page.locator('#admin-audit-action').selectOption('deletion.reject')
          // A day that is not on the calendar is said, and nothing is asked of the server.
          await page.locator('#admin-audit-from').fill(typed('2026-02-31', walk.locale))
          await page.locator('#admin-audit-show').click()
          assert.match(await outcome(page, 'problem'), /2026/)
          await page.locator('#admin-audit-from').fill(typed(today, walk.locale))
          await page.locator('#admin-audit-to').fill(typed(today, walk.locale))
          await page.locator('#admin-audit-show').click()
          await page.locator('#admin-audit-count').waitFor()
          await settled(page)
          // Both walks reject once each on this server: this walk's entry, and the other's if it ran first.
          const count = Number(await page.locator('#admin-audit-count').getAttribute('data-count'))
          assert.ok(count === 1 || count === 2, `entries: ${count}`)
          if (count === 1) assert.match((await page.locator('#admin-audit-count').textContent()) ?? '', words.count)
          const entries = page.locator('#admin-audit li')
          assert.equal(await entries.count(), count)
          assert.ok((await entries.allTextContents()).some((text) => text.includes(ids[0])))
          // The action in words, in the filter and in each entry (its code beside it, as the exports carry it).
          assert.equal(
            (await page.locator('#admin-audit-action option:checked').textContent())?.trim(),
            words.rejectAction,
          )
          for (const action of await entries.locator('.admin-action').allTextContents())
            assert.equal(action, words.rejectAction)
          await noSidewaysScroll(page, 'audit trail')
          if (walk.touch) await touchSized(page, 'audit trail')
          // A day with nothing: an empty list.
          await page.locator('#admin-audit-from').fill(typed('2001-01-01', walk.locale))
          await page.locator('#admin-audit-to').fill(typed('2001-01-02', walk.locale))
          await page.locator('#admin-audit-show').click()
          await page.locator('#admin-audit-count[data-count="0"]').waitFor()
          await page.locator('#admin-audit-from').fill(typed(today, walk.locale))
          await page.locator('#admin-audit-to').fill(typed(today, walk.locale))

          const [csvFile] = await Promise.all([page.waitForEvent('download'), page.locator('#admin-audit-csv').click()])
          const csv = await readFile((await csvFile.path())!, 'utf8')
          const lines = csv.trimEnd().split('\r\n')
          assert.equal(
            lines[0],
            'id,recorded,action,fhir_action,outcome,user_id,user_email,role,patient_id,visit_id,device_id,address,detail',
          )
          assert.equal(lines.length, count + 1, csv)
          assert.ok(
            lines.slice(1).every((l) => l.includes(',deletion.reject,') && l.includes(ADMIN_EMAIL)),
            csv,
          )
          assert.match(csvFile.suggestedFilename(), /^audit-\d{4}-\d{2}-\d{2}\.csv$/)
          const [jsonFile] = await Promise.all([
            page.waitForEvent('download'),
            page.locator('#admin-audit-json').click(),
          ])
          const json = JSON.parse(await readFile((await jsonFile.path())!, 'utf8')) as {
            entries: { action: string; user_email: string; detail: string }[]
          }
          assert.equal(json.entries.length, count)
          assert.ok(json.entries.every((e) => e.action === 'deletion.reject' && e.user_email === ADMIN_EMAIL))
          assert.ok(json.entries.some((e) => e.detail === ids[0]))

          // Retention and photos: the expired patient listed (and in the CSV), the old unnamed photo collected.
          await page.locator('#admin-tab-records').click()
          const expired = page.locator(`#admin-retention li[data-patient="p-exp-${tag}"]`)
          await expired.waitFor()
          assert.match((await expired.textContent()) ?? '', new RegExp(`EXP-${tag}[\\s\\S]*2015`))
          const [retentionFile] = await Promise.all([
            page.waitForEvent('download'),
            page.locator('#admin-retention-csv').click(),
          ])
          const retentionCsv = await readFile((await retentionFile.path())!, 'utf8')
          assert.ok(retentionCsv.includes(`p-exp-${tag},EXP-${tag},,1,2015-06-15,`), retentionCsv)
          await page.locator(`#admin-photos li[data-sha="${sha}"]`).waitFor()
          await settled(page)
          await noSidewaysScroll(page, 'retention and photos')
          if (walk.touch) await touchSized(page, 'retention and photos')
          await page.locator('#admin-photo-collect').click()
          assert.match(await outcome(page, 'message'), words.collected)
          await page.locator(`#admin-collected li[data-sha="${sha}"]`).waitFor()
          const admin = new RecordClient(url)
          await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD)
          assert.equal((await admin.request('GET', `/api/photos/${sha}`)).status, 404)
          assert.deepEqual(unexpected(errors), [])
        } finally {
          await page.context().close()
        }
      })
    }

    test('a clinician signed in sees no Administration button, and the server refuses them the admin routes', async () => {
      const { page, errors } = await device(setup.h, 'es-ES')
      try {
        await signIn(page, setup.server.url)
        await openSync(page)
        await page.locator('#sync-account #sync-sign-out').waitFor()
        assert.equal(await page.locator('#sync-admin').count(), 0)
        assert.equal(await page.locator('#admin-dialog[open]').count(), 0)
        const clinician = new RecordClient(setup.server.url)
        await clinician.login(CLINICIAN, CLINICIAN_PASSWORD)
        for (const path of ['/api/users', '/api/deletion-requests', '/api/audit'])
          assert.equal((await clinician.request('GET', path)).status, 403, path)
        assert.deepEqual(unexpected(errors), [])
      } finally {
        await page.context().close()
      }
    })
  })
}
