import { SSO_CODE_PARAM } from '@shortlist/contract';
import { expect } from 'vitest';
import { createBrowserClient } from './browser-client.ts';
import type { TestApp } from './harness.ts';

/** The harness's PUBLIC_URL: the callbacks registered at the test providers. */
export const TEST_PUBLIC_URL = 'http://shortlist.test';
export const callbackOf = (provider: string) => `${TEST_PUBLIC_URL}/api/auth/oidc/${provider}/callback`;

/** The one-time code in the fragment of the sign-in page the callback sent the browser to. */
export const codeOf = (landing: URL) => new URLSearchParams(landing.hash.slice(1)).get(SSO_CODE_PARAM) ?? '';

/**
 * Browsers that sign in through the app's providers, each from its own address (the per-IP limits
 * never get in the way).
 */
export function ssoBrowsers(t: () => TestApp, subnet = '10.29.3') {
  let count = 0;
  const browser = () =>
    createBrowserClient({
      origin: TEST_PUBLIC_URL,
      remoteAddress: `${subnet}.${++count}`,
      inject: (options) => t().app.inject(options),
    });

  /**
   * Clicks the provider's button and signs in as `login` at the provider's own login page;
   * `stopBefore` holds the browser before a step (the callback). Returns where it was sent.
   */
  async function signInAtProvider(
    login: string,
    options: { provider?: string; next?: string; stopBefore?: (url: URL) => boolean } = {},
  ) {
    const { provider = 'acme', next = '/team/1/members' } = options;
    const client = browser();
    const start = `/api/auth/oidc/${provider}/start?${new URLSearchParams({ next })}`;
    const loginPage = await client.navigate(start);
    expect(loginPage.body).toContain('name="login"');
    const action = /<form[^>]*action="([^"]+)"/.exec(loginPage.body)?.[1] ?? '';
    const form = { prompt: 'login', login, password: 'any password' };
    const last = await client.navigate(new URL(action, loginPage.url), form, options.stopBefore);
    return { client, last, landing: new URL(last.location ?? '', last.url) };
  }

  /** A token pair of `login`'s SSO sign-in, exchanged as the web app does. */
  async function ssoPair(login: string, provider = 'acme') {
    const { landing } = await signInAtProvider(login, { provider });
    const reply = await t().request({
      method: 'POST',
      url: '/api/auth/oidc/exchange/',
      payload: { code: codeOf(landing) },
      remoteAddress: `${subnet}.${++count}`,
    });
    expect(reply.statusCode).toBe(200);
    return reply.json() as { access: string; refresh: string };
  }

  return { browser, signInAtProvider, ssoPair };
}
