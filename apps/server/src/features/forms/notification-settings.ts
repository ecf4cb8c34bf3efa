import type {
  NotificationSetting,
  NotificationSettingPatch,
  notificationSettingCreateSchema,
  notificationSettingListQuerySchema,
} from '@shortlist/contract';
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { refuseMissing, requireIssueAdmin } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { notificationSettings } from '../../db/schema/index.ts';
import type { UserRow } from '../../http/auth.ts';
import { fieldErrors, refusal } from '../../http/errors.ts';
import { requireForm } from './access.ts';

type SettingRow = typeof notificationSettings.$inferSelect;

const toSetting = (row: SettingRow): NotificationSetting => ({
  id: row.id,
  active: row.active,
  frequency: row.frequency as NotificationSetting['frequency'],
  type: row.type as NotificationSetting['type'],
  form: row.formId,
  issue: row.issueId,
});

/** The team of the form or selection a setting is about, checked to be the caller's; 404 otherwise. */
async function requireSubject(
  ctx: AppContext,
  user: UserRow,
  subject: { form?: number | null; issue?: number | null },
) {
  if (subject.form) return { teamId: (await requireForm(ctx, user, subject.form)).form.teamId };
  if (subject.issue) return { teamId: (await requireIssueAdmin(ctx, user, subject.issue)).teamId };
  throw fieldErrors({ form: ['This field is required.'] });
}

export async function requireSetting(ctx: AppContext, user: UserRow, id: number) {
  const [row] = await ctx.db.select().from(notificationSettings).where(eq(notificationSettings.id, id));
  if (!row) return refuseMissing(user);
  await requireSubject(ctx, user, { form: row.formId, issue: row.issueId });
  return row;
}

const subjectFilter = (subject: { form?: number | null; issue?: number | null }): SQL =>
  subject.form
    ? eq(notificationSettings.formId, subject.form)
    : eq(notificationSettings.issueId, subject.issue ?? 0);

export async function listSettings(
  ctx: AppContext,
  user: UserRow,
  query: z.output<typeof notificationSettingListQuerySchema>,
) {
  await requireSubject(ctx, user, query);
  const where = subjectFilter(query);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(notificationSettings)
      .where(where)
      .orderBy(asc(notificationSettings.id))
      .limit(query.limit)
      .offset(query.offset),
    ctx.db.select({ n: count() }).from(notificationSettings).where(where),
  ]);
  return { count: total?.n ?? 0, results: rows.map(toSetting) };
}

/** One setting per form (or selection) and type: a second answers ALREADY_EXISTS. */
export async function createSetting(
  ctx: AppContext,
  user: UserRow,
  input: z.output<typeof notificationSettingCreateSchema>,
) {
  const isForm = input.type === 'new_form_submissions';
  const subject = isForm ? { form: input.form } : { issue: input.issue };
  if (!subject.form && !subject.issue)
    throw fieldErrors({ [isForm ? 'form' : 'issue']: ['This field is required.'] });
  const { teamId } = await requireSubject(ctx, user, subject);
  return ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: notificationSettings.id })
      .from(notificationSettings)
      .where(and(subjectFilter(subject), eq(notificationSettings.type, input.type)));
    if (existing) throw refusal('ALREADY_EXISTS', 'This notification is already set up.');
    const [row] = await tx
      .insert(notificationSettings)
      .values({
        teamId,
        type: input.type,
        formId: subject.form ?? null,
        issueId: subject.issue ?? null,
        active: input.active,
        frequency: input.frequency,
      })
      .returning();
    if (!row) throw new Error('no notification setting');
    return toSetting(row);
  });
}

export async function updateSetting(ctx: AppContext, setting: SettingRow, patch: NotificationSettingPatch) {
  const [row] = await ctx.db
    .update(notificationSettings)
    .set({
      active: patch.active,
      frequency: patch.frequency,
      // Turned back on: earlier submissions are not announced all at once.
      notifiedUntil: patch.active && !setting.active ? new Date() : undefined,
    })
    .where(eq(notificationSettings.id, setting.id))
    .returning();
  return toSetting(row ?? setting);
}

export async function deleteSetting(ctx: AppContext, setting: SettingRow) {
  await ctx.db.delete(notificationSettings).where(eq(notificationSettings.id, setting.id));
}
