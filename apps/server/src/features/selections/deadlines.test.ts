import { formatDeadline, INVITATIONS_PER_JUDGE, REMINDER_NEEDS_DEADLINE_MESSAGE } from '@shortlist/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueInvitations, issues } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { decodeBody, startSmtpSink } from '../../test/smtp.ts';
import { judgingCalls, judgingFactories } from '../judging/test-factories.ts';
import { drainMailQueue } from '../mail/queue.ts';
import { closeSelectionsAtDeadline, sendDeadlineReminders } from './deadlines.ts';

// On PostgreSQL the jobs run in two apps on one database at once, as two server processes would;
// on the embedded engine (one process) both runs go to the one app.
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let t: TestApp;
let second: Awaited<ReturnType<TestApp['twin']>>;
let f: ReturnType<typeof judgingFactories>;
let call: ReturnType<typeof judgingCalls>;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ env: { SMTP_URL: sink.url } });
  second = await t.twin();
  f = judgingFactories(t);
  call = judgingCalls(t);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const DAY = 24 * 60 * 60 * 1000;
const later = (base: Date, days: number) => new Date(base.getTime() + days * DAY);
const mailsTo = (email: string) => sink.received.filter((mail) => mail.to.includes(email));
const sendsTo = async (issueId: number, userId: number) =>
  (
    await t.db
      .select({ n: count() })
      .from(issueInvitations)
      .where(and(eq(issueInvitations.issueId, issueId), eq(issueInvitations.userId, userId)))
  )[0]?.n;
const statusOf = async (issueId: number) =>
  (await t.db.select({ status: issues.status }).from(issues).where(eq(issues.id, issueId)))[0]?.status;

/** Both processes run the job at the same moment. */
const bothRun = async <T>(job: (ctx: TestApp['app']['ctx'], now: Date) => Promise<T>, now: Date) =>
  Promise.all([job(t.app.ctx, now), job(second.app.ctx, now)]);

const patchIssue = (token: string, id: number, payload: object) =>
  t.request({
    method: 'PATCH',
    url: `/api/v1/issues/${id}/`,
    token,
    payload: { resourcetype: 'RatingIssue', ...payload },
  });

describe('deadline settings', () => {
  it('stores the deadline and reminder, and refuses a reminder without a deadline', async () => {
    const admin = await t.createAdmin();
    const create = (payload: object) =>
      t.request({
        method: 'POST',
        url: '/api/v1/issues/',
        token: admin.token,
        payload: { team: admin.team.id, resourcetype: 'RatingIssue', title: 'Demo day', ...payload },
      });
    const refused = await create({ reminder_days_before: 3 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ reminder_days_before: [REMINDER_NEEDS_DEADLINE_MESSAGE] });

    const created = await create({ deadline: '2031-05-12T18:00:00+02:00', reminder_days_before: 3 });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      deadline: '2031-05-12T16:00:00.000Z',
      keep_open_after_deadline: false,
      reminder_days_before: 3,
    });
    const id = created.json().id as number;

    const cleared = await patchIssue(admin.token, id, { deadline: null });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json()).toEqual({ reminder_days_before: [REMINDER_NEEDS_DEADLINE_MESSAGE] });
    const both = await patchIssue(admin.token, id, { deadline: null, reminder_days_before: null });
    expect(both.json()).toMatchObject({ deadline: null, reminder_days_before: null });
    const bad = await patchIssue(admin.token, id, { deadline: '12/05/2031' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['deadline']);
  });
});

