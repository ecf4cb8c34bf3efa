import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callAdminApi } from './support/admin-api.ts';
import { chooseOption, signIn } from './support/pages.ts';
import { respond } from './support/public-form.ts';
import { ADMIN } from './support/server.ts';
import { useBrowserSession } from './support/session.ts';

const session = useBrowserSession();

/** Opens the question dialog, fills it and saves; `fill` sets the type-specific inputs. */
async function addQuestion(page: Page, type: string, label: string, fill?: () => Promise<void>) {
  await page.getByTestId('add-question').click();
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
  await page.getByTestId('question-label').getByText(label, { exact: true }).waitFor();
}

const questionLabels = (page: Page) => page.getByTestId('question-label').allInnerTexts();

/** Picks an option of an Ant Design select, named by its test id, by its visible text. */
const choose = (page: Page, select: string, option: string) =>
  chooseOption(page, page.getByTestId(select), option);

describe('forms admin', () => {
  it('builds a form with sections and a condition, publishes, shares, notifies and duplicates it', async () => {
    const { page, context, server } = session;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    await page.getByRole('link', { name: 'Forms', exact: true }).first().click();
    await page.waitForURL(/\/team\/1\/forms$/);
    await page.getByText('No forms yet. Create your first form.').waitFor();

    await page.getByTestId('create-form').click();
    await page.getByTestId('form-title-input').fill('Call for startups');
    await page.getByTestId('form-title-input').press('Enter');
    await page.waitForURL(/\/team\/1\/intake-forms\/\d+$/);
    const formId = Number(page.url().split('/').pop());
    await page.getByTestId('questions-empty').waitFor();

    await addQuestion(page, 'Text', 'Your project');
    await addQuestion(page, 'Choice', 'Stage', async () => {
      await page.getByTestId('field-option-0').fill('Idea');
      await page.getByTestId('field-option-1').fill('Seed');
    });
    await addQuestion(page, 'File', 'Pitch deck');
    await addQuestion(page, 'Budget', 'Budget');
    expect(await questionLabels(page)).toEqual(['Your project', 'Stage', 'Pitch deck', 'Budget']);

    // Esc closes the question dialog (the page's other dialogs must not take the key).
    await page.getByTestId('add-question').click();
    const newDialog = page.getByRole('dialog', { name: 'New field' });
    await newDialog.getByTestId('field-label').click();
    await page.keyboard.press('Escape');
    await newDialog.waitFor({ state: 'hidden' });

    // A section title above the second question.
    await page.getByRole('button', { name: 'Add a section title above Stage' }).click();
    const sectionDialog = page.getByRole('dialog', { name: 'New section title' });
    await sectionDialog.getByTestId('section-text').fill('About the startup');
    await sectionDialog.getByTestId('section-body').fill('Tell us where you stand.');
    await sectionDialog.getByRole('button', { name: 'Save' }).click();
    await sectionDialog.waitFor({ state: 'hidden' });
    await page.getByTestId('form-section').getByText('About the startup').waitFor();

    // The third question shows only when the stage is Seed.
    await page.getByRole('button', { name: 'Edit Pitch deck' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit the field' });
    await editDialog.waitFor();
    await choose(page, 'condition-field', 'Stage');
    await choose(page, 'condition-value', 'Seed');
    await editDialog.getByTestId('condition-value').getByText('Seed').waitFor();
    await editDialog.getByRole('button', { name: 'Save' }).click();
    await editDialog.waitFor({ state: 'hidden' });
    await page.getByTestId('question-condition').getByText('Shown when "Stage" is "Seed"').waitFor();

    // Budget moves above Pitch deck with the keyboard, and the order is kept.
    const handle = page.getByRole('button', { name: 'Drag to reorder Budget' });
    // The closing dialog gives the focus back to its opener, possibly after a first press: pick the handle up
    // (focus, Space) until it reads as pressed. A picked-up handle is pressed until it is dropped.
    const isPressed = () => handle.getAttribute('aria-pressed');
    const pickUp = async () => {
      if ((await isPressed()) !== 'true') {
        await handle.focus();
        await page.keyboard.press('Space');
        await page.waitForTimeout(300);
      }
      return isPressed();
    };
    await expect.poll(pickUp, { timeout: 10000 }).toBe('true');
    await page.keyboard.press('ArrowUp');
    await page
      .getByRole('status')
      .getByText('Budget is now in the place of Pitch deck.')
      .waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await expect.poll(isPressed).not.toBe('true');
    await expect.poll(() => questionLabels(page)).toEqual(['Your project', 'Stage', 'Budget', 'Pitch deck']);
    await page.reload();
    await page.getByTestId('question-label').first().waitFor();
    await expect.poll(() => questionLabels(page)).toEqual(['Your project', 'Stage', 'Budget', 'Pitch deck']);
    await page.getByTestId('form-section').getByText('About the startup').waitFor();

    // A page header made on the spot, then chosen; and publish.
    await page.getByRole('button', { name: 'Manage the page headers' }).click();
    const headersDialog = page.getByRole('dialog', { name: 'Page headers' });
    await headersDialog.getByTestId('page-header-title').fill('Banner');
    await headersDialog.getByTestId('page-header-save').click();
    await headersDialog.getByText('Banner', { exact: true }).waitFor();
    await headersDialog.getByRole('button', { name: 'Close' }).click();
    await headersDialog.waitFor({ state: 'hidden' });
    await choose(page, 'general-page-header', 'Banner');
    await page.getByTestId('general-published').click();
    await page.getByTestId('general-save').click();
    await page.getByText('Saved successfully').first().waitFor();

    // Share: no warning once published, the public link copied.
    await page.getByTestId('form-tab-share').click();
    await page.waitForURL(/tab=share/);
    const link = `${server.url}/forms/${formId}`;
    expect(await page.getByTestId('share-link').inputValue()).toBe(link);
    expect(await page.getByTestId('share-unpublished').count()).toBe(0);
    await page.getByTestId('copy-share-link').click();
    await page.getByText('Link copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // Respondent notification: refused while empty, saved with a subject and a body.
    await page.getByTestId('form-tab-notifications').click();
    await page.getByTestId('notifications-respondent').click();
    await page.getByTestId('respondent-active').click();
    await page.getByTestId('respondent-save').click();
    await page.getByText('Please verify the fields').first().waitFor();
    await page.getByTestId('respondent-subject').fill('We received your application');
    await page.getByTestId('respondent-content').fill('Thank you! Your answers: [summary]');
    await page.getByTestId('respondent-save').click();
    await page.getByText('Saved successfully').first().waitFor();

    // Duplicate from the list; the toast leads to the copy with the same questions.
    await page.getByRole('link', { name: 'Back to the forms' }).click();
    await page.waitForURL(/\/team\/1\/forms$/);
    await page.getByTestId('forms-table').getByText('Published').waitFor();
    await page.getByTestId(`duplicate-form-${formId}`).click();
    await page.getByTestId('duplicated-toast').getByRole('link', { name: 'Open the copy' }).click();
    await page.waitForURL(/\/team\/1\/intake-forms\/\d+$/);
    expect(page.url()).not.toMatch(new RegExp(`/intake-forms/${formId}$`));
    await page.getByRole('heading', { name: 'Call for startups (copy)' }).waitFor();
    await page.getByTestId('question-label').first().waitFor();
    await expect.poll(() => questionLabels(page)).toEqual(['Your project', 'Stage', 'Budget', 'Pitch deck']);
    await page.getByTestId('question-condition').getByText('Shown when "Stage" is "Seed"').waitFor();

    // Tags are made from the forms list itself, put on a form, and filter the list.
    await page.getByRole('link', { name: 'Back to the forms' }).click();
    await page.waitForURL(/\/team\/1\/forms$/);
    await page.getByTestId('manage-tags').click();
    const tagsDialog = page.getByRole('dialog', { name: 'Workspace tags' });
    await tagsDialog.getByTestId('tag-name').fill('Climate');
    await tagsDialog.getByTestId('tag-name').press('Enter');
    await tagsDialog.getByTestId('tags-list').getByText('Climate').waitFor();
    await tagsDialog.getByRole('button', { name: 'Close' }).first().click();
    await tagsDialog.waitFor({ state: 'hidden' });
    const original = page.getByRole('row').filter({ has: page.getByTestId(`duplicate-form-${formId}`) });
    await original.getByTestId('object-tags-add').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Climate' })
      .click();
    await original.getByTestId('object-tags').getByText('Climate').waitFor();
    await page.getByTestId('tag-filter-panel').getByText('Climate').click();
    await page.waitForURL(/tags=\d+/);
    await expect.poll(() => page.getByTestId('form-title').allInnerTexts()).toEqual(['Call for startups']);

    // An old link to a page past the end lands on the last page, not on "no forms yet".
    await page.goto(`${server.url}/team/1/forms?page=3`);
    await page.waitForURL(/\/team\/1\/forms$/);
    await expect.poll(() => page.getByTestId('form-title').count()).toBe(2);

    // A new workspace's plan lacks budget questions and mass e-mails: its dashboard says why and what to do.
    const team = await callAdminApi<{ id: number }>(server.url, 'POST', 'teams/', { title: 'New workspace' });
    await page.goto(`${server.url}/team/${team.id}`);
    await page
      .getByTestId('plan-note')
      .getByText('switch them on, workspace by workspace', { exact: false })
      .waitFor();
  });

  it('proposes the first short text question as the responses’ title, and shows which question titles them', async () => {
    const { page, server } = session;
    const form = await callAdminApi<{ id: number }>(server.url, 'POST', 'intake-forms/', {
      team: 1,
      title: 'Call for potters',
    });
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    // Each request for the form, with the script that sent it (Chromium's initiator).
    const asked: string[] = [];
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    cdp.on('Network.requestWillBeSent', ({ request, initiator }) => {
      const url = new URL(request.url);
      const script = initiator.stack?.callFrames[0]?.url ?? '';
      if (url.pathname.startsWith('/api/v1/intake-forms/'))
        asked.push(`${url.pathname} by ${/early-requests/.test(script) ? 'early-requests' : script}`);
    });
    await page.goto(`${server.url}/team/1/intake-forms/${form.id}`);
    await page.getByTestId('questions-empty').waitFor();
    await cdp.detach();
    // The form leaves with index.html's first script (early-requests.ts), and the app takes its reply.
    expect(asked).toEqual([`/api/v1/intake-forms/${form.id}/ by early-requests`]);

    await addQuestion(page, 'Choice', 'Kiln', async () => {
      await page.getByTestId('field-option-0').fill('Gas');
      await page.getByTestId('field-option-1').fill('Wood');
    });
    // A choice could title them, but the e-mail still does: the editor says what that costs.
    await page.getByTestId('title-by-email').waitFor();
    await addQuestion(page, 'Text', 'Studio name');
    await page
      .getByText(
        '"Studio name" now titles each response. You can choose another question under "Title of each response".',
      )
      .waitFor();
    await page.getByTestId('title-field-select').getByText('Studio name').waitFor();
    await page.getByTestId('title-by-email').waitFor({ state: 'detached' });
    const studio = page.getByTestId('form-question').filter({ hasText: 'Studio name' });
    await studio.getByTestId('question-is-title').getByText('titles the responses').waitFor();
    expect(await page.getByTestId('question-is-title').count()).toBe(1);

    // The admin's choice stands: the e-mail again, and a second short question changes nothing.
    await choose(page, 'title-field-select', "The respondent's e-mail");
    await page.getByTestId('title-by-email').waitFor();
    await addQuestion(page, 'Text', 'City');
    await page.getByTestId('title-field-select').getByText("The respondent's e-mail").waitFor();
    expect(await page.getByTestId('question-is-title').count()).toBe(0);
    const saved = await callAdminApi<{ title_field: number }>(server.url, 'GET', `intake-forms/${form.id}/`);
    expect(saved.title_field).toBe(0);
  });

  it('titles responses by the project rather than the founder, and renames them when the admin changes it', async () => {
    const { page, server } = session;
    const api = <T>(method: string, path: string, body?: object) =>
      callAdminApi<T>(server.url, method, path, body);
    const form = await api<{ id: number; data_model_id: number }>('POST', 'intake-forms/', {
      team: 1,
      title: 'Call for founders',
      published: true,
    });
    const fields = `data-models/${form.data_model_id}/datum-fields/`;
    const founder = await api<{ id: number }>('POST', fields, {
      resourcetype: 'text',
      label: 'Founder name',
    });
    const project = await api<{ id: number }>('POST', fields, {
      resourcetype: 'text',
      label: 'Project name',
    });
    await respond(server.url, form.id, 'ada@example.org', [
      [founder.id, 'Ada Lovelace'],
      [project.id, 'Analytical engine'],
    ]);
    await respond(server.url, form.id, 'bob@example.org', [[project.id, 'Difference engine']]);

    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    const titles = async () => {
      await page.goto(`${server.url}/team/1/item-types/${form.data_model_id}/manage?tab=list`);
      const rows = page.getByTestId('items-table').locator('tbody tr.ant-table-row');
      await rows.first().waitFor();
      return (await page.getByTestId('items-table').getByTestId('item-title').allInnerTexts()).sort();
    };
    expect(await titles()).toEqual(['Analytical engine', 'Difference engine']);

    // The founder's name chosen instead: both responses take it, the one without it its e-mail.
    await page.goto(`${server.url}/team/1/intake-forms/${form.id}`);
    await choose(page, 'title-field-select', 'Founder name');
    await expect.poll(titles).toEqual(['Ada Lovelace', 'bob@example.org']);
  });

  it('starts a new form from the questions of last year’s call, in French on a phone', async () => {
    const { page, server } = session;
    const api = <T>(method: string, path: string, body?: object) =>
      callAdminApi<T>(server.url, method, path, body);
    const last = await api<{ id: number; data_model_id: number }>('POST', 'intake-forms/', {
      team: 1,
      title: 'Appel 2026',
    });
    const fields = `data-models/${last.data_model_id}/datum-fields/`;
    await api('POST', fields, { resourcetype: 'text', label: 'Nom du porteur' });
    await api('POST', fields, { resourcetype: 'text', label: 'Nom du projet' });

    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    await page.evaluate(() => localStorage.setItem('shortlist.language', 'fr'));
    await page.goto(`${server.url}/team/1/forms?create=1`);
    const dialog = page.getByRole('dialog', { name: 'Nouveau formulaire' });
    await dialog.getByTestId('form-title-input').fill('Appel 2027');
    await chooseOption(page, dialog.getByTestId('form-questions-select'), 'Appel 2026 (2 questions)');
    await dialog.getByRole('button', { name: 'Créer' }).click();
    await page.waitForURL(/\/team\/1\/intake-forms\/\d+$/);
    const questions = page.getByTestId('form-question');
    await questions.first().waitFor();
    expect(await questions.allInnerTexts()).toEqual([
      expect.stringContaining('Nom du porteur'),
      expect.stringContaining('Nom du projet'),
    ]);
    // The project's name, not the person's, titles the responses.
    await page.getByTestId('title-field-select').getByText('Nom du projet').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.evaluate(() => localStorage.setItem('shortlist.language', 'en'));
  });

  it('tells the admin when the question that titles the responses is deleted, and titles them by e-mail again', async () => {
    const { page, server } = session;
    const form = await callAdminApi<{ id: number; data_model_id: number }>(
      server.url,
      'POST',
      'intake-forms/',
      {
        team: 1,
        title: 'Call for bakers',
      },
    );
    const name = await callAdminApi<{ id: number }>(
      server.url,
      'POST',
      `data-models/${form.data_model_id}/datum-fields/`,
      { resourcetype: 'text', label: 'Bakery name' },
    );
    await callAdminApi(server.url, 'PATCH', `intake-forms/${form.id}/`, { title_field: name.id });

    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    await page.goto(`${server.url}/team/1/intake-forms/${form.id}`);
    const titleField = page.getByTestId('title-field-select');
    await titleField.getByText('Bakery name').waitFor();

    await page.getByRole('button', { name: 'Delete Bakery name' }).click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await page
      .getByText(
        'Deleted. "Bakery name" titled each response: responses are now titled by the respondent\'s e-mail.',
      )
      .waitFor();
    await page.getByTestId('questions-empty').waitFor();
    await titleField.getByText("The respondent's e-mail").waitFor();
    const saved = await callAdminApi<{ title_field: number }>(server.url, 'GET', `intake-forms/${form.id}/`);
    expect(saved.title_field).toBe(0);
  });
});
