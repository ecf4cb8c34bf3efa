import type {
  ReviewStatus,
  ReviewStatusPatch,
  reviewStatusCreateSchema,
  reviewStatusListQuerySchema,
} from '@shortlist/contract';
import { REVIEW_STATUSES_MAX } from '@shortlist/contract';
import { asc, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { requireAdminOfRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { reviewStatuses } from '../../db/schema/index.ts';
import type { UserRow } from '../../http/auth.ts';
import { notFound, refusal } from '../../http/errors.ts';
import { parseOrdering } from '../../http/pagination.ts';
import { lockTeam } from '../teams/lock.ts';

type StatusRow = typeof reviewStatuses.$inferSelect;

const toReviewStatus = (row: StatusRow): ReviewStatus => ({
  id: row.id,
  label: row.label,
  color: row.color,
  bg_color: row.bgColor,
  team: row.teamId,
});

/** The status, if the caller administers its team; otherwise the same 404 as a missing one. */
export async function requireReviewStatusAdmin(ctx: AppContext, user: UserRow, statusId: number) {
  const [found] = await ctx.db.select().from(reviewStatuses).where(eq(reviewStatuses.id, statusId));
  const { row } = await requireAdminOfRow(ctx, user, found);
  return row;
}

const STATUS_ORDERING = ['label', 'id', 'create_time'] as const;
const statusColumns = {
  label: reviewStatuses.label,
  id: reviewStatuses.id,
  create_time: reviewStatuses.createTime,
};

export async function listReviewStatuses(
  ctx: AppContext,
  query: z.infer<typeof reviewStatusListQuerySchema>,
) {
  const where = eq(reviewStatuses.teamId, query.team);
  const order = parseOrdering(query.ordering, STATUS_ORDERING, 'label');
  const column = statusColumns[order.field];
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(reviewStatuses)
      .where(where)
      .orderBy(order.descending ? desc(column) : asc(column), asc(reviewStatuses.id))
      .limit(query.limit)
      .offset(query.offset),
    ctx.db.select({ n: count() }).from(reviewStatuses).where(where),
  ]);
  return { count: total?.n ?? 0, results: rows.map(toReviewStatus) };
}

/** Adds a status while the team has fewer than REVIEW_STATUSES_MAX. */
export async function createReviewStatus(ctx: AppContext, input: z.infer<typeof reviewStatusCreateSchema>) {
  return ctx.db.transaction(async (tx) => {
    await lockTeam(tx, input.team);
    const [total] = await tx
      .select({ n: count() })
      .from(reviewStatuses)
      .where(eq(reviewStatuses.teamId, input.team));
    if ((total?.n ?? 0) >= REVIEW_STATUSES_MAX) {
      throw refusal('MAX_REVIEW_STATUSES', 'The maximum number of review statuses is reached.');
    }
    const [row] = await tx
      .insert(reviewStatuses)
      .values({ teamId: input.team, label: input.label, color: input.color, bgColor: input.bg_color })
      .returning();
    if (!row) throw new Error('review status insert returned nothing');
    return toReviewStatus(row);
  });
}

export async function updateReviewStatus(ctx: AppContext, status: StatusRow, patch: ReviewStatusPatch) {
  if (patch.label === undefined && patch.color === undefined && patch.bg_color === undefined) {
    return toReviewStatus(status);
  }
  const [row] = await ctx.db
    .update(reviewStatuses)
    .set({ label: patch.label, color: patch.color, bgColor: patch.bg_color })
    .where(eq(reviewStatuses.id, status.id))
    .returning();
  if (!row) throw notFound();
  return toReviewStatus(row);
}

/** Reviews that carried the status keep existing, without a status (the foreign key sets null). */
export async function deleteReviewStatus(ctx: AppContext, status: StatusRow) {
  await ctx.db.delete(reviewStatuses).where(eq(reviewStatuses.id, status.id));
}
