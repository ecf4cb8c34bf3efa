import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/raw-rows.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { foldReportChanges } from './fold.ts';
import { refreshAllNormalisedFigures } from './normalised-figures.ts';
import { reportFactories } from './test-factories.ts';

let t: TestApp;
let f: ReturnType<typeof reportFactories>;
beforeAll(async () => {
  t = await createTestApp();
  f = reportFactories(t);
});
afterAll(() => t.close());

interface Row {
  title: string;
  value: number | null;
  rank: number;
  rank_shift: number | null;
  stdev: number | null;
  range: number | null;
}

async function report(token: string, issueId: number, query = '') {
  const reply = await t.request({
    method: 'GET',
    url: `/api/v1/issues/${issueId}/report_summary/${query}`,
    token,
  });
  expect(reply.statusCode).toBe(200);
  return reply.json() as { datasets: Row[]; raw_judges: number[] };
}
const table = (rows: Row[]) => rows.map((row) => [row.title, row.value, row.rank, row.rank_shift]);

describe('the normalised report', () => {
  it('ranks on z-scores mapped back onto the scale, with the shift from the raw rank', async () => {
    const { token, issue, lone } = await f.createBiasSetup();
    const raw = await report(token, issue.id);
    expect(table(raw.datasets)).toEqual([
      ['D', 10, 1, null],
      ['B', 5.5, 2, null],
      ['C', 4.5, 3, null],
      ['A', 4, 4, null],
    ]);
    expect(raw.raw_judges).toEqual([]);

    const normalised = await report(token, issue.id, '?normalised=true');
    expect(table(normalised.datasets)).toEqual([
      ['D', 9.509, 1, 0],
      ['A', 7.255, 2, 2],
      ['B', 5.429, 3, -1],
      ['C', 1.348, 4, -1],
    ]);
    expect(normalised.raw_judges).toEqual([lone.id]);
  });

  // Issue 57, point 3: a fold of a burst's round no longer pays for the figures of a view seldom read.
  it('leaves its stored figures to the first read that needs them, or to the background once submissions pause', async () => {
    const { token, issue, items } = await f.createBiasSetup();
    const stored = () =>
      selectRows<{ title: string; norm_mean: number | null; current: boolean | null }>(
        t.db,
        sql`SELECT d.title, s.norm_mean, f.norm_figures_fold = f.nb_folds AS current
          FROM report_item_stats s JOIN datasets d ON d.id = s.dataset_id
          LEFT JOIN report_folds f ON f.issue_id = s.issue_id
          WHERE s.issue_id = ${issue.id} ORDER BY d.title`,
      );
    // The raw report folds the submissions and leaves the normalised figures unwritten.
    await report(token, issue.id);
    expect((await stored()).map((row) => [row.title, row.norm_mean, row.current])).toEqual([
      ['A', null, null],
      ['B', null, null],
      ['C', null, null],
      ['D', null, null],
    ]);
    const normalised = table((await report(token, issue.id, '?normalised=true')).datasets);
    expect(normalised).toEqual([
      ['D', 9.509, 1, 0],
      ['A', 7.255, 2, 2],
      ['B', 5.429, 3, -1],
      ['C', 1.348, 4, -1],
    ]);
    expect((await stored()).map((row) => [row.title, row.norm_mean, row.current])).toEqual([
      ['A', 7.255, true],
      ['B', 5.429, true],
      ['C', 1.348, true],
      ['D', 9.509, true],
    ]);
    // The harsh judge now gives C 10: folded for a raw read, the stored figures are behind; the
    // normalised read writes them again.
    const harshOnC = sql`issue_id = ${issue.id} AND dataset_id = ${items.c.id} AND value = 1`;
    await t.db.execute(sql`UPDATE issue_answers SET value = 10 WHERE ${harshOnC}`);
    await foldReportChanges(t.db, [issue.id], { normalised: false });
    expect((await stored()).every((row) => row.current === false)).toBe(true);
    const edited = table((await report(token, issue.id, '?normalised=true')).datasets);
    expect(edited).not.toEqual(normalised);
    expect(edited.find((row) => row[0] === 'C')?.[2]).toBeLessThan(4);
    // Back to 1 and folded: the background task leaves the figures while judges submitted in the last
    // 10 s, then writes them; the read finds the first figures.
    await t.db.execute(sql`UPDATE issue_answers SET value = 1 WHERE issue_id = ${issue.id}
      AND dataset_id = ${items.c.id} AND value = 10`);
    await foldReportChanges(t.db, [issue.id], { normalised: false });
    await refreshAllNormalisedFigures(t.db);
    expect((await stored()).every((row) => row.current === false)).toBe(true);
    await t.db.execute(sql`UPDATE issue_submissions SET update_time = now() - interval '11 seconds'
      WHERE issue_id = ${issue.id}`);
    await refreshAllNormalisedFigures(t.db);
    expect((await stored()).every((row) => row.current === true)).toBe(true);
    expect(table((await report(token, issue.id, '?normalised=true')).datasets)).toEqual(normalised);
  });

  it('gives σ (population) and range of the judges’ values, none below two judges', async () => {
    const { token, issue } = await f.createBiasSetup();
    const spread = (rows: Row[]) => rows.map((row) => [row.title, row.stdev, row.range]);
    expect(spread((await report(token, issue.id)).datasets)).toEqual([
      ['D', null, null],
      ['B', 3.5, 7],
      ['C', 3.5, 7],
      ['A', 1, 2],
    ]);
    // Normalised, H and G agree on B and C; A keeps the spread between H's 9.509 and L's raw 5.
    expect(spread((await report(token, issue.id, '?normalised=true')).datasets)).toEqual([
      ['D', null, null],
      ['A', 2.255, 4.509],
      ['B', 0, 0],
      ['C', 0, 0],
    ]);
  });

  it('cuts the values at the new ends when the scale changes after judging', async () => {
    const { token, issue } = await f.createBiasSetup();
    await report(token, issue.id, '?normalised=true');
    // Scale 0–9: H's 9.509 on A and G's 9.509 on D are cut to 9; A (9 + 5) / 2 = 7.
    const reply = await t.request({
      method: 'PATCH',
      url: `/api/v1/issues/${issue.id}/`,
      payload: { resourcetype: 'RatingIssue', max_rating: 9 },
      token,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(table((await report(token, issue.id, '?normalised=true')).datasets)).toEqual([
      ['D', 9, 1, 0],
      ['A', 7, 2, 2],
      ['B', 5.429, 3, -1],
      ['C', 1.348, 4, -1],
    ]);
  });

  it('leaves other kinds of selection as they are', async () => {
    const admin = await t.createAdmin();
    const [a, b] = await f.createItems(admin.team.id, [{ title: 'A' }, { title: 'B' }]);
    if (!a || !b) throw new Error('no items');
    const issue = await f.createIssue(admin.team.id, 'TokenIssue', { nbTokens: 10, maxPerItem: 10 });
    await f.addItems(issue.id, [a.id, b.id]);
    const judge = await f.addJudge(issue.id);
    await f.submit(issue.id, judge.id, [
      [a.id, 3],
      [b.id, 7],
    ]);
    const body = await report(admin.token, issue.id, '?normalised=true');
    expect(table(body.datasets)).toEqual([
      ['B', 7, 1, 0],
      ['A', 3, 2, 0],
    ]);
    expect(body.raw_judges).toEqual([]);
  });
});
