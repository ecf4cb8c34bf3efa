import { expect, it } from 'vitest';
import { lastLinkSentTo, signIn } from './support/pages.ts';
import { ADMIN } from './support/server.ts';
import { useBrowserSession } from './support/session.ts';

const session = useBrowserSession();

async function chooseNewPassword(link: string, password: string) {
  await session.page.goto(link);
  await session.page.getByLabel('New password', { exact: true }).fill(password);
  await session.page.getByLabel('Confirm the new password', { exact: true }).fill(password);
  await session.page.getByRole('button', { name: 'Change my password' }).click();
  await session.page.waitForURL(/\/resetPasswordSuccess/);
  await session.page.getByTestId('go-to-login').click();
  await session.page.waitForURL(/\/login\?/);
  await session.page.getByText('Your password was changed successfully.').waitFor();
}

it('invites a member, who chooses a password from the e-mail and signs in', async () => {
  await signIn(session.page, session.server.url, ADMIN.email, ADMIN.password, '/login?next=/team/1/members');
  await session.page.waitForURL(/\/team\/1\/members$/);
  await session.page.getByRole('button', { name: 'Add a member' }).click();
  const dialog = session.page.getByRole('dialog');
  await dialog.getByLabel('E-mail', { exact: true }).fill('grace@example.org');
  await dialog.getByLabel('Name', { exact: true }).fill('Grace');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await session.page.getByTestId('members-table').getByText('grace@example.org').waitFor();

  const link = await lastLinkSentTo(session.server.url, ADMIN, 'grace@example.org');
  await session.context.clearCookies();
  await session.page.evaluate(() => localStorage.clear());
  await chooseNewPassword(link, 'grace-new-password');
  // The e-mail is prefilled on the login session.page.
  expect(await session.page.getByLabel('Username or e-mail', { exact: true }).inputValue()).toBe(
    'grace@example.org',
  );
  await session.page.getByLabel('Password', { exact: true }).fill('grace-new-password');
  await session.page.getByTestId('login-submit').click();
  await session.page.waitForURL(/\/team\/1/);
  await session.page.getByText('Demo workspace').first().waitFor();
});

it('resets a forgotten password through the link in the outbox', async () => {
  await session.page.goto(`${session.server.url}/setPassword`);
  await session.page.getByLabel('E-mail', { exact: true }).fill(ADMIN.email);
  await session.page.getByRole('button', { name: 'Send me a link' }).click();
  await session.page.getByText('If the account exists, you will receive an e-mail...').waitFor();

  const link = await lastLinkSentTo(session.server.url, ADMIN, ADMIN.email);
  const newPassword = 'a-brand-new-password';
  await chooseNewPassword(link, newPassword);
  await session.page.getByLabel('Password', { exact: true }).fill(newPassword);
  await session.page.getByTestId('login-submit').click();
  await session.page.waitForURL(/\/team\/\d+$/);

  // The old password no longer opens the account; the link was single use.
  const old = await fetch(`${session.server.url}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
  });
  expect(old.status).toBe(401);
  ADMIN.password = newPassword;
});
