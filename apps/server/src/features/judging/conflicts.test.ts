import { CONFLICT_OF_INTEREST } from '@shortlist/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAccessDatasets, issueAnswers, issueComments } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { judgingCalls, judgingFactories } from './test-factories.ts';

const api = (issueId: number, rest: string) => `/api/v1/issues/${issueId}/${rest}`;

describe('conflicts of interest', () => {
  let t: TestApp;
  let f: ReturnType<typeof judgingFactories>;
  let call: ReturnType<typeof judgingCalls>;

  beforeAll(async () => {
    t = await createTestApp();
    f = judgingFactories(t);
    call = judgingCalls(t);
  });
  afterAll(() => t.close());

  const declare = (issueId: number, token: string, payload: Record<string, unknown>) =>
    t.request({ method: 'POST', url: api(issueId, `conflicts/?token=${token}`), payload });
  const adminSet = (issueId: number, adminToken: string, payload: Record<string, unknown>) =>
    t.request({ method: 'POST', url: api(issueId, 'conflicts/'), token: adminToken, payload });
  const adminClear = (issueId: number, adminToken: string, dataset: number, user: number) =>
    t.request({
      method: 'DELETE',
      url: api(issueId, `conflicts/?dataset=${dataset}&user=${user}`),
      token: adminToken,
    });

  it('a judge declares one on the answer page: the item then takes no answer or comment from them', async () => {
    const { issue, items, judge } = await f.createSetup();
    const [charlie, alpha] = items as [(typeof items)[0], (typeof items)[0]];
    const before = await call.submit(issue.id, judge.token, {
      answers: [{ dataset: charlie.id, value: 4 }],
      comments: [{ dataset: charlie.id, content: 'Good', shared: true }],
    });
    expect(before.statusCode).toBe(201);

    const declared = await declare(issue.id, judge.token, { dataset: charlie.id });
    expect(declared.statusCode).toBe(201);
    expect(declared.json()).toMatchObject({
      user: judge.user.id,
      dataset: charlie.id,
      dataset_title: 'Charlie',
      set_by: 'judge',
    });
    // What the judge gave before no longer counts.
    const mine = and(eq(issueAnswers.issueId, issue.id), eq(issueAnswers.userId, judge.user.id));
    expect(await t.db.select().from(issueAnswers).where(mine)).toEqual([]);
    expect(await t.db.select().from(issueComments).where(eq(issueComments.issueId, issue.id))).toEqual([]);

    const view = (await call.view(issue.id, judge.token)).json();
    expect(view.conflicts).toEqual([charlie.id]);
    expect(view.items).toHaveLength(3);

    const answer = await call.submit(issue.id, judge.token, { answers: [{ dataset: charlie.id, value: 3 }] });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      code: CONFLICT_OF_INTEREST,
      detail: expect.stringContaining('conflict'),
    });
    const comment = await call.submit(issue.id, judge.token, {
      comments: [{ dataset: charlie.id, content: 'Still good' }],
    });
    expect(comment.statusCode).toBe(400);
    expect(comment.json().code).toBe(CONFLICT_OF_INTEREST);
    const others = await call.submit(issue.id, judge.token, { answers: [{ dataset: alpha.id, value: 3 }] });
    expect(others.statusCode).toBe(201);
  });

  it('a judge token declares and clears for itself only, never for another judge or selection', async () => {
    const { issue, items, judge } = await f.createSetup();
    const other = await f.addJudge(issue.id);
    const item = items[0]?.id as number;
    const forOther = await declare(issue.id, judge.token, { dataset: item, user: other.user.id });
    expect(forOther.statusCode).toBe(403);
    const elsewhere = await f.createSetup();
    expect((await declare(elsewhere.issue.id, judge.token, { dataset: item })).statusCode).toBe(404);
    const foreignItem = elsewhere.items[0]?.id as number;
    expect((await declare(issue.id, judge.token, { dataset: foreignItem })).statusCode).toBe(400);

    expect((await declare(issue.id, judge.token, { dataset: item })).statusCode).toBe(201);
    const list = await t.request({ method: 'GET', url: api(issue.id, `conflicts/?token=${other.token}`) });
    expect(list.json().count).toBe(0); // a judge lists their own conflicts only
    const cleared = await t.request({
      method: 'DELETE',
      url: api(issue.id, `conflicts/?dataset=${item}&token=${judge.token}`),
    });
    expect(cleared.statusCode).toBe(204);
    expect((await call.view(issue.id, judge.token)).json().conflicts).toEqual([]);
  });

  it('an admin sets and clears one for any judge of the selection; a judge cannot clear it', async () => {
    const { admin, issue, items, judge } = await f.createSetup();
    const item = items[1]?.id as number;
    const set = await adminSet(issue.id, admin.token, { dataset: item, user: judge.user.id });
    expect(set.statusCode).toBe(201);
    expect(set.json()).toMatchObject({ user: judge.user.id, dataset: item, set_by: 'admin' });

    const list = await t.request({
      method: 'GET',
      url: api(issue.id, `conflicts/?users=${judge.user.id}`),
      token: admin.token,
    });
    expect(list.json()).toMatchObject({ count: 1, results: [{ user: judge.user.id, dataset: item }] });
    const byJudge = await t.request({
      method: 'DELETE',
      url: api(issue.id, `conflicts/?dataset=${item}&token=${judge.token}`),
    });
    expect(byJudge.statusCode).toBe(403);

    const stranger = await t.createAdmin();
    expect(
      (await adminSet(issue.id, stranger.token, { dataset: item, user: judge.user.id })).statusCode,
    ).toBe(404);
    expect((await adminClear(issue.id, stranger.token, item, judge.user.id)).statusCode).toBe(404);
    const notJudge = await adminSet(issue.id, admin.token, { dataset: item, user: stranger.user.id });
    expect(notJudge.statusCode).toBe(400);
    expect(notJudge.json()).toHaveProperty('user');

    expect((await adminClear(issue.id, admin.token, item, judge.user.id)).statusCode).toBe(204);
    expect((await adminClear(issue.id, admin.token, item, judge.user.id)).statusCode).toBe(404);
    const after = await t.request({ method: 'GET', url: api(issue.id, 'conflicts/'), token: admin.token });
    expect(after.json().count).toBe(0);
  });

  it('a conflicted pair is not counted in nb_accessors, and the report drawer shows it', async () => {
    const { admin, issue, items, judge } = await f.createSetup();
    const second = await f.addJudge(issue.id);
    const charlie = items[0]?.id as number;
    await adminSet(issue.id, admin.token, { dataset: charlie, user: judge.user.id });
    const summary = async () => {
      const reply = await t.request({
        method: 'GET',
        url: api(issue.id, 'report_summary/'),
        token: admin.token,
      });
      expect(reply.statusCode).toBe(200);
      const rows: { dataset_id: number; nb_accessors: number }[] = reply.json().datasets;
      return Object.fromEntries(rows.map((row) => [row.dataset_id, row.nb_accessors]));
    };
    // Every judge on every item: 2 judges, but only 1 counts for Charlie.
    expect((await summary())[charlie]).toBe(1);
    expect((await summary())[items[1]?.id as number]).toBe(2);

    // Subsets: both judges have Charlie, one with a conflict.
    await t.db
      .insert(issueAccessDatasets)
      .values([judge.access.id, second.access.id].map((accessId) => ({ accessId, datasetId: charlie })));
    await t.request({
      method: 'PATCH',
      url: api(issue.id, ''),
      token: admin.token,
      payload: { resourcetype: 'RatingIssue', access_all_items: false },
    });
    expect((await summary())[charlie]).toBe(1);

    const drawer = await t.request({
      method: 'GET',
      url: api(issue.id, `report_dataset/?dataset=${charlie}`),
      token: admin.token,
    });
    const judges: { user: { id: number }; conflict: boolean }[] = drawer.json().judges;
    expect(judges.map((j) => [j.user.id, j.conflict]).sort()).toEqual(
      [
        [judge.user.id, true],
        [second.user.id, false],
      ].sort(),
    );
  });

  it('assign_access never assigns a conflicted pair', async () => {
    const { admin, issue, items, judge } = await f.createSetup();
    const second = await f.addJudge(issue.id);
    const charlie = items[0]?.id as number;
    await adminSet(issue.id, admin.token, { dataset: charlie, user: judge.user.id });
    const reply = await t.request({
      method: 'POST',
      url: api(issue.id, 'assign_access/'),
      token: admin.token,
      payload: { judges_per_item: 2, max_items_per_judge: 3 },
    });
    expect(reply.statusCode).toBe(200);
    // Charlie can only have the second judge.
    expect(reply.json().short).toEqual([{ judges: 1, items: 1 }]);
    const pairs = await t.db
      .select()
      .from(issueAccessDatasets)
      .where(eq(issueAccessDatasets.datasetId, charlie));
    expect(pairs.map((pair) => pair.accessId)).toEqual([second.access.id]);
  });
});

