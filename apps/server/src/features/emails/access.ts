import { MASS_EMAILS_NOT_ALLOWED, MASS_EMAILS_NOT_ALLOWED_MESSAGE } from '@shortlist/contract';
import { eq } from 'drizzle-orm';
import { requireAdminOfRow, type TeamRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { emailBatches, emailTemplates } from '../../db/schema/index.ts';
import type { UserRow } from '../../http/auth.ts';
import { refusal } from '../../http/errors.ts';

export type TemplateRow = typeof emailTemplates.$inferSelect;
export type BatchRow = typeof emailBatches.$inferSelect;

/** Batches are a package feature (templates are not: the spec shows their tab to every team). */
export function requireMassEmails(team: TeamRow) {
  if (!team.package.mass_emails) throw refusal(MASS_EMAILS_NOT_ALLOWED, MASS_EMAILS_NOT_ALLOWED_MESSAGE, 403);
}

/** A template, if the caller administers its team; anyone else gets 404 as for a missing one. */
export async function requireTemplate(ctx: AppContext, user: UserRow, id: number) {
  const [found] = await ctx.db.select().from(emailTemplates).where(eq(emailTemplates.id, id));
  const { row: template, team } = await requireAdminOfRow(ctx, user, found);
  return { template, team };
}

/** A batch, if the caller administers its team and the team's package allows mass e-mail. */
export async function requireBatch(ctx: AppContext, user: UserRow, id: number) {
  const [found] = await ctx.db.select().from(emailBatches).where(eq(emailBatches.id, id));
  const { row: batch, team } = await requireAdminOfRow(ctx, user, found);
  requireMassEmails(team);
  return { batch, team };
}
