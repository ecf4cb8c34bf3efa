import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { batchEmails, emailBatches, emailSuppressions } from '../../db/schema/index.ts';
import { markInvalid } from '../verification/status.ts';

/**
 * Addresses mass e-mail skips: those that unsubscribed from a team, and those an SMTP server
 * refused for good (5xx), which every team skips.
 */
export const SUPPRESSION_REASONS = { unsubscribed: 'unsubscribed', invalid: 'invalid' } as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[keyof typeof SUPPRESSION_REASONS];

export const NOT_SENT_UNSUBSCRIBED_MESSAGE = 'Not sent: the recipient unsubscribed from this team’s e-mails.';
export const NOT_SENT_REFUSED_MESSAGE = 'Not sent: an earlier e-mail to this address was refused for good.';

const normalise = (email: string) => email.trim().toLowerCase();

/** Records a suppression once; a second one for the same team and address changes nothing. */
async function suppress(
  db: Db,
  email: string,
  teamId: number | null,
  reason: SuppressionReason,
  detail?: string,
) {
  await db
    .insert(emailSuppressions)
    .values({ email: normalise(email), teamId, reason, detail: detail ?? null })
    .onConflictDoNothing();
}

/**
 * The verification status a new identity of this address starts with, as SQL: `inv` when an SMTP server
 * already refused the address for good (a suppression for every team), else `unc` (docs/emails.md).
 */
export const initialVerificationStatus = (email: string) =>
  sql<string>`case when exists (select 1 from ${emailSuppressions}
    where coalesce(${emailSuppressions.teamId}, 0) = 0 and ${emailSuppressions.email} = ${normalise(email)}
      and ${emailSuppressions.reason} = ${SUPPRESSION_REASONS.invalid}) then 'inv' else 'unc' end`;

export const unsubscribe = (db: Db, teamId: number, email: string) =>
  suppress(db, email, teamId, SUPPRESSION_REASONS.unsubscribed);

export const ERASED_DETAIL = 'Personal data erased on request.';

/**
 * A person whose data was erased (decision 85) is not written to again: suppressed like an unsubscription,
 * for the team, or for every team (`null`) after a superuser's erasure.
 */
export const suppressErased = (db: Db, email: string, teamId: number | null) =>
  suppress(db, email, teamId, SUPPRESSION_REASONS.unsubscribed, ERASED_DETAIL);

export async function isUnsubscribed(db: Db, teamId: number, email: string) {
  const n = await db.$count(
    emailSuppressions,
    and(eq(emailSuppressions.teamId, teamId), eq(emailSuppressions.email, normalise(email))),
  );
  return n > 0;
}

/**
 * A permanent SMTP refusal: later mass e-mail of every team skips the address, and every account,
 * judge or respondent with it shows the spec's verification code `inv`.
 */
export async function markAddressInvalid(db: Db, email: string, detail: string) {
  await suppress(db, email, null, SUPPRESSION_REASONS.invalid, detail);
  await markInvalid(db, email);
}

/** Which addresses, among these, a team's mass e-mail skips, and why (lower-case address → reason). */
export async function suppressionsOf(db: Db, teamId: number, emails: string[]) {
  const reasons = new Map<string, SuppressionReason>();
  const wanted = [...new Set(emails.map(normalise))];
  for (let i = 0; i < wanted.length; i += 5000) {
    const rows = await db
      .select({ email: emailSuppressions.email, reason: emailSuppressions.reason })
      .from(emailSuppressions)
      .where(
        and(
          inArray(emailSuppressions.email, wanted.slice(i, i + 5000)),
          or(isNull(emailSuppressions.teamId), eq(emailSuppressions.teamId, teamId)),
        ),
      );
    for (const row of rows) {
      // An invalid address stays invalid whatever else holds for it.
      if (reasons.get(row.email) !== SUPPRESSION_REASONS.invalid)
        reasons.set(row.email, row.reason as SuppressionReason);
    }
  }
  return reasons;
}

/** Batch e-mails about to be sent whose address was suppressed since the batch was made, with why. */
export async function suppressedBatchEmails(db: Db, batchEmailIds: number[]) {
  const skipped = new Map<number, string>();
  if (batchEmailIds.length === 0) return skipped;
  const rows = await db
    .select({ id: batchEmails.id, reason: emailSuppressions.reason })
    .from(batchEmails)
    .innerJoin(emailBatches, eq(emailBatches.id, batchEmails.batchId))
    .innerJoin(
      emailSuppressions,
      and(
        eq(emailSuppressions.email, sql`lower(${batchEmails.to})`),
        or(isNull(emailSuppressions.teamId), eq(emailSuppressions.teamId, emailBatches.teamId)),
      ),
    )
    .where(inArray(batchEmails.id, batchEmailIds));
  for (const row of rows) {
    skipped.set(
      row.id,
      row.reason === SUPPRESSION_REASONS.invalid ? NOT_SENT_REFUSED_MESSAGE : NOT_SENT_UNSUBSCRIBED_MESSAGE,
    );
  }
  return skipped;
}
