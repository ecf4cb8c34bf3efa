import { describe, expect, it } from 'vitest';
import { adminApi } from './support/admin-api.ts';
import { signIn } from './support/pages.ts';
import { ADMIN } from './support/server.ts';
import { useBrowserSession } from './support/session.ts';

const session = useBrowserSession();

/** Signs in as the superuser at 1366 × 768 and switches the interface to French. */
async function signInFrench() {
  const { page, server } = session;
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, server.url, ADMIN.email, ADMIN.password);
  await page.waitForURL(/\/team\/1$/);
  await page.evaluate(() => window.localStorage.setItem('shortlist.language', 'fr'));
  await page.reload();
}

/** Whether the element is drawn whole inside the viewport and is what a click at its centre reaches. */
async function isFullyVisible(locator: import('playwright-core').Locator) {
  const box = await locator.boundingBox();
  if (!box) return false;
  const { width, height } = locator.page().viewportSize() ?? { width: 0, height: 0 };
  if (box.x < 0 || box.y < 0 || box.x + box.width > width || box.y + box.height > height) return false;
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
    return hit !== null && (element === hit || element.contains(hit) || hit.contains(element));
  });
}

describe('tables and layout', () => {
  it('shows every navbar entry and the items table’s actions at 1366 px in French', async () => {
    const { page, server } = session;
    const post = await adminApi(server.url);
    const itemType = await post<{ id: number }>('data-models/', { team: 1, title: 'Startups' });
    await post('datasets/', { data_model: itemType.id, title: 'A startup with a rather long name indeed' });
    await signInFrench();
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    await nav.getByRole('link', { name: 'Utilisation' }).waitFor();
    const labels = await nav.getByRole('link').allInnerTexts();
    expect(labels).toEqual(
      expect.arrayContaining([
        'Tableau de bord',
        'Éléments',
        'Webhooks',
        'Espaces de travail',
        'Boîte d’envoi',
        'Utilisation',
      ]),
    );
    for (const label of labels) {
      expect(await isFullyVisible(nav.getByRole('link', { name: label, exact: true })), label).toBe(true);
    }

    await nav.getByRole('link', { name: 'Éléments', exact: true }).click();
    const row = page.getByTestId('items-table').locator('tbody tr.ant-table-row').first();
    await row.waitFor();
    expect(await isFullyVisible(row.locator('[data-testid^="delete-item-"]'))).toBe(true);
    expect(await isFullyVisible(row.locator('[data-testid^="edit-item-"]'))).toBe(true);
  });

  it('fits the items table’s default columns in 1366 px, in English and French; the others are a click away', async () => {
    const { page, server } = session;
    const post = await adminApi(server.url);
    const itemType = await post<{ id: number }>('data-models/', { team: 1, title: 'Wide startups' });
    await post('datasets/', {
      data_model: itemType.id,
      title: 'A startup whose name is longer than forty characters, cut in the table',
      tags: 'fintech;seed;climate;health',
      contact_email: 'founder.with-a-long-name@example-startup.org',
    });
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    const table = page.getByTestId('items-table');
    const headers = () => table.locator('thead th').allInnerTexts();

    for (const [language, expected] of [
      ['en', ['Title', 'E-mail', 'Created', 'Tags', 'Review status', 'Comments', 'Actions']],
      ['fr', ['Titre', 'E-mail', 'Créé le', 'Étiquettes', 'Statut de revue', 'Commentaires', 'Actions']],
    ] as const) {
      await page.evaluate((code) => window.localStorage.setItem('shortlist.language', code), language);
      await page.goto(`${server.url}/team/1/items`);
      await table.getByText('founder.with-a-long-name@example-startup.org').waitFor();
      await expect.poll(async () => (await headers()).filter(Boolean)).toEqual(expected);
      for (const header of await table.locator('thead th').all()) {
        const name = await header.innerText();
        expect(await isFullyVisible(header), `${language}: ${name}`).toBe(true);
      }
      const content = table.locator('.ant-table-content');
      expect(await content.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    }

    // The other columns are one click away, and the choice is kept.
    await page.getByTestId('column-picker').click();
    await page.getByTestId('column-picker-panel').getByLabel('Sélections').check();
    await table.locator('thead th').filter({ hasText: 'Sélections' }).waitFor();
    await page.reload();
    await table.locator('thead th').filter({ hasText: 'Sélections' }).waitFor();
    expect(await page.getByTestId('column-picker').innerText()).toBe('Colonnes (6 sur 9)');
  });

  it('shows a chosen answer column in the items table, and remembers it after a reload', async () => {
    const { page, server } = session;
    const post = await adminApi(server.url);
    const itemType = await post<{ id: number }>('data-models/', { team: 1, title: 'Pitched startups' });
    const city = await post<{ id: number }>(`data-models/${itemType.id}/datum-fields/`, {
      resourcetype: 'text',
      label: 'City',
    });
    await post('datasets/', {
      data_model: itemType.id,
      title: 'Lyon Robotics',
      datum_values: [{ datum_field: city.id, resourcetype: 'text', response: 'Lyon' }],
    });
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    await page.goto(`${server.url}/team/1/items`);
    const table = page.getByTestId('items-table');
    await table.getByText('Lyon Robotics').waitFor();
    expect(await table.locator('thead').innerText()).not.toContain('City');

    await page.getByTestId('answer-columns').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'City' }).click();
    await page.keyboard.press('Escape');
    await table.locator('thead th').filter({ hasText: 'City' }).waitFor();
    const row = table.locator('tbody tr.ant-table-row').filter({ hasText: 'Lyon Robotics' });
    await row.getByRole('cell', { name: 'Lyon', exact: true }).waitFor();

    await page.reload();
    await table.locator('thead th').filter({ hasText: 'City' }).waitFor();
    await row.getByRole('cell', { name: 'Lyon', exact: true }).waitFor();
  });

  it('asks before discarding a dirty dialog on Escape; "Keep editing" keeps the input', async () => {
    const { page, server } = session;
    const post = await adminApi(server.url);
    const itemType = await post<{ id: number }>('data-models/', { team: 1, title: 'Edited startups' });
    const item = await post<{ id: number }>('datasets/', { data_model: itemType.id, title: 'Before' });
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    await page.goto(`${server.url}/team/1/items`);
    await page.getByTestId(`edit-item-${item.id}`).click();
    const title = page.getByTestId('edit-item-title');
    await expect.poll(() => title.inputValue()).toBe('Before');

    // Untouched: Escape closes at once, without a question.
    await title.focus();
    await page.keyboard.press('Escape');
    await title.waitFor({ state: 'detached' });
    expect(await page.locator('.ant-modal-confirm').count()).toBe(0);

    await page.getByTestId(`edit-item-${item.id}`).click();
    await title.fill('After, not saved');
    await page.keyboard.press('Escape');
    const question = page.locator('.ant-modal-confirm').filter({ hasText: 'Discard your changes?' });
    await question.waitFor();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await title.inputValue()).toBe('After, not saved');

    // The close button asks too; discarding closes the dialog and leaves the item as it was.
    await page.getByRole('dialog', { name: 'Edit item' }).getByRole('button', { name: 'Close' }).click();
    await question.getByRole('button', { name: 'Discard' }).click();
    await title.waitFor({ state: 'detached' });
    await page.getByTestId('items-table').getByText('Before', { exact: true }).waitFor();
  });
});
