import { z } from 'zod';

/** Where the captcha widget fetches its ALTCHA challenges. */
export const CAPTCHA_CHALLENGE_PATH = '/api/v1/captcha/challenge/';

/** A self-hosted ALTCHA (v2) challenge as the widget expects it. */
export const captchaChallengeSchema = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().optional(),
  }),
  signature: z.string(),
});
export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;
