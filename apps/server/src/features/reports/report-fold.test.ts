import type { ReportDataset } from '@shortlist/contract';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { selectRows } from '../../db/raw-rows.ts';
import { issueAnswers, users } from '../../db/schema/index.ts';
import { selectItemValues } from '../../item-reads/item-values.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { judgingCalls, judgingFactories } from '../judging/test-factories.ts';
import { foldAllReportChanges } from './fold.ts';
import { type OracleRow, oracleItemValuesQuery, toReportDataset } from './report-oracle.ts';
import { findReportDifferences } from './verify.ts';

// decision 84: a submission only appends its changes; the report tables take them in apart from it (the
// background fold, or the read itself), so that judges submitting at once never wait for each other.

const isPostgres = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
let f: ReturnType<typeof judgingFactories>;
let call: ReturnType<typeof judgingCalls>;
beforeAll(async () => {
  t = await createTestApp();
  f = judgingFactories(t);
  call = judgingCalls(t);
});
afterAll(() => t.close());

/** How many rows each report table holds for the selection, and how many changes are pending. */
async function countRows(issueId: number) {
  const [row] = await selectRows<Record<string, number>>(
    t.db,
    sql`SELECT
      (SELECT count(*)::int FROM report_judge_values WHERE issue_id = ${issueId}) AS judge_values,
      (SELECT count(*)::int FROM report_judge_stats WHERE issue_id = ${issueId}) AS judge_stats,
      (SELECT count(*)::int FROM report_item_stats WHERE issue_id = ${issueId}) AS item_stats,
      (SELECT count(*)::int FROM report_criterion_sums WHERE issue_id = ${issueId}) AS criterion_sums,
      (SELECT count(*)::int FROM report_changes WHERE issue_id = ${issueId}) AS changes`,
  );
  return row;
}

/** A rating selection (0–5) with `nbItems` items, `nbCriteria` criteria and `nbJudges` judges. */
async function createSelection(nbItems: number, nbCriteria: number, nbJudges: number) {
  const admin = await t.createAdmin();
  const issue = await f.createIssue(admin.team.id, 'RatingIssue', { maxRating: 5, step: 1 });
  const items = await f.addItems(
    issue.id,
    admin.team.id,
    Array.from({ length: nbItems }, (_, i) => `Item ${i}`),
  );
  const criteria = await f.addQuestions(
    issue.id,
    Array.from({ length: nbCriteria }, (_, i) => `Criterion ${i}`),
  );
  const judges = [];
  for (let i = 0; i < nbJudges; i++) judges.push(await f.addJudge(issue.id));
  return { admin, issue, items, criteria, judges };
}

type Selection = Awaited<ReturnType<typeof createSelection>>;

/** Judge `j`'s answers: every item and criterion, a value of their own; `edit` changes most and drops some. */
function answersOf({ items, criteria }: Selection, j: number, edit = false) {
  return items
    .filter((_, i) => !edit || (i + j) % 7 !== 0)
    .flatMap((item, i) =>
      criteria.map((q, c) => ({
        dataset: item.id,
        question: q.id,
        value: (i * 3 + j * 5 + c + (edit ? 2 : 0)) % 6,
      })),
    );
}

