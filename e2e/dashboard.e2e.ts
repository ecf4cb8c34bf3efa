import { describe, expect, it } from 'vitest';
import { adminApi, callAdminApi } from './support/admin-api.ts';
import { createJudgedSelection } from './support/judged-selection.ts';
import { chooseOption, closeWithEscape, signIn } from './support/pages.ts';
import { ADMIN } from './support/server.ts';
import { useBrowserSession } from './support/session.ts';

const session = useBrowserSession();

describe('dashboard and usage', () => {
  it('lists what the team changed lately, and the site usage per workspace for superusers', async () => {
    const { page, server } = session;
    const post = await adminApi(server.url);
    const itemType = await post<{ id: number }>('data-models/', { team: 1, title: 'Startups 2027' });

    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    const recent = page.getByTestId('dashboard-recent');
    await recent.getByRole('link', { name: 'Startups 2027' }).click();
    await page.waitForURL(new RegExp(`/team/1/item-types/${itemType.id}/manage$`));
    await page.goBack();
    expect(await page.getByTestId('dashboard-form-submissions').innerText()).toContain(
      'No form was submitted yet.',
    );

    // The create buttons open the list's create dialog; closing it drops the flag from the address.
    await page.getByRole('link', { name: 'Create a selection' }).click();
    const dialog = page.getByRole('dialog', { name: 'New selection' });
    await dialog.waitFor();
    await closeWithEscape(page, dialog);
    await page.waitForURL(/\/team\/1\/issues$/);

    await page.getByRole('link', { name: 'Usage' }).click();
    await page.waitForURL(/\/admin\/usage$/);
    const demoRow = page.getByTestId('usage-table').getByRole('row').filter({ hasText: 'Demo workspace' });
    await demoRow.waitFor();
    // Workspace, forms, form submissions, selections, merges, judge submissions: nothing yet.
    expect((await demoRow.innerText()).split(/\s+/).slice(-5)).toEqual(['0', '0', '0', '0', '0']);

    await page.getByLabel('From').fill('2020-01-01');
    await page.waitForURL(/from=2020-01-01/);

    // On a phone the table scrolls inside its box instead of widening the page.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  });

  it("draws the usage chart's names and totals at their size on a phone", async () => {
    const { page, server } = session;
    const post = await adminApi(server.url);
    const itemType = await post<{ id: number }>('data-models/', { team: 1, title: 'Usage check' });
    const [item] = await post<{ id: number }[]>('datasets/', [{ data_model: itemType.id, title: 'Acme' }]);
    const answers = [{ dataset: item?.id ?? 0, value: 4 }];
    await createJudgedSelection(
      server.url,
      { resourcetype: 'RatingIssue', title: 'Usage night', data_model: itemType.id },
      [item?.id ?? 0],
      () => [{ answers }, { answers }],
    );
    await page.setViewportSize({ width: 375, height: 800 });
    await signIn(page, server.url, ADMIN.email, ADMIN.password, '/admin/usage');
    const row = page.getByTestId('usage-chart-row').filter({ hasText: 'Demo workspace' });
    await row.waitFor();
    expect(await row.locator('.sl-usage-total').innerText()).toBe('2');
    // Written at 12 px whatever the screen: an SVG scaled to a phone's width drew them at about 7.
    for (const text of [row.locator('.sl-usage-label'), row.locator('.sl-usage-total')]) {
      const height = await text.evaluate((element) => element.getBoundingClientRect().height);
      expect(height).toBeGreaterThanOrEqual(14);
    }
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
  });

  it('creates a workspace from its dialog, which asks before discarding a typed title; a page past the end shows the last', async () => {
    const { page, server } = session;
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    // A page past the end, as an old link may ask, shows the last one: here the first.
    await page.goto(`${server.url}/admin/teams?page=9`);
    await page.waitForURL(/\/admin\/teams$/);
    await page.getByRole('row').filter({ hasText: 'Demo workspace' }).waitFor();
    // The move replaced the empty page in the history: Back goes where the person came from.
    await page.goBack();
    await page.waitForURL(/\/team\/1$/);
    await page.goForward();
    await page.waitForURL(/\/admin\/teams$/);
    await page.getByRole('button', { name: 'Create a workspace' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a workspace' });
    await dialog.getByLabel('Title').fill('Spring programme');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Keep editing' }).click();
    expect(await dialog.getByLabel('Title').inputValue()).toBe('Spring programme');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByText('The workspace was created').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('row').filter({ hasText: 'Spring programme' }).waitFor();

    // Opened again, it starts empty.
    await page.getByRole('button', { name: 'Create a workspace' }).click();
    expect(await dialog.getByLabel('Title').inputValue()).toBe('');
  });

  it('switches workspace to the same list, by the keyboard on a wide screen and in the phone’s menu', async () => {
    const { page, server } = session;
    const post = await adminApi(server.url);
    const team = await callAdminApi<{ id: number }>(server.url, 'POST', 'teams/', { title: 'Atelier Sud' });
    const ours = await post<{ id: number }>('data-models/', { team: 1, title: 'Ours' });
    const theirs = await post<{ id: number }>('data-models/', { team: team.id, title: 'Theirs' });
    await post('datasets/', [{ data_model: ours.id, title: 'Demo’s own item' }]);
    await post('datasets/', [{ data_model: theirs.id, title: 'Item of the south' }]);

    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/\d+$/);
    await page.goto(`${server.url}/team/1/items`);
    const table = page.getByTestId('items-table');
    await table.getByText('Demo’s own item').waitFor();
    const switcher = page.getByRole('combobox', { name: 'Switch workspace' });
    await switcher.focus();
    await page.keyboard.type('Sud');
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/team/${team.id}/items$`));
    await table.getByText('Item of the south').waitFor();
    expect(await table.getByText('Demo’s own item').count()).toBe(0);

    // Below 1200 px, in French: the menu's switcher, which closes the menu once it has switched.
    await page.evaluate(() => localStorage.setItem('shortlist.language', 'fr'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await table.getByText('Item of the south').waitFor();
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    const drawer = page.getByRole('dialog', { name: ADMIN.email });
    await chooseOption(page, drawer.locator('.sl-team-switcher'), 'Demo workspace');
    await page.waitForURL(/\/team\/1\/items$/);
    await table.getByText('Demo’s own item').waitFor();
    await drawer.waitFor({ state: 'hidden' });
    await page.evaluate(() => localStorage.setItem('shortlist.language', 'en'));
  });
});
