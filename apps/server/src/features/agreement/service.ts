import { AGREEMENT_BOOTSTRAP_DRAWS, type Agreement, REPORT_VALUE_DECIMALS } from '@shortlist/contract';
import type { IssueRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { itemParts, readInParts, VALUES_A_STATEMENT } from '../../item-reads/item-parts.ts';
import { offThread } from '../../threads/off-thread.ts';
import { foldReportChanges } from '../reports/fold.ts';
import { type AlphaMetric, type AlphaUnit, alphaOf, intervalUnit, nominalUnit } from './krippendorff.ts';
import {
  type AgreementFilters,
  type JudgeSums,
  selectAgreementSums,
  selectCriteria,
  selectCriterionSums,
  type UnitSums,
} from './queries.ts';

/** On its worker: 1,000 draws over every item's values hold a core for seconds at 2,000 items. */
const intervalOffThread = offThread<
  { units: AlphaUnit[]; metric: AlphaMetric; draws: number; seed: number },
  { low: number; high: number } | null
>(new URL('./interval-worker.ts', import.meta.url));

/** Fixed, so that the interval is the same on every call (and in the export). */
const BOOTSTRAP_SEED = 31;
/** Fewer shared items than this give a judge no consistency: a correlation of two points is ±1. */
const CONSISTENCY_MIN_ITEMS = 3;

const round = (value: number | null) =>
  value === null || !Number.isFinite(value) ? null : Number(value.toFixed(REPORT_VALUE_DECIMALS));

/** Picks are nominal (picked or not, counted per item); ratings and tokens are interval. */
const metricOf = (issue: IssueRow): AlphaMetric =>
  issue.resourcetype === 'SelectionIssue' ? 'nominal' : 'interval';

const unitOf = (metric: AlphaMetric, { m, s1, s2 }: UnitSums): AlphaUnit =>
  // A pick's value is 1 or 0, so Σv is the number of judges who picked the item.
  metric === 'nominal' ? nominalUnit([m - s1, s1]) : intervalUnit(m, s1, s2);

/** Leniency and consistency of one judge from their sums against the leave-one-out consensus. */
function judgeFigures({ user_id, n, sv, so, svv, soo, svo }: JudgeSums): Agreement['judges'][number] {
  if (n === 0 || sv === null || so === null || svv === null || soo === null || svo === null) {
    return { user: user_id, leniency: null, consistency: null };
  }
  const leniency = (sv - so) / n;
  const varV = n * svv - sv * sv;
  const varO = n * soo - so * so;
  const spread = 1e-9 * n * n;
  const consistency =
    n >= CONSISTENCY_MIN_ITEMS && varV > spread && varO > spread
      ? Math.max(-1, Math.min(1, (n * svo - sv * so) / Math.sqrt(varV * varO)))
      : null;
  return { user: user_id, leniency: round(leniency), consistency: round(consistency) };
}

/** A judge's sums over two parts of the items: each is a sum over the items, so the parts add up. */
function addJudgeSums(a: JudgeSums, b: JudgeSums): JudgeSums {
  const add = (x: number | null, y: number | null) => (x === null ? y : y === null ? x : x + y);
  return {
    user_id: a.user_id,
    n: a.n + b.n,
    sv: add(a.sv, b.sv),
    so: add(a.so, b.so),
    svv: add(a.svv, b.svv),
    soo: add(a.soo, b.soo),
    svo: add(a.svo, b.svo),
  };
}

/**
 * The units, the judges' sums and the criteria's units, read part by part of the items (`itemParts`, one
 * part on PostgreSQL) with the event loop free between two statements: on the embedded engine one
 * statement over every value held the thread that answers every request, `/healthz` too, ~100 ms at
 * 90,000 answers (bench:heavy). Each is a sum over items: the parts' units follow one another in the
 * items' order, and a judge's sums are added.
 */
async function sumsByParts(
  ctx: AppContext,
  issue: IssueRow,
  filters: AgreementFilters,
  valuesAStatement: number,
) {
  const parts = await itemParts(ctx.db, [issue.id], valuesAStatement, { perCriterion: true });
  const readSums = () => readInParts(parts, (part) => selectAgreementSums(ctx.db, issue, filters, part));
  const readCriterionSums = () =>
    readInParts(parts, (part) => selectCriterionSums(ctx.db, issue, filters, part));
  const [sums, criterionSums] = await Promise.all([readSums(), readCriterionSums()]);
  const judges = new Map<number, JudgeSums>();
  for (const judge of sums.flatMap((part) => part.judges)) {
    const before = judges.get(judge.user_id);
    judges.set(judge.user_id, before ? addJudgeSums(before, judge) : judge);
  }
  return {
    units: sums.flatMap((part) => part.units),
    judges: [...judges.values()],
    criterionSums: criterionSums.flat(),
  };
}

/**
 * Agreement between the judges of one selection (docs/judging.md, "Agreement between judges"), under the
 * report's filters: only the judges of verified e-mail, only the criteria kept.
 */
export async function getAgreement(
  ctx: AppContext,
  issue: IssueRow,
  filters: AgreementFilters = {},
  valuesAStatement = VALUES_A_STATEMENT[ctx.engine],
): Promise<Agreement> {
  if (issue.resourcetype === 'TextIssue') {
    return { alpha: null, alpha_low: null, alpha_high: null, questions: [], judges: [] };
  }
  // Ratings read the judges' stored values: take in the changes not yet folded, as the report does.
  if (issue.resourcetype === 'RatingIssue') await foldReportChanges(ctx.db, [issue.id]);
  const metric = metricOf(issue);
  const { units, judges, criterionSums } = await sumsByParts(ctx, issue, filters, valuesAStatement);
  const criteria = await selectCriteria(ctx.db, issue, filters);
  const alphaUnits = units.map((unit) => unitOf(metric, unit));
  const interval = await intervalOffThread({
    units: alphaUnits,
    metric,
    draws: AGREEMENT_BOOTSTRAP_DRAWS,
    seed: BOOTSTRAP_SEED,
  });
  const perCriterion = new Map<number, AlphaUnit[]>(criteria.map((id) => [id, []]));
  for (const { question_id, ...sums } of criterionSums)
    perCriterion.get(question_id)?.push(unitOf('interval', sums));
  return {
    alpha: round(alphaOf(alphaUnits, metric)),
    alpha_low: round(interval?.low ?? null),
    alpha_high: round(interval?.high ?? null),
    questions: criteria.map((question) => ({
      question,
      alpha: round(alphaOf(perCriterion.get(question) ?? [], 'interval')),
    })),
    judges: judges.map(judgeFigures).sort((a, b) => a.user - b.user),
  };
}
