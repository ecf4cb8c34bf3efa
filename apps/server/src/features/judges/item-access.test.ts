import {
  HAS_SUBMISSIONS,
  JUDGE_ALREADY_SUBMITTED,
  JUDGE_ALREADY_SUBMITTED_MESSAGE,
  NO_ITEMS,
} from '@shortlist/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAccessDatasets, issueAccesses, issues } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { judgeFactories } from './test-factories.ts';

let t: TestApp;
let f: ReturnType<typeof judgeFactories>;

beforeAll(async () => {
  t = await createTestApp();
  f = judgeFactories(t);
});
afterAll(() => t.close());

/** The item ids each judge of the selection may answer, keyed by user id. */
async function itemsByJudge(issueId: number) {
  const rows = await t.db
    .select({ userId: issueAccesses.userId, datasetId: issueAccessDatasets.datasetId })
    .from(issueAccesses)
    .leftJoin(issueAccessDatasets, eq(issueAccessDatasets.accessId, issueAccesses.id))
    .where(eq(issueAccesses.issueId, issueId))
    .orderBy(asc(issueAccessDatasets.datasetId));
  const map = new Map<number, number[]>();
  for (const row of rows) {
    const list = map.get(row.userId) ?? [];
    if (row.datasetId !== null) list.push(row.datasetId);
    map.set(row.userId, list);
  }
  return map;
}

const judgeEmails = (n: number, prefix: string) =>
  Array.from({ length: n }, (_, i) => `${prefix}${i}@example.org`);

describe('POST issues/{id}/set_datasets_access/', () => {
  it('gives and takes items of the selection only', async () => {
    const { token, issue, items } = await f.createSetup(4);
    const [judge] = await f.addJudges(token, issue.id, ['sub@example.org']);
    const [a, b, c] = items;
    const give = await f.post(token, issue.id, 'set_datasets_access', {
      user: judge,
      access: true,
      datasets: [a, b, c, a],
    });
    expect(give.statusCode).toBe(200);
    expect(give.json()).toEqual({ user: judge, nb_datasets: 3 });
    const take = await f.post(token, issue.id, 'set_datasets_access', {
      user: judge,
      access: false,
      datasets: [b],
    });
    expect(take.json()).toEqual({ user: judge, nb_datasets: 2 });
    expect((await itemsByJudge(issue.id)).get(judge ?? 0)).toEqual([a, c]);

    const foreign = await f.createSetup(1);
    const outside = await f.post(token, issue.id, 'set_datasets_access', {
      user: judge,
      access: true,
      datasets: [foreign.items[0]],
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toEqual({
      datasets: [`Invalid pk "${foreign.items[0]}" - object does not exist.`],
    });
    const notJudge = await f.post(token, issue.id, 'set_datasets_access', {
      user: 999999,
      access: true,
      datasets: [a],
    });
    expect(notJudge.json()).toEqual({ user: ['Invalid pk "999999" - object does not exist.'] });
    const empty = await f.post(token, issue.id, 'set_datasets_access', {
      user: judge,
      access: true,
      datasets: [],
    });
    expect(empty.json()).toEqual({ datasets: ['Ensure this field has at least 1 elements.'] });
    const other = await t.createAdmin();
    const hidden = await f.post(other.token, issue.id, 'set_datasets_access', {
      user: judge,
      access: false,
      datasets: [a],
    });
    expect(hidden.statusCode).toBe(404);
    expect((await itemsByJudge(issue.id)).get(judge ?? 0)).toEqual([a, c]);
  });

  it('refuses to take items from a judge who has submitted, but still gives more', async () => {
    const { token, issue, items } = await f.createSetup(2);
    const [judge] = await f.addJudges(token, issue.id, ['done@example.org']);
    await f.post(token, issue.id, 'set_datasets_access', { user: judge, access: true, datasets: [items[0]] });
    await f.submitAs(issue.id, judge ?? 0);
    const take = await f.post(token, issue.id, 'set_datasets_access', {
      user: judge,
      access: false,
      datasets: [items[0]],
    });
    expect(take.statusCode).toBe(400);
    expect(take.json()).toEqual({ code: JUDGE_ALREADY_SUBMITTED, detail: JUDGE_ALREADY_SUBMITTED_MESSAGE });
    const give = await f.post(token, issue.id, 'set_datasets_access', {
      user: judge,
      access: true,
      datasets: [items[1]],
    });
    expect(give.json()).toEqual({ user: judge, nb_datasets: 2 });
  });
});

describe('POST issues/{id}/copy_access/', () => {
  it("replaces a judge's items with another's", async () => {
    const { token, issue, items } = await f.createSetup(3);
    const [from, to] = await f.addJudges(token, issue.id, ['from@example.org', 'to@example.org']);
    await f.post(token, issue.id, 'set_datasets_access', {
      user: from,
      access: true,
      datasets: [items[0], items[1]],
    });
    await f.post(token, issue.id, 'set_datasets_access', { user: to, access: true, datasets: [items[2]] });
    const reply = await f.post(token, issue.id, 'copy_access', { from_user: from, to_user: to });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ user: to, nb_datasets: 2 });
    expect((await itemsByJudge(issue.id)).get(to ?? 0)).toEqual([items[0], items[1]]);

    const self = await f.post(token, issue.id, 'copy_access', { from_user: from, to_user: from });
    expect(self.json()).toEqual({ to_user: ['Choose another judge to copy from.'] });
    const unknown = await f.post(token, issue.id, 'copy_access', { from_user: 999999, to_user: to });
    expect(unknown.json()).toEqual({ from_user: ['Invalid pk "999999" - object does not exist.'] });
    const missing = await f.post(token, issue.id, 'copy_access', { from_user: from });
    expect(missing.json()).toEqual({ to_user: ['This field is required.'] });
    const other = await t.createAdmin();
    expect(
      (await f.post(other.token, issue.id, 'copy_access', { from_user: to, to_user: from })).statusCode,
    ).toBe(404);
    expect((await itemsByJudge(issue.id)).get(from ?? 0)).toEqual([items[0], items[1]]);
  });

  it('refuses to take items from a judge who has submitted', async () => {
    const { token, issue, items } = await f.createSetup(2);
    const [from, to] = await f.addJudges(token, issue.id, ['f@example.org', 't@example.org']);
    await f.post(token, issue.id, 'set_datasets_access', { user: to, access: true, datasets: [items[0]] });
    await f.submitAs(issue.id, to ?? 0);
    const reply = await f.post(token, issue.id, 'copy_access', { from_user: from, to_user: to });
    expect(reply.json()).toEqual({ code: JUDGE_ALREADY_SUBMITTED, detail: JUDGE_ALREADY_SUBMITTED_MESSAGE });
    expect((await itemsByJudge(issue.id)).get(to ?? 0)).toEqual([items[0]]);
  });
});

