import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailQueue } from '../../db/schema/index.ts';
import { startWorker } from '../../jobs/worker.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { startSmtpSink } from '../../test/smtp.ts';
import {
  drainMailQueue,
  enqueueMail,
  MAIL_MAX_ATTEMPTS,
  NOT_SENT_INTERRUPTED_MESSAGE,
  retryDelayMs,
} from './queue.ts';

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let t: TestApp;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ env: { SMTP_URL: sink.url } });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

describe('mail queue', () => {
  it('sends each queued message exactly once, even with two drains at once', async () => {
    const messages = Array.from({ length: 30 }, (_, i) => ({
      to: `q${i}@example.org`,
      subject: `S${i}`,
      text: 'T',
    }));
    await enqueueMail(t.db, messages);
    const [first, second] = await Promise.all([drainMailQueue(t.app.ctx), drainMailQueue(t.app.ctx)]);
    expect((first?.sent ?? 0) + (second?.sent ?? 0)).toBe(30);
    const received = sink.received.filter((mail) => mail.to[0]?.startsWith('q')).map((mail) => mail.to[0]);
    expect(new Set(received).size).toBe(30);
    expect(received).toHaveLength(30);
    expect(await t.db.$count(mailQueue, isNull(mailQueue.sentAt))).toBe(0);
  });

  it('backs off exponentially and gives up after the last attempt', async () => {
    expect(retryDelayMs(1)).toBe(30_000);
    expect(retryDelayMs(3)).toBe(120_000);
    expect(retryDelayMs(20)).toBe(60 * 60 * 1000);
    await enqueueMail(t.db, { to: 'given-up@example.org', subject: 'S', text: 'T' });
    const down = {
      kind: 'smtp' as const,
      async send() {
        throw new Error('connect ECONNREFUSED');
      },
      close() {},
    };
    // A second ahead: the row's default time comes from the database's clock, finer than Date.now().
    let now = Date.now() + 1000;
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt += 1) {
      expect(await drainMailQueue({ db: t.db, mailer: down }, new Date(now))).toEqual({ sent: 0, failed: 1 });
      now += retryDelayMs(attempt) + 1;
    }
    const [row] = await t.db.select().from(mailQueue).where(eq(mailQueue.to, 'given-up@example.org'));
    expect(row).toMatchObject({
      attempts: MAIL_MAX_ATTEMPTS,
      sentAt: null,
      lastError: 'The mail server could not be reached: connect ECONNREFUSED',
    });
    expect(row?.failedAt).not.toBeNull();
    expect(await drainMailQueue(t.app.ctx, new Date(now + 24 * 60 * 60 * 1000))).toEqual({
      sent: 0,
      failed: 0,
    });
  });
});

describe('claims', () => {
  it('are renewed while a slow SMTP server takes longer than the lease: no second sender takes them', async () => {
    const slow = {
      kind: 'smtp' as const,
      sent: [] as string[],
      async send(message: { to: string }) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        slow.sent.push(message.to);
      },
      close() {},
    };
    await enqueueMail(
      t.db,
      Array.from({ length: 3 }, (_, i) => ({ to: `slow${i}@renew.test`, subject: 'S', text: 'T' })),
    );
    // Each send lasts more than three leases; only the renewals keep the other sender away, which looks
    // once the first claims would have lapsed, and again later.
    const options = { leaseMs: 300, concurrency: 3 };
    const first = drainMailQueue({ db: t.db, mailer: slow }, new Date(), options);
    for (const wait of [450, 300]) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      await drainMailQueue({ db: t.db, mailer: slow }, new Date(), options);
    }
    await first;
    expect(slow.sent.sort()).toEqual(['slow0@renew.test', 'slow1@renew.test', 'slow2@renew.test']);
  });

  it('of a dead sender are taken over once, and a message cut short twice is not sent a third time', async () => {
    await enqueueMail(t.db, [
      { to: 'cut-once@dead.test', subject: 'S', text: 'T' },
      { to: 'cut-twice@dead.test', subject: 'S', text: 'T' },
    ]);
    // As a sender killed during its send leaves them: claimed, never marked, the lease run out.
    const lapsed = { claimedBy: 'a-dead-sender', nextAttemptAt: new Date(Date.now() - 1000) };
    await t.db.update(mailQueue).set(lapsed).where(eq(mailQueue.to, 'cut-once@dead.test'));
    await t.db
      .update(mailQueue)
      .set({ ...lapsed, interruptions: 1 })
      .where(eq(mailQueue.to, 'cut-twice@dead.test'));
    const before = sink.received.length;
    expect(await drainMailQueue(t.app.ctx)).toEqual({ sent: 1, failed: 1 });
    expect(sink.received.slice(before).map((mail) => mail.to[0])).toEqual(['cut-once@dead.test']);
    const rows = await t.db.select().from(mailQueue).where(eq(mailQueue.subject, 'S'));
    const byAddress = new Map(rows.map((row) => [row.to, row]));
    expect(byAddress.get('cut-once@dead.test')).toMatchObject({ interruptions: 1, claimedBy: null });
    expect(byAddress.get('cut-once@dead.test')?.sentAt).not.toBeNull();
    expect(byAddress.get('cut-twice@dead.test')).toMatchObject({
      interruptions: 2,
      claimedBy: null,
      sentAt: null,
      lastError: NOT_SENT_INTERRUPTED_MESSAGE,
    });
    expect(byAddress.get('cut-twice@dead.test')?.failedAt).not.toBeNull();
  });
});

describe('worker', () => {
  it('runs its tasks in rounds, survives a failing one, counts its failures, and stops after the round under way', async () => {
    const log = { error: vi.fn() } as unknown as Parameters<typeof startWorker>[2]['log'];
    const onFailure = vi.fn();
    const calls: string[] = [];
    const worker = startWorker(
      t.app.ctx,
      [
        async function failing() {
          calls.push('a');
          throw new Error('boom');
        },
        async () => {
          calls.push('b');
        },
      ],
      { log, intervalMs: 10, onFailure },
    );
    await vi.waitFor(() => expect(calls.filter((c) => c === 'b').length).toBeGreaterThanOrEqual(2));
    await worker.stop();
    const count = calls.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(count);
    expect(log.error).toHaveBeenCalled();
    // The metric background_task_failures_total counts these, by task.
    expect(onFailure.mock.calls.length).toBe(calls.filter((c) => c === 'a').length);
    expect(new Set(onFailure.mock.calls.map(([task]) => task))).toEqual(new Set(['failing']));
  });
});
