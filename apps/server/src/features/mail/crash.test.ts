import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMAIL_STATUS } from '@shortlist/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client.ts';
import { batchEmails, emailBatches, teamMembers, users } from '../../db/schema/index.ts';
import { openDataDir, openTestDatabase } from '../../test/database.ts';
import { startServerProcess } from '../../test/processes.ts';
import { startSmtpSink } from '../../test/smtp.ts';
import { hashPassword } from '../auth/passwords.ts';
import { createTeam } from '../teams/service.ts';
import { enqueueMail, MAIL_PRIORITY } from './queue.ts';

// A server killed with SIGKILL while its SMTP server holds back the replies to the messages it sent: the
// messages were received, the sender never heard it. Another process (on PostgreSQL) or the same one
// restarted (on the embedded engine) must send them within 30 s of the kill, at most once more each,
// and the batch must say which recipients may have two copies.
const isPostgres = Boolean(process.env.TEST_DATABASE_URL);
const PASSWORD = 'correct-horse-battery';
const BATCH_SIZE = 20;
const TAKEOVER_MS = 30_000;

type ServerProcess = Awaited<ReturnType<typeof startServerProcess>>;
type Sink = Awaited<ReturnType<typeof startSmtpSink>>;

/** A team admin who can sign in and a batch of 20 e-mails queued, as sending it leaves them. */
async function seedSendingBatch(db: Db) {
  const team = await createTeam({ db }, { title: 'Crash', package: { mass_emails: true } });
  const [admin] = await db
    .insert(users)
    .values({
      username: 'admin@crash.test',
      email: 'admin@crash.test',
      passwordHash: await hashPassword(PASSWORD),
    })
    .returning();
  if (!admin) throw new Error('no admin');
  await db.insert(teamMembers).values({ teamId: team.id, userId: admin.id, role: 'admin' });
  const [batch] = await db
    .insert(emailBatches)
    .values({ teamId: team.id, title: 'Results', status: 'sending', isRendered: true, sendTime: new Date() })
    .returning();
  if (!batch) throw new Error('no batch');
  const emails = await db
    .insert(batchEmails)
    .values(
      Array.from({ length: BATCH_SIZE }, (_, i) => ({
        batchId: batch.id,
        to: `r${i}@crash.test`,
        subject: `Result ${i}`,
        htmlMessage: '<p>Hello</p>',
        status: DEMAIL_STATUS.queued,
      })),
    )
    .returning();
  await enqueueMail(
    db,
    emails.map((email) => ({
      to: email.to,
      subject: email.subject,
      text: 'Hello',
      html: email.htmlMessage,
      priority: MAIL_PRIORITY.mass,
      batchEmailId: email.id,
    })),
  );
  return batch.id;
}

/** Copies each recipient received so far. */
function copiesByRecipient(sink: Sink) {
  const copies = new Map<string, number>();
  for (const mail of sink.received) {
    const to = mail.to[0] ?? '';
    if (to.endsWith('@crash.test')) copies.set(to, (copies.get(to) ?? 0) + 1);
  }
  return copies;
}

/**
 * Kills `victim` once the SMTP server holds its five messages, answers the others, and measures how
 * long until each message the victim never heard about has its second copy and everyone has one.
 */
async function crashAndWait(
  sink: Sink,
  victim: ServerProcess,
  afterKill: () => Promise<unknown> = async () => {},
) {
  const killedAt = Date.now();
  await victim.kill();
  await vi.waitFor(() => expect(sink.lostReplies).toHaveLength(5), { timeout: 10_000, interval: 50 });
  sink.release();
  await afterKill();
  const lost = [...sink.lostReplies].sort();
  await vi.waitFor(
    () => {
      const copies = copiesByRecipient(sink);
      expect(copies.size).toBe(BATCH_SIZE);
      for (const to of lost) expect([to, copies.get(to)]).toEqual([to, 2]);
    },
    { timeout: 90_000, interval: 100 },
  );
  const takeoverMs = Date.now() - killedAt;
  // Time for a third copy, or a later duplicate, if there were one, to arrive.
  await new Promise((resolve) => setTimeout(resolve, 6_000));
  return { lost, takeoverMs };
}

