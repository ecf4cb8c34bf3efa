import { NO_ITEMS } from '@shortlist/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueInvitations, issues, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { decodeBody, pickyRecipients, startSmtpSink } from '../../test/smtp.ts';
import { judgeFactories } from './test-factories.ts';

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let t: TestApp;
let f: ReturnType<typeof judgeFactories>;

beforeAll(async () => {
  sink = await startSmtpSink({ refuse: pickyRecipients() });
  t = await createTestApp({ env: { SMTP_URL: sink.url } });
  f = judgeFactories(t);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const mailsTo = (email: string) => sink.received.filter((mail) => mail.to.includes(email));
const sentTo = async (issueId: number, userId: number | undefined) =>
  (
    await t.db
      .select({ n: count() })
      .from(issueInvitations)
      .where(and(eq(issueInvitations.issueId, issueId), eq(issueInvitations.userId, userId ?? 0)))
  )[0]?.n;

describe('POST issues/{id}/invite_all/', () => {
  it('invites the judges never invited who have items, and says why it skipped the others', async () => {
    const { token, issue, items } = await f.createSetup(2, { title: 'Cohort' });
    const emails = ['all-a@example.org', 'all-b@example.org', 'all-capped@example.org'];
    const more = ['all-none@example.org', 'all-done@example.org', 'bounce-all@example.org'];
    const [a, b, capped, none, done, bounced] = await f.addJudges(token, issue.id, [...emails, ...more]);
    for (let i = 0; i < 3; i++) await f.post(token, issue.id, 'send_invitation', { user: capped });
    await f.submitAs(issue.id, done ?? 0);
    // Subsets: every judge but `none` gets an item.
    await t.db.update(issues).set({ accessAllItems: false }).where(eq(issues.id, issue.id));
    for (const user of [a, b, capped, done, bounced])
      await f.post(token, issue.id, 'set_datasets_access', { user, access: true, datasets: [items[0]] });

    const reply = await f.post(token, issue.id, 'invite_all', { message: 'Thanks <3' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      sent: 2,
      skipped: { no_items: 1, answered: 1, invalid_email: 1, left: 0 },
    });
    for (const user of [a, b]) expect(await sentTo(issue.id, user)).toBe(1);
    expect(await sentTo(issue.id, capped)).toBe(3);
    expect(mailsTo('all-capped@example.org')).toHaveLength(3);
    for (const user of [none, done, bounced]) expect(await sentTo(issue.id, user)).toBe(0);
    const body = decodeBody(mailsTo('all-a@example.org')[0]?.raw ?? '');
    expect(body).toContain('Subject: Invitation: Cohort');
    expect(body).toContain('> Thanks <3');
    const [refused] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, bounced ?? 0));
    expect(refused?.emailVerificationStatus).toBe('inv');

    // Again: everyone is invited or skipped, and the bounced address is now known to be invalid.
    expect((await f.post(token, issue.id, 'invite_all', {})).json()).toEqual({
      sent: 0,
      skipped: { no_items: 1, answered: 1, invalid_email: 1, left: 0 },
    });
    expect(mailsTo('all-a@example.org')).toHaveLength(1);
    expect(mailsTo('all-capped@example.org')).toHaveLength(3);
  });

  it('refuses a selection without items, a closed one, and another team', async () => {
    const empty = await f.createSetup(0);
    await f.addJudges(empty.token, empty.issue.id, ['all-empty@example.org']);
    const refused = await f.post(empty.token, empty.issue.id, 'invite_all', {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: NO_ITEMS });

    const { token, issue } = await f.createSetup(1);
    await f.addJudges(token, issue.id, ['all-closed@example.org']);
    const other = await t.createAdmin();
    expect((await f.post(other.token, issue.id, 'invite_all', {})).statusCode).toBe(404);
    await t.db.update(issues).set({ status: 'closed' }).where(eq(issues.id, issue.id));
    expect((await f.post(token, issue.id, 'invite_all', {})).json()).toMatchObject({ code: 'ISSUE_CLOSED' });
    expect(mailsTo('all-empty@example.org')).toHaveLength(0);
    expect(mailsTo('all-closed@example.org')).toHaveLength(0);
  });
});
