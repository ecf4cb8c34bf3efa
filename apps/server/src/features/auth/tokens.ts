import { randomBytes, randomUUID } from 'node:crypto';
import type { TokenPair } from '@shortlist/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Db } from '../../db/client.ts';
import { refreshTokens } from '../../db/schema.ts';
import { unauthorized } from '../../http/errors.ts';

const ACCESS_TTL_SECONDS = 15 * 60;
const REFRESH_TTL_SECONDS = 7 * 24 * 3600;
const ALGORITHM = 'HS256';
/**
 * A page that refreshes and is then discarded (a full navigation) never stores the new pair, so the
 * next page presents the spent token again; within this leeway that is a lost reply, not a leak.
 */
const REUSE_GRACE_MS = 10_000;

/** The code the web client reacts to by refreshing once (as Simple JWT answered). */
export const TOKEN_NOT_VALID = 'token_not_valid';
const invalidToken = () => unauthorized(TOKEN_NOT_VALID, 'Given token not valid for any token type');

export type TokenService = ReturnType<typeof createTokenService>;

/** Short-lived access tokens and single-use refresh tokens whose reuse revokes the family. */
export function createTokenService(db: Db, secret: string, ttl = { access: ACCESS_TTL_SECONDS }) {
  const key = new TextEncoder().encode(secret);

  async function sign(claims: Record<string, unknown>, userId: number, seconds: number) {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(String(userId))
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
      .sign(key);
  }

  async function verify(token: string, type: 'access' | 'refresh') {
    try {
      // A token without expiry, or whose subject is not a user id, is refused like a forged one.
      const { payload } = await jwtVerify(token, key, {
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

  async function issuePair(userId: number, family: string = randomUUID()): Promise<TokenPair> {
    const jti = randomBytes(16).toString('hex');
    await db.insert(refreshTokens).values({
      jti,
      family,
      userId,
      expiresAt: new Date(Date.now() + REFRESH_TTL_SECONDS * 1000),
    });
    return {
      access: await sign({ token_type: 'access' }, userId, ttl.access),
      refresh: await sign({ token_type: 'refresh', jti }, userId, REFRESH_TTL_SECONDS),
    };
  }

  return {
    issuePair,

    /** The user id an access token was issued to. */
    async verifyAccess(token: string): Promise<number> {
      return Number((await verify(token, 'access')).sub);
    },

    /** Spends a refresh token and issues the next pair of its family. */
    async rotate(refresh: string): Promise<TokenPair> {
      const payload = await verify(refresh, 'refresh');
      const jti = String(payload.jti ?? '');
      const [row] = await db
        .update(refreshTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(refreshTokens.jti, jti), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
        .returning();
      if (!row) {
        const [spent] = await db.select().from(refreshTokens).where(eq(refreshTokens.jti, jti));
        const isLostReply =
          spent?.usedAt && !spent.revokedAt && Date.now() - spent.usedAt.getTime() < REUSE_GRACE_MS;
        if (spent && isLostReply) return issuePair(spent.userId, spent.family);
        // Presented again later, a spent token has leaked: the whole family stops working.
        if (spent) {
          await db
            .update(refreshTokens)
            .set({ revokedAt: new Date() })
            .where(eq(refreshTokens.family, spent.family));
        }
        throw invalidToken();
      }
      return issuePair(row.userId, row.family);
    },

    /** Signs out everywhere: after a password change no old refresh token works. */
    async revokeAllFor(userId: number) {
      await db
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    },
  };
}
