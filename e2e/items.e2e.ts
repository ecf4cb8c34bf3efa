import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminApi, callAdminApi } from './support/admin-api.ts';
import { signIn } from './support/pages.ts';
import { ADMIN } from './support/server.ts';
import { useBrowserSession } from './support/session.ts';
import { downloadWorkbook } from './support/workbook.ts';

const session = useBrowserSession();

/** A small but real PDF: the server checks a file's type by its first bytes. */
const PDF =
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';

describe('items', () => {
  it('adds an item, uploads a PDF into its file field, finds it by search and deletes it', async () => {
    const { page, server } = session;
    const post = await adminApi(server.url);
    const itemType = await post<{ id: number }>('data-models/', { team: 1, title: 'Startups' });
    const field = await post<{ id: number }>(`data-models/${itemType.id}/datum-fields/`, {
      resourcetype: 'file',
      label: 'Pitch deck',
      mime_types: ['application/pdf'],
    });
    await post('datasets/', { data_model: itemType.id, title: 'Other startup' });
    const folder = mkdtempSync(path.join(tmpdir(), 'shortlist-e2e-pdf-'));
    const pdfPath = path.join(folder, 'pitch-deck.pdf');
    writeFileSync(pdfPath, PDF);

    try {
      await signIn(page, server.url, ADMIN.email, ADMIN.password);
      await page.waitForURL(/\/team\/1$/);
      await page.getByRole('link', { name: 'Items', exact: true }).click();
      await page.waitForURL(/\/team\/1\/items$/);
      await page.getByTestId('items-count').getByText('1 item').waitFor();

      // New item: title and item type, then the edit dialog opens on it.
      await page.getByTestId('add-item').click();
      await page.getByTestId('new-item-title').fill('Acme Rockets');
      await page.getByTestId('new-item-type').click();
      await page.getByTitle('Startups').click();
      await page.getByRole('button', { name: 'Create' }).click();
      await page.getByTestId('extra-data-table').getByText('Pitch deck').waitFor();

      // Upload the PDF into the file field and see its name.
      await page.getByTestId(`edit-value-${field.id}`).click();
      await page.getByTestId('file-input').setInputFiles(pdfPath);
      await page.getByText('File uploaded').waitFor();
      await page.getByTestId('current-file').getByText('pitch-deck.pdf').waitFor();
      // Its signed link downloads it.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('current-file').getByRole('link').click(),
      ]);
      expect(download.suggestedFilename()).toBe('pitch-deck.pdf');
      await page.keyboard.press('Escape');
      await page.getByTestId('extra-data-table').getByText('pitch-deck.pdf').waitFor();
      // Closing, the dialog gives the focus back to what opened it: wait for that, or the search typed next
      // could land on the button that took the focus.
      const editDialog = page.getByRole('dialog').filter({ has: page.getByTestId('extra-data-table') });
      await editDialog.getByRole('button', { name: 'Cancel' }).click();
      await editDialog.waitFor({ state: 'hidden' });
      await page.getByTestId('items-count').getByText('2 items').waitFor();

      // Search by name.
      await page.getByLabel('Search by name').fill('rocket');
      await page.getByLabel('Search by name').press('Enter');
      await page.getByTestId('items-count').getByText('1 item').waitFor();
      const titles = page.getByTestId('items-table').getByTestId('item-title');
      expect(await titles.allInnerTexts()).toEqual(['Acme Rockets']);

      // Delete it, after confirming.
      await page.getByTestId('items-table').getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Deleted successfully').waitFor();
      await page.getByTestId('items-count').getByText('0 items').waitFor();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("exports what the search shows, with its tags and selections, in the admin's language", async () => {
    const { page, server } = session;
    const post = await adminApi(server.url);
    const itemType = await post<{ id: number }>('data-models/', { team: 1, title: 'Ventures' });
    const items = await post<{ id: number; title: string }[]>(
      'datasets/',
      ['Helio Farm', 'Helio Grid', 'Tidal Works'].map((title) => ({
        data_model: itemType.id,
        title,
        tags: title === 'Helio Grid' ? 'energy;finalist' : '',
      })),
    );
    const selection = await post<{ id: number }>('issues/', {
      resourcetype: 'RatingIssue',
      team: 1,
      title: 'Jury énergie',
    });
    const grid = items.find((item) => item.title === 'Helio Grid');
    await post(`issues/${selection.id}/datasets/`, { datasets: [grid?.id] });
    await callAdminApi(server.url, 'PATCH', 'users/1/', { language: 'fr' });
    try {
      await signIn(page, server.url, ADMIN.email, ADMIN.password);
      await page.waitForURL(/\/team\/1$/);
      await page.goto(`${server.url}/team/1/items`);
      await page.getByLabel('Rechercher par nom').fill('helio');
      await page.getByLabel('Rechercher par nom').press('Enter');
      await page.getByTestId('items-count').getByText('2 éléments').waitFor();

      const { filename, workbook } = await downloadWorkbook(page, page.getByTestId('export-datasets'));
      expect(filename).toBe('éléments.xlsx');
      const sheet = workbook.worksheets[0];
      expect(sheet?.name).toBe('Éléments');
      const rows = (sheet?.getSheetValues() ?? []).slice(1).map((row) => (row as unknown[]).slice(1));
      const [header, ...body] = rows;
      const column = (name: string) => header?.indexOf(name) ?? -1;
      expect(header?.slice(0, 4)).toEqual(['ID', 'Titre', 'Type d’élément', 'Étiquettes']);
      // The search's two items, by id, not the third; the tags and the selection as the table shows them.
      expect(
        body.map((row) => [
          row[column('Titre')],
          row[column('Étiquettes')] ?? '',
          row[column('Sélections')] ?? '',
        ]),
      ).toEqual([
        ['Helio Farm', '', ''],
        ['Helio Grid', 'energy;finalist', 'Jury énergie'],
      ]);
      expect(body.map((row) => row[column('Type d’élément')])).toEqual(['Ventures', 'Ventures']);
    } finally {
      await callAdminApi(server.url, 'PATCH', 'users/1/', { language: 'en' });
    }
  });
});
