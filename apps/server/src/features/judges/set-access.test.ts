import { ADMIN_CANNOT_JUDGE_MESSAGE } from '@shortlist/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  issueAccesses,
  issueAnswers,
  issueComments,
  issueInvitations,
  issueSubmissions,
  users,
} from '../../db/schema/index.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness.ts';
import { judgeFactories } from './test-factories.ts';

let t: TestApp;
let f: ReturnType<typeof judgeFactories>;

beforeAll(async () => {
  t = await createTestApp();
  f = judgeFactories(t);
});
afterAll(() => t.close());

const accessCount = async (issueId: number) =>
  (await t.db.select({ n: count() }).from(issueAccesses).where(eq(issueAccesses.issueId, issueId)))[0]?.n;

describe('POST issues/{id}/set_access/ with emails', () => {
  it('binds every address to a judge identity without a password and reports each', async () => {
    const { token, issue } = await f.createSetup();
    const reply = await f.post(token, issue.id, 'set_access', {
      emails: ['new.judge@example.org', 'Other.Judge@example.org', 'new.judge@example.org'],
      access: true,
    });
    expect(reply.statusCode).toBe(200);
    const identity = async (email: string) =>
      (await t.db.select().from(users).where(eq(users.email, email)))[0];
    const [first, second] = [
      await identity('new.judge@example.org'),
      await identity('other.judge@example.org'),
    ];
    expect(first).toMatchObject({ passwordHash: null, isJudgeOnly: true });
    expect(reply.json()).toEqual({
      results: [
        { user: first?.id, email: 'new.judge@example.org', type: 'ADDED' },
        { user: second?.id, email: 'other.judge@example.org', type: 'ADDED' },
      ],
    });
    expect(await accessCount(issue.id)).toBe(2);
    const tokens = await t.db
      .select({ token: issueAccesses.token })
      .from(issueAccesses)
      .where(eq(issueAccesses.issueId, issue.id));
    expect(tokens.every((row) => row.token.length >= 32)).toBe(true);
    expect(new Set(tokens.map((row) => row.token)).size).toBe(2);

    const again = await f.post(token, issue.id, 'set_access', {
      emails: ['OTHER.judge@example.org'],
      access: true,
    });
    expect(again.json()).toEqual({
      results: [{ user: second?.id, email: 'other.judge@example.org', type: 'EXISTED' }],
    });
    expect(await accessCount(issue.id)).toBe(2);
  });

  it('answers the same for an address that has an account as for a new one, and never binds the account', async () => {
    const { token, issue } = await f.createSetup();
    const account = await t.createUser({ email: 'Known.Person@example.org' });
    const reply = await f.post(token, issue.id, 'set_access', {
      emails: ['known.person@example.org', 'unknown.person@example.org'],
      access: true,
    });
    expect(reply.statusCode).toBe(200);
    const [known, unknown] = reply.json().results;
    expect(known).toEqual({ user: expect.any(Number), email: 'known.person@example.org', type: 'ADDED' });
    expect(unknown).toEqual({ user: expect.any(Number), email: 'unknown.person@example.org', type: 'ADDED' });
    // Both are new identities, numbered one after the other: the id tells nothing about the account.
    expect(unknown.user - known.user).toBe(1);
    expect(known.user).not.toBe(account.id);
    const [judge] = await t.db.select().from(users).where(eq(users.id, known.user));
    expect(judge).toMatchObject({ passwordHash: null, isJudgeOnly: true, email: 'known.person@example.org' });
    const accesses = await t.db.select().from(issueAccesses).where(eq(issueAccesses.userId, account.id));
    expect(accesses).toEqual([]);

    // The account still signs in, and the judge identity is never found by its address.
    const signIn = (username: string) =>
      t.request({ method: 'POST', url: '/api/token/', payload: { username, password: TEST_PASSWORD } });
    expect((await signIn('known.person@example.org')).statusCode).toBe(200);
    expect((await signIn(judge?.username ?? '')).statusCode).toBe(401);
  });

  it('reports an account that judged here before judge identities as EXISTED, adding no second access', async () => {
    const { token, issue } = await f.createSetup();
    const account = await t.createUser({ email: 'legacy.judge@example.org', password: null });
    await t.db.insert(issueAccesses).values({ issueId: issue.id, userId: account.id, token: 'x'.repeat(32) });
    const reply = await f.post(token, issue.id, 'set_access', {
      emails: ['legacy.judge@example.org'],
      access: true,
    });
    expect(reply.json()).toEqual({
      results: [{ user: account.id, email: 'legacy.judge@example.org', type: 'EXISTED' }],
    });
    expect(await accessCount(issue.id)).toBe(1);
  });

  it('refuses an admin of the team, and adds nobody from that request', async () => {
    const { token, issue, user: admin } = await f.createSetup();
    const reply = await f.post(token, issue.id, 'set_access', {
      emails: ['fresh@example.org', admin.email.toUpperCase()],
      access: true,
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ 'emails.1': [ADMIN_CANNOT_JUDGE_MESSAGE] });
    expect(await accessCount(issue.id)).toBe(0);
    expect(await t.db.select().from(users).where(eq(users.email, 'fresh@example.org'))).toHaveLength(0);
  });

  it('answers field errors for bad input', async () => {
    const { token, issue } = await f.createSetup();
    const cases: [object, object][] = [
      [{ emails: ['not-an-email'], access: true }, { 'emails.0': ['Enter a valid email address.'] }],
      [{ emails: [], access: true }, { emails: ['Ensure this field has at least 1 elements.'] }],
      [{ emails: ['a@example.org'], access: false }, { access: ['Judges are added by e-mail only.'] }],
      [{ access: true }, { user: ['This field is required.'] }],
      [{ emails: ['a@example.org'] }, { access: ['This field is required.'] }],
      [{ user: 'x', access: true }, { user: ['A valid number is required.'] }],
      [{ emails: [`${'a'.repeat(250)}@example.org`], access: true }, { 'emails.0': expect.any(Array) }],
      [
        { emails: Array.from({ length: 101 }, (_, i) => `j${i}@example.org`), access: true },
        { emails: ['Ensure this field has no more than 100 elements.'] },
      ],
    ];
    for (const [payload, errors] of cases) {
      const reply = await f.post(token, issue.id, 'set_access', payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      expect(reply.json()).toEqual(errors);
    }
    expect(await accessCount(issue.id)).toBe(0);
  });

  it("answers 404 for another team's selection and changes nothing", async () => {
    const { issue } = await f.createSetup();
    const other = await t.createAdmin();
    const reply = await f.post(other.token, issue.id, 'set_access', {
      emails: ['x@example.org'],
      access: true,
    });
    expect(reply.statusCode).toBe(404);
    expect(
      (await f.post(other.token, 999999, 'set_access', { emails: ['x@example.org'], access: true }))
        .statusCode,
    ).toBe(404);
    expect(await accessCount(issue.id)).toBe(0);
  });
});

describe('POST issues/{id}/set_access/ with user', () => {
  it('removes the judge with their answers, comments, submission and invitations, and nobody else', async () => {
    const { token, issue, items } = await f.createSetup();
    const [gone, kept] = await f.addJudges(token, issue.id, ['gone@example.org', 'kept@example.org']);
    if (!gone || !kept || !items[0]) throw new Error('setup');
    for (const userId of [gone, kept]) {
      await t.db.insert(issueAnswers).values({ issueId: issue.id, userId, datasetId: items[0], value: 3 });
      await t.db
        .insert(issueComments)
        .values({ issueId: issue.id, userId, datasetId: items[0], content: 'Good' });
      await t.db.insert(issueInvitations).values({ issueId: issue.id, userId });
      await f.submitAs(issue.id, userId);
    }

    const confirm = await f.post(token, issue.id, 'set_access', { user: gone, access: true });
    expect(confirm.json()).toEqual({ results: [{ user: gone, email: 'gone@example.org', type: 'EXISTED' }] });

    const reply = await f.post(token, issue.id, 'set_access', { user: gone, access: false });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ results: [{ user: gone, email: 'gone@example.org', type: 'REMOVED' }] });
    for (const table of [issueAnswers, issueComments, issueInvitations, issueSubmissions, issueAccesses]) {
      const rows = await t.db.select({ userId: table.userId }).from(table).where(eq(table.issueId, issue.id));
      expect(rows.map((row) => row.userId)).toEqual([kept]);
    }
  });

  it('answers 400 for a user who is not a judge of this selection, and 404 for another team', async () => {
    const { token, issue } = await f.createSetup();
    const elsewhere = await f.createSetup();
    const [judge] = await f.addJudges(elsewhere.token, elsewhere.issue.id, ['elsewhere@example.org']);
    for (const access of [true, false]) {
      const reply = await f.post(token, issue.id, 'set_access', { user: judge, access });
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toEqual({ user: [`Invalid pk "${judge}" - object does not exist.`] });
    }
    const foreign = await f.post(token, elsewhere.issue.id, 'set_access', { user: judge, access: false });
    expect(foreign.statusCode).toBe(404);
    const still = await t.db
      .select()
      .from(issueAccesses)
      .where(and(eq(issueAccesses.issueId, elsewhere.issue.id), eq(issueAccesses.userId, judge ?? 0)));
    expect(still).toHaveLength(1);
  });
});