describe('POST issues/{id}/spread_access/', () => {
  it.each([
    [10, 4, 2],
    [7, 3, 3],
    [5, 5, 1],
    [1, 3, 2],
  ])(
    'gives each of %i items exactly n judges among %i with loads within one (n=%i)',
    async (nbItems, nbJudges, n) => {
      const { token, issue, items } = await f.createSetup(nbItems);
      const judges = await f.addJudges(token, issue.id, judgeEmails(nbJudges, `spread${nbItems}-${n}-`));
      const reply = await f.post(token, issue.id, 'spread_access', { judges_per_item: n });
      expect(reply.statusCode).toBe(200);
      const total = nbItems * n;
      expect(reply.json()).toEqual({
        nb_judges: nbJudges,
        nb_datasets: nbItems,
        min_datasets_per_judge: Math.floor(total / nbJudges),
        max_datasets_per_judge: Math.ceil(total / nbJudges),
      });
      const byJudge = await itemsByJudge(issue.id);
      const perItem = new Map(items.map((id) => [id, 0]));
      for (const list of byJudge.values()) for (const id of list) perItem.set(id, (perItem.get(id) ?? 0) + 1);
      expect([...perItem.values()]).toEqual(items.map(() => n));
      const loads = judges.map((id) => byJudge.get(id)?.length ?? 0);
      expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
      expect(loads.reduce((sum, load) => sum + load, 0)).toBe(total);
      const [row] = await t.db.select().from(issues).where(eq(issues.id, issue.id));
      expect(row?.accessAllItems).toBe(false);
    },
  );

  it('replaces earlier subsets and refuses what cannot be spread', async () => {
    const { token, issue, items } = await f.createSetup(4);
    const [a] = await f.addJudges(token, issue.id, judgeEmails(2, 'again'));
    await f.post(token, issue.id, 'spread_access', { judges_per_item: 2 });
    await f.post(token, issue.id, 'spread_access', { judges_per_item: 1 });
    expect((await itemsByJudge(issue.id)).get(a ?? 0)).toHaveLength(2);

    const tooMany = await f.post(token, issue.id, 'spread_access', { judges_per_item: 3 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ judges_per_item: ['Ensure this value is less than or equal to 2.'] });
    const zero = await f.post(token, issue.id, 'spread_access', { judges_per_item: 0 });
    expect(zero.json()).toEqual({ judges_per_item: ['Ensure this value is greater than or equal to 1.'] });

    await f.submitAs(issue.id, a ?? 0);
    const submitted = await f.post(token, issue.id, 'spread_access', { judges_per_item: 2 });
    expect(submitted.json()).toMatchObject({ code: HAS_SUBMISSIONS });
    expect((await itemsByJudge(issue.id)).get(a ?? 0)).toHaveLength(2);

    const empty = await f.createSetup(0);
    await f.addJudges(empty.token, empty.issue.id, ['lonely@example.org']);
    const noItems = await f.post(empty.token, empty.issue.id, 'spread_access', { judges_per_item: 1 });
    expect(noItems.json()).toEqual({ code: NO_ITEMS, detail: 'The selection is empty.' });

    const other = await t.createAdmin();
    expect((await f.post(other.token, issue.id, 'spread_access', { judges_per_item: 1 })).statusCode).toBe(
      404,
    );
    expect(items).toHaveLength(4);
  });
});

