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
