import {
  EMAIL_REFUSED,
  EMAIL_REFUSED_MESSAGE,
  INVITATIONS_PER_JUDGE,
  type InvitationPreview,
  type invitationListQuerySchema,
  NO_INVITATIONS_LEFT,
  NO_ITEMS,
  NO_ITEMS_MESSAGE,
  type SendInvitationResult,
} from '@shortlist/contract';
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { assertIssueOpen, type IssueRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  issueAccessDatasets,
  issueAccesses,
  issueDatasets,
  issueInvitations,
  teams,
} from '../../db/schema/index.ts';
import { AppError, refusal } from '../../http/errors.ts';
import { recordAudit, selectionEntry } from '../audit/record.ts';
import { failureText, isPermanentFailure } from '../mail/mailer.ts';
import { markAddressInvalid } from '../mail/suppressions.ts';
import { mailedLink } from '../verification/links.ts';
import { markUserMailed } from '../verification/status.ts';
import { composeInvitation } from './invitation-mail.ts';
import { answerLink, requireJudge } from './judge-access.ts';

async function countAnswerableItems(ctx: AppContext, issue: IssueRow, accessId: number) {
  const query = ctx.db.select({ n: count() }).from(issueDatasets);
  const [row] = issue.accessAllItems
    ? await query.where(eq(issueDatasets.issueId, issue.id))
    : await query
        .innerJoin(
          issueAccessDatasets,
          and(
            eq(issueAccessDatasets.datasetId, issueDatasets.datasetId),
            eq(issueAccessDatasets.accessId, accessId),
          ),
        )
        .where(eq(issueDatasets.issueId, issue.id));
  return row?.n ?? 0;
}

const noneLeft = () =>
  new AppError(400, {
    code: NO_INVITATIONS_LEFT,
    detail: `At most ${INVITATIONS_PER_JUDGE} invitations or reminders can be sent to a judge.`,
    remaining: 0,
  } as { code: string; detail: string });

/** The title of the selection's team, which signs the invitation. */
export async function teamTitleOf(ctx: AppContext, issue: IssueRow) {
  const [team] = await ctx.db.select({ title: teams.title }).from(teams).where(eq(teams.id, issue.teamId));
  return team?.title ?? '';
}

interface Delivery {
  issue: IssueRow;
  teamTitle: string;
  access: { id: number; token: string };
  user: { id: number; email: string; language: string };
  message?: string | undefined;
  /** The most invitations the judge may have had already; more and nothing is sent (null). */
  maxPrevious: number;
}

/**
 * Records the invitation under a lock on the judge's access, so that two clicks never pass the cap,
 * then mails it; a failed mail takes its record back, and a refused address is marked invalid.
 * Returns how many invitations the judge had before, or null when `maxPrevious` stopped it.
 */
export async function deliverInvitation(ctx: AppContext, delivery: Delivery): Promise<number | null> {
  const { issue, access, user } = delivery;
  const invitation = await ctx.db.transaction(async (tx) => {
    await tx
      .select({ id: issueAccesses.id })
      .from(issueAccesses)
      .where(eq(issueAccesses.id, access.id))
      .for('update');
    const previous = await countInvitations(tx, issue.id, user.id);
    if (previous > delivery.maxPrevious) return null;
    const [created] = await tx
      .insert(issueInvitations)
      .values({ issueId: issue.id, userId: user.id })
      .returning();
    if (!created) throw new Error('invitation insert returned nothing');
    await recordAudit(tx, {
      ...selectionEntry(issue),
      action: 'judge.invited',
      changes: { judge: [user.id, user.id], invitations: [previous, previous + 1] },
    });
    return { id: created.id, previous };
  });
  if (!invitation) return null;
  try {
    await ctx.mailer.send({
      ...composeInvitation({
        to: user.email,
        language: user.language,
        teamTitle: delivery.teamTitle,
        issueTitle: issue.title,
        link: mailedLink(ctx, answerLink(ctx, issue.id, access.token), {
          kind: 'user',
          id: user.id,
          email: user.email,
        }),
        isReminder: invitation.previous > 0,
        message: delivery.message,
        deadline: issue.deadline,
      }),
      carries: { teamId: issue.teamId },
    });
  } catch (error) {
    await ctx.db.delete(issueInvitations).where(eq(issueInvitations.id, invitation.id));
    if (!isPermanentFailure(error)) throw error;
    await markAddressInvalid(ctx.db, user.email, failureText(error));
    throw refusal(EMAIL_REFUSED, EMAIL_REFUSED_MESSAGE);
  }
  await markUserMailed(ctx.db, user.id);
  return invitation.previous;
}

