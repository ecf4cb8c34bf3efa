import { randomBytes } from 'node:crypto';
import { ERASED_ITEM_TITLE, type PersonalDataErasure } from '@shortlist/contract';
import { and, eq, inArray, isNull, notExists, or, type SQL, sql } from 'drizzle-orm';
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
  issueInvitations,
  issueSubmissions,
  mailQueue,
  outboxMessages,
  teamMembers,
  users,
} from '../../db/schema/index.ts';
import { recordAudit } from '../audit/record.ts';
import { newAccessToken } from '../judges/judge-access.ts';
import { suppressErased } from '../mail/suppressions.ts';
import type { PersonInTeam } from './person.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const NOT_SENT_ERASED_MESSAGE = 'Not sent: the recipient’s personal data was erased.';

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
 * The team's mails to the person lose their address and text but keep their place in a sent mailing;
 * those not sent yet will not be (failed, saying why), and a draft mailing simply loses them.
 */
async function eraseMails(tx: Tx, person: PersonInTeam) {
  const { batchEmailIds, submissionIds } = person;
  if (batchEmailIds.length > 0) {
    await tx
      .delete(batchEmails)
      .where(and(inArray(batchEmails.id, batchEmailIds), isNull(batchEmails.status)));
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
      .where(inArray(batchEmails.id, batchEmailIds));
  }
  const linked = [
    ...(batchEmailIds.length ? [inArray(mailQueue.batchEmailId, batchEmailIds)] : []),
    ...(submissionIds.length ? [inArray(mailQueue.verifiesSubmissionId, submissionIds)] : []),
  ];
  if (linked.length > 0) await blankQueuedMails(tx, or(...linked));
}

/** Queued mails lose their address and text; those not sent yet will not be. */
async function blankQueuedMails(tx: Tx, where: SQL | undefined) {
  const isUnsent = sql`${mailQueue.sentAt} is null and ${mailQueue.failedAt} is null`;
  await tx
    .update(mailQueue)
    .set({
      to: '',
      subject: '',
      text: '',
      html: null,
      failedAt: sql`case when ${isUnsent} then now() else ${mailQueue.failedAt} end`,
      lastError: sql`case when ${isUnsent} then ${NOT_SENT_ERASED_MESSAGE} else ${mailQueue.lastError} end`,
    })
    .where(where);
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
  await eraseMails(tx, person);
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

/** A superuser's erasure also reaches what no team holds: mails queued to the address, the outbox's copies. */
export async function eraseEverywhereElse(tx: Tx, email: string) {
  await blankQueuedMails(tx, sql`lower(${mailQueue.to}) = ${email}`);
  await tx.delete(outboxMessages).where(sql`lower(${outboxMessages.to}) = ${email}`);
  await suppressErased(tx, email, null);
}
