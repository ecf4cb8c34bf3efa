import { DECISION_WORDS } from '@shortlist/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { selectRows } from '../../db/raw-rows.ts';
import { issueComments, issueQuestions, issues, reportCriterionSums } from '../../db/schema/index.ts';
import { selectionRanking } from '../reports/ranking.ts';
import type { ItemFacts } from './item-facts.ts';

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

/** What a mailing's variables read once for all its e-mails: the selection's ranking and whether it shares feedback. */
export interface Mailing extends MailingContext {
  /** Each ranked item's rank in the selection's default report. */
  ranks: Map<number, number>;
  sharesFeedback: boolean;
}

/** The mailing's selection read once, however many e-mails it renders (a 5,000-e-mail batch: once, not per chunk). */
export async function loadMailing(db: Db, context: MailingContext): Promise<Mailing> {
  const { issueId } = context;
  if (issueId === null) return { ...context, ranks: new Map(), sharesFeedback: false };
  const [ranking, [issue]] = await Promise.all([
    selectionRanking(db, issueId),
    db.select({ share: issues.shareFeedback }).from(issues).where(eq(issues.id, issueId)),
  ]);
  const ranks = new Map<number, number>();
  for (const item of ranking) if (item.rank !== null) ranks.set(item.datasetId, item.rank);
  return { ...context, ranks, sharesFeedback: issue?.share ?? false };
}

export interface DecisionScope {
  rank: string;
  round: string;
  decision: string;
  comments: string[];
  averages: string[];
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

/** The judges' shared comments, without their names, and the criterion averages: only if the selection shares them. */
async function feedbackOf(db: Db, datasetIds: number[], mailing: Mailing, facts: Map<number, ItemFacts>) {
  const comments = new Map<number, string[]>();
  const averages = new Map<number, string[]>();
  const { issueId } = mailing;
  if (issueId === null || !mailing.sharesFeedback) return { comments, averages };
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
    const number = new Intl.NumberFormat(facts.get(row.id)?.language ?? 'en', { maximumFractionDigits: 2 });
    averages.set(row.id, [...(averages.get(row.id) ?? []), `${row.title}: ${number.format(row.average)}`]);
  }
  return { comments, averages };
}

/**
 * Each item's `rank`, `round`, `decision`, `comments` and `averages`, as text (the last two lists of
 * text), in the item's language; the body's engine escapes every one of them when it writes it. Only what
 * is the item's own is read here, per chunk of items; the selection's ranking comes with the mailing.
 */
export async function decisionScopes(
  db: Db,
  datasetIds: number[],
  mailing: Mailing,
  facts: Map<number, ItemFacts>,
): Promise<Map<number, DecisionScope>> {
  const scopes = new Map<number, DecisionScope>();
  if (datasetIds.length === 0) return scopes;
  const [rounds, feedback] = await Promise.all([
    roundsOf(db, datasetIds, mailing.issueId),
    feedbackOf(db, datasetIds, mailing, facts),
  ]);
  for (const id of datasetIds) {
    const item = facts.get(id);
    const decision = mailing.tellsPending ? item?.decision : item?.sentDecision;
    scopes.set(id, {
      rank: String(mailing.ranks.get(id) ?? ''),
      round: String(rounds.get(id) ?? ''),
      decision: decision ? DECISION_WORDS[item?.language ?? 'en'][decision] : '',
      comments: feedback.comments.get(id) ?? [],
      averages: feedback.averages.get(id) ?? [],
    });
  }
  return scopes;
}
