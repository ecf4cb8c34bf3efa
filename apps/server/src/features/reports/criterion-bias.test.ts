import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/raw-rows.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { seededRandom } from '../../test/random.ts';
import { refreshReadCriterionFigures } from './criterion-figures.ts';
import { foldReportChanges } from './fold.ts';
import { oracleCriterionNormalisedOf } from './report-oracle.ts';
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
  criteria: { question: number; average: number | null }[];
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

/**
 * docs/judging.md, "Per criterion": scale 0–10, Team and Market (weight 1). H is harsh on Team only:
 * Team A 2, B 1, C 0, Market A 6, B 5, C 4. G: Team B 8, C 7, D 9, Market B 5, C 4, D 6. L: A 5, 5 (raw).
 */
async function createSetup() {
  const admin = await t.createAdmin();
  const items = await f.createItems(
    admin.team.id,
    ['A', 'B', 'C', 'D'].map((title) => ({ title })),
  );
  const [a, b, c, d] = items.map((item) => item.id) as [number, number, number, number];
  const issue = await f.createIssue(admin.team.id, 'RatingIssue', { minRating: 0, maxRating: 10, step: 1 });
  await f.addItems(issue.id, [a, b, c, d]);
  const team = await f.addQuestion(issue.id, 'Team');
  const market = await f.addQuestion(issue.id, 'Market');
  const [harsh, generous, lone] = [
    await f.addJudge(issue.id),
    await f.addJudge(issue.id),
    await f.addJudge(issue.id),
  ];
  const rate = (userId: number, rows: [number, number, number][]) =>
    f.submit(
      issue.id,
      userId,
      rows.flatMap(([item, onTeam, onMarket]): [number, number, number][] => [
        [item, onTeam, team.id],
        [item, onMarket, market.id],
      ]),
    );
  await rate(harsh.id, [
    [a, 2, 6],
    [b, 1, 5],
    [c, 0, 4],
  ]);
  await rate(generous.id, [
    [b, 8, 5],
    [c, 7, 4],
    [d, 9, 6],
  ]);
  await rate(lone.id, [[a, 5, 5]]);
  return { ...admin, issue, team, market, lone, harsh };
}

