import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datumValues, emailBatches, emailSuppressions } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { drainMailQueue } from '../mail/queue.ts';
import { emailFactories } from './test-factories.ts';

let t: TestApp;
let f: ReturnType<typeof emailFactories>;

beforeAll(async () => {
  t = await createTestApp();
  f = emailFactories(t);
});
afterAll(() => t.close());

describe('e-mail batches', () => {
  it('need the package: every batch endpoint refuses without it, templates stay open', async () => {
    const s = await f.createSetup({ mass_emails: false });
    const { id: template } = await s.createTemplate();
    const refused = await s.api('POST', 'email-batches/', { team: s.team.id, title: 'B', template });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'MASS_EMAILS_NOT_ALLOWED',
      detail: 'Your package does not allow mass e-mails.',
    });
    expect((await s.api('GET', `email-batches/?team=${s.team.id}`)).statusCode).toBe(403);
  });

  it('creates, lists newest first by 10, edits and deletes drafts', async () => {
    const s = await f.createSetup();
    const { id: template } = await s.createTemplate();
    const missing = await s.api('POST', 'email-batches/', { team: s.team.id, title: '' });
    expect(missing.json()).toEqual({
      title: ['This field may not be blank.'],
      template: ['This field is required.'],
    });
    for (let i = 0; i < 11; i += 1) {
      expect(
        (await s.api('POST', 'email-batches/', { team: s.team.id, title: `B${i}`, template })).statusCode,
      ).toBe(201);
    }
    const page = (await s.api('GET', `email-batches/?team=${s.team.id}`)).json();
    expect(page.count).toBe(11);
    expect(page.results).toHaveLength(10);
    expect(page.results[0]).toMatchObject({
      title: 'B10',
      status: 'draft',
      template: { id: template, title: 'Invitation' },
      is_rendered: false,
      progress: { total: 0, draft: 0, queued: 0, sent: 0, failed: 0 },
    });
    const id = page.results[0].id;
    expect((await s.api('PATCH', `email-batches/${id}/`, { title: 'Renamed' })).json().title).toBe('Renamed');
    expect((await s.api('DELETE', `email-batches/${id}/`)).statusCode).toBe(204);
    expect((await s.api('GET', `email-batches/${id}/`)).statusCode).toBe(404);
  });

  it('creates an e-mail per item with an address, counting those left out, within the package size', async () => {
    const s = await f.createSetup({ mass_emails_batch_size_limit: 4 });
    const ids = await s.createItems([
      { title: 'A', email: 'a@example.org' },
      { title: 'B', email: 'B@Example.org' },
      { title: 'No mail' },
      { title: 'Gone', email: 'gone@example.org' },
    ]);
    await t.db
      .insert(emailSuppressions)
      .values({ email: 'gone@example.org', teamId: null, reason: 'invalid' });
    const { id: template } = await s.createTemplate();
    const batch = (await s.api('POST', 'email-batches/', { team: s.team.id, title: 'B', template })).json();
    const result = await s.api('POST', `email-batches/${batch.id}/create_emails/`, { datasets: ids });
    expect(result.json()).toEqual({
      nb_datasets: 4,
      nb_emails: 2,
      nb_without_email: 1,
      nb_unsubscribed: 0,
      nb_invalid: 1,
    });
    const emails = (await s.api('GET', `email-batches/${batch.id}/emails/`)).json();
    expect(emails.results.map((e: { email: { to: string } }) => e.email.to)).toEqual([
      'a@example.org',
      'b@example.org',
    ]);
    expect(emails.results[0]).toMatchObject({ dataset: ids[0], dataset_title: 'A', email: { status: null } });

    const more = await s.createItems([
      { title: 'C', email: 'c@example.org' },
      { title: 'D', email: 'd@example.org' },
      { title: 'E', email: 'e@example.org' },
    ]);
    const tooMany = await s.api('POST', `email-batches/${batch.id}/create_emails/`, { datasets: more });
    expect(tooMany.json()).toEqual({
      code: 'BATCH_SIZE_LIMIT',
      detail: 'Your package allows at most 4 e-mails in a batch.',
    });
    expect((await s.api('GET', `email-batches/${batch.id}/`)).json().progress.total).toBe(2);
    const fiveAtOnce = await s.api('POST', `email-batches/${batch.id}/create_emails/`, {
      datasets: [...ids, more[0]],
    });
    expect(fiveAtOnce.json().code).toBe('BATCH_SIZE_LIMIT');
  });

  it('takes the address from a chosen text field instead of the submission', async () => {
    const s = await f.createSetup();
    const [id] = await s.createItems([{ title: 'A', email: 'form@example.org' }]);
    await t.db.insert(datumValues).values({
      datasetId: id ?? 0,
      datumFieldId: s.fields.contact.id,
      resourcetype: 'text',
      response: 'contact@example.org',
    });
    const { id: template } = await s.createTemplate();
    const batch = (await s.api('POST', 'email-batches/', { team: s.team.id, title: 'B', template })).json();
    const result = await s.api('POST', `email-batches/${batch.id}/create_emails/`, {
      datasets: [id],
      email_field: s.fields.contact.id,
    });
    expect(result.json()).toMatchObject({ nb_emails: 1 });
    const [email] = (await s.api('GET', `email-batches/${batch.id}/emails/`)).json().results;
    expect(email.email.to).toBe('contact@example.org');
    const other = await f.createSetup();
    const foreignField = await s.api('POST', `email-batches/${batch.id}/create_emails/`, {
      datasets: [id],
      email_field: other.fields.contact.id,
    });
    expect(foreignField.json()).toEqual({
      email_field: [`Invalid pk "${other.fields.contact.id}" - object does not exist.`],
    });
  });

  it('renders each e-mail with its item, then refuses to send without each rule met, each with its code', async () => {
    const s = await f.createSetup({ mass_emails_batches_per_month: 1 });
    const ids = await s.createItems([
      { title: 'Acme', email: 'a@example.org', project: 'Rockets <3', stage: 'Seed' },
      { title: 'Bolt', email: 'b@example.org', project: 'Bikes', stage: 'Series A' },
    ]);
    const { id: template } = await s.createTemplate({ subject: '{{ stage }}' });
    const batch = (await s.api('POST', 'email-batches/', { team: s.team.id, title: 'B', template })).json();
    const send = () => s.api('POST', `email-batches/${batch.id}/send_emails/`, {});
    expect((await send()).json().code).toBe('NO_EMAILS');
    await s.api('POST', `email-batches/${batch.id}/create_emails/`, { datasets: ids });
    expect((await send()).json()).toEqual({
      code: 'NOT_RENDERED',
      detail: 'Preview the e-mails before sending them.',
    });

    const rendered = await s.api('POST', `email-batches/${batch.id}/render_emails/`, {});
    expect(rendered.json()).toMatchObject({ is_rendered: true, status: 'draft' });
    const emails = (await s.api('GET', `email-batches/${batch.id}/emails/`)).json().results;
    expect(emails[0].email).toMatchObject({ to: 'a@example.org', subject: 'Seed' });
    expect(emails[0].email.html_message).toContain('<p>Dear Rockets &lt;3 (Seed),</p>');
    expect(emails[1].email.html_message).toContain('<p>Dear Bikes (Series A),</p>');
    // The spec's `demails` in the batch's own reply, as the paged list holds them.
    const detail = (await s.api('GET', `email-batches/${batch.id}/`)).json();
    expect(detail).toMatchObject({ id: batch.id, progress: { total: 2 } });
    expect(detail.demails).toEqual(emails);
    expect(detail.demails[1]).toMatchObject({ dataset: ids[1], template, email: { to: 'b@example.org' } });
    const one = await s.api('GET', `demails/${emails[1].id}/`);
    expect(one.json()).toMatchObject({
      id: emails[1].id,
      batch: batch.id,
      template,
      email: { subject: 'Series A' },
    });

    // A subject that renders empty for an item: that e-mail cannot go.
    await s.createItems([{ title: 'Nostage', email: 'n@example.org' }]);
    const all = (await s.api('GET', `datasets/ids/?team=${s.team.id}`)).json();
    expect(all.count).toBe(3);
    await s.api('POST', `email-batches/${batch.id}/create_emails/`, { datasets: all.ids });
    await s.api('POST', `email-batches/${batch.id}/render_emails/`, {});
    expect((await send()).json()).toEqual({ code: 'NO_SUBJECT', detail: 'Each e-mail needs a subject.' });

    await s.api('PATCH', `email-templates/${template}/`, { subject: 'News for {{ title }}' });
    expect((await s.api('GET', `email-batches/${batch.id}/`)).json().is_rendered).toBe(false);
    await s.api('POST', `email-batches/${batch.id}/render_emails/`, {});
    const sent = await send();
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'sending', progress: { total: 3, queued: 3 } });
    expect((await send()).json().code).toBe('BATCH_NOT_DRAFT');
    expect((await s.api('DELETE', `email-batches/${batch.id}/`)).json().code).toBe('BATCH_NOT_DRAFT');
    expect(
      (await s.api('POST', `email-batches/${batch.id}/create_emails/`, { datasets: ids })).json().code,
    ).toBe('BATCH_NOT_DRAFT');

    const second = await s.createBatch(ids, { template });
    const overMonth = await s.api('POST', `email-batches/${second.id}/send_emails/`, {});
    expect(overMonth.json()).toEqual({
      code: 'BATCHES_PER_MONTH_LIMIT',
      detail: "Your package allows 1 batch sent a month; this month's is used.",
    });

    const third = await s.createBatch(ids, { template });
    await s.api('DELETE', `email-templates/${template}/`);
    expect((await s.api('POST', `email-batches/${third.id}/send_emails/`, {})).json()).toEqual({
      code: 'NO_TEMPLATE',
      detail: 'The batch does not have a related template.',
    });
    expect((await s.api('POST', `email-batches/${third.id}/render_emails/`, {})).json().code).toBe(
      'NO_TEMPLATE',
    );
  });

  it('answers 404 for another team on every batch and e-mail endpoint, and 400 for its ids in a body', async () => {
    const s = await f.createSetup();
    const other = await f.createSetup();
    const otherItems = await other.createItems([{ title: 'X', email: 'x@example.org' }]);
    const otherBatch = await other.createBatch(otherItems);
    const [otherEmail] = (await other.api('GET', `email-batches/${otherBatch.id}/emails/`)).json().results;
    const calls: ['GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown?][] = [
      ['GET', `email-batches/?team=${other.team.id}`],
      ['GET', `email-batches/${otherBatch.id}/`],
      ['PATCH', `email-batches/${otherBatch.id}/`, { title: 'x' }],
      ['DELETE', `email-batches/${otherBatch.id}/`],
      ['POST', `email-batches/${otherBatch.id}/create_emails/`, { datasets: otherItems }],
      ['POST', `email-batches/${otherBatch.id}/render_emails/`, {}],
      ['POST', `email-batches/${otherBatch.id}/send_emails/`, {}],
      ['GET', `email-batches/${otherBatch.id}/emails/`],
      ['GET', `demails/${otherEmail.id}/`],
      ['POST', 'email-batches/', { team: other.team.id, title: 'B', template: otherBatch.template }],
    ];
    for (const [method, url, payload] of calls) {
      expect([method, url, (await s.api(method, url, payload)).statusCode]).toEqual([method, url, 404]);
    }
    const mine = (
      await s.api('POST', 'email-batches/', { team: s.team.id, title: 'B', template: otherBatch.template })
    ).json();
    expect(mine).toEqual({ template: [`Invalid pk "${otherBatch.template}" - object does not exist.`] });
    const { id: myTemplate } = await s.createTemplate();
    const myBatch = (
      await s.api('POST', 'email-batches/', { team: s.team.id, title: 'B', template: myTemplate })
    ).json();
    const foreignItems = await s.api('POST', `email-batches/${myBatch.id}/create_emails/`, {
      datasets: otherItems,
    });
    expect(foreignItems.json()).toEqual({
      datasets: [`Invalid pk "${otherItems[0]}" - object does not exist.`],
    });
    expect(await t.db.$count(emailBatches, eq(emailBatches.teamId, other.team.id))).toBe(1);
  });
});

