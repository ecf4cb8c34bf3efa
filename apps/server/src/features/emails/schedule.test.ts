import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailBatches } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type Refusal, startSmtpSink } from '../../test/smtp.ts';
import { drainMailQueue, MAIL_MAX_ATTEMPTS } from '../mail/queue.ts';
import { sendScheduledBatches } from './send.ts';
import { emailFactories } from './test-factories.ts';

/** Addresses the sink refuses for now (450), until the test lets them through. */
const refused = new Set<string>();
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let t: TestApp;
let f: ReturnType<typeof emailFactories>;

beforeAll(async () => {
  sink = await startSmtpSink({
    refuse: (address): Refusal | undefined =>
      refused.has(address) ? { code: 450, text: '4.2.1 Mailbox temporarily unavailable' } : undefined,
  });
  t = await createTestApp({ env: { SMTP_URL: sink.url } });
  f = emailFactories(t);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const receivedBy = (domain: string) => sink.received.filter((m) => m.to[0]?.endsWith(domain));
const actions = async (teamId: number) =>
  (await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.teamId, teamId))).map(
    (row) => row.action,
  );

describe('a scheduled mailing', () => {
  it('waits until its time by the database clock, then the worker sends it', async () => {
    const s = await f.createSetup();
    const ids = await s.createItems([
      { title: 'A', email: 'a@sched.test' },
      { title: 'B', email: 'b@sched.test' },
    ]);
    const batch = await s.createBatch(ids);
    const [{ now } = { now: '' }] = (
      (await t.db.execute(sql`select (now() + interval '1 hour')::text as now`)) as unknown as {
        rows: { now: string }[];
      }
    ).rows;
    const sendAt = new Date(now).toISOString();
    const scheduled = await s.api('POST', `email-batches/${batch.id}/send_emails/`, { send_at: sendAt });
    expect(scheduled.json()).toMatchObject({ status: 'scheduled', scheduled_time: sendAt, send_time: null });
    // Not yet: neither the worker's task nor the queue sends anything.
    expect(await sendScheduledBatches(t.app.ctx)).toBe(0);
    await drainMailQueue(t.app.ctx);
    expect(receivedBy('sched.test')).toHaveLength(0);
    // A scheduled batch is not a draft: it cannot be changed.
    const edit = await s.api('PATCH', `email-batches/${batch.id}/`, { title: 'Other' });
    expect(edit.json()).toMatchObject({ code: 'BATCH_NOT_DRAFT' });

    // Its time comes on the database's clock (moved back an hour and a second here).
    await t.db
      .update(emailBatches)
      .set({ scheduledTime: sql`now() - interval '1 second'` })
      .where(eq(emailBatches.id, batch.id));
    expect(await sendScheduledBatches(t.app.ctx)).toBe(1);
    expect(await sendScheduledBatches(t.app.ctx)).toBe(0);
    await drainMailQueue(t.app.ctx);
    expect(receivedBy('sched.test')).toHaveLength(2);
    expect((await s.api('GET', `email-batches/${batch.id}/`)).json()).toMatchObject({ status: 'sent' });
    expect(await actions(s.team.id)).toEqual(expect.arrayContaining(['mailing.scheduled', 'mailing.sent']));
  });

  it('is cancelled back to a draft before its time; a past time sends at once', async () => {
    const s = await f.createSetup();
    const ids = await s.createItems([{ title: 'A', email: 'a@cancel.test' }]);
    const batch = await s.createBatch(ids);
    const later = new Date(Date.now() + 86_400_000).toISOString();
    await s.api('POST', `email-batches/${batch.id}/send_emails/`, { send_at: later });
    const cancelled = await s.api('POST', `email-batches/${batch.id}/cancel_schedule/`, {});
    expect(cancelled.json()).toMatchObject({ status: 'draft', scheduled_time: null });
    const again = await s.api('POST', `email-batches/${batch.id}/cancel_schedule/`, {});
    expect(again.json()).toMatchObject({ code: 'BATCH_NOT_SCHEDULED' });
    expect(await actions(s.team.id)).toContain('mailing.unscheduled');
    const past = new Date(Date.now() - 60_000).toISOString();
    const sent = await s.api('POST', `email-batches/${batch.id}/send_emails/`, { send_at: past });
    expect(sent.json()).toMatchObject({ status: 'sending' });
    const bad = await s.api('POST', `email-batches/${batch.id}/send_emails/`, { send_at: 'tomorrow' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('send_at');
  });
});

describe('sending the failed e-mails again', () => {
  it('sends only the failed ones, once the batch has finished', async () => {
    const s = await f.createSetup();
    const ids = await s.createItems([
      { title: 'OK 1', email: 'ok1@resend.test' },
      { title: 'OK 2', email: 'ok2@resend.test' },
      { title: 'Down', email: 'down@resend.test' },
    ]);
    refused.add('down@resend.test');
    const batch = await s.createBatch(ids);
    const early = await s.api('POST', `email-batches/${batch.id}/resend_failed/`, {});
    expect(early.json()).toMatchObject({ code: 'BATCH_NOT_FINISHED' });
    await s.api('POST', `email-batches/${batch.id}/send_emails/`, {});
    // The refused address is tried until its attempts run out.
    for (let i = 0, now = Date.now(); i < MAIL_MAX_ATTEMPTS; i += 1, now += 2 * 3_600_000) {
      await drainMailQueue(t.app.ctx, new Date(now));
    }
    expect((await s.api('GET', `email-batches/${batch.id}/`)).json()).toMatchObject({
      status: 'sent',
      progress: { sent: 2, failed: 1 },
    });
    // Sent side by side: in any order.
    expect(
      receivedBy('resend.test')
        .map((m) => m.to[0])
        .sort(),
    ).toEqual(['ok1@resend.test', 'ok2@resend.test']);

    refused.delete('down@resend.test');
    const resent = await s.api('POST', `email-batches/${batch.id}/resend_failed/`, {});
    expect(resent.json()).toMatchObject({ status: 'sending', progress: { sent: 2, queued: 1, failed: 0 } });
    await drainMailQueue(t.app.ctx);
    expect(
      receivedBy('resend.test')
        .map((m) => m.to[0])
        .sort(),
    ).toEqual(['down@resend.test', 'ok1@resend.test', 'ok2@resend.test']);
    expect((await s.api('GET', `email-batches/${batch.id}/`)).json()).toMatchObject({
      status: 'sent',
      progress: { sent: 3, failed: 0 },
    });
    const none = await s.api('POST', `email-batches/${batch.id}/resend_failed/`, {});
    expect(none.json()).toMatchObject({ code: 'NO_FAILED_EMAILS' });
    expect(await actions(s.team.id)).toContain('mailing.resent');
  });
});
