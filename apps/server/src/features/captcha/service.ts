import { createHmac } from 'node:crypto';
import type { CaptchaChallenge } from '@shortlist/contract';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { lt } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { spentCaptchas } from '../../db/schema/index.ts';

/**
 * Proof of work of one challenge: PBKDF2-SHA-256 at CAPTCHA_COST iterations, tried for counters 0, 1, 2…
 * up to a secret counter drawn in CAPTCHA_COUNTER. About 300 derivations on average: a few tenths of a
 * second in a browser's workers, well under a second in a test — a nuisance for bulk bots, not a wall.
 */
export const CAPTCHA_COST = 1_000;
export const CAPTCHA_COUNTER = { min: 100, max: 500 };
/** A challenge must be solved and used within this time. */
export const CAPTCHA_TTL_SECONDS = 5 * 60;
export const CAPTCHA_ALGORITHM = 'PBKDF2/SHA-256';

export interface CaptchaSecrets {
  signature: string;
  key: string;
}

/** Secrets per app, set when the captcha routes are registered (the only holder of the JWT secret). */
const secretsByContext = new WeakMap<AppContext, CaptchaSecrets>();

/** Derives the captcha's HMAC secrets from the JWT secret: nothing more to keep, and neither reveals it. */
export function setCaptchaSecret(ctx: AppContext, jwtSecret: string) {
  secretsByContext.set(ctx, captchaSecretsOf(jwtSecret));
}

/** The HMAC secrets of every process sharing this JWT secret. */
export function captchaSecretsOf(jwtSecret: string): CaptchaSecrets {
  const derive = (label: string) => createHmac('sha256', jwtSecret).update(label).digest('hex');
  return { signature: derive('shortlist captcha signature'), key: derive('shortlist captcha key') };
}

function secretsOf(ctx: AppContext): CaptchaSecrets {
  const secrets = secretsByContext.get(ctx);
  if (!secrets) throw new Error('captcha routes are not registered');
  return secrets;
}

export async function createCaptchaChallenge(ctx: AppContext): Promise<CaptchaChallenge> {
  const secrets = secretsOf(ctx);
  const challenge = await createChallenge({
    algorithm: CAPTCHA_ALGORITHM,
    cost: CAPTCHA_COST,
    counter: randomInt(CAPTCHA_COUNTER.max, CAPTCHA_COUNTER.min),
    deriveKey,
    expiresAt: Math.floor(Date.now() / 1000) + CAPTCHA_TTL_SECONDS,
    hmacSignatureSecret: secrets.signature,
    hmacKeySignatureSecret: secrets.key,
  });
  return challenge as CaptchaChallenge;
}

interface CaptchaPayload {
  challenge: { parameters: CaptchaChallenge['parameters']; signature: string };
  solution: { counter: number; derivedKey: string };
}

/** The widget's value: base64 of `{challenge, solution}`; anything else is null. */
function parsePayload(payload: string): CaptchaPayload | null {
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    const signature = parsed?.challenge?.signature;
    if (typeof signature !== 'string' || !parsed.challenge.parameters || !parsed.solution) return null;
    return parsed as CaptchaPayload;
  } catch {
    return null;
  }
}

/**
 * True when the payload solves one of our unexpired challenges that was never used before; the
 * challenge is then spent, so a solution opens one request only (concurrent replays included).
 */
export async function verifyCaptcha(ctx: AppContext, payload: string): Promise<boolean> {
  const parsed = parsePayload(payload);
  if (!parsed) return false;
  const secrets = secretsOf(ctx);
  let verified = false;
  try {
    const result = await verifySolution({
      challenge: parsed.challenge,
      solution: parsed.solution,
      deriveKey,
      hmacSignatureSecret: secrets.signature,
      hmacKeySignatureSecret: secrets.key,
    });
    verified = result.verified;
  } catch {
    return false;
  }
  if (!verified) return false;
  const expiresAt = new Date((parsed.challenge.parameters.expiresAt ?? 0) * 1000);
  const spent = await ctx.db
    .insert(spentCaptchas)
    .values({ signature: parsed.challenge.signature, expiresAt })
    .onConflictDoNothing()
    .returning({ signature: spentCaptchas.signature });
  return spent.length === 1;
}

/** Spent challenges past their expiry can no longer be replayed anyway: forget them. */
export async function pruneSpentCaptchas(ctx: Pick<AppContext, 'db'>) {
  await ctx.db.delete(spentCaptchas).where(lt(spentCaptchas.expiresAt, new Date()));
}