describe('unsubscribe', () => {
  it('works without sign-in by one-click POST and the page, and later batches skip the address', async () => {
    const s = await f.createSetup();
    const ids = await s.createItems([
      { title: 'A', email: 'Ann@example.org' },
      { title: 'B', email: 'bob@example.org' },
    ]);
    const batch = await s.createBatch(ids);
    await s.api('POST', `email-batches/${batch.id}/send_emails/`, {});
    await drainMailQueue(t.app.ctx);
    const [mail] = (
      await t.request({ method: 'GET', url: '/api/v1/outbox/', token: await t.superuserToken() })
    ).json().results as { to: string; html: string }[];
    expect(mail).toBeDefined();
    const emails = (await s.api('GET', `email-batches/${batch.id}/emails/`)).json().results;
    const html: string = emails[0].email.html_message;
    const token = /\/unsubscribe\/([\w.-]+)"/.exec(html)?.[1] ?? '';
    expect(token).not.toBe('');

    const info = await t.request({ method: 'GET', url: `/api/v1/unsubscribe/${token}/` });
    expect(info.json()).toEqual({
      team_title: s.team.title,
      email: 'ann@example.org',
      is_unsubscribed: false,
    });
    const oneClick = await t.request({
      method: 'POST',
      url: `/api/v1/unsubscribe/${token}/`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(204);
    expect((await t.request({ method: 'POST', url: `/api/v1/unsubscribe/${token}/` })).statusCode).toBe(204);
    expect(
      (await t.request({ method: 'GET', url: `/api/v1/unsubscribe/${token}/` })).json().is_unsubscribed,
    ).toBe(true);

    const next = await s.createBatch(ids);
    expect(next.created).toMatchObject({ nb_emails: 1, nb_unsubscribed: 1 });
    // Only this team: another team may still write to the address.
    const other = await f.createSetup();
    const otherIds = await other.createItems([{ title: 'A', email: 'ann@example.org' }]);
    expect((await other.createBatch(otherIds)).created).toMatchObject({ nb_emails: 1, nb_unsubscribed: 0 });

    const forged = `${token.slice(0, -3)}abc`;
    const bad = await t.request({ method: 'GET', url: `/api/v1/unsubscribe/${forged}/` });
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toEqual({ code: 'INVALID_LINK', detail: 'This unsubscribe link is not valid.' });
    expect(
      (await t.request({ method: 'POST', url: `/api/v1/unsubscribe/${s.team.id}.YQ.x/` })).statusCode,
    ).toBe(404);
  });
});
