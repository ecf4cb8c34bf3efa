import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callAdminApi } from './support/admin-api.ts';
import { waitForMailTo } from './support/outbox.ts';
import { signIn } from './support/pages.ts';
import { ADMIN } from './support/server.ts';
import { useBrowserSession } from './support/session.ts';

const session = useBrowserSession();

/** Presses Tab (or Shift+Tab) until the focus is in an element matching `selector`, as a keyboard user would. */
async function tabTo(page: Page, selector: string, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  const isThere = () => page.evaluate((wanted) => Boolean(document.activeElement?.closest(wanted)), selector);
  for (let presses = 0; presses < 60; presses += 1) {
    if (await isThere()) return;
    await page.keyboard.press(key);
  }
  throw new Error(`the keyboard never reached ${selector}`);
}

describe('mass e-mail in French, by keyboard', () => {
  it('writes a template and creates a mailing with the keyboard only, every text in French', async () => {
    const { page, server } = session;
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    await page.evaluate(() => localStorage.setItem('shortlist.language', 'fr'));
    await page.goto(`${server.url}/team/1/emails`);
    await page.getByRole('heading', { name: 'E-mails', exact: true }).waitFor();
    await page.getByText('Aucun envoi pour le moment.').waitFor();

    // The templates tab, reached by Tab and the arrows.
    await tabTo(page, '[role="tab"]');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    const templatesTab = page.getByRole('tab', { name: 'Modèles' });
    await expect.poll(() => templatesTab.getAttribute('aria-selected')).toBe('true');
    await page.getByText('Aucun modèle pour le moment.').waitFor();
    await page.getByRole('columnheader', { name: 'Objet' }).waitFor();

    await tabTo(page, '[data-testid="template-add"]');
    await page.keyboard.press('Enter');
    const templateDialog = page.getByRole('dialog', { name: 'Nouveau modèle' });
    await templateDialog.waitFor();
    await templateDialog.getByText('Insérer une variable').waitFor();
    await tabTo(page, '[data-testid="template-title"]');
    await page.keyboard.type('Nouvelles');
    await tabTo(page, '[data-testid="template-subject"]');
    await page.keyboard.type('Nouvelles de {{ title }}');
    await tabTo(page, '[contenteditable="true"]');
    await page.keyboard.type('Bonjour à tous.');
    await tabTo(page, '[data-testid="template-save"]');
    await page.keyboard.press('Enter');
    await page.getByText('Modèle enregistré').waitFor();
    await templateDialog.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: 'Nouvelles de {{ title }}' }).waitFor();

    // Back to the mailings, then a new one from its dialog.
    await tabTo(page, '[role="tab"]', 'Shift+Tab');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByRole('tab', { name: 'Envois' }).getAttribute('aria-selected'))
      .toBe('true');
    await tabTo(page, '[data-testid="batch-add"]');
    await page.keyboard.press('Enter');
    const batchDialog = page.getByRole('dialog', { name: 'Nouvel envoi' });
    await batchDialog.waitFor();
    await tabTo(page, '[data-testid="batch-title"]');
    await page.keyboard.type('Tournée 1');
    await tabTo(page, '[data-testid="batch-template"]');
    await page.keyboard.press('ArrowDown');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Nouvelles' })
      .waitFor();
    await page.keyboard.press('Enter');
    await batchDialog.getByTestId('batch-template').getByText('Nouvelles').waitFor();
    await tabTo(page, '.ant-modal-footer .ant-btn-primary');
    await page.keyboard.press('Enter');

    // The mailing's page: its steps and its empty list, in French.
    await page.waitForURL(/\/team\/1\/email\/batch\/\d+$/);
    for (const step of ['E-mails', 'Aperçu', 'Envoi', 'Envoyé']) {
      await page.locator('.ant-steps').getByText(step, { exact: true }).waitFor();
    }
    await page
      .getByText(
        'Aucun e-mail dans cet envoi : sélectionnez des éléments dans le tableau des éléments puis « Envoyer un e-mail groupé ».',
      )
      .waitFor();
    await page.getByText('Tous les envois').waitFor();
  });
});

describe('an e-mail not sent', () => {
  it('says why in the interface’s language, and in the other once the admin switches', async () => {
    const { page, server } = session;
    const api = <T>(method: string, path: string, body?: object) =>
      callAdminApi<T>(server.url, method, path, body);
    await api('PATCH', 'teams/1/', { package: { mass_emails: true } });
    const itemType = await api<{ id: number }>('POST', 'data-models/', { team: 1, title: 'Contacts' });
    const contact = await api<{ id: number }>('POST', `data-models/${itemType.id}/datum-fields/`, {
      resourcetype: 'text',
      label: 'E-mail',
    });
    const ids: number[] = [];
    for (const [title, email] of [
      ['Ada', 'ada@example.org'],
      ['Ben', 'ben@example.org'],
    ]) {
      const item = await api<{ id: number }>('POST', 'datasets/', {
        data_model: itemType.id,
        title,
        datum_values: [{ datum_field: contact.id, resourcetype: 'text', response: email }],
      });
      ids.push(item.id);
    }
    const template = await api<{ id: number }>('POST', 'email-templates/', {
      team: 1,
      title: 'Round',
      subject: 'Round for {{ title }}',
      html_content: '<p>Hello</p>',
    });
    const previewedMailing = async (title: string) => {
      const batch = await api<{ id: number }>('POST', 'email-batches/', {
        team: 1,
        title,
        template: template.id,
      });
      await api('POST', `email-batches/${batch.id}/create_emails/`, {
        datasets: ids,
        email_field: contact.id,
      });
      await api('POST', `email-batches/${batch.id}/render_emails/`, {});
      return batch;
    };
    const first = await previewedMailing('First');
    const second = await previewedMailing('Second');
    // Ben unsubscribes with the first mailing's link after the second was made: the second skips him.
    await api('POST', `email-batches/${first.id}/send_emails/`, {});
    const html = (await waitForMailTo(server.url, 'ben@example.org')).html ?? '';
    const token = /\/unsubscribe\/([\w.-]+)/.exec(html)?.[1];
    const unsubscribed = await fetch(`${server.url}/api/v1/unsubscribe/${token}/`, { method: 'POST' });
    expect(unsubscribed.status).toBe(204);
    await api('POST', `email-batches/${second.id}/send_emails/`, {});

    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    await page.evaluate(() => localStorage.setItem('shortlist.language', 'fr'));
    await page.goto(`${server.url}/team/1/email/batch/${second.id}`);
    const row = page.getByRole('row').filter({ hasText: 'ben@example.org' });
    await row
      .getByText('Non envoyé : le destinataire s’est désabonné des e-mails de cette équipe.')
      .waitFor({ timeout: 30_000 });
    await page.getByTestId('language-en').click();
    await row.getByText('Not sent: the recipient unsubscribed from this team’s e-mails.').waitFor();
    await page.evaluate(() => localStorage.setItem('shortlist.language', 'en'));
  });
});
