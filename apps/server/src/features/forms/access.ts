import { eq } from 'drizzle-orm';
import { requireAdminOfRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { intakeForms } from '../../db/schema/index.ts';
import type { UserRow } from '../../http/auth.ts';

export type IntakeFormRow = typeof intakeForms.$inferSelect;

/** The form and its team, if the caller administers that team; otherwise 404 as for a missing one. */
export async function requireForm(ctx: AppContext, user: UserRow, id: number) {
  const [found] = await ctx.db.select().from(intakeForms).where(eq(intakeForms.id, id));
  const { row: form, team } = await requireAdminOfRow(ctx, user, found);
  return { form, team };
}
