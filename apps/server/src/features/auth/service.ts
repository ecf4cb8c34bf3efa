import { createHash, randomBytes } from 'node:crypto';
import {
  type Language,
  RESET_TOKEN_TTL_MINUTES,
  type ResetPasswordRequest,
  type TokenPair,
  type TokenRequest,
  type User,
} from '@shortlist/contract';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { passwordResetTokens, users } from '../../db/schema/index.ts';
import type { UserRow } from '../../http/auth.ts';
import { AppError, fieldErrors } from '../../http/errors.ts';
import type { Throttle } from '../../http/throttle.ts';
import { isPasswordRefused, requirePasswordAllowed } from '../sso/policy.ts';
import { checkPassword, hashPassword } from './passwords.ts';
import type { SignInGuard } from './sign-in-guard.ts';
import { endAllSessions } from './tokens.ts';

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    is_active: row.isActive,
    is_staff: row.isStaff,
    is_superuser: row.isSuperuser,
    language: row.language === 'fr' ? 'fr' : 'en',
    self_invite: row.selfInvite,
  };
}

/** The account of a username or an e-mail; judge identities are not accounts (decision 42). */
export async function findUserByLogin(
  ctx: Pick<AppContext, 'db'>,
  login: string,
): Promise<UserRow | undefined> {
  const key = login.trim().toLowerCase();
  const [row] = await ctx.db
    .select()
    .from(users)
    .where(
      and(
        eq(users.isJudgeOnly, false),
        or(sql`lower(${users.username}) = ${key}`, sql`lower(${users.email}) = ${key}`),
      ),
    )
    .limit(1);
  return row;
}

/** Same reply for an unknown account, a wrong password and an inactive user. */
const loginFailed = () =>
  new AppError(401, {
    code: 'no_active_account',
    detail: 'No active account found with the given credentials',
  });

/** Checks the password once the guard admits this account and address (decision 38). */
export async function signIn(
  ctx: AppContext,
  guard: SignInGuard,
  input: TokenRequest & { address: string },
): Promise<TokenPair> {
  const login = input.username.trim().toLowerCase();
  const user = await findUserByLogin(ctx, login);
  // Counted per user, so that the username and the e-mail share one count.
  const attempt = { account: user ? `user:${user.id}` : `login:${login}`, address: input.address };
  await guard.admit(attempt);
  const isValid = await checkPassword(user?.passwordHash, input.password);
  if (!user || !isValid || !user.isActive) {
    await guard.recordFailure(attempt);
    throw loginFailed();
  }
  await guard.recordSuccess(attempt);
  // Told only to whoever knows the password: a stranger learns nothing about the account's teams.
  await requirePasswordAllowed(ctx.db, user.id);
  return ctx.tokens.issuePair(user.id);
}

export async function setLanguage(ctx: AppContext, userId: number, language: Language): Promise<UserRow> {
  const [row] = await ctx.db.update(users).set({ language }).where(eq(users.id, userId)).returning();
  if (!row) throw new Error(`user ${userId} vanished`);
  return row;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Creates a single-use reset token and returns the link to /setPassword that carries it. */
export async function createResetLink(
  ctx: AppContext,
  user: UserRow,
  { next, ttlMinutes = RESET_TOKEN_TTL_MINUTES }: { next?: string; ttlMinutes?: number } = {},
): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await ctx.db.insert(passwordResetTokens).values({
    tokenHash: hashToken(token),
    userId: user.id,
    expiresAt: new Date(Date.now() + ttlMinutes * 60_000),
  });
  const url = new URL('/setPassword', ctx.config.publicUrl);
  url.searchParams.set('token', token);
  url.searchParams.set('email', user.email);
  if (next) url.searchParams.set('next', next);
  return url.toString();
}

/** Mails a reset link when the account exists; the caller answers the same either way. */
export async function askResetPassword(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByLogin(ctx, email);
  if (!user?.isActive) return;
  const french = user.language === 'fr';
  if (await isPasswordRefused(ctx.db, user.id)) {
    // The form answers the same; the mailbox's owner learns why no password would help.
    const login = `${ctx.config.publicUrl}/login`;
    await ctx.mailer.send({
      to: user.email,
      subject: french ? 'Connexion à Shortlist' : 'Signing in to Shortlist',
      text: french
        ? `Bonjour,\n\nUn de vos espaces de travail demande de se connecter avec le compte de votre organisation, pas avec un mot de passe. Ouvrez ${login} et choisissez « Se connecter avec … ».\n\nSi vous n’avez rien demandé, ignorez ce message.`
        : `Hello,\n\nA workspace of yours requires signing in with your organisation's account, not with a password. Open ${login} and choose "Sign in with …".\n\nIf you did not ask for it, ignore this message.`,
    });
    return;
  }
  const link = await createResetLink(ctx, user);
  await ctx.mailer.send({
    to: user.email,
    subject: french ? 'Réinitialisation de votre mot de passe Shortlist' : 'Reset your Shortlist password',
    text: french
      ? `Bonjour,\n\nPour choisir un nouveau mot de passe, ouvrez ce lien (valable ${RESET_TOKEN_TTL_MINUTES} minutes) :\n${link}\n\nSi vous n’avez rien demandé, ignorez ce message.`
      : `Hello,\n\nTo choose a new password, open this link (valid for ${RESET_TOKEN_TTL_MINUTES} minutes):\n${link}\n\nIf you did not ask for it, ignore this message.`,
  });
}

const invalidLink = () =>
  fieldErrors({ token: ['The link is invalid or has expired. Please ask for a new one.'] });

export async function resetPassword(ctx: AppContext, throttle: Throttle, input: ResetPasswordRequest) {
  await throttle.check(input.email);
  const user = await findUserByLogin(ctx, input.email);
  const now = new Date();
  const spent = user
    ? await ctx.db
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResetTokens.tokenHash, hashToken(input.token)),
            eq(passwordResetTokens.userId, user.id),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, now),
          ),
        )
        .returning()
    : [];
  if (!user || spent.length === 0) {
    await throttle.record(input.email);
    throw invalidLink();
  }
  // A link mailed before the team required SSO: spent, and no password is set.
  await requirePasswordAllowed(ctx.db, user.id);
  await setPassword(ctx.db, user.id, input.new_password);
}

/**
 * A new password spends every reset and invitation link the account still had: an old link in a
 * mailbox must not set the password again. It also ends every session: whoever held a token (the
 * reason for a new password, often) holds nothing that works.
 */
export async function setPassword(db: Db, userId: number, password: string) {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, isActive: true }).where(eq(users.id, userId));
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
    await endAllSessions(tx, userId);
  });
}
