import type { PageQuery, Tag, TagCreate } from '@shortlist/contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { TeamRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { tags } from '../../db/schema/index.ts';
import { notFound, refusal } from '../../http/errors.ts';
import { lockTeam } from '../teams/lock.ts';

const toTag = (row: typeof tags.$inferSelect): Tag => ({ id: row.id, name: row.name });

export async function listTags(ctx: AppContext, teamId: number, query: PageQuery) {
  const where = eq(tags.teamId, teamId);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(tags)
      .where(where)
      .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id))
      .limit(query.limit)
      .offset(query.offset),
    ctx.db.select({ n: count() }).from(tags).where(where),
  ]);
  return { count: total?.n ?? 0, results: rows.map(toTag) };
}

/** Adds a tag below the package's cap; names are unique per team whatever their case. */
export async function createTag(ctx: AppContext, team: TeamRow, input: TagCreate): Promise<Tag> {
  return ctx.db.transaction(async (tx) => {
    // Tags added at once take their turn: each counts, and looks for its name, after the other.
    await lockTeam(tx, team.id);
    const [total] = await tx.select({ n: count() }).from(tags).where(eq(tags.teamId, team.id));
    if ((total?.n ?? 0) >= team.package.max_tags) {
      throw refusal('MAX_TAGS', 'The maximum number of tags is reached.');
    }
    const [existing] = await tx
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.teamId, team.id), eq(sql`lower(${tags.name})`, input.name.toLowerCase())));
    if (existing) throw refusal('ALREADY_EXISTS', 'A tag with this name already exists.');
    const [row] = await tx.insert(tags).values({ teamId: team.id, name: input.name }).returning();
    if (!row) throw new Error('tag insert returned nothing');
    return toTag(row);
  });
}

export async function deleteTag(ctx: AppContext, options: { teamId: number; tagId: number }) {
  const deleted = await ctx.db
    .delete(tags)
    .where(and(eq(tags.id, options.tagId), eq(tags.teamId, options.teamId)))
    .returning({ id: tags.id });
  if (deleted.length === 0) throw notFound();
}
