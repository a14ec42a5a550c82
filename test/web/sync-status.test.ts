/**
 * What the clinic-server dialog says happened (docs/record.md, "Sync with the clinic's record
 * server"), against a real record-server process over the embedded store and the built app in
 * Chromium, in Spanish: with the record server stopped and the browser online the status says
 * "No se puede contactar con el servidor" (data-phase "unreachable"), "Sin conexión" only once the
 * browser itself is offline, and the app syncs again once the server is back. A deletion an admin
 * rejects (through the admin API, with words) is a notice kept in the record: still shown after a
 * reload, gone only once the clinician dismisses it. The device's clock is Playwright's, moved on
 * past the minute a deletion can be undone (it is pushed only then), never waited for.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { loadPhoto, placeNext } from '../support/browser.js'
import { testStores } from '../support/postgres.js'
import { clickAndAnswer, openRecord, readRecord, savedToRecord } from '../support/record.js'
import { ADMIN_EMAIL, ADMIN_PASSWORD, RecordClient } from '../support/record-server.js'
import {
  closeSync,
  device,
  lastSync,
  openSync,
  type SyncSetup,
  signIn,
  startSyncSetup,
  syncedSince,
  syncNow,
  unexpected,
  visitsOf,
} from '../support/sync-app.js'
import { FIGURES } from './fixtures/figure.js'

// The record server's store changes nothing of what the app says: the embedded one only.
const [store] = testStores()

describe('the clinic-server dialog names what happened (sqlite)', () => {
  let setup: SyncSetup
  before(async () => {
    setup = await startSyncSetup(store!)
  })
  after(async () => {
    await setup?.close()
  })

  test('the record server stopped, the browser online: "No se puede contactar con el servidor"; offline: "Sin conexión"', async () => {
    const d = await device(setup.h, 'es-ES')
    await signIn(d.page, setup.server.url)
    await syncedSince(d.page)
    const synced = (await lastSync(d.page)) ?? ''

    await setup.server.stop()
    await d.page.locator('#sync-now').click()
    const status = d.page.locator('#sync-status')
    await d.page
      .locator('#sync-status[data-phase="unreachable"]', { hasText: /^No se puede contactar con el servidor/ })
      .waitFor()
    assert.doesNotMatch(await status.innerText(), /Sin conexión/)
    assert.equal(await d.page.evaluate('navigator.onLine'), true)

    // The browser offline (its offline event): now, and only now, "Sin conexión".
    await d.context.setOffline(true)
    await d.page.locator('#sync-status[data-phase="offline"]', { hasText: /^Sin conexión/ }).waitFor()
    // Online again with the server still down (the online event starts a run): unreachable again.
    await d.context.setOffline(false)
    await d.page.locator('#sync-status[data-phase="unreachable"]').waitFor()

    // The server back: the next run (the app's own retry, or this one) is in step again.
    await setup.restart()
    await d.page.locator('#sync-now').click()
    await syncedSince(d.page, synced)
    assert.deepEqual(
      unexpected(d.errors).filter((e) => !/ERR_CONNECTION_REFUSED/.test(e)),
      [],
    )
    await d.context.close()
  })

  test('a sign-in the server cannot check (no password) is said as such, not as a refused change', async () => {
    const d = await device(setup.h, 'es-ES')
    await openSync(d.page)
    await d.page.locator('#sync-url').fill(setup.server.url)
    await d.page.locator('#sync-url-save').click()
    await d.page.locator('#sync-sign-in-form').waitFor()
    await d.page.locator('#sync-email').fill('alguien@clinica.example')
    await d.page.locator('#sync-sign-in').click()
    const problem = d.page.locator('#sync-problem:not([hidden])')
    await problem.waitFor()
    const text = await problem.innerText()
    assert.match(text, /No se pudo iniciar sesión: el servidor no puede comprobar ese correo y esa contraseña/)
    assert.doesNotMatch(text, /rechazó un cambio|invalid_request/)
    await d.context.close()
  })

  test("a rejected deletion's notice is kept in the record, shown after a reload, until the clinician dismisses it", async () => {
    const d = await device(setup.h, 'es-ES')
    // Playwright's clock in the page (time still runs): the minute a deletion can be undone is skipped below.
    await d.context.clock.install()
    await d.page.reload()
    await d.page.locator('#view-tabs button').first().waitFor()
    await signIn(d.page, setup.server.url)
    await syncedSince(d.page)
    await closeSync(d.page)
    await d.page.locator('#patient-id').fill('PAC-0140')
    await d.page.locator('#patient-id').press('Tab')
    await loadPhoto(d.page, setup.h, 'anterior')
    await placeNext(d.page, FIGURES.anterior, 3)
    await d.page.locator('#record-status[data-saved="true"]').waitFor()
    await savedToRecord(d.page)
    await syncNow(d.page)
    const [visit] = visitsOf(await readRecord(d.page))
    assert.ok(visit)
    await closeSync(d.page)

    // Deleted here; pushed once it can no longer be undone: a clinician's deletion is asked of an admin.
    await openRecord(d.page)
    await d.page.locator('#record-patients li[data-patient="PAC-0140"] button').first().click()
    await clickAndAnswer(d.page, `#record-visits li[data-visit="${visit.id}"] button.delete`, 'delete-visit', 'yes')
    await d.page.locator('#record-dialog').evaluate((el) => (el as unknown as { close(): void }).close())
    await d.page.clock.fastForward('01:05')
    await openSync(d.page)
    await d.page.locator('#sync-now').click()
    await d.page
      .locator('#sync-status[data-phase="idle"]', { hasText: '1 eliminación solicitada a un administrador' })
      .waitFor()

    // The admin rejects it, with words, through the admin API.
    const admin = new RecordClient(setup.server.url)
    assert.equal((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status, 200)
    const pending = await admin.request('GET', '/api/deletion-requests?status=pending')
    const requests = pending.body.requests as { id: string; entity_id: string }[]
    assert.deepEqual(
      requests.map((r) => r.entity_id),
      [visit.id],
    )
    const comment = 'Es la visita de control: se conserva.'
    const rejected = await admin.request('POST', `/api/deletion-requests/${requests[0]!.id}/reject`, { comment })
    assert.equal(rejected.status, 200, JSON.stringify(rejected.body))

    await d.page.locator('#sync-now').click()
    const notice = d.page.locator(`#sync-rejected li[data-entity="visit:${visit.id}"]`)
    await notice.filter({ hasText: comment }).waitFor()
    assert.ok(
      visitsOf(await readRecord(d.page)).some((v) => v.id === visit.id),
      'the visit is back here',
    )

    // A reload: the notice is still there, until read, and on the button with the dialog closed.
    await d.page.reload()
    await openSync(d.page)
    await notice.filter({ hasText: comment }).waitFor()
    await closeSync(d.page)
    await d.page.locator('#sync-button[data-unread="1"]', { hasText: 'Servidor de la clínica (1)' }).waitFor()
    await openSync(d.page)
    await notice.locator('button.sync-dismiss').click()
    await notice.waitFor({ state: 'detached' })
    await d.page.locator('#sync-rejected').waitFor({ state: 'detached' })
    await d.page.reload()
    await openSync(d.page)
    await d.page.locator('#sync-status[data-phase="idle"]').waitFor()
    assert.equal(await d.page.locator('#sync-rejected').count(), 0, 'dismissed: not shown again')
    assert.equal(await d.page.locator('#sync-button').getAttribute('data-unread'), '0')
    assert.deepEqual(unexpected(d.errors), [])
    await d.context.close()
  })
})
