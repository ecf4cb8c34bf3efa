import { expect, it } from 'vitest';
import { lastLinkSentTo } from './support/outbox.ts';
import { signIn } from './support/pages.ts';
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

/** As ADMIN, invites `email` from the members page; the table shows the invitation as pending. */
async function inviteMember(email: string, pseudo: string) {
  await signIn(session.page, session.server.url, ADMIN.email, ADMIN.password, '/login?next=/team/1/members');
  await session.page.waitForURL(/\/team\/1\/members$/);
  await session.page.getByRole('button', { name: 'Add a member' }).click();
  const dialog = session.page.getByRole('dialog');
  await dialog.getByLabel('E-mail', { exact: true }).fill(email);
  await dialog.getByLabel('Name', { exact: true }).fill(pseudo);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await session.page
    .getByText('An invitation was sent by e-mail. The member will be active once they accept it.')
    .waitFor();
  const row = session.page.getByTestId('members-table').getByRole('row').filter({ hasText: email });
  await row.getByText('Invitation pending').waitFor();
}

/** Signs ADMIN out, chooses the invited person's password from the mailed link and signs them in. */
async function signInFromInvitation(email: string, password: string) {
  const link = await lastLinkSentTo(session.server.url, email);
  expect(new URL(link).searchParams.get('next')).toBe('/invitations');
  await session.context.clearCookies();
  await session.page.evaluate(() => localStorage.clear());
  await chooseNewPassword(link, password);
  // The e-mail is prefilled on the login session.page.
  expect(await session.page.getByLabel('Username or e-mail', { exact: true }).inputValue()).toBe(email);
  await session.page.getByLabel('Password', { exact: true }).fill(password);
  await session.page.getByTestId('login-submit').click();
  await session.page.waitForURL(/\/invitations$/);
}

it('invites a member, who chooses a password from the e-mail, signs in and accepts', async () => {
  await inviteMember('grace@example.org', 'Grace');
  await signInFromInvitation('grace@example.org', 'grace-new-password');

  // Not a member before accepting: the team does not open.
  await session.page.goto(`${session.server.url}/team/1`);
  await session.page.waitForURL(/\/not-found$/);
  await session.page.getByTestId('invitations-link').click();
  await session.page.waitForURL(/\/invitations$/);
  const invitation = session.page
    .getByTestId('invitations')
    .locator('.ant-card')
    .filter({ hasText: 'Demo workspace' });
  await invitation.getByRole('button', { name: 'Refuse' }).waitFor();
  await invitation.getByRole('button', { name: 'Accept' }).click();
  await session.page.waitForURL(/\/team\/1$/);
  await session.page.getByText('You are now an admin of Demo workspace.').waitFor();
  await session.page.getByText('Demo workspace').first().waitFor();
  await session.page.goto(`${session.server.url}/team/1/members`);
  const row = session.page
    .getByTestId('members-table')
    .getByRole('row')
    .filter({ hasText: 'grace@example.org' });
  await row.getByText('Admin').waitFor();
  expect(await row.getByText('Invitation pending').count()).toBe(0);
});

it('shows the invitation in French, and a refusal keeps the team closed', async () => {
  await inviteMember('henri@example.org', 'Henri');
  await signInFromInvitation('henri@example.org', 'henri-new-password');
  await session.page.getByTestId('language-fr').click();
  await session.page.getByRole('heading', { name: 'Invitations' }).waitFor();
  const invitation = session.page
    .getByTestId('invitations')
    .locator('.ant-card')
    .filter({ hasText: 'Demo workspace' });
  await invitation.getByRole('button', { name: 'Accepter' }).waitFor();
  await invitation.getByRole('button', { name: 'Refuser' }).click();
  await session.page.getByText('Refuser l’invitation à Demo workspace ?').waitFor();
  await session.page.locator('.ant-popconfirm').getByRole('button', { name: 'Refuser' }).click();
  await session.page.getByText('Vous avez refusé l’invitation à Demo workspace.').waitFor();
  await session.page.getByText('Aucune invitation ne vous attend.').waitFor();

  await session.page.goto(`${session.server.url}/team/1/members`);
  await session.page.waitForURL(/\/not-found$/);
});

it('resets a forgotten password through the link in the outbox', async () => {
  await session.page.goto(`${session.server.url}/setPassword`);
  await session.page.getByLabel('E-mail', { exact: true }).fill(ADMIN.email);
  await session.page.getByRole('button', { name: 'Send me a link' }).click();
  await session.page.getByText('If the account exists, you will receive an e-mail...').waitFor();

  const link = await lastLinkSentTo(session.server.url, ADMIN.email);
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
});
