import { DATASET_COUNT_EXACT_MAX, DATASETS_BULK_MAX } from '@shortlist/contract';
import { describe, it } from 'vitest';
import { adminApi } from './support/admin-api.ts';
import { signIn } from './support/pages.ts';
import { ADMIN } from './support/server.ts';
import { useBrowserSession } from './support/session.ts';

const session = useBrowserSession();

describe('items past 10,000', () => {
  it('shows "10,000+ items", counts them all on request until a filter changes, and selects them all', async () => {
    const { page, server } = session;
    const post = await adminApi(server.url);
    const itemType = await post<{ id: number }>('data-models/', { team: 1, title: 'Startups' });
    const total = DATASET_COUNT_EXACT_MAX + 1;
    for (let start = 0; start < total; start += DATASETS_BULK_MAX) {
      const rows = Array.from({ length: Math.min(DATASETS_BULK_MAX, total - start) }, (_, i) => ({
        data_model: itemType.id,
        title: `Startup ${start + i}`,
      }));
      await post('datasets/', rows);
    }

    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    await page.getByRole('link', { name: 'Items', exact: true }).click();
    await page.getByTestId('items-count').getByText('10,000+ items', { exact: true }).waitFor();

    await page.getByTestId('items-count-exact').click();
    await page.getByTestId('items-count').getByText('10,001 items', { exact: true }).waitFor();
    await page.getByTestId('items-count-exact').waitFor({ state: 'detached' });

    // A search counts its own matches: exactly, as there are fewer than 10,000.
    await page.getByLabel('Search by name').fill('startup 100');
    await page.getByLabel('Search by name').press('Enter');
    await page.getByTestId('items-count').getByText('12 items', { exact: true }).waitFor();
    // Cleared, the list counts up to 10,000 again.
    await page.getByLabel('Search by name').fill('');
    await page.getByLabel('Search by name').press('Enter');
    await page.getByTestId('items-count').getByText('10,000+ items', { exact: true }).waitFor();

    // "Select all" reads the ids a page of 10,000 at a time, newest first: the 10,001 are selected.
    await page.getByRole('checkbox', { name: 'Select all' }).first().check();
    await page.getByRole('button', { name: 'Delete (20)' }).waitFor();
    await page.getByTestId('select-all-matching').getByText('Select all 10,000+ matching items').click();
    await page.getByRole('button', { name: 'Delete (10,001)' }).waitFor();
    await page.getByTestId('select-all-matching').waitFor({ state: 'detached' });
  });
});
