import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  issueAccesses,
  issueAnswers,
  issueConflicts,
  issueSubmissions,
  users,
} from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { judgingFactories } from './test-factories.ts';

describe('GET judge_portal/', () => {
  let t: TestApp;
  let f: ReturnType<typeof judgingFactories>;
  const portal = (query: string, token?: string) =>
    t.request({ method: 'GET', url: `/api/v1/judge_portal/${query}`, token });

  beforeAll(async () => {
    t = await createTestApp();
    f = judgingFactories(t);
  });
  afterAll(() => t.close());

  /** One judge in two selections of two teams; the first has a deadline and one item rated and submitted. */
  async function setup() {
    const one = await f.createSetup('RatingIssue', {
      title: 'Round one',
      deadline: new Date('2031-05-12T18:00:00Z'),
    });
    const other = await t.createAdmin();
    const two = await f.createIssue(other.team.id, 'SelectionIssue', { title: 'Another team' });
    await f.addItems(two.id, other.team.id, ['X', 'Y']);
    const [twoAccess] = await t.db
      .insert(issueAccesses)
      .values({ issueId: two.id, userId: one.judge.user.id, token: `t-${two.id}-${one.judge.user.id}` })
      .returning();
    const [first] = one.items;
    await t.db
      .insert(issueAnswers)
      .values({ issueId: one.issue.id, datasetId: first?.id ?? 0, userId: one.judge.user.id, value: 3 });
    await t.db.insert(issueSubmissions).values({ issueId: one.issue.id, userId: one.judge.user.id });
    return { one, two, twoAccess };
  }

  it("lists every selection of the link's judge, across teams, with deadlines, progress and links", async () => {
    const { one, two, twoAccess } = await setup();
    const reply = await portal(`?token=${one.judge.token}`);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      email: one.judge.user.email,
      selections: [
        expect.objectContaining({
          id: one.issue.id,
          title: 'Round one',
          deadline: '2031-05-12T18:00:00.000Z',
          total: 3,
          answered: 1,
          comparisons: 0,
          complete: false,
          has_submitted: true,
          current: true,
          link: `/selection/${one.issue.id}/answer?token=${one.judge.token}`,
        }),
        expect.objectContaining({
          id: two.id,
          title: 'Another team',
          deadline: null,
          total: 2,
          answered: 0,
          comparisons: 0,
          complete: false,
          has_submitted: false,
          current: false,
          link: `/selection/${two.id}/answer?token=${twoAccess?.token}`,
        }),
      ],
    });
  });

  const progressOf = async (token: string) => {
    const [entry] = (await portal(`?token=${token}`)).json().selections;
    return {
      total: entry.total,
      answered: entry.answered,
      comparisons: entry.comparisons,
      complete: entry.complete,
    };
  };

  it('counts a pairwise judge’s items seen and comparisons made, complete once no item is left', async () => {
    const { issue, judge } = await f.createSetup('PairwiseIssue');
    expect(await progressOf(judge.token)).toEqual({ total: 3, answered: 0, comparisons: 0, complete: false });
    const pair = (rest: string) => `/api/v1/issues/${issue.id}/pairwise/${rest}?token=${judge.token}`;
    const step = async (choice: string) => {
      const { next } = (await t.request({ method: 'GET', url: pair('') })).json();
      const reply = await t.request({
        method: 'POST',
        url: pair('vote/'),
        payload: { next: next.id, choice },
      });
      expect(reply.statusCode).toBe(200);
    };
    await step('next');
    await step('previous');
    // The third item is on the judge's screen: seen, but not yet compared.
    expect(await progressOf(judge.token)).toEqual({ total: 3, answered: 3, comparisons: 1, complete: false });
    await step('next');
    expect(await progressOf(judge.token)).toEqual({ total: 3, answered: 3, comparisons: 2, complete: true });
  });

  it('counts a ranked ballot’s places, its length shortened by a conflict, complete when full', async () => {
    const { issue, items, judge } = await f.createSetup('RankedIssue', { nbRanked: 3 });
    const [charlie, alpha, bravo] = items.map((item) => item.id);
    const rank = (ids: (number | undefined)[], where: string, method = 'PUT') =>
      t.request({
        method,
        url: `/api/v1/issues/${issue.id}/${where}/?token=${judge.token}`,
        payload: { answers: ids.map((dataset, index) => ({ dataset, value: 3 - index })), comments: [] },
      });
    expect((await rank([alpha], 'draft')).statusCode).toBe(200);
    expect(await progressOf(judge.token)).toEqual({ total: 3, answered: 1, comparisons: 0, complete: false });
    await t.db
      .insert(issueConflicts)
      .values({ accessId: judge.access.id, datasetId: charlie ?? 0, setBy: 'judge' });
    // A submitted ballot of every place (two, with Charlie out) is complete, not "2 of 3".
    expect((await rank([alpha, bravo], 'submissions', 'POST')).statusCode).toBe(201);
    expect(await progressOf(judge.token)).toEqual({ total: 2, answered: 2, comparisons: 0, complete: true });
  });

  it('shows only its own selection to a token a public selection handed out without mailing it', async () => {
    const { one } = await setup();
    const open = await f.createIssue(one.admin.team.id, 'RatingIssue', { public: true, emailLink: false });
    const typed = await f.addJudge(open.id, { origin: 'public' });
    await t.db
      .update(issueAccesses)
      .set({ userId: one.judge.user.id })
      .where(eq(issueAccesses.id, typed.access.id));
    const reply = await portal(`?token=${typed.token}`);
    expect(reply.json().selections.map((s: { id: number }) => s.id)).toEqual([open.id]);
  });

  it('answers 404 to a wrong token, 401 without one, and lists a signed-in judge their selections', async () => {
    const { one } = await setup();
    expect((await portal('?token=nope')).statusCode).toBe(404);
    expect((await portal('')).statusCode).toBe(401);
    const signedIn = await portal('', await t.tokenFor(one.judge.user.id));
    expect(signedIn.json().selections).toHaveLength(2);
    // The verified account also sees the selections of the judge identity of its address.
    const account = await t.createUser({ email: 'Judge.Twin@example.org' });
    await t.db.update(users).set({ emailVerificationStatus: 'ver' }).where(eq(users.id, account.id));
    const [identity] = await t.db
      .insert(users)
      .values({ username: 'judge-twin', email: 'judge.twin@example.org', isJudgeOnly: true })
      .returning();
    await t.db
      .insert(issueAccesses)
      .values({ issueId: one.issue.id, userId: identity?.id ?? 0, token: 'twin-token' });
    const twin = await portal('', await t.tokenFor(account.id));
    expect(twin.json().selections.map((s: { id: number }) => s.id)).toEqual([one.issue.id]);
    await t.db.update(users).set({ emailVerificationStatus: 'unc' }).where(eq(users.id, account.id));
    expect((await portal('', await t.tokenFor(account.id))).json().selections).toEqual([]);
  });

  it('shows the empty list to a signed-in user who judges nothing', async () => {
    const user = await t.createUser();
    const reply = await portal('', await t.tokenFor(user.id));
    expect(reply.json()).toEqual({ email: user.email, selections: [] });
  });
});
