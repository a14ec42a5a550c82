/** The way back from a single sign-on (web/src/record/sync/sso-return.ts): the fragment the record server sends the browser back with, and the start link. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { ssoReturnOf, ssoStartUrl } from '../../../../web/src/record/sync/sso-return.js'

describe('the way back from a single sign-on', () => {
  it('reads a signed-in and a refused return, and nothing else', () => {
    assert.deepEqual(ssoReturnOf('#record-sso=signed-in'), { kind: 'signed_in' })
    assert.deepEqual(ssoReturnOf('#record-sso-error=sso_no_user'), { kind: 'refused', type: 'sso_no_user' })
    assert.deepEqual(ssoReturnOf('#record-sso-error=account_disabled'), { kind: 'refused', type: 'account_disabled' })
    assert.equal(ssoReturnOf(''), null)
    assert.equal(ssoReturnOf('#record-sso=maybe'), null)
    assert.equal(ssoReturnOf('#views'), null)
  })

  it('believes only an error type from the address bar', () => {
    for (const forged of ['<img src=x>', 'x'.repeat(41), 'Sso_Failed', ''])
      assert.deepEqual(ssoReturnOf(`#record-sso-error=${forged}`), { kind: 'refused', type: 'sso_failed' }, forged)
  })

  it("starts at the server's start path, coming back to this page without its fragment", () => {
    const url = new URL(
      ssoStartUrl('https://record.clinic.example', '/api/sso/start', 'https://posture.clinic.example/app/?lang=es#old'),
    )
    assert.equal(url.origin + url.pathname, 'https://record.clinic.example/api/sso/start')
    assert.equal(url.searchParams.get('return_to'), 'https://posture.clinic.example/app/?lang=es')
  })
})