describe('the automatic reminder', () => {
  it('reaches each unfinished judge once, with two processes running it at once, within the cap', async () => {
    const base = new Date();
    const { admin, issue, items, judge: invited } = await f.createSetup('RatingIssue');
    await patchIssue(admin.token, issue.id, {
      deadline: later(base, 10).toISOString(),
      reminder_days_before: 3,
    });
    const never = await f.addJudge(issue.id, { email: 'never-invited@example.org' });
    const done = await f.addJudge(issue.id, { email: 'submitted@example.org' });
    const capped = await f.addJudge(issue.id, { email: 'no-sends-left@example.org' });
    const invite = (user: number) =>
      t.request({
        method: 'POST',
        url: `/api/v1/issues/${issue.id}/send_invitation/`,
        token: admin.token,
        payload: { user },
      });
    expect((await invite(invited.user.id)).json()).toMatchObject({ type: 'SENT' });
    for (let i = 0; i < INVITATIONS_PER_JUDGE; i++) await invite(capped.user.id);
    await invite(done.user.id);
    expect(
      (await call.submit(issue.id, done.token, { answers: [{ dataset: items[0]?.id, value: 1 }] }))
        .statusCode,
    ).toBe(201);
    const received = sink.received.length;

    // Five days before the deadline: not yet due.
    expect(await bothRun(sendDeadlineReminders, later(base, 5))).toEqual([0, 0]);
    // Two days before: due, and claimed by exactly one of the two processes.
    const counts = await bothRun(sendDeadlineReminders, later(base, 8));
    expect(counts.reduce((a, b) => a + b)).toBe(2);
    // A restart, or the next tick, finds it done.
    expect(await bothRun(sendDeadlineReminders, later(base, 9))).toEqual([0, 0]);

    await drainMailQueue(t.app.ctx);
    const fresh = sink.received.slice(received);
    expect(fresh.flatMap((mail) => mail.to).sort()).toEqual(
      [invited.user.email, 'never-invited@example.org'].sort(),
    );
    const reminder = decodeBody(mailsTo(invited.user.email).at(-1)?.raw ?? '');
    expect(reminder).toContain(`Subject: Reminder: ${issue.title}`);
    // The answer page's format (the contract's formatDeadline), in UTC.
    expect(reminder).toContain(`Deadline: ${formatDeadline(later(base, 10), 'en', 'UTC')}.`);
    expect(reminder).toMatch(/Deadline: \w+day, \w+ \d+, \d{4} at \d+:\d\d [AP]M UTC\./);
    const link = new URL(reminder.match(/https?:\/\/\S+\/answer\?\S+/)?.[0] ?? 'http://none');
    expect(link.searchParams.get('token')).toBe(invited.token);
    expect(link.searchParams.get('v')).toBeTruthy();
    expect(decodeBody(mailsTo('never-invited@example.org')[0]?.raw ?? '')).toContain('Subject: Invitation:');

    expect(await sendsTo(issue.id, invited.user.id)).toBe(2);
    expect(await sendsTo(issue.id, never.user.id)).toBe(1);
    expect(await sendsTo(issue.id, capped.user.id)).toBe(INVITATIONS_PER_JUDGE);
    expect(await sendsTo(issue.id, done.user.id)).toBe(1);
  });

  it('skips a judge whose subset holds no item of the selection, and a new deadline gets a new reminder', async () => {
    const base = new Date();
    const {
      admin,
      issue,
      items,
      judge: none,
    } = await f.createSetup('RatingIssue', { accessAllItems: false });
    const some = await f.addJudge(issue.id, { email: 'subset@example.org', items: [items[0]?.id ?? 0] });
    // A reminder 7 days before a deadline 4 days away is due at once.
    await patchIssue(admin.token, issue.id, {
      deadline: later(base, 4).toISOString(),
      reminder_days_before: 7,
    });
    expect((await bothRun(sendDeadlineReminders, base)).reduce((a, b) => a + b)).toBe(1);
    expect(await sendsTo(issue.id, none.user.id)).toBe(0);
    expect(await sendsTo(issue.id, some.user.id)).toBe(1);

    await patchIssue(admin.token, issue.id, { deadline: later(base, 6).toISOString() });
    expect((await bothRun(sendDeadlineReminders, later(base, 1))).reduce((a, b) => a + b)).toBe(1);
    expect(await sendsTo(issue.id, some.user.id)).toBe(2);
  });
});

describe('closing at the deadline', () => {
  it('closes once the deadline passes, unless kept open; a closed selection refuses submissions', async () => {
    const base = new Date();
    const { admin, issue, items, judge } = await f.createSetup('RatingIssue');
    const kept = await f.createIssue(admin.team.id, 'RatingIssue', { maxRating: 5, step: 1 });
    await patchIssue(admin.token, issue.id, { deadline: later(base, 2).toISOString() });
    await patchIssue(admin.token, kept.id, {
      deadline: later(base, 2).toISOString(),
      keep_open_after_deadline: true,
    });

    expect(await bothRun(closeSelectionsAtDeadline, later(base, 1))).toEqual([0, 0]);
    expect(await statusOf(issue.id)).toBe('open');
    const closed = await bothRun(closeSelectionsAtDeadline, later(base, 3));
    expect(closed.reduce((a, b) => a + b)).toBe(1);
    expect(await statusOf(issue.id)).toBe('closed');
    expect(await statusOf(kept.id)).toBe('open');

    const refused = await call.submit(issue.id, judge.token, {
      answers: [{ dataset: items[0]?.id, value: 1 }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('ISSUE_CLOSED');
    const view = await call.view(issue.id, judge.token);
    expect(view.json().issue).toMatchObject({
      status: 'closed',
      deadline: later(base, 2).toISOString(),
      keep_open_after_deadline: false,
    });

    // An admin who reopens it afterwards is not overruled at the next run.
    await patchIssue(admin.token, issue.id, { status: 'open' });
    expect(await bothRun(closeSelectionsAtDeadline, later(base, 4))).toEqual([0, 0]);
    expect(await statusOf(issue.id)).toBe('open');
  });
});
