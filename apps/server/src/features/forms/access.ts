import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { intakeForms } from '../../db/schema/index.ts';
import type { UserRow } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { requireTeamAdmin } from '../teams/access.ts';

export type IntakeFormRow = typeof intakeForms.$inferSelect;

/** The form and its team, if the caller administers that team; otherwise 404 as for a missing one. */
export async function requireForm(ctx: AppContext, user: UserRow, id: number) {
  const [form] = await ctx.db.select().from(intakeForms).where(eq(intakeForms.id, id));
  if (!form) throw notFound();
  const { team } = await requireTeamAdmin(ctx, user, form.teamId);
  return { form, team };
}
