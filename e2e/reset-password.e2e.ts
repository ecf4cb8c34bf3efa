import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { lastLinkSentTo, signIn } from './support/pages.ts';
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

async function chooseNewPassword(link: string, password: string) {
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm the new password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Change my password' }).click();
  await page.waitForURL(/\/resetPasswordSuccess/);
  await page.getByTestId('go-to-login').click();
  await page.waitForURL(/\/login\?/);
  await page.getByText('Your password was changed successfully.').waitFor();
}

it('invites a member, who chooses a password from the e-mail and signs in', async () => {
  await signIn(page, server.url, ADMIN.email, ADMIN.password, '/login?next=/team/1/members');
  await page.waitForURL(/\/team\/1\/members$/);
  await page.getByRole('button', { name: 'Add a member' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('E-mail', { exact: true }).fill('grace@example.org');
  await dialog.getByLabel('Name', { exact: true }).fill('Grace');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByTestId('members-table').getByText('grace@example.org').waitFor();

  const link = await lastLinkSentTo(server.url, ADMIN, 'grace@example.org');
  await context.clearCookies();
  await page.evaluate(() => localStorage.clear());
  await chooseNewPassword(link, 'grace-new-password');
  // The e-mail is prefilled on the login page.
  expect(await page.getByLabel('Username or e-mail', { exact: true }).inputValue()).toBe('grace@example.org');
  await page.getByLabel('Password', { exact: true }).fill('grace-new-password');
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/team\/1/);
  await page.getByText('Demo workspace').first().waitFor();
});

it('resets a forgotten password through the link in the outbox', async () => {
  await page.goto(`${server.url}/setPassword`);
  await page.getByLabel('E-mail', { exact: true }).fill(ADMIN.email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await page.getByText('If the account exists, you will receive an e-mail...').waitFor();

  const link = await lastLinkSentTo(server.url, ADMIN, ADMIN.email);
  const newPassword = 'a-brand-new-password';
  await chooseNewPassword(link, newPassword);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/team\/\d+$/);

  // The old password no longer opens the account; the link was single use.
  const old = await fetch(`${server.url}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
  });
  expect(old.status).toBe(401);
  ADMIN.password = newPassword;
});