describe('comments hidden until submitted', () => {
  let t: TestApp;
  let f: ReturnType<typeof judgingFactories>;
  let call: ReturnType<typeof judgingCalls>;

  beforeAll(async () => {
    t = await createTestApp();
    f = judgingFactories(t);
    call = judgingCalls(t);
  });
  afterAll(() => t.close());

  const judgeComments = (issueId: number, token: string) =>
    t.request({ method: 'GET', url: api(issueId, `comments/?as_judge=true&token=${token}`) });

  it('is off by default and set from the selection settings', async () => {
    const admin = await t.createAdmin();
    const created = await t.request({
      method: 'POST',
      url: '/api/v1/issues/',
      token: admin.token,
      payload: { team: admin.team.id, resourcetype: 'RatingIssue', title: 'Hidden' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().hide_comments_until_submitted).toBe(false);
    const patched = await t.request({
      method: 'PATCH',
      url: api(created.json().id, ''),
      token: admin.token,
      payload: { resourcetype: 'RatingIssue', hide_comments_until_submitted: true },
    });
    expect(patched.json().hide_comments_until_submitted).toBe(true);
  });

  it("a judge reads the others' shared comments only after submitting", async () => {
    const { issue, items, judge } = await f.createSetup('RatingIssue', { hideCommentsUntilSubmitted: true });
    const late = await f.addJudge(issue.id);
    const item = items[0]?.id as number;
    await call.submit(issue.id, judge.token, {
      comments: [{ dataset: item, content: 'Strong team', shared: true }],
    });

    const before = (await call.view(issue.id, late.token)).json();
    expect(before.shared_comments).toEqual([]);
    expect(before.shared_comments_hidden).toBe(true);
    expect((await judgeComments(issue.id, late.token)).json().count).toBe(0);

    await call.submit(issue.id, late.token, { answers: [{ dataset: item, value: 2 }] });
    const after = (await call.view(issue.id, late.token)).json();
    expect(after.shared_comments_hidden).toBe(false);
    expect(after.shared_comments.map((c: { content: string }) => c.content)).toEqual(['Strong team']);
    const listed = (await judgeComments(issue.id, late.token)).json();
    expect(listed.results.map((c: { content: string }) => c.content)).toEqual(['Strong team']);
  });

  it('shows them at once when the setting is off', async () => {
    const { issue, items, judge } = await f.createSetup();
    const other = await f.addJudge(issue.id);
    await call.submit(issue.id, judge.token, {
      comments: [{ dataset: items[0]?.id, content: 'Shared', shared: true }],
    });
    const view = (await call.view(issue.id, other.token)).json();
    expect(view.shared_comments_hidden).toBe(false);
    expect(view.shared_comments).toHaveLength(1);
    expect((await judgeComments(issue.id, other.token)).json().count).toBe(1);
  });
});
