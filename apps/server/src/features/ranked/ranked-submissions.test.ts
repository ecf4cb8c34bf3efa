import {
  CONFLICT_OF_INTEREST,
  RANKED_GAP_MESSAGE,
  RANKED_LOCKED_MESSAGE,
  RANKED_SAME_PLACE_MESSAGE,
  rankedValueMessage,
} from '@shortlist/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueConflicts, webhookDeliveries } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { judgingCalls, judgingFactories } from '../judging/test-factories.ts';

describe('ranked selections: settings and ballots', () => {
  let t: TestApp;
  let f: ReturnType<typeof judgingFactories>;
  let call: ReturnType<typeof judgingCalls>;

  beforeAll(async () => {
    t = await createTestApp();
    f = judgingFactories(t);
    call = judgingCalls(t);
  });
  afterAll(() => t.close());

  const create = (token: string, payload: Record<string, unknown>) =>
    t.request({ method: 'POST', url: '/api/v1/issues/', token, payload });

  it('creates a ranked selection with n = 5 by default, within 2 to 20', async () => {
    const admin = await t.createAdmin();
    const base = { team: admin.team.id, title: 'Finalists', resourcetype: 'RankedIssue' };
    const made = await create(admin.token, { ...base, max_items: 3 });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ resourcetype: 'RankedIssue', nb_ranked: 5, max_items: null });
    expect((await create(admin.token, { ...base, nb_ranked: 20 })).json().nb_ranked).toBe(20);
    const low = await create(admin.token, { ...base, nb_ranked: 1 });
    expect(low.statusCode).toBe(400);
    expect(low.json()).toEqual({ nb_ranked: ['Ensure this value is greater than or equal to 2.'] });
    const high = await create(admin.token, { ...base, nb_ranked: 21 });
    expect(high.json()).toEqual({ nb_ranked: ['Ensure this value is less than or equal to 20.'] });
    const rating = await create(admin.token, { ...base, resourcetype: 'RatingIssue', nb_ranked: 4 });
    expect(rating.json().nb_ranked).toBeNull();
  });

  it('locks n once a judge has answered', async () => {
    const { admin, issue, items, judge } = await f.createSetup('RankedIssue');
    const patch = (nb_ranked: number) =>
      t.request({
        method: 'PATCH',
        url: `/api/v1/issues/${issue.id}/`,
        token: admin.token,
        payload: { resourcetype: 'RankedIssue', nb_ranked },
      });
    expect((await patch(2)).json().nb_ranked).toBe(2);
    const [a, b] = items;
    if (!a || !b) throw new Error('setup');
    const sent = await call.submit(issue.id, judge.token, {
      answers: [
        { dataset: a.id, value: 2 },
        { dataset: b.id, value: 1 },
      ],
    });
    expect(sent.statusCode).toBe(201);
    const locked = await patch(3);
    expect(locked.statusCode).toBe(400);
    expect(locked.json()).toEqual({ nb_ranked: [RANKED_LOCKED_MESSAGE] });
    expect((await patch(2)).statusCode).toBe(200);
  });

  it('takes exactly n items, each place once, as points out of n; announces the submission', async () => {
    const { admin, issue, items, judge } = await f.createSetup('RankedIssue');
    const [c, a, b] = items;
    if (!a || !b || !c) throw new Error('setup');
    const submit = (answers: { dataset: number; value: number }[]) =>
      call.submit(issue.id, judge.token, { answers });
    const refused = async (answers: { dataset: number; value: number }[]) => {
      const reply = await submit(answers);
      expect(reply.statusCode).toBe(400);
      return reply.json().answers;
    };
    expect(
      await refused([
        { dataset: a.id, value: 3 },
        { dataset: b.id, value: 2 },
      ]),
    ).toEqual(['Please rank exactly 3 items.']);
    expect(
      await refused([
        { dataset: a.id, value: 3 },
        { dataset: b.id, value: 3 },
        { dataset: c.id, value: 1 },
      ]),
    ).toEqual([RANKED_SAME_PLACE_MESSAGE]);
    expect(
      await refused([
        { dataset: a.id, value: 4 },
        { dataset: b.id, value: 2.5 },
        { dataset: c.id, value: 1 },
      ]),
    ).toEqual([rankedValueMessage(3)]);
    expect(
      await refused([
        { dataset: a.id, value: 3 },
        { dataset: a.id, value: 2 },
        { dataset: c.id, value: 1 },
      ]),
    ).toContain('An item has the same answer more than once.');
    const hook = await t.request({
      method: 'POST',
      url: '/api/v1/webhooks/',
      token: admin.token,
      payload: { team: admin.team.id, url: 'https://hooks.example.org/in', events: ['judge.submitted'] },
    });
    const ok = await submit([
      { dataset: b.id, value: 3 },
      { dataset: c.id, value: 2 },
      { dataset: a.id, value: 1 },
    ]);
    expect(ok.statusCode).toBe(201);
    expect(hook.statusCode).toBe(201);
    const deliveries = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, hook.json().id));
    expect(deliveries.map((d) => d.event)).toEqual(['judge.submitted']);
  });

  it('shortens the ballot to the items a judge may rank: subset, conflicts, no gaps', async () => {
    const { issue, items } = await f.createSetup('RankedIssue', { accessAllItems: false });
    const [c, a, b] = items;
    if (!a || !b || !c) throw new Error('setup');
    const judge = await f.addJudge(issue.id, { items: [a.id, b.id] });
    const submit = (answers: { dataset: number; value: number }[]) =>
      call.submit(issue.id, judge.token, { answers });
    const outside = await submit([
      { dataset: a.id, value: 3 },
      { dataset: c.id, value: 2 },
    ]);
    expect(outside.json().answers).toEqual(['Some items are not in your access.']);
    const gap = await submit([
      { dataset: a.id, value: 3 },
      { dataset: b.id, value: 1 },
    ]);
    expect(gap.json().answers).toEqual([RANKED_GAP_MESSAGE]);
    expect(
      (
        await submit([
          { dataset: b.id, value: 3 },
          { dataset: a.id, value: 2 },
        ])
      ).statusCode,
    ).toBe(201);

    await t.db.insert(issueConflicts).values({ accessId: judge.access.id, datasetId: a.id, setBy: 'admin' });
    const conflicted = await submit([
      { dataset: a.id, value: 3 },
      { dataset: b.id, value: 2 },
    ]);
    expect(conflicted.json().code).toBe(CONFLICT_OF_INTEREST);
    expect((await submit([{ dataset: b.id, value: 2 }])).json().answers).toEqual([RANKED_GAP_MESSAGE]);
    expect((await submit([{ dataset: b.id, value: 3 }])).statusCode).toBe(201);
  });

  it('keeps a shorter draft, never a longer one', async () => {
    const { issue, items, judge } = await f.createSetup('RankedIssue', { nbRanked: 2 });
    const [c, a, b] = items;
    if (!a || !b || !c) throw new Error('setup');
    const draft = (answers: { dataset: number; value: number }[]) =>
      t.request({
        method: 'PUT',
        url: `/api/v1/issues/${issue.id}/draft/?token=${judge.token}`,
        payload: { answers, comments: [] },
      });
    const short = await draft([{ dataset: a.id, value: 2 }]);
    expect(short.statusCode).toBe(200);
    expect(short.json().answers).toEqual([{ dataset: a.id, question: null, value: 2 }]);
    const long = await draft([
      { dataset: a.id, value: 2 },
      { dataset: b.id, value: 1 },
      { dataset: c.id, value: 1 },
    ]);
    expect(long.statusCode).toBe(400);
    expect(long.json().answers).toEqual(expect.arrayContaining(['You can rank at most 2 items.']));
  });
});
