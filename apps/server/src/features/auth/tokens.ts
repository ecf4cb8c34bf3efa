import { randomBytes, randomUUID } from 'node:crypto';
import type { TokenPair } from '@shortlist/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Db } from '../../db/client.ts';
import { refreshTokens, users } from '../../db/schema/index.ts';
import { invalidToken } from '../../http/errors.ts';

const ACCESS_TTL_SECONDS = 15 * 60;
const REFRESH_TTL_SECONDS = 7 * 24 * 3600;
const ALGORITHM = 'HS256';
/**
 * A page that refreshes and is then discarded (a full navigation) never stores the new pair, so the
 * next page presents the spent token again; within this leeway that is a lost reply, not a leak, and
 * it gets the same pair back (decision 39).
 */
const REUSE_GRACE_MS = 10_000;

const successors = alias(refreshTokens, 'successors');
const nowSeconds = () => Math.floor(Date.now() / 1000);
const newJti = () => randomBytes(16).toString('hex');

export type TokenService = ReturnType<typeof createTokenService>;

/** Who an access token speaks for, and the user's token version it was signed at (`ver`). */
export interface AccessClaims {
  userId: number;
  version: number;
  expiresAtMs: number;
}

/**
 * Ends every session of a user, in the caller's transaction: no refresh token of theirs works any more,
 * and each access token already signed is refused at its next request (its `ver` is behind).
 */
export async function endAllSessions(db: Db, userId: number) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  await bumpTokenVersion(db, userId);
}

const bumpTokenVersion = (db: Db, userId: number) =>
  db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));

const tokenVersionOf = async (db: Db, userId: number) => {
  const [row] = await db.select({ version: users.tokenVersion }).from(users).where(eq(users.id, userId));
  return row?.version ?? 0;
};

/**
 * How a refresh token's family signed in: `sso` names the OIDC provider, absent for a password
 * (decision 82). It rides in the signed refresh token and passes to each successor, so that a team
 * that requires SSO can refuse the password's families without a column to keep.
 */
export interface SignInMethod {
  sso?: string;
}

