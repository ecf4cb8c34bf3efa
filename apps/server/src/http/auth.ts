import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { invalidToken, TOKEN_NOT_VALID, unauthorized } from './errors.ts';
import { preparedPerShape } from './prepared.ts';

/** Who an access token speaks for, as the token service verifies it. */
type AccessClaims = Awaited<ReturnType<AppContext['tokens']['verifyAccess']>>;

export type UserRow = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set by `requireUser`, or by `loadUser` when a token is sent. */
    user: UserRow | null;
  }
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
}

/**
 * Every signed-in request starts with this lookup: its SQL is built once per database, and PostgreSQL
 * parses and plans it once per connection (a named prepared statement).
 */
const userLookup = preparedPerShape('auth_user', (db, _shape: null, name) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare(name('by_id')),
);

const lookupUser = (db: Db, id: number) => userLookup(db, null).execute({ id });

/** Tokens remembered per token service; past this many, the oldest is forgotten. */
const VERIFIED_TOKENS_MAX = 10_000;
const verifiedTokens = new WeakMap<AppContext['tokens'], Map<string, AccessClaims>>();

/**
 * A client sends the same access token with each request for its 15 minutes: its signature is checked
 * once (WebCrypto's HMAC costs more than the rest of the check), then its claims are remembered until it
 * expires. What may end a token sooner (a sign-out, a new password) lives on the user's row, which is
 * read on every request anyway: `userFromToken` compares the versions.
 */
async function verifyAccess(ctx: AppContext, token: string): Promise<AccessClaims> {
  let verified = verifiedTokens.get(ctx.tokens);
  if (!verified) {
    verified = new Map();
    verifiedTokens.set(ctx.tokens, verified);
  }
  const known = verified.get(token);
  if (known && Date.now() < known.expiresAtMs) return known;
  verified.delete(token);
  const claims = await ctx.tokens.verifyAccess(token);
  if (verified.size >= VERIFIED_TOKENS_MAX) verified.delete(verified.keys().next().value ?? '');
  verified.set(token, claims);
  return claims;
}

/**
 * The token's user, if still active and if the token was signed at their current token version: one
 * read of the row, on whichever process, so that a sign-out or a new password ends old tokens at once.
 */
async function userFromToken(ctx: AppContext, token: string): Promise<UserRow> {
  const { userId, version } = await verifyAccess(ctx, token);
  const [user] = await lookupUser(ctx.db, userId);
  if (!user?.isActive) throw unauthorized(TOKEN_NOT_VALID, 'User not found or inactive.');
  if (user.tokenVersion !== version) throw invalidToken();
  return user;
}

/**
 * onRequest for endpoints that need a signed-in user: a caller without a valid token gets 401 before their
 * body is read or checked, as Django REST framework authenticates before it validates.
 */
export function requireUser(ctx: AppContext) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearer(request);
    if (!token) throw unauthorized('not_authenticated', 'Authentication credentials were not provided.');
    request.user = await userFromToken(ctx, token);
  };
}

/** preHandler for public endpoints that also serve signed-in users (contact box). */
export function loadUser(ctx: AppContext) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearer(request);
    request.user = token ? await userFromToken(ctx, token) : null;
  };
}

/** The signed-in user inside a handler guarded by `requireUser`. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized('not_authenticated', 'Authentication credentials were not provided.');
  return request.user;
}
