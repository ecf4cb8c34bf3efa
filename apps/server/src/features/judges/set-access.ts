import { ADMIN_CANNOT_JUDGE_MESSAGE, type FieldErrors, type SetAccessResult } from '@shortlist/contract';
import { and, eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { IssueRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import {
  issueAccesses,
  issueAnswers,
  issueComments,
  issueInvitations,
  issueSubmissions,
} from '../../db/schema/index.ts';
import { fieldErrors } from '../../http/errors.ts';
import { judgeAdded, recordAudit, selectionEntry } from '../audit/record.ts';
import { newAccessToken, requireJudge } from './judge-access.ts';
import { findAddressStates, findOrCreateJudgeIdentities } from './judge-identity.ts';

/**
 * Adds judges by e-mail, all or none, each bound to the judge identity of its address (decision 42): a
 * new address and one that has an account get the same answer, ADDED with the identity's id. An admin
 * of the team is refused; an address that already judges here is EXISTED.
 */
export async function addJudges(
  ctx: AppContext,
  issue: IssueRow,
  emails: string[],
): Promise<SetAccessResult> {
  const wanted = [...new Set(emails)];
  const states = await findAddressStates(ctx.db, issue, wanted);

  const errors: FieldErrors = {};
  emails.forEach((email, index) => {
    if (states.get(email)?.isAdmin) errors[`emails.${index}`] = [ADMIN_CANNOT_JUDGE_MESSAGE];
  });
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);

  const added = await ctx.db.transaction(async (tx) => {
    const identities = await findOrCreateJudgeIdentities(
      tx,
      wanted.filter((email) => !states.get(email)?.judge),
    );
    if (identities.size > 0) {
      const added = await tx
        .insert(issueAccesses)
        .values(
          [...identities.values()].map((user) => ({
            issueId: issue.id,
            userId: user.id,
            token: newAccessToken(),
          })),
        )
        .onConflictDoNothing()
        .returning({ userId: issueAccesses.userId });
      await recordAudit(
        tx,
        added.map((row) => judgeAdded(issue, row.userId)),
      );
    }
    return identities;
  });

  return {
    results: wanted.map((email) => {
      const judge = states.get(email)?.judge;
      if (judge) return { user: judge.user.id, email, type: 'EXISTED' };
      const identity = added.get(email);
      if (!identity) throw new Error(`judge ${email} vanished`);
      return { user: identity.id, email, type: 'ADDED' };
    }),
  };
}

/** `{user, access: true}` only confirms a judge: judges are added by e-mail. */
export async function confirmJudge(
  ctx: AppContext,
  issue: IssueRow,
  userId: number,
): Promise<SetAccessResult> {
  const { user } = await requireJudge(ctx.db, issue.id, userId);
  return { results: [{ user: user.id, email: user.email, type: 'EXISTED' }] };
}

/** Removes a judge with everything they gave: answers, comments, submission, invitations and access. */
export async function removeJudge(
  ctx: AppContext,
  issue: IssueRow,
  userId: number,
): Promise<SetAccessResult> {
  const { user, access } = await requireJudge(ctx.db, issue.id, userId);
  const ofJudge = (table: { issueId: AnyPgColumn; userId: AnyPgColumn }) =>
    and(eq(table.issueId, issue.id), eq(table.userId, userId));
  await ctx.db.transaction(async (tx) => {
    const answers = await tx
      .delete(issueAnswers)
      .where(ofJudge(issueAnswers))
      .returning({ id: issueAnswers.id });
    const comments = await tx
      .delete(issueComments)
      .where(ofJudge(issueComments))
      .returning({ id: issueComments.id });
    await tx.delete(issueSubmissions).where(ofJudge(issueSubmissions));
    await tx.delete(issueInvitations).where(ofJudge(issueInvitations));
    await tx.delete(issueAccesses).where(eq(issueAccesses.id, access.id));
    await recordAudit(tx, {
      ...selectionEntry(issue),
      action: 'judge.removed',
      changes: { judge: [userId, null], answers: [answers.length, 0], comments: [comments.length, 0] },
    });
  });
  return { results: [{ user: user.id, email: user.email, type: 'REMOVED' }] };
}
