import { NO_ANSWERS_YET } from '@shortlist/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { judgingCalls } from '../judging/test-factories.ts';
import { api, assignmentFactories } from './test-factories.ts';

describe('a second wave and the planner', () => {
  let t: TestApp;
  let f: ReturnType<typeof assignmentFactories>;
  let call: ReturnType<typeof judgingCalls>;

  beforeAll(async () => {
    t = await createTestApp();
    f = assignmentFactories(t);
    call = judgingCalls(t);
  });
  afterAll(() => t.close());

  it('by uncertainty: the items whose place around the cut-off is unsure get one more judge, the rest keep theirs', async () => {
    const { admin, issue, judges } = await f.programme();
    const wave = { judges_per_item: 1, max_items_per_judge: 3, by: 'uncertainty', cutoff: 2 };
    const early = await f.assign(issue.id, admin.token, wave);
    expect(early.statusCode).toBe(400);
    expect(early.json().code).toBe(NO_ANSWERS_YET);
    const noCutoff = await f.assign(issue.id, admin.token, { ...wave, cutoff: undefined });
    expect(noCutoff.statusCode).toBe(400);
    expect(noCutoff.json()).toHaveProperty('cutoff');

    const first = await f.assign(issue.id, admin.token, {
      judges_per_item: 1,
      max_items_per_judge: 2,
      by: 'expertise',
    });
    expect(first.json().nb_assigned).toBe(4);
    const before = await f.allPairs(issue.id, admin.token);
    // Each judge rates their items: the first judge generously, the others less so.
    for (const [k, judge] of judges.entries()) {
      const mine = before.filter((pair) => pair.user === judge.user.id);
      if (mine.length === 0) continue;
      const reply = await call.submit(issue.id, judge.token, {
        answers: mine.map((pair, i) => ({ dataset: pair.dataset, value: k === 0 ? 5 - i : 2 + i })),
      });
      expect(reply.statusCode, reply.body).toBe(201);
    }
    const sure = await t.request({ method: 'GET', url: api(issue.id, 'top-k/?k=2'), token: admin.token });
    const unsure = (sure.json().items as { dataset: number; probability: number }[])
      .filter((item) => item.probability > 0 && item.probability < 1)
      .map((item) => item.dataset);
    expect(unsure.length).toBeGreaterThan(0);

    const second = await f.assign(issue.id, admin.token, { ...wave, max_items_per_judge: 4 });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ by: 'uncertainty', nb_assigned: unsure.length });
    const after = await f.allPairs(issue.id, admin.token);
    for (const pair of before)
      expect(after.some((p) => p.user === pair.user && p.dataset === pair.dataset)).toBe(true);
    const count = (pairs: typeof before, item: number) => pairs.filter((p) => p.dataset === item).length;
    for (const pair of before)
      expect(count(after, pair.dataset), `item ${pair.dataset}`).toBe(
        count(before, pair.dataset) + (unsure.includes(pair.dataset) ? 1 : 0),
      );
  });

  it('the planner: judges per item for a target reliability, by Spearman–Brown from α', async () => {
    const { admin, issue, items, judges } = await f.programme();
    const values = [
      [5, 4, 2, 1],
      [4, 4, 1, 0],
      [5, 3, 2, 1],
    ];
    for (const [k, judge] of judges.entries()) {
      const reply = await call.submit(issue.id, judge.token, {
        answers: items.map((item, i) => ({ dataset: item.id, value: values[k]?.[i] })),
      });
      expect(reply.statusCode, reply.body).toBe(201);
    }
    const { alpha } = (
      await t.request({ method: 'GET', url: api(issue.id, 'agreement/'), token: admin.token })
    ).json();
    expect(alpha).toBeGreaterThan(0);
    const plan = await t.request({
      method: 'GET',
      url: api(issue.id, 'judges_planner/?target=0.95'),
      token: admin.token,
    });
    expect(plan.statusCode, plan.body).toBe(200);
    const needed = Math.ceil((0.95 * (1 - alpha)) / (alpha * 0.05));
    expect(plan.json()).toEqual({
      alpha,
      judges_per_item: 3,
      reliability: expect.closeTo((3 * alpha) / (1 + 2 * alpha), 3),
      target: 0.95,
      needed_judges_per_item: needed,
    });
    // n judges reach the target, n − 1 do not.
    const reliability = (n: number) => (n * alpha) / (1 + (n - 1) * alpha);
    expect(reliability(needed)).toBeGreaterThanOrEqual(0.95 - 1e-9);
    expect(reliability(needed - 1)).toBeLessThan(0.95);

    const bad = await t.request({
      method: 'GET',
      url: api(issue.id, 'judges_planner/?target=1.5'),
      token: admin.token,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('target');
    const stranger = await t.createAdmin();
    const foreign = await t.request({
      method: 'GET',
      url: api(issue.id, 'judges_planner/'),
      token: stranger.token,
    });
    expect(foreign.statusCode).toBe(404);
    const byJudge = await t.request({
      method: 'GET',
      url: api(issue.id, `judges_planner/?token=${judges[0]?.token}`),
    });
    expect(byJudge.statusCode).toBe(401);
  });
});
