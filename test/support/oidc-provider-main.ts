/**
 * A real OpenID Connect provider as its own process, for the record server's single
 * sign-on tests (test/support/oidc-provider.ts starts it): panva's oidc-provider, the
 * certified provider library, on 127.0.0.1 at OIDC_PORT, with one confidential client
 * (OIDC_CLIENT: {client_id, client_secret, redirect_uri}), PKCE required, and the test's
 * accounts (OIDC_ACCOUNTS: {sub: {email, email_verified}}). Sign-in and consent are the
 * library's own interaction pages (devInteractions: any password, the account by its
 * sub), which the tests drive as a browser would. Prints "listening" once it answers.
 */
import Provider from 'oidc-provider'

const port = Number(process.env.OIDC_PORT)
const client = JSON.parse(process.env.OIDC_CLIENT ?? '{}') as {
  client_id: string
  client_secret: string
  redirect_uri: string
}
const accounts = JSON.parse(process.env.OIDC_ACCOUNTS ?? '{}') as Record<
  string,
  { email: string; email_verified: boolean }
>

const provider = new Provider(`http://127.0.0.1:${port}`, {
  clients: [
    {
      client_id: client.client_id,
      client_secret: client.client_secret,
      redirect_uris: [client.redirect_uri],
      response_types: ['code'],
      grant_types: ['authorization_code'],
      token_endpoint_auth_method: 'client_secret_basic',
    },
  ],
  pkce: { required: () => true },
  claims: { openid: ['sub'], email: ['email', 'email_verified'] },
  findAccount: async (_ctx: unknown, sub: string) => {
    const account = accounts[sub]
    if (!account) return undefined
    return { accountId: sub, claims: async () => ({ sub, ...account }) }
  },
  features: { devInteractions: { enabled: true } },
  cookies: { keys: ['a key for the tests only, never a real provider'] },
})

provider.listen(port, '127.0.0.1', () => console.log('listening'))
process.on('SIGTERM', () => process.exit(0))
