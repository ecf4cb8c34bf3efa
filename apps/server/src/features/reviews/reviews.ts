import type { Review, ReviewComment, reviewCreateSchema, reviewListQuerySchema } from '@shortlist/contract';
import { invalidPkMessage } from '@shortlist/contract';
import { and, asc, count, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { requireRowsOfTeam } from '../../access/rows-of-team.ts';
import { requireAdminOfRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { groupRows } from '../../db/group-rows.ts';
import {
  datasets,
  issueDatasets,
  issues,
  reviewComments,
  reviewStatuses,
  reviews,
  users,
} from '../../db/schema/index.ts';
import type { UserRow } from '../../http/auth.ts';
import { fieldErrors, notFound, refusal } from '../../http/errors.ts';
import { recordAudit } from '../audit/record.ts';

/** The item's team, if the caller administers it; otherwise the same 404 as a missing item. */
export async function requireDatasetAdmin(ctx: AppContext, user: UserRow, datasetId: number) {
  const [found] = await ctx.db
    .select({ teamId: datasets.teamId })
    .from(datasets)
    .where(eq(datasets.id, datasetId));
  const { row } = await requireAdminOfRow(ctx, user, found);
  return row.teamId;
}

/** The review and its item's team, if the caller administers that team. */
export async function requireReviewAdmin(ctx: AppContext, user: UserRow, reviewId: number) {
  const [found] = await ctx.db
    .select({ id: reviews.id, teamId: datasets.teamId })
    .from(reviews)
    .innerJoin(datasets, eq(datasets.id, reviews.datasetId))
    .where(eq(reviews.id, reviewId));
  const { row } = await requireAdminOfRow(ctx, user, found);
  return row;
}

/** A status may only be one of the item's team: any other id is refused like a missing one. */
async function checkStatusOfTeam(ctx: AppContext, statusId: number | null, teamId: number) {
  if (statusId !== null) await requireRowsOfTeam(ctx.db, reviewStatuses, teamId, [statusId], 'status_id');
}

const commentColumns = {
  comment: reviewComments,
  creator: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
};

function toComment(row: {
  comment: typeof reviewComments.$inferSelect;
  creator: { id: number; email: string; firstName: string; lastName: string } | null;
}): ReviewComment {
  const { comment, creator } = row;
  return {
    id: comment.id,
    content: comment.content,
    create_time: comment.createTime.toISOString(),
    update_time: comment.updateTime.toISOString(),
    creator: creator && {
      id: creator.id,
      email: creator.email,
      first_name: creator.firstName,
      last_name: creator.lastName,
    },
  };
}

/** Reviews matching `where` with their status and comments, in two queries whatever their number. */
async function selectReviews(ctx: AppContext, where: SQL | undefined, page = { limit: 1, offset: 0 }) {
  const rows = await ctx.db
    .select({
      review: reviews,
      status: {
        id: reviewStatuses.id,
        label: reviewStatuses.label,
        color: reviewStatuses.color,
        bg_color: reviewStatuses.bgColor,
      },
    })
    .from(reviews)
    .leftJoin(reviewStatuses, eq(reviewStatuses.id, reviews.statusId))
    .where(where)
    .orderBy(asc(reviews.id))
    .limit(page.limit)
    .offset(page.offset);
  const ids = rows.map((row) => row.review.id);
  const comments =
    ids.length === 0
      ? []
      : await ctx.db
          .select({ reviewId: reviewComments.reviewId, ...commentColumns })
          .from(reviewComments)
          .leftJoin(users, eq(users.id, reviewComments.creatorId))
          .where(inArray(reviewComments.reviewId, ids))
          .orderBy(asc(reviewComments.createTime), asc(reviewComments.id));
  const commentsByReview = groupRows(comments, (row) => row.reviewId);
  return rows.map(
    ({ review, status }): Review => ({
      id: review.id,
      issue: review.issueId,
      data_set: review.datasetId,
      create_time: review.createTime.toISOString(),
      status,
      comments: (commentsByReview.get(review.id) ?? []).map(toComment),
    }),
  );
}

export async function getReview(ctx: AppContext, reviewId: number): Promise<Review> {
  const [review] = await selectReviews(ctx, eq(reviews.id, reviewId));
  if (!review) throw notFound();
  return review;
}

export async function listReviews(ctx: AppContext, query: z.infer<typeof reviewListQuerySchema>) {
  const filters: SQL[] = [eq(reviews.datasetId, query.data_set)];
  if (query.issue === 'null') filters.push(isNull(reviews.issueId));
  else if (query.issue !== undefined) filters.push(eq(reviews.issueId, query.issue));
  const where = and(...filters);
  const [results, [total]] = await Promise.all([
    selectReviews(ctx, where, query),
    ctx.db.select({ n: count() }).from(reviews).where(where),
  ]);
  return { count: total?.n ?? 0, results };
}

/** A review within a selection needs a selection of the item's team that holds the item. */
async function checkIssueOfDataset(ctx: AppContext, issueId: number | null, datasetId: number) {
  if (issueId === null) return;
  const [row] = await ctx.db
    .select({ issueId: issueDatasets.issueId })
    .from(issueDatasets)
    .innerJoin(issues, eq(issues.id, issueDatasets.issueId))
    .innerJoin(datasets, and(eq(datasets.id, issueDatasets.datasetId), eq(datasets.teamId, issues.teamId)))
    .where(and(eq(issueDatasets.issueId, issueId), eq(issueDatasets.datasetId, datasetId)));
  if (!row) throw fieldErrors({ issue_id: [invalidPkMessage(issueId)] });
}

/**
 * The one review of an item (per selection). A second one for the same pair is refused: the
 * client changes the existing review instead.
 */
export async function createReview(
  ctx: AppContext,
  options: { teamId: number; input: z.infer<typeof reviewCreateSchema> },
) {
  const { teamId, input } = options;
  await checkIssueOfDataset(ctx, input.issue_id, input.data_set_id);
  await checkStatusOfTeam(ctx, input.status_id, teamId);
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(reviews)
      .values({ datasetId: input.data_set_id, issueId: input.issue_id, statusId: input.status_id })
      .onConflictDoNothing()
      .returning();
    if (!created) throw refusal('ALREADY_EXISTS', 'This item already has a review.');
    await recordReviewChange(tx, teamId, null, created);
    return created;
  });
  return getReview(ctx, row.id);
}

