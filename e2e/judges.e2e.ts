import { describe, expect, it } from 'vitest';
import { adminApi } from './support/admin-api.ts';
import { lastLinkSentTo, waitForMailTo } from './support/outbox.ts';
import { signIn, waitUntilOpen } from './support/pages.ts';
import { ADMIN } from './support/server.ts';
import { useBrowserSession } from './support/session.ts';

const session = useBrowserSession();

/** A rating selection of the demo workspace with three items, built through the API. */
async function createSelectionWithItems() {
  const post = await adminApi(session.server.url);
  const itemType = await post<{ id: number }>('data-models/', { team: 1, title: 'Judged startups' });
  const items = await post<{ id: number }[]>(
    'datasets/',
    ['Acme', 'Globex', 'Initech'].map((title) => ({ data_model: itemType.id, title })),
  );
  const issue = await post<{ id: number }>('issues/', {
    resourcetype: 'RatingIssue',
    team: 1,
    title: 'Demo day jury',
  });
  await post(`issues/${issue.id}/datasets/`, { datasets: items.map((item) => item.id) });
  return issue;
}

describe('judges of a selection', () => {
  it('adds judges, gives one a subset, invites one and removes one', async () => {
    const { page, server } = session;
    const issue = await createSelectionWithItems();
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    await page.goto(`${server.url}/team/1/issue/${issue.id}/manage?tab=access`);
    const tab = page.getByTestId('access-tab');
    await tab.getByText('No judges yet. Add them by e-mail.').waitFor();

    // Esc closes each dialog of the tab, though several are mounted on the page.
    for (const opener of ['judges-spread', 'judges-add']) {
      await tab.getByTestId(opener).click();
      await page.getByRole('dialog').waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
    }

    // Three judges at once; an invalid address is named and nothing is sent.
    await tab.getByTestId('judges-add').click();
    const dialog = page.getByRole('dialog', { name: 'Add judges' });
    const emails = dialog.getByTestId('add-judges-emails');
    await emails.fill('ann@example.org, not-an-address');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.getByText('Not valid e-mail addresses: not-an-address').waitFor();
    await emails.fill('ann@example.org, bob@example.org\ncid@example.org');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await page.getByText('3 judges added').waitFor();
    const table = page.getByTestId('judges-table');
    const row = (email: string) => table.getByTestId(`judge-row-${email}`);
    await row('cid@example.org').waitFor();
    expect(await table.getByTestId('judge-email').allInnerTexts()).toEqual([
      'ann@example.org',
      'bob@example.org',
      'cid@example.org',
    ]);
    expect(await row('ann@example.org').innerText()).toContain('3 items');

    // A subset: Bob answers Globex only.
    // The switch asks first: it takes from each judge the items not given to them.
    await tab.getByTestId('judges-access-mode').getByText('A subset per judge').click();
    await page.getByRole('button', { name: 'Switch to a subset per judge' }).click();
    await row('bob@example.org').getByTestId('judge-items').filter({ hasText: '0 items' }).waitFor();
    await row('bob@example.org').getByTestId('judge-items').click();
    const drawer = page.getByTestId('item-access-drawer');
    const globex = drawer.getByLabel('Access to Globex');
    await globex.click(); // ticked once the server has given the item
    await drawer.getByTestId('item-access-count').filter({ hasText: '1 of 3 items' }).waitFor();
    await expect.poll(() => globex.isChecked()).toBe(true);
    expect(await drawer.getByLabel('Access to Acme').isChecked()).toBe(false);
    await drawer.getByRole('button', { name: 'Close' }).click();
    await row('bob@example.org').getByTestId('judge-items').filter({ hasText: '1 item' }).waitFor();

    // Ann has no item yet: inviting her is refused; Bob's invitation, previewed with a personal
    // message, leaves two sends.
    await row('ann@example.org').getByTestId('judge-invite').click();
    const annDialog = page.getByRole('dialog', { name: 'Invite ann@example.org' });
    await annDialog.getByTestId('invitation-send').click();
    await page.getByText('Please add at least one item before sending invitations.').waitFor();
    await annDialog.getByRole('button', { name: 'Cancel' }).click();
    await annDialog.waitFor({ state: 'hidden' });
    const invite = row('bob@example.org').getByTestId('judge-invite');
    expect(await invite.innerText()).toContain('Invite (3 invitations left)');
    await invite.click();
    const bobDialog = page.getByRole('dialog', { name: 'Invite bob@example.org' });
    const preview = bobDialog.getByTestId('invitation-preview');
    await preview.getByText('Subject: Invitation: Demo day jury').waitFor();
    await bobDialog.getByLabel('Personal message (optional)').fill('Bob, <b>Globex</b> is yours.');
    await preview.getByText('> Bob, <b>Globex</b> is yours.').waitFor();
    await bobDialog.getByTestId('invitation-send').click();
    await page.getByText('Invitation sent').waitFor();
    await invite.filter({ hasText: 'Remind (2 reminders left)' }).waitFor();
    expect(await row('bob@example.org').getByTestId('judge-status').innerText()).toBe(
      'Invited but not responded',
    );
    expect(await row('bob@example.org').getByTestId('email-check').innerText()).toBe('Pending');
    // The badge says what it waits for.
    await row('bob@example.org').getByTestId('email-check').hover();
    await page.getByRole('tooltip').getByText('Pending: an e-mail with a link', { exact: false }).waitFor();
    await page.mouse.move(0, 0);
    const headers = await table.locator('thead th').allInnerTexts();
    expect(headers).toEqual(expect.arrayContaining(['E-mail check', 'Answering']));
    const mail = await waitForMailTo(server.url, 'bob@example.org');
    expect(mail.subject).toBe('Invitation: Demo day jury');
    expect(mail.text).toContain('> Bob, <b>Globex</b> is yours.');
    expect(mail.html).toContain('Bob, &#60;b&#62;Globex&#60;/b&#62; is yours.');
    const link = await lastLinkSentTo(server.url, 'bob@example.org');
    expect(link).toMatch(new RegExp(`/selection/${issue.id}/answer\\?token=[\\w-]{32}&v=[\\w-]{43}$`));

    // Bob opens the mailed link on his own browser: his address is verified.
    const bobsBrowser = await session.browser.newContext();
    const bob = await bobsBrowser.newPage();
    await bob.goto(link);
    await bob.getByText('Globex').first().waitFor();
    await bobsBrowser.close();
    await page.reload();
    await row('bob@example.org').getByTestId('email-check').filter({ hasText: 'Verified' }).waitFor();

    // The status filter keeps the invited judge only.
    await tab.getByTestId('judges-status-filter').click();
    await page.getByRole('option', { name: 'Invited but not responded' }).click();
    await table
      .getByTestId('judge-email')
      .filter({ hasText: 'ann@example.org' })
      .waitFor({ state: 'detached' });
    expect(await table.getByTestId('judge-email').allInnerTexts()).toEqual(['bob@example.org']);
    await tab.getByTestId('judges-status-filter').click();
    await page.getByRole('option', { name: 'All judges' }).click();

    // Removing asks for confirmation first; the button's tooltip, which would cover the confirmation's
    // buttons while the pointer rests on the button, stays away meanwhile.
    await row('cid@example.org').getByTestId('judge-remove').click();
    const confirm = page
      .locator('.ant-popconfirm')
      .filter({ hasText: 'Are you sure? This action cannot be undone.' });
    await confirm.waitFor();
    await row('cid@example.org').getByTestId('judge-remove').hover();
    await page.waitForTimeout(400);
    expect(await page.getByRole('tooltip', { name: 'Remove judge' }).isVisible()).toBe(false);
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Judge removed').waitFor();
    await row('cid@example.org').waitFor({ state: 'detached' });
    expect(await table.getByTestId('judge-email').allInnerTexts()).toEqual([
      'ann@example.org',
      'bob@example.org',
    ]);
  });

  it('invites all judges not yet invited and says why Remind is disabled', async () => {
    const { page, server } = session;
    const issue = await createSelectionWithItems();
    const post = await adminApi(server.url);
    const added = await post<{ results: { user: number; email: string }[] }>(
      `issues/${issue.id}/set_access/`,
      {
        emails: ['hal@example.org', 'ivy@example.org', 'jon@example.org'],
        access: true,
      },
    );
    const hal = added.results.find((result) => result.email === 'hal@example.org')?.user;
    for (let i = 0; i < 3; i++) await post(`issues/${issue.id}/send_invitation/`, { user: hal });
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    await page.goto(`${server.url}/team/1/issue/${issue.id}/manage?tab=access`);
    const table = page.getByTestId('judges-table');
    const row = (email: string) => table.getByTestId(`judge-row-${email}`);

    await page.getByTestId('judges-invite-all').click();
    const dialog = page.getByRole('dialog', { name: 'Invite all judges not yet invited' });
    await dialog.getByLabel('Personal message (optional)').fill('Welcome aboard');
    await dialog.getByTestId('invite-all-send').click();
    await page.getByTestId('invite-all-result').filter({ hasText: '2 invitations sent.' }).waitFor();
    await row('jon@example.org')
      .getByTestId('judge-invite')
      .filter({ hasText: 'Remind (2 reminders left)' })
      .waitFor();
    expect((await waitForMailTo(server.url, 'ivy@example.org')).text).toContain('> Welcome aboard');
    expect(await row('hal@example.org').getByTestId('judge-invite').isDisabled()).toBe(true);

    await row('hal@example.org').getByTestId('judge-invite-disabled').hover();
    await page.getByRole('tooltip', { name: 'No invitations or reminders are left' }).waitFor();
  });

  it("spreads the items over the judges and copies one judge's access to another", async () => {
    const { page, server } = session;
    const issue = await createSelectionWithItems();
    const post = await adminApi(server.url);
    await post(`issues/${issue.id}/set_access/`, {
      emails: ['dee@example.org', 'eve@example.org'],
      access: true,
    });
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    await page.goto(`${server.url}/team/1/issue/${issue.id}/manage?tab=access`);
    const tab = page.getByTestId('access-tab');
    const table = page.getByTestId('judges-table');
    const items = (email: string) => table.getByTestId(`judge-row-${email}`).getByTestId('judge-items');

    await tab.getByTestId('judges-spread').click();
    const dialog = page.getByRole('dialog', { name: 'Number of judges per item' });
    await dialog.getByText('Spreads the items evenly over the 2 judges').waitFor();
    await dialog.getByTestId('spread-judges-per-item').fill('1');
    await dialog.getByTestId('spread-judges-per-item').press('Enter');
    await page.getByText('Each judge now has 1 to 2 items').waitFor();
    // The selection switched to subsets: each judge's items are a button now.
    await items('dee@example.org').filter({ hasText: '2 items' }).waitFor();
    await items('eve@example.org').filter({ hasText: '1 item' }).waitFor();

    await table.getByTestId('judge-row-eve@example.org').getByTestId('judge-copy-access').click();
    const copy = page.getByRole('dialog', { name: 'Copy access to eve@example.org' });
    await waitUntilOpen(copy);
    await copy.getByTestId('copy-access-from').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'dee@example.org (2 items)' }).click();
    await copy.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Access copied').waitFor();
    await items('eve@example.org').filter({ hasText: '2 items' }).waitFor();
  });

  it('assigns with a maximum per judge, says which items are short, then tops them up', async () => {
    const { page, server } = session;
    const issue = await createSelectionWithItems();
    const post = await adminApi(server.url);
    await post(`issues/${issue.id}/set_access/`, {
      emails: ['fay@example.org', 'gil@example.org'],
      access: true,
    });
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    await page.goto(`${server.url}/team/1/issue/${issue.id}/manage?tab=access`);
    const table = page.getByTestId('judges-table');
    const items = (email: string) => table.getByTestId(`judge-row-${email}`).getByTestId('judge-items');

    await page.getByTestId('access-tab').getByTestId('judges-spread').click();
    const dialog = page.getByRole('dialog', { name: 'Number of judges per item' });
    await dialog.getByTestId('assign-max-per-judge').fill('1');
    await dialog.getByRole('button', { name: 'Spread the items' }).click();
    await page.getByText('1 item has only 0 judges: add judges or raise the maximum per judge.').waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await items('fay@example.org').filter({ hasText: '1 item' }).waitFor();

    await page.getByTestId('access-tab').getByTestId('judges-spread').click();
    await dialog.getByTestId('assign-top-up').click();
    await dialog.getByRole('button', { name: 'Spread the items' }).click();
    await page.getByText('Each judge now has 1 to 2 items').waitFor();
    await items('fay@example.org').filter({ hasText: '2 items' }).waitFor();
    await items('gil@example.org').filter({ hasText: '1 item' }).waitFor();
  });
});
