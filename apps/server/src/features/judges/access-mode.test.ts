import { readFile } from 'node:fs/promises';
import { JUDGE_ALREADY_SUBMITTED, JUDGE_ALREADY_SUBMITTED_MESSAGE } from '@shortlist/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasets, issueAccessDatasets, issueAccesses, issueAnswers, issues } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { judgingCalls } from '../judging/test-factories.ts';
import { judgeFactories } from './test-factories.ts';

// Issue 27, point 7: switching a selection from "all items" to "a subset per judge" took items from judges
// who had submitted, whose answers kept counting in the report with no judge having access to the item.

let t: TestApp;
let f: ReturnType<typeof judgeFactories>;
let judging: ReturnType<typeof judgingCalls>;

beforeAll(async () => {
  t = await createTestApp();
  f = judgeFactories(t);
  judging = judgingCalls(t);
});
afterAll(() => t.close());

/** A selection of three items giving all of them, and two judges with their personal links' tokens. */
async function setup() {
  const { token, issue, items } = await f.createSetup(3);
  const ids = await f.addJudges(token, issue.id, ['ann@example.org', 'bob@example.org']);
  const accesses = await t.db.select().from(issueAccesses).where(eq(issueAccesses.issueId, issue.id));
  const judges = ids.map((user) => {
    const access = accesses.find((row) => row.userId === user);
    if (!access?.token) throw new Error('no access');
    return { user, access: access.id, token: access.token };
  });
  const [ann, bob] = judges;
  if (!ann || !bob) throw new Error('no judges');
  return { token, issue, items, ann, bob };
}

const patchMode = (token: string, issueId: number, isAll: boolean) =>
  t.request({
    method: 'PATCH',
    url: `/api/v1/issues/${issueId}/`,
    token,
    payload: { resourcetype: 'RatingIssue', access_all_items: isAll },
  });

/** Gives a judge these items of their subset. */
const giveItems = (token: string, issueId: number, user: number, datasets: (number | undefined)[]) =>
  f.post(token, issueId, 'set_datasets_access', { user, access: true, datasets });

const rateAll = (issueId: number, token: string, items: number[], value = 4) =>
  judging.submit(issueId, token, { answers: items.map((dataset) => ({ dataset, value })) });

async function reportRows(token: string, issueId: number) {
  const reply = await t.request({ method: 'GET', url: `/api/v1/issues/${issueId}/report_summary/`, token });
  expect(reply.statusCode).toBe(200);
  return reply.json().datasets as {
    dataset_id: number;
    value: number | null;
    nb_answers: number;
    nb_accessors: number;
  }[];
}

