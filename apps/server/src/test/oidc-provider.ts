/// <reference path="./oidc-provider-module.d.ts" />
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

export interface ProviderAccount {
  email?: string;
  email_verified?: boolean;
}

export interface TestProviderOptions {
  /** The app's callback, registered as the client's only redirect URI. */
  redirectUri: string;
  /** Who may sign in at the provider (any password): login → claims. */
  accounts: Record<string, ProviderAccount>;
  clientId?: string;
  clientSecret?: string;
}

/**
 * A real OpenID Connect provider (panva's oidc-provider, certified) on a loopback port, with its own
 * login page (its development interactions: any password), one confidential client that must use
 * PKCE, and the given accounts. Consent is given by itself, as for a first-party application.
 */
export async function startOidcProvider(options: TestProviderOptions) {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = options.clientId ?? 'shortlist';
  const clientSecret = options.clientSecret ?? 'shortlist-client-secret';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    pkce: { required: () => true },
    cookies: { keys: ['test-cookie-key-test-cookie-key'] },
    ttl: { Interaction: 600, Grant: 3600, Session: 3600, AccessToken: 600, IdToken: 600 },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx: unknown, id: string) {
      return { accountId: id, claims: () => ({ sub: id, ...options.accounts[id] }) };
    },
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session, result, provider: self } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return self.Grant.find(grantId);
      const grant = new self.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email');
      await grant.save();
      return grant;
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    /** The variables that configure the app for this provider under `name`. */
    env(name = 'acme', label = 'Acme staff') {
      const prefix = `OIDC_${name.toUpperCase()}`;
      return {
        OIDC_PROVIDERS: name,
        [`${prefix}_ISSUER`]: issuer,
        [`${prefix}_CLIENT_ID`]: clientId,
        [`${prefix}_CLIENT_SECRET`]: clientSecret,
        [`${prefix}_LABEL`]: label,
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
