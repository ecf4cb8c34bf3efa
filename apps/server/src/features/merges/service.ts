import type { AuditChanges } from '@shortlist/contract';
import {
  invalidPkMessage,
  MERGE_DUPLICATE_ISSUE,
  MERGE_MIN_ISSUES,
  type Merge,
  type MergeInfoInput,
  type mergeCreateSchema,
  type mergeListQuerySchema,
  type mergePatchSchema,
  mergeSizeMessage,
} from '@shortlist/contract';
import { and, asc, count, desc, eq, exists, ilike, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { notOfTeam } from '../../access/rows-of-team.ts';
import type { TeamRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { groupRows } from '../../db/group-rows.ts';
import { issueMergeInfos, issueMerges, issueMergeTags, issues, tags } from '../../db/schema/index.ts';
import { fieldErrors } from '../../http/errors.ts';
import { containsPattern } from '../../http/pagination.ts';
import { diffRows, recordAudit } from '../audit/record.ts';
import type { MergeRow } from './access.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The merges' tags and selections, in two queries for a whole page. */
async function toMerges(ctx: AppContext, rows: MergeRow[]): Promise<Merge[]> {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const [tagRows, infoRows] = await Promise.all([
    ctx.db
      .select({ mergeId: issueMergeTags.mergeId, id: tags.id, name: tags.name })
      .from(issueMergeTags)
      .innerJoin(tags, eq(tags.id, issueMergeTags.tagId))
      .where(inArray(issueMergeTags.mergeId, ids))
      .orderBy(asc(tags.name)),
    ctx.db
      .select({
        mergeId: issueMergeInfos.mergeId,
        weight: issueMergeInfos.weight,
        issue: { id: issues.id, title: issues.title, resourcetype: issues.resourcetype, round: issues.round },
      })
      .from(issueMergeInfos)
      .innerJoin(issues, eq(issues.id, issueMergeInfos.issueId))
      .where(inArray(issueMergeInfos.mergeId, ids))
      .orderBy(asc(issueMergeInfos.id)),
  ]);
  const tagsOf = groupRows(tagRows, (row) => row.mergeId);
  const infosOf = groupRows(infoRows, (row) => row.mergeId);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    create_time: row.createTime.toISOString(),
    update_time: row.updateTime.toISOString(),
    team: row.teamId,
    tags: (tagsOf.get(row.id) ?? []).map(({ id, name }) => ({ id, name })),
    issue_merge_infos: (infosOf.get(row.id) ?? []).map(({ issue, weight }) => ({ issue, weight })),
  }));
}

export async function getMerge(ctx: AppContext, merge: MergeRow): Promise<Merge> {
  const [reply] = await toMerges(ctx, [merge]);
  if (!reply) throw new Error('merge vanished');
  return reply;
}

/** A team's merges, newest first, filtered by tags (any of them) and title, paged in SQL. */
export async function listMerges(ctx: AppContext, query: z.output<typeof mergeListQuerySchema>) {
  const filters: SQL[] = [eq(issueMerges.teamId, query.team)];
  if (query.tags?.length) {
    filters.push(
      exists(
        ctx.db
          .select({ one: issueMergeTags.mergeId })
          .from(issueMergeTags)
          .where(and(eq(issueMergeTags.mergeId, issueMerges.id), inArray(issueMergeTags.tagId, query.tags))),
      ),
    );
  }
  if (query.search) filters.push(ilike(issueMerges.title, containsPattern(query.search)));
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(issueMerges)
      .where(where)
      .orderBy(desc(issueMerges.createTime), desc(issueMerges.id))
      .limit(query.limit)
      .offset(query.offset),
    ctx.db.select({ n: count() }).from(issueMerges).where(where),
  ]);
  return { count: total?.n ?? 0, results: await toMerges(ctx, rows) };
}

