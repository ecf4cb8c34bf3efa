import { INVITATIONS_PER_JUDGE } from '@shortlist/contract';
import { and, asc, count, eq, inArray, isNotNull, isNull, lte, ne, not, sql } from 'drizzle-orm';
import type { IssueRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  issueAccesses,
  issueInvitations,
  issueSubmissions,
  issues,
  teams,
  users,
} from '../../db/schema/index.ts';
import type { BackgroundTask } from '../../jobs/worker.ts';
import { recordAudit, SYSTEM_ACTOR, selectionEntry } from '../audit/record.ts';
import { composeInvitation } from '../judges/invitation-mail.ts';
import { answerLink, hasSubmittedColumn } from '../judges/judge-access.ts';
import { datasetsColumn } from '../judges/judges-list.ts';
import { enqueueMail, MAIL_PRIORITY } from '../mail/queue.ts';
import { mailedLink } from '../verification/links.ts';
import { markUserMailed } from '../verification/status.ts';
import { emitWebhookEvent } from '../webhooks/emit.ts';

/**
 * Closes every open selection whose deadline has passed, unless it is kept open, as an admin's close
 * does (status 'closed', the 'selection.closed' webhook). One UPDATE … RETURNING claims them: a second
 * process waits on the rows, then finds them closed; `deadline_closed_at` makes it once per deadline,
 * so that an admin who reopens the selection afterwards is not overruled.
 */
export async function closeSelectionsAtDeadline(ctx: Pick<AppContext, 'db'>, now = new Date()) {
  return ctx.db.transaction(async (tx) => {
    const closed = await tx
      .update(issues)
      .set({ status: 'closed', deadlineClosedAt: now, updateTime: now })
      .where(
        and(
          eq(issues.status, 'open'),
          isNotNull(issues.deadline),
          lte(issues.deadline, now),
          eq(issues.keepOpenAfterDeadline, false),
          isNull(issues.deadlineClosedAt),
        ),
      )
      .returning();
    for (const issue of closed)
      await emitWebhookEvent(tx, issue.teamId, 'selection.closed', {
        selection: { id: issue.id, title: issue.title, type: issue.resourcetype },
      });
    await recordAudit(
      tx,
      closed.map((issue) => ({
        ...selectionEntry(issue),
        action: 'selection.closed' as const,
        actor: SYSTEM_ACTOR,
        changes: { status: ['open', 'closed'] },
      })),
    );
    return closed.length;
  });
}

/**
 * Claims one selection whose reminder is due (its deadline ahead, less than `reminder_days_before`
 * days away, no reminder yet for it) by setting `reminded_at`, skipping rows another process holds.
 */
async function claimDueReminder(tx: Db, now: Date): Promise<IssueRow | undefined> {
  const due = tx
    .select({ id: issues.id })
    .from(issues)
    .where(
      and(
        eq(issues.status, 'open'),
        isNotNull(issues.deadline),
        isNotNull(issues.reminderDaysBefore),
        isNull(issues.remindedAt),
        sql`${issues.deadline} > ${now.toISOString()}::timestamptz`,
        sql`${issues.deadline} - make_interval(days => ${issues.reminderDaysBefore}) <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(issues.deadline), asc(issues.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [claimed] = await tx
    .update(issues)
    .set({ remindedAt: now })
    .where(sql`${issues.id} in ${due}`)
    .returning();
  return claimed;
}

/**
 * The judges of the selection who get the reminder: not submitted, at least one item to answer, an
 * address not known to be invalid, and a send left of their INVITATIONS_PER_JUDGE. Their accesses are
 * locked first, as a manual invitation locks them, and the sends counted after, so that the two
 * together never pass the cap.
 */
async function remindableJudges(tx: Db, issue: IssueRow) {
  const judges = await tx
    .select({
      access: { id: issueAccesses.id, token: issueAccesses.token },
      user: { id: users.id, email: users.email, language: users.language },
    })
    .from(issueAccesses)
    .innerJoin(users, eq(users.id, issueAccesses.userId))
    .where(
      and(
        eq(issueAccesses.issueId, issue.id),
        not(hasSubmittedColumn),
        sql`${datasetsColumn(issue)} > 0`,
        ne(users.emailVerificationStatus, 'inv'),
      ),
    )
    .orderBy(asc(issueAccesses.id))
    .for('update', { of: issueAccesses });
  if (judges.length === 0) return [];
  const ids = judges.map((judge) => judge.user.id);
  // One after the other: the transaction's connection runs one query at a time (pg 9 refuses more).
  const sends = await tx
    .select({ userId: issueInvitations.userId, n: count() })
    .from(issueInvitations)
    .where(and(eq(issueInvitations.issueId, issue.id), inArray(issueInvitations.userId, ids)))
    .groupBy(issueInvitations.userId);
  const submitted = await tx
    .select({ userId: issueSubmissions.userId })
    .from(issueSubmissions)
    .where(and(eq(issueSubmissions.issueId, issue.id), inArray(issueSubmissions.userId, ids)));
  const sentTo = new Map(sends.map((row) => [row.userId, Number(row.n)]));
  const hasSubmitted = new Set(submitted.map((row) => row.userId));
  return judges
    .map((judge) => ({ ...judge, sent: sentTo.get(judge.user.id) ?? 0 }))
    .filter((judge) => judge.sent < INVITATIONS_PER_JUDGE && !hasSubmitted.has(judge.user.id));
}

/**
 * Sends each due selection's automatic reminder (docs/judging.md): an invitation row per judge and
 * the mail on the queue, in the transaction that claimed the selection, so that a crash sends nothing
 * and the next run claims it again, and two processes never remind one judge twice.
 * Returns the number of reminders queued.
 */
export async function sendDeadlineReminders(ctx: AppContext, now = new Date()) {
  let queued = 0;
  for (;;) {
    const sent = await ctx.db.transaction(async (tx) => {
      const issue = await claimDueReminder(tx, now);
      if (!issue) return null;
      const judges = await remindableJudges(tx, issue);
      if (judges.length === 0) return 0;
      const [team] = await tx.select({ title: teams.title }).from(teams).where(eq(teams.id, issue.teamId));
      await tx
        .insert(issueInvitations)
        .values(judges.map(({ user }) => ({ issueId: issue.id, userId: user.id, createTime: now })));
      await enqueueMail(
        tx,
        judges.map(({ access, user, sent: previous }) => ({
          ...composeInvitation({
            to: user.email,
            language: user.language,
            teamTitle: team?.title ?? '',
            issueTitle: issue.title,
            link: mailedLink(ctx, answerLink(ctx, issue.id, access.token), {
              kind: 'user',
              id: user.id,
              email: user.email,
            }),
            isReminder: previous > 0,
            deadline: issue.deadline,
          }),
          priority: MAIL_PRIORITY.mass,
          carries: { teamId: issue.teamId },
        })),
      );
      for (const { user } of judges) await markUserMailed(tx, user.id);
      return judges.length;
    });
    if (sent === null) return queued;
    queued += sent;
  }
}

/** The scheduler's part in the worker: close at the deadline first, then remind. */
export const deadlineJobs: BackgroundTask[] = [
  async function closeAtDeadlines(ctx) {
    return closeSelectionsAtDeadline(ctx);
  },
  async function deadlineReminders(ctx) {
    return sendDeadlineReminders(ctx);
  },
];
