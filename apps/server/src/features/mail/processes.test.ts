import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client.ts';
import {
  dataModels,
  datasets,
  formSubmissions,
  intakeForms,
  notificationSettings,
  teamMembers,
  teams,
  users,
} from '../../db/schema/index.ts';
import { openTestDatabase } from '../../test/database.ts';
import { startServerProcess } from '../../test/processes.ts';
import { startSmtpSink } from '../../test/smtp.ts';
import { enqueueMail } from './queue.ts';

// Several processes share one database only on PostgreSQL: the embedded engine is one process's.
const isPostgres = Boolean(process.env.TEST_DATABASE_URL);

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  if (!isPostgres) return;
  database = await openTestDatabase();
  sink = await startSmtpSink();
});
afterAll(async () => {
  if (!isPostgres) return;
  await sink.close();
  await database.close();
});

/** A form with one submitted response and a daily digest overdue for its team's admin. */
async function seedOverdueDigest(db: Db) {
  const [team] = await db
    .insert(teams)
    .values({ title: 'Two processes', package: {} as never })
    .returning();
  const [admin] = await db
    .insert(users)
    .values({ username: 'digest@two.test', email: 'digest@two.test' })
    .returning();
  if (!team || !admin) throw new Error('no team');
  await db.insert(teamMembers).values({ teamId: team.id, userId: admin.id, role: 'admin' });
  const [model] = await db.insert(dataModels).values({ teamId: team.id, title: 'Applications' }).returning();
  const [form] = await db
    .insert(intakeForms)
    .values({ teamId: team.id, dataModelId: model?.id ?? 0, title: 'Call' })
    .returning();
  const [item] = await db
    .insert(datasets)
    .values({ teamId: team.id, dataModelId: model?.id ?? 0, title: 'Kiln' })
    .returning();
  const dayAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);
  await db.insert(formSubmissions).values({
    formId: form?.id ?? 0,
    datasetId: item?.id ?? 0,
    email: 'maker@two.test',
    status: 'submitted',
    tokenHash: 'h',
    submitTime: dayAgo(0.5),
  });
  await db.insert(notificationSettings).values({
    teamId: team.id,
    type: 'new_form_submissions',
    formId: form?.id,
    frequency: 'daily',
    notifiedUntil: dayAgo(2),
  });
}

describe.runIf(isPostgres)('two server processes on one PostgreSQL', () => {
  it('send each of 200 queued e-mails exactly once, and an overdue daily digest once', async () => {
    await enqueueMail(
      database.db,
      Array.from({ length: 200 }, (_, i) => ({ to: `q${i}@two.test`, subject: `S${i}`, text: 'T' })),
    );
    await seedOverdueDigest(database.db);
    const env = { DATABASE_URL: database.url ?? '', SMTP_URL: sink.url, MAIL_RATE_PER_MINUTE: '3000' };
    const processes = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    try {
      await vi.waitFor(() => expect(sink.received.length).toBeGreaterThanOrEqual(201), {
        timeout: 60_000,
        interval: 200,
      });
      // Time for a duplicate, if there were one, to arrive.
      await new Promise((resolve) => setTimeout(resolve, 6_000));
    } finally {
      await Promise.all(processes.map((p) => p.stop()));
    }
    const queued = sink.received.filter((mail) => mail.to[0]?.startsWith('q')).map((mail) => mail.to[0]);
    expect(queued).toHaveLength(200);
    expect(new Set(queued).size).toBe(200);
    expect(sink.received.filter((mail) => mail.to[0] === 'digest@two.test')).toHaveLength(1);
  }, 120_000);
});