/** Short-lived access tokens and single-use refresh tokens whose reuse revokes the family. */
export function createTokenService(db: Db, secret: string, ttl = { access: ACCESS_TTL_SECONDS }) {
  const key = new TextEncoder().encode(secret);
  // Imported once: handed raw bytes, jose imports the key again on every request it verifies.
  let verifyKey: Promise<CryptoKey> | undefined;

  async function sign(claims: Record<string, unknown>, userId: number, issuedAt: number, seconds: number) {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(String(userId))
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + seconds)
      .sign(key);
  }

  /**
   * The same user, jti, second and token version always sign the same pair: a lost reply can be handed
   * out again.
   */
  async function signPair(
    userId: number,
    jti: string,
    issuedAt: number,
    version: number,
    method: SignInMethod,
  ): Promise<TokenPair> {
    const refreshClaims = { token_type: 'refresh', jti, ...(method.sso ? { sso: method.sso } : {}) };
    return {
      access: await sign({ token_type: 'access', ver: version }, userId, issuedAt, ttl.access),
      refresh: await sign(refreshClaims, userId, issuedAt, REFRESH_TTL_SECONDS),
    };
  }

  const expiresAt = (issuedAt: number) => new Date((issuedAt + REFRESH_TTL_SECONDS) * 1000);

  async function verify(token: string, type: 'access' | 'refresh') {
    try {
      // A token without expiry, or whose subject is not a user id, is refused like a forged one.
      verifyKey ??= crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
      const { payload } = await jwtVerify(token, await verifyKey, {
        algorithms: [ALGORITHM],
        requiredClaims: ['exp', 'sub'],
      });
      if (payload.token_type !== type || !/^\d{1,10}$/.test(payload.sub ?? '')) throw invalidToken();
      return payload;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) throw invalidToken();
      throw error;
    }
  }

  async function issuePair(userId: number, method: SignInMethod = {}): Promise<TokenPair> {
    const jti = newJti();
    const issuedAt = nowSeconds();
    await db
      .insert(refreshTokens)
      .values({ jti, family: randomUUID(), userId, expiresAt: expiresAt(issuedAt) });
    return signPair(userId, jti, issuedAt, await tokenVersionOf(db, userId), method);
  }

  /**
   * Spends the token and records its successor in one transaction: a concurrent use of the same token
   * waits on the row lock, then finds it spent with the successor already in place.
   */
  async function spend(jti: string, method: SignInMethod) {
    const next = { jti: newJti(), issuedAt: nowSeconds() };
    const spent = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(refreshTokens)
        .set({ usedAt: new Date(next.issuedAt * 1000), replacedBy: next.jti })
        .where(and(eq(refreshTokens.jti, jti), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
        .returning();
      if (!row) return undefined;
      const { family, userId } = row;
      await tx
        .insert(refreshTokens)
        .values({ jti: next.jti, family, userId, expiresAt: expiresAt(next.issuedAt) });
      return { userId, version: await tokenVersionOf(tx, userId) };
    });
    return spent && signPair(spent.userId, next.jti, next.issuedAt, spent.version, method);
  }

  /** A spent token again: its successor's pair within the grace, else the whole family stops working. */
  async function replay(jti: string, method: SignInMethod): Promise<TokenPair> {
    const [found] = await db
      .select({ spent: refreshTokens, next: successors })
      .from(refreshTokens)
      .leftJoin(successors, eq(successors.jti, refreshTokens.replacedBy))
      .where(eq(refreshTokens.jti, jti));
    if (!found) throw invalidToken();
    const { spent, next } = found;
    // The successor was signed at the second its predecessor was spent.
    const spentAt = spent.usedAt?.getTime() ?? 0;
    const isLostReply =
      Date.now() - spentAt < REUSE_GRACE_MS && !spent.revokedAt && next && !next.usedAt && !next.revokedAt;
    if (isLostReply)
      return signPair(next.userId, next.jti, spentAt / 1000, await tokenVersionOf(db, next.userId), method);
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.family, spent.family), isNull(refreshTokens.revokedAt)));
    throw invalidToken();
  }

  return {
    issuePair,

    /** The user an access token was issued to, at which of their token versions, until when. */
    async verifyAccess(token: string): Promise<AccessClaims> {
      const payload = await verify(token, 'access');
      // Tokens signed before versions existed carry none: version 0, every user's first.
      const version = payload.ver ?? 0;
      if (!Number.isSafeInteger(version)) throw invalidToken();
      return {
        userId: Number(payload.sub),
        version: version as number,
        expiresAtMs: (payload.exp ?? 0) * 1000,
      };
    },

    /**
     * Spends a refresh token and issues the next pair of its family, once `admit` (the SSO policy)
     * accepts its user and sign-in method: a refused token is left unspent.
     */
    async rotate(
      refresh: string,
      admit?: (family: { userId: number } & SignInMethod) => Promise<void>,
    ): Promise<TokenPair> {
      const payload = await verify(refresh, 'refresh');
      const jti = String(payload.jti ?? '');
      const method = typeof payload.sso === 'string' ? { sso: payload.sso } : {};
      await admit?.({ userId: Number(payload.sub), ...method });
      return (await spend(jti, method)) ?? replay(jti, method);
    },

    /**
     * Sign-out: the refresh token's family stops working (this session's later tokens too), and so does
     * every access token of the user signed until now; other sessions get a new one at their next refresh.
     * A spent or revoked token signs out too: the family is the session, whichever of its tokens is shown.
     */
    async signOut(refresh: string) {
      const payload = await verify(refresh, 'refresh');
      const userId = Number(payload.sub);
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ family: refreshTokens.family })
          .from(refreshTokens)
          .where(and(eq(refreshTokens.jti, String(payload.jti ?? '')), eq(refreshTokens.userId, userId)));
        if (row) {
          await tx
            .update(refreshTokens)
            .set({ revokedAt: new Date() })
            .where(and(eq(refreshTokens.family, row.family), isNull(refreshTokens.revokedAt)));
        }
        await bumpTokenVersion(tx, userId);
      });
    },
  };
}
