import {
  INVITATION_MESSAGE_MAX_LENGTH,
  NO_INVITATIONS_LEFT,
  NO_ITEMS,
  NO_ITEMS_MESSAGE,
} from '@shortlist/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAccesses, issueInvitations, issues, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { decodeBody, startSmtpSink } from '../../test/smtp.ts';
import { judgeFactories } from './test-factories.ts';

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let t: TestApp;
let f: ReturnType<typeof judgeFactories>;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ env: { SMTP_URL: sink.url } });
  f = judgeFactories(t);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const mailsTo = (email: string) => sink.received.filter((mail) => mail.to.includes(email));
const invite = (token: string, issueId: number, user: number | undefined) =>
  f.post(token, issueId, 'send_invitation', { user });
const invitationCount = async (issueId: number) =>
  (await t.db.select({ n: count() }).from(issueInvitations).where(eq(issueInvitations.issueId, issueId)))[0]
    ?.n;

describe('POST issues/{id}/send_invitation/', () => {
  it('mails the personal link, records the invitation and marks the e-mail pending', async () => {
    const { token, issue } = await f.createSetup(2, { title: 'Demo day' });
    const [judge] = await f.addJudges(token, issue.id, ['invited@example.org']);
    const reply = await invite(token, issue.id, judge);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ type: 'SENT', remaining: 2 });

    const [mail] = mailsTo('invited@example.org');
    const body = decodeBody(mail?.raw ?? '');
    expect(body).toContain('Subject: Invitation: Demo day');
    const link = new URL(body.match(/https?:\/\/\S+\/answer\?\S+/)?.[0] ?? 'http://none');
    const [access] = await t.db
      .select()
      .from(issueAccesses)
      .where(eq(issueAccesses.userId, judge ?? 0));
    expect(link.origin + link.pathname).toBe(`http://shortlist.test/selection/${issue.id}/answer`);
    expect(link.searchParams.get('token')).toBe(access?.token);
    const [user] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, judge ?? 0));
    expect(user?.emailVerificationStatus).toBe('pen');

    const list = await f.get(token, issue.id, `invitations/?user=${judge}`);
    expect(list.json()).toMatchObject({
      count: 1,
      results: [{ id: expect.any(Number), user: judge, create_time: expect.any(String) }],
    });
  });

  it('sends at most three, then refuses with none remaining', async () => {
    const { token, issue } = await f.createSetup(1);
    const [judge, other] = await f.addJudges(token, issue.id, ['capped@example.org', 'other@example.org']);
    const remaining = [];
    for (let i = 0; i < 3; i++) remaining.push((await invite(token, issue.id, judge)).json().remaining);
    expect(remaining).toEqual([2, 1, 0]);
    const fourth = await invite(token, issue.id, judge);
    expect(fourth.statusCode).toBe(400);
    expect(fourth.json()).toMatchObject({ code: NO_INVITATIONS_LEFT, remaining: 0 });
    const subjects = mailsTo('capped@example.org').map(
      (mail) => decodeBody(mail.raw).match(/Subject: (\w+)/)?.[1],
    );
    expect(subjects).toEqual(['Invitation', 'Reminder', 'Reminder']);
    expect(await invitationCount(issue.id)).toBe(3);
    expect((await invite(token, issue.id, other)).json()).toEqual({ type: 'SENT', remaining: 2 });
    expect((await f.get(token, issue.id, 'invitations/')).json().count).toBe(4);
  });

  it('writes in French to a French-speaking judge', async () => {
    const { token, issue } = await f.createSetup(1, { title: 'Prix 2026' });
    const [judge] = await f.addJudges(token, issue.id, ['fr@example.org']);
    await t.db
      .update(users)
      .set({ language: 'fr', emailVerificationStatus: 'ver' })
      .where(eq(users.id, judge ?? 0));
    await invite(token, issue.id, judge);
    const body = decodeBody(mailsTo('fr@example.org')[0]?.raw ?? '');
    expect(body).toMatch(/Subject: Invitation : Prix 2026/);
    expect(body).toContain('Ouvrez votre lien personnel');
    const [user] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, judge ?? 0));
    expect(user?.emailVerificationStatus).toBe('ver');
  });

  it('refuses without an item the judge can answer, and when the selection is closed', async () => {
    const { token, issue, items } = await f.createSetup(1);
    const [judge] = await f.addJudges(token, issue.id, ['noitems@example.org']);
    await t.db.update(issues).set({ accessAllItems: false }).where(eq(issues.id, issue.id));
    const refused = await invite(token, issue.id, judge);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ code: NO_ITEMS, detail: NO_ITEMS_MESSAGE });
    await f.post(token, issue.id, 'set_datasets_access', { user: judge, access: true, datasets: items });
    await t.db.update(issues).set({ status: 'closed' }).where(eq(issues.id, issue.id));
    expect((await invite(token, issue.id, judge)).json()).toMatchObject({ code: 'ISSUE_CLOSED' });

    const empty = await f.createSetup(0);
    const [lonely] = await f.addJudges(empty.token, empty.issue.id, ['lonely@example.org']);
    expect((await invite(empty.token, empty.issue.id, lonely)).json()).toEqual({
      code: NO_ITEMS,
      detail: NO_ITEMS_MESSAGE,
    });
    expect(mailsTo('noitems@example.org')).toHaveLength(0);
    expect(mailsTo('lonely@example.org')).toHaveLength(0);
    expect(await invitationCount(issue.id)).toBe(0);
  });

  it('answers ANSWERED_ALREADY for a judge who has submitted, sending nothing', async () => {
    const { token, issue } = await f.createSetup(1);
    const [judge] = await f.addJudges(token, issue.id, ['answered@example.org']);
    await invite(token, issue.id, judge);
    await f.submitAs(issue.id, judge ?? 0);
    const reply = await invite(token, issue.id, judge);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ type: 'ANSWERED_ALREADY', remaining: 2 });
    expect(mailsTo('answered@example.org')).toHaveLength(1);
  });

  it('refuses a user who is not a judge, bad input, and another team', async () => {
    const { token, issue } = await f.createSetup(1);
    const [judge] = await f.addJudges(token, issue.id, ['mine@example.org']);
    const stranger = await t.createUser();
    expect((await invite(token, issue.id, stranger.id)).json()).toEqual({
      user: [`Invalid pk "${stranger.id}" - object does not exist.`],
    });
    expect((await invite(token, issue.id, undefined)).json()).toEqual({ user: ['This field is required.'] });
    const other = await t.createAdmin();
    expect((await invite(other.token, issue.id, judge)).statusCode).toBe(404);
    expect((await f.get(other.token, issue.id, 'invitations/')).statusCode).toBe(404);
    expect((await f.get(token, issue.id, 'invitations/?user=abc')).statusCode).toBe(400);
    expect(await invitationCount(issue.id)).toBe(0);
    expect(mailsTo('mine@example.org')).toHaveLength(0);
  });
});