describe('the report normalised per judge and criterion', () => {
  it('promotes to the next round as the per-criterion report ranks, recording its ranks and values', async () => {
    const { token, issue } = await createSetup();
    const promotedPaths = async (body: Record<string, unknown>) => {
      const reply = await t.request({
        method: 'POST',
        url: `/api/v1/issues/${issue.id}/promote/`,
        token,
        payload: { target: null, top: 2, ...body },
      });
      expect(reply.statusCode).toBe(200);
      const items = await t.request({
        method: 'GET',
        url: `/api/v1/issues/${reply.json().issue}/datasets/`,
        token,
      });
      const rows = items.json().results as { id: number; title: string }[];
      const steps = await Promise.all(
        rows.map(async (row) => {
          const path = await t.request({ method: 'GET', url: `/api/v1/datasets/${row.id}/path/`, token });
          const step = path.json().steps.at(-1) as { rank: number; value: number };
          return [row.title, step.rank, step.value];
        }),
      );
      return steps.sort((x, y) => Number(x[1]) - Number(y[1]));
    };
    expect(await promotedPaths({})).toEqual([
      ['D', 1, 7.5],
      ['B', 2, 4.75],
    ]);
    expect(await promotedPaths({ normalised: true, per_criterion: true })).toEqual([
      ['D', 1, 7.289],
      ['A', 2, 6.145],
    ]);
  });

  it('maps each criterion of each judge onto that criterion’s spread, and ranks on it', async () => {
    const { token, issue, lone } = await createSetup();
    expect(table((await report(token, issue.id)).datasets)).toEqual([
      ['D', 7.5, 1, null],
      ['B', 4.75, 2, null],
      ['A', 4.5, 3, null],
      ['C', 3.75, 4, null],
    ]);
    const perCriterion = await report(token, issue.id, '?normalised=true&per_criterion=true');
    expect(table(perCriterion.datasets)).toEqual([
      ['D', 7.289, 1, 0],
      ['A', 6.145, 2, 1],
      ['B', 4.786, 3, -1],
      ['C', 2.282, 4, 0],
    ]);
    expect(perCriterion.raw_judges).toEqual([lone.id]);
    // Without normalised, per_criterion changes nothing.
    expect(table((await report(token, issue.id, '?per_criterion=true')).datasets)).toEqual(
      table((await report(token, issue.id)).datasets),
    );
  });

  it('keeps the criteria averages raw, and follows a criteria filter', async () => {
    const { token, issue, team, market } = await createSetup();
    const raw = await report(token, issue.id);
    const perCriterion = await report(token, issue.id, '?normalised=true&per_criterion=true');
    const criteriaOf = (rows: Row[]) => rows.map((row) => [row.title, row.criteria]).sort();
    expect(criteriaOf(perCriterion.datasets)).toEqual(criteriaOf(raw.datasets));
    expect(perCriterion.datasets.find((row) => row.title === 'A')?.criteria).toEqual([
      { question: team.id, average: 3.5, nb_answers: 2 },
      { question: market.id, average: 5.5, nb_answers: 2 },
    ]);
    // Market alone: H and G give it the same mean and spread, so only L's raw 5 moves nothing; A (5.926 + 5) / 2.
    const market1 = await report(
      token,
      issue.id,
      `?normalised=true&per_criterion=true&criteria=${market.id}`,
    );
    expect(table(market1.datasets)).toEqual([
      ['D', 5.926, 1, 0],
      ['A', 5.463, 2, 0],
      ['B', 5, 3, 0],
      ['C', 4.074, 4, 0],
    ]);
  });

  it('leaves a judge raw on a criterion they answered fewer than 3 times or all alike', async () => {
    const { token, issue, harsh, lone } = await createSetup();
    // H now gives Market 5 everywhere: raw on Market, still normalised on Team.
    await t.db.execute(
      sql`UPDATE issue_answers SET value = 5
        WHERE issue_id = ${issue.id} AND user_id = ${harsh.id} AND question_id = (
          SELECT max(id) FROM issue_questions WHERE issue_id = ${issue.id})`,
    );
    const body = await report(token, issue.id, '?normalised=true&per_criterion=true');
    expect(body.raw_judges).toEqual([harsh.id, lone.id].sort((x, y) => x - y));
  });

  it('stores its figures at the first read, and writes them again after a change, by the read or in the background', async () => {
    const { token, issue, harsh } = await createSetup();
    const per = '?normalised=true&per_criterion=true';
    const stored = () =>
      selectRows<{ title: string; crit_mean: number | null; current: boolean }>(
        t.db,
        sql`SELECT d.title, s.crit_mean, f.criterion_figures_fold = f.nb_folds AS current
          FROM report_item_stats s JOIN datasets d ON d.id = s.dataset_id
          JOIN report_folds f ON f.issue_id = s.issue_id
          WHERE s.issue_id = ${issue.id} ORDER BY d.title`,
      );
    const first = table((await report(token, issue.id, per)).datasets);
    expect(await stored()).toEqual([
      { title: 'A', crit_mean: 6.145, current: true },
      { title: 'B', crit_mean: 4.786, current: true },
      { title: 'C', crit_mean: 2.282, current: true },
      { title: 'D', crit_mean: 7.289, current: true },
    ]);
    // H now gives A 10 on Team: the next fold marks the stored figures stale, and the read writes them again.
    const teamOfA = sql`issue_id = ${issue.id} AND user_id = ${harsh.id} AND question_id = (
      SELECT min(id) FROM issue_questions WHERE issue_id = ${issue.id}) AND dataset_id = (
      SELECT id FROM datasets WHERE title = 'A' AND id IN (SELECT dataset_id FROM issue_datasets WHERE issue_id = ${issue.id}))`;
    await t.db.execute(sql`UPDATE issue_answers SET value = 10 WHERE ${teamOfA}`);
    const edited = await report(token, issue.id, per);
    expect(table(edited.datasets)).not.toEqual(first);
    const oracle = await oracleCriterionNormalisedOf(t.db, issue.id);
    expect(
      (edited.datasets as (Row & { dataset_id: number })[])
        .map((row): [number, number | null] => [row.dataset_id, row.value])
        .sort((x, y) => x[0] - y[0]),
    ).toEqual(oracle.values);
    // Back to 2, folded and refreshed by the background task: the read finds the first figures written.
    await t.db.execute(sql`UPDATE issue_answers SET value = 2 WHERE ${teamOfA}`);
    await foldReportChanges(t.db, [issue.id]);
    expect((await stored()).every((row) => !row.current)).toBe(true);
    await refreshReadCriterionFigures(t.db);
    expect((await stored()).map((row) => [row.title, row.crit_mean, row.current])).toEqual([
      ['A', 6.145, true],
      ['B', 4.786, true],
      ['C', 2.282, true],
      ['D', 7.289, true],
    ]);
    expect(table((await report(token, issue.id, per)).datasets)).toEqual(first);
  });

  it('in the background, leaves alone a selection whose per-criterion view was never read', async () => {
    const { issue } = await createSetup();
    await foldReportChanges(t.db, [issue.id]);
    await refreshReadCriterionFigures(t.db);
    expect(
      await selectRows(
        t.db,
        sql`SELECT count(*)::int AS n FROM report_item_stats WHERE issue_id = ${issue.id} AND crit_mean IS NOT NULL`,
      ),
    ).toEqual([{ n: 0 }]);
  });

  for (const seed of [1, 2, 3, 4, 5]) {
    it(`equals its recomputation in TypeScript on a random jury (seed ${seed})`, async () => {
      const random = seededRandom(seed);
      const admin = await t.createAdmin();
      const items = await f.createItems(
        admin.team.id,
        ['A', 'B', 'C', 'D', 'E', 'F'].map((title) => ({ title })),
      );
      const ids = items.map((item) => item.id);
      const issue = await f.createIssue(admin.team.id, 'RatingIssue', {
        minRating: 0,
        maxRating: 10,
        step: 0.5,
      });
      await f.addItems(issue.id, ids);
      const criteria = [
        await f.addQuestion(issue.id, 'Team', 1),
        await f.addQuestion(issue.id, 'Market', 0.5),
        await f.addQuestion(issue.id, 'Impact', 0.25),
      ];
      for (let judge = 0; judge < 6; judge++) {
        const subset = random() < 0.3 ? ids.filter(() => random() < 0.7) : [];
        // Some e-mails unverified: the report of the verified judges alone is checked too.
        const status = random() < 0.3 ? 'unc' : 'ver';
        const user = await f.addJudge(issue.id, { datasetIds: subset, status });
        // Each judge their own leniency per criterion, so that the correction has something to correct.
        const offsets = criteria.map(() => Math.floor(random() * 7) - 3);
        const rated = (subset.length > 0 ? subset : ids).filter(() => random() < 0.8);
        await f.submit(
          issue.id,
          user.id,
          rated.flatMap((item) =>
            criteria.map((q, index): [number, number, number] => [
              item,
              Math.max(0, Math.min(10, Math.floor(random() * 9) + (offsets[index] as number))),
              q.id,
            ]),
          ),
        );
      }
      const byId = new Map(items.map((item) => [item.title, item.id]));
      // Read, then a judge's answers on one criterion edited, then read again: the stored figures follow.
      const editOne = async () => {
        const criterion = criteria[Math.floor(random() * criteria.length)];
        await t.db.execute(sql`UPDATE issue_answers SET value = least(10, floor(value * 0.7 + 4))
          WHERE issue_id = ${issue.id} AND question_id = ${criterion?.id ?? 0} AND user_id = (
            SELECT min(user_id) FROM issue_answers WHERE issue_id = ${issue.id})`);
      };
      for (const [onlyVerified, edit] of [
        [false, false],
        [true, false],
        [false, true],
        [true, false],
      ] as const) {
        if (edit) await editOne();
        const body = await report(
          admin.token,
          issue.id,
          `?normalised=true&per_criterion=true${onlyVerified ? '&only_verified_emails=true' : ''}`,
        );
        const oracle = await oracleCriterionNormalisedOf(t.db, issue.id, { onlyVerified });
        expect(
          body.datasets
            .filter((row) => row.value !== null)
            .map((row): [number, number] => [byId.get(row.title) as number, row.value as number])
            .sort((a, b) => a[0] - b[0]),
        ).toEqual(oracle.values);
        expect(body.raw_judges).toEqual(oracle.rawJudges);
      }
    });
  }
});
