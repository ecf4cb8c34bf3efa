import type { PageHeader, PageHeaderPatch, PageQuery, pageHeaderCreateSchema } from '@shortlist/contract';
import { asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { requireAdminOfRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { pageHeaders } from '../../db/schema/index.ts';
import type { UserRow } from '../../http/auth.ts';
import { sanitizeRichText } from './sanitize.ts';

type PageHeaderRow = typeof pageHeaders.$inferSelect;

const toPageHeader = (row: PageHeaderRow): PageHeader => ({
  id: row.id,
  team: row.teamId,
  title: row.title,
  html: row.html,
});

export async function requirePageHeader(ctx: AppContext, user: UserRow, id: number) {
  const [found] = await ctx.db.select().from(pageHeaders).where(eq(pageHeaders.id, id));
  const { row } = await requireAdminOfRow(ctx, user, found);
  return row;
}

export async function listPageHeaders(ctx: AppContext, teamId: number, query: PageQuery) {
  const where = eq(pageHeaders.teamId, teamId);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(pageHeaders)
      .where(where)
      .orderBy(asc(pageHeaders.title), asc(pageHeaders.id))
      .limit(query.limit)
      .offset(query.offset),
    ctx.db.select({ n: count() }).from(pageHeaders).where(where),
  ]);
  return { count: total?.n ?? 0, results: rows.map(toPageHeader) };
}

export async function createPageHeader(ctx: AppContext, input: z.output<typeof pageHeaderCreateSchema>) {
  const [row] = await ctx.db
    .insert(pageHeaders)
    .values({
      teamId: input.team,
      title: input.title,
      html: sanitizeRichText(input.html, ctx.config.richTextImageHosts),
    })
    .returning();
  if (!row) throw new Error('no page header');
  return toPageHeader(row);
}

export async function updatePageHeader(ctx: AppContext, header: PageHeaderRow, patch: PageHeaderPatch) {
  // An empty PATCH changes nothing, and an UPDATE needs a column to set.
  if (patch.title === undefined && patch.html === undefined) return toPageHeader(header);
  const [row] = await ctx.db
    .update(pageHeaders)
    .set({
      title: patch.title,
      html:
        patch.html === undefined ? undefined : sanitizeRichText(patch.html, ctx.config.richTextImageHosts),
    })
    .where(eq(pageHeaders.id, header.id))
    .returning();
  return toPageHeader(row ?? header);
}

export async function deletePageHeader(ctx: AppContext, header: PageHeaderRow) {
  await ctx.db.delete(pageHeaders).where(eq(pageHeaders.id, header.id));
}
