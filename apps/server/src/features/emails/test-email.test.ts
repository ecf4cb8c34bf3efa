import { TEMPLATE_TOO_LARGE_MESSAGE, TEST_EMAILS_PER_WINDOW } from '@shortlist/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { decodeBody, pickyRecipients, startSmtpSink } from '../../test/smtp.ts';
import { pendingMailCount } from '../mail/queue.ts';
import { BODY_PAST_LIMITS_FOR_BOOM, emailFactories } from './test-factories.ts';

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let t: TestApp;
let f: ReturnType<typeof emailFactories>;

beforeAll(async () => {
  // Takes every address but bounce-* (550, for good).
  sink = await startSmtpSink({ refuse: pickyRecipients() });
  t = await createTestApp({ env: { SMTP_URL: sink.url } });
  f = emailFactories(t);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const receivedBy = (address: string) => sink.received.filter((mail) => mail.to[0] === address);

describe('a test of a batch e-mail, sent to the admin', () => {
  it('renders the chosen item’s e-mail and mails it at once to the admin, marked [Test], counted as no batch', async () => {
    const s = await f.createSetup({ mass_emails_batches_per_month: 1 });
    const ids = await s.createItems([
      { title: 'Acme', email: 'ann@test-mail.test', project: 'Rockets & co', stage: 'Seed' },
      { title: 'Bolt', email: 'bob@test-mail.test', project: 'Bikes', stage: 'Series A' },
    ]);
    const batch = await s.createBatch(ids);
    const queued = await pendingMailCount(t.db);

    const reply = await s.api('POST', `email-batches/${batch.id}/send_test_email/`, { dataset: ids[1] });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ to: s.user.email, subject: '[Test] News for Bolt' });

    const [mail] = receivedBy(s.user.email);
    expect(receivedBy(s.user.email)).toHaveLength(1);
    const raw = decodeBody(mail?.raw ?? '');
    expect(raw).toMatch(/^Subject: \[Test\] News for Bolt/m);
    expect(raw).toContain('<p>Dear Bikes (Series A),</p>');
    // The text part's rule above the footer fits a phone's line.
    expect(raw).toMatch(/^welcome\.\r?\n\r?\n-{24}\r?\n\r?\nTeam \d+ — Unsubscribe/m);
    expect(raw).toMatch(/^List-Unsubscribe:\s+<http:\/\/shortlist\.test\/api\/v1\/unsubscribe\/[\w.-]+\/>/m);
    // Nobody else got it, nothing waits in the queue, and the batch is still a draft with its month's send left.
    expect(sink.received.some((received) => received.to[0]?.endsWith('test-mail.test'))).toBe(false);
    expect(await pendingMailCount(t.db)).toBe(queued);
    const after = (await s.api('GET', `email-batches/${batch.id}/`)).json();
    expect(after).toMatchObject({ status: 'draft', send_time: null, progress: { draft: 2, queued: 0 } });
    expect((await s.api('POST', `email-batches/${batch.id}/send_emails/`, {})).statusCode).toBe(200);
  });

  it('refuses an item that is not in the batch, another team’s batch and a template past its limits', async () => {
    const s = await f.createSetup();
    const [inBatch, outside, bomb] = await s.createItems([
      { title: 'In', email: 'in@test-mail.test', project: 'x' },
      { title: 'Out', email: 'out@test-mail.test', project: 'y' },
      { title: 'Bomb', email: 'bomb@test-mail.test', project: 'boom' },
    ]);
    const batch = await s.createBatch([inBatch as number, bomb as number]);
    const notInBatch = await s.api('POST', `email-batches/${batch.id}/send_test_email/`, {
      dataset: outside,
    });
    expect(notInBatch.statusCode).toBe(400);
    expect(notInBatch.json()).toEqual({ dataset: [`Invalid pk "${outside}" - object does not exist.`] });

    const other = await f.createSetup();
    const foreign = await other.api('POST', `email-batches/${batch.id}/send_test_email/`, {
      dataset: inBatch,
    });
    expect(foreign.statusCode).toBe(404);

    const template = await s.createTemplate({ html_content: BODY_PAST_LIMITS_FOR_BOOM });
    await s.api('PATCH', `email-batches/${batch.id}/`, { template: template.id });
    const tooLarge = await s.api('POST', `email-batches/${batch.id}/send_test_email/`, { dataset: bomb });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json()).toEqual({ html_content: [TEMPLATE_TOO_LARGE_MESSAGE] });
    expect(receivedBy(s.user.email)).toHaveLength(0);
  });

  it(`allows ${TEST_EMAILS_PER_WINDOW} tests an hour to one admin, then answers 429`, async () => {
    const s = await f.createSetup();
    const ids = await s.createItems([{ title: 'Acme', email: 'ann@limit-mail.test', project: 'x' }]);
    const batch = await s.createBatch(ids);
    const send = () => s.api('POST', `email-batches/${batch.id}/send_test_email/`, { dataset: ids[0] });
    for (let i = 0; i < TEST_EMAILS_PER_WINDOW; i += 1) expect((await send()).statusCode).toBe(200);
    const throttled = await send();
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ code: 'THROTTLED' });
    expect(receivedBy(s.user.email)).toHaveLength(TEST_EMAILS_PER_WINDOW);
  });

  it('says so when the mail server refuses the admin’s address', async () => {
    const bouncing = await f.createSetup();
    await t.db
      .update(users)
      .set({ email: 'bounce-admin@test-mail.test' })
      .where(eq(users.id, bouncing.user.id));
    const ids = await bouncing.createItems([{ title: 'Acme', email: 'ann2@test-mail.test', project: 'x' }]);
    const batch = await bouncing.createBatch(ids);
    const reply = await bouncing.api('POST', `email-batches/${batch.id}/send_test_email/`, {
      dataset: ids[0],
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ code: 'EMAIL_REFUSED' });
  });
});
