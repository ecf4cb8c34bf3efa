import type { ReportDataset, ReportDistribution } from '@shortlist/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/raw-rows.ts';
import {
  reportCriterionSums,
  reportItemStats,
  reportJudgeStats,
  reportJudgeValues,
  users,
} from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { seededRandom } from '../../test/random.ts';
import { judgingCalls, judgingFactories } from '../judging/test-factories.ts';
import { foldReportChanges } from './fold.ts';
import {
  type OracleRow,
  oracleCriterionNormalisedOf,
  oracleItemValuesQuery,
  toDistribution,
  toReportDataset,
} from './report-oracle.ts';
import { findReportDifferences, verifyReportsCommand } from './verify.ts';

// Random sequences of everything that changes a report — submissions, edits, access removals, weight
// changes, criterion deletions, item removals — through the API. The changes are folded into the report
// tables at random points (decision 84): a fold of one selection now and then, several changes taken in by
// one fold, and otherwise by the read itself. When checked, the report read must equal the report of
// today's query recomputed from the answers (the oracle), with and without the verified-only filter, and
// the stored aggregates their recomputation.

const SEEDS = [1, 2, 3, 4, 5];
const STEPS = 24;
const WEIGHTS = [0.25, 0.5, 1];

let t: TestApp;
let f: ReturnType<typeof judgingFactories>;
let call: ReturnType<typeof judgingCalls>;
beforeAll(async () => {
  t = await createTestApp();
  f = judgingFactories(t);
  call = judgingCalls(t);
});
afterAll(() => t.close());

type Judge = Awaited<ReturnType<ReturnType<typeof judgingFactories>['addJudge']>>;

/** The figures the oracle (today's query, unchanged) never had — disagreement and rank shift — are left out. */
const comparable = (rows: ReportDataset[]) =>
  rows.map(({ stdev: _stdev, range: _range, rank_shift: _shift, ...row }) => row);

/** Quartiles are float8 percentiles over judge values summed in scan order: equal to 9 decimals. */
const roundedDistributions = (rows: (ReportDistribution | null)[]) =>
  rows.flatMap((row) =>
    row ? [Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v.toFixed(9))]))] : [],
  );