describe('GET issues/{id}/access_datasets/', () => {
  it("lists the selection's items by title with the judge's access, searched and paged", async () => {
    const { token, issue, items } = await f.createSetup(3);
    const [judge] = await f.addJudges(token, issue.id, ['list@example.org']);
    await f.post(token, issue.id, 'set_datasets_access', { user: judge, access: true, datasets: [items[1]] });
    const reply = await f.get(token, issue.id, `access_datasets/?user=${judge}`);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      count: 3,
      results: [
        { id: items[0], title: 'Item 1', has_access: false },
        { id: items[1], title: 'Item 2', has_access: true },
        { id: items[2], title: 'Item 3', has_access: false },
      ],
    });
    const searched = await f.get(token, issue.id, `access_datasets/?user=${judge}&search=item%203&limit=1`);
    expect(searched.json().results).toEqual([{ id: items[2], title: 'Item 3', has_access: false }]);
    const paged = await f.get(token, issue.id, `access_datasets/?user=${judge}&limit=1&offset=1`);
    expect(paged.json().results).toEqual([{ id: items[1], title: 'Item 2', has_access: true }]);
    expect((await f.get(token, issue.id, 'access_datasets/')).json()).toEqual({
      user: ['This field is required.'],
    });
    expect((await f.get(token, issue.id, 'access_datasets/?user=999999')).statusCode).toBe(400);
    const other = await t.createAdmin();
    expect((await f.get(other.token, issue.id, `access_datasets/?user=${judge}`)).statusCode).toBe(404);
  });
});

describe('POST issues/{id}/assign_access/', () => {
  it('gives every item N judges within M each, tops up later items, and says what is short', async () => {
    const { token, issue } = await f.createSetup(10);
    const judges = await f.addJudges(token, issue.id, judgeEmails(4, 'assign'));
    const assign = (body: object) => f.post(token, issue.id, 'assign_access', body);
    const first = await assign({ judges_per_item: 2, max_items_per_judge: 5 });
    expect(first.json()).toEqual({
      nb_judges: 4,
      nb_datasets: 10,
      nb_assigned: 20,
      min_datasets_per_judge: 5,
      max_datasets_per_judge: 5,
      short: [],
      by: 'balanced',
      quality: null,
      solve_ms: 0,
    });
    const before = await itemsByJudge(issue.id);

    // Four items more: M = 5 is full, so they stay short until M is raised; what judges had stays.
    const added = await f.addItems(issue, 4);
    const short = await assign({ judges_per_item: 2, max_items_per_judge: 5, mode: 'top_up' });
    expect(short.json()).toMatchObject({ nb_assigned: 0, short: [{ judges: 0, items: 4 }] });
    const topUp = await assign({ judges_per_item: 2, max_items_per_judge: 7, mode: 'top_up' });
    expect(topUp.json()).toMatchObject({
      nb_assigned: 8,
      min_datasets_per_judge: 7,
      max_datasets_per_judge: 7,
      short: [],
    });
    const after = await itemsByJudge(issue.id);
    for (const judge of judges) {
      for (const item of before.get(judge) ?? []) expect(after.get(judge)).toContain(item);
    }
    const perItem = new Map<number, number>();
    for (const list of after.values()) for (const id of list) perItem.set(id, (perItem.get(id) ?? 0) + 1);
    for (const item of added) expect(perItem.get(item)).toBe(2);

    await f.submitAs(issue.id, judges[0] ?? 0);
    expect((await assign({ judges_per_item: 1, max_items_per_judge: 9 })).json()).toMatchObject({
      code: HAS_SUBMISSIONS,
    });
    expect((await assign({ judges_per_item: 5, max_items_per_judge: 9, mode: 'top_up' })).json()).toEqual({
      judges_per_item: ['Ensure this value is less than or equal to 4.'],
    });
    const other = await t.createAdmin();
    expect(
      (await f.post(other.token, issue.id, 'assign_access', { judges_per_item: 1, max_items_per_judge: 1 }))
        .statusCode,
    ).toBe(404);
  });
});
