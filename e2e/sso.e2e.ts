import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startOidcProvider } from '../apps/server/src/test/oidc-provider.ts';
import { callAdminApi } from './support/admin-api.ts';
import { launchBrowser } from './support/browser.ts';
import { lastLinkSentTo } from './support/outbox.ts';
import { ADMIN, freePort, startServer } from './support/server.ts';
import { shoot } from './support/shots.ts';

const PAT = { email: 'pat@example.org', password: 'pat-password-1' };

let provider: Awaited<ReturnType<typeof startOidcProvider>>;
let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  const port = await freePort();
  provider = await startOidcProvider({
    redirectUri: `http://127.0.0.1:${port}/api/auth/oidc/acme/callback`,
    accounts: {
      admin: { email: ADMIN.email, email_verified: true },
      ada: { email: 'ada@example.org', email_verified: true },
      bob: { email: 'bob@example.org', email_verified: false },
    },
  });
  [server, browser] = await Promise.all([
    startServer(provider.env('acme', 'Acme staff'), { port }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await provider?.close();
});
beforeEach(async () => {
  page = await (await browser.newContext({ reducedMotion: 'reduce' })).newPage();
});
afterEach(() => page.context().close());

/** From the sign-in page, through the provider's own login page, as `login`. */
async function signInAtProvider(login: string, next = '') {
  await page.goto(`${server.url}/login${next ? `?${new URLSearchParams({ next })}` : ''}`);
  await page.getByRole('link', { name: 'Sign in with Acme staff' }).click();
  await page.waitForURL((url) => url.origin === provider.issuer);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.locator('button[type="submit"]').click();
}

describe('sign-in with the organisation identity provider', () => {
  it('signs in at the provider and lands on the dashboard, the one-time code gone from the address', async () => {
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Sign in with Acme staff' }).waitFor();
    await shoot(page, 'login-en');
    await page.setViewportSize({ width: 375, height: 740 });
    await shoot(page, 'login-en-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAtProvider('admin');
    await page.waitForURL(/\/team\/\d+$/);
    await page.getByText('Demo workspace').first().waitFor();
    expect(page.url()).not.toContain('sso_code');
    expect(await page.evaluate(() => localStorage.getItem('shortlist.refresh'))).toBeTruthy();
  });

  it('brings an invited person through the provider to the invitation, then to the dashboard', async () => {
    await callAdminApi(server.url, 'POST', 'teams/1/members/', { email: 'ada@example.org' });
    await signInAtProvider('ada', '/invitations');
    await page.waitForURL(/\/invitations$/);
    await page.getByRole('button', { name: 'Accept' }).click();
    await page.goto(`${server.url}/`);
    await page.waitForURL(/\/team\/1$/);
    await page.getByText('Demo workspace').first().waitFor();
  });

  it('says why when the provider has not verified the address, in French too', async () => {
    await signInAtProvider('bob', '/team/1');
    const error = page.getByTestId('sso-error');
    await error.waitFor();
    expect(await error.innerText()).toContain('did not confirm your e-mail address');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/team/1');
    await page.getByTestId('language-fr').click();
    await page.getByRole('link', { name: 'Se connecter avec Acme staff' }).waitFor();
    expect(await error.innerText()).toContain('n’a pas confirmé votre adresse e-mail');
    await shoot(page, 'login-error-fr');
    await page.setViewportSize({ width: 375, height: 740 });
    await shoot(page, 'login-error-fr-375');
  });

  it('turns the team setting on from the members page, after which a member password is refused', async () => {
    // Pat joins team 1 with a password, as an invited person does.
    await callAdminApi(server.url, 'POST', 'teams/1/members/', { email: PAT.email });
    const link = new URL(await lastLinkSentTo(server.url, PAT.email));
    const reset = await fetch(`${server.url}/api/v1/users/reset_password/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: PAT.email,
        token: link.searchParams.get('token'),
        new_password: PAT.password,
      }),
    });
    expect(reset.status).toBe(200);
    const pat = (await (
      await fetch(`${server.url}/api/token/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: PAT.email, password: PAT.password }),
      })
    ).json()) as { access: string };
    const invitations = (await (
      await fetch(`${server.url}/api/v1/team-invitations/`, {
        headers: { authorization: `Bearer ${pat.access}` },
      })
    ).json()) as { results: { id: number }[] };
    for (const { id } of invitations.results)
      await fetch(`${server.url}/api/v1/team-invitations/${id}/accept/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${pat.access}` },
      });

    // The superuser turns the setting on, from the members page.
    await signInAtProvider('admin', '/team/1/members');
    await page.waitForURL(/\/team\/1\/members$/);
    const setting = page.getByTestId('sso-setting');
    await setting.getByText('They sign in with: Acme staff.').waitFor();
    await page
      .getByRole('switch', { name: "Members sign in only with the organisation's identity provider" })
      .click();
    await page.getByText('Sign-in setting saved').waitFor();
    expect(await page.getByRole('switch').getAttribute('aria-checked')).toBe('true');
    await shoot(page, 'members-setting-en');
    await page.setViewportSize({ width: 375, height: 740 });
    await shoot(page, 'members-setting-en-375');
    await page.getByTestId('language-fr').click();
    await setting.getByText('Ils se connectent avec : Acme staff.').waitFor();
    await shoot(page, 'members-setting-fr-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    await shoot(page, 'members-setting-fr');
    await page.getByTestId('language-en').click();

    // Pat's password now gets the reason, not "verify your login info".
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Username or e-mail', { exact: true }).fill(PAT.email);
    await page.getByLabel('Password', { exact: true }).fill(PAT.password);
    await page.getByTestId('login-submit').click();
    const error = page.getByTestId('sso-error');
    await error.waitFor();
    expect(await error.innerText()).toContain("requires signing in with your organisation's account");
    expect(page.url()).toContain('/login');
  });
});
