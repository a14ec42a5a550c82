/**
 * The app's sync with the clinic's record server, end to end, over each store (the embedded
 * SQLite in a temporary directory, then a database of a throwaway PostgreSQL cluster; that run
 * skipped where PostgreSQL is not installed, unless CI is set): a real record-server process
 * (RECORD_ALLOWED_ORIGINS naming the app's origin), the metrics service serving the app
 * (RECORD_SERVER_ORIGINS in its CSP), and two Chromium contexts as two devices
 * (support/sync-app.ts). Device A records a visit with a photo offline, goes online and syncs;
 * device B signs in, syncs and holds the same visit: the same values, the same photo bytes
 * (SHA-256). Then both edit that visit offline (its notes, one line alike, and one marker) and
 * sync: B's push is refused as stale, the conflict is shown with what differs and only that (the
 * notes' differing lines, the marker's distance in px and cm; the photos the same), each side
 * labelled with where it is and when it was changed, the status counting it ("1 conflict to
 * resolve", not "in step"); resolved as "keep both" (pressed, the dialog brought up to date by a
 * sync run, then released), both versions are reachable on both devices, and on B each kept copy
 * says where it came from (this device or the server, its name, the time) in the visit list and
 * in the visit opened; the labels reach the server and device A, which lists both kept copies
 * labelled too (B's as from another device).
 * Also: the session cookie (__Host-, Secure, SameSite=Strict) works for the app on
 * http://127.0.0.1 (a secure context), and a page of another origin is refused at the preflight.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { loadPhoto, placeGuided } from '../support/browser.js'
import { testStores } from '../support/postgres.js'
import { nudgeMarker, openRecord, readRecord, savedToRecord } from '../support/record.js'
import { ADMIN_EMAIL, ADMIN_PASSWORD, RecordClient } from '../support/record-server.js'
import {
  closeSync,
  type Device,
  device,
  openSync,
  photoHash,
  type SyncSetup,
  signIn,
  startSyncSetup,
  syncedSince,
  syncNow,
  unexpected,
  visitsOf,
} from '../support/sync-app.js'
import { FIGURES } from './fixtures/figure.js'

for (const store of testStores()) {
  describe(`the app syncs two devices through the record server (${store.name})`, { skip: store.skip }, () => {
    let setup: SyncSetup
    before(async () => {
      setup = await startSyncSetup(store)
    })
    after(async () => {
      await setup?.close()
    })

    let a: Device
    let b: Device
    let visitId = ''

    test('the session cookie works for the app on http://127.0.0.1, and a page of another origin is refused', async () => {
      a = await device(setup.h)
      await signIn(a.page, setup.server.url)
      const cookies = await a.context.cookies(setup.server.url)
      const session = cookies.find((c) => c.name === '__Host-record_session')
      assert.ok(session, 'the session cookie is kept by Chromium')
      assert.equal(session.secure, true)
      assert.equal(session.httpOnly, true)
      assert.equal(session.sameSite, 'Strict')
      // No script of the page reads it.
      assert.equal(
        await a.page.evaluate(() =>
          (globalThis as unknown as { document: { cookie: string } }).document.cookie.includes('record_session'),
        ),
        false,
      )
      // The preflight: the app's origin allowed with credentials, another refused.
      const allowed = await fetch(`${setup.server.url}/api/sync/push`, {
        method: 'OPTIONS',
        headers: { origin: setup.appOrigin, 'access-control-request-method': 'POST' },
      })
      assert.equal(allowed.status, 204)
      assert.equal(allowed.headers.get('access-control-allow-origin'), setup.appOrigin)
      assert.equal(allowed.headers.get('access-control-allow-credentials'), 'true')
      assert.match(allowed.headers.get('access-control-allow-headers') ?? '', /x-csrf-token/)
      const refused = await fetch(`${setup.server.url}/api/sync/push`, {
        method: 'OPTIONS',
        headers: { origin: 'http://127.0.0.1:1', 'access-control-request-method': 'POST' },
      })
      assert.equal(refused.status, 403)
      assert.equal(refused.headers.get('access-control-allow-origin'), null)
      assert.equal(((await refused.json()) as { error: { type: string } }).error.type, 'origin_not_allowed')
      // An answer is readable by the app's origin only (no wildcard): another origin gets no CORS header at all.
      const answered = await fetch(`${setup.server.url}/api/session`, { headers: { origin: setup.appOrigin } })
      assert.equal(answered.headers.get('access-control-allow-origin'), setup.appOrigin)
      const other = await fetch(`${setup.server.url}/api/session`, { headers: { origin: 'https://elsewhere.example' } })
      assert.equal(other.headers.get('access-control-allow-origin'), null)
    })

    test('device A records a visit offline, syncs online; device B gets it with the same values and photo bytes', async () => {
      const page = a.page
      await closeSync(page)
      await a.context.setOffline(true)
      await page.locator('#patient-id').fill('PAC-0042')
      await page.locator('#patient-id').press('Tab')
      await loadPhoto(page, setup.h, 'anterior')
      await placeGuided(page, FIGURES.anterior)
      // The ruler's length: the view has a scale (cm per px), so a conflict says how far apart in cm too.
      await page.locator('#grid-cm').fill(String(FIGURES.anterior.scaleCm))
      await page.locator('#grid-cm').press('Enter')
      await page.locator('#record-status[data-saved="true"]').waitFor()
      await savedToRecord(page)
      await openSync(page)
      await page.locator('#sync-now').click()
      // The visit waits in the outbox: the status counts it once the last save (the ruler's length) is in.
      await page.locator('#sync-status[data-phase="offline"]:not([data-pending="0"])').waitFor()
      await a.context.setOffline(false)
      await syncNow(page)
      const recordA = await readRecord(page)
      const [visitA] = visitsOf(recordA)
      assert.ok(visitA)
      visitId = visitA.id

      b = await device(setup.h)
      await signIn(b.page, setup.server.url)
      await syncedSince(b.page)
      const recordB = await readRecord(b.page)
      const [visitB] = visitsOf(recordB)
      assert.ok(visitB, 'device B holds the visit')
      assert.equal(visitsOf(recordB).length, 1)
      assert.equal(visitB.id, visitA.id)
      assert.deepEqual(visitB.file, visitA.file, 'the same assessment: markers, calibration, values')
      assert.equal(visitB.date, visitA.date)
      const hashA = photoHash(recordA, visitA.photos.anterior!.key)
      const hashB = photoHash(recordB, visitB.photos.anterior!.key)
      assert.ok(hashA)
      assert.equal(hashB, hashA, 'the same photo bytes (SHA-256)')
      assert.deepEqual(
        recordB.patients.map((p) => p.identifier),
        ['PAC-0042'],
      )
      assert.deepEqual(unexpected([...a.errors, ...b.errors]), [])
    })

    test('both devices edit the same visit offline: the conflict is shown and kept both, nothing lost', async () => {
      // Device B opens the visit; device A still has it on screen.
      await closeSync(b.page)
      await openRecord(b.page)
      await b.page.locator('#record-patients li[data-patient="PAC-0042"] button').first().click()
      await b.page.locator(`#record-visits li[data-visit="${visitId}"] button.open`).click()
      await b.page.locator('#record-dialog').waitFor({ state: 'hidden' })
      await b.page.locator('.stage.has-photo image.photo').waitFor()
      await closeSync(a.page)

      await a.context.setOffline(true)
      await b.context.setOffline(true)
      const target = 'espina_nasal'
      // Each writes its own notes (one line alike) and moves one marker its own way.
      const notesA = 'Hombro derecho elevado.\nRevisar en 4 semanas.'
      const notesB = 'Hombro derecho elevado.\nDolor lumbar al flexionar.'
      await a.page.locator('#visit-notes').fill(notesA)
      await savedToRecord(a.page)
      await nudgeMarker(a.page, target, 'Shift+ArrowRight')
      await savedToRecord(a.page)
      await b.page.locator('#visit-notes').fill(notesB)
      await savedToRecord(b.page)
      await nudgeMarker(b.page, target, 'Shift+ArrowLeft')
      await savedToRecord(b.page)
      const mineA = visitsOf(await readRecord(a.page)).find((v) => v.id === visitId)!.file.views.anterior!.markers[
        target
      ]
      const mineB = visitsOf(await readRecord(b.page)).find((v) => v.id === visitId)!.file.views.anterior!.markers[
        target
      ]
      assert.notDeepEqual(mineA, mineB)

      await a.context.setOffline(false)
      await syncNow(a.page)
      await b.context.setOffline(false)
      await syncNow(b.page, 1)
      const item = b.page.locator(`#sync-conflicts li[data-entity="visit:${visitId}"]`)
      await item.waitFor()
      assert.equal(await item.getAttribute('data-reason'), 'changed')
      // Nothing was overwritten: B still holds its own edit until the clinician decides.
      const storedB = visitsOf(await readRecord(b.page)).find((v) => v.id === visitId)!
      assert.deepEqual(storedB.file.views.anterior!.markers[target], mineB)

      // The status counts the conflict: not "in step", not "no changes waiting".
      // (Drawn once the sync's outcome is in the record, which can be after the conflict's item.)
      await b.page
        .locator('#sync-status', { hasText: /^1 conflict to resolve: the change made here waits for your decision/ })
        .waitFor()
      assert.doesNotMatch(
        await b.page.locator('#sync-status').innerText(),
        /In step with the server|No changes waiting/,
      )
      assert.equal(await b.page.locator('#sync-status').getAttribute('data-conflicts'), '1')
      // Each side says where it is and when it was last changed there.
      assert.match(await item.locator('.sync-mine').innerText(), /^This device \(Chrome · Linux\), last changed /)
      assert.match(
        await item.locator('.sync-theirs').innerText(),
        new RegExp(`^The clinic's server \\(${new URL(setup.server.url).host.replace(/\./g, '\\.')}\\), last changed `),
      )
      // What differs, field by field, and only that: the notes' differing lines and the marker moved.
      const differences = item.locator('ul.sync-differences > li')
      assert.deepEqual(await differences.evaluateAll((els) => els.map((el) => el.getAttribute('data-field'))), [
        'notes',
        'marker',
      ])
      const notes = item.locator('ul.sync-differences > li[data-field="notes"]')
      assert.deepEqual(await notes.locator('li.sync-only-mine').allInnerTexts(), [
        'only here: “Dolor lumbar al flexionar.”',
      ])
      assert.deepEqual(await notes.locator('li.sync-only-theirs').allInnerTexts(), [
        'only on the server: “Revisar en 4 semanas.”',
      ])
      const px = Math.hypot(mineA![0] - mineB![0], mineA![1] - mineB![1])
      const fc = (storedB.file.views.anterior as unknown as { calibration: { fc: number | null } }).calibration.fc
      assert.ok(fc, 'the view has a scale (cm per px)')
      const one = (x: number) => x.toLocaleString('en', { minimumFractionDigits: 1, maximumFractionDigits: 1 })
      assert.equal(
        await item.locator(`ul.sync-differences > li[data-field="marker"][data-marker="${target}"]`).innerText(),
        `Nasal spine (Anterior): placed ${one(px)} px (${one(px * fc)} cm) apart.`,
      )
      assert.equal(await item.locator('.sync-same').innerText(), 'Photos: the same on both sides.')
      // A press whose release comes after the dialog was brought up to date (a sync run ends in
      // between: the status changes) still chooses: the button under the pointer is the same one.
      const both = item.locator('button[data-resolution="both"]')
      const pressed = await both.elementHandle()
      const box = await both.boundingBox()
      assert.ok(pressed && box)
      const lastSync = await b.page.locator('#sync-status').getAttribute('data-last-sync')
      await b.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
      await b.page.mouse.down()
      await b.page.evaluate("dispatchEvent(new Event('online'))") // the app syncs on coming online
      await b.page.locator(`#sync-status[data-phase="idle"]:not([data-last-sync="${lastSync}"])`).waitFor()
      assert.equal(await pressed.evaluate((el) => el.isConnected), true, 'the pressed button is still in the page')
      await b.page.mouse.up()
      await b.page.locator('#sync-conflicts-none').waitFor()
      await b.page.locator('#sync-button[data-conflicts="0"]').waitFor({ state: 'attached' })
      await syncNow(b.page)
      await syncNow(a.page)

      for (const d of [a, b]) {
        const visits = visitsOf(await readRecord(d.page))
        assert.equal(visits.length, 2, 'both versions are visits of the patient')
        const markers = visits.map((v) => JSON.stringify(v.file.views.anterior!.markers[target])).sort()
        assert.deepEqual(markers, [JSON.stringify(mineA), JSON.stringify(mineB)].sort())
        assert.equal(visits.find((v) => v.id === visitId)!.file.views.anterior!.markers[target]!.join(), mineA!.join())
      }

      // On B, the two kept copies are told apart in the list: the server's (the visit's id) and this device's (a new one).
      const keptB = visitsOf(await readRecord(b.page))
      const copyId = keptB.find((v) => v.id !== visitId)!.id
      await closeSync(b.page)
      await openRecord(b.page)
      await b.page.locator('#record-patients li[data-patient="PAC-0042"] button').first().click()
      const serverRow = b.page.locator(
        `#record-visits li[data-visit="${visitId}"] .record-visit-copy[data-copy="server"]`,
      )
      const deviceRow = b.page.locator(
        `#record-visits li[data-visit="${copyId}"] .record-visit-copy[data-copy="device"]`,
      )
      assert.match(
        await serverRow.innerText(),
        new RegExp(
          `^Copy kept from the clinic's server \\(${new URL(setup.server.url).host.replace(/\./g, '\\.')}\\), as last changed there `,
        ),
      )
      assert.match(
        await deviceRow.innerText(),
        /^Copy kept from this device \(Chrome · Linux\), as last changed there /,
      )
      // And in the visit, once opened.
      await b.page.locator(`#record-visits li[data-visit="${copyId}"] button.open`).click()
      await b.page.locator('#record-dialog').waitFor({ state: 'hidden' })
      await b.page.locator('#record-copy[data-copy="device"]:not([hidden])').waitFor()
      assert.equal(await b.page.locator('#record-copy').innerText(), await deviceRow.innerText())

      // The labels reach the clinic's other devices: the server holds them, device A pulled them and
      // lists both kept copies labelled, B's copy as from another device (its name, the time there).
      const admin = new RecordClient(setup.server.url)
      assert.equal((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status, 200)
      const held = await admin.request('GET', `/api/visits/${copyId}`)
      assert.equal(held.body.visit.copy.from, 'device')
      assert.equal(held.body.visit.copy.name, 'Chrome · Linux')
      assert.equal((await admin.request('GET', `/api/visits/${visitId}`)).body.visit.copy.from, 'server')
      const keptA = visitsOf(await readRecord(a.page)) as unknown as { id: string; copy?: { from: string } }[]
      assert.deepEqual(
        keptA.map((v) => [v.id, v.copy?.from]).sort(),
        [
          [visitId, 'server'],
          [copyId, 'device'],
        ].sort(),
      )
      await closeSync(a.page)
      await openRecord(a.page)
      await a.page.locator('#record-patients li[data-patient="PAC-0042"] button').first().click()
      assert.match(
        await a.page
          .locator(`#record-visits li[data-visit="${visitId}"] .record-visit-copy[data-copy="server"]`)
          .innerText(),
        new RegExp(
          `^Copy kept from the clinic's server \\(${new URL(setup.server.url).host.replace(/\./g, '\\.')}\\), as last changed there `,
        ),
      )
      assert.match(
        await a.page
          .locator(`#record-visits li[data-visit="${copyId}"] .record-visit-copy[data-copy="device"]`)
          .innerText(),
        /^Copy kept from another device \(Chrome · Linux\), as last changed there /,
      )
      assert.deepEqual(unexpected([...a.errors, ...b.errors]), [])
    })
  })
}
