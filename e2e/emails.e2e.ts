import { describe, expect, it } from 'vitest';
import { adminApi, callAdminApi } from './support/admin-api.ts';
import { readOutbox } from './support/outbox.ts';
import { chooseOption, signIn } from './support/pages.ts';
import { ADMIN } from './support/server.ts';
import { useBrowserSession } from './support/session.ts';

const session = useBrowserSession();

/** Four items of the demo workspace with a project name, three of them with a "contact" answer. */
async function createContacts(baseUrl: string) {
  const post = await adminApi(baseUrl);
  const itemType = await post<{ id: number }>('data-models/', { team: 1, title: 'Founders' });
  const fieldsUrl = `data-models/${itemType.id}/datum-fields/`;
  const contact = await post<{ id: number }>(fieldsUrl, { resourcetype: 'text', label: 'Contact' });
  const project = await post<{ id: number }>(fieldsUrl, {
    resourcetype: 'text',
    label: 'Project',
    template_variable_email: 'project name',
  });
  for (const [title, email, name] of [
    ['Acme', 'ann@example.org', 'Rockets & co'],
    ['Bolt', 'bob@example.org', 'Bikes'],
    ['Cove', 'cat@example.org', 'Boats'],
    ['Dune', '', 'Dunes'],
  ] as const) {
    await post('datasets/', {
      data_model: itemType.id,
      title,
      datum_values: [
        ...(email ? [{ datum_field: contact.id, resourcetype: 'text', response: email }] : []),
        { datum_field: project.id, resourcetype: 'text', response: name },
      ],
    });
  }
  return { itemType, contact };
}

