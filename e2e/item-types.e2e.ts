import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chooseOption, signIn } from './support/pages.ts';
import { ADMIN } from './support/server.ts';
import { useBrowserSession } from './support/session.ts';
import { downloadWorkbook } from './support/workbook.ts';

const session = useBrowserSession();

/** Opens the field dialog, fills it and saves; `fill` sets the type-specific inputs. */
async function addField(page: Page, type: string, label: string, fill?: () => Promise<void>) {
  await page.getByTestId('add-field').click();
  const dialog = page.getByRole('dialog', { name: 'New field' });
  await dialog.waitFor();
  if (type !== 'Text') {
    // Picked and checked, again if a click landed while the list was still opening (chooseOption).
    await chooseOption(page, dialog.getByTestId('field-type'), type);
  }
  await dialog.getByTestId('field-label').fill(label);
  await fill?.();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await fieldRows(page).filter({ hasText: label }).waitFor();
}

const fieldRows = (page: Page) => page.getByTestId('fields-table').locator('tbody tr.ant-table-row');
const fieldLabels = (page: Page) => fieldRows(page).locator('td:nth-child(2)').allInnerTexts();

describe('item types', () => {
  it('creates a type with a field of each kind, reorders, renames and deletes a field', async () => {
    const { page } = session;
    await signIn(page, session.server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/\d+$/);
    await page.getByRole('link', { name: 'Item types' }).first().click();
    await page.waitForURL(/\/item-types$/);
    await page.getByTestId('item-types-table').getByText('No item types yet.').waitFor();

    await page.getByTestId('create-item-type').click();
    await page.getByTestId('item-type-title-input').fill('Startups');
    await page.getByTestId('item-type-title-input').press('Enter');
    await page.waitForURL(/\/item-types\/\d+\/manage$/);
    await page.getByTestId('item-type-title').getByText('Startups').waitFor();

    await addField(page, 'Text', 'Summary', () =>
      page.getByTestId('field-template-variable').fill('summary  text'),
    );
    await addField(page, 'Choice', 'Sector', async () => {
      await page.getByTestId('field-option-0').fill('Food');
      await page.getByTestId('field-option-1').fill('Health');
    });
    await addField(page, 'File', 'Pitch deck');
    await addField(page, 'Budget', 'Budget');
    expect(await fieldLabels(page)).toEqual(['Summary', 'Sector', 'Pitch deck', 'Budget']);
    expect(await fieldRows(page).first().innerText()).toContain('summary text');

    await page.getByRole('button', { name: 'Move Pitch deck up' }).click();
    await expect.poll(() => fieldLabels(page)).toEqual(['Summary', 'Pitch deck', 'Sector', 'Budget']);

    await page.getByTestId('item-type-title').getByRole('button', { name: 'Rename' }).click();
    // While editing, Ant Design swaps the title for its own editor.
    const titleInput = page.locator('.ant-typography-edit-content textarea');
    await titleInput.fill('Startups 2026');
    await titleInput.press('Enter');
    await page.getByTestId('item-type-title').getByText('Startups 2026').waitFor();

    await page.getByRole('button', { name: 'Delete the field Budget' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => fieldLabels(page)).toEqual(['Summary', 'Pitch deck', 'Sector']);

    await page.getByRole('tab', { name: 'Items' }).click();
    await page.waitForURL(/\?tab=list$/);
    // The export downloads a workbook whose header row names the fields, in their order.
    const { filename, workbook } = await downloadWorkbook(page, page.getByTestId('export-items'));
    expect(filename).toBe('Startups 2026.xlsx');
    const header = ((workbook.worksheets[0]?.getRow(1).values ?? []) as unknown[]).slice(1);
    expect(header).toEqual(['ID', 'Title', 'Tags', 'Created', 'Summary', 'Pitch deck', 'Sector']);
    await page.reload();
    await page.getByRole('tab', { name: 'Edit' }).click();
    await page.getByTestId('item-type-title').getByText('Startups 2026').waitFor();
    await expect.poll(() => fieldLabels(page)).toEqual(['Summary', 'Pitch deck', 'Sector']);
    await page.getByRole('link', { name: 'Back to item types' }).click();
    await page.getByTestId('item-types-table').getByRole('link', { name: 'Startups 2026' }).waitFor();
  });
});
