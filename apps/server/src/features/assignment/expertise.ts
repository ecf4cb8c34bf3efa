import {
  EXPERTISE_TEXT_MAX_LENGTH,
  type Expertise,
  type ExpertiseSeed,
  type ExpertiseSource,
} from '@shortlist/contract';
import { and, asc, count, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import {
  datasets,
  issueAccesses,
  issueAnswers,
  issueDatasets,
  issueExpertise,
  issues,
  users,
} from '../../db/schema/index.ts';
import { containsPattern } from '../../http/pagination.ts';
import { loadBlind, withJudgeTitles } from '../judging/blind.ts';
import { type ConflictCaller, requireTargetAccess } from '../judging/conflicts.ts';

const OWN_ONLY = 'A judge states their own expertise only.';

const columns = {
  user: issueAccesses.userId,
  name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
  email: users.email,
  text: sql<string>`coalesce(${issueExpertise.text}, '')`,
  source: issueExpertise.source,
  update_time: issueExpertise.updateTime,
};

function toExpertise(
  caller: ConflictCaller,
  row: {
    user: number;
    name: string;
    email: string;
    text: string;
    source: string | null;
    update_time: Date | null;
  },
): Expertise {
  return {
    ...row,
    name: caller.isAdmin ? row.name : '',
    email: caller.isAdmin ? row.email : '',
    source: row.source as ExpertiseSource | null,
    update_time: row.update_time?.toISOString() ?? null,
  };
}

function selectExpertise(ctx: AppContext) {
  return ctx.db
    .select(columns)
    .from(issueAccesses)
    .innerJoin(users, eq(users.id, issueAccesses.userId))
    .leftJoin(issueExpertise, eq(issueExpertise.accessId, issueAccesses.id));
}

/** PUT issues/{id}/expertise/: a judge's own text (any time: it only guides the assignment), an admin's for any judge. */
export async function putExpertise(
  ctx: AppContext,
  caller: ConflictCaller,
  input: { text: string; user?: number },
): Promise<Expertise> {
  const access = await requireTargetAccess(ctx, caller, input.user, OWN_ONLY);
  const source: ExpertiseSource = caller.isAdmin ? 'admin' : 'judge';
  await ctx.db
    .insert(issueExpertise)
    .values({ accessId: access.id, text: input.text, source })
    .onConflictDoUpdate({
      target: issueExpertise.accessId,
      set: { text: input.text, source, updateTime: new Date() },
    });
  const [row] = await selectExpertise(ctx).where(eq(issueAccesses.id, access.id));
  if (!row) throw new Error('expertise not found after write');
  return toExpertise(caller, row);
}

/**
 * GET issues/{id}/expertise/: a judge's own; an admin's every judge (optionally some, or those whose name,
 * e-mail or text holds `search`), by name.
 */
export async function listExpertise(
  ctx: AppContext,
  caller: ConflictCaller,
  query: { offset: number; limit: number; users?: number[]; search?: string },
): Promise<{ count: number; results: Expertise[] }> {
  const users_ = caller.isAdmin ? query.users : [caller.userId];
  const pattern = caller.isAdmin && query.search ? containsPattern(query.search) : undefined;
  const where = and(
    eq(issueAccesses.issueId, caller.issue.id),
    users_?.length ? inArray(issueAccesses.userId, users_) : undefined,
    pattern === undefined
      ? undefined
      : or(ilike(users.email, pattern), ilike(columns.name, pattern), ilike(issueExpertise.text, pattern)),
  );
  const [[total], rows] = await Promise.all([
    ctx.db
      .select({ n: count() })
      .from(issueAccesses)
      .innerJoin(users, eq(users.id, issueAccesses.userId))
      .leftJoin(issueExpertise, eq(issueExpertise.accessId, issueAccesses.id))
      .where(where),
    selectExpertise(ctx)
      .where(where)
      .orderBy(asc(users.lastName), asc(users.firstName), asc(issueAccesses.userId))
      .limit(query.limit)
      .offset(query.offset),
  ]);
  return { count: total?.n ?? 0, results: rows.map((row) => toExpertise(caller, row)) };
}

/**
 * The titles of the items a judge answered in the team's other selections, as that selection showed them
 * (a title its blind review hid is left out): the seed of their expertise.
 */
async function pastTitles(
  ctx: AppContext,
  teamId: number,
  issueId: number,
  userId: number,
): Promise<string[]> {
  const rows = await ctx.db
    .selectDistinct({ issue: issues, id: datasets.id, title: datasets.title, number: issueDatasets.number })
    .from(issueAnswers)
    .innerJoin(issues, eq(issues.id, issueAnswers.issueId))
    .innerJoin(datasets, eq(datasets.id, issueAnswers.datasetId))
    .innerJoin(
      issueDatasets,
      and(eq(issueDatasets.issueId, issues.id), eq(issueDatasets.datasetId, datasets.id)),
    )
    .where(and(eq(issueAnswers.userId, userId), eq(issues.teamId, teamId), ne(issues.id, issueId)));
  const byIssue = new Map<number, typeof rows>();
  for (const row of rows) byIssue.set(row.issue.id, [...(byIssue.get(row.issue.id) ?? []), row]);
  const titles = new Set<string>();
  for (const list of byIssue.values()) {
    const first = list[0];
    if (!first) continue;
    const shown = await withJudgeTitles(ctx, await loadBlind(ctx, first.issue), list);
    for (const item of shown) if (!item.title_hidden) titles.add(item.title.trim());
  }
  return [...titles].sort((a, b) => a.localeCompare(b));
}

/**
 * POST issues/{id}/expertise/seed/: each judge's expertise from the titles of the items they judged before
 * in the team; a text already there is kept unless `overwrite`. A judge seeds their own.
 */
export async function seedExpertise(
  ctx: AppContext,
  caller: ConflictCaller,
  input: ExpertiseSeed,
): Promise<{ seeded: number }> {
  const accesses = caller.isAdmin
    ? await ctx.db
        .select()
        .from(issueAccesses)
        .where(
          and(
            eq(issueAccesses.issueId, caller.issue.id),
            input.users?.length ? inArray(issueAccesses.userId, input.users) : undefined,
          ),
        )
    : [await requireTargetAccess(ctx, caller, undefined, OWN_ONLY)];
  let seeded = 0;
  for (const access of accesses) {
    const titles = await pastTitles(ctx, caller.issue.teamId, caller.issue.id, access.userId);
    if (titles.length === 0) continue;
    const text = titles.join('; ').slice(0, EXPERTISE_TEXT_MAX_LENGTH);
    const [written] = await ctx.db
      .insert(issueExpertise)
      .values({ accessId: access.id, text, source: 'seeded' })
      .onConflictDoUpdate({
        target: issueExpertise.accessId,
        set: { text, source: 'seeded', updateTime: new Date() },
        setWhere: input.overwrite ? undefined : sql`${issueExpertise.text} = ''`,
      })
      .returning({ id: issueExpertise.accessId });
    if (written) seeded++;
  }
  return { seeded };
}
