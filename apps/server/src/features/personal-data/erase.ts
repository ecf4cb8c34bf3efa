import { randomBytes } from 'node:crypto';
import { ERASED_ITEM_TITLE, type PersonalDataErasure } from '@shortlist/contract';
import { and, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  batchEmails,
  datasets,
  datumValues,
  formSubmissions,
  issueAccesses,
  issueAnswerDrafts,
  issueAnswers,
  issueComments,
  issueDatasets,
  issueExpertise,
  issueInvitations,
  issueSubmissions,
  issues,
  rateAttempts,
  reviewComments,
  reviews,
  teamMembers,
  users,
} from '../../db/schema/index.ts';
import { recordAudit } from '../audit/record.ts';
import { newAccessToken } from '../judges/judge-access.ts';
import { suppressErased } from '../mail/suppressions.ts';
import { idList } from '../reports/item-values.ts';
import { removeItemsFromIssue } from '../selections/issue-datasets.ts';
import { eraseCopies, NOT_SENT_ERASED_MESSAGE } from './copies.ts';
import { mailingsOf, type PersonInTeam } from './person.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const randomHex = () => randomBytes(12).toString('hex');

/**
 * A judge's rows in the team move to a new identity that names nobody: the answers keep their values, so
 * the report, kept by the answers' triggers, does not change; the person's link stops working (a new
 * token) and their drafts go. The old identity, a judge's alone, is deleted once nothing uses it.
 */
async function detachJudge(tx: Tx, judge: PersonInTeam['judges'][number]) {
  const [anonymous] = await tx
    .insert(users)
    .values({
      username: `erased-${randomHex()}`,
      email: `erased-${randomHex()}@erased.invalid`,
      isJudgeOnly: true,
      emailVerificationStatus: 'inv',
    })
    .returning({ id: users.id });
  if (!anonymous) throw new Error('no anonymous identity');
  const accesses = await tx
    .select({ id: issueAccesses.id, issueId: issueAccesses.issueId })
    .from(issueAccesses)
    .where(inArray(issueAccesses.id, judge.accessIds))
    .for('update');
  const issueIds = accesses.map((access) => access.issueId);
  const ofJudge = (table: { issueId: AnyPgColumn; userId: AnyPgColumn }) =>
    and(eq(table.userId, judge.userId), inArray(table.issueId, issueIds));
  const to = { userId: anonymous.id };
  for (const access of accesses)
    await tx
      .update(issueAccesses)
      .set({ ...to, token: newAccessToken() })
      .where(eq(issueAccesses.id, access.id));
  const answers = await tx
    .update(issueAnswers)
    .set(to)
    .where(ofJudge(issueAnswers))
    .returning({ id: issueAnswers.id });
  const comments = await tx
    .update(issueComments)
    .set(to)
    .where(ofJudge(issueComments))
    .returning({ id: issueComments.id });
  // The report shows when each judge submitted: the erasure keeps that time.
  await tx
    .update(issueSubmissions)
    .set({ ...to, updateTime: sql`${issueSubmissions.updateTime}` })
    .where(ofJudge(issueSubmissions));
  await tx.update(issueInvitations).set(to).where(ofJudge(issueInvitations));
  await tx.delete(issueAnswerDrafts).where(inArray(issueAnswerDrafts.accessId, judge.accessIds));
  await tx.delete(issueExpertise).where(inArray(issueExpertise.accessId, judge.accessIds));
  if (judge.isJudgeOnly)
    await tx
      .delete(users)
      .where(
        and(
          eq(users.id, judge.userId),
          notExists(
            tx
              .select({ id: issueAccesses.id })
              .from(issueAccesses)
              .where(eq(issueAccesses.userId, judge.userId)),
          ),
        ),
      );
  return { anonymousId: anonymous.id, answers: answers.length, comments: comments.length };
}

/** Items that carry the address lose what they say (answers, files, description, contact); they stay ranked. */
async function eraseItems(tx: Tx, itemIds: number[]) {
  if (itemIds.length === 0) return [];
  const removed = await tx
    .delete(datumValues)
    .where(inArray(datumValues.datasetId, itemIds))
    .returning({ fileKey: datumValues.fileKey });
  await tx
    .update(datasets)
    .set({ title: ERASED_ITEM_TITLE, description: '', contactEmail: null, updateTime: new Date() })
    .where(inArray(datasets.id, itemIds));
  return removed.flatMap((row) => (row.fileKey ? [row.fileKey] : []));
}

/**
 * The team's mass e-mails to the person or about their items lose their address and text but keep their
 * place in a sent mailing; those not sent yet will not be (failed, saying why), and a draft mailing simply
 * loses them.
 */
