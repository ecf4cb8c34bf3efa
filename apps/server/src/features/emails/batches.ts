import {
  BATCH_NOT_DRAFT,
  BATCH_NOT_DRAFT_MESSAGE,
  type BatchProgress,
  DEMAIL_STATUS,
  type EmailBatch,
  type EmailBatchCreate,
  type EmailBatchPatch,
  invalidPkMessage,
  type TeamPageQuery,
} from '@shortlist/contract';
import { and, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { requireRowsOfTeam } from '../../access/rows-of-team.ts';
import type { TeamRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { batchEmails, emailBatches, emailTemplates, issues } from '../../db/schema/index.ts';
import { fieldErrors, refusal } from '../../http/errors.ts';
import { containsPattern } from '../../http/pagination.ts';
import type { BatchRow } from './access.ts';

const emptyProgress = (): BatchProgress => ({
  total: 0,
  draft: 0,
  queued: 0,
  sent: 0,
  failed: 0,
  maybe_sent_twice: 0,
});

/** Counts of each batch's e-mails by status, in one grouped query for a whole page. */
async function progressOf(ctx: AppContext, batchIds: number[]) {
  const progress = new Map<number, BatchProgress>();
  if (batchIds.length === 0) return progress;
  const rows = await ctx.db
    .select({
      batchId: batchEmails.batchId,
      status: batchEmails.status,
      n: count(),
      twice: sql<number>`count(*) filter (where ${batchEmails.maybeSentTwice})::int`,
    })
    .from(batchEmails)
    .where(inArray(batchEmails.batchId, batchIds))
    .groupBy(batchEmails.batchId, batchEmails.status);
  for (const row of rows) {
    const counts = progress.get(row.batchId) ?? emptyProgress();
    counts.total += row.n;
    counts.maybe_sent_twice += row.twice;
    if (row.status === null) counts.draft += row.n;
    else if (row.status === DEMAIL_STATUS.sent) counts.sent += row.n;
    else if (row.status === DEMAIL_STATUS.failed) counts.failed += row.n;
    else counts.queued += row.n;
    progress.set(row.batchId, counts);
  }
  return progress;
}

async function toBatches(ctx: AppContext, rows: BatchRow[]): Promise<EmailBatch[]> {
  const templateIds = [...new Set(rows.flatMap((row) => (row.templateId === null ? [] : [row.templateId])))];
  const [progress, templates] = await Promise.all([
    progressOf(
      ctx,
      rows.map((row) => row.id),
    ),
    templateIds.length === 0
      ? []
      : ctx.db
          .select({ id: emailTemplates.id, title: emailTemplates.title })
          .from(emailTemplates)
          .where(inArray(emailTemplates.id, templateIds)),
  ]);
  const templateOf = new Map(templates.map((template) => [template.id, template]));
  return rows.map((row) => ({
    id: row.id,
    team: row.teamId,
    title: row.title,
    description: row.description,
    status: row.status as EmailBatch['status'],
    template: row.templateId === null ? null : (templateOf.get(row.templateId) ?? null),
    create_time: row.createTime.toISOString(),
    send_time: row.sendTime?.toISOString() ?? null,
    scheduled_time: row.scheduledTime?.toISOString() ?? null,
    sends_decisions: row.sendsDecisions,
    issue: row.issueId,
    is_rendered: row.isRendered,
    progress: progress.get(row.id) ?? emptyProgress(),
  }));
}

export async function toBatchReply(ctx: AppContext, row: BatchRow): Promise<EmailBatch> {
  const [batch] = await toBatches(ctx, [row]);
  if (!batch) throw new Error('no batch');
  return batch;
}

export async function reloadBatch(ctx: AppContext, id: number) {
  const [row] = await ctx.db.select().from(emailBatches).where(eq(emailBatches.id, id));
  if (!row) throw new Error('batch vanished');
  return toBatchReply(ctx, row);
}

export async function listBatches(ctx: AppContext, query: TeamPageQuery) {
  const where = and(
    eq(emailBatches.teamId, query.team),
    query.search ? ilike(emailBatches.title, containsPattern(query.search)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(emailBatches)
      .where(where)
      .orderBy(desc(emailBatches.createTime), desc(emailBatches.id))
      .limit(query.limit)
      .offset(query.offset),
    ctx.db.select({ n: count() }).from(emailBatches).where(where),
  ]);
  return { count: total?.n ?? 0, results: await toBatches(ctx, rows) };
}

/** A template of the batch's own team; any other id is a 400 on the field, as for a missing one. */
async function requireTeamTemplate(ctx: AppContext, teamId: number, templateId: number) {
  const [template] = await ctx.db
    .select({ id: emailTemplates.id })
    .from(emailTemplates)
    .where(and(eq(emailTemplates.id, templateId), eq(emailTemplates.teamId, teamId)));
  if (!template) throw fieldErrors({ template: [invalidPkMessage(templateId)] });
}

export function requireDraft(batch: BatchRow) {
  if (batch.status !== 'draft') throw refusal(BATCH_NOT_DRAFT, BATCH_NOT_DRAFT_MESSAGE);
}

export async function createBatch(ctx: AppContext, team: TeamRow, input: EmailBatchCreate) {
  await requireTeamTemplate(ctx, team.id, input.template);
  if (input.issue !== null) await requireRowsOfTeam(ctx.db, issues, team.id, [input.issue], 'issue');
  const [row] = await ctx.db
    .insert(emailBatches)
    .values({
      teamId: team.id,
      title: input.title,
      description: input.description,
      templateId: input.template,
      sendsDecisions: input.sends_decisions,
      issueId: input.issue,
    })
    .returning();
  if (!row) throw new Error('batch not created');
  return toBatchReply(ctx, row);
}

/** Title, description and template of a draft; a new template must be previewed again. */
export async function updateBatch(ctx: AppContext, batch: BatchRow, patch: EmailBatchPatch) {
  requireDraft(batch);
  if (patch.template !== undefined) await requireTeamTemplate(ctx, batch.teamId, patch.template);
  if (patch.issue) await requireRowsOfTeam(ctx.db, issues, batch.teamId, [patch.issue], 'issue');
  // What the e-mails say changes with the template, the selection they quote, or the decisions they tell.
  const isNewTemplate =
    (patch.template !== undefined && patch.template !== batch.templateId) ||
    (patch.issue !== undefined && patch.issue !== batch.issueId) ||
    (patch.sends_decisions !== undefined && patch.sends_decisions !== batch.sendsDecisions);
  const [row] = await ctx.db
    .update(emailBatches)
    .set({
      title: patch.title,
      description: patch.description,
      templateId: patch.template,
      sendsDecisions: patch.sends_decisions,
      issueId: patch.issue,
      isRendered: isNewTemplate ? false : undefined,
    })
    .where(and(eq(emailBatches.id, batch.id), eq(emailBatches.status, 'draft')))
    .returning();
  if (!row) throw refusal(BATCH_NOT_DRAFT, BATCH_NOT_DRAFT_MESSAGE);
  return toBatchReply(ctx, row);
}

/** Only a draft can be deleted: what was sent stays on record. */
export async function deleteBatch(ctx: AppContext, batch: BatchRow) {
  const deleted = await ctx.db
    .delete(emailBatches)
    .where(and(eq(emailBatches.id, batch.id), eq(emailBatches.status, 'draft')))
    .returning({ id: emailBatches.id });
  if (deleted.length === 0) throw refusal(BATCH_NOT_DRAFT, BATCH_NOT_DRAFT_MESSAGE);
}

/**
 * Batches this team has started sending, or scheduled, in the month (UTC) of `when`: a scheduled batch
 * counts in its send time's month from the moment it is scheduled.
 */
export async function batchesSentThisMonth(ctx: AppContext, teamId: number, when = new Date()) {
  const monthStart = new Date(Date.UTC(when.getUTCFullYear(), when.getUTCMonth(), 1));
  const monthEnd = new Date(Date.UTC(when.getUTCFullYear(), when.getUTCMonth() + 1, 1));
  const time = sql`coalesce(${emailBatches.sendTime}, ${emailBatches.scheduledTime})`;
  return ctx.db.$count(
    emailBatches,
    and(
      eq(emailBatches.teamId, teamId),
      sql`${time} >= ${monthStart.toISOString()} and ${time} < ${monthEnd.toISOString()}`,
    ),
  );
}
