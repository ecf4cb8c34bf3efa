import { createServer } from 'node:net';
import { SSO_CODE_PARAM, SSO_ERROR_PARAM } from '@shortlist/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoSignInCodes, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { startOidcProvider } from '../../test/oidc-provider.ts';
import { callbackOf, codeOf, ssoBrowsers, TEST_PUBLIC_URL } from '../../test/sso-sign-in.ts';

const PUBLIC_URL = TEST_PUBLIC_URL;
const ACCOUNTS = {
  ada: { email: 'Ada@Example.org', email_verified: true },
  bob: { email: 'bob@example.org', email_verified: false },
  carol: { email: 'carol@example.org', email_verified: true },
  dora: { email: 'dora@example.org', email_verified: true },
  noemail: {},
};

/** A loopback port on which nothing listens: a provider that is down. */
async function closedPort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let acme: Awaited<ReturnType<typeof startOidcProvider>>;
let flaky: Awaited<ReturnType<typeof startOidcProvider>>;
let t: TestApp;

beforeAll(async () => {
  [acme, flaky] = await Promise.all([
    startOidcProvider({ redirectUri: callbackOf('acme'), accounts: ACCOUNTS }),
    startOidcProvider({ redirectUri: callbackOf('flaky'), accounts: ACCOUNTS }),
  ]);
  t = await createTestApp({
    env: {
      ...acme.env('acme', 'Acme staff'),
      ...flaky.env('flaky'),
      OIDC_PROVIDERS: 'acme,flaky,down',
      OIDC_DOWN_ISSUER: `http://127.0.0.1:${await closedPort()}`,
      OIDC_DOWN_CLIENT_ID: 'shortlist',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await Promise.all([acme?.close(), flaky?.close()]);
});

const { browser, signInAtProvider } = ssoBrowsers(() => t);
const isCallback = (url: URL) => url.pathname.endsWith('/callback');

const exchange = (code: string) =>
  t.request({
    method: 'POST',
    url: '/api/auth/oidc/exchange/',
    payload: { code },
    remoteAddress: '10.29.4.1',
  });

describe('sign-in with an OpenID Connect provider', () => {
  it('lists the configured providers for the sign-in page, in order', async () => {
    const reply = await t.request({ method: 'GET', url: '/api/auth/oidc/providers/' });
    expect(reply.json()).toEqual([
      { name: 'acme', label: 'Acme staff' },
      { name: 'flaky', label: 'Acme staff' },
      { name: 'down', label: 'Down' },
    ]);
  });

  it('sends the browser to the provider with PKCE (S256), a state, a nonce and a sealed cookie', async () => {
    const reply = await t.request({
      method: 'GET',
      url: '/api/auth/oidc/acme/start?next=/team/2',
      remoteAddress: '10.29.5.1',
    });
    expect(reply.statusCode).toBe(302);
    const to = new URL(String(reply.headers.location));
    expect(to.origin).toBe(acme.issuer);
    expect(Object.fromEntries(to.searchParams)).toMatchObject({
      client_id: 'shortlist',
      redirect_uri: callbackOf('acme'),
      response_type: 'code',
      scope: 'openid email',
      code_challenge_method: 'S256',
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      state: expect.any(String),
      nonce: expect.any(String),
    });
    const cookie = String(reply.headers['set-cookie']);
    expect(cookie).toMatch(/^shortlist_sso=[\w-]+\.[\w-]*\.[\w-]+\.[\w-]+\.[\w-]+;/); // a JWE: unreadable
    expect(cookie).not.toContain(to.searchParams.get('state') ?? '');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/api/auth/oidc/');
  });

  it('signs in the account of the verified address, through a one-time code in the fragment', async () => {
    const user = await t.createUser({ email: 'ada@example.org' });
    const { landing } = await signInAtProvider('ada');
    expect(landing.origin + landing.pathname).toBe(`${PUBLIC_URL}/login`);
    expect(landing.searchParams.get('next')).toBe('/team/1/members');
    expect(landing.search).not.toContain(SSO_CODE_PARAM); // never in a query that servers log
    const first = await exchange(codeOf(landing));
    expect(first.statusCode).toBe(200);
    const me = await t.request({ method: 'GET', url: '/api/v1/users/me/', token: first.json().access });
    expect(me.json()).toMatchObject({ id: user.id, email: 'ada@example.org' });
    // The refresh token works as a password's does, and its successor too.
    let refresh = first.json().refresh as string;
    for (let round = 0; round < 2; round++) {
      const rotated = await t.request({ method: 'POST', url: '/api/token/refresh/', payload: { refresh } });
      expect(rotated.statusCode).toBe(200);
      refresh = rotated.json().refresh;
    }
    const again = await exchange(codeOf(landing));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      code: 'SSO_CODE_INVALID',
      detail: 'This sign-in has expired or was already used. Please sign in again.',
    });
  });

  it('refuses a code past its minute', async () => {
    await t.createUser({ email: 'dora@example.org' });
    const { landing } = await signInAtProvider('dora');
    await t.db.update(ssoSignInCodes).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await exchange(codeOf(landing))).json()).toMatchObject({ code: 'SSO_CODE_INVALID' });
    expect((await exchange('made-up')).statusCode).toBe(400);
  });

  it('keeps `next` on this site', async () => {
    await t.createUser({ email: 'carol@example.org' });
    for (const next of ['//evil.example/x', 'https://evil.example', '/\\evil.example']) {
      const { landing } = await signInAtProvider('carol', { next });
      expect(landing.origin).toBe(PUBLIC_URL);
      expect(landing.searchParams.get('next')).toBeNull();
    }
    await t.db.delete(users).where(eq(users.email, 'carol@example.org'));
  });

  it('refuses an address the provider has not verified, or none', async () => {
    await t.createUser({ email: 'bob@example.org' });
    for (const login of ['bob', 'noemail']) {
      const { landing } = await signInAtProvider(login);
      expect(landing.pathname).toBe('/login');
      expect(landing.searchParams.get(SSO_ERROR_PARAM)).toBe('SSO_EMAIL_NOT_VERIFIED');
      expect(landing.searchParams.get('next')).toBe('/team/1/members');
      expect(landing.hash).toBe('');
    }
  });

  it('creates no account for an unknown address, and opens no judge identity', async () => {
    const { landing } = await signInAtProvider('carol');
    expect(landing.searchParams.get(SSO_ERROR_PARAM)).toBe('SSO_UNKNOWN_ACCOUNT');
    expect(await t.db.select().from(users).where(eq(users.email, 'carol@example.org'))).toEqual([]);
    await t.db
      .insert(users)
      .values({ username: 'carol@example.org', email: 'carol@example.org', isJudgeOnly: true });
    const judge = await signInAtProvider('carol');
    expect(judge.landing.searchParams.get(SSO_ERROR_PARAM)).toBe('SSO_UNKNOWN_ACCOUNT');
    await t.db.delete(users).where(eq(users.email, 'carol@example.org'));
    // A deactivated account is refused as an unknown one.
    await t.db.insert(users).values({ username: 'carol', email: 'carol@example.org', isActive: false });
    const inactive = await signInAtProvider('carol');
    expect(inactive.landing.searchParams.get(SSO_ERROR_PARAM)).toBe('SSO_UNKNOWN_ACCOUNT');
    await t.db.delete(users).where(eq(users.email, 'carol@example.org'));
  });

  it('refuses a return without this browser state, or with another state', async () => {
    const held = await signInAtProvider('ada', { stopBefore: isCallback });
    const callback = new URL(held.last.location ?? '', held.last.url);
    expect(callback.href.startsWith(callbackOf('acme'))).toBe(true);
    // Another browser (an attacker's link): no cookie.
    const elsewhere = await browser().navigate(callback);
    expect(new URL(elsewhere.location ?? '', PUBLIC_URL).searchParams.get(SSO_ERROR_PARAM)).toBe(
      'SSO_STATE_MISMATCH',
    );
    // The same browser, the state changed.
    const forged = new URL(callback);
    forged.searchParams.set('state', 'another-state');
    const reply = await held.client.navigate(forged);
    expect(new URL(reply.location ?? '', PUBLIC_URL).searchParams.get(SSO_ERROR_PARAM)).toBe(
      'SSO_STATE_MISMATCH',
    );
    // The state is spent at the first return, whatever its outcome.
    const replay = await held.client.navigate(callback);
    expect(new URL(replay.location ?? '', PUBLIC_URL).searchParams.get(SSO_ERROR_PARAM)).toBe(
      'SSO_STATE_MISMATCH',
    );
  });

  it('says so when the person cancels at the provider', async () => {
    const client = browser();
    const loginPage = await client.navigate('/api/auth/oidc/acme/start');
    const abort = /href="([^"]*\/abort)"/.exec(loginPage.body)?.[1] ?? '';
    expect(abort).not.toBe('');
    const reply = await client.navigate(new URL(abort, loginPage.url));
    const landing = new URL(reply.location ?? '', PUBLIC_URL);
    expect(landing.pathname).toBe('/login');
    expect(landing.searchParams.get(SSO_ERROR_PARAM)).toBe('SSO_FAILED');
  });

  it('says the provider is unavailable when it cannot be reached, at the start or at the return', async () => {
    const start = await browser().navigate('/api/auth/oidc/down/start?next=/team/1');
    expect(start.status).toBe(302);
    const landing = new URL(start.location ?? '', PUBLIC_URL);
    expect(landing.pathname).toBe('/login');
    expect(landing.searchParams.get(SSO_ERROR_PARAM)).toBe('SSO_PROVIDER_UNAVAILABLE');
    expect(landing.searchParams.get('next')).toBe('/team/1');

    const held = await signInAtProvider('ada', { provider: 'flaky', stopBefore: isCallback });
    await flaky.close(); // down between the login and the code's exchange
    const reply = await held.client.navigate(new URL(held.last.location ?? '', held.last.url));
    expect(new URL(reply.location ?? '', PUBLIC_URL).searchParams.get(SSO_ERROR_PARAM)).toBe(
      'SSO_PROVIDER_UNAVAILABLE',
    );
  });

  it('answers 404 for a provider that is not configured', async () => {
    const reply = await t.request({ method: 'GET', url: '/api/auth/oidc/other/start' });
    expect(reply.statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/auth/oidc/other/callback?code=x' })).statusCode).toBe(
      404,
    );
  });

  it('limits each address like sign-in', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const reply = await t.request({
        method: 'POST',
        url: '/api/auth/oidc/exchange/',
        payload: { code: 'x' },
      });
      statuses.push(reply.statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
