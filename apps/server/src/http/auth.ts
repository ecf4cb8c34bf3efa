import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { TOKEN_NOT_VALID } from '../features/auth/tokens.ts';
import { unauthorized } from './errors.ts';

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

const prepareUserLookup = (db: Db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('auth_user_by_id');

/**
 * Every signed-in request starts with this lookup: its SQL is built once per database, and PostgreSQL
 * parses and plans it once per connection (a named prepared statement).
 */
const userLookups = new WeakMap<Db, ReturnType<typeof prepareUserLookup>>();

function lookupUser(db: Db, id: number) {
  let lookup = userLookups.get(db);
  if (!lookup) {
    lookup = prepareUserLookup(db);
    userLookups.set(db, lookup);
  }
  return lookup.execute({ id });
}

async function userFromToken(ctx: AppContext, token: string): Promise<UserRow> {
  const userId = await ctx.tokens.verifyAccess(token);
  const [user] = await lookupUser(ctx.db, userId);
  if (!user?.isActive) throw unauthorized(TOKEN_NOT_VALID, 'User not found or inactive.');
  return user;
}

/** preHandler for endpoints that need a signed-in user. */
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
