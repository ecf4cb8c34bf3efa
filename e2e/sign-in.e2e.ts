import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { signIn } from './support/pages.ts';
import { ADMIN, startServer } from './support/server.ts';

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
beforeEach(async () => {
  context = await browser.newContext();
  page = await context.newPage();
});
afterEach(() => context.close());

const storedToken = (kind: 'access' | 'refresh') =>
  page.evaluate((key) => localStorage.getItem(key), `shortlist.${kind}`);

describe('sign-in', () => {
  it('signs the superuser in to the demo workspace', async () => {
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/\d+$/);
    await expect.poll(() => page.getByText('Demo workspace').first().isVisible()).toBe(true);
    expect(await storedToken('access')).toBeTruthy();
  });

  it('says "Please verify your login info." for a wrong password, and clears it on input', async () => {
    await signIn(page, server.url, ADMIN.email, 'not-the-password');
    const error = page.getByTestId('login-error');
    await error.waitFor();
    expect(await error.innerText()).toContain('Please verify your login info.');
    await page.getByLabel('Password', { exact: true }).fill('something else');
    await error.waitFor({ state: 'detached' });
    expect(page.url()).toContain('/login');
  });

  it('sends an anonymous visitor to login with next, and back there after signing in', async () => {
    await page.goto(`${server.url}/team/1/members`);
    await page.waitForURL(/\/login\?next=/);
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('next') ?? '')).toBe('/team/1/members');
    await page.getByLabel('Username or e-mail', { exact: true }).fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByLabel('Password', { exact: true }).press('Enter'); // Enter submits
    await page.waitForURL(/\/team\/1\/members$/);
    await page.getByTestId('members-table').getByText(ADMIN.email).waitFor();
  });

  it('keeps the chosen language across a reload, and on the account', async () => {
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/\d+$/);
    await page.getByTestId('language-fr').click();
    await page.getByTestId('logout').getByText('Se déconnecter').waitFor();
    await page.reload();
    await page.getByTestId('logout').getByText('Se déconnecter').waitFor();
    const language = await page.evaluate(async () => {
      const reply = await fetch('/api/v1/users/me/', {
        headers: { authorization: `Bearer ${localStorage.getItem('shortlist.access')}` },
      });
      return ((await reply.json()) as { language: string }).language;
    });
    expect(language).toBe('fr');
    await page.getByTestId('language-en').click();
    await page.getByTestId('logout').getByText('Log out').waitFor();
  });

  it('refreshes an expired access token once and carries on', async () => {
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/\d+$/);
    const refreshBefore = await storedToken('refresh');
    await page.evaluate(() => localStorage.setItem('shortlist.access', 'expired.or.forged'));
    await page.goto(`${server.url}/team/1/members`);
    await page.getByTestId('members-table').getByText(ADMIN.email).waitFor();
    expect(await storedToken('access')).not.toBe('expired.or.forged');
    expect(await storedToken('refresh')).not.toBe(refreshBefore); // rotated
  });

  it('signs out to login with next when the refresh token is refused too', async () => {
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/\d+$/);
    await page.evaluate(() => {
      localStorage.setItem('shortlist.access', 'expired.or.forged');
      localStorage.setItem('shortlist.refresh', 'spent.or.forged');
    });
    await page.goto(`${server.url}/team/1/members`);
    await page.waitForURL(/\/login\?next=/);
    expect(await storedToken('access')).toBeNull();
  });
});
