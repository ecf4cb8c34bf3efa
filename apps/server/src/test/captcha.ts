import { createChallenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import {
  CAPTCHA_ALGORITHM,
  CAPTCHA_COST,
  CAPTCHA_TTL_SECONDS,
  captchaSecretsOf,
} from '../features/captcha/service.ts';
import type { TestApp } from './harness.ts';

/** A valid captcha payload, solved like the widget would: fetch a challenge, find its counter. */
export async function solveCaptcha(t: Pick<TestApp, 'request'>): Promise<string> {
  const response = await t.request({ method: 'GET', url: '/api/v1/captcha/challenge/' });
  if (response.statusCode !== 200) throw new Error(`challenge: ${response.statusCode}`);
  const challenge = response.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/**
 * A valid captcha payload for the servers holding `jwtSecret`, made by the test itself with the
 * servers' secrets and a counter of 1: the server checks it in full (signatures, expiry, spent once),
 * but solving it costs two derivations instead of a few hundred, for tests that need hundreds.
 */
export async function cheapCaptcha(jwtSecret: string): Promise<string> {
  const secrets = captchaSecretsOf(jwtSecret);
  const challenge = await createChallenge({
    algorithm: CAPTCHA_ALGORITHM,
    cost: CAPTCHA_COST,
    counter: 1,
    deriveKey,
    expiresAt: Math.floor(Date.now() / 1000) + CAPTCHA_TTL_SECONDS,
    hmacSignatureSecret: secrets.signature,
    hmacKeySignatureSecret: secrets.key,
  });
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
