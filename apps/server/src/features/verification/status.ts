import type { EmailVerificationStatus } from '@shortlist/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { formSubmissions, users } from '../../db/schema/index.ts';
import { isVerificationCode } from './links.ts';

/**
 * The life cycle of an address (decision 41): unc (nothing sent) → pro (a mail carrying its personal
 * link is queued) → pen (an SMTP server accepted that mail) → ver (the link's mailed copy was opened);
 * inv when a server refuses the address for good. Only these moves are made: a verified or invalid
 * address never goes back to pending.
 */
const NOT_YET_VERIFIED: EmailVerificationStatus[] = ['unc', 'pro', 'pen'];

/** A mail to this judge was accepted by the SMTP server. */
export async function markUserMailed(db: Db, userId: number) {
  await db
    .update(users)
    .set({ emailVerificationStatus: 'pen' })
    .where(and(eq(users.id, userId), inArray(users.emailVerificationStatus, ['unc', 'pro'])));
}

/** A respondent's mail was queued: processing until the queue has sent it. */
export async function markRespondentQueued(db: Db, submissionId: number) {
  await db
    .update(formSubmissions)
    .set({ emailVerificationStatus: 'pro' })
    .where(and(eq(formSubmissions.id, submissionId), eq(formSubmissions.emailVerificationStatus, 'unc')));
}

/** The queue sent (`sent`) or gave up on (`lost`, not a permanent refusal) a respondent's mail. */
export async function settleRespondentMail(db: Db, submissionId: number, outcome: 'sent' | 'lost') {
  await db
    .update(formSubmissions)
    .set({ emailVerificationStatus: outcome === 'sent' ? 'pen' : 'unc' })
    .where(
      and(
        eq(formSubmissions.id, submissionId),
        inArray(formSubmissions.emailVerificationStatus, outcome === 'sent' ? ['unc', 'pro'] : ['pro']),
      ),
    );
}

/** The judge opened the mailed copy of their link: the code proves they read that address's mail. */
export async function verifyUser(ctx: Pick<AppContext, 'db' | 'signer'>, userId: number, code?: string) {
  if (code === undefined) return;
  const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user || !isVerificationCode(ctx, { kind: 'user', id: userId, email: user.email }, code)) return;
  await ctx.db
    .update(users)
    .set({ emailVerificationStatus: 'ver' })
    .where(and(eq(users.id, userId), inArray(users.emailVerificationStatus, NOT_YET_VERIFIED)));
}

/** The respondent opened the mailed copy of their edit link. */
export async function verifyRespondent(
  ctx: Pick<AppContext, 'db' | 'signer'>,
  submission: { id: number; email: string },
  code?: string,
) {
  if (!isVerificationCode(ctx, { kind: 'respondent', ...submission }, code)) return;
  await ctx.db
    .update(formSubmissions)
    .set({ emailVerificationStatus: 'ver' })
    .where(
      and(
        eq(formSubmissions.id, submission.id),
        inArray(formSubmissions.emailVerificationStatus, NOT_YET_VERIFIED),
      ),
    );
}

/** A permanent SMTP refusal: every judge and respondent with this address is invalid. */
export async function markInvalid(db: Db, email: string) {
  const address = email.trim().toLowerCase();
  await db
    .update(users)
    .set({ emailVerificationStatus: 'inv' })
    .where(eq(sql`lower(${users.email})`, address));
  await db
    .update(formSubmissions)
    .set({ emailVerificationStatus: 'inv' })
    .where(eq(sql`lower(${formSubmissions.email})`, address));
}
