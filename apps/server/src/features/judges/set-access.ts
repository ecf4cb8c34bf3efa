import { ADMIN_CANNOT_JUDGE_MESSAGE, type FieldErrors, type SetAccessResult } from '@shortlist/contract';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.ts';
import {
  issueAccesses,
  issueAnswers,
  issueComments,
  issueInvitations,
  issueSubmissions,
  teamMembers,
  users,
} from '../../db/schema.ts';
import { fieldErrors } from '../../http/errors.ts';
import type { IssueRow } from '../selections/access.ts';
import { insertInvitedUsers } from '../teams/members.ts';
import { newAccessToken, requireJudge } from './judge-access.ts';

type AccessResult = SetAccessResult['results'][number];

/**
 * Adds judges by e-mail, all or none: an unknown address gets an account without a password (it
 * answers through its personal link); an admin of the team is refused; a judge already there is EXISTED.
 */
export async function addJudges(
  ctx: AppContext,
  issue: IssueRow,
  emails: string[],
): Promise<SetAccessResult> {
  const wanted = [...new Set(emails)];
  const known = await ctx.db
    .select({ user: users, isAdmin: sql<boolean>`${teamMembers.id} is not null`, accessId: issueAccesses.id })
    .from(users)
    .leftJoin(teamMembers, and(eq(teamMembers.userId, users.id), eq(teamMembers.teamId, issue.teamId)))
    .leftJoin(issueAccesses, and(eq(issueAccesses.userId, users.id), eq(issueAccesses.issueId, issue.id)))
    .where(or(inArray(sql`lower(${users.email})`, wanted), inArray(sql`lower(${users.username})`, wanted)));
  const byEmail = new Map(
    known.flatMap((row) => [
      [row.user.username.toLowerCase(), row],
      [row.user.email.toLowerCase(), row],
    ]),
  );

  const errors: FieldErrors = {};
  emails.forEach((email, index) => {
    if (byEmail.get(email)?.isAdmin) errors[`emails.${index}`] = [ADMIN_CANNOT_JUDGE_MESSAGE];
  });
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);

  const unknown = wanted.filter((email) => !byEmail.has(email));
  const created = await ctx.db.transaction(async (tx) => {
    const newUsers = unknown.length > 0 ? await insertInvitedUsers(tx, unknown) : [];
    const judgeIds = [
      ...known.filter((row) => row.accessId === null).map((row) => row.user.id),
      ...newUsers.map((u) => u.id),
    ];
    if (judgeIds.length > 0)
      await tx
        .insert(issueAccesses)
        .values(
          [...new Set(judgeIds)].map((userId) => ({ issueId: issue.id, userId, token: newAccessToken() })),
        )
        .onConflictDoNothing();
    return new Map(newUsers.map((user) => [user.email, user]));
  });

  return {
    results: wanted.map((email): AccessResult => {
      const newUser = created.get(email);
      if (newUser) return { user: newUser.id, email, type: 'CREATED' };
      const row = byEmail.get(email);
      if (!row) throw new Error(`judge ${email} vanished`);
      return { user: row.user.id, email: row.user.email, type: row.accessId === null ? 'ADDED' : 'EXISTED' };
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
    await tx.delete(issueAnswers).where(ofJudge(issueAnswers));
    await tx.delete(issueComments).where(ofJudge(issueComments));
    await tx.delete(issueSubmissions).where(ofJudge(issueSubmissions));
    await tx.delete(issueInvitations).where(ofJudge(issueInvitations));
    await tx.delete(issueAccesses).where(eq(issueAccesses.id, access.id));
  });
  return { results: [{ user: user.id, email: user.email, type: 'REMOVED' }] };
}
