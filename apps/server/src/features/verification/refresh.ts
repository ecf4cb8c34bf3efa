import { and, eq, inArray, isNotNull, isNull, ne, notExists, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { emailSuppressions, formSubmissions, mailQueue, users } from '../../db/schema/index.ts';
import { DAY_MS, runOncePer } from '../../jobs/schedule.ts';
import type { BackgroundTask } from '../../jobs/worker.ts';
import { SUPPRESSION_REASONS } from '../mail/suppressions.ts';

/**
 * Once a day (the spec's "E-mail verification refreshes once a day"), statuses are brought in line with
 * what the mail records say, whatever moved them since: an address any SMTP server refused for good is
 * invalid for every judge and respondent who has it; a respondent still "processing" whose mail left the
 * queue is pending if it was sent, unconfirmed if it never will be. The moves made as mail goes keep
 * this mostly idle; it catches what they cannot see (an address refused while sending to someone else,
 * rows from before these moves existed).
 */
export async function refreshVerifications(db: Db) {
  const invalid = db
    .select({ email: emailSuppressions.email })
    .from(emailSuppressions)
    .where(and(isNull(emailSuppressions.teamId), eq(emailSuppressions.reason, SUPPRESSION_REASONS.invalid)));
  const invalidUsers = await db
    .update(users)
    .set({ emailVerificationStatus: 'inv' })
    .where(and(ne(users.emailVerificationStatus, 'inv'), inArray(sql`lower(${users.email})`, invalid)))
    .returning({ id: users.id });
  const invalidRespondents = await db
    .update(formSubmissions)
    .set({ emailVerificationStatus: 'inv' })
    .where(
      and(
        ne(formSubmissions.emailVerificationStatus, 'inv'),
        inArray(sql`lower(${formSubmissions.email})`, invalid),
      ),
    )
    .returning({ id: formSubmissions.id });
  const mailOf = eq(mailQueue.verifiesSubmissionId, formSubmissions.id);
  const settled = await db
    .update(formSubmissions)
    .set({
      emailVerificationStatus: sql`case when exists (${db
        .select({ id: mailQueue.id })
        .from(mailQueue)
        .where(and(mailOf, isNotNull(mailQueue.sentAt)))}) then 'pen' else 'unc' end`,
    })
    .where(
      and(
        eq(formSubmissions.emailVerificationStatus, 'pro'),
        notExists(
          db
            .select({ id: mailQueue.id })
            .from(mailQueue)
            .where(and(mailOf, isNull(mailQueue.sentAt), isNull(mailQueue.failedAt))),
        ),
      ),
    )
    .returning({ id: formSubmissions.id });
  return { invalid: invalidUsers.length + invalidRespondents.length, settled: settled.length };
}

export const verificationJobs: BackgroundTask[] = [
  async function refreshEmailVerifications(ctx: Pick<AppContext, 'db'>) {
    return runOncePer(ctx.db, { name: 'email-verification', periodMs: DAY_MS }, refreshVerifications);
  },
];