const preview = (token: string, issueId: number, user: number | string, message?: string) =>
  f.get(
    token,
    issueId,
    `invitation_preview/?${new URLSearchParams({ user: String(user), ...(message === undefined ? {} : { message }) })}`,
  );

describe('GET issues/{id}/invitation_preview/', () => {
  it("renders the mail in the judge's language without sending or recording it", async () => {
    const { token, issue } = await f.createSetup(1, { title: 'Prix 2026' });
    const [judge] = await f.addJudges(token, issue.id, ['preview@example.org']);
    const reply = await preview(token, issue.id, judge ?? 0, 'See you <b>Friday</b> & "thanks"');
    expect(reply.statusCode).toBe(200);
    const mail = reply.json();
    expect(mail).toMatchObject({
      to: 'preview@example.org',
      language: 'en',
      is_reminder: false,
      subject: 'Invitation: Prix 2026',
    });
    expect(mail.text).toContain('> See you <b>Friday</b> & "thanks"');
    expect(mail.text).toContain(`/selection/${issue.id}/answer?token=`);
    expect(mail.html).toContain('See you &#60;b&#62;Friday&#60;/b&#62; &#38; &#34;thanks&#34;');
    expect(mail.html).not.toContain('<b>Friday');
    expect(await invitationCount(issue.id)).toBe(0);
    expect(mailsTo('preview@example.org')).toHaveLength(0);

    await t.db
      .update(users)
      .set({ language: 'fr' })
      .where(eq(users.id, judge ?? 0));
    await invite(token, issue.id, judge);
    const reminder = (await preview(token, issue.id, judge ?? 0)).json();
    expect(reminder).toMatchObject({ language: 'fr', is_reminder: true, subject: 'Rappel : Prix 2026' });
    expect(reminder.text).not.toContain('Message de');
  });

  it("refuses a non-judge, a message too long, and another team's selection", async () => {
    const { token, issue } = await f.createSetup(1);
    const [judge] = await f.addJudges(token, issue.id, ['previewed@example.org']);
    const stranger = await t.createUser();
    const notJudge = await preview(token, issue.id, stranger.id);
    expect(notJudge.statusCode).toBe(400);
    expect(notJudge.json()).toEqual({ user: [`Invalid pk "${stranger.id}" - object does not exist.`] });
    const tooLong = await preview(token, issue.id, judge ?? 0, 'x'.repeat(INVITATION_MESSAGE_MAX_LENGTH + 1));
    expect(tooLong.statusCode).toBe(400);
    expect(Object.keys(tooLong.json())).toEqual(['message']);
    const other = await t.createAdmin();
    expect((await preview(other.token, issue.id, judge ?? 0)).statusCode).toBe(404);
  });
});

describe('the personal message', () => {
  it('is sent in the mail, escaped in its HTML part', async () => {
    const { token, issue } = await f.createSetup(1, { title: 'Demo day' });
    const [judge] = await f.addJudges(token, issue.id, ['message@example.org']);
    const reply = await f.post(token, issue.id, 'send_invitation', {
      user: judge,
      message: 'Dear Ada,\nyour <script>expertise</script> counts.',
    });
    expect(reply.json()).toEqual({ type: 'SENT', remaining: 2 });
    const body = decodeBody(mailsTo('message@example.org')[0]?.raw ?? '');
    expect(body).toContain('A message from');
    expect(body).toContain('> your <script>expertise</script> counts.');
    expect(body).toContain('your &#60;script&#62;expertise&#60;/script&#62; counts.');
    const tooLong = await f.post(token, issue.id, 'send_invitation', {
      user: judge,
      message: 'x'.repeat(INVITATION_MESSAGE_MAX_LENGTH + 1),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(mailsTo('message@example.org')).toHaveLength(1);
  });
});