/** Checks the selections (2..package maximum, once each, of the team) and the tags (of the team). */
async function checkReferences(
  tx: Tx,
  team: TeamRow,
  input: { issue_merge_infos?: MergeInfoInput[]; tags?: number[] },
) {
  const errors: Record<string, string[]> = {};
  const infos = input.issue_merge_infos;
  if (infos) {
    const issueIds = infos.map((info) => info.issue);
    const max = team.package.nb_issues_in_merge;
    if (new Set(issueIds).size !== issueIds.length) {
      errors.issue_merge_infos = [MERGE_DUPLICATE_ISSUE];
    } else if (issueIds.length < MERGE_MIN_ISSUES || issueIds.length > max) {
      errors.issue_merge_infos = [mergeSizeMessage(max)];
    } else {
      const missing = await notOfTeam(tx, issues, team.id, issueIds);
      if (missing.length > 0) errors.issue_merge_infos = missing.map(invalidPkMessage);
    }
  }
  if (input.tags?.length) {
    const missing = await notOfTeam(tx, tags, team.id, input.tags);
    if (missing.length > 0) errors.tags = missing.map(invalidPkMessage);
  }
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
}

/**
 * Replaces the merge's selections and tags with the given ones (those given only). Returns the change of
 * its selections and their weights, `{selection id: weight}` before and after, for the audit log.
 */
async function writeLinks(
  tx: Tx,
  mergeId: number,
  input: { issue_merge_infos?: MergeInfoInput[]; tags?: number[] },
): Promise<AuditChanges> {
  let changes: AuditChanges = {};
  if (input.issue_merge_infos) {
    const before = await tx
      .delete(issueMergeInfos)
      .where(eq(issueMergeInfos.mergeId, mergeId))
      .returning({ issue: issueMergeInfos.issueId, weight: issueMergeInfos.weight });
    const weights = (rows: { issue: number; weight: number }[]) =>
      Object.fromEntries(rows.map((row) => [row.issue, row.weight]));
    await tx
      .insert(issueMergeInfos)
      .values(input.issue_merge_infos.map((info) => ({ mergeId, issueId: info.issue, weight: info.weight })));
    changes = diffRows({ weights: weights(before) }, { weights: weights(input.issue_merge_infos) });
  }
  if (input.tags) {
    await tx.delete(issueMergeTags).where(eq(issueMergeTags.mergeId, mergeId));
    const tagIds = [...new Set(input.tags)];
    if (tagIds.length > 0)
      await tx.insert(issueMergeTags).values(tagIds.map((tagId) => ({ mergeId, tagId })));
  }
  return changes;
}

const mergeEntry = (merge: MergeRow) => ({
  teamId: merge.teamId,
  objectType: 'merge' as const,
  objectId: merge.id,
});

export async function createMerge(
  ctx: AppContext,
  { team, input }: { team: TeamRow; input: z.output<typeof mergeCreateSchema> },
): Promise<Merge> {
  const row = await ctx.db.transaction(async (tx) => {
    await checkReferences(tx, team, input);
    const [merge] = await tx
      .insert(issueMerges)
      .values({ teamId: team.id, title: input.title, description: input.description })
      .returning();
    if (!merge) throw new Error('merge insert returned nothing');
    const weights = await writeLinks(tx, merge.id, input);
    await recordAudit(tx, {
      ...mergeEntry(merge),
      action: 'merge.created',
      changes: { ...diffRows(null, merge), ...weights },
    });
    return merge;
  });
  return getMerge(ctx, row);
}

export async function updateMerge(
  ctx: AppContext,
  { team, merge, patch }: { team: TeamRow; merge: MergeRow; patch: z.output<typeof mergePatchSchema> },
): Promise<Merge> {
  const row = await ctx.db.transaction(async (tx) => {
    await checkReferences(tx, team, patch);
    const [updated] = await tx
      .update(issueMerges)
      .set({ title: patch.title, description: patch.description, updateTime: new Date() })
      .where(eq(issueMerges.id, merge.id))
      .returning();
    const weights = await writeLinks(tx, merge.id, patch);
    await recordAudit(tx, {
      ...mergeEntry(merge),
      action: 'merge.updated',
      changes: { ...diffRows(merge, updated ?? merge), ...weights },
    });
    return updated ?? merge;
  });
  return getMerge(ctx, row);
}

export async function deleteMerge(ctx: AppContext, merge: MergeRow) {
  await ctx.db.transaction(async (tx) => {
    await tx.delete(issueMerges).where(eq(issueMerges.id, merge.id));
    await recordAudit(tx, { ...mergeEntry(merge), action: 'merge.deleted', changes: diffRows(merge, null) });
  });
}
