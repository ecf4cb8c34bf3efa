import type { Demail } from '@shortlist/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emailSuppressions, mailQueue, users } from '../../db/schema/index.ts';
import { startWorker } from '../../jobs/worker.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { decodeBody, pickyRecipients, startSmtpSink } from '../../test/smtp.ts';
import { mailJobs } from '../mail/jobs.ts';
import { createMailer } from '../mail/mailer.ts';
import { drainMailQueue, enqueueMail } from '../mail/queue.ts';
import { emailFactories } from './test-factories.ts';

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let t: TestApp;
let f: ReturnType<typeof emailFactories>;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ env: { SMTP_URL: sink.url } });
  f = emailFactories(t);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const receivedBy = (domain: string) => sink.received.filter((mail) => mail.to[0]?.endsWith(domain));
const seeds = (n: number, domain: string) =>
  Array.from({ length: n }, (_, i) => ({
    title: `Item ${i} <${i}>`,
    email: `p${i}@${domain}`,
    project: `Project & ${i}`,
    stage: i % 2 ? 'Seed' : 'Series A',
  }));

async function sentBatch(n: number, domain: string) {
  const s = await f.createSetup();
  const ids = await s.createItems(seeds(n, domain));
  const batch = await s.createBatch(ids);
  const sent = await s.api('POST', `email-batches/${batch.id}/send_emails/`, {});
  expect(sent.json().status).toBe('sending');
  return { s, batch };
}

describe('sending a batch', () => {
  it('sends 50 e-mails rendered with each item, HTML escaped, with the unsubscribe headers', async () => {
    const { s, batch } = await sentBatch(50, 'fifty.test');
    expect(await drainMailQueue(t.app.ctx)).toEqual({ sent: 50, failed: 0 });
    const mails = receivedBy('fifty.test');
    expect(mails).toHaveLength(50);
    expect(new Set(mails.map((mail) => mail.to[0])).size).toBe(50);
    const mail7 = mails.find((mail) => mail.to[0] === 'p7@fifty.test');
    const raw = decodeBody(mail7?.raw ?? '');
    expect(raw).toMatch(/^Subject: News for Item 7 <7>/m);
    expect(raw).toContain('<p>Dear Project &amp; 7 (Seed),</p>');
    expect(raw).toMatch(/^List-Unsubscribe:\s+<http:\/\/shortlist\.test\/api\/v1\/unsubscribe\/[\w.-]+\/>/m);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(raw).toContain('Dear Project & 7 (Seed),'); // the plain-text part

    const reply = (await s.api('GET', `email-batches/${batch.id}/`)).json();
    expect(reply).toMatchObject({ status: 'sent', progress: { total: 50, sent: 50, queued: 0, failed: 0 } });
    const emails = (await s.api('GET', `email-batches/${batch.id}/emails/?status=sent&limit=100`)).json();
    expect(emails.count).toBe(50);
    expect(emails.results[0]).toMatchObject({ email: { status: 0 }, attempts: 1, error: null });
    expect(emails.results[0].sent_time).not.toBeNull();
  });

  it('stopped half-way and started again, sends each remaining e-mail exactly once', async () => {
    await sentBatch(50, 'restart.test');
    const log = { error: vi.fn() } as unknown as Parameters<typeof startWorker>[2]['log'];
    const first = startWorker(t.app.ctx, mailJobs({ mailRatePerMinute: 600 }), { log, intervalMs: 10 });
    await vi.waitFor(() => expect(receivedBy('restart.test').length).toBeGreaterThanOrEqual(15), {
      timeout: 10_000,
    });
    await first.stop();
    const afterStop = receivedBy('restart.test').length;
    expect(afterStop).toBeLessThan(50);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receivedBy('restart.test')).toHaveLength(afterStop);

    const second = startWorker(t.app.ctx, mailJobs({ mailRatePerMinute: 6000 }), { log, intervalMs: 10 });
    await vi.waitFor(() => expect(receivedBy('restart.test')).toHaveLength(50), { timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await second.stop();
    const addresses = receivedBy('restart.test').map((mail) => mail.to[0]);
    expect(addresses).toHaveLength(50);
    expect(new Set(addresses).size).toBe(50);
  });

  it('keeps the configured rate', async () => {
    await sentBatch(30, 'rate.test');
    const log = { error: vi.fn() } as unknown as Parameters<typeof startWorker>[2]['log'];
    const started = Date.now();
    // 1,200 a minute: 20 a second, with one second saved up at the start.
    const worker = startWorker(t.app.ctx, mailJobs({ mailRatePerMinute: 1200 }), { log, intervalMs: 10 });
    await vi.waitFor(() => expect(receivedBy('rate.test')).toHaveLength(30), { timeout: 10_000 });
    await worker.stop();
    const seconds = (Date.now() - started) / 1000;
    expect(seconds).toBeGreaterThan(0.4);
  });

  it('sends a message claimed by a process that died only once its claim has lapsed, and once', async () => {
    await enqueueMail(t.db, { to: 'orphan@crash.test', subject: 'S', text: 'T' });
    // As a crashed process leaves it: claimed, never marked.
    await t.db
      .update(mailQueue)
      .set({ nextAttemptAt: new Date(Date.now() + 5 * 60 * 1000) })
      .where(eq(mailQueue.to, 'orphan@crash.test'));
    expect(await drainMailQueue(t.app.ctx)).toEqual({ sent: 0, failed: 0 });
    const later = new Date(Date.now() + 6 * 60 * 1000);
    expect(await drainMailQueue(t.app.ctx, later)).toEqual({ sent: 1, failed: 0 });
    expect(await drainMailQueue(t.app.ctx, later)).toEqual({ sent: 0, failed: 0 });
    expect(receivedBy('crash.test')).toHaveLength(1);
  });

  it('never sends a message twice when the SMTP server is slower than a claim lasts', async () => {
    const slow = {
      kind: 'smtp' as const,
      sent: [] as string[],
      async send(message: { to: string }) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        slow.sent.push(message.to);
      },
      close() {},
    };
    await enqueueMail(
      t.db,
      Array.from({ length: 20 }, (_, i) => ({ to: `s${i}@slow.test`, subject: 'S', text: 'T' })),
    );
    // Each claim lasts 600 ms, four sends' worth: the 20 messages take 1.5 s or more, so only claiming per
    // send keeps them single. The margin leaves a loaded database time to mark each message sent.
    const options = { leaseMs: 600, concurrency: 1 };
    await Promise.all([
      drainMailQueue({ db: t.db, mailer: slow }, undefined, options),
      drainMailQueue({ db: t.db, mailer: slow }, undefined, options),
    ]);
    expect(slow.sent.filter((to) => to.endsWith('slow.test')).sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `s${i}@slow.test`).sort(),
    );
  });
});

