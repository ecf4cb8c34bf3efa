import { describe, expect, it } from 'vitest';
import { callAdminApi } from './support/admin-api.ts';
import { readOutbox } from './support/outbox.ts';
import { chooseOption, signIn } from './support/pages.ts';
import { respond } from './support/public-form.ts';
import { ADMIN } from './support/server.ts';
import { useBrowserSession } from './support/session.ts';

const session = useBrowserSession();

const api = <T>(method: string, path: string, body?: object) =>
  callAdminApi<T>(session.server.url, method, path, body);

/** A response to the form's one question, the project's name. */
const respondWith = (formId: number, fieldId: number, email: string, project: string) =>
  respond(session.server.url, formId, email, [[fieldId, project]]);

describe('answers back to applicants', () => {
  it('sets decisions from a report, sends them in a decisions mailing, and the respondent sees theirs', async () => {
    const { page, server } = session;
    await api('PATCH', 'teams/1/', { package: { mass_emails: true } });
    const form = await api<{ id: number; data_model_id: number }>('POST', 'intake-forms/', {
      team: 1,
      title: 'Call for rockets',
      published: true,
    });
    const field = await api<{ id: number }>('POST', `data-models/${form.data_model_id}/datum-fields/`, {
      resourcetype: 'text',
      label: 'Project',
    });
    await api('PATCH', `intake-forms/${form.id}/`, { title_field: field.id });
    const ann = await respondWith(form.id, field.id, 'ann@example.org', 'Apollo');
    const bob = await respondWith(form.id, field.id, 'bob@example.org', 'Borealis');
    const cat = await respondWith(form.id, field.id, 'cat@example.org', 'Comet');

    // One judge rates Apollo 5, Borealis 4, Comet 1: the report's top 2 are Apollo and Borealis.
    const issue = await api<{ id: number }>('POST', 'issues/', {
      team: 1,
      resourcetype: 'RatingIssue',
      title: 'Rocket jury',
    });
    await api('POST', `issues/${issue.id}/datasets/`, { datasets: [ann.item, bob.item, cat.item] });
    await api('POST', `issues/${issue.id}/set_access/`, { emails: ['judge@example.org'], access: true });
    const judges = await api<{ results: { issue_answer_link: string }[] }>(
      'GET',
      `issues/${issue.id}/judges/`,
    );
    const token = new URL(judges.results[0]?.issue_answer_link ?? '', server.url).searchParams.get('token');
    const judged = await fetch(`${server.url}/api/v1/issues/${issue.id}/submissions/?token=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        answers: [
          { dataset: ann.item, value: 5 },
          { dataset: bob.item, value: 4 },
          { dataset: cat.item, value: 1 },
        ],
      }),
    });
    expect(judged.status).toBe(201);
    await api('POST', 'email-templates/', {
      team: 1,
      title: 'Outcome',
      subject: 'Your application {{ title }}: {{ decision }}',
      html_content: '<p>Decision: {{ decision }}, rank {{ rank }}.</p>',
    });

    // The admin accepts the report's top 2.
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/team\/1$/);
    await page.goto(`${server.url}/team/1/issue/${issue.id}/manage?tab=report`);
    await page.getByTestId('decisions-button').click();
    const dialog = page.getByRole('dialog', { name: 'Decisions' });
    await dialog.getByTestId('decision-top').fill('2');
    await dialog.getByRole('button', { name: 'Set' }).click();
    await page.getByText('2 decisions changed, pending until sent.').waitFor();

    // Pending: the respondent's edit link shows the response's status, and no decision yet.
    const respondent = await session.browser.newContext();
    const applicant = await respondent.newPage();
    await applicant.goto(ann.link);
    await applicant.getByTestId('submission-status').getByText('Your response was submitted on').waitFor();
    expect(await applicant.getByTestId('submission-decision').count()).toBe(0);

    // A decisions mailing to the pending decisions, its count shown before adding them.
    await page.goto(`${server.url}/team/1/emails`);
    await page.getByTestId('batch-add').click();
    const create = page.getByRole('dialog', { name: 'New mailing' });
    await create.getByTestId('batch-title').fill('Outcome of round 1');
    await chooseOption(page, create.getByTestId('batch-template'), 'Outcome');
    await chooseOption(page, create.getByTestId('batch-issue'), 'Rocket jury');
    await create.getByTestId('batch-sends-decisions').check();
    await create.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(/\/team\/1\/email\/batch\/\d+$/);
    await page.getByTestId('batch-audience').click();
    const audience = page.getByRole('dialog', { name: 'Add recipients' });
    await audience.getByTestId('audience-pending').check();
    await audience.getByTestId('audience-count').getByText('2 item(s), 2 with an e-mail address.').waitFor();
    await audience.getByRole('button', { name: 'Add' }).click();
    await page.getByText('2 e-mails added.').waitFor();
    await page.getByTestId('batch-emails').getByText('bob@example.org').waitFor();
    await page.getByTestId('batch-render').click();
    await page
      .getByTestId('carousel-subject')
      .getByText(/Your application (Apollo|Borealis): Accepted/)
      .waitFor();
    await page.getByTestId('batch-to-send').click();
    await page.getByTestId('batch-send').click();
    await page.getByRole('button', { name: 'OK' }).click();
    await page
      .getByTestId('batch-progress-text')
      .getByText('Sent: 2, failed: 0')
      .waitFor({ timeout: 30_000 });

    const outbox = await readOutbox(server.url);
    expect(outbox.find((mail) => mail.to === 'ann@example.org')?.subject).toBe(
      'Your application Apollo: Accepted',
    );
    expect(outbox.some((mail) => mail.to === 'cat@example.org')).toBe(false);

    // Sent: the edit link now tells the decision; Comet, with none, still shows none.
    await applicant.reload();
    await applicant
      .getByTestId('submission-decision')
      .getByText('Decision: your application is accepted.')
      .waitFor();
    await applicant.goto(cat.link);
    await applicant.getByTestId('submission-status').waitFor();
    expect(await applicant.getByTestId('submission-decision').count()).toBe(0);
    await respondent.close();
  });

  it('tells a declined applicant the decision without inviting them to edit, in English and in French', async () => {
    const { server } = session;
    const form = await api<{ id: number; data_model_id: number }>('POST', 'intake-forms/', {
      team: 1,
      title: 'Call for kites',
      published: true,
    });
    const field = await api<{ id: number }>('POST', `data-models/${form.data_model_id}/datum-fields/`, {
      resourcetype: 'text',
      label: 'Kite',
    });
    const inOneWeek = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
    await api('PATCH', `intake-forms/${form.id}/`, { edit_until: inOneWeek });
    const dan = await respondWith(form.id, field.id, 'dan@kites.test', 'Delta');
    const eve = await respondWith(form.id, field.id, 'eve@kites.test', 'Eagle');
    await api('PATCH', 'teams/1/', { package: { mass_emails: true } });
    await api('POST', 'decisions/', { team: 1, datasets: [dan.item], decision: 'declined' });
    await api('POST', 'decisions/', { team: 1, datasets: [eve.item], decision: 'accepted' });
    const template = await api<{ id: number }>('POST', 'email-templates/', {
      team: 1,
      title: 'Kites outcome',
      subject: 'Your kite',
      html_content: '<p>{{ decision }}</p>',
    });
    const batch = await api<{ id: number }>('POST', 'email-batches/', {
      team: 1,
      title: 'Kites outcome',
      template: template.id,
      sends_decisions: true,
    });
    await api('POST', `email-batches/${batch.id}/add_audience/`, { audience: { form: form.id } });
    await api('POST', `email-batches/${batch.id}/render_emails/`, {});
    await api('POST', `email-batches/${batch.id}/send_emails/`, {});
    await expect
      .poll(
        async () => (await readOutbox(server.url)).filter((mail) => mail.subject === 'Your kite').length,
        {
          timeout: 30_000,
        },
      )
      .toBe(2);

    const respondent = await session.browser.newContext();
    const applicant = await respondent.newPage();
    await applicant.goto(dan.link);
    await applicant.getByText('Decision: your application was not selected.').waitFor();
    await applicant
      .getByText('Your responses are shown below as you sent them; they can no longer be changed.')
      .waitFor();
    expect(await applicant.getByTestId('submit-form').count()).toBe(0);
    expect(await applicant.getByLabel('Kite').isDisabled()).toBe(true);
    expect(await applicant.getByText('You are changing').count()).toBe(0);

    // Accepted: the decision, and a correction still possible until the date.
    await applicant.goto(eve.link);
    await applicant.getByText('Decision: your application is accepted.').waitFor();
    await applicant
      .getByText('If a detail has changed since, you can still correct your responses until')
      .waitFor();
    expect(await applicant.getByTestId('submit-form').count()).toBe(1);

    // The same page of a French form.
    await api('PATCH', `intake-forms/${form.id}/`, { language_code: 'fr' });
    await applicant.goto(dan.link);
    await applicant.getByText('Décision : votre candidature n’a pas été retenue.').waitFor();
    await applicant
      .getByText(
        'Vos réponses sont affichées ci-dessous telles que vous les avez envoyées ; elles ne peuvent plus être modifiées.',
      )
      .waitFor();
    expect(await applicant.getByTestId('submit-form').count()).toBe(0);
    expect(await applicant.getByText('Vous modifiez').count()).toBe(0);
    await respondent.close();
  });
});
