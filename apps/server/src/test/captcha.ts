import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
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