export async function updateReview(
  ctx: AppContext,
  options: { reviewId: number; teamId: number; statusId: number | null },
) {
  await checkStatusOfTeam(ctx, options.statusId, options.teamId);
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(reviews).where(eq(reviews.id, options.reviewId)).for('update');
    const [after] = await tx
      .update(reviews)
      .set({ statusId: options.statusId })
      .where(eq(reviews.id, options.reviewId))
      .returning();
    if (before && after && before.statusId !== after.statusId)
      await recordReviewChange(tx, options.teamId, before, after);
  });
  return getReview(ctx, options.reviewId);
}

type ReviewRow = typeof reviews.$inferSelect;

/** A decision on an item, logged on the item: its status by label, in which selection (or none). */
async function recordReviewChange(tx: Db, teamId: number, before: ReviewRow | null, after: ReviewRow) {
  const ids = [before?.statusId, after.statusId].filter((id): id is number => typeof id === 'number');
  const labels = new Map(
    ids.length
      ? (
          await tx
            .select({ id: reviewStatuses.id, label: reviewStatuses.label })
            .from(reviewStatuses)
            .where(inArray(reviewStatuses.id, ids))
        ).map((row) => [row.id, row.label])
      : [],
  );
  const label = (id: number | null | undefined) => (typeof id === 'number' ? (labels.get(id) ?? null) : null);
  await recordAudit(tx, {
    teamId,
    action: 'review.changed',
    objectType: 'item',
    objectId: after.datasetId,
    changes: {
      status: [label(before?.statusId), label(after.statusId)],
      selection: [after.issueId, after.issueId],
    },
  });
}

export async function addReviewComment(
  ctx: AppContext,
  options: { reviewId: number; creator: UserRow; content: string },
): Promise<ReviewComment> {
  const { creator } = options;
  const [comment] = await ctx.db
    .insert(reviewComments)
    .values({ reviewId: options.reviewId, creatorId: creator.id, content: options.content })
    .returning();
  if (!comment) throw new Error('review comment insert returned nothing');
  return toComment({ comment, creator });
}

/** Any admin of the item's team may delete a comment, not only its author (see docs/decisions.md). */
export async function deleteReviewComment(ctx: AppContext, options: { reviewId: number; commentId: number }) {
  const deleted = await ctx.db
    .delete(reviewComments)
    .where(and(eq(reviewComments.id, options.commentId), eq(reviewComments.reviewId, options.reviewId)))
    .returning({ id: reviewComments.id });
  if (deleted.length === 0) throw notFound();
}
