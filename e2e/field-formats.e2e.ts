import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminRequest } from './support/admin-api.ts';
import { chooseOption, signIn } from './support/pages.ts';
import { ADMIN } from './support/server.ts';
import { useBrowserSession } from './support/session.ts';

// Issue 12 points 6 and 7: formatted text answers on the public page, and a response changed after submission.
const session = useBrowserSession();

async function solveCaptcha(page: Page) {
  await page.getByTestId('captcha').getByText("I'm not a robot").click();
  await page.getByTestId('submit-form').and(page.locator(':enabled')).waitFor({ timeout: 20_000 });
}

/** A published form of the demo team with a required contact address (e-mail format) and a name. */
async function createContactForm(baseUrl: string, settings: object = {}) {
  const api = adminRequest(baseUrl);
  const form = await api<{ id: number; data_model_id: number }>('POST', 'intake-forms/', {
    team: 1,
    title: 'Call for growers',
    published: true,
  });
  const fieldsUrl = `data-models/${form.data_model_id}/datum-fields/`;
  const name = await api<{ id: number }>('POST', fieldsUrl, {
    resourcetype: 'text',
    label: 'Farm name',
    required: true,
  });
  const contact = await api<{ id: number }>('POST', fieldsUrl, {
    resourcetype: 'text',
    label: 'Contact address',
    required: true,
    format: 'email',
  });
  await api('PATCH', `intake-forms/${form.id}/`, { title_field: name.id, ...settings });
  return { api, form, fields: { name, contact } };
}

describe('field formats and edits after submission', () => {
  it('refuses "not-an-email" as a contact address on the page, in the words of the page', async () => {
    const { page, server } = session;
    const { form, api } = await createContactForm(server.url);
    await page.goto(`${server.url}/forms/${form.id}`);
    await page.getByTestId('respondent-email').fill('grower@example.org');
    await page.getByLabel('Farm name').fill('Green acres');
    const contact = page.getByLabel('Contact address');
    expect(await contact.getAttribute('type')).toBe('email');
    await contact.fill('not-an-email');
    await contact.blur();
    const error = page.getByTestId('field-message').getByText('Please enter a valid e-mail address');
    await error.waitFor();

    await solveCaptcha(page);
    await page.getByTestId('submit-form').click();
    await error.waitFor();
    expect(await page.getByTestId('form-submitted').count()).toBe(0);
    const none = await api<{ count: number }>('GET', `datasets/?team=1&form=${form.id}`);
    expect(none.count).toBe(0);

    await contact.fill('ada@farm.example.org');
    await error.waitFor({ state: 'detached' });
    await page.getByTestId('submit-form').click();
    await page.getByTestId('form-submitted').waitFor();
  });

  it('lets a respondent change a submitted response until the closing date, on the same item', async () => {
    const { page, server } = session;
    const until = new Date(Date.now() + 3 * 24 * 3600 * 1000);
    const { form, api } = await createContactForm(server.url, { edit_until: until.toISOString() });
    await page.goto(`${server.url}/forms/${form.id}`);
    await page.getByTestId('respondent-email').fill('grower@example.org');
    await page.getByLabel('Farm name').fill('Green acres');
    await page.getByLabel('Contact address').fill('ada@farm.example.org');
    await solveCaptcha(page);
    await page.getByTestId('submit-form').click();
    const outcome = page.getByTestId('edit-until');
    await outcome.getByText(/You can change your responses until/).waitFor();
    const editLink = await outcome.getByTestId('edit-link').getAttribute('href');
    expect(editLink).toMatch(new RegExp(`/forms/${form.id}\\?token=.+&submission=\\d+$`));

    await page.goto(editLink ?? '');
    await page.getByTestId('editing-submitted').waitFor();
    expect(await page.getByLabel('Farm name').inputValue()).toBe('Green acres');
    expect(await page.getByTestId('save-partial').count()).toBe(0);
    await page.getByLabel('Farm name').fill('Greener acres');
    await solveCaptcha(page);
    await page.getByTestId('submit-form').click();
    await page.getByTestId('form-submitted').waitFor();

    const items = await api<{ count: number; results: { title: string }[] }>(
      'GET',
      `datasets/?team=1&form=${form.id}`,
    );
    expect(items.results.map((item) => item.title)).toEqual(['Greener acres']);

    // Once the date has passed, the link says the responses are in.
    await api('PATCH', `intake-forms/${form.id}/`, { edit_until: new Date(Date.now() - 1000).toISOString() });
    await page.goto(editLink ?? '');
    await page.getByText('You have already submitted your responses with this link').waitFor();
  });

  it('lets the admin give a question a format and a form a closing date for changes', async () => {
    const { page, server } = session;
    const { form, api } = await createContactForm(server.url);
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    await page.goto(`${server.url}/team/1/intake-forms/${form.id}`);

    await page.getByTestId('add-question').click();
    const dialog = page.getByRole('dialog', { name: 'New field' });
    await dialog.getByTestId('field-label').fill('Turnover');
    await dialog.getByText('5,000', { exact: false }).first().waitFor();
    // The dialog's opening can take the select's focus and close its list under the click (chooseOption).
    await chooseOption(page, dialog.getByTestId('field-format'), 'Number');
    await dialog.getByLabel('Minimum', { exact: true }).fill('10');
    await dialog.getByLabel('Maximum', { exact: true }).fill('5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('The maximum cannot be below the minimum').waitFor();
    await dialog.getByLabel('Maximum', { exact: true }).fill('500');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByTestId('general-edit-until').fill('2031-05-12T18:00');
    // The form's own save, not the question's "Saved successfully" still shown (CI read the form before it).
    await Promise.all([
      page.waitForResponse(
        (reply) => reply.request().method() === 'PATCH' && reply.url().endsWith(`/intake-forms/${form.id}/`),
      ),
      page.getByTestId('general-save').click(),
    ]);

    const saved = await api<{
      edit_until: string | null;
      data_model: { datum_fields: { label: string; format?: string | null; number_min?: number | null }[] };
    }>('GET', `intake-forms/${form.id}/`);
    expect(saved.edit_until).toBe(new Date(2031, 4, 12, 18, 0).toISOString());
    expect(saved.data_model.datum_fields.find((field) => field.label === 'Turnover')).toMatchObject({
      format: 'number',
      number_min: 10,
      number_max: 500,
    });
  });
});