describe('switching a selection to a subset per judge', () => {
  it('is refused while it would take items from a judge who submitted, who keeps their items and answers', async () => {
    const { token, issue, items, ann } = await setup();
    expect((await rateAll(issue.id, ann.token, items)).statusCode).toBe(201);
    // Ann's subset holds one item: the switch would take two from her.
    await giveItems(token, issue.id, ann.user, [items[0]]);

    const reply = await patchMode(token, issue.id, false);
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ code: JUDGE_ALREADY_SUBMITTED, detail: JUDGE_ALREADY_SUBMITTED_MESSAGE });
    const [row] = await t.db.select().from(issues).where(eq(issues.id, issue.id));
    expect(row?.accessAllItems).toBe(true);
    // Every item she rated still has her among its judges with access, and she still sees all three.
    for (const item of await reportRows(token, issue.id))
      expect(item).toMatchObject({ nb_answers: 1, nb_accessors: 2 });
    expect((await judging.view(issue.id, ann.token)).json().items).toHaveLength(3);
  });

  it('goes ahead when no judge who submitted loses an item: none submitted, or their subsets cover them', async () => {
    const { token, issue, items, ann, bob } = await setup();
    // Bob has a draft only: the switch takes his items, and his draft keeps none of theirs.
    const draft = await t.request({
      method: 'PUT',
      url: `/api/v1/issues/${issue.id}/draft/?token=${bob.token}`,
      payload: { answers: items.map((dataset) => ({ dataset, value: 1 })) },
    });
    expect(draft.statusCode).toBe(200);
    expect((await rateAll(issue.id, ann.token, items)).statusCode).toBe(201);
    // Ann's subset: two items, and a conflict of interest with the third, which she never answers.
    await giveItems(token, issue.id, ann.user, items.slice(0, 2));
    const [third] = items.slice(2);
    const withConflict = await t.request({
      method: 'POST',
      url: `/api/v1/issues/${issue.id}/conflicts/`,
      token,
      payload: { dataset: third, user: ann.user },
    });
    expect(withConflict.statusCode).toBe(201);

    const reply = await patchMode(token, issue.id, false);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().access_all_items).toBe(false);
    const bobsView = (await judging.view(issue.id, bob.token)).json();
    expect([bobsView.items, bobsView.draft.answers]).toEqual([[], []]);
    // Every value in the report is of a judge with access to its item.
    for (const item of await reportRows(token, issue.id))
      expect(item.nb_answers).toBeLessThanOrEqual(item.nb_accessors);
  });

  it('leaves no answer on an item outside the subset when a submission and the switch meet', async () => {
    const { token, issue, items, ann } = await setup();
    await giveItems(token, issue.id, ann.user, [items[0]]);
    const [submitted, switched] = await Promise.all([
      rateAll(issue.id, ann.token, items),
      patchMode(token, issue.id, false),
    ]);
    // Whichever came first, the other saw it: the switch refused, or the submission refused the items.
    expect([
      [201, 400],
      [400, 200],
    ]).toContainEqual([submitted.statusCode, switched.statusCode]);
    const outside = await t.db.execute(sql`
      SELECT 1 FROM issue_answers x JOIN issues i ON i.id = x.issue_id AND NOT i.access_all_items
      JOIN issue_accesses a ON a.issue_id = x.issue_id AND a.user_id = x.user_id
      WHERE x.issue_id = ${issue.id} AND NOT EXISTS (
        SELECT 1 FROM issue_access_datasets iad WHERE iad.access_id = a.id AND iad.dataset_id = x.dataset_id)`);
    expect((outside as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});

describe('the database keeps answers on items their judge may answer', () => {
  it('refuses a switch or a removal that would strand answers, whatever path makes it', async () => {
    const { token, issue, items, ann } = await setup();
    await giveItems(token, issue.id, ann.user, [items[0]]);
    expect((await rateAll(issue.id, ann.token, items)).statusCode).toBe(201);
    await expect(
      t.db.update(issues).set({ accessAllItems: false }).where(eq(issues.id, issue.id)),
    ).rejects.toThrow();

    // Under subsets, with answers on her one item: taking that item from her is refused too.
    await t.db
      .delete(issueAnswers)
      .where(and(eq(issueAnswers.issueId, issue.id), eq(issueAnswers.datasetId, items[1] ?? 0)));
    await t.db
      .delete(issueAnswers)
      .where(and(eq(issueAnswers.issueId, issue.id), eq(issueAnswers.datasetId, items[2] ?? 0)));
    await t.db.update(issues).set({ accessAllItems: false }).where(eq(issues.id, issue.id));
    const herItem = and(
      eq(issueAccessDatasets.accessId, ann.access),
      eq(issueAccessDatasets.datasetId, items[0] ?? 0),
    );
    await expect(t.db.delete(issueAccessDatasets).where(herItem)).rejects.toThrow();

    // Deleting the item itself takes its answers with it, as deleting the judge does.
    await t.db.delete(datasets).where(eq(datasets.id, items[0] ?? 0));
    expect(await t.db.select().from(issueAnswers).where(eq(issueAnswers.issueId, issue.id))).toEqual([]);
    const removed = await f.post(token, issue.id, 'set_access', { user: ann.user, access: false });
    expect(removed.statusCode).toBe(200);
  });

  it("gives back, in migration 0025, the items a former switch took from a judge's answers", async () => {
    const { token, issue, items, ann, bob } = await setup();
    await giveItems(token, issue.id, ann.user, [items[0]]);
    await t.db.update(issues).set({ accessAllItems: false }).where(eq(issues.id, issue.id));
    // As the former switch left it: answers of Ann on all three items, of Bob on one, no access to them.
    await t.db
      .insert(issueAnswers)
      .values([
        ...items.map((datasetId) => ({ issueId: issue.id, userId: ann.user, datasetId, value: 3 })),
        { issueId: issue.id, userId: bob.user, datasetId: items[1] ?? 0, value: 5 },
      ]);
    const migration = await readFile(
      new URL('../../db/migrations/0027_answers_need_access.sql', import.meta.url),
      'utf8',
    );
    const [repair] = migration.split('--> statement-breakpoint');
    await t.db.execute(sql.raw(repair ?? ''));

    const access = await t.db
      .select({ access: issueAccessDatasets.accessId, item: issueAccessDatasets.datasetId })
      .from(issueAccessDatasets)
      .innerJoin(issueAccesses, eq(issueAccesses.id, issueAccessDatasets.accessId))
      .where(eq(issueAccesses.issueId, issue.id));
    expect(access.map((row) => [row.access, row.item]).sort()).toEqual(
      [...items.map((item) => [ann.access, item]), [bob.access, items[1]]].sort(),
    );
    for (const item of await reportRows(token, issue.id))
      expect(item.nb_answers).toBeLessThanOrEqual(item.nb_accessors);
  });
});
