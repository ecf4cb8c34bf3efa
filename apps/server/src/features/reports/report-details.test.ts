import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { reportFactories } from './test-factories.ts';

let t: TestApp;
let f: ReturnType<typeof reportFactories>;
beforeAll(async () => {
  t = await createTestApp();
  f = reportFactories(t);
});
afterAll(() => t.close());

describe('GET issues/{id}/report_dataset', () => {
  it('lists each judge of the item with their score, answers and comments with the question titles', async () => {
    const { token, issue, items, q1, q2, judges } = await f.createRatingSetup();
    await f.submit(issue.id, (await f.addJudge(issue.id)).id, [], [[items.a.id, 'Too early', q2.id]]);
    const reply = await t.request({
      method: 'GET',
      url: `/api/v1/issues/${issue.id}/report_dataset/?dataset=${items.a.id}`,
      token,
    });
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body.title).toBe('A');
    // Four judges may answer A: scores 3, 3, 0 and the commenter's none (listed last).
    expect(body.judges.map((judge: { value: number | null }) => judge.value)).toEqual([3, 3, 0, null]);
    const j1 = body.judges.find((judge: { user: { id: number } }) => judge.user.id === judges.j1.id);
    expect(j1.user.email_verification_status).toBe('ver');
    expect(j1.answers).toEqual([
      { question: q1.id, question_title: 'Team', value: 4 },
      { question: q2.id, question_title: 'Market', value: 1 },
    ]);
    expect(body.judges[3].comments).toMatchObject([
      { question: q2.id, question_title: 'Market', content: 'Too early' },
    ]);
  });

  it('answers 404 for an item outside the selection and 400 without an item', async () => {
    const { token, issue } = await f.createRatingSetup();
    const [stranger] = await f.createItems((await t.createAdmin()).team.id, [{ title: 'Elsewhere' }]);
    const outside = await t.request({
      method: 'GET',
      url: `/api/v1/issues/${issue.id}/report_dataset/?dataset=${stranger?.id}`,
      token,
    });
    expect(outside.statusCode).toBe(404);
    const missing = await t.request({
      method: 'GET',
      url: `/api/v1/issues/${issue.id}/report_dataset/`,
      token,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ dataset: ['This field is required.'] });
  });
});

describe('GET issues/{id}/report_summary_user', () => {
  it("gives one judge's value, answers and comments per item they may answer", async () => {
    const { token, issue, items, judges, q1 } = await f.createRatingSetup();
    const reply = await t.request({
      method: 'GET',
      url: `/api/v1/issues/${issue.id}/report_summary_user/?user=${judges.j2.id}`,
      token,
    });
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body.user.id).toBe(judges.j2.id);
    expect(body.submitted_at).toEqual(expect.any(String));
    // J2: B (5, –) → 5, A (2, 5) → 3, then C and D unanswered.
    expect(
      body.datasets.map((row: { title: string; value: number | null }) => [row.title, row.value]),
    ).toEqual([
      ['B', 5],
      ['A', 3],
      ['C', null],
      ['D', null],
    ]);
    expect(body.datasets[0].answers).toEqual([{ question: q1.id, question_title: 'Team', value: 5 }]);
    expect(items.a.id).toBe(body.datasets[1].dataset_id);
  });

  it('answers 404 for someone who is not a judge, and for another team', async () => {
    const { token, issue, judges } = await f.createRatingSetup();
    const outsider = await t.createUser();
    const notJudge = await t.request({
      method: 'GET',
      url: `/api/v1/issues/${issue.id}/report_summary_user/?user=${outsider.id}`,
      token,
    });
    expect(notJudge.statusCode).toBe(404);
    const other = await t.createAdmin();
    const foreign = await t.request({
      method: 'GET',
      url: `/api/v1/issues/${issue.id}/report_summary_user/?user=${judges.j1.id}`,
      token: other.token,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses above 100 voters', async () => {
    const admin = await t.createAdmin();
    const [item] = await f.createItems(admin.team.id, [{ title: 'Solo' }]);
    if (!item) throw new Error('no item');
    const issue = await f.createIssue(admin.team.id, 'SelectionIssue');
    await f.addItems(issue.id, [item.id]);
    let judgeId = 0;
    for (let index = 0; index < 101; index++) {
      judgeId = (await f.addJudge(issue.id)).id;
      await f.submit(issue.id, judgeId, [[item.id, 1]]);
    }
    const reply = await t.request({
      method: 'GET',
      url: `/api/v1/issues/${issue.id}/report_summary_user/?user=${judgeId}`,
      token: admin.token,
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().code).toBe('TOO_MANY_VOTERS');
  });
});