describe('mass e-mail', () => {
  it('writes a template with a variable, mails checked items, previews them and sends them', async () => {
    const { page, server } = session;
    await createContacts(server.url);
    const setPackage = (values: object) => callAdminApi(server.url, 'PATCH', 'teams/1/', { package: values });
    const { package: plan } = await callAdminApi<{ package: object }>(server.url, 'GET', 'teams/1/');

    // Without the package there is no Emails link.
    await setPackage({ mass_emails: false });
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    await page.getByRole('link', { name: 'Items', exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Emails', exact: true }).count()).toBe(0);

    // With it, the bulk action is disabled for more items than a batch may hold, and says why.
    await setPackage({ mass_emails: true, mass_emails_batch_size_limit: 3 });
    await page.reload();
    await page.getByRole('link', { name: 'Items', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Select all' }).first().check();
    await expect.poll(() => page.getByTestId('mass-email').isDisabled()).toBe(true);
    await page.getByTestId('mass-email').hover({ force: true });
    await page.getByText('Your plan sends at most 3 e-mails in a mailing.').waitFor();
    await setPackage(plan);
    await page.goto(`${server.url}/team/1`);

    // A template whose body uses the project's name, typed in the rich-text editor.
    await page.getByRole('link', { name: 'Emails', exact: true }).click();
    await page.getByRole('tab', { name: 'Templates' }).click();
    await page.getByTestId('template-add').click();
    await page.getByTestId('template-title').fill('News');
    await page.getByTestId('template-subject').fill('News for {{ title }}');
    const body = page.getByRole('textbox', { name: 'Body' });
    await body.click();
    await body.pressSequentially('Dear ');
    await page.getByTestId('template-variable').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Project (Founders)' }).click();
    await body.pressSequentially(', welcome.');
    await page.getByTestId('template-save').click();
    await page.getByText('Template saved').waitFor();
    await page.getByRole('cell', { name: 'News for {{ title }}' }).waitFor();

    // The items table: check the page, select every match, then the bulk action.
    await page.getByRole('link', { name: 'Items', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Select all' }).first().check();
    await page.getByTestId('mass-email').click();
    const dialog = page.getByRole('dialog', { name: 'Mass e-mail to 4 items' });
    await dialog.getByTestId('batch-title').fill('Round 1');
    await chooseOption(page, dialog.getByTestId('batch-template'), 'News');
    await chooseOption(page, dialog.getByTestId('mass-email-address'), 'The answer to “Contact” (Founders)');
    await dialog.getByRole('button', { name: 'Create the e-mails' }).click();
    await page.waitForURL(/\/team\/1\/email\/batch\/\d+$/);
    // The item without an address is left out, and a warning says so.
    await page
      .getByText('1 item(s) without an e-mail, 0 unsubscribed and 0 invalid address(es) were left out.')
      .waitFor();
    await page.getByTestId('batch-emails').getByText('ann@example.org').waitFor();

    // Preview: the carousel wraps around at both ends.
    await page.getByTestId('batch-render').click();
    await page.getByTestId('carousel-position').getByText('1 of 3').waitFor();
    const historyBefore = await page.evaluate(() => history.length);
    expect(await page.getByTestId('carousel-subject').innerText()).toBe('News for Acme');
    await page.getByTestId('carousel-previous').click();
    await page.getByTestId('carousel-position').getByText('3 of 3').waitFor();
    await page.getByTestId('carousel-subject').getByText('News for Cove').waitFor();
    await page.getByTestId('carousel-next').click();
    await page.getByTestId('carousel-position').getByText('1 of 3').waitFor();
    const frame = page.frameLocator('[data-testid="email-frame"]');
    await frame.getByText('Dear Rockets & co, welcome.').waitFor();
    // Paging the e-mails leaves the browser's history alone: Back leaves the page, not the last e-mail.
    expect(await page.evaluate(() => history.length)).toBe(historyBefore);

    // Before sending, a test of the e-mail shown goes to the signed-in admin, marked [Test].
    await page.getByTestId('batch-send-test').click();
    await page.getByText(`Test sent to ${ADMIN.email}, its subject starting with [Test].`).waitFor();

    await page.getByTestId('batch-to-send').click();
    // The send step's other button goes back a step, and says so.
    await page.getByRole('button', { name: 'Back to the preview' }).waitFor();
    await page.getByTestId('batch-send').getByText('Send 3 e-mails').waitFor();
    await page.getByTestId('batch-send').click();
    await page.getByRole('button', { name: 'OK' }).click();
    // Without SMTP the worker keeps each e-mail in the outbox: sent, within its 5-second round. The page
    // follows the batch to its end without a reload: badge, totals, bar and every row agree.
    await page
      .getByTestId('batch-progress-text')
      .getByText('Sent: 3, failed: 0')
      .waitFor({ timeout: 30_000 });
    await page.getByTestId('batch-status').getByText('Sent').waitFor();
    const rows = page.getByTestId('batch-emails').locator('tbody tr');
    // From the same reading as the totals: no wait for the rows.
    expect(await rows.filter({ hasText: 'Sent' }).count()).toBe(3);
    expect(await rows.filter({ hasText: 'Queued' }).count()).toBe(0);
    expect(await page.getByTestId('batch-progress').getAttribute('aria-valuenow')).toBe('100');
    // A sent batch opens at its last step, every e-mail shown sent.
    await page.reload();
    await page.getByTestId('batch-progress-text').getByText('Sent: 3, failed: 0').waitFor();
    await rows.filter({ hasText: 'cat@example.org' }).getByText('Sent').waitFor();
    expect(await rows.filter({ hasText: 'Sent' }).count()).toBe(3);

    const outbox = await readOutbox(server.url);
    const ann = outbox.find((mail) => mail.to === 'ann@example.org');
    expect(ann?.subject).toBe('News for Acme');
    const test = outbox.filter((mail) => mail.to === ADMIN.email && mail.subject.startsWith('[Test]'));
    expect(test.map((mail) => mail.subject)).toEqual(['[Test] News for Acme']);
    expect(test[0]?.html).toContain('Rockets &amp; co, welcome.');
    // A space typed just before a variable is inserted may stay a no-break space, as contenteditable keeps
    // a trailing one: the same to a reader.
    expect(ann?.html?.replace(/\u00a0/g, ' ')).toContain('Dear Rockets &amp; co, welcome.');

    // The superuser's outbox shows each e-mail's HTML full page, one after the other, and closes with Escape.
    await page.goto(`${server.url}/admin/outbox`);
    const viewHtml = (subject: string) =>
      page
        .getByTestId('outbox-message')
        .filter({ hasText: subject })
        .first()
        .getByRole('button', { name: 'View the HTML version' });
    const shownHtml = (subject: string) =>
      page.getByRole('dialog', { name: subject }).frameLocator('[data-testid="email-frame"]').locator('body');
    await viewHtml('News for Cove').click();
    await shownHtml('News for Cove').getByText('welcome.').waitFor();
    await page.keyboard.press('Escape');
    await viewHtml('[Test] News for Acme').click();
    await shownHtml('[Test] News for Acme').getByText('Dear Rockets & co, welcome.').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // The footer's link unsubscribes, without signing in.
    const link = /href="(http[^"]+\/unsubscribe\/[^"]+)"/.exec(ann?.html ?? '')?.[1] ?? '';
    const stranger = await session.browser.newContext();
    const visitor = await stranger.newPage();
    await visitor.goto(link);
    await visitor.getByText('Stop receiving mass e-mails from Demo workspace at ann@example.org?').waitFor();
    await visitor.getByTestId('unsubscribe').click();
    await visitor.getByTestId('unsubscribed').waitFor();
    await stranger.close();
  });
});

describe('a scheduled mailing', () => {
  it('waits on its page until its time, then goes out without a reload', async () => {
    const { page, server } = session;
    const { itemType, contact } = await createContacts(server.url);
    const api = <T>(method: string, path: string, body?: object) =>
      callAdminApi<T>(server.url, method, path, body);
    await api('PATCH', 'teams/1/', { package: { mass_emails: true } });
    const template = await api<{ id: number }>('POST', 'email-templates/', {
      team: 1,
      title: 'Later',
      subject: 'Later for {{ title }}',
      html_content: '<p>Hello</p>',
    });
    const batch = await api<{ id: number }>('POST', 'email-batches/', {
      team: 1,
      title: 'Later',
      template: template.id,
    });
    const items = await api<{ results: { id: number }[] }>(
      'GET',
      `datasets/?team=1&data_model=${itemType.id}&limit=10`,
    );
    await api('POST', `email-batches/${batch.id}/create_emails/`, {
      datasets: items.results.map((item) => item.id),
      email_field: contact.id,
    });
    await api('POST', `email-batches/${batch.id}/render_emails/`, {});
    // (The first test's recipient who unsubscribed is left out when both tests run: count what was made.)
    const { progress } = await api<{ progress: { draft: number } }>('GET', `email-batches/${batch.id}/`);
    expect(progress.draft).toBeGreaterThan(0);
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    // Twelve seconds ahead: the page must read the batch again at its time, not only while it sends.
    await api('POST', `email-batches/${batch.id}/send_emails/`, {
      send_at: new Date(Date.now() + 12_000).toISOString(),
    });

    await page.goto(`${server.url}/team/1/email/batch/${batch.id}`);
    await page.getByTestId('batch-scheduled').waitFor();
    await page.getByTestId('batch-status').getByText('Scheduled').waitFor();
    await page
      .getByTestId('batch-progress-text')
      .getByText(`Sent: ${progress.draft}, failed: 0`)
      .waitFor({ timeout: 30_000 });
    await page.getByTestId('batch-status').getByText('Sent').waitFor();
    expect(await page.getByTestId('batch-scheduled').count()).toBe(0);
  });
});