async function eraseBatchEmails(tx: Tx, person: PersonInTeam) {
  const mails = mailingsOf(person);
  if (!mails) return;
  await tx.delete(batchEmails).where(and(mails, isNull(batchEmails.status)));
  const isUnsent = sql`${batchEmails.status} in (2, 3)`;
  await tx
    .update(batchEmails)
    .set({
      to: '',
      subject: '',
      htmlMessage: '',
      status: sql`case when ${isUnsent} then 1 else ${batchEmails.status} end`,
      error: sql`case when ${isUnsent} then ${NOT_SENT_ERASED_MESSAGE} else ${batchEmails.error} end`,
    })
    .where(mails);
}

/**
 * The erased items leave every open selection (judges are not offered an empty item); in closed ones
 * their answers stay, so that results do not change. Other judges' drafts lose their rows about them,
 * and admins' review comments on them go.
 */
async function withdrawErasedItems(tx: Tx, teamId: number, itemIds: number[]) {
  if (itemIds.length === 0) return;
  const ids = sql`array[${idList(itemIds)}]::integer[]`;
  const withoutItems = (key: string) =>
    sql`coalesce((select jsonb_agg(row) from jsonb_array_elements(${issueAnswerDrafts.payload} -> ${key}) row
      where not (row ->> 'dataset')::integer = any(${ids})), '[]'::jsonb)`;
  await tx
    .update(issueAnswerDrafts)
    .set({
      payload: sql`${issueAnswerDrafts.payload} || jsonb_build_object('answers', ${withoutItems('answers')},
        'comments', ${withoutItems('comments')})`,
    })
    .where(
      sql`${issueAnswerDrafts.accessId} in (select ${issueAccesses.id} from ${issueAccesses}
        join ${issueDatasets} on ${issueDatasets.issueId} = ${issueAccesses.issueId}
        where ${issueDatasets.datasetId} = any(${ids}))`,
    );
  const open = await tx
    .selectDistinct({ id: issues.id, teamId: issues.teamId })
    .from(issues)
    .innerJoin(issueDatasets, eq(issueDatasets.issueId, issues.id))
    .where(
      and(eq(issues.teamId, teamId), eq(issues.status, 'open'), inArray(issueDatasets.datasetId, itemIds)),
    );
  // One selection at a time, each logged as an admin's removal is.
  for (const issue of open) await removeItemsFromIssue(tx, issue, itemIds);
  await tx
    .delete(reviewComments)
    .where(
      sql`${reviewComments.reviewId} in (select ${reviews.id} from ${reviews} where ${reviews.datasetId} = any(${ids}))`,
    );
}

/**
 * Erases what one team holds about a person, in the caller's transaction, and logs it: judge rows
 * detached, items emptied, mails blanked, invitations to the team deleted, the address suppressed for
 * the team. Returns the counts and the files to remove once the transaction commits.
 */
export async function erasePersonInTeam(
  tx: Tx,
  { person, email }: { person: PersonInTeam; email: string },
): Promise<{ counts: Omit<PersonalDataErasure, 'teams'>; fileKeys: string[] }> {
  if (person.invitationIds.length > 0)
    await tx.delete(teamMembers).where(inArray(teamMembers.id, person.invitationIds));
  const detached = [];
  for (const judge of person.judges) detached.push(await detachJudge(tx, judge));
  if (person.submissionIds.length > 0)
    await tx
      .update(formSubmissions)
      .set({ email: '', tokenHash: randomBytes(32).toString('hex') })
      .where(inArray(formSubmissions.id, person.submissionIds));
  const fileKeys = await eraseItems(tx, person.itemIds);
  await withdrawErasedItems(tx, person.teamId, person.itemIds);
  await eraseBatchEmails(tx, person);
  await eraseCopies(tx, { ...person, email });
  await suppressErased(tx, email, person.teamId);
  const counts = {
    judges: person.judges.length,
    answers: detached.reduce((sum, row) => sum + row.answers, 0),
    comments: detached.reduce((sum, row) => sum + row.comments, 0),
    items: person.itemIds.length,
    files: fileKeys.length,
    emails: person.batchEmailIds.length,
  };
  await recordAudit(tx, {
    teamId: person.teamId,
    action: 'personal_data.erased',
    objectType: 'person',
    objectId: null,
    changes: {
      judges: [person.judges.map((judge) => judge.userId), detached.map((row) => row.anonymousId)],
      items_erased: [null, person.itemIds],
      answers: [counts.answers, counts.answers],
      comments: [counts.comments, counts.comments],
      files: [counts.files, 0],
      emails: [counts.emails, 0],
    },
  });
  return { counts, fileKeys };
}

/**
 * A superuser's erasure also reaches what no team holds: the site's mails to or naming the address, and
 * the throttles' keys that hold it.
 */
export async function eraseEverywhereElse(tx: Tx, email: string) {
  await eraseCopies(tx, { email, teamId: null, itemIds: [] });
  await tx.delete(rateAttempts).where(sql`position(${email} in lower(${rateAttempts.key})) > 0`);
  await suppressErased(tx, email, null);
}
