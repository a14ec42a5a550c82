/**
 * The app's "Sign in with <provider>" end to end (docs/record-server.md, "Single sign-on"):
 * Chromium with the app (served by the metrics service), a real record-server process with
 * single sign-on on (passwords kept for admins), and a real OpenID provider process (panva's
 * oidc-provider, test/support/oidc-provider.ts) whose own login and consent pages the test
 * fills in. The clinician goes from the app's clinic-server dialog to the provider and back,
 * signed in, and the app syncs; a provider account with no clinic user comes back refused,
 * with the reason in the dialog and no session.
 */
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { Page } from 'playwright-core'
import { type Harness, openApp, startHarness } from '../support/browser.js'
import { type OidcProvider, startOidcProvider } from '../support/oidc-provider.js'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  RecordClient,
  type RecordServer,
  startRecordServer,
} from '../support/record-server.js'
import { freePort } from '../support/server-process.js'

let h: Harness
let server: RecordServer
let provider: OidcProvider
const CLINICIAN = 'clinician.sso@clinic.test'

before(async () => {
  const [appPort, recordPort] = [await freePort(), await freePort()]
  const appOrigin = `http://127.0.0.1:${appPort}`
  provider = await startOidcProvider(`http://127.0.0.1:${recordPort}/api/sso/callback`, {
    'sso-clinician': { email: CLINICIAN, email_verified: true },
    'sso-stranger': { email: 'stranger@elsewhere.test', email_verified: true },
  })
  server = await startRecordServer({
    port: recordPort,
    env: { ...provider.env, RECORD_ALLOWED_ORIGINS: appOrigin, RECORD_PASSWORD_LOGIN: 'admins' },
  })
  h = await startHarness({ port: appPort, app: { recordServerOrigins: [server.url] } })
  const admin = new RecordClient(server.url)
  assert.equal((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status, 200)
  const made = await admin.request('POST', '/api/users', { email: CLINICIAN, role: 'clinician' })
  assert.equal(made.status, 201, JSON.stringify(made.body))
})

after(async () => {
  await h?.close()
  await server?.dispose()
  await provider?.stop()
})

/** Sets the server in the clinic-server dialog and follows "Sign in with Clinic ID" through the provider's pages as `login`. */
async function signInThroughProvider(page: Page, login: string): Promise<void> {
  await page.locator('#sync-button').click()
  await page.locator('#sync-url').fill(server.url)
  await page.locator('#sync-url-save').click()
  const link = page.locator('#sync-sso-sign-in')
  await link.waitFor()
  assert.equal(await link.textContent(), 'Sign in with Clinic ID')
  // Passwords are for admins here: the form is folded away, not gone.
  assert.equal(await page.locator('#sync-sign-in-options details #sync-sign-in-form').count(), 1)
  await link.click()
  await page.waitForURL((url) => url.href.startsWith(provider.issuer))
  await page.locator('input[name="login"]').fill(login)
  await page.locator('input[name="password"]').fill('any password')
  await page.locator('button[type="submit"]').click()
  // The provider's consent page, then back to the app through the record server's callback.
  await page.locator('input[name="prompt"][value="consent"]').waitFor({ state: 'attached' })
  await page.locator('button[type="submit"]').click()
  await page.waitForURL((url) => url.href.startsWith(h.base))
  await page.locator('#view-tabs button').first().waitFor()
}

test('a clinician signs in through the provider and comes back to the app signed in; the app syncs', async () => {
  const { page } = await openApp(h)
  // Errors of the app's pages only: the provider's own pages (a test provider's) load fonts from the internet, which is not reached here.
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(String(e)))
  page.on('console', (m) => {
    if (m.type() === 'error' && page.url().startsWith(h.base)) errors.push(`${m.text()} ${m.location().url}`)
  })
  await signInThroughProvider(page, 'sso-clinician')
  await page.locator('#sync-dialog[open] #sync-account').waitFor()
  assert.match((await page.locator('#sync-account').textContent()) ?? '', /clinician\.sso@clinic\.test \(clinician\)/)
  assert.equal(new URL(page.url()).hash, '', 'the fragment the sign-on came back with is taken off the address')
  await page.locator('#sync-status[data-phase="idle"]').waitFor()
  assert.deepEqual(errors, [])
  await page.context().close()
})

test('a provider account that is no clinic user comes back refused, with the reason and no session', async () => {
  const { page } = await openApp(h)
  await signInThroughProvider(page, 'sso-stranger')
  const problem = page.locator('#sync-dialog[open] #sync-problem')
  await problem.waitFor()
  assert.match((await problem.textContent()) ?? '', /not a user of this clinic's record; ask an admin/)
  assert.equal(await page.locator('#sync-account').count(), 0)
  // The provider's button comes once the dialog has the server's sign-in options again, which can be after the reason.
  await page.locator('#sync-dialog[open] #sync-sso-sign-in').waitFor()
  await page.context().close()
})
