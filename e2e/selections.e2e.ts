import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminApi, callAdminApi } from './support/admin-api.ts';
import { signIn, tickRow } from './support/pages.ts';
import { ADMIN } from './support/server.ts';
import { useBrowserSession } from './support/session.ts';

const session = useBrowserSession();

const dialogOf = (page: Page) => page.getByRole('dialog');

/** Opens the create dialog from the list's left panel, picks the type and names the selection. */
async function startSelection(page: Page, type: string, title: string) {
  await page.getByTestId('create-issue').click();
  const dialog = dialogOf(page);
  await dialog.getByText(type, { exact: true }).click();
  await dialog.getByLabel('Title').fill(title);
  return dialog;
}

/** Saves the dialog, which opens the new selection, then goes back to the list. */
async function createAndReturn(page: Page, title: string) {
  await dialogOf(page).getByRole('button', { name: 'Create' }).click();
  await page.getByTestId('issue-title-heading').getByText(title).waitFor();
  await page.getByRole('link', { name: 'All selections' }).click();
  await page.waitForURL(/\/team\/1\/issues$/);
}

describe('selections', () => {
  it('creates one selection of each type, fills one and filters the list', async () => {
    const { page, server } = session;
    const post = await adminApi(server.url);
    const itemType = await post<{ id: number }>('data-models/', { team: 1, title: 'Startups' });
    for (const title of ['Acme', 'Bolt', 'Cargo'])
      await post('datasets/', { data_model: itemType.id, title });
    await post('teams/1/tags/', { name: 'Spring' });

    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    await page.getByRole('link', { name: 'Selections', exact: true }).click();
    await page.waitForURL(/\/team\/1\/issues$/);
    await page.getByText('No selections yet.', { exact: false }).waitFor();

    // Rating: the minimum must stay below the maximum.
    let dialog = await startSelection(page, 'Rating', 'Best startup');
    await dialog.getByLabel('Minimum rating').fill('6');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('The minimum rating cannot be larger than the maximum rating').waitFor();
    await dialog.getByLabel('Minimum rating').fill('1');
    await dialog
      .getByText('The minimum rating cannot be larger than the maximum rating')
      .waitFor({ state: 'hidden' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/team\/1\/issue\/\d+\/manage$/);
    await page.getByTestId('issue-title-heading').getByText('Best startup').waitFor();

    // Esc closes the criterion dialog, though the edit dialog is mounted too.
    await page.getByTestId('add-criterion').click();
    await dialogOf(page).waitFor();
    await page.keyboard.press('Escape');
    await dialogOf(page).waitFor({ state: 'hidden' });

    // Two criteria: their weights show as shares of the total.
    for (const [name, weight] of [
      ['Team', '1'],
      ['Market', '0.5'],
    ] as const) {
      await page.getByTestId('add-criterion').click();
      await dialogOf(page).getByLabel('Title').fill(name);
      await dialogOf(page).getByLabel('Weight').fill(weight);
      await dialogOf(page).getByRole('button', { name: 'Save' }).click();
      await page.getByTestId('criteria-table').getByText(name).waitFor();
    }
    await page.getByTestId('criteria-table').getByText('33.3%').waitFor();
    expect(await page.getByTestId('criterion-share').allInnerTexts()).toEqual(['66.7%', '33.3%']);
    await page.getByRole('link', { name: 'All selections' }).click();

    // Pick: the minimum follows the maximum down.
    dialog = await startSelection(page, 'Pick', 'Favourites');
    expect(await dialog.getByLabel('Maximum items to pick').inputValue()).toBe('10');
    await dialog.getByLabel('Minimum items to pick').fill('8');
    await dialog.getByLabel('Maximum items to pick').fill('5');
    await expect.poll(() => dialog.getByLabel('Minimum items to pick').inputValue()).toBe('5');
    await createAndReturn(page, 'Favourites');

    // Tokens: the per-item cap follows the budget down.
    dialog = await startSelection(page, 'Tokens', 'Budget vote');
    expect(await dialog.getByLabel('Tokens per judge').inputValue()).toBe('20');
    await dialog.getByLabel('Tokens per judge').fill('3');
    await expect.poll(() => dialog.getByLabel('Maximum tokens per item').inputValue()).toBe('3');
    await createAndReturn(page, 'Budget vote');

    // Comments only: no numbers.
    dialog = await startSelection(page, 'Comments', 'Feedback');
    expect(await dialog.getByLabel('Tokens per judge').count()).toBe(0);
    await createAndReturn(page, 'Feedback');
    const entries = page.getByTestId('issues-list').getByTestId('issue-link');
    await expect
      .poll(() => entries.allInnerTexts())
      .toEqual(['Feedback', 'Budget vote', 'Favourites', 'Best startup']);

    // Add two items to the rating selection from the items page.
    await page.getByRole('link', { name: 'Items', exact: true }).click();
    await page.getByTestId('items-count').getByText('3 items').waitFor();
    const rows = page.getByTestId('items-table').locator('tbody tr');
    for (const title of ['Acme', 'Bolt'])
      await tickRow(rows.filter({ hasText: title }).getByRole('checkbox'));
    await page.getByTestId('add-items-to-issue').click();
    await dialogOf(page).getByTestId('add-to-issue-select').click();
    await page.getByTitle('Best startup').click();
    await dialogOf(page).getByRole('button', { name: 'Add' }).click();
    await page.getByText('Items added to the selection').waitFor();
    await page.getByTestId('items-issue-filter').click();
    await page.getByTitle('Best startup').click();
    await page.getByTestId('items-count').getByText('2 items').waitFor();
    // An item's dialog names the selections it is in.
    await rows.filter({ hasText: 'Acme' }).getByTestId('item-title').click();
    await dialogOf(page).getByTestId('item-issues').getByText('Best startup').waitFor();
    await page.keyboard.press('Escape');
    await dialogOf(page).waitFor({ state: 'hidden' });

    // Tag the rating selection and filter the list by that tag.
    await page.getByRole('link', { name: 'Selections', exact: true }).click();
    const rating = page
      .getByTestId('issues-list')
      .locator('[data-testid^="issue-entry-"]')
      .filter({ hasText: 'Best startup' });
    await rating.getByTestId('object-tags-add').click();
    await rating.getByTestId('object-tags-select').click();
    await page.getByTitle('Spring').click();
    await rating.getByText('Spring').waitFor();
    await page.getByTestId('tag-filter-panel').getByText('Spring').click();
    await page.waitForURL(/tags=\d+/);
    await expect.poll(() => entries.allInnerTexts()).toEqual(['Best startup']);
    await page.getByTestId('tag-filter-panel').getByText('Spring').click();
    await expect.poll(() => entries.allInnerTexts()).toHaveLength(4);

    // Duplicate one; the toast's link opens the copy.
    const feedback = page.getByTestId('issues-list').locator('[data-testid^="issue-entry-"]').filter({
      hasText: 'Feedback',
    });
    await feedback.locator('[data-testid^="duplicate-issue-"]').click();
    await page.getByTestId('open-duplicate').click();
    await page.waitForURL(/\/issue\/\d+\/manage/);
    await page.getByTestId('issue-title-heading').getByText('Feedback').waitFor();
    await page.getByRole('link', { name: 'All selections' }).click();

    // Close and reopen it, with the banner while closed.
    await page.getByRole('link', { name: 'Best startup' }).click();
    await page.getByRole('tab', { name: 'Items' }).click();
    await page.getByTestId('items-count').getByText('2 items').waitFor();
    await page.getByRole('tab', { name: 'General' }).click();
    await page.getByTestId('toggle-issue-status').click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Yes' }).click();
    await page.getByTestId('issue-closed-banner').waitFor();
    await page.getByTestId('toggle-issue-status').getByText('Reopen selection').click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Yes' }).click();
    await page.getByTestId('issue-closed-banner').waitFor({ state: 'detached' });
    expect(await page.getByTestId('issue-status').innerText()).toBe('Open');
    // Three selections made and one filled through the screens: 58 s on the loaded 2-core machine.
  }, 180_000);

  it("turns on the admins' mail about judges' submissions from the selection's page", async () => {
    const { page, server } = session;
    const post = await adminApi(server.url);
    const issue = await post<{ id: number }>('issues/', {
      team: 1,
      resourcetype: 'RatingIssue',
      title: 'Told',
    });
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    await page.goto(`${server.url}/team/1/issue/${issue.id}/manage`);
    await page.getByRole('switch', { name: 'E-mail the admins when a judge submits' }).click();
    await page.getByText('Saved successfully').waitFor();
    await page.getByTestId('admin-notifications-frequency').getByText('Once a day (digest)').click();
    await expect
      .poll(async () => {
        const settings = await callAdminApi<{
          results: { type: string; active: boolean; frequency: string }[];
        }>(server.url, 'GET', `notification-settings/?issue=${issue.id}`);
        return settings.results;
      })
      .toEqual([
        expect.objectContaining({ type: 'new_selection_submissions', active: true, frequency: 'daily' }),
      ]);
  });

  it('refuses a criterion weight above 1 with the reason, and shows each share', async () => {
    const { page, server } = session;
    const post = await adminApi(server.url);
    const issue = await post<{ id: number }>('issues/', {
      team: 1,
      resourcetype: 'RatingIssue',
      title: 'Weighed',
    });
    await post('issue-questions/', { issue: issue.id, title: 'Team', weight: 1 });
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    await page.goto(`${server.url}/team/1/issue/${issue.id}/manage`);
    await page.getByTestId('add-criterion').click();
    const dialog = page.getByRole('dialog', { name: 'New criterion' });
    await dialog.getByTestId('criterion-title').fill('Market');
    await dialog.getByTestId('criterion-weight').fill('2');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog
      .locator('.ant-form-item-explain-error', { hasText: 'A weight is a number from 0.01 to 1' })
      .waitFor();
    expect(await dialog.getByTestId('criterion-weight').inputValue()).toBe('2.00');
    await dialog.getByTestId('criterion-weight').fill('0.5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => page.getByTestId('criterion-share').allInnerTexts())
      .toEqual([expect.stringMatching(/^66\.7\s?%$/), expect.stringMatching(/^33\.3\s?%$/)]);
  });
});