/** `report_distribution` of every item of the selection, in pages of at most 3 items (the web asks by page). */
async function distributionsOf(token: string, issueId: number, datasetIds: number[], query = '') {
  const all: ReportDistribution[] = [];
  for (let start = 0; start < datasetIds.length; start += 3) {
    const page = datasetIds.slice(start, start + 3).join(',');
    const reply = await t.request({
      method: 'GET',
      url: `/api/v1/issues/${issueId}/report_distribution/?datasets=${page}${query}`,
      token,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    all.push(...(reply.json().distributions as ReportDistribution[]));
  }
  return all.sort((a, b) => a.dataset_id - b.dataset_id);
}

async function expectReportsMatchOracle(token: string, issueIds: number[]) {
  for (const issueId of issueIds) {
    for (const onlyVerified of [false, true]) {
      const reply = await t.request({
        method: 'GET',
        url: `/api/v1/issues/${issueId}/report_summary/${onlyVerified ? '?only_verified_emails=true' : ''}`,
        token,
      });
      expect(reply.statusCode).toBe(200);
      const oracle = await selectRows<OracleRow>(
        t.db,
        oracleItemValuesQuery([issueId], { onlyVerifiedEmails: onlyVerified }),
      );
      expect(comparable(reply.json().datasets)).toEqual(comparable(oracle.map(toReportDataset)));
      // The box plots, asked by page, are the oracle's quartiles; the axis ends at the largest of them.
      const byId = [...oracle].sort((a, b) => a.dataset_id - b.dataset_id);
      const distributions = await distributionsOf(
        token,
        issueId,
        byId.map((row) => row.dataset_id),
        onlyVerified ? '&only_verified_emails=true' : '',
      );
      expect(roundedDistributions(distributions)).toEqual(roundedDistributions(byId.map(toDistribution)));
      const maxima = distributions.map((row) => row.max);
      expect(reply.json().judge_value_max).toBe(maxima.length > 0 ? Math.max(...maxima) : null);
      // Each judge's items answered (read from the stored values) as the answers and comments say; in a
      // rating selection, as the answers alone say: a comment rates nothing (the judge's page agrees).
      const answered = await selectRows<{ id: number; n: number }>(
        t.db,
        sql`SELECT user_id AS id, count(DISTINCT dataset_id)::int AS n FROM (
          SELECT user_id, dataset_id FROM issue_answers WHERE issue_id = ${issueId}
          UNION ALL SELECT c.user_id, c.dataset_id FROM issue_comments c
          JOIN issues i ON i.id = c.issue_id AND i.resourcetype <> 'RatingIssue' WHERE c.issue_id = ${issueId}
        ) responses GROUP BY user_id`,
      );
      const expected = new Map(answered.map((row) => [row.id, row.n]));
      const users = reply.json().users as { id: number; nb_answered: number }[];
      expect(users.map((user) => [user.id, user.nb_answered])).toEqual(
        users.map((user) => [user.id, expected.get(user.id) ?? 0]),
      );
    }
  }
  // Each selection's read folded its own changes: nothing is left to fold, nothing differs.
  expect(await pendingChanges()).toBe(0);
  expect(await findReportDifferences(t.db)).toEqual([]);
}

async function pendingChanges() {
  const [row] = await selectRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM report_changes`);
  return row?.n ?? 0;
}

/**
 * The normalised report from the stored z-scores and judge statistics equals the one computed from the
 * answers, which every criterion named in the query forces (rank shifts and raw judges included).
 */
async function expectNormalisedMatchesAnswers(token: string, issueId: number, criterionIds: number[]) {
  const report = async (query: string) => {
    const reply = await t.request({
      method: 'GET',
      url: `/api/v1/issues/${issueId}/report_summary/?normalised=true${query}`,
      token,
    });
    expect(reply.statusCode).toBe(200);
    const body = reply.json() as { datasets: ReportDataset[]; raw_judges: number[] };
    const ids = body.datasets.map((row) => row.dataset_id).sort((a, b) => a - b);
    return {
      datasets: comparable(body.datasets),
      raw_judges: body.raw_judges,
      distributions: roundedDistributions(
        await distributionsOf(token, issueId, ids, `&normalised=true${query}`),
      ),
    };
  };
  expect(await report('')).toEqual(await report(`&criteria=${criterionIds.join(',')}`));
}

/**
 * The report normalised per judge and criterion equals its recomputation in TypeScript from the current
 * judges' answers (`oracleCriterionNormalised`): each item's value, rounded as the report rounds it, and
 * the judges left raw.
 */
async function expectCriterionNormalisedMatchesOracle(token: string, issueId: number) {
  const reply = await t.request({
    method: 'GET',
    url: `/api/v1/issues/${issueId}/report_summary/?normalised=true&per_criterion=true`,
    token,
  });
  expect(reply.statusCode).toBe(200);
  const body = reply.json() as { datasets: ReportDataset[]; raw_judges: number[] };
  const oracle = await oracleCriterionNormalisedOf(t.db, issueId);
  const values = body.datasets
    .filter((row) => row.value !== null)
    .map((row) => [row.dataset_id, row.value] as [number, number])
    .sort((a, b) => a[0] - b[0]);
  expect(values).toEqual(oracle.values);
  expect(body.raw_judges).toEqual(oracle.rawJudges);
}

async function runSequence(seed: number) {
  const random = seededRandom(seed);
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)] as T;
  const admin = await t.createAdmin();
  const request = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.request({ method, url: `/api/v1${url}`, payload, token: admin.token });

  const rating = await f.createIssue(admin.team.id, 'RatingIssue', { maxRating: 5, step: 0.5 });
  const text = await f.createIssue(admin.team.id, 'TextIssue');
  const titles = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'];
  let items = await f.addItems(rating.id, admin.team.id, titles);
  const textItems = await f.addItems(text.id, admin.team.id, titles.slice(0, 3));
  let criteria = await f.addQuestions(rating.id, ['Team', 'Market', 'Impact']);
  const judges = new Map<number, Judge[]>([
    [rating.id, []],
    [text.id, []],
  ]);

  async function addJudge(issueId: number) {
    const issueItems = issueId === rating.id ? items : textItems;
    const subset = random() < 0.3 ? issueItems.filter(() => random() < 0.6).map((item) => item.id) : [];
    const judge = await f.addJudge(issueId, { items: subset });
    if (random() < 0.5) {
      await t.db.update(users).set({ emailVerificationStatus: 'ver' }).where(eq(users.id, judge.user.id));
    }
    judges.get(issueId)?.push(judge);
  }
  for (let n = 0; n < 4; n++) await addJudge(rating.id);
  for (let n = 0; n < 3; n++) await addJudge(text.id);

  /** A judge's random full submission (a resubmission is an edit: rows kept, changed, dropped). */
  async function submit(issueId: number) {
    const judge = pick(judges.get(issueId) ?? []);
    if (!judge) return;
    const itemIds = (issueId === rating.id ? items : textItems).map((item) => item.id);
    const view = await call.view(issueId, judge.token);
    expect(view.statusCode).toBe(200);
    const allowed = (view.json().items as { id: number }[])
      .map((item) => item.id)
      .filter((id) => itemIds.includes(id));
    const chosen = allowed.filter(() => random() < 0.7);
    // An item is rated on every criterion or on none (a submission refuses partly rated items): the
    // criteria the draw leaves out of a rated item get the minimum, with no draw of their own, so that
    // each seed's sequence of draws stays the one it always was.
    const answers =
      issueId === rating.id
        ? chosen.flatMap((dataset) => {
            const drawn = new Map(
              criteria
                .filter(() => random() < 0.8)
                .map((q) => [q.id, Math.floor(random() * 11) / 2] as const),
            );
            if (drawn.size === 0) return [];
            return criteria.map((q) => ({ dataset, question: q.id, value: drawn.get(q.id) ?? 0 }));
          })
        : [];
    const comments = chosen
      .filter(() => random() < 0.5)
      .map((dataset) => ({ dataset, question: null, content: `Note ${seed}`, shared: false }));
    const reply = await call.submit(issueId, judge.token, { answers, comments });
    expect(reply.statusCode, reply.body).toBe(201);
  }

  const operations: (() => Promise<void>)[] = [
    () => submit(rating.id),
    () => submit(rating.id),
    () => submit(text.id),
    async () => {
      const issueId = pick([rating.id, text.id]);
      const list = judges.get(issueId) ?? [];
      const judge = pick(list);
      if (!judge) return;
      const reply = await request('POST', `/issues/${issueId}/set_access/`, {
        user: judge.user.id,
        access: false,
      });
      expect(reply.statusCode, reply.body).toBe(200);
      list.splice(list.indexOf(judge), 1);
      await addJudge(issueId);
    },
    async () => {
      const reply = await request('PATCH', `/issue-questions/${pick(criteria).id}/`, {
        weight: pick(WEIGHTS),
      });
      expect(reply.statusCode, reply.body).toBe(200);
    },
    async () => {
      if (criteria.length < 2) return;
      const criterion = pick(criteria);
      expect((await request('DELETE', `/issue-questions/${criterion.id}/`)).statusCode).toBe(204);
      criteria = criteria.filter((q) => q.id !== criterion.id);
    },
    async () => {
      if (items.length < 3) return;
      const item = pick(items);
      const reply = await request('POST', `/issues/${rating.id}/datasets/remove/`, { datasets: [item.id] });
      expect(reply.statusCode, reply.body).toBe(200);
      items = items.filter((row) => row.id !== item.id);
    },
  ];

  for (let step = 0; step < STEPS; step++) {
    await pick(operations)();
    // A fold at a random point, as the background task or another selection's read would run one.
    if (random() < 0.3) await foldReportChanges(t.db, [pick([rating.id, text.id])]);
    // Often several changes before the next read, which then folds them in one go.
    if (step < STEPS - 1 && random() < 0.4) continue;
    await expectReportsMatchOracle(admin.token, [rating.id, text.id]);
    await expectNormalisedMatchesAnswers(
      admin.token,
      rating.id,
      criteria.map((q) => q.id),
    );
    await expectCriterionNormalisedMatchesOracle(admin.token, rating.id);
  }
}

describe('stored report aggregates', () => {
  for (const seed of SEEDS) {
    it(`equal a recomputation and today's report whenever read (seed ${seed})`, async () => {
      await runSequence(seed);
    }, 300_000);
  }
});

