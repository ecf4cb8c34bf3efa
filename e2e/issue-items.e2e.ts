import { describe, expect, it } from 'vitest';
import { adminApi, callAdminApi } from './support/admin-api.ts';
import { signIn } from './support/pages.ts';
import { ADMIN } from './support/server.ts';
import { useBrowserSession } from './support/session.ts';

const session = useBrowserSession();

describe("a selection's Items tab", () => {
  it('adds existing items: searched, two selected, those already in it marked', async () => {
    const { page, server } = session;
    const post = await adminApi(server.url);
    const itemType = await post<{ id: number }>('data-models/', { team: 1, title: 'Pitched startups' });
    const items = await post<{ id: number; title: string }[]>(
      'datasets/',
      ['Orbit Labs', 'Orbit Foods', 'Orbit Energy', 'Nimbus'].map((title) => ({
        data_model: itemType.id,
        title,
        tags: title === 'Nimbus' ? '' : 'space',
      })),
    );
    const issue = await post<{ id: number }>('issues/', {
      resourcetype: 'RatingIssue',
      team: 1,
      title: 'Orbit jury',
    });
    const energy = items.find((item) => item.title === 'Orbit Energy');
    await post(`issues/${issue.id}/datasets/`, { datasets: [energy?.id] });

    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    const asked: string[] = [];
    const listen = (request: import('playwright-core').Request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/v1/datasets/') asked.push(url.search);
    };
    page.on('request', listen);
    await page.goto(`${server.url}/team/1/issue/${issue.id}/manage?tab=items`);
    const tab = page.getByTestId('items-table');
    await tab.getByText('Orbit Energy').waitFor();
    await page.getByRole('button', { name: 'New item' }).waitFor();
    page.off('request', listen);
    // The tab's first page leaves from index.html's first script (early-requests.ts), once.
    expect(asked).toEqual([`?team=1&offset=0&limit=20&issue=${issue.id}&ordering=title`]);

    await page.getByTestId('add-existing-items').click();
    const dialog = page.getByRole('dialog', { name: 'Add existing items to the selection' });
    const search = dialog.getByLabel('Search by title');
    await expect.poll(() => search.evaluate((input) => input === document.activeElement)).toBe(true);
    await search.fill('orbit');
    await search.press('Enter');
    const table = dialog.getByTestId('add-existing-table');
    await table.getByText('Orbit Labs').waitFor();
    await table.getByText('Nimbus').waitFor({ state: 'detached' });
    expect(await table.getByTestId('already-in-issue').count()).toBe(1);
    expect(await dialog.getByLabel('Orbit Energy').isDisabled()).toBe(true);

    await dialog.getByLabel('Orbit Labs').check();
    await dialog.getByLabel('Orbit Foods').check();
    await dialog.getByTestId('add-existing-count').filter({ hasText: '2 items selected' }).waitFor();
    await dialog.getByRole('button', { name: 'Add 2 items' }).click();
    await page.getByText('2 items added to the selection').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await tab.getByText('Orbit Labs').waitFor();
    await tab.getByText('Orbit Foods').waitFor();
    await page.getByTestId('items-count').filter({ hasText: '3 items' }).waitFor();
  });

  it('selects all the items the filters match, past the first page, and adds those not yet in it', async () => {
    const { page, server } = session;
    const post = await adminApi(server.url);
    const itemType = await post<{ id: number }>('data-models/', { team: 1, title: 'Bakeries' });
    const titles = Array.from({ length: 25 }, (_, i) => `Bakery ${String(i + 1).padStart(2, '0')}`);
    const items = await post<{ id: number; title: string }[]>('datasets/', [
      ...titles.map((title) => ({ data_model: itemType.id, title })),
      ...['Cheese shop', 'Wine cellar'].map((title) => ({ data_model: itemType.id, title })),
    ]);
    const issue = await post<{ id: number }>('issues/', {
      resourcetype: 'RatingIssue',
      team: 1,
      title: 'Best bakery',
    });
    await post(`issues/${issue.id}/datasets/`, { datasets: items.slice(0, 3).map((item) => item.id) });

    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    await page.goto(`${server.url}/team/1/issue/${issue.id}/manage?tab=items`);
    await page.getByTestId('items-table').getByText('Bakery 01').waitFor();
    await page.getByTestId('add-existing-items').click();
    const dialog = page.getByRole('dialog', { name: 'Add existing items to the selection' });
    await dialog.getByTestId('add-existing-table').getByText('Bakery 01').waitFor();
    await dialog.getByLabel('Search by title').fill('bakery');
    await dialog.getByLabel('Search by title').press('Enter');

    await dialog.getByRole('button', { name: 'Select all 25 matching items' }).click();
    await page.getByText('3 of them are already in the selection.').waitFor();
    await dialog.getByTestId('add-existing-count').filter({ hasText: '22 items selected' }).waitFor();
    await dialog.getByRole('button', { name: 'Add 22 items' }).click();
    await page.getByText('22 items added to the selection').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('items-count').filter({ hasText: '25 items' }).waitFor();

    const inIssue = await callAdminApi<{ ids: number[] }>(
      server.url,
      'GET',
      `datasets/ids/?team=1&issue=${issue.id}`,
    );
    const bread = items.filter((item) => item.title.startsWith('Bakery')).map((item) => item.id);
    expect([...inIssue.ids].sort((a, b) => a - b)).toEqual([...bread].sort((a, b) => a - b));
  });
});
