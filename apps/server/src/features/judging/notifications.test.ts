import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailQueue, notificationSettings } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { selectionFactories } from '../selections/test-factories.ts';
import { sendSelectionDigests } from './notifications.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function setup(frequency: 'immediate' | 'daily') {
  const admin = await t.createAdmin({ email: `admin-${frequency}@example.org` });
  const f = selectionFactories(t);
  const issue = await f.createIssue(admin.token, admin.team.id, { title: `Demo ${frequency}` });
  const setting = await t.request({
    method: 'POST',
    url: '/api/v1/notification-settings/',
    token: admin.token,
    payload: { type: 'new_selection_submissions', issue: issue.id, frequency, active: true },
  });
  expect(setting.statusCode).toBe(201);
  const judge = await f.addJudge(issue.id);
  const submit = () =>
    t.request({
      method: 'POST',
      url: `/api/v1/issues/${issue.id}/submissions/?token=${judge.access.token}`,
      payload: { answers: [], comments: [] },
    });
  return { admin, issue, judge, submit };
}

const queuedTo = (email: string) => t.db.select().from(mailQueue).where(eq(mailQueue.to, email));

describe('new_selection_submissions', () => {
  it('mails the team admins when a judge submits, with an immediate setting', async () => {
    const s = await setup('immediate');
    expect((await s.submit()).statusCode).toBe(201);
    const [mail] = await queuedTo('admin-immediate@example.org');
    expect(mail?.subject).toBe('New answers in the selection "Demo immediate"');
    expect(mail?.text).toContain(`${s.judge.judge.email} submitted answers`);
    expect(mail?.text).toContain(`/team/${s.admin.team.id}/issue/${s.issue.id}/manage?tab=report`);
  });

  it('sends one daily digest of the judges who submitted since the last one', async () => {
    const s = await setup('daily');
    await t.db
      .update(notificationSettings)
      .set({ notifiedUntil: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000) })
      .where(eq(notificationSettings.issueId, s.issue.id));
    expect((await s.submit()).statusCode).toBe(201);
    expect(await queuedTo('admin-daily@example.org')).toHaveLength(0);
    expect(await sendSelectionDigests(t.app.ctx)).toBe(1);
    expect(await sendSelectionDigests(t.app.ctx)).toBe(0);
    const [digest] = await queuedTo('admin-daily@example.org');
    expect(digest?.subject).toBe('1 judge(s) answered in the selection "Demo daily"');
    expect(digest?.text).toContain(`- ${s.judge.judge.email}`);
  });
});
