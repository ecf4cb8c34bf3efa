import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAccesses, issues, passwordResetTokens, users } from '../../db/schema/index.ts';
import { solveCaptcha } from '../../test/captcha.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { decodeBody, startSmtpSink } from '../../test/smtp.ts';
import { judgingCalls, judgingFactories } from './test-factories.ts';

// Each call comes from its own address so that the per-IP limit never gets in the way.
let addressCount = 0;
const nextAddress = () => `10.40.${Math.floor(addressCount / 250)}.${(addressCount++ % 250) + 1}`;

describe('public selections', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApp;
  let f: ReturnType<typeof judgingFactories>;
  let call: ReturnType<typeof judgingCalls>;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ env: { SMTP_URL: sink.url } });
    f = judgingFactories(t);
    call = judgingCalls(t);
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const unlock = (issueId: number, payload: Record<string, unknown>, remoteAddress = nextAddress()) =>
    t.request({ method: 'POST', url: `/api/v1/issues/${issueId}/unlock_public/`, payload, remoteAddress });
  const info = (issueId: number) =>
    t.request({ method: 'GET', url: `/api/v1/issues/${issueId}/get_public_info/` });
  const userByEmail = async (email: string) =>
    (await t.db.select().from(users).where(eq(users.email, email)))[0];

  it('gives the public info of an open public selection only', async () => {
    const { issue } = await f.createSetup('TokenIssue', { public: true, description: 'Vote!' });
    const reply = await info(issue.id);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      title: 'TokenIssue selection',
      description: 'Vote!',
      captcha: true,
      email_required: true,
      email_link: true,
      team_img: null,
      team_custom_header: null,
    });
    const privateOne = await f.createSetup('TokenIssue');
    expect((await info(privateOne.issue.id)).statusCode).toBe(404);
    await t.db.update(issues).set({ status: 'closed' }).where(eq(issues.id, issue.id));
    expect((await info(issue.id)).statusCode).toBe(404);
    expect((await unlock(issue.id, { captcha: await solveCaptcha(t), email: 'a@b.org' })).statusCode).toBe(
      404,
    );
  });

  it('mails the personal link, whose first use verifies the e-mail', async () => {
    const { issue, items } = await f.createSetup('TokenIssue', { public: true });
    const reply = await unlock(issue.id, { captcha: await solveCaptcha(t), email: 'Stranger@Example.org' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ token: null, email_sent: true });
    const user = await userByEmail('stranger@example.org');
    expect(user?.emailVerificationStatus).toBe('pen');
    const mail = sink.received.find((m) => m.to.includes('stranger@example.org'));
    const link = decodeBody(mail?.raw ?? '').match(
      /http:\/\/shortlist\.test\/selection\/\d+\/answer\?token=[\w-]+&v=[\w-]+/,
    )?.[0];
    expect(link).toContain(`/selection/${issue.id}/answer?token=`);
    const params = new URL(link ?? 'http://x').searchParams;
    const token = params.get('token') ?? '';
    const [access] = await t.db.select().from(issueAccesses).where(eq(issueAccesses.token, token));
    expect(access).toMatchObject({ issueId: issue.id, userId: user?.id, origin: 'public' });
    expect((await call.view(issue.id, token, params.get('v') ?? '')).statusCode).toBe(200);
    expect((await userByEmail('stranger@example.org'))?.emailVerificationStatus).toBe('ver');
    expect(
      (await call.submit(issue.id, token, { answers: [{ dataset: items[0]?.id, value: 3 }] })).statusCode,
    ).toBe(201);
  });

  it('returns the token when the link is not mailed, and makes a fresh account when no e-mail is asked', async () => {
    const linked = await f.createSetup('SelectionIssue', { public: true, emailLink: false });
    const reply = await unlock(linked.issue.id, {
      captcha: await solveCaptcha(t),
      email: 'direct@example.org',
    });
    expect(reply.json()).toMatchObject({ email_sent: false, token: expect.any(String) });
    expect((await userByEmail('direct@example.org'))?.emailVerificationStatus).toBe('unc');
    expect((await call.view(linked.issue.id, reply.json().token)).statusCode).toBe(200);

    const anonymous = await f.createSetup('SelectionIssue', { public: true, emailRequired: false });
    expect((await info(anonymous.issue.id)).json()).toMatchObject({
      email_required: false,
      email_link: false,
    });
    const first = await unlock(anonymous.issue.id, { captcha: await solveCaptcha(t) });
    const second = await unlock(anonymous.issue.id, { captcha: await solveCaptcha(t) });
    expect(first.json().token).not.toBe(second.json().token);
    const accesses = await t.db
      .select()
      .from(issueAccesses)
      .where(eq(issueAccesses.issueId, anonymous.issue.id));
    expect(new Set(accesses.map((a) => a.userId)).size).toBe(3);
  });

  it("binds a token handed to a typed address to a judge identity, never to the address's account", async () => {
    const { issue } = await f.createSetup('SelectionIssue', { public: true, emailLink: false });
    const account = await t.createUser({ email: 'owner.of.account@example.org' });
    const reply = await unlock(issue.id, {
      captcha: await solveCaptcha(t),
      email: 'Owner.Of.Account@example.org',
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ token: expect.any(String), email_sent: false });
    const [access] = await t.db
      .select()
      .from(issueAccesses)
      .where(eq(issueAccesses.token, reply.json().token));
    expect(access?.userId).not.toBe(account.id);
    const [judge] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, access?.userId ?? 0));
    expect(judge).toMatchObject({
      email: 'owner.of.account@example.org',
      passwordHash: null,
      isJudgeOnly: true,
    });
    expect(await t.db.select().from(issueAccesses).where(eq(issueAccesses.userId, account.id))).toEqual([]);

    // A reset asked for the address reaches the account only; the judge identity never gets a password.
    const asked = await t.request({
      method: 'POST',
      url: '/api/v1/users/ask_reset_password/',
      payload: { email: 'owner.of.account@example.org' },
    });
    expect(asked.statusCode).toBeLessThan(300);
    const [still] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, judge?.id ?? 0));
    expect(still?.passwordHash).toBeNull();
    const resetFor = await t.db
      .select({ userId: passwordResetTokens.userId })
      .from(passwordResetTokens)
      .where(inArray(passwordResetTokens.userId, [account.id, judge?.id ?? 0]));
    expect(resetFor).toEqual([{ userId: account.id }]);

    // The address now judges here: a second visitor typing it gets no token.
    const again = await unlock(issue.id, {
      captcha: await solveCaptcha(t),
      email: 'owner.of.account@example.org',
    });
    expect(again.json().code).toBe('HAS_ACCESS');
  });

  it('refuses a bad e-mail without spending the captcha, then a bad or replayed captcha', async () => {
    const { issue } = await f.createSetup('TokenIssue', { public: true, emailLink: false });
    const captcha = await solveCaptcha(t);
    const badEmail = await unlock(issue.id, { captcha, email: 'not-an-email' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toEqual({ email: ['Enter a valid email address.'] });
    expect((await unlock(issue.id, { captcha, email: 'first@example.org' })).statusCode).toBe(200);
    const replayed = await unlock(issue.id, { captcha, email: 'second@example.org' });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toEqual({ captcha: ['Please verify the captcha again.'] });
    expect((await unlock(issue.id, { captcha: 'garbage', email: 'second@example.org' })).json()).toEqual({
      captcha: ['Please verify the captcha again.'],
    });
    expect(await userByEmail('second@example.org')).toBeUndefined();
    expect((await unlock(issue.id, { email: 'third@example.org' })).json()).toEqual({
      captcha: ['This field is required.'],
    });
  });

  it('refuses someone who already has access (HAS_ACCESS), has submitted (HAS_SUBMITTED), or administers the team', async () => {
    const { admin, issue, items, judge } = await f.createSetup('TokenIssue', {
      public: true,
      emailLink: false,
    });
    const again = await unlock(issue.id, { captcha: await solveCaptcha(t), email: judge.user.email });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      code: 'HAS_ACCESS',
      detail: 'Could not process request. Have you already submitted your responses?',
    });
    await call.submit(issue.id, judge.token, { answers: [{ dataset: items[0]?.id, value: 1 }] });
    const submitted = await unlock(issue.id, { captcha: await solveCaptcha(t), email: judge.user.email });
    expect(submitted.json().code).toBe('HAS_SUBMITTED');
    const byAdmin = await unlock(issue.id, { captcha: await solveCaptcha(t), email: admin.user.email });
    expect(byAdmin.json().code).toBe('HAS_ACCESS');
    const accesses = await t.db.select().from(issueAccesses).where(eq(issueAccesses.issueId, issue.id));
    expect(accesses).toHaveLength(1);
  });

  it('mails a judge who has not submitted their own link again, instead of refusing', async () => {
    const { issue, items, judge } = await f.createSetup('TokenIssue', { public: true });
    const linksTo = (email: string) =>
      sink.received
        .filter((m) => m.to.includes(email))
        .map((m) => decodeBody(m.raw).match(/answer\?token=([\w-]+)/)?.[1]);
    const again = await unlock(issue.id, { captcha: await solveCaptcha(t), email: judge.user.email });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ token: null, email_sent: true });
    expect(linksTo(judge.user.email)).toEqual([judge.token]);
    await call.submit(issue.id, judge.token, { answers: [{ dataset: items[0]?.id, value: 1 }] });
    const submitted = await unlock(issue.id, { captcha: await solveCaptcha(t), email: judge.user.email });
    expect(submitted.json().code).toBe('HAS_SUBMITTED');
    expect(linksTo(judge.user.email)).toHaveLength(1);
  });

  it('asks for no captcha when the selection turns it off', async () => {
    const { issue } = await f.createSetup('TokenIssue', {
      public: true,
      emailRequired: false,
      captcha: false,
    });
    expect((await info(issue.id)).json()).toMatchObject({ captcha: false, email_required: false });
    const reply = await unlock(issue.id, {});
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ email_sent: false, token: expect.any(String) });
    expect((await call.view(issue.id, reply.json().token)).statusCode).toBe(200);

    const guarded = await f.createSetup('TokenIssue', { public: true, emailRequired: false });
    expect((await unlock(guarded.issue.id, {})).json()).toEqual({ captcha: ['This field is required.'] });
  });

  it('limits requests per e-mail whatever the address, and per IP', async () => {
    const { issue } = await f.createSetup('TokenIssue', { public: true });
    const statuses = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push((await unlock(issue.id, { captcha: 'x', email: 'flood@example.org' })).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const ip = '10.99.0.1';
    const fromOneIp = [];
    for (let i = 0; i < 11; i += 1)
      fromOneIp.push((await unlock(issue.id, { captcha: 'x', email: `ip${i}@example.org` }, ip)).statusCode);
    expect(fromOneIp.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(fromOneIp[10]).toBe(429);
  });
});
