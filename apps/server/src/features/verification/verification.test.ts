import { EMAIL_REFUSED } from '@shortlist/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formSubmissions, mailQueue, users } from '../../db/schema/index.ts';
import { DAY_MS, runOncePer } from '../../jobs/schedule.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { decodeBody, pickyRecipients, startSmtpSink } from '../../test/smtp.ts';
import { judgeFactories } from '../judges/test-factories.ts';
import { judgingCalls } from '../judging/test-factories.ts';
import { drainMailQueue } from '../mail/queue.ts';
import { markAddressInvalid } from '../mail/suppressions.ts';
import { submissionFactories } from '../submissions/test-factories.ts';
import { refreshVerifications, verificationJobs } from './refresh.ts';

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let t: TestApp;
let judges: ReturnType<typeof judgeFactories>;
let call: ReturnType<typeof judgingCalls>;
let forms: ReturnType<typeof submissionFactories>;

beforeAll(async () => {
  sink = await startSmtpSink({ refuse: pickyRecipients() });
  t = await createTestApp({ env: { SMTP_URL: sink.url } });
  judges = judgeFactories(t);
  call = judgingCalls(t);
  forms = submissionFactories(t);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const statusOfUser = async (id: number) =>
  (await t.db.select().from(users).where(eq(users.id, id)))[0]?.emailVerificationStatus;
const statusOfRespondent = async (id: number) =>
  (await t.db.select().from(formSubmissions).where(eq(formSubmissions.id, id)))[0]?.emailVerificationStatus;
/** The first link in the last mail to `email`, as its query parameters. */
const mailedLinkTo = (email: string) => {
  const mail = sink.received.filter((m) => m.to.includes(email)).at(-1);
  const link = decodeBody(mail?.raw ?? '').match(/https?:\/\/\S+/)?.[0] ?? 'http://none';
  return new URL(link).searchParams;
};

/** A respondent who saved a draft of a form that allows it. */
const draftOf = async (email: string) => {
  const setup = await forms.createForm({ allowPartialSave: true });
  const created = await forms.submit({
    form: setup.form.id,
    email,
    datum_values: [{ datum_field: setup.fields.name.id, response: 'Later' }],
  });
  expect((await forms.commit(created.submission_id, created.edit_token, 'save')).statusCode).toBe(200);
  return { setup, created };
};

describe('an invited judge', () => {
  it('is unconfirmed, pending once the invitation is accepted, verified only by the mailed link', async () => {
    const { token, issue, items } = await judges.createSetup(1);
    const [judge = 0] = await judges.addJudges(token, issue.id, ['judge@verify.test']);
    expect(await statusOfUser(judge)).toBe('unc');

    expect((await judges.post(token, issue.id, 'send_invitation', { user: judge })).statusCode).toBe(200);
    expect(await statusOfUser(judge)).toBe('pen');
    const link = mailedLinkTo('judge@verify.test');
    const personal = link.get('token') ?? '';

    // The token alone (an admin's copy, a forwarded link without its code) proves nothing.
    expect((await call.view(issue.id, personal)).statusCode).toBe(200);
    expect((await call.view(issue.id, personal, 'x'.repeat(43))).statusCode).toBe(200);
    expect(await statusOfUser(judge)).toBe('pen');
    // Another judge's code does not verify this one.
    const [other = 0] = await judges.addJudges(token, issue.id, ['other@verify.test']);
    await judges.post(token, issue.id, 'send_invitation', { user: other });
    expect(
      (await call.view(issue.id, personal, mailedLinkTo('other@verify.test').get('v') ?? '')).statusCode,
    ).toBe(200);
    expect(await statusOfUser(judge)).toBe('pen');

    expect((await call.view(issue.id, personal, link.get('v') ?? '')).statusCode).toBe(200);
    expect(await statusOfUser(judge)).toBe('ver');
    // A reminder leaves a verified address verified.
    await judges.post(token, issue.id, 'send_invitation', { user: judge });
    expect(await statusOfUser(judge)).toBe('ver');

    // What the judge submits counts in a report of verified e-mails only; the unverified judge is left out.
    const answers = [{ dataset: items[0], value: 4 }];
    expect((await call.submit(issue.id, personal, { answers })).statusCode).toBe(201);
    const otherToken = mailedLinkTo('other@verify.test').get('token') ?? '';
    expect((await call.submit(issue.id, otherToken, { answers })).statusCode).toBe(201);
    const judgesOfReport = async (query: string) => {
      const url = `/api/v1/issues/${issue.id}/report_summary/${query}`;
      const report = await t.request({ method: 'GET', url, token });
      return report
        .json()
        .users.map((user: { id: number }) => user.id)
        .sort();
    };
    expect(await judgesOfReport('')).toEqual([judge, other].sort());
    expect(await judgesOfReport('?only_verified_emails=true')).toEqual([judge]);
  });

  it('is invalid when the mail server refuses the address for good, with a clear refusal', async () => {
    const { token, issue } = await judges.createSetup(1);
    const [judge = 0] = await judges.addJudges(token, issue.id, ['bounce-judge@verify.test']);
    const reply = await judges.post(token, issue.id, 'send_invitation', { user: judge });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().code).toBe(EMAIL_REFUSED);
    expect(await statusOfUser(judge)).toBe('inv');
    // The refused invitation is not counted against the judge's three.
    expect((await judges.get(token, issue.id, `invitations/?user=${judge}`)).json().count).toBe(0);
  });
});

describe('a judge whose address was refused for good before', () => {
  it('is invalid from the moment they are added, before any invitation', async () => {
    // Refused while mailing someone else (a form's confirmation, a mass e-mail): no judge had it yet.
    await markAddressInvalid(t.db, 'Gone@Verify.test', '550 5.1.1 No such user');
    const { token, issue } = await judges.createSetup(1);
    const [gone = 0, fresh = 0] = await judges.addJudges(token, issue.id, [
      'gone@verify.test',
      'fresh@verify.test',
    ]);
    expect([await statusOfUser(gone), await statusOfUser(fresh)]).toEqual(['inv', 'unc']);
    const list = (await judges.get(token, issue.id, 'judges/')).json() as {
      results: { user: { email: string; email_verification_status: string } }[];
    };
    expect(list.results.map(({ user }) => [user.email, user.email_verification_status]).sort()).toEqual([
      ['fresh@verify.test', 'unc'],
      ['gone@verify.test', 'inv'],
    ]);
  });
});

describe('a respondent', () => {
  it('is processing while the link is queued, pending once sent, verified by opening the mailed link', async () => {
    const { setup, created } = await draftOf('ann@verify.test');
    expect(await statusOfRespondent(created.submission_id)).toBe('pro');
    await drainMailQueue(t.app.ctx);
    expect(await statusOfRespondent(created.submission_id)).toBe('pen');

    const link = mailedLinkTo('ann@verify.test');
    expect(link.get('submission')).toBe(String(created.submission_id));
    const open = (v?: string) =>
      forms.getPublic(
        setup.form.id,
        `?submission=${created.submission_id}&token=${created.edit_token}${v ? `&v=${v}` : ''}`,
      );
    // The link shown on screen after saving has no code: opening it proves nothing.
    expect((await open()).statusCode).toBe(200);
    expect(await statusOfRespondent(created.submission_id)).toBe('pen');
    expect((await open(link.get('v') ?? '')).statusCode).toBe(200);
    expect(await statusOfRespondent(created.submission_id)).toBe('ver');

    const items = await t.request({
      method: 'GET',
      url: `/api/v1/datasets/?team=${setup.team.id}`,
      token: setup.token,
    });
    expect(items.json().results[0].submission).toMatchObject({
      email: 'ann@verify.test',
      email_verification_status: 'ver',
    });
  });

  it('is invalid when the server refuses the link for good, unconfirmed when it never gets through', async () => {
    const bounced = await draftOf('bounce-ann@verify.test');
    const busy = await draftOf('busy-ann@verify.test');
    await drainMailQueue(t.app.ctx);
    expect(await statusOfRespondent(bounced.created.submission_id)).toBe('inv');
    expect(await statusOfRespondent(busy.created.submission_id)).toBe('pro');
    // Its last retry fails too, for now again: nothing ever reached the respondent.
    await t.db
      .update(mailQueue)
      .set({ attempts: 7, to: 'down-ann@verify.test' })
      .where(eq(mailQueue.verifiesSubmissionId, busy.created.submission_id));
    await drainMailQueue(t.app.ctx, new Date(Date.now() + DAY_MS));
    expect(await statusOfRespondent(busy.created.submission_id)).toBe('unc');
  });
});

describe('the daily refresh', () => {
  it('runs once a day whatever the number of processes asking at once', async () => {
    const now = new Date('2030-01-01T03:00:00Z');
    let runs = 0;
    const work = async () => {
      runs += 1;
      return runs;
    };
    const tries = await Promise.all(
      Array.from({ length: 4 }, () => runOncePer(t.db, { name: 'test-daily', periodMs: DAY_MS, now }, work)),
    );
    expect(tries.filter((tried) => tried.ran)).toHaveLength(1);
    const laterToday = new Date(now.getTime() + DAY_MS - 1000);
    expect(
      (await runOncePer(t.db, { name: 'test-daily', periodMs: DAY_MS, now: laterToday }, work)).ran,
    ).toBe(false);
    const tomorrow = new Date(now.getTime() + DAY_MS);
    expect((await runOncePer(t.db, { name: 'test-daily', periodMs: DAY_MS, now: tomorrow }, work)).ran).toBe(
      true,
    );
    expect(runs).toBe(2);
  });

  it('claims its run again when the work failed', async () => {
    const now = new Date('2031-01-01T03:00:00Z');
    const failing = runOncePer(t.db, { name: 'test-failing', periodMs: DAY_MS, now }, async () => {
      throw new Error('database went away');
    });
    await expect(failing).rejects.toThrow('database went away');
    expect((await runOncePer(t.db, { name: 'test-failing', periodMs: DAY_MS, now }, async () => 1)).ran).toBe(
      true,
    );
  });

  it('makes invalid every judge and respondent whose address was refused for good, and settles lost mail', async () => {
    const judge = await t.createUser({ email: 'Late-Bounce@verify.test' });
    const { created } = await draftOf('late-bounce@verify.test');
    // As if written before these moves existed: refused, but neither row says so yet.
    await markAddressInvalid(t.db, 'late-bounce@verify.test', '550 gone');
    await t.db.update(users).set({ emailVerificationStatus: 'ver' }).where(eq(users.id, judge.id));
    await t.db
      .update(formSubmissions)
      .set({ emailVerificationStatus: 'pen' })
      .where(eq(formSubmissions.id, created.submission_id));
    const stuck = await draftOf('stuck@verify.test');
    await t.db
      .update(mailQueue)
      .set({ sentAt: new Date() })
      .where(eq(mailQueue.verifiesSubmissionId, stuck.created.submission_id));

    expect(await refreshVerifications(t.db)).toMatchObject({ invalid: 2 });
    expect(await statusOfUser(judge.id)).toBe('inv');
    expect(await statusOfRespondent(created.submission_id)).toBe('inv');
    expect(await statusOfRespondent(stuck.created.submission_id)).toBe('pen');
    // The worker's task claims its day like any process would.
    const [task] = verificationJobs;
    expect(await task?.(t.app.ctx, { isStopped: () => false })).toMatchObject({ ran: expect.any(Boolean) });
  });
});
