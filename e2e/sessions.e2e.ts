import { describe, expect, it } from 'vitest';
import { signIn } from './support/pages.ts';
import { ADMIN } from './support/server.ts';
import { useBrowserSession } from './support/session.ts';

const session = useBrowserSession();

const storedToken = (kind: 'access' | 'refresh') =>
  session.page.evaluate((key) => localStorage.getItem(key), `shortlist.${kind}`);

describe('sessions', () => {
  it('end on the server when the user logs out: neither token works any more', async () => {
    const { page, server } = session;
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/\d+$/);
    const access = await storedToken('access');
    const refresh = await storedToken('refresh');
    expect(access && refresh).toBeTruthy();
    await page.getByTestId('logout').click();
    await page.waitForURL(/\/login/);
    expect(await storedToken('refresh')).toBeNull();
    const refreshed = () =>
      fetch(`${server.url}/api/token/refresh/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh }),
      }).then((reply) => reply.status);
    await expect.poll(refreshed, { timeout: 10_000 }).toBe(401);
    const me = await fetch(`${server.url}/api/v1/users/me/`, {
      headers: { authorization: `Bearer ${access}` },
    });
    expect(me.status).toBe(401);
  });

  it('lets an admin withdraw an invitation, and keeps the last admin', async () => {
    const { page, server } = session;
    await signIn(page, server.url, ADMIN.email, ADMIN.password, '/login?next=/team/1/members');
    await page.waitForURL(/\/team\/1\/members$/);
    await page.getByRole('button', { name: 'Add a member' }).click();
    await page.getByRole('dialog').getByLabel('E-mail', { exact: true }).fill('withdrawn@example.org');
    await page.getByRole('dialog').getByRole('button', { name: 'Add', exact: true }).click();
    const table = page.getByTestId('members-table');
    const invited = table.getByRole('row').filter({ hasText: 'withdrawn@example.org' });
    await invited.waitFor();
    await invited.getByRole('button', { name: 'Remove withdrawn@example.org' }).click();
    await page.getByText('Withdraw the invitation of withdrawn@example.org?').waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await invited.waitFor({ state: 'detached' });

    const self = table.getByRole('row').filter({ hasText: ADMIN.email });
    await self.getByTestId('member-remove').click();
    await page.getByText('Leave this workspace? You lose access to it at once.').waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await page
      .getByText('A workspace keeps at least one admin: add another one before removing this one.')
      .waitFor();
    await self.waitFor();
  });
});
