import { and, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { datasets, formSubmissions, intakeForms, notificationSettings } from '../../db/schema/index.ts';
import { enqueueMail } from '../mail/queue.ts';
import { dailyDigestsDue, markDigested } from './daily-digests.ts';
import { loadTeamAdmins, responsesLink, textsFor } from './mails.ts';

/** A digest names this many responses per form; the link shows them all. */
const DIGEST_TITLES_MAX = 20;

/**
 * Once a day per daily setting: the team's admins get the count and titles of the responses
 * submitted since the last digest. Settings are claimed with SKIP LOCKED, so that two processes
 * never send the same digest.
 */
export async function sendDailyDigests(ctx: Pick<AppContext, 'db' | 'config'>, now = new Date()) {
  return ctx.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: notificationSettings.id, since: notificationSettings.notifiedUntil, form: intakeForms })
      .from(notificationSettings)
      .innerJoin(intakeForms, eq(intakeForms.id, notificationSettings.formId))
      .where(dailyDigestsDue('new_form_submissions', now))
      .for('update', { of: notificationSettings, skipLocked: true });
    if (due.length === 0) return 0;

    const ranked = tx
      .select({
        formId: formSubmissions.formId,
        itemId: datasets.id,
        title: datasets.title,
        total: sql<number>`count(*) over (partition by ${formSubmissions.formId})`.as('total'),
        rank: sql<number>`row_number() over (partition by ${formSubmissions.formId} order by ${formSubmissions.submitTime} desc)`.as(
          'rank',
        ),
      })
      .from(formSubmissions)
      .innerJoin(datasets, eq(datasets.id, formSubmissions.datasetId))
      .innerJoin(notificationSettings, eq(notificationSettings.formId, formSubmissions.formId))
      .where(
        and(
          inArray(
            notificationSettings.id,
            due.map((setting) => setting.id),
          ),
          eq(formSubmissions.status, 'submitted'),
          isNotNull(formSubmissions.submitTime),
          gt(formSubmissions.submitTime, notificationSettings.notifiedUntil),
          lte(formSubmissions.submitTime, now),
        ),
      )
      .as('ranked');
    const latest = await tx.select().from(ranked).where(lte(ranked.rank, DIGEST_TITLES_MAX));
    const admins = await loadTeamAdmins(tx, [...new Set(due.map(({ form }) => form.teamId))]);

    const mails = due.flatMap(({ form }) => {
      const rows = latest.filter((row) => row.formId === form.id);
      const total = Number(rows[0]?.total ?? 0);
      if (total === 0) return [];
      const link = responsesLink(ctx.config.publicUrl, form);
      const titles = rows.map((row) => row.title);
      return admins
        .filter((admin) => admin.teamId === form.teamId)
        .map(({ email, language }) => {
          const texts = textsFor(language);
          return {
            to: email,
            subject: texts.digestSubject(form.title, total),
            text: texts.digestBody(form.title, total, titles, link),
            carries: { teamId: form.teamId, itemIds: rows.map((row) => row.itemId) },
          };
        });
    });
    await enqueueMail(tx, mails);
    await markDigested(tx, due, now);
    return mails.length;
  });
}
