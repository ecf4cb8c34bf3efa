import { randomBytes } from 'node:crypto';
import {
  EMAIL_REFUSED,
  EMAIL_REFUSED_MESSAGE,
  emailSchema,
  HAS_ACCESS,
  HAS_SUBMITTED,
  type PublicInfo,
  type UnlockPublicResult,
} from '@shortlist/contract';
import { and, eq } from 'drizzle-orm';
import type { IssueRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { issueAccesses, issues, teams } from '../../db/schema/index.ts';
import type { UserRow } from '../../http/auth.ts';
import { fieldErrors, notFound, refusal } from '../../http/errors.ts';
import type { Throttle } from '../../http/throttle.ts';
import { judgeAdded, recordAudit } from '../audit/record.ts';
import { verifyCaptcha } from '../captcha/service.ts';
import { answerLink, newAccessToken } from '../judges/judge-access.ts';
import { findAddressStates, findOrCreateJudgeIdentities } from '../judges/judge-identity.ts';
import { failureText, isPermanentFailure } from '../mail/mailer.ts';
import { markAddressInvalid } from '../mail/suppressions.ts';
import { mailedLink } from '../verification/links.ts';
import { markUserMailed } from '../verification/status.ts';
import { sendPublicLinkMail } from './public-link-mail.ts';

export const BAD_CAPTCHA_MESSAGE = 'Please verify the captcha again.';
const UNLOCK_REFUSED_DETAIL = 'Could not process request. Have you already submitted your responses?';

/** A public selection open to answers, with its team's header; anything else is 404. */
async function requireOpenPublicIssue(ctx: AppContext, issueId: number) {
  const [row] = await ctx.db
    .select({ issue: issues, image: teams.teamImage, header: teams.customHeader })
    .from(issues)
    .innerJoin(teams, eq(teams.id, issues.teamId))
    .where(and(eq(issues.id, issueId), eq(issues.public, true), eq(issues.status, 'open')));
  if (!row) throw notFound();
  return row;
}

/** The link goes out by e-mail only when an e-mail is asked for. */
const isLinkMailed = (issue: { emailRequired: boolean; emailLink: boolean }) =>
  issue.emailRequired && issue.emailLink;

export async function getPublicInfo(ctx: AppContext, issueId: number): Promise<PublicInfo> {
  const { issue, image, header } = await requireOpenPublicIssue(ctx, issueId);
  return {
    title: issue.title,
    description: issue.description,
    captcha: issue.captcha,
    email_required: issue.emailRequired,
    email_link: isLinkMailed(issue),
    team_img: image,
    team_custom_header: header,
  };
}

/**
 * `unlock_public`: checks the e-mail (before spending the captcha, so that a typo costs no new captcha), then
 * the captcha, then gives the visitor an access of origin public. The personal link is mailed (the e-mail
 * then awaits verification) or, when the selection does not mail it, returned as a token.
 */
export async function unlockPublic(
  ctx: AppContext,
  options: { issueId: number; captcha?: string; email: string; perEmail: Throttle },
): Promise<UnlockPublicResult> {
  const { issue } = await requireOpenPublicIssue(ctx, options.issueId);
  let email: string | null = null;
  if (issue.emailRequired) {
    const parsed = emailSchema.safeParse(options.email);
    if (!parsed.success) throw fieldErrors({ email: ['Enter a valid email address.'] });
    email = parsed.data;
    await options.perEmail.check(email);
    await options.perEmail.record(email);
  }
  if (issue.captcha) {
    if (!options.captcha) throw fieldErrors({ captcha: ['This field is required.'] });
    if (!(await verifyCaptcha(ctx, options.captcha))) throw fieldErrors({ captcha: [BAD_CAPTCHA_MESSAGE] });
  }

  // A typed address is bound to its judge identity, never to an account (decision 42); a visitor
  // without e-mail gets a fresh identity.
  const address = email ?? `anonymous-${randomBytes(12).toString('hex')}@anonymous.invalid`;
  const state = (await findAddressStates(ctx.db, issue, [address])).get(address);
  if (state?.hasSubmitted) throw refusal(HAS_SUBMITTED, UNLOCK_REFUSED_DETAIL);
  // Admins cannot judge; they are told no more than someone who already has access.
  if (state?.isAdmin) throw refusal(HAS_ACCESS, UNLOCK_REFUSED_DETAIL);
  if (state?.judge) return mailOwnLink(ctx, { issue, email, judge: state.judge });
  const user = (await findOrCreateJudgeIdentities(ctx.db, [address])).get(address);
  if (!user) throw new Error('judge identity insert returned nothing');
  const token = newAccessToken();
  const [access] = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .insert(issueAccesses)
      .values({ issueId: issue.id, userId: user.id, token, origin: 'public' })
      .onConflictDoNothing()
      .returning();
    if (rows[0]) await recordAudit(tx, judgeAdded(issue, user.id, { kind: 'judge', id: user.id }));
    return rows;
  });
  if (!access) return mailOwnLink(ctx, { issue, email, judge: { user, token: null } });
  if (!isLinkMailed(issue) || !email) return { token, email_sent: false };
  return mailLink(ctx, { issue, user, email, token });
}

/**
 * An address that already judges here gets its own link again, by e-mail only (rate-limited per
 * e-mail): handing out its token would open the access to anyone who types the address.
 */
async function mailOwnLink(
  ctx: AppContext,
  options: { issue: IssueRow; email: string | null; judge: { user: UserRow; token: string | null } },
): Promise<UnlockPublicResult> {
  const { issue, email, judge } = options;
  if (!isLinkMailed(issue) || !email) throw refusal(HAS_ACCESS, UNLOCK_REFUSED_DETAIL);
  let token = judge.token;
  if (!token) {
    const [existing] = await ctx.db
      .select({ token: issueAccesses.token })
      .from(issueAccesses)
      .where(and(eq(issueAccesses.issueId, issue.id), eq(issueAccesses.userId, judge.user.id)));
    token = existing?.token ?? null;
  }
  if (!token) throw refusal(HAS_ACCESS, UNLOCK_REFUSED_DETAIL);
  return mailLink(ctx, { issue, user: judge.user, email, token });
}

/** Mails the personal link; once the server took it, the address awaits verification. */
async function mailLink(
  ctx: AppContext,
  options: { issue: IssueRow; user: UserRow; email: string; token: string },
): Promise<UnlockPublicResult> {
  const { issue, user, email, token } = options;
  const link = mailedLink(ctx, answerLink(ctx, issue.id, token), {
    kind: 'user',
    id: user.id,
    email: user.email,
  });
  try {
    await sendPublicLinkMail(ctx, {
      to: email,
      issueTitle: issue.title,
      link,
      language: user.language,
      teamId: issue.teamId,
    });
  } catch (error) {
    if (!isPermanentFailure(error)) throw error;
    await markAddressInvalid(ctx.db, email, failureText(error));
    throw refusal(EMAIL_REFUSED, EMAIL_REFUSED_MESSAGE);
  }
  await markUserMailed(ctx.db, user.id);
  return { token: null, email_sent: true };
}