describe('an SMTP server that refuses some recipients', () => {
  it('fails the 550s at once with the reply kept and the address invalid, retries the 4xx until sent', async () => {
    const picky = await startSmtpSink({ refuse: pickyRecipients() });
    const mailer = createMailer({ smtpUrl: picky.url, from: 'test@example.org', db: t.db, log: t.app.log });
    try {
      const s = await f.createSetup();
      await t.createUser({ email: 'bounce-1@picky.test' });
      const ids = await s.createItems([
        { title: 'OK', email: 'ok@picky.test' },
        { title: 'Bounce 1', email: 'bounce-1@picky.test' },
        { title: 'Bounce 2', email: 'bounce-2@picky.test' },
        { title: 'Busy', email: 'busy-1@picky.test' },
      ]);
      const batch = await s.createBatch(ids);
      await s.api('POST', `email-batches/${batch.id}/send_emails/`, {});

      expect(await drainMailQueue({ db: t.db, mailer })).toEqual({ sent: 1, failed: 3 });
      const failed = (await s.api('GET', `email-batches/${batch.id}/emails/?status=failed`)).json().results;
      expect(failed.map((e: { email: { to: string } }) => e.email.to).sort()).toEqual([
        'bounce-1@picky.test',
        'bounce-2@picky.test',
      ]);
      expect(failed[0].error).toMatch(/^The mail server answered: 550 5\.1\.1 No such user here/);
      const inFrench = await t.request({
        method: 'GET',
        url: `/api/v1/email-batches/${batch.id}/emails/?status=failed`,
        token: s.token,
        headers: { 'accept-language': 'fr' },
      });
      expect(inFrench.json().results[0].error).toMatch(
        /^Le serveur de messagerie a répondu : 550 5\.1\.1 No such user here/,
      );
      const [requeued] = (await s.api('GET', `email-batches/${batch.id}/emails/?status=queued`)).json()
        .results;
      expect(requeued).toMatchObject({ email: { to: 'busy-1@picky.test', status: 3 }, attempts: 1 });
      expect(requeued.error).toMatch(/^The mail server answered: 451/);
      expect((await s.api('GET', `email-batches/${batch.id}/`)).json().status).toBe('sending');

      const later = new Date(Date.now() + 60 * 60 * 1000);
      expect(await drainMailQueue({ db: t.db, mailer }, later)).toEqual({ sent: 1, failed: 0 });
      expect(picky.received.flatMap((mail) => mail.to).sort()).toEqual([
        'busy-1@picky.test',
        'ok@picky.test',
      ]);
      const done = (await s.api('GET', `email-batches/${batch.id}/`)).json();
      expect(done).toMatchObject({ status: 'sent', progress: { sent: 2, failed: 2, queued: 0 } });

      expect(
        await t.db.$count(emailSuppressions, eq(emailSuppressions.reason, 'invalid')),
      ).toBeGreaterThanOrEqual(2);
      const [user] = await t.db.select().from(users).where(eq(users.email, 'bounce-1@picky.test'));
      expect(user?.emailVerificationStatus).toBe('inv');
      const next = await s.createBatch(ids);
      expect(next.created).toMatchObject({ nb_emails: 2, nb_invalid: 2 });
    } finally {
      mailer.close();
      await picky.close();
    }
  });

  it('sends once, on a later try, what a 421 refused while it closed the connection, and the batch ends', async () => {
    // 421 closes the connection as well: the pool may try the message again on a new one by itself or
    // hand the failure to the queue, which retries it; either way it ends sent once, the batch not stuck.
    const refused = new Set<string>();
    const closing = await startSmtpSink({
      refuse: (address) => {
        if (!address.startsWith('closing-') || refused.has(address)) return undefined;
        refused.add(address);
        return { code: 421, text: '4.3.2 Closing the channel, try again later' };
      },
    });
    const mailer = createMailer({ smtpUrl: closing.url, from: 'test@example.org', db: t.db, log: t.app.log });
    try {
      const s = await f.createSetup();
      const addresses = [
        ...Array.from({ length: 6 }, (_, i) => `ok-${i}@closing.test`),
        'closing-1@closing.test',
        'closing-2@closing.test',
      ];
      const ids = await s.createItems(addresses.map((email) => ({ title: email, email })));
      const batch = await s.createBatch(ids);
      await s.api('POST', `email-batches/${batch.id}/send_emails/`, {});

      await drainMailQueue({ db: t.db, mailer });
      await drainMailQueue({ db: t.db, mailer }, new Date(Date.now() + 60 * 60 * 1000));
      expect(refused).toEqual(new Set(['closing-1@closing.test', 'closing-2@closing.test']));
      expect(closing.received.flatMap((mail) => mail.to).sort()).toEqual([...addresses].sort());
      const done = (await s.api('GET', `email-batches/${batch.id}/`)).json();
      expect(done).toMatchObject({ status: 'sent', progress: { sent: 8, failed: 0, queued: 0 } });
      expect(
        await t.db.$count(emailSuppressions, eq(emailSuppressions.email, 'closing-1@closing.test')),
      ).toBe(0);
    } finally {
      mailer.close();
      await closing.close();
    }
  });

  it('says why an e-mail was not sent in the language of whoever reads it', async () => {
    const s = await f.createSetup();
    const ids = await s.createItems([
      { title: 'Kept', email: 'kept@why.test' },
      { title: 'Left', email: 'left@why.test' },
    ]);
    const batch = await s.createBatch(ids);
    // The address unsubscribes after the batch was made: the queue skips it and keeps why, in English.
    await t.db
      .insert(emailSuppressions)
      .values({ email: 'left@why.test', teamId: s.team.id, reason: 'unsubscribed' });
    await s.api('POST', `email-batches/${batch.id}/send_emails/`, {});
    await drainMailQueue(t.app.ctx);

    const errorsReadIn = async (language?: string) => {
      const read = async (url: string) => {
        const headers = language ? { 'accept-language': language } : {};
        return (await t.request({ method: 'GET', url: `/api/v1/${url}`, token: s.token, headers })).json();
      };
      const listed = (await read(`email-batches/${batch.id}/emails/`)).results as Demail[];
      const left = listed.find((email) => email.email.to === 'left@why.test');
      return { listed: listed.map((email) => email.error), one: (await read(`demails/${left?.id}/`)).error };
    };
    const english = 'Not sent: the recipient unsubscribed from this team’s e-mails.';
    expect(await errorsReadIn()).toEqual({ listed: [null, english], one: english });
    const french = 'Non envoyé : le destinataire s’est désabonné des e-mails de cette équipe.';
    expect(await errorsReadIn('fr-FR,fr;q=0.9,en;q=0.8')).toEqual({ listed: [null, french], one: french });
  });
});
