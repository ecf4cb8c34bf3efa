import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueComments } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { reportFactories } from './test-factories.ts';

let t: TestApp;
let f: ReturnType<typeof reportFactories>;
beforeAll(async () => {
  t = await createTestApp();
  f = reportFactories(t);
});
afterAll(() => t.close());

type Row = {
  title: string;
  value: number | null;
  rank: number | null;
  nb_answers: number;
  nb_accessors: number;
};
const summaryUrl = (id: number, query = '') => `/api/v1/issues/${id}/report_summary/${query}`;

async function summary(token: string, id: number, query = '') {
  const reply = await t.request({ method: 'GET', url: summaryUrl(id, query), token });
  expect(reply.statusCode).toBe(200);
  return reply.json();
}
const ranking = (rows: Row[]) => rows.map((row) => [row.title, row.value, row.rank]);

describe('GET issues/{id}/report_summary', () => {
  it('ranks a rating selection by the mean over judges of their weighted criterion means', async () => {
    const { token, issue, q1, q2 } = await f.createRatingSetup();
    const body = await summary(token, issue.id);
    expect(ranking(body.datasets)).toEqual([
      ['B', 4, 1],
      ['C', 3.5, 2],
      ['A', 2, 3],
      ['D', null, null],
    ]);
    const byTitle = Object.fromEntries(body.datasets.map((row: Row) => [row.title, row]));
    expect(byTitle.B).toMatchObject({ nb_answers: 2, nb_accessors: 3, tagsArray: ['energy', 'health'] });
    expect(byTitle.D).toMatchObject({ nb_answers: 0, nb_accessors: 3, criteria: [] });
    // A: Q1 mean(4,2,0)=2, Q2 mean(1,5,0)=2; judges' scores 3, 3, 0.
    expect(byTitle.A.criteria).toEqual([
      { question: q1.id, average: 2, nb_answers: 3 },
      { question: q2.id, average: 2, nb_answers: 3 },
    ]);
    // The box plots come by page from report_distribution; D, with no value, has none.
    const reply = await t.request({
      method: 'GET',
      url: `/api/v1/issues/${issue.id}/report_distribution/?datasets=${byTitle.A.dataset_id},${byTitle.D.dataset_id}`,
      token,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().distributions).toEqual([
      { dataset_id: byTitle.A.dataset_id, min: 0, q1: 1.5, median: 3, q3: 3, max: 3 },
    ]);
    expect(body.judge_value_max).toBe(5);
    expect(body.nb_voters).toBe(3);
    expect(body.judges_disabled).toBe(false);
    expect(body.users).toHaveLength(3);
  });

  it("counts a judge's items answered as the judge's page does: rated ones, a comment alone rates nothing", async () => {
    const { token, issue, items, judges } = await f.createRatingSetup();
    // J3 rated A and C, and comments on B and D without rating them.
    await t.db.insert(issueComments).values(
      [items.b, items.d].map((item) => ({
        issueId: issue.id,
        userId: judges.j3.id,
        datasetId: item.id,
        content: 'Not sure yet',
      })),
    );
    const body = await summary(token, issue.id);
    const answered = Object.fromEntries(
      body.users.map((user: { id: number; nb_answered: number }) => [user.id, user.nb_answered]),
    );
    expect(answered).toEqual({ [judges.j1.id]: 3, [judges.j2.id]: 2, [judges.j3.id]: 2 });
  });

  it('keeps only verified judges on request: their count as accessors too', async () => {
    const { token, issue } = await f.createRatingSetup();
    const body = await summary(token, issue.id, '?only_verified_emails=true');
    // Without J3: A mean(3,3)=3, B 4, C 5.
    expect(ranking(body.datasets)).toEqual([
      ['C', 5, 1],
      ['B', 4, 2],
      ['A', 3, 3],
      ['D', null, null],
    ]);
    expect(body.datasets.map((row: Row) => row.nb_accessors)).toEqual([2, 2, 2, 2]);
    expect(
      body.users.map((user: { email_verification_status: string }) => user.email_verification_status),
    ).toEqual(['ver', 'ver']);
  });

  it('averages only the chosen criteria', async () => {
    const { token, issue, q2 } = await f.createRatingSetup();
    const body = await summary(token, issue.id, `?criteria=${q2.id}`);
    // Q2 only: A mean(1,5,0)=2, B 3 (J2 skipped it), C mean(5,4)=4.5.
    expect(ranking(body.datasets)).toEqual([
      ['C', 4.5, 1],
      ['B', 3, 2],
      ['A', 2, 3],
      ['D', null, null],
    ]);
    expect(body.datasets[1]).toMatchObject({ title: 'B', nb_answers: 1 });
    expect(body.datasets[0].criteria).toEqual([{ question: q2.id, average: 4.5, nb_answers: 2 }]);
  });

  it('keeps the items carrying one of the chosen tags', async () => {
    const { token, issue } = await f.createRatingSetup();
    const body = await summary(token, issue.id, '?tags=health');
    expect(ranking(body.datasets)).toEqual([
      ['B', 4, 1],
      ['A', 2, 2],
    ]);
  });

  it('totals tokens, counts accessors through per-judge subsets, and ranks ties 1, 1, 1, 4', async () => {
    const admin = await t.createAdmin();
    const [a, b, c, d] = await f.createItems(admin.team.id, [
      { title: 'A' },
      { title: 'B' },
      { title: 'C' },
      { title: 'D' },
    ]);
    if (!a || !b || !c || !d) throw new Error('no items');
    const issue = await f.createIssue(admin.team.id, 'TokenIssue', {
      nbTokens: 10,
      maxPerItem: 5,
      accessAllItems: false,
    });
    await f.addItems(issue.id, [a.id, b.id, c.id, d.id]);
    const k1 = await f.addJudge(issue.id, { datasetIds: [a.id, b.id, c.id] });
    const k2 = await f.addJudge(issue.id, { datasetIds: [a.id, b.id] });
    const k3 = await f.addJudge(issue.id, { datasetIds: [c.id, d.id] });
    await f.submit(issue.id, k1.id, [
      [a.id, 3],
      [b.id, 2],
      [c.id, 4],
    ]);
    await f.submit(issue.id, k2.id, [
      [a.id, 2],
      [b.id, 3],
    ]);
    await f.submit(issue.id, k3.id, [[d.id, 5]]);
    const body = await summary(admin.token, issue.id);
    expect(
      body.datasets.map((row: Row) => [row.title, row.value, row.rank, row.nb_answers, row.nb_accessors]),
    ).toEqual([
      ['A', 5, 1, 2, 2],
      ['B', 5, 1, 2, 2],
      ['D', 5, 1, 1, 1],
      ['C', 4, 4, 1, 2],
    ]);
    expect(body.users.map((user: { nb_accessible: number }) => user.nb_accessible).sort()).toEqual([2, 2, 3]);
  });

  it('counts picks, an item nobody picked counting 0', async () => {
    const admin = await t.createAdmin();
    const [a, b, c, e] = await f.createItems(admin.team.id, [
      { title: 'A' },
      { title: 'B' },
      { title: 'C' },
      { title: 'E' },
    ]);
    if (!a || !b || !c || !e) throw new Error('no items');
    const issue = await f.createIssue(admin.team.id, 'SelectionIssue', { minItems: 0, maxItems: 2 });
    await f.addItems(issue.id, [a.id, b.id, c.id, e.id]);
    const [p1, p2, p3] = [await f.addJudge(issue.id), await f.addJudge(issue.id), await f.addJudge(issue.id)];
    await f.submit(issue.id, p1.id, [
      [a.id, 1],
      [b.id, 1],
    ]);
    await f.submit(issue.id, p2.id, [[a.id, 1]]);
    await f.submit(issue.id, p3.id, [[c.id, 1]]);
    const body = await summary(admin.token, issue.id);
    expect(ranking(body.datasets)).toEqual([
      ['A', 2, 1],
      ['B', 1, 2],
      ['C', 1, 2],
      ['E', 0, 4],
    ]);
  });

  it('counts comments of a text selection', async () => {
    const admin = await t.createAdmin();
    const [x, y] = await f.createItems(admin.team.id, [{ title: 'X' }, { title: 'Y' }]);
    if (!x || !y) throw new Error('no items');
    const issue = await f.createIssue(admin.team.id, 'TextIssue');
    await f.addItems(issue.id, [x.id, y.id]);
    const [u1, u2] = [await f.addJudge(issue.id), await f.addJudge(issue.id)];
    await f.submit(
      issue.id,
      u1.id,
      [],
      [
        [x.id, 'Great'],
        [y.id, 'Fine'],
      ],
    );
    await f.submit(issue.id, u2.id, [], [[x.id, 'Strong team']]);
    const body = await summary(admin.token, issue.id);
    expect(body.datasets.map((row: Row) => [row.title, row.value, row.rank, row.nb_answers])).toEqual([
      ['X', 2, 1, 2],
      ['Y', 1, 2, 1],
    ]);
  });

  it('hides the judges above 100 voters', async () => {
    const admin = await t.createAdmin();
    const [item] = await f.createItems(admin.team.id, [{ title: 'Solo' }]);
    if (!item) throw new Error('no item');
    const issue = await f.createIssue(admin.team.id, 'SelectionIssue');
    await f.addItems(issue.id, [item.id]);
    for (let index = 0; index < 101; index++) {
      const judge = await f.addJudge(issue.id);
      await f.submit(issue.id, judge.id, [[item.id, 1]]);
    }
    const body = await summary(admin.token, issue.id);
    expect(body).toMatchObject({ nb_voters: 101, judges_disabled: true, users: [] });
    expect(body.datasets[0]).toMatchObject({ value: 101, nb_answers: 101, nb_accessors: 101 });
  });

  it("answers 404 for another team's selection and 400 for a bad flag", async () => {
    const { issue, token } = await f.createRatingSetup();
    const other = await t.createAdmin();
    const foreign = await t.request({ method: 'GET', url: summaryUrl(issue.id), token: other.token });
    expect(foreign.statusCode).toBe(404);
    const bad = await t.request({
      method: 'GET',
      url: summaryUrl(issue.id, '?only_verified_emails=maybe'),
      token,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['only_verified_emails']);
    const anonymous = await t.request({ method: 'GET', url: summaryUrl(issue.id) });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET issues/{id}/report_distribution', () => {
  const distributionUrl = (id: number, query: string) => `/api/v1/issues/${id}/report_distribution/${query}`;

  it("gives the box plots under the report's filters, only the selection's items", async () => {
    const { token, issue } = await f.createRatingSetup();
    const body = await summary(token, issue.id);
    const byTitle = Object.fromEntries(
      body.datasets.map((row: Row & { dataset_id: number }) => [row.title, row]),
    );
    const other = await f.createRatingSetup();
    const ids = `${byTitle.A.dataset_id},${byTitle.C.dataset_id},${other.items.a.id}`;
    const reply = await t.request({
      method: 'GET',
      url: distributionUrl(issue.id, `?datasets=${ids}&only_verified_emails=true`),
      token,
    });
    expect(reply.statusCode).toBe(200);
    // Without J3: A's judges 3 and 3, C's 5.
    expect(reply.json().distributions).toEqual([
      { dataset_id: byTitle.A.dataset_id, min: 3, q1: 3, median: 3, q3: 3, max: 3 },
      { dataset_id: byTitle.C.dataset_id, min: 5, q1: 5, median: 5, q3: 5, max: 5 },
    ]);
  });

  it("answers 404 for another team's selection and 400 without items or with too many", async () => {
    const { issue, token } = await f.createRatingSetup();
    const other = await t.createAdmin();
    const foreign = await t.request({
      method: 'GET',
      url: distributionUrl(issue.id, '?datasets=1'),
      token: other.token,
    });
    expect(foreign.statusCode).toBe(404);
    for (const query of [
      '',
      '?datasets=x',
      `?datasets=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`,
    ]) {
      const bad = await t.request({ method: 'GET', url: distributionUrl(issue.id, query), token });
      expect(bad.statusCode, query).toBe(400);
      expect(Object.keys(bad.json())).toEqual(['datasets']);
    }
  });
});
