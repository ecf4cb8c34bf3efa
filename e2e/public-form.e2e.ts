import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminRequest } from './support/admin-api.ts';
import { waitForMailTo } from './support/outbox.ts';
import { signIn } from './support/pages.ts';
import { createPublicForm } from './support/public-form.ts';
import { ADMIN } from './support/server.ts';
import { useBrowserSession } from './support/session.ts';

const session = useBrowserSession();

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** Ticks the ALTCHA checkbox and waits for the proof of work to be done. */
async function solveCaptcha(page: Page, button: string) {
  await page.getByTestId('captcha').getByText("I'm not a robot").click();
  await page.getByTestId(button).and(page.locator(':enabled')).waitFor({ timeout: 20_000 });
}

describe('public form', () => {
  it('lets a stranger save partway, come back by the edit link, add a file and submit', async () => {
    const { page, server } = session;
    const form = await createPublicForm(server.url);

    await page.goto(`${server.url}/forms/${form.id}`);
    await page.getByRole('heading', { name: 'Call for makers' }).waitFor();
    expect(await page.getByText('Tell us about your').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'About the project' }).isVisible()).toBe(true);
    // Outside the team shell: no navbar, footer or language switcher.
    expect(await page.getByRole('link', { name: 'Forms' }).count()).toBe(0);
    expect(await page.locator('.sl-navbar, .sl-footer, .sl-floating-language').count()).toBe(0);
    expect(await page.getByTestId('submit-form').isDisabled()).toBe(true);

    await page.getByTestId('respondent-email').fill('maker@example.org');
    await page.getByLabel('Project name').fill('Solar kiln');
    const linkQuestion = page.getByTestId(`question-${form.fields.link.id}`);
    expect(await linkQuestion.isVisible()).toBe(false);
    await page.getByLabel('Prototype', { exact: true }).check();
    await linkQuestion.waitFor();
    await page.getByLabel('Prototype link').fill('https://kiln.example.org');
    await page.getByTestId('budget-expenses').getByLabel('Amount').first().fill('1200');

    await solveCaptcha(page, 'save-partial');
    await page.getByTestId('save-partial').click();
    const editLink = await page.getByTestId('edit-link').getAttribute('href');
    expect(editLink).toMatch(new RegExp(`/forms/${form.id}\\?token=.+&submission=\\d+$`));
    // The link is also mailed to the respondent.
    const saved = await waitForMailTo(server.url, 'maker@example.org');
    expect(saved.subject).toBe('Your saved answers to "Call for makers"');
    expect(saved.text).toContain(editLink);

    await page.goto(editLink ?? '');
    await page.getByLabel('Project name').waitFor();
    expect(await page.getByLabel('Project name').inputValue()).toBe('Solar kiln');
    expect(await page.getByLabel('Prototype link').inputValue()).toBe('https://kiln.example.org');
    expect(await page.getByTestId('respondent-email').count()).toBe(0);
    await page.getByTestId(`file-input-${form.fields.deck.id}`).setInputFiles({
      name: 'deck.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await page.getByTestId(`file-name-${form.fields.deck.id}`).getByText('deck.pdf').waitFor();

    await solveCaptcha(page, 'submit-form');
    await page.getByTestId('submit-form').click();
    await page.getByTestId('form-submitted').getByText('We will answer within a week.').waitFor();
    expect(await page.getByText('Tell us about your').count()).toBe(0);

    await page.goto(editLink ?? '');
    await page.getByText('You have already submitted your responses with this link').waitFor();

    const mail = await waitForMailTo(server.url, 'maker@example.org', 'Thanks for applying');
    expect(mail.text).toContain('Project name: Solar kiln');
    expect(mail.text).toContain('Pitch deck: deck.pdf');

    // The admin sees the response, titled by its name question, and previews the form without buttons.
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    await page.goto(`${server.url}/team/1/intake-forms/${form.id}?tab=responses`);
    await page.getByText('Solar kiln').first().waitFor();
    await page.goto(`${server.url}/team/1/intake-forms/${form.id}?tab=preview`);
    await page.getByTestId('public-form').getByText('About the project').waitFor();
    expect(await page.getByTestId('submit-form').count()).toBe(0);
  });

  it('says when a form cannot be loaded', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/forms/999999`);
    await page.getByText('The form could not be loaded').waitFor();
    expect(await page.getByRole('button', { name: 'Back' }).isVisible()).toBe(true);
  });

  it('tells a respondent that a form is not published yet, rather than that it failed', async () => {
    const { page, server } = session;
    const form = await adminRequest(server.url)<{ id: number }>('POST', 'intake-forms/', {
      team: 1,
      title: 'Call not yet open',
      published: false,
    });
    await page.goto(`${server.url}/forms/${form.id}`);
    await page.getByRole('heading', { name: 'This form is not published.' }).waitFor();
    await page.getByText('It cannot be answered yet.', { exact: false }).waitFor();
    expect(await page.getByText('The form could not be loaded').count()).toBe(0);
    expect(await page.getByText('Call not yet open').count()).toBe(0);

    // With no form to take a language from, a French browser reads it in French.
    const french = await session.browser.newContext({ locale: 'fr-FR' });
    const frenchPage = await french.newPage();
    await frenchPage.goto(`${server.url}/forms/${form.id}`);
    await frenchPage.getByRole('heading', { name: 'Ce formulaire n’est pas publié.' }).waitFor();
    await frenchPage.getByRole('button', { name: 'Retour' }).waitFor();
    await french.close();
  });

  it("speaks the form's own language, whatever the visitor's", async () => {
    const { page, server } = session;
    const api = adminRequest(server.url);
    const form = await api<{ id: number; data_model_id: number }>('POST', 'intake-forms/', {
      team: 1,
      title: 'Appel à projets',
      published: true,
      language_code: 'fr',
    });
    await api('POST', `data-models/${form.data_model_id}/datum-fields/`, {
      resourcetype: 'text',
      label: 'Nom du projet',
      required: true,
    });
    await page.goto(`${server.url}/forms/${form.id}`);
    await page.getByRole('heading', { name: 'Appel à projets' }).waitFor();
    expect(await page.getByText('Votre e-mail').isVisible()).toBe(true);
    expect(await page.getByTestId('submit-form').innerText()).toBe('Envoyer');
    await page.getByTestId('captcha').getByText('Je ne suis pas un robot').waitFor();

    // A bad e-mail and a missing answer are both told, in French, not by the browser's own bubble.
    await page.getByTestId('respondent-email').fill('pas-un-email');
    await page.getByTestId('captcha').getByText('Je ne suis pas un robot').click();
    await page.getByTestId('submit-form').and(page.locator(':enabled')).waitFor({ timeout: 20_000 });
    await page.getByTestId('submit-form').click();
    const errors = page.getByTestId('field-message');
    await errors.getByText('Ce champ est obligatoire.').waitFor();
    expect(await errors.allInnerTexts()).toEqual([
      'Veuillez saisir une adresse e-mail valide',
      'Ce champ est obligatoire.',
    ]);
    await page.getByLabel('Nom du projet').fill('Four solaire');
    await errors.getByText('Ce champ est obligatoire.').waitFor({ state: 'detached' });
  });
});