/** The report through an app instance, compared with the oracle's (figures the oracle never had left out). */
async function expectReportMatchesOracle(
  inject: (options: InjectOptions) => ReturnType<TestApp['request']>,
  token: string,
  issueId: number,
) {
  const reply = await inject({
    method: 'GET',
    url: `/api/v1/issues/${issueId}/report_summary/`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  const oracle = await selectRows<OracleRow>(t.db, oracleItemValuesQuery([issueId]));
  const comparable = (rows: ReportDataset[]) =>
    rows.map(({ stdev: _stdev, range: _range, rank_shift: _shift, ...row }) => row);
  expect(comparable(reply.json().datasets)).toEqual(comparable(oracle.map(toReportDataset)));
}

describe('report upkeep apart from submissions', () => {
  it('a submission writes no report row, only its changes; the next read takes them in', async () => {
    const selection = await createSelection(3, 2, 2);
    const { admin, issue, judges } = selection;
    const before = await countRows(issue.id);
    for (const [j, judge] of judges.entries()) {
      const reply = await call.submit(issue.id, judge.token, { answers: answersOf(selection, j) });
      expect(reply.statusCode, reply.body).toBe(201);
    }
    // One change row per submission (a first submission inserts, one statement), no report row written.
    expect(await countRows(issue.id)).toEqual({ ...before, changes: 2 });

    await expectReportMatchesOracle(t.request, admin.token, issue.id);
    expect(await countRows(issue.id)).toEqual({
      judge_values: 6,
      judge_stats: 2,
      item_stats: 3,
      criterion_sums: 6,
      changes: 0,
    });
    expect(await findReportDifferences(t.db)).toEqual([]);
  });

  it('the verified-only view, which reads the unverified answers as they are, takes the stored sums as they are too', async () => {
    const selection = await createSelection(3, 2, 2);
    const { issue, judges } = selection;
    const [verified, unverified] = judges;
    if (!verified || !unverified) throw new Error('setup');
    await t.db.update(users).set({ emailVerificationStatus: 'ver' }).where(eq(users.id, verified.user.id));
    for (const [j, judge] of judges.entries()) {
      expect(
        (await call.submit(issue.id, judge.token, { answers: answersOf(selection, j) })).statusCode,
      ).toBe(201);
    }
    await foldAllReportChanges(t.db);
    // The unverified judge edits; their change is not folded yet when the values are read (as when it
    // commits between a read's fold and its statement).
    const edit = await call.submit(issue.id, unverified.token, { answers: answersOf(selection, 1, true) });
    expect(edit.statusCode).toBe(201);
    expect((await countRows(issue.id))?.changes).toBeGreaterThan(0);
    const filters = { onlyVerifiedEmails: true };
    const rows = await selectItemValues(t.db, [issue.id], filters);
    const oracle = await selectRows<OracleRow>(t.db, oracleItemValuesQuery([issue.id], filters));
    const criteria = (list: { dataset_id: number; criteria: unknown }[]) =>
      list.map((row) => [row.dataset_id, row.criteria]).sort();
    expect(criteria(rows)).toEqual(criteria(oracle));
  });

  it.runIf(isPostgres)(
    "one judge's submission does not wait for another's still open on the same items",
    async () => {
      const selection = await createSelection(20, 3, 2);
      const { admin, issue, judges } = selection;
      const [first, second] = judges;
      if (!first || !second) throw new Error('setup');
      const rowsOf = (j: number, userId: number) =>
        answersOf(selection, j).map((a) => ({
          issueId: issue.id,
          userId,
          datasetId: a.dataset,
          questionId: a.question,
          value: a.value,
        }));
      const twin = await t.twin();
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let inserted = () => {};
      const hasInserted = new Promise<void>((resolve) => {
        inserted = resolve;
      });
      // The first judge's answers written, their transaction left open.
      const open = t.db.transaction(async (tx) => {
        await tx.insert(issueAnswers).values(rowsOf(0, first.user.id));
        inserted();
        await held;
      });
      await hasInserted;
      try {
        // The second's on the same items and criteria, from another pool, must not wait for it: with the
        // report tables written in the changing statement, it waited on the first's criterion rows.
        await twin.app.ctx.db.transaction(async (tx) => {
          await tx.execute(sql`SET LOCAL lock_timeout = '2s'`);
          await tx.insert(issueAnswers).values(rowsOf(1, second.user.id));
        });
      } finally {
        release();
        await open;
      }
      await expectReportMatchesOracle(t.request, admin.token, issue.id);
      expect(await findReportDifferences(t.db)).toEqual([]);
    },
  );

  it('the background fold stops once a round leaves nothing pending, without waiting out its turn', async () => {
    const selection = await createSelection(3, 2, 1);
    const { issue, judges } = selection;
    const [judge] = judges;
    if (!judge) throw new Error('setup');
    expect((await call.submit(issue.id, judge.token, { answers: answersOf(selection, 0) })).statusCode).toBe(
      201,
    );
    const start = Date.now();
    await foldAllReportChanges(t.db, { everyMs: 60_000 });
    expect(Date.now() - start).toBeLessThan(30_000);
    const [row] = await selectRows<{ n: number }>(
      t.db,
      sql`SELECT nb_folds::int AS n FROM report_folds WHERE issue_id = ${issue.id}`,
    );
    expect(row?.n).toBe(1);
    expect((await countRows(issue.id))?.changes).toBe(0);
  });

  it('judges submitting at once through two instances, folds running beside them, leave exact reports', async () => {
    const selection = await createSelection(40, 3, 16);
    const { admin, issue, judges } = selection;
    const twin = await t.twin();
    const instances = [t.request, twin.request];
    const dbs: Db[] = [t.db, twin.app.ctx.db];
    let isFolding = true;
    // Both instances fold while the judges submit, as their background tasks and reads would.
    const folders = dbs.map(async (db) => {
      while (isFolding) {
        await foldAllReportChanges(db);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    });
    try {
      for (const edit of [false, true]) {
        const replies = await Promise.all(
          judges.map((judge, j) =>
            (instances[(j + (edit ? 1 : 0)) % 2] ?? t.request)({
              method: 'POST',
              url: `/api/v1/issues/${issue.id}/submissions/?token=${judge.token}`,
              payload: { answers: answersOf(selection, j, edit), comments: [] },
            }),
          ),
        );
        for (const reply of replies) expect(reply.statusCode, reply.body).toBe(201);
      }
    } finally {
      isFolding = false;
      await Promise.all(folders);
    }
    for (const inject of instances) await expectReportMatchesOracle(inject, admin.token, issue.id);
    expect(await findReportDifferences(t.db)).toEqual([]);
  }, 120_000);
});
