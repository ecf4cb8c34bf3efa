import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { issueSubmissions, issues, notificationSettings, users } from '../../db/schema/index.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { enqueueMail } from '../mail/queue.ts';
import { dailyDigestsDue, markDigested } from '../submissions/daily-digests.ts';
import { loadTeamAdmins } from '../submissions/mails.ts';

type IssueRow = typeof issues.$inferSelect;

const reportLink = (publicUrl: string, issue: Pick<IssueRow, 'id' | 'teamId'>) =>
  `${publicUrl}/team/${issue.teamId}/issue/${issue.id}/manage?tab=report`;

const TEXTS = {
  en: {
    subject: (selection: string) => `New answers in the selection "${selection}"`,
    body: (judge: string, selection: string, link: string) =>
      `${judge} submitted answers in the selection "${selection}".\n\nSee the report: ${link}`,
    digestSubject: (selection: string, count: number) =>
      `${count} judge(s) answered in the selection "${selection}"`,
    digestBody: (selection: string, judges: string[], link: string) =>
      `Since the last summary, these judges submitted answers in the selection "${selection}":\n\n${judges.map((j) => `- ${j}`).join('\n')}\n\nSee the report: ${link}`,
  },
  fr: {
    subject: (selection: string) => `Nouvelles réponses dans la sélection « ${selection} »`,
    body: (judge: string, selection: string, link: string) =>
      `${judge} a envoyé ses réponses dans la sélection « ${selection} ».\n\nVoir le rapport : ${link}`,
    digestSubject: (selection: string, count: number) =>
      `${count} membre(s) du jury ont répondu dans la sélection « ${selection} »`,
    digestBody: (selection: string, judges: string[], link: string) =>
      `Depuis le dernier récapitulatif, ces membres du jury ont répondu dans la sélection « ${selection} » :\n\n${judges.map((j) => `- ${j}`).join('\n')}\n\nVoir le rapport : ${link}`,
  },
};
const textsFor = (language: string) => (language === 'fr' ? TEXTS.fr : TEXTS.en);

/**
 * With an active immediate `new_selection_submissions` setting, each admin of the team gets a mail
 * when a judge submits; queued in the submission's transaction (pass it as `db`).
 */
export async function queueSelectionSubmissionMails(
  db: Db,
  { issue, judgeId, publicUrl }: { issue: IssueRow; judgeId: number; publicUrl: string },
) {
  const [setting] = await db
    .select({ id: notificationSettings.id })
    .from(notificationSettings)
    .where(
      and(
        eq(notificationSettings.issueId, issue.id),
        eq(notificationSettings.type, 'new_selection_submissions'),
        eq(notificationSettings.frequency, 'immediate'),
        eq(notificationSettings.active, true),
      ),
    )
    .limit(1);
  if (!setting) return;
  const [judge] = await db.select({ email: users.email }).from(users).where(eq(users.id, judgeId));
  const judgeEmail = judge?.email ?? '';
  const link = reportLink(publicUrl, issue);
  const mails = (await loadTeamAdmins(db, [issue.teamId])).map(({ email, language }): MailMessage => {
    const texts = textsFor(language);
    return {
      to: email,
      subject: texts.subject(issue.title),
      text: texts.body(judgeEmail, issue.title, link),
      carries: { teamId: issue.teamId },
    };
  });
  await enqueueMail(db, mails);
}

/**
 * Once a day per daily setting, the team's admins get the judges who submitted in the selection since
 * the last summary. Settings are claimed with SKIP LOCKED: two processes never send the same digest.
 */
export async function sendSelectionDigests(ctx: Pick<AppContext, 'db' | 'config'>, now = new Date()) {
  return ctx.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: notificationSettings.id, since: notificationSettings.notifiedUntil, issue: issues })
      .from(notificationSettings)
      .innerJoin(issues, eq(issues.id, notificationSettings.issueId))
      .where(dailyDigestsDue('new_selection_submissions', now))
      .for('update', { of: notificationSettings, skipLocked: true });
    if (due.length === 0) return 0;
    const admins = await loadTeamAdmins(tx, [...new Set(due.map(({ issue }) => issue.teamId))]);
    const mails: MailMessage[] = [];
    for (const { issue, since } of due) {
      const judges = await tx
        .select({ email: users.email })
        .from(issueSubmissions)
        .innerJoin(users, eq(users.id, issueSubmissions.userId))
        .where(
          and(
            eq(issueSubmissions.issueId, issue.id),
            gt(issueSubmissions.updateTime, since),
            lte(issueSubmissions.updateTime, now),
          ),
        )
        .orderBy(sql`${issueSubmissions.updateTime} desc`)
        .limit(50);
      if (judges.length === 0) continue;
      const link = reportLink(ctx.config.publicUrl, issue);
      for (const { teamId, email, language } of admins) {
        if (teamId !== issue.teamId) continue;
        const texts = textsFor(language);
        mails.push({
          to: email,
          subject: texts.digestSubject(issue.title, judges.length),
          text: texts.digestBody(
            issue.title,
            judges.map((judge) => judge.email),
            link,
          ),
          carries: { teamId: issue.teamId },
        });
      }
    }
    await enqueueMail(tx, mails);
    await markDigested(tx, due, now);
    return mails.length;
  });
}
