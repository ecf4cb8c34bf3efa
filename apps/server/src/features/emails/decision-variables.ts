import { DECISION_WORDS, type Decision, type Language, toLanguage } from '@shortlist/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  datasets,
  intakeForms,
  issueComments,
  issueQuestions,
  issues,
  itemDecisions,
  reportCriterionSums,
} from '../../db/schema/index.ts';
import { reportRanks } from '../decisions/report-picks.ts';
import { selectRows } from '../reports/item-values.ts';

/** What a mailing's variables read beyond the item itself (docs/emails.md, "Decisions"). */
export interface MailingContext {
  /** The selection whose rank, round, comments and averages fill the variables; null: none. */
  issueId: number | null;
  /**
   * A decisions mailing (or the admin's own preview): `decision` is the pending decision. Any other
   * mailing tells only what was already sent, so that no mailing lets a decision out unmarked.
   */
  tellsPending: boolean;
}

export interface DecisionScope {
  rank: string;
  round: string;
  decision: string;
  comments: string[];
  averages: string[];
}

/** Each item's language: its form's (an item type has at most one form), English without one. */
export async function itemLanguages(db: Db, datasetIds: number[]): Promise<Map<number, Language>> {
  if (datasetIds.length === 0) return new Map();
  const rows = await db
    .select({ id: datasets.id, language: intakeForms.languageCode })
    .from(datasets)
    .leftJoin(intakeForms, eq(intakeForms.dataModelId, datasets.dataModelId))
    .where(inArray(datasets.id, datasetIds));
  return new Map(rows.map((row) => [row.id, toLanguage(row.language)]));
}

async function roundsOf(db: Db, datasetIds: number[], issueId: number | null) {
  const rows = await selectRows<{ dataset_id: number; round: number }>(
    db,
    sql`SELECT dataset_id, max(round)::int AS round FROM item_rounds
      WHERE dataset_id = ANY(${`{${datasetIds.join(',')}}`}::int[])
      ${issueId === null ? sql`` : sql`AND issue_id = ${issueId}`}
      GROUP BY dataset_id`,
  );
  return new Map(rows.map((row) => [row.dataset_id, row.round]));
}

async function decisionsOf(db: Db, datasetIds: number[], tellsPending: boolean) {
  const rows = await db
    .select({
      id: itemDecisions.datasetId,
      pending: itemDecisions.decision,
      sent: itemDecisions.sentDecision,
    })
    .from(itemDecisions)
    .where(inArray(itemDecisions.datasetId, datasetIds));
  return new Map(rows.map((row) => [row.id, (tellsPending ? row.pending : row.sent) as Decision | null]));
}

/** The judges' shared comments, without their names, and the criterion averages: only if the selection shares them. */
async function feedbackOf(db: Db, datasetIds: number[], issueId: number, languages: Map<number, Language>) {
  const comments = new Map<number, string[]>();
  const averages = new Map<number, string[]>();
  const [issue] = await db.select({ share: issues.shareFeedback }).from(issues).where(eq(issues.id, issueId));
  if (!issue?.share) return { comments, averages };
  const [commentRows, averageRows] = await Promise.all([
    db
      .select({ id: issueComments.datasetId, content: issueComments.content })
      .from(issueComments)
      .where(
        and(
          eq(issueComments.issueId, issueId),
          eq(issueComments.shared, true),
          inArray(issueComments.datasetId, datasetIds),
        ),
      )
      .orderBy(asc(issueComments.id)),
    db
      .select({
        id: reportCriterionSums.datasetId,
        title: issueQuestions.title,
        average: reportCriterionSums.average,
      })
      .from(reportCriterionSums)
      .innerJoin(issueQuestions, eq(issueQuestions.id, reportCriterionSums.questionId))
      .where(
        and(eq(reportCriterionSums.issueId, issueId), inArray(reportCriterionSums.datasetId, datasetIds)),
      )
      .orderBy(asc(issueQuestions.id)),
  ]);
  for (const row of commentRows) comments.set(row.id, [...(comments.get(row.id) ?? []), row.content]);
  for (const row of averageRows) {
    if (row.average === null) continue;
    const number = new Intl.NumberFormat(languages.get(row.id) ?? 'en', { maximumFractionDigits: 2 });
    averages.set(row.id, [...(averages.get(row.id) ?? []), `${row.title}: ${number.format(row.average)}`]);
  }
  return { comments, averages };
}

/**
 * Each item's `rank`, `round`, `decision`, `comments` and `averages`, as text (the last two lists of
 * text), in the item's language; the body's engine escapes every one of them when it writes it.
 */
export async function decisionScopes(
  db: Db,
  datasetIds: number[],
  context: MailingContext,
): Promise<Map<number, DecisionScope>> {
  const scopes = new Map<number, DecisionScope>();
  if (datasetIds.length === 0) return scopes;
  const languages = await itemLanguages(db, datasetIds);
  const [rounds, decisions, ranks, feedback] = await Promise.all([
    roundsOf(db, datasetIds, context.issueId),
    decisionsOf(db, datasetIds, context.tellsPending),
    context.issueId === null ? [] : reportRanks(db, context.issueId),
    context.issueId === null
      ? { comments: new Map<number, string[]>(), averages: new Map<number, string[]>() }
      : feedbackOf(db, datasetIds, context.issueId, languages),
  ]);
  const rankOf = new Map(ranks.filter((row) => row.value !== null).map((row) => [row.dataset_id, row.rank]));
  for (const id of datasetIds) {
    const decision = decisions.get(id);
    scopes.set(id, {
      rank: String(rankOf.get(id) ?? ''),
      round: String(rounds.get(id) ?? ''),
      decision: decision ? DECISION_WORDS[languages.get(id) ?? 'en'][decision] : '',
      comments: feedback.comments.get(id) ?? [],
      averages: feedback.averages.get(id) ?? [],
    });
  }
  return scopes;
}
