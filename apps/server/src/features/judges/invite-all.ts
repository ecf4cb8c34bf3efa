import {
  EMAIL_REFUSED,
  INVITE_ALL_MAX,
  type InviteAllResult,
  NO_ITEMS,
  NO_ITEMS_MESSAGE,
} from '@shortlist/contract';
import { and, asc, count, eq, not } from 'drizzle-orm';
import { assertIssueOpen, type IssueRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { issueAccesses, issueDatasets, users } from '../../db/schema/index.ts';
import { AppError, refusal } from '../../http/errors.ts';
import { createPacer } from '../../jobs/pacer.ts';
import { deliverInvitation, teamTitleOf } from './invitations.ts';
import { hasSubmittedColumn } from './judge-access.ts';
import { datasetsColumn, isInvitedColumn } from './judges-list.ts';

/** The judges never invited, with what decides whether they can be now. */
function listNotInvited(ctx: AppContext, issue: IssueRow) {
  return ctx.db
    .select({
      access: { id: issueAccesses.id, token: issueAccesses.token },
      user: { id: users.id, email: users.email, language: users.language },
      verification: users.emailVerificationStatus,
      nbDatasets: datasetsColumn(issue),
      hasSubmitted: hasSubmittedColumn,
    })
    .from(issueAccesses)
    .innerJoin(users, eq(users.id, issueAccesses.userId))
    .where(and(eq(issueAccesses.issueId, issue.id), not(isInvitedColumn)))
    .orderBy(asc(issueAccesses.id));
}

/**
 * Invites every judge not yet invited who can answer at least one item, INVITE_ALL_MAX at most, one
 * after another at the mailer's rate (MAIL_RATE_PER_MINUTE). A judge invited meanwhile by another
 * request is passed over, so no one gets a second mail from this, let alone a fourth.
 */
export async function inviteAll(
  ctx: AppContext,
  issue: IssueRow,
  input: { message?: string | undefined },
): Promise<InviteAllResult> {
  assertIssueOpen(issue);
  const [items] = await ctx.db
    .select({ n: count() })
    .from(issueDatasets)
    .where(eq(issueDatasets.issueId, issue.id));
  if ((items?.n ?? 0) === 0) throw refusal(NO_ITEMS, NO_ITEMS_MESSAGE);

  const skipped = { no_items: 0, answered: 0, invalid_email: 0, left: 0 };
  const due: Awaited<ReturnType<typeof listNotInvited>> = [];
  for (const judge of await listNotInvited(ctx, issue)) {
    if (judge.hasSubmitted) skipped.answered++;
    else if (judge.nbDatasets === 0) skipped.no_items++;
    else if (judge.verification === 'inv') skipped.invalid_email++;
    else if (due.length >= INVITE_ALL_MAX) skipped.left++;
    else due.push(judge);
  }

  const teamTitle = await teamTitleOf(ctx, issue);
  const pacer = createPacer(ctx.config.mailRatePerMinute);
  let sent = 0;
  // One at a time: each send takes its own lock and record, and waits its turn at the mailer's rate.
  for (const { access, user } of due) {
    await pacer.take(1);
    try {
      const previous = await deliverInvitation(ctx, {
        issue,
        teamTitle,
        access,
        user,
        message: input.message,
        maxPrevious: 0,
      });
      if (previous !== null) sent++;
    } catch (error) {
      const isRefused = error instanceof AppError && (error.body as { code?: string }).code === EMAIL_REFUSED;
      if (!isRefused) throw error;
      skipped.invalid_email++;
    }
  }
  return { sent, skipped };
}
