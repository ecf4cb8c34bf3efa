import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailQueue } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { startSmtpSink } from '../../test/smtp.ts';
import { drainMailQueue, enqueueMail, MAIL_MAX_ATTEMPTS, retryDelayMs } from './queue.ts';
import { startWorker } from './worker.ts';

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
      lastError: 'connect ECONNREFUSED',
    });
    expect(row?.failedAt).not.toBeNull();
    expect(await drainMailQueue(t.app.ctx, new Date(now + 24 * 60 * 60 * 1000))).toEqual({
      sent: 0,
      failed: 0,
    });
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
