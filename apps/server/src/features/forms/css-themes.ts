import type { CssTheme, cssThemeListQuerySchema } from '@shortlist/contract';
import { and, asc, count, eq, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { cssThemes } from '../../db/schema/index.ts';

/** Offered to every team; the stylesheets are served by the web app (apps/web/public/themes/). */
const BUILT_IN_THEMES = [
  { name: 'Classic', path: '/themes/classic.css' },
  { name: 'Ocean', path: '/themes/ocean.css' },
  { name: 'Forest', path: '/themes/forest.css' },
];

/** Adds the built-in themes that are missing; run at each start, so it changes nothing the second time. */
export async function ensureBuiltInThemes(db: Db) {
  const existing = await db.select({ path: cssThemes.path }).from(cssThemes).where(isNull(cssThemes.teamId));
  const known = new Set(existing.map((row) => row.path));
  const missing = BUILT_IN_THEMES.filter((theme) => !known.has(theme.path));
  if (missing.length > 0)
    await db.insert(cssThemes).values(missing.map((theme) => ({ ...theme, destination: 'form' })));
}

const toTheme = (row: typeof cssThemes.$inferSelect): CssTheme => ({
  id: row.id,
  team: row.teamId,
  name: row.name,
  path: row.path,
  destination: 'form',
});

/** The built-in themes, then the team's own. */
export async function listCssThemes(ctx: AppContext, query: z.output<typeof cssThemeListQuerySchema>) {
  const where = and(
    or(isNull(cssThemes.teamId), eq(cssThemes.teamId, query.team)),
    query.destination ? eq(cssThemes.destination, query.destination) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(cssThemes)
      .where(where)
      .orderBy(sql`${cssThemes.teamId} nulls first`, asc(cssThemes.id))
      .limit(query.limit)
      .offset(query.offset),
    ctx.db.select({ n: count() }).from(cssThemes).where(where),
  ]);
  return { count: total?.n ?? 0, results: rows.map(toTheme) };
}