/** What the batch page reads through the API of `server`: the batch and its e-mails sent perhaps twice. */
async function batchAsSeen(server: ServerProcess, batchId: number) {
  const signIn = await fetch(`${server.url}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin@crash.test', password: PASSWORD }),
  });
  const { access } = (await signIn.json()) as { access: string };
  const get = async (url: string) =>
    (await fetch(`${server.url}/api/v1/${url}`, { headers: { authorization: `Bearer ${access}` } })).json();
  const batch = await get(`email-batches/${batchId}/`);
  const twice = await get(`email-batches/${batchId}/emails/?maybe_sent_twice=true`);
  if (!twice.results) throw new Error(JSON.stringify(twice));
  return {
    status: batch.status as string,
    progress: batch.progress as { sent: number; maybe_sent_twice: number },
    twice: (twice.results as { email: { to: string } }[]).map((e) => e.email.to).sort(),
  };
}

/** Every recipient has one copy or two; those with two are exactly those the dead process sent. */
function expectAtMostOnceMore(sink: Sink, lost: string[]) {
  const copies = copiesByRecipient(sink);
  expect(Math.max(...copies.values())).toBe(2);
  expect(
    [...copies]
      .filter(([, n]) => n === 2)
      .map(([to]) => to)
      .sort(),
  ).toEqual(lost);
}

describe.runIf(isPostgres)('two processes on one PostgreSQL, one killed with SIGKILL during a send', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let sink: Sink;
  beforeAll(async () => {
    database = await openTestDatabase();
    sink = await startSmtpSink({ isHolding: true });
  });
  afterAll(async () => {
    sink.release();
    await sink.close();
    await database.close();
  });

  it('has the other process send its claimed e-mails within 30 s, at most once more each, marked on the batch', async () => {
    const env = { DATABASE_URL: database.url ?? '', SMTP_URL: sink.url, MAIL_RATE_PER_MINUTE: '6000' };
    // Seeded first: with a user in the database, neither process runs the first-start bootstrap.
    const batchId = await seedSendingBatch(database.db);
    const [a, b] = (await Promise.all([startServerProcess(env), startServerProcess(env)])) as [
      ServerProcess,
      ServerProcess,
    ];
    try {
      // Each process claims five and sends them; the SMTP server takes them and holds its replies.
      await vi.waitFor(() => expect(sink.heldCount()).toBe(10), { timeout: 30_000, interval: 100 });
      const { lost, takeoverMs } = await crashAndWait(sink, a);
      expect(takeoverMs).toBeLessThan(TAKEOVER_MS);
      expectAtMostOnceMore(sink, lost);
      expect(await batchAsSeen(b, batchId)).toEqual({
        status: 'sent',
        progress: expect.objectContaining({ sent: BATCH_SIZE, maybe_sent_twice: 5 }),
        twice: lost,
      });
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  }, 180_000);
});

describe.runIf(!isPostgres)(
  'the embedded engine: the process killed with SIGKILL during a send and restarted',
  () => {
    let sink: Sink;
    beforeAll(async () => {
      sink = await startSmtpSink({ isHolding: true });
    });
    afterAll(async () => {
      sink.release();
      await sink.close();
    });

    it('sends the e-mails it had claimed within 30 s of the kill, at most once more each, marked on the batch', async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'shortlist-mail-crash-'));
      const env = { SMTP_URL: sink.url, MAIL_RATE_PER_MINUTE: '6000' };
      try {
        // Seeded before the server starts: the embedded database is one process's at a time.
        const seeding = await openDataDir(dataDir);
        const batchId = await seedSendingBatch(seeding.db);
        await seeding.close();
        const first = await startServerProcess(env, { dataDir });
        await vi.waitFor(() => expect(sink.heldCount()).toBe(5), { timeout: 30_000, interval: 100 });
        let restarted: ServerProcess | undefined;
        const { lost, takeoverMs } = await crashAndWait(sink, first, async () => {
          restarted = await startServerProcess(env, { dataDir, port: first.port });
        });
        if (!restarted) throw new Error('not restarted');
        try {
          expect(takeoverMs).toBeLessThan(TAKEOVER_MS);
          expectAtMostOnceMore(sink, lost);
          expect(await batchAsSeen(restarted, batchId)).toEqual({
            status: 'sent',
            progress: expect.objectContaining({ sent: BATCH_SIZE, maybe_sent_twice: 5 }),
            twice: lost,
          });
        } finally {
          await restarted.stop();
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }, 180_000);
  },
);