describe('npm run admin -- verify-reports', () => {
  it('names each stored value that the answers do not give, and says when all agree', async () => {
    const admin = await t.createAdmin();
    const issue = await f.createIssue(admin.team.id, 'RatingIssue');
    const [item] = await f.addItems(issue.id, admin.team.id, ['Alpha']);
    const [criterion] = await f.addQuestions(issue.id, ['Team']);
    const judge = await f.addJudge(issue.id);
    if (!item || !criterion) throw new Error('setup');
    const answer = { dataset: item.id, question: criterion.id, value: 4 };
    expect((await call.submit(issue.id, judge.token, { answers: [answer] })).statusCode).toBe(201);
    // The submission's change is still pending: the command folds it before comparing.
    expect(await verifyReportsCommand(t.db)).toEqual({
      lines: [
        'Folded 1 pending report changes first.',
        'Reports are consistent: every stored value equals its recomputation.',
      ],
      isConsistent: true,
    });

    await t.db.update(reportJudgeValues).set({ value: 5 }).where(eq(reportJudgeValues.issueId, issue.id));
    await t.db.execute(sql`DELETE FROM ${reportCriterionSums} WHERE issue_id = ${issue.id}`);
    await t.db
      .update(reportItemStats)
      .set({ total: '7', zTotal: '2' })
      .where(eq(reportItemStats.issueId, issue.id));
    await t.db.update(reportJudgeStats).set({ nbItems: 2 }).where(eq(reportJudgeStats.issueId, issue.id));
    const { lines, isConsistent } = await verifyReportsCommand(t.db);
    expect(isConsistent).toBe(false);
    expect(lines.slice(1)).toEqual([
      `report_judge_values issue ${issue.id} item ${item.id} judge ${judge.user.id}: stored 5, answers give 4`,
      `report_criterion_sums issue ${issue.id} item ${item.id} criterion ${criterion.id}: stored missing, answers give 4 / 1`,
      `report_judge_stats issue ${issue.id} judge ${judge.user.id}: stored 1 / 4 / 0 / items / 2, answers give 1 / 4 / 0 / items / 1`,
      `report_item_stats issue ${issue.id} item ${item.id}: stored 1 / 1 / 7 / 16 / 4 / 4 / z / 0 / 2 / 0, answers give 1 / 1 / 4 / 16 / 4 / 4 / z / 0 / 0 / 0`,
    ]);
    // Submitting again recomputes the judge's values and statistics; the sums move by the change only: the criterion's
    // by the answer's, the item's by the stored value's (5 to 3), so both are put back where those stand.
    await t.db.execute(sql`INSERT INTO report_criterion_sums SELECT * FROM report_criterion_sums_recomputed
      WHERE issue_id = ${issue.id}`);
    await t.db
      .update(reportItemStats)
      .set({ total: '5', totalSquares: '25', minValue: 5, maxValue: 5, zTotal: '0' })
      .where(eq(reportItemStats.issueId, issue.id));
    expect(
      (await call.submit(issue.id, judge.token, { answers: [{ ...answer, value: 3 }] })).statusCode,
    ).toBe(201);
    expect(await findReportDifferences(t.db)).toEqual([]);
  });

  it('checks each judge’s sums per criterion and the per-criterion figures stored', async () => {
    const admin = await t.createAdmin();
    const issue = await f.createIssue(admin.team.id, 'RatingIssue');
    const items = await f.addItems(issue.id, admin.team.id, ['Alpha', 'Bravo', 'Charlie']);
    const [criterion] = await f.addQuestions(issue.id, ['Team']);
    const judge = await f.addJudge(issue.id);
    if (!criterion) throw new Error('setup');
    const answers = items.map((item, i) => ({ dataset: item.id, question: criterion.id, value: 2 * i + 1 }));
    expect((await call.submit(issue.id, judge.token, { answers })).statusCode).toBe(201);
    const perCriterion = await t.request({
      method: 'GET',
      url: `/api/v1/issues/${issue.id}/report_summary/?normalised=true&per_criterion=true`,
      token: admin.token,
    });
    expect(perCriterion.statusCode).toBe(200);
    expect(await findReportDifferences(t.db)).toEqual([]);

    const firstItem = and(
      eq(reportItemStats.issueId, issue.id),
      eq(reportItemStats.datasetId, items[0]?.id ?? 0),
    );
    const [{ critMean } = { critMean: null }] = await t.db
      .select({ critMean: reportItemStats.critMean })
      .from(reportItemStats)
      .where(firstItem);
    expect(critMean).toBe(1);
    await t.db.execute(sql`UPDATE report_judge_criterion_sums SET total = 10 WHERE issue_id = ${issue.id}`);
    await t.db.update(reportItemStats).set({ critMean: 9 }).where(firstItem);
    await t.db.execute(
      sql`UPDATE report_folds SET criterion_raw_judges = '{7}' WHERE issue_id = ${issue.id}`,
    );
    const { lines, isConsistent } = await verifyReportsCommand(t.db);
    expect(isConsistent).toBe(false);
    expect(lines.slice(1)).toEqual([
      `report_judge_criterion_sums issue ${issue.id} criterion ${criterion.id} judge ${judge.user.id}: stored 3 / 10 / 35, answers give 3 / 9 / 35`,
      // The judge is corrected (three answers, some spread): none is left raw.
      `report_folds issue ${issue.id}: stored raw judges {7}, answers give raw judges `,
      // One judge: their mean and σ are the criterion's, so the other items' figures stay where they were.
      expect.stringMatching(
        new RegExp(
          `^report_item_stats issue ${issue.id} item ${items[0]?.id}: stored per criterion 9 / 1(\\.0+\\d)?, answers give per criterion 1 / 1`,
        ),
      ),
    ]);
    await t.db.execute(sql`UPDATE report_judge_criterion_sums SET total = 9 WHERE issue_id = ${issue.id}`);
    await t.db.update(reportItemStats).set({ critMean }).where(firstItem);
    await t.db.execute(sql`UPDATE report_folds SET criterion_raw_judges = NULL WHERE issue_id = ${issue.id}`);
    expect(await findReportDifferences(t.db)).toEqual([]);
  });

  it('checks the z-scores and the judge statistics of the normalised report', async () => {
    const admin = await t.createAdmin();
    const issue = await f.createIssue(admin.team.id, 'RatingIssue');
    const items = await f.addItems(issue.id, admin.team.id, ['Alpha', 'Bravo', 'Charlie']);
    const [criterion] = await f.addQuestions(issue.id, ['Team']);
    const judge = await f.addJudge(issue.id);
    if (!criterion) throw new Error('setup');
    const answers = items.map((item, i) => ({ dataset: item.id, question: criterion.id, value: 2 * i + 1 }));
    expect((await call.submit(issue.id, judge.token, { answers })).statusCode).toBe(201);
    await foldReportChanges(t.db, [issue.id]);
    // Values 1, 3, 5: mean 3, σ √(8/3); the first value’s z is -2 / √(8/3).
    const [first] = await t.db
      .select({ z: reportJudgeValues.z })
      .from(reportJudgeValues)
      .where(
        and(eq(reportJudgeValues.issueId, issue.id), eq(reportJudgeValues.datasetId, items[0]?.id ?? 0)),
      );
    expect(first?.z).toBeCloseTo(-2 / Math.sqrt(8 / 3), 12);
    expect(await findReportDifferences(t.db)).toEqual([]);

    await t.db.update(reportJudgeValues).set({ z: 1 }).where(eq(reportJudgeValues.issueId, issue.id));
    await t.db.delete(reportJudgeStats).where(eq(reportJudgeStats.issueId, issue.id));
    const { lines, isConsistent } = await verifyReportsCommand(t.db);
    expect(isConsistent).toBe(false);
    const valueLine = (index: number) =>
      `report_judge_values issue ${issue.id} item ${items[index]?.id} judge ${judge.user.id}: stored z 1, answers give z`;
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(new RegExp(`^${valueLine(0)} -1\\.22474487`)),
      `${valueLine(1)} 0`,
      expect.stringMatching(new RegExp(`^${valueLine(2)} 1\\.22474487`)),
      expect.stringMatching(
        new RegExp(
          `^report_judge_stats issue ${issue.id} judge ${judge.user.id}: stored missing, answers give 3 / 3 / 1\\.63299316`,
        ),
      ),
    ]);
  });
});