/** Mails the judge their personal link (with the admin's message, if any), at most three times. */
export async function sendInvitation(
  ctx: AppContext,
  issue: IssueRow,
  input: { user: number; message?: string | undefined },
): Promise<SendInvitationResult> {
  const { access, user, hasSubmitted } = await requireJudge(ctx.db, issue.id, input.user);
  const sent = await countInvitations(ctx.db, issue.id, user.id);
  const remaining = Math.max(0, INVITATIONS_PER_JUDGE - sent);
  if (hasSubmitted) return { type: 'ANSWERED_ALREADY', remaining };
  assertIssueOpen(issue);
  if ((await countAnswerableItems(ctx, issue, access.id)) === 0) throw refusal(NO_ITEMS, NO_ITEMS_MESSAGE);
  const previous = await deliverInvitation(ctx, {
    issue,
    teamTitle: await teamTitleOf(ctx, issue),
    access,
    user,
    message: input.message,
    maxPrevious: INVITATIONS_PER_JUDGE - 1,
  });
  if (previous === null) throw noneLeft();
  return { type: 'SENT', remaining: INVITATIONS_PER_JUDGE - previous - 1 };
}

/**
 * The invitation the judge would get now, without sending or recording it. The link is the one admins
 * already see: the mailed copy's verification code is left out, so that a preview proves no address.
 */
export async function previewInvitation(
  ctx: AppContext,
  issue: IssueRow,
  input: { user: number; message?: string | undefined },
): Promise<InvitationPreview> {
  const { access, user } = await requireJudge(ctx.db, issue.id, input.user);
  const [sent, teamTitle] = await Promise.all([
    countInvitations(ctx.db, issue.id, user.id),
    teamTitleOf(ctx, issue),
  ]);
  const mail = composeInvitation({
    to: user.email,
    language: user.language,
    teamTitle,
    issueTitle: issue.title,
    link: answerLink(ctx, issue.id, access.token),
    isReminder: sent > 0,
    message: input.message,
    deadline: issue.deadline,
  });
  return {
    to: mail.to,
    language: user.language,
    is_reminder: sent > 0,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? '',
  };
}

export async function countInvitations(db: Db, issueId: number, userId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(issueInvitations)
    .where(and(eq(issueInvitations.issueId, issueId), eq(issueInvitations.userId, userId)));
  return row?.n ?? 0;
}

export async function listInvitations(
  ctx: AppContext,
  issue: IssueRow,
  query: z.infer<typeof invitationListQuerySchema>,
) {
  const filters: SQL[] = [eq(issueInvitations.issueId, issue.id)];
  if (query.user !== undefined) filters.push(eq(issueInvitations.userId, query.user));
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(issueInvitations)
      .where(where)
      .orderBy(asc(issueInvitations.createTime), asc(issueInvitations.id))
      .limit(query.limit)
      .offset(query.offset),
    ctx.db.select({ n: count() }).from(issueInvitations).where(where),
  ]);
  return {
    count: total?.n ?? 0,
    results: rows.map((row) => ({ id: row.id, user: row.userId, create_time: row.createTime.toISOString() })),
  };
}
